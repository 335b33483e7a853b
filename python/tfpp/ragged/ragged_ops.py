"""Elementwise ops on RaggedTensors (operators, tf.ragged.map_flat_values, tf.cast) work on the
flat values of tensors that share their row partitions; reductions (tf.reduce_sum, ...) over a
ragged dimension reduce the rows padded with the reduction's identity."""

import functools
import operator

import numpy as _np

from .. import _tfpp
from .ragged_tensor import RaggedTensor, _invalid, ones_of


def _check_same_partitions(a, b):
    a_splits, b_splits = a.nested_row_splits, b.nested_row_splits
    if len(a_splits) != len(b_splits):
        raise ValueError("RaggedTensors of ragged_rank %d and %d do not broadcast together" % (len(a_splits),
                                                                                          len(b_splits)))
    for x, y in zip(a_splits, b_splits):
        if x is y or x._is_symbolic() or y._is_symbolic():
            continue
        x_values, y_values = x.numpy(), y.numpy()
        if x_values.shape != y_values.shape or _np.any(x_values != y_values):
            raise _invalid("RaggedTensors of different row partitions: row_splits %s and %s differ (tfpp applies "
                           "elementwise ops to RaggedTensors of the same row partitions)" % (x_values.tolist(),
                                                                                            y_values.tolist()))


def _operand(rt, other):
    """The flat-values side of `other` in an elementwise op with `rt`."""
    if isinstance(other, RaggedTensor):
        _check_same_partitions(rt, other)
        return other.flat_values
    if isinstance(other, (_tfpp.Tensor, _tfpp.Variable)) and other.shape.rank:
        inner_rank = rt.flat_values.shape.rank - 1
        if other.shape.rank > inner_rank:
            raise ValueError("a tensor of shape %s does not broadcast with a RaggedTensor of shape %s: tfpp broadcasts "
                             "scalars and the uniform inner dimensions only" % (other.shape, rt.shape))
    return other


def _binary(op, reflected=False):
    def method(self, other):
        if other is None and op in (operator.eq, operator.ne):
            return op is operator.ne
        y = _operand(self, other)
        x = self.flat_values
        return self.with_flat_values(op(y, x) if reflected else op(x, y))
    return method


def _unary(op):
    def method(self):
        return self.with_flat_values(op(self.flat_values))
    return method


for _name, _op in (("add", operator.add), ("sub", operator.sub), ("mul", operator.mul), ("truediv", operator.truediv),
                   ("floordiv", operator.floordiv), ("mod", operator.mod), ("pow", operator.pow),
                   ("and", operator.and_), ("or", operator.or_), ("xor", operator.xor)):
    setattr(RaggedTensor, "__%s__" % _name, _binary(_op))
    setattr(RaggedTensor, "__r%s__" % _name, _binary(_op, reflected=True))
for _name, _op in (("lt", operator.lt), ("le", operator.le), ("gt", operator.gt), ("ge", operator.ge),
                   ("eq", operator.eq), ("ne", operator.ne)):
    setattr(RaggedTensor, "__%s__" % _name, _binary(_op))
for _name, _op in (("neg", operator.neg), ("abs", operator.abs), ("invert", operator.invert)):
    setattr(RaggedTensor, "__%s__" % _name, _unary(_op))


def map_flat_values(op, *args, **kwargs):
    """op applied to the flat values of the RaggedTensors among the arguments (which must share their
    row partitions), the result with their row partitions."""
    ragged = [a for a in list(args) + list(kwargs.values()) if isinstance(a, RaggedTensor)]
    if not ragged:
        return op(*args, **kwargs)
    for other in ragged[1:]:
        _check_same_partitions(ragged[0], other)
    flat = [a.flat_values if isinstance(a, RaggedTensor) else a for a in args]
    flat_kwargs = {k: v.flat_values if isinstance(v, RaggedTensor) else v for k, v in kwargs.items()}
    return ragged[0].with_flat_values(op(*flat, **flat_kwargs))


