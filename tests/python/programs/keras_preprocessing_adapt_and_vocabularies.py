"""Keras 3's preprocessing layers as TensorFlow 2.21's keras has them: Normalization.adapt from a
NumPy array, a tensor, a list or generator of batches and tf.data datasets (batched, and of vectors),
its mean and variance attributes, weights, summary, config and errors; the Basic regression
tutorial's normalizer with a linear and a deep model (fit, evaluate, predict); get_vocabulary of
StringLookup, IntegerLookup and TextVectorization (special tokens as Python values, the others as
NumPy scalars); vocabularies and IDF weights given as lists, tuples, NumPy arrays, tensors and a
vocabulary file, with what get_config and from_config keep of them; TextVectorization's ragged
output, eagerly, in a tf.function and in a dataset's map."""
import os
import tempfile

import numpy as np

from harness import show_error, tf

keras = tf.keras
layers = keras.layers


def statistic(t):
    return "%s %s" % (tuple(t.shape), np.round(np.asarray(t), 4).tolist())


# ---- Normalization.adapt and its attributes ------------------------------------------------------
rng = np.random.RandomState(0)
features = (rng.rand(40, 3) * [1, 10, 100]).astype("float32")
normalizer = layers.Normalization(axis=-1)
print("before build:", normalizer.mean, normalizer.built)
normalizer.adapt(np.array(features))
print("mean", statistic(normalizer.mean), "variance", statistic(normalizer.variance))
print("normalized", np.round(normalizer(features[:2]).numpy(), 4).tolist())
print([(w.name, w.dtype, tuple(w.shape), w.trainable) for w in normalizer.weights])
print("built for", tuple(normalizer.get_build_config()["input_shape"]), "axis", normalizer.get_config()["axis"])

from_tensor = layers.Normalization()
from_tensor.adapt(tf.constant(features[:10]))
print("tensor", statistic(from_tensor.mean))
from_list = layers.Normalization()
from_list.adapt([features[:7], features[7:20], features[20:]])  # batches merged as one adapt of all
print("list of batches", statistic(from_list.mean), statistic(from_list.variance))


def batches():
    for i in range(0, 40, 16):
        yield features[i:i + 16], np.zeros(len(features[i:i + 16]))  # (inputs, targets): the inputs count


from_generator = layers.Normalization()
from_generator.adapt(batches())
print("generator", statistic(from_generator.mean), statistic(from_generator.variance))
batched = layers.Normalization()
batched.adapt(tf.data.Dataset.from_tensor_slices((features, np.zeros(40))).batch(6))
print("dataset", statistic(batched.mean), statistic(batched.variance), tuple(batched.get_build_config()["input_shape"]))
column = layers.Normalization(axis=None)
column.adapt(tf.data.Dataset.from_tensor_slices(features[:, 1]))  # vectors: batched by 128 first
print("dataset of vectors", statistic(column.mean), statistic(column.variance))
axes = layers.Normalization(axis=(1, 2))
axes.adapt(np.arange(24.0).reshape(2, 3, 4))
print("axes (1, 2)", statistic(axes.mean), statistic(axes.variance))
integers = layers.Normalization(axis=None)
integers.adapt(np.arange(10, dtype="int32"))
print("int data", statistic(integers.mean), np.round(integers(np.arange(3, dtype="int32")).numpy(), 4).tolist())

fixed = layers.Normalization(mean=2.0, variance=4.0)
print("fixed before build:", fixed.mean, fixed.weights)
print("fixed", np.round(fixed(np.ones((2, 3))).numpy(), 4).tolist(), statistic(fixed.mean), statistic(fixed.variance))
config = fixed.get_config()
print({k: config[k] for k in ("axis", "invert", "mean", "variance")}, fixed.weights)
config = layers.Normalization.from_config(config).get_config()
print("from_config", {k: config[k] for k in ("axis", "invert", "mean", "variance")})
given = layers.Normalization(mean=np.array([1.0, 2.0]), variance=tf.constant([4.0, 9.0]), invert=True)
print("arrays", np.round(given(np.array([[0.0, 1.0]])).numpy(), 4).tolist(), given.get_config()["mean"],
      given.get_config()["variance"])

show_error("adapt with a fixed mean", lambda: layers.Normalization(mean=1.0, variance=1.0).adapt(features))
show_error("adapt of another width", lambda: normalizer.adapt(np.ones((4, 2))))
show_error("a batch of another width", lambda: layers.Normalization().adapt([np.ones((2, 3)), np.ones((2, 4))]))
show_error("adapt with steps", lambda: layers.Normalization().adapt(features, steps=1))
show_error("adapt of a number", lambda: layers.Normalization().adapt(5))
show_error("adapt of an empty list", lambda: layers.Normalization().adapt([]))
show_error("adapt of a list of numbers", lambda: layers.Normalization().adapt([1.0, 2.0]))
show_error("axis out of range", lambda: layers.Normalization(axis=3).adapt(np.ones((2, 3))))

