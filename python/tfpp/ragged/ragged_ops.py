"""Elementwise ops on RaggedTensors (operators, tf.math's elementwise functions, tf.cast,
tf.ragged.map_flat_values) work on the flat values, as TensorFlow dispatches them.

Note [Ragged elementwise dispatch]: one wrapper (`elementwise`) serves every elementwise function:
when an operand is a RaggedTensor, the function runs on the flat values, and the result takes that
tensor's row partitions. The other operands are RaggedTensors of the same row partitions (their
flat values), scalars, or dense tensors broadcast to the flat values: one whose rank is at most
the flat values' inner rank broadcasts as it is; a higher one is gathered at each flat value's
position in the outer dimensions (its dims there 1, or the RaggedTensor's sizes)."""

import functools
import operator

import numpy as _np

from .. import _tfpp
from .ragged_tensor import RaggedTensor, _invalid, value_rowids_of


def _check_same_partitions(a, b):
    check_same_splits(a.nested_row_splits, b.nested_row_splits)


def check_same_splits(a_splits, b_splits):
    """TensorFlow's InvalidArgumentError unless two lists of row splits are equal: at once for
    eager splits, when the function runs for traced ones."""
    if len(a_splits) != len(b_splits):
        raise ValueError("RaggedTensors of ragged_rank %d and %d do not broadcast together" % (len(a_splits),
                                                                                          len(b_splits)))
    for x, y in zip(a_splits, b_splits):
        if x is y:
            continue
        if x._is_symbolic() or y._is_symbolic():
            x, y = _tfpp.math.cast(x, _tfpp.int64), _tfpp.math.cast(y, _tfpp.int64)
            _tfpp._assert_true(_tfpp.math.reduce_all(_tfpp.math.equal(x, y)),
                               "RaggedTensors of different row partitions: their row_splits differ")
            continue
        x_values, y_values = x.numpy(), y.numpy()
        if x_values.shape != y_values.shape or _np.any(x_values != y_values):
            raise _invalid("RaggedTensors of different row partitions: row_splits %s and %s differ (tfpp applies "
                           "elementwise ops to RaggedTensors of the same row partitions)" % (x_values.tolist(),
                                                                                            y_values.tolist()))


def _operand(rt, other):
    """The flat-values side of `other` in an elementwise op with `rt` (Note [Ragged elementwise dispatch])."""
    if isinstance(other, RaggedTensor):
        _check_same_partitions(rt, other)
        return other.flat_values
    if isinstance(other, (bool, int, float, str, bytes)) or other is None:
        return other  # converted by the op to the flat values' dtype
    other = _tfpp._convert_to_tensor(other.read_value() if isinstance(other, _tfpp.Variable) else other)
    inner_rank = rt.flat_values.shape.rank - 1
    if other.shape.rank is None or other.shape.rank <= inner_rank:
        return other
    return _broadcast_to_flat_values(rt, other)


def _broadcast_to_flat_values(rt, dense):
    """`dense`, whose rank exceeds the flat values' inner rank, gathered at each flat value's position
    in rt's outer dimensions (0 where its dim is 1)."""
    rank, outer = rt.shape.rank, rt.ragged_rank + 1
    if dense.shape.rank > rank:
        raise _invalid("[RaggedBroadcast] a tensor of shape %s does not broadcast with a RaggedTensor of shape %s" % (
            dense.shape, rt.shape))
    dense = _tfpp.reshape(dense, [1] * (rank - dense.shape.rank) + _dims(dense))
    positions = _outer_positions(rt)
    sizes = [rt.nrows(out_type=_tfpp.int64)] + [s[1:] - s[:-1] for s in rt.nested_row_splits]
    indices = []
    for k in range(outer):
        size = dense.shape[k]
        if size == 1:
            indices.append(_tfpp.math.multiply(positions[k], 0))
            continue
        _check_broadcast_dim(sizes[k], k, dense, rt)
        indices.append(positions[k])
    return _tfpp.gather_nd(dense, _tfpp.stack(indices, axis=-1))


def _dims(tensor):
    shape = _tfpp.shape(tensor)
    return [d if d is not None else shape[i] for i, d in enumerate(tensor.shape.as_list())]


