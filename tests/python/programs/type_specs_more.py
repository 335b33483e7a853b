"""tf.TypeSpec as the base of every spec (tf.TensorSpec's and the composite ones; abstract itself),
tf.NoneTensorSpec and tf.IndexedSlicesSpec (built, printed, compared, and given by
tf.type_spec_from_value for None and for IndexedSlices with and without a dense shape, eagerly and
traced), tf.data.IteratorSpec (of an iterator over a dataset), and tf.types.experimental's interfaces
of tf.function's functions and of TensorLike values."""
import numpy as np

from harness import show_error, tf


def show(label, value):
    try:
        print(label, repr(tf.type_spec_from_value(value)))
    except Exception as e:  # noqa: BLE001 - the class and message are compared
        print(label, "raises", type(e).__name__, str(e)[:90])


specs = [tf.TensorSpec([1]), tf.RaggedTensorSpec([1, None]), tf.SparseTensorSpec([1]),
         tf.data.DatasetSpec(tf.TensorSpec([])), tf.OptionalSpec(tf.TensorSpec([])), tf.NoneTensorSpec(),
         tf.IndexedSlicesSpec(), tf.data.IteratorSpec(tf.TensorSpec([]))]
print([isinstance(s, tf.TypeSpec) for s in specs], isinstance(tf.constant(1), tf.TypeSpec), isinstance(3, tf.TypeSpec))
print([issubclass(type(s), tf.TypeSpec) for s in specs], issubclass(tf.TensorShape, tf.TypeSpec))
show_error("TypeSpec()", lambda: tf.TypeSpec())

print(repr(tf.NoneTensorSpec()), tf.NoneTensorSpec() == tf.NoneTensorSpec(), tf.NoneTensorSpec() != tf.NoneTensorSpec(),
      hash(tf.NoneTensorSpec()) == hash(tf.NoneTensorSpec()), tf.NoneTensorSpec() == tf.TensorSpec([]))
print(tf.NoneTensorSpec().is_compatible_with(None), tf.NoneTensorSpec().is_compatible_with(tf.NoneTensorSpec()),
      tf.NoneTensorSpec().is_compatible_with(tf.constant(1)))
show("none", None)
show("list of nones", [None, None])
show("list of a none and an int", [None, 1])

print(repr(tf.IndexedSlicesSpec()))
print(repr(tf.IndexedSlicesSpec([None, 3], tf.int32, tf.int32, tf.int64, [None])))
print(repr(tf.IndexedSlicesSpec(tf.TensorShape([4, 2]), "float64", indices_shape=[2])))
print(tf.IndexedSlicesSpec([3]) == tf.IndexedSlicesSpec([3]), tf.IndexedSlicesSpec([3]) == tf.IndexedSlicesSpec([4]),
      tf.IndexedSlicesSpec() == tf.IndexedSlicesSpec(dense_shape_dtype=tf.int64),
      len({tf.IndexedSlicesSpec([3]), tf.IndexedSlicesSpec([3]), tf.IndexedSlicesSpec()}))
print(tf.IndexedSlicesSpec().value_type is tf.IndexedSlices)
values = tf.constant([[1.0, 2.0]])
show("slices", tf.IndexedSlices(values, tf.constant([0]), tf.constant([3, 2])))
show("slices without dense shape", tf.IndexedSlices(values, tf.constant([0])))
show("int64 slices", tf.IndexedSlices(values, tf.constant([0], tf.int64), tf.constant([3, 2], tf.int64)))
show("int slices", tf.IndexedSlices(tf.constant([[1, 2, 3], [4, 5, 6]]), tf.constant([2, 0]), tf.constant([5, 3])))


@tf.function
def traced(rows, indices, dense_shape):
    print("traced:", repr(tf.type_spec_from_value(tf.IndexedSlices(rows, indices, dense_shape))),
          repr(tf.type_spec_from_value(None)))
    return rows


traced.get_concrete_function(tf.TensorSpec([None, 2]), tf.TensorSpec([None], tf.int32), tf.TensorSpec([2], tf.int32))

dataset = tf.data.Dataset.from_tensor_slices(({"a": [1, 2]}, [[1.0], [2.0]]))
iterator = iter(dataset)
show("iterator", iterator)
show("range iterator", iter(tf.data.Dataset.range(3)))
print(repr(tf.data.IteratorSpec(tf.TensorSpec([], tf.int64))))
print(tf.data.IteratorSpec(dataset.element_spec) == tf.type_spec_from_value(iterator),
      tf.data.IteratorSpec(tf.TensorSpec([])) == tf.data.IteratorSpec(tf.TensorSpec([1])))
print(tf.data.IteratorSpec(tf.TensorSpec([])).value_type.__name__)

experimental = tf.types.experimental
function = tf.function(lambda x: x * 2)
concrete = function.get_concrete_function(tf.TensorSpec([]))
print(isinstance(function, experimental.GenericFunction), isinstance(function, experimental.PolymorphicFunction),
      isinstance(function, experimental.Callable), isinstance(function, experimental.ConcreteFunction))
print(isinstance(concrete, experimental.ConcreteFunction), isinstance(concrete, experimental.Callable),
      isinstance(concrete, experimental.GenericFunction), isinstance(len, experimental.Callable))
print(experimental.GenericFunction is experimental.PolymorphicFunction,
      issubclass(experimental.ConcreteFunction, experimental.Callable))


class Convertible:
    def __tf_tensor__(self, dtype=None, name=None):
        return tf.constant(1)


for value in (tf.constant(1), tf.Variable(1.0), np.float32(1), np.array([1]), 1, 1.5, True, "a", b"a", 1j, (1,), [1],
              Convertible(), None, {"a": 1}, tf.ragged.constant([[1], [2, 3]]), tf.sparse.from_dense([[1, 0]])):
    print(type(value).__name__ if not tf.is_tensor(value) else "tensor", isinstance(value, experimental.TensorLike))
