"""TensorFlow 2.21's side of the tensor bundle interop tests (tensor_bundle_test.cc).

  bundle_reference.py read PREFIX    prints every tensor of a bundle as TensorFlow reads it
  bundle_reference.py write PREFIX   writes a bundle with SaveV2, then prints it the same way

One line per key: `key dtype [shape] bytes`, bytes as hex (strings: each one's hex, comma-joined).
"""
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402


def describe(key, dtype, value):
    a = np.asarray(value)
    if dtype == "string":
        body = ",".join(bytes(x).hex() for x in a.reshape(-1))
    else:
        body = np.ascontiguousarray(a).tobytes().hex()
    return f"{key} {dtype} {list(a.shape)} {body}"


def read(prefix):
    reader = tf.train.load_checkpoint(prefix)
    dtypes = reader.get_variable_to_dtype_map()
    for key in sorted(dtypes):
        name = "float64" if dtypes[key].name == "float64" else dtypes[key].name
        print(describe(key, name, reader.get_tensor(key)))


def write(prefix):
    tensors = {
        "a/float": tf.constant([[1.5, -2.25, 3.0], [np.pi, 1e-30, -0.0]], tf.float32),
        "b/double": tf.constant([np.e, -1e300], tf.float64),
        "c/int32": tf.constant([[-7], [2**31 - 1]], tf.int32),
        "d/int64": tf.constant(2**40 + 3, tf.int64),
        "e/bool": tf.constant([True, False, True]),
        "f/string": tf.constant([b"", b"hello", b"\x00\xff" * 200]),
        "g/empty": tf.zeros([0, 4], tf.float32),
        "h/uint8": tf.constant([[0, 7], [128, 255]], tf.uint8),
        "j/complex64": tf.constant([1.5 - 2j, 3e-5j], tf.complex64),
        "k/complex128": tf.constant([[np.pi - 1e300j]], tf.complex128),
        "l/float16": tf.constant([0.1, -65504.0, np.inf], tf.float16),
        "m/bfloat16": tf.constant([[0.1, 3e38]], tf.bfloat16),
        "n/int8": tf.constant([-128, 127, 0], tf.int8),
        "o/int16": tf.constant([[-32768], [32767]], tf.int16),
        "p/uint16": tf.constant([0, 65535, 9], tf.uint16),
        "q/uint32": tf.constant([4294967295, 0], tf.uint32),
        "r/uint64": tf.constant([2**64 - 1, 2**63, 0], tf.uint64),
    }
    names = sorted(tensors)
    tf.raw_ops.SaveV2(prefix=prefix, tensor_names=names, shape_and_slices=[""] * len(names),
                      tensors=[tensors[n] for n in names])
    read(prefix)


if __name__ == "__main__":
    {"read": read, "write": write}[sys.argv[1]](sys.argv[2])
