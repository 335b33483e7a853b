"""int8, int16, uint16, uint32 and uint64 from Python: the dtype objects and their properties,
Python ints with an explicit dtype (wrapping, and TensorFlow's errors), NumPy arrays both ways,
arithmetic with Python numbers, truediv's dtypes, tf.bitwise, tf.bitcast, reductions, tf.print,
and TensorProto messages."""
import numpy as np

from harness import show_error, tf

NEW = [tf.int8, tf.int16, tf.uint16, tf.uint32, tf.uint64]

for d in NEW:
    print(repr(d), d, d.name, d.size, d.min, d.max, d.is_integer, d.is_unsigned, d.is_floating, d.is_bool, d.limits)
    print(d.as_numpy_dtype, d == d.name, tf.dtypes.as_dtype(d.name) == d, getattr(tf.dtypes, d.name) is d)
    t = tf.constant([d.min, d.max, 0], dtype=d)
    print(t)
    print(repr(t))
    a = t.numpy()
    print(a.dtype, a.tolist(), type(a[1]).__name__, int(t[1]), np.asarray(t).dtype)
    print(tf.zeros([2], d), tf.ones([1, 2], d), tf.fill([2], tf.constant(7, d)), tf.zeros_like(t), tf.ones_like(t))
    print(repr(tf.constant(5, d)), tf.constant(5, d).numpy(), type(tf.constant(5, d).numpy()).__name__)
    print(tf.constant(np.array([1, 2], d.as_numpy_dtype)), tf.constant(np.array([1, 2], d.as_numpy_dtype), tf.int8))
    print(tf.constant(d.as_numpy_dtype(7)), tf.convert_to_tensor(np.arange(3, dtype=d.as_numpy_dtype)))
    show_error(f"{d.name} from a float", lambda: tf.constant(1.5, d))
    show_error(f"{d.name} from a bool", lambda: tf.constant(True, d))
    show_error(f"{d.name} range", lambda: tf.range(3, dtype=d))

# Python ints wrap into the dtype (TensorFlow 2.21's conversion), and uint64 takes 2**63 and up
# (past 2**64 - 1, TensorFlow fails with a SystemError that tfpp does not imitate).
print(tf.constant(300, tf.int8), tf.constant(-1, tf.uint32), tf.constant(70000, tf.uint16), tf.constant(-40000, tf.int16))
print(tf.constant(2**64 - 1, tf.uint64), tf.constant([2**63, 1], tf.uint64), tf.constant([1, 2], tf.uint64) + (2**64 - 1))
print(tf.constant([1, 2], tf.uint64) * 2**63, tf.constant([1, 2], tf.int8) + 300, tf.constant([1, 2], tf.uint16) - 3)
show_error("int16 plus a float", lambda: tf.constant([1, 2], tf.int16) + 1.5)
print(tf.constant([1, 2], tf.int8) == 1, tf.constant([1, 2], tf.int8) < 300)

# Arithmetic, division and the ops without a kernel.
x, y = tf.constant([-7, 7, -128, 100], tf.int8), tf.constant([2, -2, -1, 100], tf.int8)
print(x + y, x - y, x * y, x // y, x % y, x / y, tf.truncatediv(x, y), -x, abs(x), x ** 2, tf.math.sign(x))
u, v = tf.constant([7, 65535, 3], tf.uint16), tf.constant([2, 2, 5], tf.uint16)
print(u + v, u * v, u // v, u % v, u / v, tf.maximum(u, v), tf.minimum(u, v), tf.square(u))
w = tf.constant([2**32 - 1, 10], tf.uint32)
print(w + 1, w / tf.constant([2, 4], tf.uint32), tf.clip_by_value(w, 3, 100), tf.nn.relu(w))
show_error("negate uint16", lambda: -u)
show_error("uint32 power", lambda: w ** 2)
show_error("int8 to a negative power", lambda: x ** -1)
show_error("int8 by zero", lambda: x // tf.constant(0, tf.int8))
show_error("int8 plus int32", lambda: x + tf.constant([1, 2, 3, 4]))

# Casts: integers wrap, floats go through int32 or int64 as TensorFlow's CPU kernel.
f = tf.constant([-1.0, 300.0, 2.7, -2.7])
for d in NEW:
    print(d.name, tf.cast(f, d), tf.cast(tf.constant([-1, 300, 70000], tf.int64), d), tf.cast(tf.constant(d.max, d), tf.float32))

# tf.bitwise and tf.bitcast.
b = tf.constant([5, 12, 255, 0], tf.uint8)
print(tf.bitwise.bitwise_and(b, 6), tf.bitwise.bitwise_or(b, 3), tf.bitwise.bitwise_xor(b, b), tf.bitwise.invert(b))
print(tf.bitwise.left_shift(x, tf.constant([1, 9, -1, 7], tf.int8)), tf.bitwise.right_shift(x, tf.constant(2, tf.int8)))
print(tf.bitcast(tf.constant([1.0, -2.0]), tf.uint16), tf.bitcast(tf.constant([[1, 2], [3, 4]], tf.uint16), tf.uint32))
print(tf.bitcast(tf.constant(-1, tf.int64), tf.uint64), tf.bitcast(tf.constant([1065353216], tf.uint32), tf.float32))
show_error("bitwise on floats", lambda: tf.bitwise.bitwise_and(1.0, 2.0))
show_error("bitcast to a wider dtype", lambda: tf.bitcast(tf.constant([1, 2, 3], tf.uint16), tf.uint32))

# Reductions, sorting, indices.
r = tf.constant([[100, 100, 101], [-128, 1, 2]], tf.int8)
print(tf.reduce_sum(r, 1), tf.reduce_mean(r, 1), tf.reduce_max(r), tf.reduce_prod(r, 0), tf.argmax(r, 1), tf.math.cumsum(r, 1))
print(tf.sort(tf.constant([3, 2**64 - 1, 0], tf.uint64)), tf.math.top_k(tf.constant([3, 9, 1], tf.uint16), 2)[0])
print(tf.one_hot(tf.constant([0, 2, -1], tf.int8), 3, dtype=tf.uint32), tf.gather(u, tf.constant([2, 0], tf.int64)))
print(tf.unique(tf.constant([7, 7, 1], tf.int16)).y, tf.reshape(w, [2, 1]), tf.concat([u, v], 0), tf.stack([w, w]))

# tf.print writes their values, and TensorProto messages hold them in TensorFlow's fields.
tf.print(tf.constant([-128, 127], tf.int8), tf.constant(2**64 - 1, tf.uint64), tf.constant([[1, 2]], tf.uint16))
for d in NEW:
    several, one = tf.make_tensor_proto(np.array([1, 2], d.as_numpy_dtype)), tf.make_tensor_proto(np.array([5], d.as_numpy_dtype))
    print(d.name, several.dtype, len(several.tensor_content), list(several.int_val), list(one.int_val),
          list(one.uint32_val), list(one.uint64_val), tf.make_ndarray(several).tolist(), tf.make_ndarray(one).dtype)
print(tf.io.parse_tensor(tf.io.serialize_tensor(tf.constant([2**64 - 1], tf.uint64)), tf.uint64))
