"""Tensors from Python values and NumPy, dtype inference, printing, shapes and NumPy interop."""
import numpy as np

from harness import show_error, tf

for value in [5, 5.0, True, "aa", b"bytes", 2**40, -2**31, [1, 2], [1, 2.0], [[1, 2], [3, 4]], [True, False],
              ["a", "b"], [], [[]], [[1.5], [2.5]], np.float64(1.5), np.int64(7), np.array([1, 2], np.int32),
              np.arange(6.0).reshape(2, 3), np.array([[True], [False]]), np.array([b"x", b"yz"])]:
    t = tf.constant(value)
    print(repr(value), "->", t.dtype, t.shape, repr(t.dtype), repr(t.shape))
    print(t)
    print(repr(t))

print(tf.constant(1, dtype=tf.float32), tf.constant([1, 2], dtype=tf.float64))
show_error("whole float into int64", lambda: tf.constant(3.0, dtype=tf.int64))
print(tf.constant(0.0, shape=[2, 3]), tf.constant([1, 2, 3, 4], shape=(2, 2)))
print(tf.constant(np.array([1.5, 2.5]), dtype=tf.float32))
print(tf.zeros([2, 2]), tf.ones((3,), dtype=tf.int32), tf.fill([2], 7), tf.eye(2), tf.range(5), tf.range(1, 4, 0.5))
print(tf.zeros_like(tf.constant([1, 2])), tf.ones_like(tf.constant([1.0])))
print(tf.linspace(0.0, 1.0, 5))
show_error("float into int32", lambda: tf.constant(1.5, dtype=tf.int32))
show_error("ragged list", lambda: tf.constant([[1, 2], [3]]))
show_error("mixed strings and numbers", lambda: tf.constant(["a", 1]))

t = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(t.shape, t.shape.rank, t.shape.as_list(), t.shape[0], t.shape[1:], len(t), t.ndim)
print(t.shape == [2, 3], t.shape == (2, 3), t.shape == tf.TensorShape([2, 3]), t.get_shape())
print(tf.TensorShape([None, 3]), repr(tf.TensorShape([None, 3])), tf.TensorShape(None), tf.TensorShape([]))
print(t.dtype == tf.float32, t.dtype.name, t.dtype.is_floating, tf.int32.is_integer, t.dtype == np.float32)

a = t.numpy()
print(type(a).__name__, a.dtype, a.shape, a.flags.writeable, a.flags.owndata)
a[0, 0] = 100.0  # a copy: the tensor keeps its value
print(t)
view = np.asarray(t)
print(view.dtype, view.shape, view.flags.writeable, view.sum())
print(np.add(t, 1.0), np.mean(t))
s = tf.constant(3).numpy()
print(repr(s), type(s).__name__, tf.constant(2.5).numpy(), tf.constant("x").numpy(), tf.constant([b"a"]).numpy())
print(float(tf.constant(2.5)), int(tf.constant(7)), bool(tf.constant(True)), bool(tf.constant(0.0)))
print([x.numpy() for x in tf.constant([1, 2, 3])])
print(tf.convert_to_tensor([1, 2]), tf.convert_to_tensor(np.float32(1.0)), tf.convert_to_tensor(1, dtype_hint=tf.float32))
print(tf.cast(t, tf.int32), tf.cast(tf.constant([1.7, -1.7]), tf.int64), tf.cast(tf.constant([0, 2]), tf.bool))
print(tf.constant(np.zeros([2, 0])), tf.constant([1e-7, 1e7]), tf.constant([[1.123456789]], dtype=tf.float64))
print(tf.constant(np.arange(2000)))

# uint8: images and bytes.
pixels = tf.constant(np.array([[0, 128], [200, 255]], np.uint8))
print(pixels, repr(pixels), pixels.dtype, repr(tf.uint8), tf.uint8.is_integer, tf.uint8.size, tf.dtypes.uint8 == np.uint8)
print(tf.dtypes.cast is tf.cast, tf.dtypes.complex is tf.complex, tf.dtypes.saturate_cast is tf.saturate_cast)
print(pixels.numpy().dtype, np.asarray(pixels).dtype, int(pixels[1, 1]), tf.constant([1, 2], dtype=tf.uint8))
print(pixels + pixels, pixels * 2, pixels // 3, pixels / 255, pixels > 100, tf.reduce_sum(pixels), tf.reduce_mean(pixels))
print(tf.cast(tf.constant([-1.0, 300.0, 2.7]), tf.uint8), tf.cast(pixels, tf.float32) / 255.0)
show_error("uint8 out of range", lambda: tf.constant(-1, dtype=tf.uint8))
show_error("negate uint8", lambda: -pixels)
print(tf.constant([-1, 300, 2**40], dtype=tf.uint8), tf.constant(2**40, dtype=tf.int32), pixels + 300, pixels - 3)
show_error("uint8 plus float", lambda: pixels + 1.5)
for dtype in [tf.float32, tf.float64, tf.int32, tf.int64, tf.uint8, tf.bool, tf.string]:
    print(dtype.name, "is_unsigned", dtype.is_unsigned)
    for attribute in ["min", "max", "limits"]:
        show_error(f"{dtype.name}.{attribute}", lambda: str(getattr(dtype, attribute)))

# Lists holding tensors are packed in the first tensor's dtype, or cast to a requested one.
print(tf.convert_to_tensor([tf.constant(1, tf.int64), 2]), tf.convert_to_tensor([[tf.constant(1.5)], [2]]))
print(tf.convert_to_tensor([tf.constant(1, tf.int64), 2], dtype_hint=tf.int32),
      tf.convert_to_tensor([tf.constant(1, tf.int64), 2], dtype=tf.int32))
show_error("a float in a list packed as int32", lambda: tf.convert_to_tensor([tf.constant(1), 2.5]))
