"""Python lists holding tensors, NumPy scalars and NumPy arrays, converted as TensorFlow converts
them: tf.convert_to_tensor's element-wise inference, and the list inputs of tf.stack, tf.concat and
tf.dynamic_stitch, eagerly and inside tf.function and Dataset.map."""
import numpy as np

from harness import show_error, tf

x = tf.constant(3, tf.int64)


def show(label, fn):
    try:
        t = fn()
    except Exception as e:  # noqa: BLE001 - the class is what is compared
        print("%s: raises %s" % (label, type(e).__name__))
    else:
        print("%s: %s %s" % (label, t.dtype.name, np.asarray(t).tolist()))


print("convert_to_tensor")
for value in [[2, np.float64(1.5)], [np.float64(2.5), 1.5], [np.float16(1), 2.5], [2.5, np.float16(1)],
              [np.float32(1), np.float64(2)], [np.float64(1), np.float32(2)], [np.int64(1), 2.5], [np.int8(1), 2],
              [np.bool_(True), False], [np.array(2.0), 1], [np.uint8(3), 300], [np.complex64(1), 2],
              [np.int64(2**40)], [[np.float64(1)], [2.5]], [np.array([1, 2]), [3, 4]], [np.array([1., 2.]), [3, 4]],
              [[3, 4], np.array([1., 2.])], [np.ones(3, np.float32), np.zeros(3, np.float32)], [np.ones(3), np.zeros(3)],
              [np.ones(2, np.int64), np.ones(2, np.int64)], [np.ones(2, np.int32), np.ones(2, np.int64)],
              [np.ones((2, 2), np.bool_)] * 2, [np.array([2**40]), [1]], [np.ones(2, np.complex64)],
              [np.int64(1), x], [x, 2]]:
    show(repr(value), lambda: tf.convert_to_tensor(value))
show("[x, 2] as float32", lambda: tf.convert_to_tensor([x, 2], dtype=tf.float32))
show_error("non-rectangular arrays", lambda: tf.convert_to_tensor([np.array([1, 2]), np.array([1, 2, 3])]))
show_error("tensors of two dtypes", lambda: tf.convert_to_tensor([x, tf.constant(2)]))

print("list inputs")
cases = {
    "stack [x, 2]": lambda: tf.stack([x, 2]),
    "stack [2, x]": lambda: tf.stack([2, x]),
    "stack [x, 2.5]": lambda: tf.stack([x, 2.5]),
    "stack [x, int32]": lambda: tf.stack([x, tf.constant(2)]),
    "stack [1, 2.5]": lambda: tf.stack([1, 2.5]),
    "stack [np.int64, 2]": lambda: tf.stack([np.int64(1), 2]),
    "stack [[1, 2], [3.5, 4]]": lambda: tf.stack([[1, 2], [3.5, 4]]),
    "stack axis -1": lambda: tf.stack([x, 2], axis=-1),
    "stack axis 1 [[1], [2.5]]": lambda: tf.stack([[1], [2.5]], axis=1),
    "concat [[x], [2]]": lambda: tf.concat([[x], [2]], 0),
    "concat [[1], int64]": lambda: tf.concat([[1], tf.constant([2], tf.int64)], 0),
    "concat [[1], [2.5]]": lambda: tf.concat([[1], [2.5]], 0),
    "concat [array, [2]]": lambda: tf.concat([np.array([1.]), [2]], 0),
    "dynamic_stitch [x, [2]]": lambda: tf.dynamic_stitch([[0], [1]], [x[None], [2]]),
    "dynamic_stitch [[1], [2.5]]": lambda: tf.dynamic_stitch([[0], [1]], [[1], [2.5]]),
}
for label, fn in cases.items():
    show("eager " + label, fn)
    show("traced " + label, tf.function(fn, autograph=False))
print(list(tf.data.Dataset.range(3).map(lambda v: tf.stack([v, 2])).as_numpy_iterator()))

print("a tensor or variable of another dtype than the one requested")
wide = tf.constant([1.0, 2.0], tf.float64)
show("convert_to_tensor(float64, float32)", lambda: tf.convert_to_tensor(wide, dtype=tf.float32))
show("convert_to_tensor(int32, float32)", lambda: tf.convert_to_tensor(tf.constant(1), tf.float32))
show("convert_to_tensor(float64 variable, float32)", lambda: tf.convert_to_tensor(tf.Variable(1.0, dtype=tf.float64), tf.float32))
show("traced convert_to_tensor(float64, float32)", lambda: tf.function(lambda t: tf.convert_to_tensor(t, tf.float32))(wide))
show("convert_to_tensor(float64, float64)", lambda: tf.convert_to_tensor(wide, dtype=tf.float64))
show("convert_to_tensor(float32, dtype_hint=int32)", lambda: tf.convert_to_tensor(tf.constant(1.0), dtype_hint=tf.int32))
