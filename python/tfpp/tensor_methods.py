"""The Python-level methods of tfpp.Tensor and tfpp.Variable: NumPy conversion, indexing,
elementwise == and !=, iteration, hashing, ref() and format(), as TensorFlow's eager tensors have
them; a tensor's device, set_shape and the graph-only attributes with TensorFlow's errors; and the
classes' inspect.signature."""

import inspect

from . import _tfpp
from . import errors
from . import object_identity
from . import slicing
from . import tensor_shape

CPU_DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"  # where every tfpp tensor and variable lives


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


def _ref(self):
    """A hashable reference to this object (dict keys, sets); .deref() gives the object back."""
    return object_identity.Reference(self)


def _dims_text(shape):
    return "[" + ",".join("?" if d is None else str(d) for d in shape) + "]"


def _merged(current, supplied):
    """The shape both describe, with TensorFlow's graph messages when they disagree."""
    if current.rank is None:
        return supplied
    if supplied.rank is None:
        return current
    if current.rank != supplied.rank:
        raise ValueError("Shapes must be equal rank, but are %d and %d" % (current.rank, supplied.rank))
    for i, (a, b) in enumerate(zip(current, supplied)):
        if a is not None and b is not None and a != b:
            raise ValueError("Dimension %d in both shapes must be equal, but are %d and %d. Shapes are %s and %s."
                             % (i, a, b, _dims_text(current), _dims_text(supplied)))
    return tensor_shape.TensorShape([b if a is None else a for a, b in zip(current, supplied)])


def _set_shape(self, shape):
    """Refines the static shape of a tensor inside a tf.function; an eager tensor's shape must match."""
    shape = tensor_shape.TensorShape(shape)
    if not self._is_symbolic():
        if not self.shape.is_compatible_with(shape):
            raise ValueError("Tensor's shape %s is not compatible with supplied shape %s." % (self.shape, shape))
        return
    merged = _merged(self.shape, shape)
    if merged != self.shape:
        # tfpp's graphs size buffers from static shapes, so the claim is checked when the graph runs
        # (an EnsureShape node) where TensorFlow would trust it.
        self._ensure_shape(merged)


def _graph_only(name, error=AttributeError):
    """A graph tensor's attribute, TensorFlow's error for an eager one; tfpp has no Python graph objects."""
    def get(self, *args, **kwargs):
        if not self._is_symbolic():
            raise error("Tensor.%s is undefined when eager execution is enabled." % name)
        raise AttributeError("Tensor.%s: tfpp has no Python Graph or Operation objects" % name)
    return get


def _value_index(self):
    if not self._is_symbolic():
        raise AttributeError("Tensor.value_index is undefined when eager execution is enabled.")
    return int(self.name.rsplit(":", 1)[1])


def _device(self):
    return "" if self._is_symbolic() else CPU_DEVICE


def _eager_attribute(name, value):
    def get(self):
        if self._is_symbolic():
            raise AttributeError("'SymbolicTensor' object has no attribute '%s'" % name)
        return value
    return property(get)


def _eval(self, feed_dict=None, session=None):
    if self._is_symbolic():
        raise ValueError("Cannot evaluate tensor using `eval()`: No default session is registered. Use `with "
                         "sess.as_default()` or pass an explicit session to `eval(session=sess)`")
    raise NotImplementedError("eval is not supported when eager execution is enabled, is .numpy() what you're "
                              "looking for?")


def _cpu(self):
    """A copy on the CPU: the tensor's value (every tfpp tensor lives there)."""
    return _tfpp.identity(self)


def _gpu(self, gpu_index=0):
    raise RuntimeError("GPU:%d unknown device." % gpu_index)


for _cls in (_tfpp.Tensor, _tfpp.Variable):
    _cls.numpy = _numpy
    _cls.__array__ = _array
    _cls.__array_priority__ = 100
    _cls.__getitem__ = slicing.slice_tensor
    _cls.__eq__ = _eq
    _cls.__ne__ = _ne
    _cls.__iter__ = _iter
    _cls.__hash__ = _unhashable
    _cls.ref = _ref
    _cls.experimental_ref = _ref
_tfpp.Tensor.__format__ = _format
_tfpp.Tensor.__bool__ = _bool
_tfpp.Tensor.set_shape = _set_shape
_tfpp.Tensor.device = property(_device)
_tfpp.Tensor.backing_device = _eager_attribute("backing_device", CPU_DEVICE)
_tfpp.Tensor.is_packed = _eager_attribute("is_packed", False)
_tfpp.Tensor.value_index = property(_value_index)
_tfpp.Tensor.op = property(_graph_only("op"))
_tfpp.Tensor.graph = property(_graph_only("graph"))
_tfpp.Tensor.consumers = _graph_only("consumers", NotImplementedError)
_tfpp.Tensor.eval = _eval
_tfpp.Tensor.cpu = _cpu
_tfpp.Tensor.gpu = _gpu

# inspect.signature finds none in nanobind's constructors and raises; TensorFlow's classes give these.
_tfpp.Tensor.__signature__ = inspect.Signature()
_tfpp.Variable.__signature__ = inspect.signature(lambda *args, **kwargs: None)
