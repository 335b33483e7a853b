"""Elementwise ops on RaggedTensors (operators, tf.ragged.map_flat_values, tf.cast) work on the
flat values of tensors that share their row partitions."""

import functools
import operator

import numpy as _np

from .. import _tfpp
from .ragged_tensor import RaggedTensor, _invalid


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

