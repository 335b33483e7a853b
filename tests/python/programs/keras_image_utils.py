"""keras.utils' image helpers on PIL images (array_to_img, img_to_array, save_img, load_img with
color modes, target sizes and keep_aspect_ratio), smart_resize on arrays and tensors, the
keras.preprocessing module paths, make_sampling_table, and keras.utils.Progbar (times masked)."""
import os
import tempfile
import warnings

import numpy as np

from harness import show_error, tf
from keras_harness import masked_bar, rounded

utils = tf.keras.utils
image = tf.keras.preprocessing.image

pixels = ((np.arange(6 * 8 * 3).reshape(6, 8, 3) * 7) % 256).astype(np.float32)
img = utils.array_to_img(pixels)
print("array_to_img", img.mode, img.size)
print("img_to_array", utils.img_to_array(img).shape, utils.img_to_array(img).dtype, utils.img_to_array(img, dtype="uint8")[2, 3].tolist())
print("channels_first", utils.img_to_array(img, data_format="channels_first").shape)
print("scaled", utils.img_to_array(utils.array_to_img(pixels * 0.5 + 3.0))[0, :2].tolist())
gray = utils.array_to_img(pixels[:, :, :1], scale=False)
print("gray", gray.mode, utils.img_to_array(gray).shape, utils.img_to_array(gray, data_format="channels_first").shape)
print("wide gray", utils.array_to_img(pixels[:, :, :1] * 40, scale=False).mode)
print("rgba", utils.array_to_img(np.concatenate([pixels, pixels[:, :, :1]], axis=2)).mode)
print("from channels_first", utils.array_to_img(pixels.transpose(2, 0, 1), data_format="channels_first").size)

with tempfile.TemporaryDirectory() as directory:
    png = os.path.join(directory, "ramp.png")
    utils.save_img(png, pixels, scale=False)
    loaded = utils.load_img(png)
    print("load_img", loaded.mode, loaded.size, np.array_equal(utils.img_to_array(loaded), pixels))
    print("tf decodes it", tf.io.decode_png(tf.io.read_file(png)).shape)
    for mode in ("grayscale", "rgba"):
        print(mode, utils.load_img(png, color_mode=mode).mode)
    for interpolation in ("nearest", "bilinear", "bicubic", "box"):
        small = utils.load_img(png, target_size=(3, 5), interpolation=interpolation)
        print(interpolation, small.size, utils.img_to_array(small)[1, 2].tolist())
    kept = utils.load_img(png, target_size=(4, 4), keep_aspect_ratio=True, interpolation="bilinear")
    print("keep_aspect_ratio", kept.size, utils.img_to_array(kept)[:, 1, 0].tolist())
    with open(png, "rb") as f:
        import io
        print("from BytesIO", utils.load_img(io.BytesIO(f.read())).size)
    jpeg = os.path.join(directory, "alpha.jpg")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        utils.save_img(jpeg, np.concatenate([pixels, pixels[:, :, :1]], axis=2))
    print("rgba as jpeg", [str(w.message) for w in caught], utils.load_img(jpeg).size)
    show_error("load_img interpolation", lambda: utils.load_img(png, target_size=(2, 2), interpolation="area"))
    show_error("load_img color_mode", lambda: utils.load_img(png, color_mode="cmyk"))
show_error("load_img path type", lambda: utils.load_img(3))
show_error("array_to_img rank 2", lambda: utils.array_to_img(np.zeros((3, 3))))
show_error("array_to_img channels", lambda: utils.array_to_img(np.zeros((3, 3, 2))))
show_error("img_to_array rank 4", lambda: utils.img_to_array(np.zeros((1, 3, 3, 1))))
show_error("data_format", lambda: utils.img_to_array(img, data_format="channels_middle"))

# smart_resize: NumPy in, NumPy out; tensors and batches; channels first.
resized = image.smart_resize(pixels, (4, 4))
print("smart_resize", type(resized).__name__, resized.shape, rounded(resized[1, 2]))
batch = tf.constant(np.stack([pixels, pixels + 1.0]))
print("batch", rounded(image.smart_resize(batch, (3, 5))[1, 2]), tuple(image.smart_resize(batch, (9, 2)).shape))
first = image.smart_resize(pixels.transpose(2, 0, 1), (5, 5), interpolation="nearest", data_format="channels_first")
print("channels_first", first.shape, rounded(first[:, 2, 3]))
show_error("smart_resize rank 2", lambda: image.smart_resize(np.zeros((4, 4)), (2, 2)))
show_error("smart_resize size", lambda: image.smart_resize(pixels, (2, 2, 2)))

print("sampling table", rounded(tf.keras.preprocessing.sequence.make_sampling_table(6), 6))
print("pad_sequences", tf.keras.preprocessing.sequence.pad_sequences([[1, 2], [3]], maxlen=3).tolist())
print("dataset builders", [callable(getattr(tf.keras.preprocessing, name)) for name in
                           ("image_dataset_from_directory", "text_dataset_from_directory", "timeseries_dataset_from_array")])


def progress():
    bar = utils.Progbar(4, interval=0)
    for step in range(1, 5):
        bar.update(step, values=[("loss", np.float32(1.0 / step)), ("acc", tf.constant([0.25, 0.75]) * step / 4)])
    quiet = utils.Progbar(None, verbose=2, stateful_metrics=["acc"], unit_name="batch")
    for step in range(1, 4):
        quiet.add(1, values=[("loss", float(step)), ("acc", step / 10)])
    quiet.update(3, finalize=True)
    return bar.target, quiet.target


text, targets = masked_bar(progress)
print(text)
print("targets", targets)
