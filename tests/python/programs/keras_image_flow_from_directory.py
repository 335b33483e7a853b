"""ImageDataGenerator.flow_from_directory as TensorFlow 2.21 still has it: class folders found in
sorted order or given, nested folders, symbolic links followed or not, files of other types
skipped, Keras' "Found N images belonging to K classes." line, the class modes, target sizes,
color modes, interpolation, keep_aspect_ratio, channels_first, validation subsets, seeded
shuffling, save_to_dir, the iterator in model.fit, and the errors with Keras' messages."""
import os
import tempfile

import numpy as np

from harness import tf
from keras_harness import rounded

image = tf.keras.preprocessing.image


def error(label, fn, root=""):
    """The class and message of what fn() raises, the temporary folder masked and the set of class
    modes cut (a set holding None prints in an arbitrary order)."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - class and message are what is compared
        message = str(e).replace(root, "<root>") if root else str(e)
        print("%s: %s: %s" % (label, type(e).__name__, message.split(" {")[0]))
    else:
        print("%s: no error" % label)


def write_image(path, seed, size):
    rng = np.random.default_rng(seed)
    image.save_img(path, rng.integers(0, 256, size=size + (3,)).astype("float32"), scale=False)


with tempfile.TemporaryDirectory() as root:
    data = os.path.join(root, "data")
    for label, count in (("dogs", 3), ("cats", 4), ("birds", 2)):
        os.makedirs(os.path.join(data, label))
        for i in range(count):
            write_image(os.path.join(data, label, "%s_%d.png" % (label, i)), 10 * count + i, (6 + i, 8))
    os.makedirs(os.path.join(data, "cats", "kittens"))
    write_image(os.path.join(data, "cats", "kittens", "small.jpg"), 99, (5, 5))
    with open(os.path.join(data, "dogs", "notes.txt"), "w") as f:
        f.write("not an image")
    outside = os.path.join(root, "more_birds")
    os.makedirs(outside)
    write_image(os.path.join(outside, "linked.bmp"), 7, (4, 6))
    os.symlink(outside, os.path.join(data, "birds", "linked"))
    with open(os.path.join(data, "README"), "w") as f:
        f.write("a file beside the class folders")

    gen = image.ImageDataGenerator(rescale=1 / 255.0)
    it = gen.flow_from_directory(data, target_size=(4, 5), batch_size=4, shuffle=False)
    print(type(it).__name__, it.samples, it.num_classes, it.class_indices, len(it))
    print("filenames", it.filenames)
    print("classes", it.classes.tolist(), it.classes.dtype, it.labels is it.classes)
    print("filepaths", [os.path.relpath(p, root) for p in it.filepaths])
    print("image_shape", it.image_shape, it.target_size, it.color_mode, it.class_mode, it.dtype)
    x, y = it[0]
    print("categorical", x.shape, x.dtype, y.tolist(), rounded(x[0, 0, :2], 4))
    x, y = it[2]
    print("last batch", x.shape, y.tolist())

    linked = gen.flow_from_directory(data, target_size=(4, 5), follow_links=True, shuffle=False)
    print("followed", linked.samples, linked.filenames[:3])
    for mode in ("binary", "sparse", "input", None):
        chosen = gen.flow_from_directory(data, target_size=(3, 3), classes=["dogs", "birds"], class_mode=mode,
                                         batch_size=3, shuffle=False)
        batch = chosen[0]
        if mode is None:
            print("class_mode None", batch.shape)
        elif mode == "input":
            print("class_mode input", batch[0].shape, np.array_equal(batch[0], batch[1]))
        else:
            print("class_mode", mode, batch[1].tolist(), batch[1].dtype, chosen.class_indices)

    gray = gen.flow_from_directory(data, target_size=(6, 6), color_mode="grayscale", class_mode="sparse",
                                   shuffle=False, interpolation="bilinear")
    print("grayscale", gray.image_shape, gray[0][0].shape, rounded(gray[0][0][0, 2, :, 0], 4))
    rgba = gen.flow_from_directory(data, target_size=(3, 4), color_mode="rgba", batch_size=2, shuffle=False)
    print("rgba", rgba[0][0].shape, rounded(rgba[0][0][0, 0, 0], 4))
    kept = gen.flow_from_directory(data, target_size=(2, 4), keep_aspect_ratio=True, batch_size=2, shuffle=False,
                                   interpolation="bicubic")
    print("keep_aspect_ratio", rounded(kept[0][0][0, :, :, 0], 4))
    first = image.ImageDataGenerator(data_format="channels_first").flow_from_directory(
        data, target_size=(3, 2), batch_size=2, shuffle=False)
    print("channels_first", first.image_shape, first[0][0].shape)

    split = image.ImageDataGenerator(validation_split=0.5)
    training = split.flow_from_directory(data, target_size=(2, 2), subset="training", shuffle=False)
    validation = split.flow_from_directory(data, target_size=(2, 2), subset="validation", shuffle=False)
    print("training", training.filenames, training.split)
    print("validation", validation.filenames, validation.split)

    shuffled = gen.flow_from_directory(data, target_size=(2, 2), batch_size=3, seed=42, class_mode="sparse")
    print("shuffled", [shuffled[i][1].tolist() for i in range(len(shuffled))])
    shuffled.on_epoch_end()
    print("reshuffled", [shuffled[i][1].tolist() for i in range(len(shuffled))])
    print("next", [next(shuffled)[1].tolist() for _ in range(4)])
    flipping = image.ImageDataGenerator(horizontal_flip=True)
    flipped = flipping.flow_from_directory(data, target_size=(2, 3), batch_size=4, seed=3, shuffle=False)
    print("augmented", rounded(flipped[0][0][:, 0, 0, 0]))

    saved = os.path.join(root, "saved")
    os.makedirs(saved)
    gen.flow_from_directory(data, target_size=(4, 4), batch_size=2, shuffle=False, seed=0, save_to_dir=saved,
                            save_prefix="look", save_format="jpeg")[1]
    print("saved", sorted(name.split("_")[:2] + [name.split(".")[-1]] for name in os.listdir(saved)))

    empty = os.path.join(root, "empty")
    os.makedirs(empty)
    print("empty", len(gen.flow_from_directory(empty)))

    model = tf.keras.Sequential([tf.keras.Input((4, 5, 3)), tf.keras.layers.Flatten(),
                                 tf.keras.layers.Dense(3, kernel_initializer="zeros", activation="softmax")])
    model.compile(optimizer="sgd", loss="categorical_crossentropy")
    history = model.fit(gen.flow_from_directory(data, target_size=(4, 5), batch_size=5, shuffle=False),
                        epochs=2, verbose=0, shuffle=False)
    print("fit", rounded(history.history["loss"], 3))

    error("color mode", lambda: gen.flow_from_directory(data, color_mode="cmyk"))
    error("class mode", lambda: gen.flow_from_directory(data, class_mode="onehot"))
    error("subset", lambda: split.flow_from_directory(data, subset="test"))
    error("missing folder", lambda: gen.flow_from_directory(os.path.join(root, "absent")), root)
    error("interpolation", lambda: gen.flow_from_directory(data, target_size=(2, 2), interpolation="cubic")[0])
