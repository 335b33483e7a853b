"""tf.experimental.dlpack and Tensor.__dlpack__: tensors leave as DLPack capsules that share their
buffer (NumPy reads them with np.from_dlpack), and capsules of NumPy arrays come back as tensors
with the same dtype, shape and values; a capsule is consumed once; strided data, symbolic tensors
and objects that are not capsules are refused."""
import numpy as np

from harness import show_error, show_error_message, tf

dlpack = tf.experimental.dlpack

values = [[1, 2, 3], [4, 5, 6]]
for dtype in (tf.float16, tf.float32, tf.float64, tf.int8, tf.int16, tf.int32, tf.int64, tf.uint8, tf.uint16,
              tf.uint32, tf.uint64, tf.complex64, tf.complex128):
    t = tf.constant(values, dtype)
    array = np.from_dlpack(t)
    back = dlpack.from_dlpack(dlpack.to_dlpack(t))
    print(dtype.name, array.dtype, array.shape, array.tolist(), back.dtype.name, back.shape, back.numpy().tolist())

flags = tf.constant([True, False])
print("bool", np.from_dlpack(flags).tolist(), dlpack.from_dlpack(dlpack.to_dlpack(flags)))
print("scalar", np.from_dlpack(tf.constant(2.5)), dlpack.from_dlpack(np.array(2.5, np.float32).__dlpack__()))
print("empty", np.from_dlpack(tf.zeros([0, 3])).shape, dlpack.from_dlpack(np.zeros((0, 3)).__dlpack__()))
print("bfloat16", dlpack.from_dlpack(dlpack.to_dlpack(tf.constant([1.5, -2.0], tf.bfloat16))))

for array in (np.arange(6, dtype=np.int32).reshape(2, 3), np.linspace(0, 1, 5), np.array([1 + 2j], np.complex64),
              np.array([[True], [False]]), np.arange(4, dtype=np.uint8)):
    print(repr(dlpack.from_dlpack(array.__dlpack__())))

x = tf.constant([1.0, 2.0, 3.0])
shared = np.from_dlpack(x)
print("read-only view:", shared.flags.writeable, "device:", x.__dlpack_device__())
del x
print("outlives the tensor:", shared.tolist())

capsule = dlpack.to_dlpack(tf.constant([7, 8]))
print("first read:", dlpack.from_dlpack(capsule).numpy().tolist())
show_error("second read", lambda: dlpack.from_dlpack(capsule))
show_error_message("transposed", lambda: dlpack.from_dlpack(np.arange(6).reshape(2, 3).T.__dlpack__()))
show_error("not a capsule", lambda: dlpack.from_dlpack(3))


@tf.function
def exported(t):
    return dlpack.to_dlpack(t)


show_error("symbolic", lambda: exported(tf.constant(1.0)))
