"""A concrete function's outputs as TensorFlow shows them: structured_outputs of symbolic tensors
named Identity, Identity_1, ..., outputs, output_shapes and output_dtypes, for single, nested and
Python results."""
from harness import tf


@tf.function
def nested(x):
    return {"a": x * 2, "b": (x, tf.cast(x, tf.int32) + 1)}


@tf.function
def single(x):
    return tf.reduce_sum(x)


@tf.function
def with_python_value(x):
    return x + 1, 3


for fn in (nested, single, with_python_value):
    concrete = fn.get_concrete_function(tf.TensorSpec([None, 3], tf.float32))
    print(concrete.structured_outputs)
    print(concrete.outputs)
    print(concrete.output_shapes)
    print(concrete.output_dtypes)
    print(concrete(tf.ones([2, 3])))
print(single.get_concrete_function(tf.TensorSpec([4], tf.float32)).structured_outputs)
print(str(single.get_concrete_function(tf.TensorSpec([4], tf.float32)).structured_outputs))