# ---- The Basic regression tutorial's flow ----------------------------------------------------------
keras.utils.set_random_seed(1)
horsepower = (rng.rand(60) * 150 + 50).astype("float32")
train_features = np.stack([horsepower, rng.rand(60) * 4000 + 1500, rng.rand(60) * 8 + 3], axis=1).astype("float32")
train_labels = (40 - 0.1 * horsepower + rng.randn(60)).astype("float32")
horsepower_normalizer = layers.Normalization(input_shape=[1], axis=None)
horsepower_normalizer.adapt(horsepower)
print("horsepower", statistic(horsepower_normalizer.mean), statistic(horsepower_normalizer.variance))
horsepower_model = keras.Sequential([horsepower_normalizer, layers.Dense(units=1)])
horsepower_model.summary()
print("predict before fit", horsepower_model.predict(horsepower[:10], verbose=0).shape)
# The two libraries draw different initial weights: set them, and fit without shuffling, to compare values.
horsepower_model.layers[1].set_weights([np.array([[-2.0]], "float32"), np.array([20.0], "float32")])
horsepower_model.compile(optimizer=keras.optimizers.Adam(learning_rate=0.1), loss="mean_absolute_error")
history = horsepower_model.fit(horsepower, train_labels, epochs=5, verbose=0, validation_split=0.2, shuffle=False)
print(sorted(history.history), history.epoch, {k: np.round(v, 3).tolist() for k, v in history.history.items()})
print("line", np.round(horsepower_model.predict(tf.linspace(0.0, 250, 6), verbose=0), 3).tolist(),
      np.round(horsepower_model.evaluate(horsepower, train_labels, verbose=0), 3))

normalizer = layers.Normalization(axis=-1)
normalizer.adapt(np.array(train_features))
first = np.array(train_features[:1])
print("first example normalized", np.round(normalizer(first).numpy(), 3).tolist())
linear_model = keras.Sequential([normalizer, layers.Dense(units=1)])
print("linear", linear_model.predict(train_features[:10], verbose=0).shape, tuple(linear_model.layers[1].kernel.shape))
linear_model.layers[1].set_weights([np.array([[-1.0], [0.5], [2.0]], "float32"), np.array([10.0], "float32")])
linear_model.compile(optimizer=keras.optimizers.Adam(learning_rate=0.1), loss="mean_absolute_error")
history = linear_model.fit(train_features, train_labels, epochs=3, verbose=0, validation_split=0.2, shuffle=False)
print({k: np.round(v, 3).tolist() for k, v in history.history.items()}, np.round(linear_model.layers[1].kernel.numpy(), 3).tolist())
dnn_model = keras.Sequential([normalizer, layers.Dense(64, activation="relu"), layers.Dense(64, activation="relu"),
                              layers.Dense(1)])
dnn_model.compile(loss="mean_absolute_error", optimizer=keras.optimizers.Adam(0.001))
history = dnn_model.fit(train_features, train_labels, validation_split=0.2, verbose=0, epochs=2)
print(sorted(history.history), dnn_model.predict(train_features[:4], verbose=0).shape)

# ---- get_vocabulary: special tokens as Python values, the others as NumPy scalars ---------------------
strings = layers.StringLookup(vocabulary=["a", "b"])
print(strings.get_vocabulary(), strings.get_vocabulary(include_special_tokens=False))
adapted = layers.StringLookup(mask_token="", num_oov_indices=2)
adapted.adapt(["x", "y", "y"])
print(adapted.get_vocabulary(), adapted.get_vocabulary(False))
print(layers.StringLookup(vocabulary=["a", "b"], invert=True).get_vocabulary())
print(layers.StringLookup(vocabulary=["a", "b"], mask_token="[M]", output_mode="multi_hot").get_vocabulary())
ints = layers.IntegerLookup(vocabulary=[4, 5])
print(ints.get_vocabulary(), ints.get_vocabulary(include_special_tokens=False))
adapted_ints = layers.IntegerLookup(mask_token=0)
adapted_ints.adapt([4, 5, 5])
print(adapted_ints.get_vocabulary())
text = layers.TextVectorization()
text.adapt(["a b", "b"])
print(text.get_vocabulary(), text.get_vocabulary(include_special_tokens=False))
text.adapt(tf.data.Dataset.from_tensor_slices(["c d", "d", "e e"]).batch(2), batch_size=2, steps=1)  # Keras ignores batch_size
print(text.get_vocabulary())
print(layers.TextVectorization(vocabulary=["q"]).get_vocabulary())
print(layers.TextVectorization(vocabulary=["q"], output_mode="multi_hot").get_vocabulary())