def dispatch_for_ragged(dense_fn, ragged_fn):
    """dense_fn, or ragged_fn when the first argument is a RaggedTensor."""
    @functools.wraps(dense_fn)
    def fn(*args, **kwargs):
        first = args[0] if args else next(iter(kwargs.values()), None)
        if isinstance(first, RaggedTensor):
            return ragged_fn(*args, **kwargs)
        return dense_fn(*args, **kwargs)
    return fn


def cast(x, dtype, name=None):
    """tf.cast of a RaggedTensor: its flat values cast."""
    return x.with_flat_values(_tfpp.math.cast(x.flat_values, dtype))


# ---- reductions ----

def _identity(kind, dtype):
    """The value padding a row does not change the reduction of."""
    if kind in ("sum", "mean"):
        return 0
    if kind == "prod":
        return 1
    if kind in ("any", "all"):
        return kind == "all"
    limits = _np.finfo(dtype.as_numpy_dtype) if dtype in (_tfpp.float32, _tfpp.float64) else \
        _np.iinfo(dtype.as_numpy_dtype)
    return limits.min if kind == "max" else limits.max


def _dense(kind):
    return getattr(_tfpp.math, "reduce_" + kind)


def _mean(total, count):
    if total.dtype not in (_tfpp.float32, _tfpp.float64):
        total, count = _tfpp.math.cast(total, _tfpp.float64), _tfpp.math.cast(count, _tfpp.float64)
    return total / _tfpp.math.cast(count, total.dtype)


def reduce(kind, rt, axis=None, keepdims=False):
    """tf.reduce_<kind> of a RaggedTensor over `axis` (None: every value)."""
    flat = rt.flat_values
    if isinstance(axis, (list, tuple)):
        if len(axis) != 1:
            raise ValueError("tfpp reduces a RaggedTensor over one axis at a time, got axis=%r" % (axis,))
        axis = axis[0]
    if axis is None:
        if kind == "mean":
            return _mean(_dense("sum")(flat), _tfpp.size(flat, out_type=_tfpp.int64))
        return _dense(kind)(flat)
    axis = int(axis)
    rank = rt.shape.rank
    if not -rank <= axis < rank:
        raise ValueError("axis=%d out of bounds for a RaggedTensor of rank %d" % (axis, rank))
    axis = axis + rank if axis < 0 else axis
    ragged_rank = rt.ragged_rank
    if axis > ragged_rank:
        return rt.with_flat_values(_dense(kind)(flat, axis - ragged_rank, keepdims))
    if axis not in (ragged_rank, 0) or (axis == 0 and ragged_rank > 1):
        raise ValueError("tfpp reduces a RaggedTensor of ragged_rank %d over axis None, %s or the uniform inner axes, "
                         "got axis=%d" % (ragged_rank, "0, 1" if ragged_rank == 1 else str(ragged_rank), axis))
    innermost = RaggedTensor(flat, rt.nested_row_splits[-1], internal=True)
    dense_axis = 0 if axis == 0 else 1
    if kind == "mean":
        total = _dense("sum")(innermost.to_tensor(0), dense_axis, keepdims)
        ones = innermost.with_flat_values(ones_of(flat, _tfpp.int64))
        count = _dense("sum")(ones.to_tensor(0), dense_axis, keepdims)
        result = _mean(total, count)
    else:
        result = _dense(kind)(innermost.to_tensor(_identity(kind, flat.dtype)), dense_axis, keepdims)
    if ragged_rank > 1:
        return RaggedTensor.from_nested_row_splits(result, rt.nested_row_splits[:-1], validate=False)
    return result


def reduction(kind):
    """The tf.reduce_<kind> function, dispatching RaggedTensors to `reduce`."""
    def ragged_fn(input_tensor, axis=None, keepdims=False, name=None):
        return reduce(kind, input_tensor, axis, keepdims)
    return dispatch_for_ragged(_dense(kind), ragged_fn)
