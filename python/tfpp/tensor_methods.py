"""The Python-level methods of tfpp.Tensor and tfpp.Variable: NumPy conversion, indexing,
elementwise == and !=, iteration, hashing and format(), as TensorFlow's eager tensors have them;
and the classes' inspect.signature."""

import inspect

from . import _tfpp
from . import errors
from . import slicing


def _numpy(self):
    """A NumPy copy of the value (a NumPy scalar for a scalar tensor), as TensorFlow's .numpy() gives."""
    array = self._array_view()
    return array[()] if array.ndim == 0 else array.copy()


def _array(self, dtype=None, copy=None):
    # A read-only view of the tensor's buffer, unless a dtype or copy asks otherwise.
    array = self._array_view()
    if dtype is not None and array.dtype != dtype:
        return array.astype(dtype)
    return array.copy() if copy else array


def _eq(self, other):
    if other is None:
        return False
    return _tfpp.math.equal(self, other)


def _ne(self, other):
    if other is None:
        return True
    return _tfpp.math.not_equal(self, other)


_NOT_CONVERTED = (" is not allowed: AutoGraph did not convert this function (tf.function(autograph=False), "
                  "tf.autograph.experimental.do_not_convert, or no source code). Use tf.cond / tf.while_loop, or "
                  "let AutoGraph convert it.")
_value_bool = _tfpp.Tensor.__bool__


def _bool(self):
    if self._is_symbolic():
        raise errors.OperatorNotAllowedInGraphError("Using a symbolic `tf.Tensor` as a Python `bool`" + _NOT_CONVERTED)
    return _value_bool(self)


def _iter(self):
    if isinstance(self, _tfpp.Tensor) and self._is_symbolic():
        raise errors.OperatorNotAllowedInGraphError("Iterating over a symbolic `tf.Tensor`" + _NOT_CONVERTED)
    shape = self.shape
    if shape.rank == 0:
        raise TypeError("Cannot iterate over a scalar tensor.")
    for i in range(shape[0]):
        yield self[i]


def _format(self, format_spec):
    # An eager tensor formats as its NumPy value ("{:.2f}".format(loss)), as TensorFlow's does.
    if self._is_symbolic():
        return object.__format__(self, format_spec)
    return self.numpy().__format__(format_spec)


def _unhashable(self):
    raise TypeError("Tensor is unhashable. Instead, use tensor.ref() as the key.")


for _cls in (_tfpp.Tensor, _tfpp.Variable):
    _cls.numpy = _numpy
    _cls.__array__ = _array
    _cls.__array_priority__ = 100
    _cls.__getitem__ = slicing.slice_tensor
    _cls.__eq__ = _eq
    _cls.__ne__ = _ne
    _cls.__iter__ = _iter
    _cls.__hash__ = _unhashable
_tfpp.Tensor.__format__ = _format
_tfpp.Tensor.__bool__ = _bool

# inspect.signature finds none in nanobind's constructors and raises; TensorFlow's classes give these.
_tfpp.Tensor.__signature__ = inspect.Signature()
_tfpp.Variable.__signature__ = inspect.signature(lambda *args, **kwargs: None)
