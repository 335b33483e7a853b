"""tnp.experimental_enable_numpy_behavior: NumPy's methods on tf.Tensor (T, reshape, astype, ...),
NumPy's type promotion in the operators of tensors and variables, NumPy's indexing of tensors, and
optionally float32 for Python floats."""

import numpy as np

import tfpp as tf

from . import _dtype_rules, _indexing
from ._elementwise import around, clip
from ._products import matmul
from ._reductions import amax, amin, mean
from ._shapes import flatten, ravel, reshape, transpose

_PROMOTING_OPERATORS = ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "and", "or", "xor")
_PROMOTING_COMPARISONS = ("__lt__", "__le__", "__gt__", "__ge__")
_state = {"installed": False, "promoting": False}


def _promoted(x, y):
    # Both operands in NumPy's result type of their dtypes and numbers (lists' elements count one by one).
    if not _state["promoting"]:
        return x, y
    dtype = _dtype_rules.result_type(x, y)
    return [tf.cast(v, dtype) if tf.is_tensor(v) else tf.convert_to_tensor(v, dtype) for v in (x, y)]


def _promoting(operator):
    def promoting(x, y):
        return operator(*_promoted(x, y))

    return promoting


def _promoting_equality(operator):
    def promoting(x, y):
        return operator(x, y) if y is None else operator(*_promoted(x, y))

    return promoting


def _reshape_method(a, *newshape, **kwargs):
    order = kwargs.pop("order", "C")
    if kwargs:
        raise ValueError("Unsupported arguments: {}".format(kwargs.keys()))
    if len(newshape) == 1 and not isinstance(newshape[0], int):
        newshape = newshape[0]
    return reshape(a, newshape, order=order)


def _size(self):
    if not self.shape.is_fully_defined():
        return None
    return np.prod(self.shape.as_list())


def _tolist(self):
    if self._is_symbolic():
        raise ValueError("Symbolic Tensors do not support the tolist API.")
    return self.numpy().tolist()


def _install_operators(cls):
    for name in _PROMOTING_OPERATORS:
        for method in ("__%s__" % name, "__r%s__" % name):
            if hasattr(cls, method):
                setattr(cls, method, _promoting(getattr(cls, method)))
    for name in _PROMOTING_COMPARISONS:
        setattr(cls, name, _promoting(getattr(cls, name)))
    cls.__eq__, cls.__ne__ = _promoting_equality(cls.__eq__), _promoting_equality(cls.__ne__)
    # With promotion on, @ is tnp.matmul (vectors as rows or columns), as in TensorFlow.
    original_matmul, original_rmatmul = cls.__matmul__, cls.__rmatmul__
    cls.__matmul__ = lambda x, y: matmul(x, y) if _state["promoting"] else original_matmul(x, y)
    cls.__rmatmul__ = lambda y, x: matmul(x, y) if _state["promoting"] else original_rmatmul(y, x)


def _install_methods(cls):
    cls.T = property(transpose)
    cls.ndim = property(lambda self: self.shape.rank)
    cls.size = property(_size)
    cls.__pos__ = lambda self: self
    cls.tolist = _tolist
    cls.transpose, cls.flatten, cls.reshape, cls.ravel = transpose, flatten, _reshape_method, ravel
    cls.clip, cls.astype, cls.__round__ = clip, tf.cast, around
    cls.max, cls.mean, cls.min = amax, mean, amin
    cls.data = property(lambda self: self)


def experimental_enable_numpy_behavior(prefer_float32=False, dtype_conversion_mode="legacy"):
    """tnp.experimental_enable_numpy_behavior: dtype_conversion_mode "legacy" (NumPy's promotion in
    operators) or "off"; TensorFlow's newer "safe" and "all" modes are not supported."""
    if dtype_conversion_mode not in ("off", "legacy", "safe", "all"):
        raise ValueError(f"The provided promotion mode {dtype_conversion_mode} does not exist. Make sure the provided "
                         "dtype conversion mode is one of the followings: 'off', 'legacy', 'safe' or 'all'.")
    if dtype_conversion_mode in ("safe", "all"):
        raise NotImplementedError("tfpp has no auto dtype conversion ('safe' and 'all' modes)")
    if not _state["installed"]:
        _install_operators(tf.Tensor)
        _install_operators(tf.Variable)
        tf.Tensor.__getitem__ = _indexing.getitem
        _install_methods(tf.Tensor)
        _state["installed"] = True
    _state["promoting"] = dtype_conversion_mode == "legacy"
    _dtype_rules.set_prefer_float32(prefer_float32)
