"""tf.TensorShape: a possibly partly unknown shape, printed and compared as TensorFlow's; and
tf.compat.v1.Dimension, one dimension of it as TensorFlow's TF1 API has it (what TensorShape.dims
lists), with tf.compat.dimension_value and tf.compat.dimension_at_index.

A shape keeps its dimensions in `_dims`: a tuple of ints and Nones (unknown dimensions), or None
when the rank is unknown. The C++ core reads `_dims` to turn a TensorShape into its own shape.

Merging, compatibility and the rank checks raise ValueError with TensorFlow's messages ("Shapes
(2, 3) and (None, 4) are not compatible", "Shape (2, 3) must have rank 3"); the tracing relations
(is_subtype_of, most_specific_common_supertype) answer False or None for what is not a
TensorShape, as TensorFlow's TraceType methods do.
"""

import functools
import operator
from itertools import chain as _chain

_END = object()


class Dimension:
    """One dimension of a shape (tf.compat.v1.Dimension): a non-negative int, or None when unknown.
    Arithmetic with an unknown dimension gives an unknown one; comparing with one gives None."""

    __slots__ = ("_value",)

    def __init__(self, value):
        if isinstance(value, int):
            if value < 0:
                raise ValueError("Dimension %d must be >= 0" % value)
            self._value = value
        elif value is None:
            self._value = None
        elif isinstance(value, Dimension):
            self._value = value._value
        else:
            index = getattr(value, "__index__", None)
            if index is None:
                raise TypeError("Dimension value must be integer or None or have an __index__ method, got value "
                                "'{0!r}' with type '{1!r}'".format(value, type(value)))
            self._value = int(index())
            if self._value < 0:
                raise ValueError("Dimension %d must be >= 0" % self._value)

    @property
    def value(self):
        """The value of this dimension, or None if it is unknown."""
        return self._value

    def __repr__(self):
        return "Dimension(%r)" % (self._value,)

    def __str__(self):
        return "?" if self._value is None else str(self._value)

    def __reduce__(self):
        return Dimension, (self._value,)

    def __bool__(self):
        return bool(self._value)

    def __int__(self):
        return self._value

    def __index__(self):
        return self._value

    def is_compatible_with(self, other):
        """True unless both dimensions are known and differ."""
        other = as_dimension(other)
        return self._value is None or other._value is None or self._value == other._value

    def assert_is_compatible_with(self, other):
        """Raises ValueError unless `other` is compatible with this dimension."""
        if not self.is_compatible_with(other):
            raise ValueError("Dimensions %s and %s are not compatible" % (self, other))

    def merge_with(self, other):
        """The dimension known from either; ValueError when both are known and differ."""
        other = as_dimension(other)
        self.assert_is_compatible_with(other)
        return Dimension(other._value if self._value is None else self._value)

    # Comparisons: None when either value is unknown.
    def _compare(self, other, compare):
        if self._value is None or other._value is None:
            return None
        return compare(self._value, other._value)

    def __eq__(self, other):
        try:
            other = as_dimension(other)
        except (TypeError, ValueError):
            return NotImplemented
        return self._compare(other, operator.eq)

    def __ne__(self, other):
        try:
            other = as_dimension(other)
        except (TypeError, ValueError):
            return NotImplemented
        return self._compare(other, operator.ne)

    __hash__ = None  # compared by value, but with None for unknowns: not hashable (as TensorFlow's)

    def __lt__(self, other):
        return self._compare(as_dimension(other), operator.lt)

    def __le__(self, other):
        return self._compare(as_dimension(other), operator.le)

    def __gt__(self, other):
        return self._compare(as_dimension(other), operator.gt)

    def __ge__(self, other):
        return self._compare(as_dimension(other), operator.ge)

    # Arithmetic: unknown when either value is unknown.
    @staticmethod
    def _combine(a, b, op):
        if a._value is None or b._value is None:
            return Dimension(None)
        return Dimension(op(a._value, b._value))

    def _forward(self, other, op):
        try:
            other = as_dimension(other)
        except (TypeError, ValueError):
            return NotImplemented
        return Dimension._combine(self, other, op)

    def __add__(self, other):
        return self._forward(other, operator.add)

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self._forward(other, operator.sub)

    def __rsub__(self, other):
        return Dimension._combine(as_dimension(other), self, operator.sub)

    def __mul__(self, other):
        return self._forward(other, operator.mul)

    def __rmul__(self, other):
        return self * other

    def __floordiv__(self, other):
        return self._forward(other, operator.floordiv)

    def __rfloordiv__(self, other):
        return Dimension._combine(as_dimension(other), self, operator.floordiv)

    def __truediv__(self, other):
        raise TypeError("unsupported operand type(s) for /: 'Dimension' and '{}', please use // instead".format(
            type(other).__name__))

    def __rtruediv__(self, other):
        raise TypeError("unsupported operand type(s) for /: '{}' and 'Dimension', please use // instead".format(
            type(other).__name__))

    def __mod__(self, other):
        return Dimension._combine(self, as_dimension(other), operator.mod)

    def __rmod__(self, other):
        return as_dimension(other) % self