def _outer_positions(rt):
    """For each flat value, its index in rt's outer dimensions: [row, position in row, ...]."""
    splits = [_tfpp.math.cast(s, _tfpp.int64) for s in rt.nested_row_splits]
    item = _tfpp.range(splits[-1][-1], dtype=_tfpp.int64)  # the flat values, then their ancestors
    positions = []
    for level_splits in reversed(splits):
        row = _tfpp.gather(value_rowids_of(level_splits), item)
        positions.insert(0, item - _tfpp.gather(level_splits, row))
        item = row
    return [item] + positions


def _check_broadcast_dim(sizes, k, dense, rt):
    """TensorFlow's check that dim k of `dense` (not 1) matches the RaggedTensor's sizes there (its
    number of rows, or every row length of a ragged dim): at once eagerly, when the function runs
    for traced values (a dim unknown while tracing is checked then, and must match)."""
    size = dense.shape[k]
    if sizes._is_symbolic() or size is None:
        dim = _tfpp.shape(dense, out_type=_tfpp.int64)[k]
        _tfpp._assert_true(_tfpp.math.reduce_all(_tfpp.math.equal(_tfpp.math.cast(sizes, _tfpp.int64), dim)),
                           "[RaggedBroadcast] a dense dimension does not match the RaggedTensor's sizes")
        return
    if _np.any(sizes.numpy() != size):
        raise _invalid("[RaggedBroadcast] a tensor of shape %s does not broadcast with a RaggedTensor of shape %s: "
                       "dimension of size %d against sizes %s" % (dense.shape, rt.shape, size,
                                                                  _np.unique(sizes.numpy()).tolist()))


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


# The tf.math and tf.nn functions that apply elementwise: their operands are the first arguments
# (`x`, `y`, `features`, `t` or `input` by keyword), their other arguments attributes (a dtype, bounds).
UNARY = ("abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "cast", "ceil", "clip_by_value", "cos", "cosh",
         "digamma", "erf", "erfc", "erfinv", "exp", "expm1", "floor", "is_finite", "is_inf", "is_nan", "lgamma", "log",
         "log1p", "log_sigmoid", "logical_not", "ndtri", "negative", "reciprocal", "reciprocal_no_nan", "rint", "round",
         "rsqrt", "sigmoid", "sign", "sin", "sinh", "softplus", "softsign", "sqrt", "square", "tan", "tanh")
BINARY = ("add", "atan2", "divide", "divide_no_nan", "equal", "floordiv", "floormod", "greater", "greater_equal", "less",
          "less_equal", "logical_and", "logical_or", "logical_xor", "maximum", "minimum", "mod", "multiply",
          "multiply_no_nan", "not_equal", "pow", "scalar_mul", "squared_difference", "subtract", "truediv", "xdivy",
          "xlog1py", "xlogy")
NN_UNARY = ("elu", "gelu", "relu", "relu6", "selu", "sigmoid", "softplus", "tanh")
_OPERAND_KEYWORDS = ("x", "y", "features", "t", "input")
_KEYWORDS_IN_ORDER = {"atan2": ("y", "x")}  # functions whose operands' keywords are not in _OPERAND_KEYWORDS order


def elementwise(fn, arity):
    """fn, applied to the flat values when one of its first `arity` operands is a RaggedTensor
    (Note [Ragged elementwise dispatch])."""
    keywords = _KEYWORDS_IN_ORDER.get(fn.__name__, _OPERAND_KEYWORDS)

    @functools.wraps(fn)
    def dispatch(*args, **kwargs):
        # The common case, tensors passed by position, kept quick (a type check per operand).
        if not kwargs and len(args) == arity and type(args[0]) is not RaggedTensor and (
                arity == 1 or type(args[1]) is not RaggedTensor):
            return fn(*args)
        operands, rest = list(args[:arity]), args[arity:]
        for key in keywords:
            if len(operands) < arity and key in kwargs:
                operands.append(kwargs.pop(key))
        ragged = next((o for o in operands if isinstance(o, RaggedTensor)), None)
        if ragged is None:
            return fn(*operands, *rest, **kwargs)
        flat = [ragged.flat_values if o is ragged else _operand(ragged, o) for o in operands]
        return ragged.with_flat_values(fn(*flat, *rest, **kwargs))
    return dispatch


def dispatch_for_ragged(dense_fn, ragged_fn):
    """dense_fn, or ragged_fn when the first argument is a RaggedTensor."""
    @functools.wraps(dense_fn)
    def fn(*args, **kwargs):
        first = args[0] if args else next(iter(kwargs.values()), None)
        if isinstance(first, RaggedTensor):
            return ragged_fn(*args, **kwargs)
        return dense_fn(*args, **kwargs)
    return fn


