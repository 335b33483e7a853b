"""tf.image.adjust_jpeg_quality (uint8, gray, float and float16 images, qualities 0-100, tensors as
quality), stateless_random_jpeg_quality (TensorFlow's quality for a seed, so the same pixels) and
random_jpeg_quality (a one-value range), traced shapes and errors."""
import numpy as np

from harness import show_error, tf

rng = np.random.RandomState(0)
smooth = tf.image.resize(tf.constant(rng.rand(4, 5, 3).astype(np.float32) * 255), [19, 23])
image = tf.cast(tf.clip_by_value(smooth, 0, 255), tf.uint8)


def show(label, t):
    print(label, t.dtype.name, tuple(t.shape), np.asarray(t).ravel()[::7].tolist())


for quality in [0, 1, 30, 75, 95, 100]:
    show("quality %d" % quality, tf.image.adjust_jpeg_quality(image, quality))
show("tensor quality", tf.image.adjust_jpeg_quality(image, tf.constant(55)))
show("gray", tf.image.adjust_jpeg_quality(image[:, :, :1], 40))
show("float32", tf.image.adjust_jpeg_quality(tf.image.convert_image_dtype(image, tf.float32), 60))
show("float16", tf.image.adjust_jpeg_quality(tf.image.convert_image_dtype(image, tf.float16), 60))
show("integer dct", tf.image.adjust_jpeg_quality(image, 60, dct_method="INTEGER_ACCURATE"))
for seed in [(1, 2), (7, 11)]:
    show("stateless %s" % (seed,), tf.image.stateless_random_jpeg_quality(image, 10, 90, seed=seed))
show("random one value", tf.image.random_jpeg_quality(image, 42, 43, seed=5))
r = tf.image.random_jpeg_quality(image, 20, 90)
print("random", r.dtype.name, tuple(r.shape))

show_error("quality 101", lambda: tf.image.adjust_jpeg_quality(image, 101))
show_error("two channels", lambda: tf.image.adjust_jpeg_quality(image[:, :, :2], 50))
show_error("rank 2", lambda: tf.image.adjust_jpeg_quality(image[0], 50))
show_error("min above max", lambda: tf.image.random_jpeg_quality(image, 50, 40))
show_error("range above 100", lambda: tf.image.stateless_random_jpeg_quality(image, 50, 140, seed=(1, 2)))
show_error("negative range", lambda: tf.image.random_jpeg_quality(image, -1, 40))


@tf.function
def traced(x, q):
    y = tf.image.adjust_jpeg_quality(x, q)
    print("traced", y.shape.as_list())
    return y


show("traced", traced(image, tf.constant(35)))