def as_dimension(value):
    """`value` as a Dimension (a Dimension as it is)."""
    return value if isinstance(value, Dimension) else Dimension(value)


def _dim_value(d):
    # One dimension's value: an int (a Python int as it is, the common case) or None.
    if d is None:
        return None
    if isinstance(d, int):
        if d < 0:
            raise ValueError("Dimension %d must be >= 0" % d)
        return d
    return Dimension(d)._value


def _is_shape_proto(value):
    from . import protos
    return isinstance(value, protos.Message) and value._type == "TensorShapeProto"


class TensorShape:
    """The shape of a tensor: a list of dimensions (int, or None when unknown), or None for an unknown rank."""

    def __init__(self, dims):
        if isinstance(dims, (tuple, list)):  # the common case
            self._dims = tuple(_dim_value(d) for d in dims)
        elif dims is None:
            self._dims = None
        elif isinstance(dims, TensorShape):
            self._dims = dims._dims
        elif _is_shape_proto(dims):
            # A TensorShapeProto, where -1 stands for an unknown dimension.
            self._dims = None if dims.unknown_rank else tuple(None if d.size == -1 else d.size for d in dims.dim)
        else:
            try:
                items = iter(dims)
                first = next(items, _END)  # (a scalar tensor's iterator raises only here)
            except TypeError:
                self._dims = (_dim_value(dims),)  # one dimension
            else:
                values = []
                for d in items if first is _END else _chain((first,), items):
                    try:
                        values.append(_dim_value(d))
                    except TypeError as e:
                        raise TypeError(
                            "Failed to convert '{0!r}' to a shape: '{1!r}'could not be converted to a dimension. A "
                            "shape should either be single dimension (e.g. 10), or an iterable of dimensions (e.g. "
                            "[1, 10, None]).".format(dims, d)) from e
                self._dims = tuple(values)

    @property
    def rank(self):
        """The number of dimensions, or None when unknown."""
        return None if self._dims is None else len(self._dims)

    @property
    def ndims(self):
        """The number of dimensions, or None when unknown (the older name of rank)."""
        return self.rank

    @property
    def dims(self):
        """The dimensions as a list of tf.compat.v1.Dimension (None for an unknown rank); as_list()
        gives them as ints and Nones."""
        return None if self._dims is None else [Dimension(d) for d in self._dims]

    def as_list(self):
        """The dimensions as a list of ints and Nones."""
        if self._dims is None:
            raise ValueError("as_list() is not defined on an unknown TensorShape.")
        return list(self._dims)

    def as_proto(self):
        """The shape as a TensorShapeProto (-1 for an unknown dimension)."""
        from . import protos
        if self._dims is None:
            return protos.TensorShapeProto(unknown_rank=True)
        return protos.TensorShapeProto(dim=[protos.TensorShapeProto.Dim(size=-1 if d is None else d)
                                            for d in self._dims])

    experimental_as_proto = as_proto

    @classmethod
    def experimental_from_proto(cls, proto):
        """The TensorShape a TensorShapeProto describes."""
        return TensorShape(proto)

    @classmethod
    def experimental_type_proto(cls):
        """The message class TensorShape serializes to (TensorShapeProto)."""
        from . import protos
        return protos.TensorShapeProto

    def is_fully_defined(self):
        """True when the rank and every dimension are known."""
        return self._dims is not None and all(d is not None for d in self._dims)

    def assert_is_fully_defined(self):
        """Raises ValueError unless the rank and every dimension are known."""
        if not self.is_fully_defined():
            raise ValueError("Shape %s is not fully defined" % self)

    def num_elements(self):
        """The number of elements, or None if any dimension is unknown."""
        if not self.is_fully_defined():
            return None
        return functools.reduce(operator.mul, self._dims, 1)

    def is_compatible_with(self, other):
        """True if some fully defined shape could match both."""
        other = as_shape(other)
        if self._dims is None or other._dims is None:
            return True
        return len(self._dims) == len(other._dims) and all(
            a is None or b is None or a == b for a, b in zip(self._dims, other._dims))

    def assert_is_compatible_with(self, other):
        """Raises ValueError unless `other` is compatible with this shape."""
        if not self.is_compatible_with(other):
            raise ValueError("Shapes %s and %s are incompatible" % (self, other))

    def merge_with(self, other):
        """The shape with what either shape knows of each dimension; ValueError("Shapes %s and %s are
        not compatible") when their ranks or known dimensions differ."""
        other = as_shape(other)
        if self._dims is None:
            return other
        if other._dims is None:
            return self
        if len(self._dims) != len(other._dims) or not all(
                a is None or b is None or a == b for a, b in zip(self._dims, other._dims)):
            raise ValueError("Shapes %s and %s are not compatible" % (self, other))
        return TensorShape([b if a is None else a for a, b in zip(self._dims, other._dims)])

    def most_specific_compatible_shape(self, other):
        """The most specific shape compatible with both: unknown where their dimensions differ or
        are unknown, of unknown rank when their ranks differ."""
        other = as_shape(other)
        if self._dims is None or other._dims is None or len(self._dims) != len(other._dims):
            return TensorShape(None)
        return TensorShape([a if a is not None and a == b else None for a, b in zip(self._dims, other._dims)])

    def is_subtype_of(self, other):
        """True if `other` (a TensorShape) can stand for this shape: of unknown rank, or of the same
        rank with each dimension equal or unknown."""
        if not isinstance(other, TensorShape):
            return False
        if other._dims is None:
            return True
        if self.rank != other.rank:
            return False
        return all(o is None or s == o for s, o in zip(self._dims, other._dims))

    def most_specific_common_supertype(self, others):
        """The most specific shape all of self and `others` (TensorShapes) are subtypes of; None if
        any of `others` is not a TensorShape."""
        if any(not isinstance(other, TensorShape) for other in others):
            return None
        if self._dims is None or any(other._dims is None or self.rank != other.rank for other in others):
            return TensorShape(None)
        return TensorShape([d if all(d == other._dims[i] for other in others) else None
                            for i, d in enumerate(self._dims)])

    def concatenate(self, other):
        """This shape followed by `other`'s dimensions (of unknown rank if either is)."""
        other = as_shape(other)
        if self._dims is None or other._dims is None:
            return TensorShape(None)
        return TensorShape(self._dims + other._dims)

    def __add__(self, other):
        return self.concatenate(other)

    def __radd__(self, other):
        return as_shape(other).concatenate(self)

    __concat__ = __add__

    def assert_same_rank(self, other):
        """Raises ValueError if both ranks are known and differ."""
        other = as_shape(other)
        if self.rank is not None and other.rank is not None and self.rank != other.rank:
            raise ValueError("Shapes %s and %s must have the same rank" % (self, other))

    def assert_has_rank(self, rank):
        """Raises ValueError if the rank is known and is not `rank`."""
        if self.rank not in (None, rank):
            raise ValueError("Shape %s must have rank %d" % (self, rank))

    def with_rank(self, rank):
        """This shape with rank `rank` (an unknown rank becomes `rank` unknown dimensions)."""
        try:
            return self.merge_with(unknown_shape(rank=rank))
        except ValueError:
            raise ValueError("Shape %s must have rank %d" % (self, rank)) from None

    def with_rank_at_least(self, rank):
        """This shape, if its rank is unknown or at least `rank`; else ValueError."""
        if self.rank is not None and self.rank < rank:
            raise ValueError("Shape %s must have rank at least %d" % (self, rank))
        return self

    def with_rank_at_most(self, rank):
        """This shape, if its rank is unknown or at most `rank`; else ValueError."""
        if self.rank is not None and self.rank > rank:
            raise ValueError("Shape %s must have rank at most %d" % (self, rank))
        return self

    def __bool__(self):
        # True unless the rank is unknown (a scalar's shape () is true).
        return self._dims is not None

    def __len__(self):
        if self._dims is None:
            raise ValueError("Cannot take the length of shape with unknown rank.")
        return len(self._dims)

    def __iter__(self):
        if self._dims is None:
            raise ValueError("Cannot iterate over a shape with unknown rank.")
        return iter(self._dims)

    def __getitem__(self, key):
        if self._dims is not None:
            if isinstance(key, slice):
                return TensorShape(self._dims[key])
            return self._dims[key]
        if not isinstance(key, slice):
            return None
        # A slice of a shape of unknown rank: of known rank only for non-negative start and stop.
        if key.step is not None:
            raise ValueError("Steps are not yet handled")
        start = 0 if key.start is None else key.start
        if key.stop is None or start < 0 or key.stop < 0:
            return TensorShape(None)
        return unknown_shape(rank=key.stop - start)

    def __eq__(self, other):
        try:
            other = as_shape(other)
        except TypeError:
            return NotImplemented
        return self._dims == other._dims

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self):
        return hash(self._dims)

    def __reduce__(self):
        return TensorShape, (self.dims,)

    def __repr__(self):
        if self._dims is None:
            return "TensorShape(None)"
        return "TensorShape(%s)" % (list(self._dims),)

    def __str__(self):
        if self._dims is None:
            return "<unknown>"
        if len(self._dims) == 1:
            return "(%s,)" % (self._dims[0],)
        return "(" + ", ".join(str(d) for d in self._dims) + ")"


def as_shape(shape):
    """`shape` as a TensorShape (a TensorShape as it is)."""
    return shape if isinstance(shape, TensorShape) else TensorShape(shape)


def unknown_shape(rank=None):
    """A shape of unknown rank, or of `rank` unknown dimensions."""
    return TensorShape(None) if rank is None else TensorShape([None] * rank)


def dimension_value(dimension):
    """tf.compat.dimension_value: a Dimension's value (an int or None); anything else as it is."""
    if isinstance(dimension, Dimension):
        return dimension.value
    return dimension


def dimension_at_index(shape, index):
    """tf.compat.dimension_at_index: dimension `index` of TensorShape `shape` as a Dimension
    (an unknown one when the rank is unknown)."""
    assert isinstance(shape, TensorShape)
    if shape.rank is None:
        return Dimension(None)
    return shape.dims[index]
