"""tf.keras.utils' everyday helpers: to_categorical, normalize, pad_sequences,
pack/unpack_x_y_sample_weight, set_random_seed, clear_session (layer names),
timeseries_dataset_from_array (windows, targets, strides, sampling rate, index bounds, errors) and
text_dataset_from_directory (inferred, explicit and no labels, label modes, max_length,
validation splits, class_names, errors)."""
import os
import tempfile

import numpy as np

from harness import show_error, tf

utils = tf.keras.utils


def show(value):
    print(type(value).__name__, repr(value))


# ---- NumPy helpers ----
show(utils.to_categorical([0, 2, 1]))
show(utils.to_categorical([[0], [2]], num_classes=4))
show(utils.to_categorical(np.array([[1, 2], [0, 1]])))
show(utils.to_categorical([-1, 1]))
show_error("an index past num_classes", lambda: utils.to_categorical([0, 3], num_classes=2))
show(utils.normalize(np.array([[3.0, 4.0], [1.0, 0.0]])))
show(utils.normalize(np.array([[3.0, 4.0], [0.0, 0.0]]), axis=0, order=1))
print(utils.normalize(tf.constant([[3.0, 4.0]]), order=1))
print(utils.normalize(tf.constant([[3.0, 4.0], [0.0, 0.0]])))
show_error("order 0 for a tensor", lambda: utils.normalize(tf.constant([1.0]), order=0))
show(utils.pad_sequences([[1, 2, 3], [4, 5], [6]]))
show(utils.pad_sequences([[1, 2, 3], [4, 5], [6]], maxlen=2, padding="post", truncating="post", value=-1))
show(utils.pad_sequences([[1.5, 2], []], dtype="float32"))
show(utils.pad_sequences([["a", "b"], ["c"]], dtype=object, value="?"))
show(utils.pad_sequences([[[1, 2]], [[3, 4], [5, 6]]]))
show_error("padding 'middle'", lambda: utils.pad_sequences([[1], [2]], padding="middle"))
show_error("truncating 'x'", lambda: utils.pad_sequences([[1], [2]], truncating="x", maxlen=0))
show_error("a string value for int32", lambda: utils.pad_sequences([[1]], value="x"))
show_error("not iterable", lambda: utils.pad_sequences(5))
show_error("samples of different shapes", lambda: utils.pad_sequences([[[1, 2]], [[3]]]))
print(utils.pack_x_y_sample_weight(1), utils.pack_x_y_sample_weight(1, 2), utils.pack_x_y_sample_weight([1, 2]),
      utils.pack_x_y_sample_weight(1, 2, 3))
print(utils.unpack_x_y_sample_weight((1, 2)), utils.unpack_x_y_sample_weight([1]), utils.unpack_x_y_sample_weight(5),
      utils.unpack_x_y_sample_weight((1, 2, 3)))
show_error("four items", lambda: utils.unpack_x_y_sample_weight((1, 2, 3, 4)))

utils.set_random_seed(3)
print(np.random.rand())
show_error("a float seed", lambda: utils.set_random_seed(1.5))
first = tf.keras.layers.Dense(2)
second = tf.keras.layers.Dense(2)
utils.clear_session()
third = tf.keras.layers.Dense(2)
print(first.name, second.name, third.name)

# ---- timeseries_dataset_from_array ----
windows = utils.timeseries_dataset_from_array(np.arange(10), np.arange(10) * 10, sequence_length=3,
                                              sequence_stride=2, batch_size=2)
print(windows)
for x, y in windows:
    print(x.numpy().tolist(), y.numpy().tolist())
frames = utils.timeseries_dataset_from_array(np.arange(20).reshape(10, 2).astype("float32"), None, sequence_length=3,
                                             sampling_rate=2, start_index=1, end_index=9, batch_size=None)
print(frames)
for x in frames:
    print(x.numpy().tolist())
