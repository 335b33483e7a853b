"""tf.type_spec_from_value: the specs of tensors, NumPy arrays and Python values (through
conversion), ragged and sparse tensors, datasets, lists whose elements share a spec (batched, their
common shape), symbolic tensors inside a tf.function, a ragged spec as an input_signature; and the
TypeError for values TensorFlow gives no spec (dicts, sets, functions, dtypes, specs, lists of
mixed or ragged values)."""
import numpy as np

from harness import show_error_message, tf


def show(label, value):
    try:
        print(label, repr(tf.type_spec_from_value(value)))
    except Exception as e:  # noqa: BLE001 - the class and message are compared
        print(label, "raises", type(e).__name__, str(e)[:90])


show("tensor", tf.constant([1, 2, 3]))
show("string tensor", tf.constant(["a", "b"]))
show("float64 array", np.array([4.0, 5.0]))
show("float32 matrix", np.zeros((2, 3), np.float32))
show("uint8 empty", np.zeros([2, 0], np.uint8))
show("string array", np.array(["a", "bc"]))
show("int", 3)
show("large int", 2 ** 40)
show("float", 3.5)
show("complex", 1 + 2j)
show("str", "abc")
show("bytes", b"abc")
show("bool", True)
show("numpy int64", np.int64(3))
show("numpy float16", np.float16(1))
show("tuple", (1, 2))
show("list of ints", [1, 2, 3])
show("nested lists", [[1.0, 2.0], [3.0, 4.0]])
show("list of strings", ["a", "b"])
show("list of a tensor and an int", [tf.constant(1), 2])
show("empty list", [])
show("shape", tf.TensorShape([1, 2]))

show("list of tensors", [tf.constant([1, 2]), tf.constant([3, 4])])
show("list of one tensor", [tf.constant([1.0, 2.0])])
show("lengths differ", [tf.constant([1, 2]), tf.constant([3, 4, 5])])
show("ranks differ", [tf.constant([1, 2]), tf.constant(3)])
show("lists of tensors", [[tf.constant(1), tf.constant(2)], [tf.constant(3), tf.constant(4)]])
show("list of arrays", [np.array([1.0, 2.0]), np.array([3.0])])

show("ragged", tf.ragged.constant([[1, 2], [3, 4, 5]]))
show("ragged inner dims", tf.ragged.constant([[[1.0]], [[2.0], [3.0]]], ragged_rank=1))
show("ragged uniform rows", tf.RaggedTensor.from_uniform_row_length(tf.range(6), 2))
show("ragged int32 splits", tf.ragged.constant([[1], [2, 3]], row_splits_dtype=tf.int32))
show("list of ragged", [tf.ragged.constant([[1, 2], [3]]), tf.ragged.constant([[1], [2], [3]])])
show("sparse", tf.sparse.SparseTensor([[0, 1]], [2.0], [3, 4]))
show("sparse from dense", tf.sparse.from_dense(tf.constant([[0, 1], [2, 0]])))
show("list of sparse", [tf.sparse.SparseTensor([[0, 1]], [2.0], [3, 4]), tf.sparse.SparseTensor([[0, 1]], [2.0], [3, 5])])

show("dataset", tf.data.Dataset.range(3))
show("structured dataset", tf.data.Dataset.from_tensor_slices(({"a": [1, 2]}, [[1.0], [2.0]])).batch(2))
show("dataset of windows", tf.data.Dataset.range(6).window(2))
show("list of datasets", [tf.data.Dataset.range(2), tf.data.Dataset.range(3)])
show("optional", tf.experimental.Optional.from_value(tf.constant(1.0)))

show_error_message("a dict", lambda: tf.type_spec_from_value({"a": 1}))
show_error_message("a set", lambda: tf.type_spec_from_value({1, 2}))
show_error_message("a function", lambda: tf.type_spec_from_value(len))
show_error_message("a class", lambda: tf.type_spec_from_value(object))
show_error_message("a dtype", lambda: tf.type_spec_from_value(tf.float32), 30)  # the types' paths differ
show_error_message("a spec", lambda: tf.type_spec_from_value(tf.TensorSpec([2])), 30)
show_error_message("a ragged list", lambda: tf.type_spec_from_value([[1, 2], [3]]))
show_error_message("ragged_ranks differ", lambda: tf.type_spec_from_value(
    [tf.ragged.constant([[1, 2], [3]]), tf.ragged.constant([[[1]], [[2]]])]), 40)
show_error_message("a ragged and a tensor", lambda: tf.type_spec_from_value(
    [tf.ragged.constant([[1, 2], [3]]), tf.constant([[1, 2]])]), 40)
show_error_message("sparse dtypes differ", lambda: tf.type_spec_from_value(
    [tf.sparse.SparseTensor([[0, 1]], [2.0], [3, 4]), tf.sparse.SparseTensor([[0, 1]], [2], [3, 4])]), 40)


@tf.function
def traced(x):
    print("traced:", repr(tf.type_spec_from_value(x)), repr(tf.type_spec_from_value([x, x * 2])),
          repr(tf.type_spec_from_value(tf.RaggedTensor.from_row_lengths(x, [1, 1]))))
    return x


traced(tf.constant([1.0, 2.0]))
traced.get_concrete_function(tf.TensorSpec([None], tf.float64, name="values"))

signature = tf.type_spec_from_value(tf.ragged.constant([[1, 2], [3]]))
row_sums = tf.function(lambda x: tf.reduce_sum(x, axis=1), input_signature=[signature])
print(row_sums(tf.ragged.constant([[1, 2], [3, 4, 5]])).numpy().tolist())