# ---- Vocabularies given as arrays, tensors and files, and what get_config keeps -------------------
def kind(value):
    return "tensor" if tf.is_tensor(value) else type(value).__name__


def kept(layer):
    config = layer.get_config()
    return {k: config[k] for k in ("vocabulary", "idf_weights", "vocabulary_size")}


vocabulary_file = os.path.join(tempfile.mkdtemp(), "vocabulary.txt")
with open(vocabulary_file, "w") as f:
    f.write("a\nb\nc\n")
for vocabulary in (("a", "b"), np.array(["a", "b"]), tf.constant(["a", "b"]), np.array([b"a", b"b"]), vocabulary_file):
    lookup = layers.StringLookup(vocabulary=vocabulary)
    print(kind(vocabulary), lookup.get_vocabulary(), kept(lookup), lookup(tf.constant(["a", "c"])).numpy())
    text = layers.TextVectorization(vocabulary=vocabulary)
    print(" text", text.get_vocabulary(), kept(text), text(tf.constant(["a c b"])).numpy().tolist())
for vocabulary in (np.array([4, 5]), np.array([4, 5], "int32"), tf.constant([4, 5]), tf.constant([4, 5], tf.int64)):
    lookup = layers.IntegerLookup(vocabulary=vocabulary)
    print(kind(vocabulary), lookup.get_vocabulary(), kept(lookup), lookup(tf.constant([4, 7])).numpy())
for weights in (np.array([0.5, 1.5]), tf.constant([0.5, 1.5]), (0.5, 1.5)):
    lookup = layers.StringLookup(vocabulary=np.array(["a", "b"]), idf_weights=weights, output_mode="tf_idf")
    print(kind(weights), kept(lookup), lookup(tf.constant([["a", "b", "b"]])).numpy().tolist())
    text = layers.TextVectorization(vocabulary=tf.constant(["a", "b"]), idf_weights=weights, output_mode="tf_idf")
    print(" text", kept(text), text(tf.constant(["a b b"])).numpy().tolist())
    ints = layers.IntegerLookup(vocabulary=np.array([3, 4]), idf_weights=weights, output_mode="tf_idf")
    print(" ints", kept(ints), ints(tf.constant([[3, 4, 4]])).numpy().tolist())
integer_file = os.path.join(os.path.dirname(vocabulary_file), "integers.txt")  # TensorFlow's table of a
with open(integer_file, "w") as f:  # file is named after its path: another dtype needs another file
    f.write("7\n8\n")
print("int file", layers.IntegerLookup(vocabulary=integer_file).get_vocabulary())
restored = layers.StringLookup.from_config(layers.StringLookup(vocabulary=tf.constant(["a", "b"])).get_config())
print("from_config", restored.get_vocabulary(), kept(restored))
restored = layers.TextVectorization.from_config(layers.TextVectorization(vocabulary=("a", "b")).get_config())
print("from_config", restored.get_vocabulary(), kept(restored))
resettable = layers.StringLookup()
resettable.set_vocabulary(np.array(["p", "q"]))
print("set_vocabulary", resettable.get_vocabulary(), resettable(tf.constant(["q"])).numpy())
show_error("a missing vocabulary file", lambda: layers.StringLookup(vocabulary=vocabulary_file + ".missing"))
show_error("a vocabulary file for tf_idf", lambda: layers.StringLookup(vocabulary=vocabulary_file, output_mode="tf_idf"))

# ---- TextVectorization(ragged=True) ------------------------------------------------------------------
sentences = ["The cat sat", "a dog", "", "the the the cat dog bird"]
ragged = layers.TextVectorization(ragged=True)
ragged.adapt(sentences)
ids = ragged(tf.constant(sentences))
print(type(ids).__name__, ids, ids.dtype.name, ids.row_splits.dtype.name)
print(ragged(tf.constant([[s] for s in sentences])))
print(ragged.get_config()["ragged"], layers.TextVectorization().get_config()["ragged"])
print(layers.TextVectorization.from_config(ragged.get_config()).get_config()["ragged"])
cut = layers.TextVectorization(ragged=True, output_sequence_length=2, vocabulary=["cat", "the"])
print(cut(tf.constant(sentences)))
print(layers.TextVectorization(ragged=True, ngrams=2, vocabulary=["cat", "the cat"])(tf.constant(sentences)))
print(layers.TextVectorization(ragged=True, split=None, vocabulary=["cat", "a dog"])(tf.constant(sentences)))
print(tf.function(lambda x: ragged(x))(tf.constant(sentences[:2])))
mapped = tf.data.Dataset.from_tensor_slices(sentences).batch(2).map(ragged)
print(mapped.element_spec, [rows.to_list() for rows in mapped])
show_error("ragged multi_hot", lambda: layers.TextVectorization(ragged=True, output_mode="multi_hot"))