shuffled = utils.timeseries_dataset_from_array(np.arange(30), None, sequence_length=4, batch_size=5, shuffle=True,
                                               seed=7)
print(sorted(row[0] for batch in shuffled.as_numpy_iterator() for row in batch.tolist()))
show_error("sequence_stride 0", lambda: utils.timeseries_dataset_from_array(np.arange(5), None, 2, sequence_stride=0))
show_error("sampling_rate too large", lambda: utils.timeseries_dataset_from_array(np.arange(5), None, 2,
                                                                                   sampling_rate=5))
show_error("start_index past the data", lambda: utils.timeseries_dataset_from_array(np.arange(5), None, 2,
                                                                                     start_index=5))
show_error("end_index before start_index", lambda: utils.timeseries_dataset_from_array(np.arange(5), None, 2,
                                                                                        start_index=3, end_index=2))

# ---- text_dataset_from_directory ----
root = tempfile.mkdtemp()
texts = {"neg": ["awful", "bad movie", "boring plot"], "pos": ["great", "loved it"], ".hidden": ["skip me"]}
for label, samples in texts.items():
    os.makedirs(os.path.join(root, label))
    for i, text in enumerate(samples):
        with open(os.path.join(root, label, "r%d.txt" % i), "w") as f:
            f.write(text)
with open(os.path.join(root, "neg", "notes.md"), "w") as f:
    f.write("not a sample")
reviews = utils.text_dataset_from_directory(root, batch_size=2, shuffle=False)
print(reviews, reviews.class_names)
for text, label in reviews:
    print(text.numpy().tolist(), label.numpy().tolist())
categorical = utils.text_dataset_from_directory(root, label_mode="categorical", batch_size=None, shuffle=False,
                                                max_length=4, verbose=False)
print(categorical.element_spec)
print(list(categorical.as_numpy_iterator()))
binary = utils.text_dataset_from_directory(root, label_mode="binary", batch_size=5, shuffle=False, verbose=False)
print([label.tolist() for _, label in binary.as_numpy_iterator()])
unlabelled = utils.text_dataset_from_directory(root, labels=None, batch_size=5, shuffle=False)
print(unlabelled.element_spec, unlabelled.class_names)
print([t.tolist() for t in unlabelled.as_numpy_iterator()])
explicit = utils.text_dataset_from_directory(os.path.join(root, "pos"), labels=[3, 1], batch_size=2, shuffle=False)
print(explicit.class_names, [label.tolist() for _, label in explicit.as_numpy_iterator()])
training, validation = utils.text_dataset_from_directory(root, batch_size=8, validation_split=0.4, subset="both",
                                                         shuffle=True, seed=3)
print(sorted(t for batch, _ in training.as_numpy_iterator() for t in batch.tolist()))
print(sorted(t for batch, _ in validation.as_numpy_iterator() for t in batch.tolist()))
only_pos = utils.text_dataset_from_directory(root, class_names=["pos"], batch_size=4, shuffle=False)
print(only_pos.class_names, [label.tolist() for _, label in only_pos.as_numpy_iterator()])
show_error("an unknown class name", lambda: utils.text_dataset_from_directory(root, class_names=["maybe"]))
show_error("binary with two classes missing", lambda: utils.text_dataset_from_directory(
    os.path.join(root, "pos"), labels=[0, 1], label_mode="binary", class_names=["a"]))
show_error("a bad label_mode", lambda: utils.text_dataset_from_directory(root, label_mode="sparse"))
show_error("a split without a seed", lambda: utils.text_dataset_from_directory(root, validation_split=0.2,
                                                                              subset="training"))
show_error("a split without a subset", lambda: utils.text_dataset_from_directory(root, validation_split=0.2, seed=1))
show_error("labels of the wrong length", lambda: utils.text_dataset_from_directory(os.path.join(root, "pos"),
                                                                                 labels=[1]))
empty = tempfile.mkdtemp()
show_error("a directory without text files", lambda: utils.text_dataset_from_directory(empty))
