"""tf.io's and tf.image's PNG and JPEG codecs: PNG files byte-identical to TensorFlow's at every
compression level, JPEG files encoded with TensorFlow's settings and decoded to the same pixels,
channel conversions, decode_image, is_jpeg, extract_jpeg_shape, truncated and damaged JPEGs,
errors, and traced shapes."""
import base64
import hashlib

import numpy as np

from harness import show_error, tf


def digest(t):
    return hashlib.sha256(t.numpy()).hexdigest()[:16]


rgb = tf.constant((np.arange(24 * 31 * 3) * 37 % 251).astype(np.uint8).reshape(24, 31, 3))
gray, rgba = rgb[:, :, :1], tf.concat([rgb, rgb[:, :, :1]], -1)
for image in [rgb, gray, rgba, rgb[:, :, :2]]:
    png = tf.io.encode_png(image)
    print(len(png.numpy()), digest(png), [digest(tf.image.encode_png(image, compression=c)) for c in [0, 1, 6, 9]])
    print([tuple(tf.io.decode_png(png, channels=c).shape) for c in [0, 1, 3, 4]], bool(tf.reduce_all(tf.io.decode_png(png) == image)))
    print(digest(tf.io.decode_png(png, channels=1)), digest(tf.io.decode_png(png, channels=3)), digest(tf.io.decode_png(png, channels=4)))
for image in [rgb, gray]:
    jpeg = tf.io.encode_jpeg(image)
    print(len(jpeg.numpy()), digest(jpeg), tf.io.extract_jpeg_shape(jpeg), tf.io.extract_jpeg_shape(jpeg, tf.int64).dtype)
    for options in [{}, {"quality": 50}, {"progressive": True}, {"optimize_size": True}, {"chroma_downsampling": False},
                    {"density_unit": "cm", "x_density": 72, "y_density": 96}, {"xmp_metadata": "<x/>"}]:
        print(options, digest(tf.io.encode_jpeg(image, **options)))
    for options in [{}, {"channels": 1}, {"channels": 3}, {"ratio": 2}, {"ratio": 8}, {"fancy_upscaling": False},
                    {"dct_method": "INTEGER_ACCURATE"}, {"dct_method": "INTEGER_FAST"}]:
        decoded = tf.io.decode_jpeg(jpeg, **options)
        print(options, decoded.shape, digest(decoded))
    print(digest(tf.io.decode_image(jpeg)), tf.io.decode_image(jpeg, dtype=tf.float32).dtype, tf.io.is_jpeg(jpeg), tf.io.is_jpeg(tf.io.encode_png(image)))
print(digest(tf.io.decode_png(tf.io.encode_jpeg(rgb))), digest(tf.io.decode_jpeg(tf.io.encode_png(rgb))))
for dtype in [tf.float32, tf.float64, tf.int32, tf.int64]:
    print(dtype.name, digest(tf.io.decode_image(tf.io.encode_png(rgb), dtype=dtype)))
show_error("png empty", lambda: tf.io.decode_png(tf.constant(b"")))
show_error("png garbage", lambda: tf.io.decode_png(tf.constant(b"\x89PNG\r\n\x1a\nxxxx")))
show_error("png channels", lambda: tf.io.decode_png(tf.io.encode_png(rgb), channels=5))
show_error("png vector", lambda: tf.io.decode_png(tf.constant([b"a"])))
show_error("encode png rank", lambda: tf.io.encode_png(tf.zeros([2, 3], tf.uint8)))
show_error("encode png channels", lambda: tf.io.encode_png(tf.zeros([2, 3, 5], tf.uint8)))
show_error("encode jpeg channels", lambda: tf.io.encode_jpeg(tf.zeros([2, 3, 2], tf.uint8)))
show_error("encode jpeg quality", lambda: tf.io.encode_jpeg(rgb, quality=101))
show_error("encode jpeg format", lambda: tf.io.encode_jpeg(rgb, format="grayscale"))
show_error("jpeg garbage", lambda: tf.io.decode_jpeg(tf.constant(b"\xff\xd8\xffxxxx")))
show_error("jpeg ratio", lambda: tf.io.decode_jpeg(tf.io.encode_jpeg(rgb), ratio=3))
show_error("image unknown", lambda: tf.io.decode_image(tf.constant(b"abcdefgh")))
show_error("jpeg shape of png", lambda: tf.io.extract_jpeg_shape(tf.io.encode_png(rgb)))



def show_decoded(label, fn):
    try:
        t = fn()
        print(label, tuple(t.shape), digest(t))
    except Exception as e:  # noqa: BLE001 - the class is what is compared
        print(label, "raises", type(e).__name__)


# Truncated files: running out of data fails unless try_recover_truncated pads the missing rows.
tall = tf.io.encode_jpeg(tf.tile(rgb, [4, 2, 1])).numpy()
for cut in [len(tall) - 2, len(tall) * 3 // 4, len(tall) // 2, 400, 200, 20]:
    for options in [{}, {"try_recover_truncated": True}, {"try_recover_truncated": True, "acceptable_fraction": 0.3},
                    {"acceptable_fraction": 0.3}]:
        show_decoded("cut %d %s" % (cut, options), lambda: tf.io.decode_jpeg(tall[:cut], **options))
    show_decoded("cut %d image" % cut, lambda: tf.io.decode_image(tall[:cut]))
    show_decoded("cut %d shape" % cut, lambda: tf.io.extract_jpeg_shape(tall[:cut]))
# A header of 22533 x 12830 pixels over a few bytes of data (found by fuzzing).
damaged = base64.b64decode("/9j/4AAQSkZJRgABAQEBLAEsAAD/2wBDAAIBAQEBAQIBAVdXV1dXV1dXV1dXV1dXV1dXV1dXV1dXV1dXV1dXVwYGCAsICS63PwAACgoKCgoGCAsMCwoMCQoKCv/AAAsIMh5YBQEBEQDy8/T19sD3+Pn6/9oACAEBAA==")
show_decoded("damaged", lambda: tf.io.decode_image(damaged, channels=3, expand_animations=False))
show_decoded("damaged shape", lambda: tf.io.extract_jpeg_shape(damaged))


@tf.function
def traced(contents):
    outputs = (tf.io.decode_png(contents), tf.io.decode_png(contents, channels=3), tf.io.decode_jpeg(contents, channels=1),
               tf.io.decode_image(contents, channels=3, expand_animations=False), tf.io.extract_jpeg_shape(contents))
    print("traced", [tuple(o.shape) for o in outputs], tf.io.decode_image(contents).shape.rank, tf.io.encode_png(outputs[1]).shape)
    return outputs


print([tuple(o.shape) for o in traced(tf.io.encode_jpeg(rgb))])
