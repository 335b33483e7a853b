"""keras.preprocessing.image.ImageDataGenerator as TensorFlow 2.21 still has it, in the parts that
need no scipy (the reference environment has none; keras_image_affine_transforms.py covers the
warps): rescale, sample- and feature-wise normalization, ZCA whitening from fit, the random
parameters NumPy's seed fixes, flips, channel and brightness shifts, preprocessing_function,
channels_first, the NumpyArrayIterator of flow (batches, seeded shuffling, labels, extra inputs,
sample weights, validation subsets, save_to_dir, next()), the iterator in model.fit, and the
warnings and errors, with Keras' classes and messages."""
import os
import tempfile
import warnings

import numpy as np

from harness import show_error_message as error, tf
from keras_harness import rounded

image = tf.keras.preprocessing.image


def warned(fn):
    """fn()'s result and the texts of the warnings it gave."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = fn()
    return result, [str(w.message) for w in caught]


def params_text(params):
    return {k: (round(float(v), 4) if v is not None else None) for k, v in sorted(params.items())}


pixels = ((np.arange(6 * 5 * 4 * 3).reshape(6, 5, 4, 3) * 37) % 251).astype("float32")

# standardize: rescale, then sample-wise centering and scaling
gen = image.ImageDataGenerator(rescale=1 / 255.0, samplewise_center=True, samplewise_std_normalization=True)
print("samplewise", rounded(gen.standardize(pixels[0].copy())[0]))
gen, texts = warned(lambda: image.ImageDataGenerator(samplewise_std_normalization=True))
print("implied samplewise_center", gen.samplewise_center, texts)
print("preprocessing_function", rounded(image.ImageDataGenerator(
    preprocessing_function=lambda x: x[::-1], rescale=2.0).standardize(pixels[1, :, :1].copy())[:, 0]))

# feature-wise statistics from fit, and their warnings before it
gen, texts = warned(lambda: image.ImageDataGenerator(featurewise_std_normalization=True))
print("implied featurewise_center", gen.featurewise_center, texts)
_, texts = warned(lambda: gen.standardize(pixels[0].copy()))
print("unfit", texts)
gen.fit(pixels)
print("mean", gen.mean.shape, rounded(gen.mean), "std", gen.std.shape, rounded(gen.std))
print("featurewise", rounded(gen.standardize(pixels[2].copy())[1]))
first = image.ImageDataGenerator(featurewise_center=True, data_format="channels_first", rescale=0.5)
first.fit(pixels.transpose(0, 3, 1, 2))
print("channels_first mean", first.mean.shape, rounded(first.mean.ravel()))

# ZCA whitening: its matrix from fit's SVD, applied to flattened images
small = ((np.arange(10 * 3 * 3).reshape(10, 3, 3, 1) * 13) % 17).astype("float32")
zca, texts = warned(lambda: image.ImageDataGenerator(zca_whitening=True, featurewise_std_normalization=True))
print("zca overrides", zca.featurewise_center, zca.featurewise_std_normalization, texts)
zca.fit(small)
print("zca matrix", zca.zca_whitening_matrix.shape, rounded(zca.zca_whitening_matrix[0], 3))
print("zca whitened", rounded(zca.standardize(small[3].copy()).ravel(), 3))
print("zca batch", zca.standardize(small[:2].copy()).shape)

# the random parameters: NumPy's global generator, in Keras' order
augmenting = image.ImageDataGenerator(rotation_range=30, width_shift_range=0.2, height_shift_range=3,
                                      shear_range=10, zoom_range=[0.8, 1.3], horizontal_flip=True,
                                      vertical_flip=True, channel_shift_range=20.0, brightness_range=(0.5, 1.5))
print("params", params_text(augmenting.get_random_transform((5, 4, 3), seed=7)))
print("params again", params_text(augmenting.get_random_transform((5, 4, 3), seed=7)))
listed = image.ImageDataGenerator(width_shift_range=[1, 2, 5], height_shift_range=0.5, zoom_range=0.25)
print("listed shifts", params_text(listed.get_random_transform((5, 4, 3), seed=3)))
np.random.seed(11)
print("unseeded draws", [params_text(listed.get_random_transform((8, 8, 1)))["ty"] for _ in range(4)])

# the transforms that need no warp
plain = image.ImageDataGenerator()
one = pixels[0]
print("identity", plain.apply_transform(one, {}) is one)
flipped = plain.apply_transform(pixels[0], {"flip_horizontal": True, "flip_vertical": True})
print("flips", np.array_equal(flipped, pixels[0][::-1, ::-1]))
shifted = plain.apply_transform(pixels[0], {"channel_shift_intensity": 40.0})
print("channel shift", rounded(shifted[0]), shifted.dtype)
bright = plain.apply_transform(pixels[0], {"brightness": 1.4})
print("brightness", rounded(bright[0]), bright.dtype)
flipping = image.ImageDataGenerator(horizontal_flip=True, channel_shift_range=15.0)
print("random_transform", rounded(flipping.random_transform(pixels[3], seed=2)[0]))
print("channel shift fn", rounded(image.apply_channel_shift(pixels[0], -30.0, channel_axis=2)[1]))
np.random.seed(4)
print("random channel shift", rounded(image.random_channel_shift(pixels[0], 50.0, channel_axis=2)[1]))
signed = pixels[0] * 2 - 200
print("brightness scaled", rounded(image.apply_brightness_shift(signed, 0.7)[0]))
print("brightness kept range", rounded(image.apply_brightness_shift(signed, 0.7, scale=False)[0]))
np.random.seed(9)
print("random brightness", rounded(image.random_brightness(pixels[0], (0.2, 0.4))[0]))
print("no warp", image.apply_affine_transform(one, row_axis=0, col_axis=1, channel_axis=2) is one)

# flow: batches of (images, labels[, weights]) from a NumpyArrayIterator
labels = np.array([0, 1, 2, 0, 1, 2])
gen = image.ImageDataGenerator(rescale=0.5, horizontal_flip=True)
it = gen.flow(pixels, labels, batch_size=4, seed=5)
print("flow", type(it).__name__, len(it), it.n, it.batch_size, it.shuffle, it.x.dtype)
for i in range(len(it)):
    x, y = it[i]
    print("batch", i, x.shape, x.dtype, y.tolist(), rounded(x[:, 0, 0, 0]))
it.on_epoch_end()
print("next epoch", it[0][1].tolist(), it[1][1].tolist())
ordered = gen.flow(pixels, labels, batch_size=4, shuffle=False)
print("unshuffled", ordered[0][1].tolist(), ordered[1][1].tolist())
print("iterated", [next(ordered)[1].tolist() for _ in range(3)], iter(ordered) is ordered)
weighted = gen.flow(pixels, labels, batch_size=3, shuffle=False, sample_weight=np.arange(6) / 2.0)
x, y, w = weighted[1]
print("sample weights", y.tolist(), w.tolist())
extra = gen.flow((pixels, [np.arange(6), np.arange(6) * 10.0]), labels, batch_size=2, shuffle=False)
inputs, y = extra[2]
print("extra inputs", len(inputs), inputs[0].shape, inputs[1].tolist(), inputs[2].tolist(), y.tolist())
print("images only", gen.flow(pixels, batch_size=4, shuffle=False)[1].shape)
uint8_gen = image.ImageDataGenerator(dtype="float64")
print("dtype", uint8_gen.flow(pixels.astype("uint8"), batch_size=2)[0].dtype)

# validation_split subsets
split = image.ImageDataGenerator(validation_split=0.5)
print("training", split.flow(pixels, labels, subset="training", shuffle=False)[0][1].tolist())
print("validation", split.flow(pixels, labels, subset="validation", shuffle=False)[0][1].tolist())
error("class split", lambda: split.flow(pixels, np.array([0, 0, 0, 1, 1, 1]), subset="training"))
print("ignored class split", len(split.flow(pixels, np.array([0, 0, 0, 1, 1, 1]), subset="training",
                                           ignore_class_split=True)))

with tempfile.TemporaryDirectory() as directory:
    saving = image.ImageDataGenerator(rescale=1.0).flow(pixels, labels, batch_size=3, shuffle=False, seed=1,
                                                        save_to_dir=directory, save_prefix="aug", save_format="png")
    saving[0]
    names = sorted(os.listdir(directory))
    print("saved", len(names), [name.split("_")[:2] for name in names], [name.endswith(".png") for name in names])

# the iterator trains a model
model = tf.keras.Sequential([tf.keras.Input((5, 4, 3)), tf.keras.layers.Flatten(),
                             tf.keras.layers.Dense(3, kernel_initializer="zeros", activation="softmax")])
model.compile(optimizer="sgd", loss="sparse_categorical_crossentropy")
history = model.fit(image.ImageDataGenerator(rescale=1 / 255.0).flow(pixels, labels, batch_size=2, shuffle=False),
                    epochs=2, verbose=0, shuffle=False)
print("fit", rounded(history.history["loss"], 3))

# errors
error("data_format", lambda: image.ImageDataGenerator(data_format="channels_middle"))
error("validation_split", lambda: image.ImageDataGenerator(validation_split=1.5))
error("zoom_range", lambda: image.ImageDataGenerator(zoom_range=(1, 2, 3)))
error("brightness_range", lambda: image.ImageDataGenerator(brightness_range=0.5))
error("fit rank", lambda: plain.fit(pixels[0]))
error("labels length", lambda: plain.flow(pixels, labels[:4]))
error("weights length", lambda: plain.flow(pixels, labels, sample_weight=[1.0]))
error("extra length", lambda: plain.flow((pixels, np.arange(4)), labels))
error("flow rank", lambda: plain.flow(pixels[0]))
error("subset name", lambda: split.flow(pixels, labels, subset="test"))
error("past the end", lambda: plain.flow(pixels, batch_size=4)[2])
error("distinct axes", lambda: image.apply_affine_transform(pixels[0], theta=5, row_axis=0, col_axis=0))
error("axis indices", lambda: image.apply_affine_transform(pixels[0], theta=5, row_axis=0, col_axis=1, channel_axis=3))
error("image rank", lambda: image.apply_affine_transform(pixels, theta=5))
error("channel axis", lambda: image.apply_affine_transform(pixels[0], theta=5, row_axis=0, col_axis=2, channel_axis=1))
error("zoom range", lambda: image.random_zoom(pixels[0], (0.5,)))
error("random brightness", lambda: image.random_brightness(pixels[0], (0.5,)))
_, texts = warned(lambda: plain.flow(np.zeros((2, 4, 4, 2))))
print("channels warning", texts)
_, texts = warned(lambda: plain.fit(np.zeros((2, 4, 4, 5))))
print("fit warning", texts)
