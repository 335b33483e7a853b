"""The Python-level methods of tf.TensorSpec (a class of the C++ core): TensorSpec.from_spec and
from_tensor, is_compatible_with (specs and tensors), the tracing relations is_subtype_of,
most_specific_common_supertype and most_specific_compatible_type, value_type, and pickling, as
TensorFlow's TensorSpec has them."""

from . import _tfpp

TensorSpec = _tfpp.TensorSpec


def _from_spec(cls, spec, name=None):
    """A TensorSpec with `spec`'s shape and dtype, named `name` (by default `spec.name`)."""
    return cls(spec.shape, spec.dtype, name or spec.name)


def _from_tensor(cls, tensor, name=None):
    """The TensorSpec of `tensor` (a tf.Tensor); a traced tensor's is named after its op unless
    `name` is given."""
    if not isinstance(tensor, _tfpp.Tensor):
        raise ValueError(f"`tensor` should be a tf.Tensor, but got type {type(tensor)}.")
    if tensor._is_symbolic():
        return TensorSpec(tensor.shape, tensor.dtype, name or tensor.name.rpartition(":")[0])
    return TensorSpec(tensor.shape, tensor.dtype, name)


def _is_compatible_with(self, spec_or_tensor):
    """True if `spec_or_tensor` (a TensorSpec or a tf.Tensor) has this dtype and a compatible shape."""
    return (isinstance(spec_or_tensor, (TensorSpec, _tfpp.Tensor)) and self.dtype == spec_or_tensor.dtype and
            self.shape.is_compatible_with(spec_or_tensor.shape))


def _is_subtype_of(self, other):
    """True if TensorSpec `other` stands for this one: the same dtype, a shape this one's is a
    subtype of, and the same name unless this one has none."""
    if not isinstance(other, TensorSpec):
        return False
    return ((not self.name or self.name == other.name) and self.shape.is_subtype_of(other.shape) and
            self.dtype == other.dtype)


def _most_specific_common_supertype(self, others):
    """The most specific TensorSpec all of self and `others` are subtypes of: their shapes' common
    supertype, when all are TensorSpecs of this dtype and name; else None."""
    if any(type(other) is not type(self) for other in others):
        return None
    if any(other.dtype != self.dtype or other.name != self.name for other in others):
        return None
    shape = self.shape.most_specific_common_supertype([other.shape for other in others])
    return TensorSpec(shape, self.dtype, self.name)


def _most_specific_compatible_type(self, other):
    """most_specific_common_supertype([other]), deprecated in TensorFlow; ValueError when there is none."""
    result = self.most_specific_common_supertype([other])
    if result is None:
        raise ValueError("No TypeSpec is compatible with both %s and %s" % (self, other))
    return result


def _hash(self):
    # By shape and dtype, as TensorFlow hashes a spec (specs differing only in name collide).
    return hash((self.shape, self.dtype.name))


def _reduce(self):
    return TensorSpec, (self.shape, self.dtype.name, self.name)


TensorSpec.from_spec = classmethod(_from_spec)
TensorSpec.from_tensor = classmethod(_from_tensor)
TensorSpec.is_compatible_with = _is_compatible_with
TensorSpec.is_subtype_of = _is_subtype_of
TensorSpec.most_specific_common_supertype = _most_specific_common_supertype
TensorSpec.most_specific_compatible_type = _most_specific_compatible_type
TensorSpec.value_type = property(lambda self: _tfpp.Tensor, doc="The Python type of the values described (tf.Tensor).")
TensorSpec.__hash__ = _hash
TensorSpec.__reduce__ = _reduce
