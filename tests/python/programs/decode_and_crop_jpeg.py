"""tf.io.decode_and_crop_jpeg (tf.image.decode_and_crop_jpeg): only a window of a JPEG is decoded,
with TensorFlow's pixels, which near a 4:2:0 window's edges differ from a full decode's; ratio,
channels and the other attributes; static shapes when traced; TensorFlow's errors."""
import hashlib

import numpy as np

from harness import tf

rows, cols = np.meshgrid(np.arange(37), np.arange(53), indexing="ij")
image = tf.constant(np.stack([(rows * 7 + cols * 13 + (rows * cols) % 17) % 256,
                              (rows * 29 + cols * 3) % 256,
                              (255 - rows * 5 - cols * 2) % 256], axis=-1).astype(np.uint8))
print(tf.image.decode_and_crop_jpeg is tf.io.decode_and_crop_jpeg)


def digest(t):
    return hashlib.md5(np.asarray(t).tobytes()).hexdigest()[:12]


windows = [[0, 0, 37, 53], [3, 5, 10, 17], [8, 9, 20, 30], [36, 52, 1, 1], [1, 16, 5, 16], [0, 40, 37, 13]]
for subsampled in (False, True):
    contents = tf.io.encode_jpeg(image, quality=90, chroma_downsampling=subsampled)
    print("encoded", digest(contents.numpy()))
    full = tf.io.decode_jpeg(contents)
    for window in windows:
        y, x, h, w = window
        crop = tf.io.decode_and_crop_jpeg(contents, window)
        differing = int(tf.reduce_sum(tf.cast(crop != full[y:y + h, x:x + w], tf.int32)))
        print(window, crop.dtype.name, tuple(crop.shape), digest(crop), "differ from the full decode:", differing)
    for options in ({"channels": 1}, {"channels": 3}, {"ratio": 2}, {"ratio": 4, "channels": 1},
                    {"fancy_upscaling": False}, {"dct_method": "INTEGER_ACCURATE"}):
        window = tf.constant([1, 2, 5, 6] if options.get("ratio") == 4 else [3, 5, 10, 17])
        crop = tf.io.decode_and_crop_jpeg(contents, window, **options)
        print(sorted(options.items()), tuple(crop.shape), digest(crop))
print(tf.io.decode_and_crop_jpeg(contents, [2, 3, 2, 2]).numpy().tolist())


@tf.function
def any_window(data, window):
    return tf.io.decode_and_crop_jpeg(data, window)


@tf.function
def fixed_window(data):
    return tf.io.decode_and_crop_jpeg(data, [1, 2, 3, 4], channels=1)


print(any_window.get_concrete_function(tf.TensorSpec([], tf.string), tf.TensorSpec([4], tf.int32)).output_shapes)
print(fixed_window.get_concrete_function(tf.TensorSpec([], tf.string)).output_shapes)
print(digest(any_window(contents, tf.constant([8, 9, 20, 30]))) == digest(tf.io.decode_and_crop_jpeg(contents, [8, 9, 20, 30])))
print(tuple(fixed_window(contents).shape))
dataset = tf.data.Dataset.from_tensor_slices([[0, 0, 4, 4], [5, 6, 7, 8]]).map(lambda w: tf.io.decode_and_crop_jpeg(contents, w))
print([tuple(t.shape) for t in dataset])


def error(label, fn, phrase):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - class and message are what is compared
        print(label, type(e).__name__, phrase in str(e))
    else:
        print(label, "no error")


invalid = "jpeg::Uncompress failed. Invalid JPEG data or crop window."
error("taller than the image", lambda: tf.io.decode_and_crop_jpeg(contents, [0, 0, 38, 53]), invalid)
error("wider than the image", lambda: tf.io.decode_and_crop_jpeg(contents, [0, 1, 37, 53]), invalid)
error("empty", lambda: tf.io.decode_and_crop_jpeg(contents, [0, 0, 0, 5]), invalid)
error("negative corner", lambda: tf.io.decode_and_crop_jpeg(contents, [-1, 0, 3, 3]), invalid)
error("outside after the ratio", lambda: tf.io.decode_and_crop_jpeg(contents, [0, 0, 20, 20], ratio=2), invalid)
error("three numbers", lambda: tf.io.decode_and_crop_jpeg(contents, [0, 0, 3]), "crop_size must have four elements [3]")
error("int64 window", lambda: tf.io.decode_and_crop_jpeg(contents, tf.constant([0, 0, 3, 3], tf.int64)), "int32")
error("not an image", lambda: tf.io.decode_and_crop_jpeg(b"garbage", [0, 0, 1, 1]), "Unknown image file format")
error("a PNG", lambda: tf.io.decode_and_crop_jpeg(tf.io.encode_png(image), [0, 0, 2, 2]),
      "DecodeAndCropJpeg operation can run on JPEG only, but detected PNG.")
error("bad ratio", lambda: tf.io.decode_and_crop_jpeg(contents, [0, 0, 2, 2], ratio=3), "ratio")
truncated = contents.numpy()[:len(contents.numpy()) * 2 // 3]
error("truncated", lambda: tf.io.decode_and_crop_jpeg(truncated, [0, 0, 30, 30]), invalid)
print("acceptable fraction", digest(tf.io.decode_and_crop_jpeg(truncated, [2, 0, 30, 30], acceptable_fraction=0.1)))
print("recovered", digest(tf.io.decode_and_crop_jpeg(truncated, [2, 3, 30, 30], try_recover_truncated=True)))
