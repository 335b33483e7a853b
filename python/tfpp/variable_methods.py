"""The Python-level parts of tf.Variable: what a write returns (TensorFlow's UnreadVariable, or None
with read_value=False), the sparse writes and reads (scatter_*, scatter_nd_*, sparse_read,
gather_nd), and the attributes TensorFlow keeps beside the value (constraint, synchronization,
aggregation, device, ...)."""

from . import _tfpp
from . import indexed_slices
from . import tensor_shape
from .framework_constants import VariableAggregation, VariableSynchronization
from .tensor_methods import CPU_DEVICE

_Variable = _tfpp.Variable


class _UnreadVariable(_Variable):
    """What assign and the scatters return: the same variable, read when used, under TensorFlow's
    name for it."""

    @property
    def name(self):
        return "UnreadVariable"

    def __repr__(self):
        return _tfpp._variable_repr(self, "UnreadVariable")


def _unread(variable):
    alias = _tfpp._alias_variable(_UnreadVariable, variable)
    alias.__dict__.update(variable.__dict__)  # its constraint, synchronization and aggregation
    return alias


def _written(write):
    """A write method that returns an UnreadVariable, or None when read_value is False."""
    def method(self, value, use_locking=None, name=None, read_value=True):
        write(self, value)
        return _unread(self) if read_value else None
    method.__name__ = write.__name__
    method.__doc__ = write.__doc__
    return method


def _sparse_delta(sparse_delta):
    if not isinstance(sparse_delta, indexed_slices.IndexedSlices):
        raise TypeError(f"Argument `sparse_delta` must be a `tf.IndexedSlices`. Received arg: {sparse_delta}")
    return sparse_delta.indices, sparse_delta.values


def _row_scatter(kind):
    def scatter(self, sparse_delta, use_locking=False, name=None):
        indices, values = _sparse_delta(sparse_delta)
        _tfpp._variable_scatter(self, kind, indices, values)
        return _unread(self)
    scatter.__name__ = "scatter_" + kind
    scatter.__doc__ = "Rows sparse_delta.indices of the variable combined with sparse_delta.values (%s)." % kind
    return scatter


def _nd_scatter(kind):
    def scatter(self, indices, updates, name=None):
        _tfpp._variable_scatter(self, "nd_" + kind, indices, updates)
        return _unread(self)
    scatter.__name__ = "scatter_nd_" + kind
    scatter.__doc__ = "The elements or slices the index tuples name, combined with updates (%s)." % kind
    return scatter


def _sparse_read(self, indices, name=None):
    """Rows `indices` of the value."""
    return _tfpp.gather(self, indices)


def _gather_nd(self, indices, name=None):
    """The elements or slices of the value that the index tuples name."""
    return _tfpp.gather_nd(self, indices)


def _set_shape(self, shape):
    """Checks `shape` against the variable's: a variable's shape cannot change."""
    shape = tensor_shape.TensorShape(shape)
    if not self.shape.is_compatible_with(shape):
        raise ValueError("Shapes %s and %s are not compatible" % (self.shape, shape))


def _initial_value(self):
    raise RuntimeError("This property is not supported when eager execution is enabled.")


def _initialized_value(self):
    raise NotImplementedError


def _load(self, value, session=None):
    """Assigns `value` (TensorFlow 1's name for assign)."""
    self.assign(value, read_value=False)


def _is_initialized(self, name=None):
    """True: a tfpp variable holds a value from its creation on."""
    return _tfpp.constant(True)


_Variable.assign = _written(_Variable.assign)
_Variable.assign_add = _written(_Variable.assign_add)
_Variable.assign_sub = _written(_Variable.assign_sub)
for _kind in ("update", "add", "sub", "mul", "div", "max", "min"):
    setattr(_Variable, "scatter_" + _kind, _row_scatter(_kind))
for _kind in ("update", "add", "sub", "max", "min"):
    setattr(_Variable, "scatter_nd_" + _kind, _nd_scatter(_kind))
_Variable.sparse_read = _sparse_read
_Variable.gather_nd = _gather_nd
_Variable.read_value_no_copy = _Variable.read_value
_Variable.set_shape = _set_shape
_Variable.load = _load
_Variable.is_initialized = _is_initialized
_Variable.initialized_value = _initialized_value
_Variable.initial_value = property(_initial_value)
_Variable.initializer = property(lambda self: None)  # eager variables need no initializer op
_Variable.device = property(lambda self: CPU_DEVICE)
_Variable.constraint = property(lambda self: self.__dict__.get("_constraint"))
_Variable.synchronization = property(lambda self: self.__dict__.get("_synchronization", VariableSynchronization.AUTO))
_Variable.aggregation = property(lambda self: self.__dict__.get("_aggregation", VariableAggregation.NONE))
