"""tf.image's resize ops on every image dtype TensorFlow 2.21 registers on CPU: float16 and
bfloat16 images (float32 results, nearest neighbour and the crops keeping the dtype, gradients
where TensorFlow has them), the 8- and 16-bit integers, and TensorFlow's "Value for attr 'T'"
errors for the others."""
import re

from harness import show_error, tf

METHODS = ("bilinear", "bicubic", "nearest", "area", "lanczos3", "mitchellcubic")


def attr_error(label, fn):
    """The class and TensorFlow's dtype sentence of the error fn raises (without the op's name
    around it, which each library places differently)."""
    try:
        fn()
    except tf.errors.OpError as e:
        sentence = re.search(r"(Value for attr .*?|cannot compute .*? tensor)(?= \[Op:|$|\n)", str(e))
        print("%s: %s: %s" % (label, type(e).__name__, sentence.group(1) if sentence else "?"))
    else:
        print("%s: no error" % label)


def values(t):
    return [round(v, 4) for v in t.numpy().astype("float64").ravel().tolist()]


for dtype in (tf.float16, tf.bfloat16):
    image = tf.reshape(tf.cast(tf.range(12), dtype) * 0.37, [1, 2, 3, 2])
    for method in METHODS:
        resized = tf.image.resize(image, [3, 4], method=method)
        print(dtype.name, method, resized.dtype.name, resized.shape, values(resized))
    print(dtype.name, "antialias", values(tf.image.resize(image, [1, 2], antialias=True)))
    for method in ("bilinear", "bicubic", "nearest"):
        with tf.GradientTape() as tape:
            tape.watch(image)
            resized = tf.image.resize(image, [4, 5], method=method)
        gradient = tape.gradient(resized, image)
        print(dtype.name, method, "gradient", None if gradient is None else (gradient.dtype.name, values(gradient)))
    print(dtype.name, "resize_with_pad", values(tf.image.resize_with_pad(image, 3, 3)))

half_image = tf.reshape(tf.cast(tf.range(12), tf.float16) * 0.37, [1, 2, 3, 2])
crops = tf.image.crop_and_resize(half_image, [[0.0, 0.0, 1.0, 1.0], [0.2, 0.1, 0.9, 0.8]], [0, 0], [2, 2])
print("crop_and_resize float16", crops.dtype.name, values(crops))
nearest_crops = tf.image.crop_and_resize(half_image, [[0.0, 0.0, 1.0, 1.0]], [0], [3, 3], method="nearest")
print("crop_and_resize nearest", nearest_crops.dtype.name, values(nearest_crops))

for dtype in (tf.int8, tf.int16, tf.uint16, tf.uint8, tf.int32, tf.int64):
    image = tf.reshape(tf.cast(tf.range(12) * 11, dtype), [1, 2, 3, 2])
    for method in ("bilinear", "nearest", "bicubic", "area", "lanczos3"):
        resized = tf.image.resize(image, [3, 4], method=method)
        print(dtype.name, method, resized.dtype.name, values(resized))
    print(dtype.name, "crop", values(tf.image.crop_and_resize(image, [[0.0, 0.0, 1.0, 1.0]], [0], [2, 2])))

booleans = tf.zeros([1, 2, 2, 1], tf.bool)
for method in METHODS:
    attr_error("bool " + method, lambda: tf.image.resize(booleans, [3, 3], method=method))
attr_error("bool crop_and_resize", lambda: tf.image.crop_and_resize(booleans, [[0.0, 0.0, 1.0, 1.0]], [0], [2, 2]))
attr_error("bfloat16 crop_and_resize",
           lambda: tf.image.crop_and_resize(tf.zeros([1, 2, 2, 1], tf.bfloat16), [[0.0, 0.0, 1.0, 1.0]], [0], [2, 2]))
attr_error("int32 rgb_to_hsv", lambda: tf.image.rgb_to_hsv(tf.zeros([3], tf.int32)))
attr_error("float32 encode_png", lambda: tf.io.encode_png(tf.zeros([2, 2, 3])))
attr_error("float32 encode_jpeg", lambda: tf.io.encode_jpeg(tf.zeros([2, 2, 3])))
attr_error("uint16 sample_distorted_bounding_box",
           lambda: tf.image.sample_distorted_bounding_box(tf.constant([2, 2, 3], tf.uint16), tf.zeros([1, 1, 4]),
                                                          min_object_covered=0.1, seed=1))
with tf.GradientTape() as tape:
    half = tf.zeros([1, 2, 2, 1], tf.float16)
    tape.watch(half)
    lanczos = tf.image.resize(half, [3, 3], method="lanczos3")
attr_error("float16 lanczos3 gradient", lambda: tape.gradient(lanczos, half))
with tf.GradientTape() as tape:
    tape.watch(half)
    area = tf.image.resize(half, [3, 3], method="area")
show_error("float16 area gradient", lambda: tape.gradient(area, half))
show_error("a tape never entered", lambda: tf.GradientTape().gradient(area, half))
