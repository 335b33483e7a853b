"""What Tensor.ref() and Variable.ref() return: a hashable stand-in for a tensor or variable, equal
to another only when both stand for the same object, so tensors can key dicts and fill sets."""


class Reference:
    """A tensor or variable compared and hashed by identity; deref() gives it back."""

    __slots__ = ("_wrapped",)

    def __init__(self, wrapped):
        self._wrapped = wrapped

    def deref(self):
        """The tensor or variable this reference stands for."""
        return self._wrapped

    def _other(self, other):
        if not isinstance(other, Reference):
            raise TypeError("Cannot compare wrapped object with unwrapped object")
        return other._wrapped

    def __eq__(self, other):
        return other is not None and self._wrapped is self._other(other)

    def __ne__(self, other):
        return not self.__eq__(other)

    def __lt__(self, other):  # an order, so lists of references sort
        return id(self._wrapped) < id(self._other(other))

    def __hash__(self):
        return id(self._wrapped)

    def __repr__(self):
        return "<Reference wrapping %r>" % (self._wrapped,)
