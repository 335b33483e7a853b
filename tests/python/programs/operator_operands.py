"""Python and NumPy values beside a tensor in an operator, converted as TensorFlow converts them:
to the tensor's dtype when their own dtype is compatible with it (integers wrap; NumPy values are
cast by NumPy, floats to integers included), else TypeError("Cannot convert ..."), except that
`x + y`, `x @ y` and `x / y` convert y as tf.convert_to_tensor's dtype_hint does: a y that does not
convert keeps its own dtype and the op refuses it (`/` with its own TypeError). A Python int beyond
64 bits is a ValueError whatever the dtype."""
import warnings

import numpy as np

from harness import show_error, show_error_message, tf

warnings.simplefilter("ignore")  # NumPy's ComplexWarning when a complex value is cast to float

x = tf.constant([1.0])
i = tf.constant([1])
b = tf.constant([True])
s = tf.constant(["a"])
u8 = tf.constant([1], tf.uint8)

cases = [
    ("float32 / np.float64", lambda: x / np.float64(2.0)),
    ("np.float64 / float32", lambda: np.float64(2.0) / x),
    ("float32 * np.float32", lambda: x * np.float32(2.0)),
    ("float32 + float64 array", lambda: x + np.array([2.0])),
    ("float32 + np.int64", lambda: x + np.int64(2)),
    ("int32 + np.int64", lambda: i + np.int64(2)),
    ("int32 + np.float64", lambda: i + np.float64(2.5)),
    ("int32 + float64 array", lambda: i + np.array([2.5])),
    ("int32 + float32 array", lambda: i + np.array([2.5], np.float32)),
    ("float64 array + int32", lambda: np.array([2.5]) + i),
    ("np.float64 * int32", lambda: np.float64(2.5) * i),
    ("int32 // np.float64", lambda: i // np.float64(2.0)),
    ("int32 ** np.float64", lambda: i ** np.float64(2.0)),
    ("int32 + bool array", lambda: i + np.array([True])),
    ("float32 + bool array", lambda: x + np.array([True])),
    ("bool & np.bool_", lambda: b & np.bool_(False)),
    ("uint8 + np.int64 300", lambda: u8 + np.int64(300)),
    ("int32 + np.uint64 2**63", lambda: i + np.uint64(2**63)),
    ("float32 + np.complex128", lambda: x + np.complex128(1 + 2j)),
    ("complex64 + np.float64", lambda: tf.constant([1j], tf.complex64) + np.float64(2.0)),
    ("float16 + np.float64", lambda: tf.constant([1.0], tf.float16) + np.float64(2.0)),
    ("float32 == np.float64", lambda: x == np.float64(1.0)),
    ("float32 < np.float64", lambda: x < np.float64(1.0)),
    ("matmul float64 array", lambda: tf.constant([[1.0]]) @ np.array([[2.0]])),
    ("float32 + string array", lambda: x + np.array(["a"])),
    ("tf.add float32 np.float64", lambda: tf.add(x, np.float64(2.0))),
    ("tf.maximum float32 np.float64", lambda: tf.maximum(x, np.float64(2.0))),
    ("int32 - 2.5", lambda: i - 2.5),
    ("2.5 - int32", lambda: 2.5 - i),
    ("int32 * 2.0", lambda: i * 2.0),
    ("int32 == 2.5", lambda: i == 2.5),
    ("int32 < 2.5", lambda: i < 2.5),
    ("int32 + True", lambda: i + True),
    ("float32 + True", lambda: x + True),
    ("bool & 2.5", lambda: b & 2.5),
    ("bool & 1", lambda: b & 1),
    ("bool == 1", lambda: b == 1),
    ("float32 + 'a'", lambda: x + "a"),
    ("int32 + 'a'", lambda: i + "a"),
    ("string + 1", lambda: s + 1),
    ("string + 'b'", lambda: s + "b"),
    ("float32 + 1j", lambda: x + 1j),
    ("int32 * 2**40", lambda: i * 2**40),
    ("int32 + 2**40", lambda: i + 2**40),
    ("uint8 + -1", lambda: u8 + (-1)),
    ("uint8 + 300", lambda: u8 + 300),
    ("int8 + 200", lambda: tf.constant([1], tf.int8) + 200),
    ("float16 + 1e10", lambda: tf.constant([1.0], tf.float16) + 1e10),
    ("int32 + [2.5]", lambda: i + [2.5]),
    ("int32 + [2]", lambda: i + [2]),
    ("float32 + [1, 2]", lambda: x + [1, 2]),
    ("int32 + None", lambda: i + None),
    ("constant of float64 array as int32", lambda: tf.constant(np.array([2.5]), dtype=tf.int32)),
    ("convert float64 array to int32", lambda: tf.convert_to_tensor(np.array([2.5]), tf.int32)),
    ("convert np.float64 to float32", lambda: tf.convert_to_tensor(np.float64(2.5), tf.float32)),
    ("convert np.float64 to int32", lambda: tf.convert_to_tensor(np.float64(2.5), tf.int32)),
    ("int32 / 2.5", lambda: i / 2.5),
    ("2.5 / int32", lambda: 2.5 / i),
    ("float32 / float64 tensor", lambda: x / tf.constant([2.0], tf.float64)),
    ("tf.math.truediv int32 2.5", lambda: tf.math.truediv(i, 2.5)),
    ("tf.divide int32 2.5", lambda: tf.divide(i, 2.5)),
    ("tf.subtract int32 2.5", lambda: tf.subtract(i, 2.5)),
    ("tf.add int32 2.5", lambda: tf.add(i, 2.5)),
    ("tf.maximum int32 2.5", lambda: tf.maximum(i, 2.5)),
    ("int matmul 2.5", lambda: tf.constant([[1]]) @ 2.5),
    ("int32 - 2**40 (wraps)", lambda: i - 2**40),
    ("int32 - 2**70", lambda: i - 2**70),
    ("int32 * 2**63", lambda: i * 2**63),
    ("float32 - 2**70", lambda: x - 2**70),
    ("constant 2**70", lambda: tf.constant(2**70)),
    ("constant [1, 2**70] int8", lambda: tf.constant([1, 2**70], tf.int8)),
    ("constant 2**63 uint64", lambda: tf.constant(2**63, tf.uint64)),
]
for label, fn in cases:
    try:
        result = fn()
    except tf.errors.OpError:  # the op refuses mixed dtypes: its class is compared, its message is the kernel's
        show_error(label, fn)
    except Exception:  # noqa: BLE001 - Python's conversion errors are compared with their messages
        show_error_message(label, fn, width=120)
    else:
        print(label, result.dtype.name, result.numpy().tolist())
