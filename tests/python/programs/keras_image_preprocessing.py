"""keras.layers' image preprocessing layers (Resizing, CenterCrop, RandomFlip, RandomRotation,
RandomZoom, RandomTranslation, RandomContrast, RandomBrightness, RandomCrop) in a Sequential model
(identity at inference, deterministic one-value factor ranges when training, shapes, dtypes,
configs, errors) and keras.utils.image_dataset_from_directory on PNG files written here (inferred,
explicit and no labels, label modes, color modes, sizes, crop/pad to the aspect ratio,
validation splits, class_names, errors)."""
import os
import tempfile

import numpy as np

from harness import rounded, show_error, tf

layers = tf.keras.layers
images = tf.constant(((np.arange(2 * 6 * 8 * 3, dtype=np.float32).reshape(2, 6, 8, 3) * 7) % 255))


def config(layer):
    # Ranges as lists of floats: Keras keeps some bounds as the ints it computed them from.
    c = layer.get_config()
    return {k: ([float(n) for n in v] if isinstance(v, (tuple, list)) else v) for k, v in sorted(c.items())
            if k not in ("dtype", "name")}


# ---- the layers in a model ----
model = tf.keras.Sequential([
    tf.keras.Input((6, 8, 3)),
    layers.Resizing(5, 6),
    layers.RandomFlip("horizontal", seed=1),
    layers.RandomRotation(0.2, seed=2),
    layers.RandomZoom(0.1, seed=3),
    layers.RandomTranslation(0.1, 0.2, seed=4),
    layers.RandomContrast(0.3, seed=5),
    layers.RandomBrightness(0.2, seed=6),
    layers.CenterCrop(4, 4),
])
out = model(images, training=False)  # Keras 3 augments in a call without `training`; tfpp does not
print("model", out.shape, out.dtype.name, round(float(np.sum(out)), 1))
print("model predict", rounded(model.predict(images, verbose=0), 3)[:80])
for layer in model.layers:
    print(type(layer).__name__, layer.name, config(layer))
print("trained shape", model(images, training=True).shape)

# ---- one-value factor ranges draw the same transform every time ----
for layer in (layers.RandomRotation((0.25, 0.25)), layers.RandomRotation((0.1, 0.1), fill_mode="constant", fill_value=3.0),
              layers.RandomZoom((0.5, 0.5), (-0.3, -0.3), interpolation="nearest"),
              layers.RandomTranslation((-0.2, -0.2), (0.25, 0.25), fill_mode="wrap"),
              layers.RandomBrightness((0.1, 0.1)), layers.RandomContrast(0.0, value_range=(20, 200))):
    print(type(layer).__name__, rounded(layer(images, training=True), 3)[:120])
for layer in (layers.Resizing(3, 5, interpolation="nearest"), layers.Resizing(4, 4, crop_to_aspect_ratio=True),
              layers.Resizing(4, 3, pad_to_aspect_ratio=True, fill_value=1.0), layers.CenterCrop(3, 3),
              layers.CenterCrop(8, 4), layers.RandomCrop(8, 8)):
    y = layer(images, training=True)
    print(type(layer).__name__, y.shape, y.dtype.name, round(float(np.sum(y)), 2))
pixels = tf.cast(images, tf.uint8)
print("uint8", layers.Resizing(3, 3)(pixels).dtype.name, layers.CenterCrop(3, 3)(pixels).dtype.name,
      layers.RandomFlip()(pixels, training=True).dtype.name, layers.RandomContrast(0.1)(pixels, training=False).dtype.name)
flipped = layers.RandomFlip("vertical", seed=8)(images, training=True)
print("flips exact", all(np.array_equal(f, i) or np.array_equal(f, i[::-1]) for f, i in zip(np.asarray(flipped), np.asarray(images))))
single = layers.RandomRotation((0.5, 0.5))(images[0], training=True)
print("half turn", single.shape, np.allclose(single, np.asarray(images[0])[::-1, ::-1], atol=1e-3))
show_error("rotation factor out of range", lambda: layers.RandomRotation(1.5))
show_error("zoom factor -1", lambda: layers.RandomZoom(-1.0))

# ---- image_dataset_from_directory ----
root = tempfile.mkdtemp()
shapes = {"cats": [(6, 8), (5, 5), (8, 4)], "dogs": [(7, 7), (4, 6)], ".hidden": [(3, 3)]}
for label, sizes in shapes.items():
    os.makedirs(os.path.join(root, label))
    for i, (h, w) in enumerate(sizes):
        rgb = ((np.arange(h * w * 3).reshape(h, w, 3) * (5 + i) + len(label) * 30) % 256).astype(np.uint8)
        with open(os.path.join(root, label, "img%d.png" % i), "wb") as f:
            f.write(tf.io.encode_png(rgb).numpy())
with open(os.path.join(root, "cats", "notes.txt"), "w") as f:
    f.write("not an image")


def show_batches(dataset):
    for batch in dataset:
        if isinstance(batch, tuple):
            x, y = batch
            print("  ", x.shape, x.dtype.name, round(float(np.sum(x)), 2), y.numpy().tolist())
        else:
            print("  ", batch.shape, batch.dtype.name, round(float(np.sum(batch)), 2))


utils = tf.keras.utils
pets = utils.image_dataset_from_directory(root, image_size=(4, 4), batch_size=2, shuffle=False)
print(pets.class_names, pets.element_spec)
show_batches(pets)
show_batches(utils.image_dataset_from_directory(root, image_size=5, batch_size=None, shuffle=False, label_mode="categorical",
                                                color_mode="grayscale", verbose=False))
show_batches(utils.image_dataset_from_directory(root, image_size=(3, 6), shuffle=False, label_mode="binary",
                                                interpolation="nearest", verbose=False))
show_batches(utils.image_dataset_from_directory(root, image_size=(4, 4), shuffle=False, crop_to_aspect_ratio=True,
                                                color_mode="rgba", verbose=False))
show_batches(utils.image_dataset_from_directory(root, image_size=(4, 2), shuffle=False, pad_to_aspect_ratio=True,
                                                verbose=False))
show_batches(utils.image_dataset_from_directory(root, labels=[3, 1, 4, 1, 5, 9], image_size=(2, 2), shuffle=False))
unlabelled = utils.image_dataset_from_directory(root, labels=None, image_size=(2, 3), shuffle=False)
print(unlabelled.class_names, unlabelled.element_spec)
show_batches(unlabelled)
train, validation = utils.image_dataset_from_directory(root, image_size=(3, 3), validation_split=0.4, subset="both", seed=7,
                                                       shuffle=False)
show_batches(train)
show_batches(validation)
shuffled = utils.image_dataset_from_directory(root, image_size=(3, 3), seed=3, verbose=False)
print("shuffled", sorted(int(v) for _, y in shuffled for v in y.numpy()))
show_error("binary with two classes missing", lambda: utils.image_dataset_from_directory(
    root, label_mode="binary", class_names=["cats"], verbose=False))
show_error("bad color_mode", lambda: utils.image_dataset_from_directory(root, color_mode="cmyk"))
show_error("bad image_size", lambda: utils.image_dataset_from_directory(root, image_size=(1, 2, 3)))
show_error("split without subset", lambda: utils.image_dataset_from_directory(root, validation_split=0.2))
show_error("empty directory", lambda: utils.image_dataset_from_directory(tempfile.mkdtemp()))
