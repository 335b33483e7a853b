"""DType.as_datatype_enum and tf.as_dtype of names, Python and NumPy types and DataType numbers."""
import numpy as np

from harness import show, tf

dtypes = [tf.float32, tf.float64, tf.int32, tf.uint8, tf.int16, tf.int8, tf.string, tf.complex64, tf.int64, tf.bool,
          tf.bfloat16, tf.uint16, tf.complex128, tf.float16, tf.resource, tf.variant, tf.uint32, tf.uint64]
print([(d.name, d.as_datatype_enum) for d in dtypes])
print(all(tf.as_dtype(d.as_datatype_enum) is d for d in dtypes))
print(tf.as_dtype(3), tf.dtypes.as_dtype(19), tf.as_dtype("int64"), tf.as_dtype(np.float64), tf.as_dtype(bool))
show("an unknown number", lambda: tf.as_dtype(99))
show("an unknown name", lambda: tf.as_dtype("no_such_type"), width=20)
