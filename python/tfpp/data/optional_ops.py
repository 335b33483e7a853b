"""tf.experimental.Optional: a value that may be absent, as TensorFlow's; a variant scalar (the C++
core's optional) that flows through tf.function and tf.cond like a tensor (a composite whose one
component is that variant), with the element's structure kept by its OptionalSpec."""

from .. import _tfpp
from .. import type_spec
from . import structure

_data = _tfpp._data


class OptionalSpec(type_spec.TypeSpec):
    """The type of an Optional: the element_spec of the value it may hold (tf.OptionalSpec)."""

    def __init__(self, element_spec):
        self._element_spec = element_spec

    element_spec = property(lambda self: self._element_spec, doc="The structure of the value's TensorSpecs.")

    @property
    def value_type(self):
        return Optional

    def _fields(self):
        return (repr(self._element_spec),)

    def __repr__(self):
        return "OptionalSpec(%r,)" % (self._element_spec,)  # TensorFlow prints its serialized fields

    @property
    def _component_specs(self):
        return [_tfpp.TensorSpec([], _tfpp.variant)]

    def _to_components(self, value):
        return [value._variant]

    def _from_components(self, components):
        return Optional(components[0], self._element_spec)

    def _to_tensor_list(self, value):
        raise TypeError("tfpp's tf.data does not carry an Optional as (part of) a dataset element")

    def is_compatible_with(self, value):
        spec = value._type_spec if hasattr(value, "_type_spec") else value
        return isinstance(spec, OptionalSpec) and spec == self


class Optional:
    """A value (a structure of tensors) or nothing: Optional.from_value, Optional.empty, and
    Iterator.get_next_as_optional make one; has_value() and get_value() read it eagerly or inside a
    tf.function."""

    def __init__(self, variant, element_spec):
        self._variant = variant  # the optional's variant scalar (a placeholder inside a trace)
        self._element_spec = element_spec

    @staticmethod
    def from_value(value):
        """An Optional holding `value` (a structure of tensors or values convertible to them)."""
        value = structure.normalize(value)
        spec = structure.specs_of(value)
        return Optional(_data.optional_from_value(structure.to_flat(spec, value)), spec)

    @staticmethod
    def empty(element_spec):
        """An Optional holding nothing, of a value of `element_spec`."""
        return Optional(_data.optional_none(), element_spec)

    @property
    def element_spec(self):
        """The structure of TensorSpecs of the value."""
        return self._element_spec

    @property
    def _type_spec(self):
        return OptionalSpec(self._element_spec)

    def has_value(self, name=None):
        """Whether the Optional holds a value, a bool scalar."""
        del name  # tfpp names nodes by op
        return _data.optional_has_value(self._variant)

    def get_value(self, name=None):
        """The value; InvalidArgumentError "The given optional does not have a value." when empty."""
        del name
        tensors = _data.optional_get_value(self._variant, structure.flat_specs(self._element_spec))
        return structure.pack(self._element_spec, tensors)
