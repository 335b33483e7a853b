"""The everyday array functions that are Python in TensorFlow too: unique and unique_with_counts
(named tuples over the C++ ops), broadcast_static_shape, is_tensor, get_static_value, identity_n,
shape_n and no_op."""

import collections

from . import _tfpp, errors
from .ragged.ragged_tensor import RaggedTensor
from .sparse_tensor import SparseTensor
from .tensor_shape import TensorShape

Unique = collections.namedtuple("Unique", ["y", "idx"])
UniqueWithCounts = collections.namedtuple("UniqueWithCounts", ["y", "idx", "count"])


def unique(x, out_idx=_tfpp.int32, name=None):
    """The distinct elements of the 1-D `x` in order of first appearance, and each element's index among them."""
    return Unique(*_tfpp._unique(x, out_idx, name))


def unique_with_counts(x, out_idx=_tfpp.int32, name=None):
    """As unique, with how often each distinct element occurs."""
    return UniqueWithCounts(*_tfpp._unique_with_counts(x, out_idx, name))


def broadcast_static_shape(shape_x, shape_y):
    """The NumPy broadcast of two TensorShapes (unknown dimensions stay unknown unless the other fixes them)."""
    x, y = TensorShape(shape_x), TensorShape(shape_y)
    if x.rank is None or y.rank is None:
        return TensorShape(None)
    dx, dy = list(x.as_list()), list(y.as_list())
    rank = max(len(dx), len(dy))
    dx, dy = [1] * (rank - len(dx)) + dx, [1] * (rank - len(dy)) + dy
    out = []
    for a, b in zip(dx, dy):
        if a == 1 or b == 1:
            out.append(b if a == 1 else a)
        elif a is None or b is None or a == b:
            out.append(a if b is None else b)
        else:
            raise ValueError("Incompatible shapes for broadcasting. Two shapes are compatible if for each dimension pair "
                             f"they are either equal or one of them is 1. Received: {x} and {y}.")
    return TensorShape(out)


def is_tensor(x):
    """True for tensors, variables, sparse and ragged tensors (not for NumPy arrays or Python values)."""
    return isinstance(x, (_tfpp.Tensor, _tfpp.Variable, SparseTensor, RaggedTensor))


def get_static_value(tensor, partial=False):
    """The NumPy value of an eager tensor or variable, a non-tensor as it is, and None for a value that
    only a traced graph's run knows."""
    del partial  # tfpp evaluates no graph fragments here, so there is nothing partial to return
    if isinstance(tensor, _tfpp.Variable):
        return tensor.numpy()
    if not isinstance(tensor, _tfpp.Tensor):
        return tensor
    return None if tensor._is_symbolic() else tensor.numpy()


def identity_n(input, name=None):  # noqa: A002 - TensorFlow's argument name
    """A tensor with the same value for each tensor of `input`."""
    return [_tfpp.identity(t) for t in input]


def shape_n(input, out_type=_tfpp.int32, name=None):  # noqa: A002 - TensorFlow's argument name
    """The shape of each tensor of `input` (all of one dtype, as TensorFlow's ShapeN requires)."""
    tensors = [_tfpp._convert_to_tensor(t) for t in input]
    if len({t.dtype for t in tensors}) > 1:
        raise errors.InvalidArgumentError(
            None, None, "[ShapeN] every input must have one dtype, got " + ", ".join(str(t.dtype.name) for t in tensors))
    return [_tfpp.shape(t, out_type) for t in tensors]


def no_op(name=None):
    """Does nothing (TensorFlow's NoOp, whose use is as a control dependency)."""
    return None
