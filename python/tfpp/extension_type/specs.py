"""The type specs of extension types (tf.experimental.ExtensionTypeSpec): one generated per
extension type as its nested `Spec` class, holding a field's TensorSpec where the value holds a
tensor, a composite's TypeSpec where it holds a composite, and Python fields as they are.

An extension type goes through tf.function, tf.cond, tf.while_loop and tf.map_fn as its
components, the tensors of its fields in field order (mappings by sorted key, nested composites
expanded); tf.data carries them as they are, so Dataset.batch stacks each one, which is what
batching a BatchableExtensionType means (its TensorShape fields, the batch shape by TensorFlow's
convention, gain the batch dimension).
"""

import collections.abc

from .. import _tfpp
from .. import type_spec
from ..tensor_shape import TensorShape
from . import fields as _fields
from .immutable_dict import ImmutableDict


def spec_of_field(value):
    """The Spec form of a value's field: TensorSpecs for tensors, TypeSpecs for composites."""
    if isinstance(value, _tfpp.Tensor):
        return _tfpp.TensorSpec(value.shape, value.dtype)
    if type_spec.is_composite(value):
        return value._type_spec
    if isinstance(value, tuple):
        return tuple(spec_of_field(item) for item in value)
    if isinstance(value, ImmutableDict):
        return ImmutableDict((k, spec_of_field(v)) for k, v in value.items())
    return value


def _map_leaves(spec, on_leaf, on_other=lambda v: v):
    """The field `spec` with each TensorSpec and composite spec replaced by on_leaf(spec) and each
    Python value by on_other(value), tuples and mappings rebuilt (mappings visited by sorted key,
    the order components take)."""
    if isinstance(spec, _tfpp.TensorSpec) or type_spec.is_composite_spec(spec):
        return on_leaf(spec)
    if isinstance(spec, tuple):
        return tuple(_map_leaves(item, on_leaf, on_other) for item in spec)
    if isinstance(spec, collections.abc.Mapping):
        mapped = {k: _map_leaves(spec[k], on_leaf, on_other) for k in sorted(spec)}
        return ImmutableDict((k, mapped[k]) for k in spec)
    return on_other(spec)


def _leaves(spec, value=None):
    """(leaf spec, leaf value) of a field's TensorSpecs and composite specs, in component order."""
    pairs = []
    if isinstance(spec, _tfpp.TensorSpec) or type_spec.is_composite_spec(spec):
        pairs.append((spec, value))
    elif isinstance(spec, tuple):
        for i, item in enumerate(spec):
            pairs.extend(_leaves(item, None if value is None else value[i]))
    elif isinstance(spec, collections.abc.Mapping):
        for k in sorted(spec):
            pairs.extend(_leaves(spec[k], None if value is None else value[k]))
    return pairs


def _freeze(spec):
    """A hashable form of a Spec's field, for equality and hashing."""
    if isinstance(spec, _tfpp.TensorSpec):
        return ("TensorSpec", spec.shape.rank is not None and tuple(spec.shape.as_list()), spec.dtype.name, spec.name)
    if isinstance(spec, type_spec.TypeSpec):
        return (type(spec).__qualname__,) + tuple(_freeze(f) for f in spec._fields())
    if isinstance(spec, tuple):
        return ("tuple",) + tuple(_freeze(item) for item in spec)
    if isinstance(spec, collections.abc.Mapping):
        return ("mapping",) + tuple((k, _freeze(spec[k])) for k in sorted(spec))
    if isinstance(spec, TensorShape):
        return ("TensorShape", spec.rank is not None and tuple(spec.as_list()))
    if isinstance(spec, _tfpp.DType):
        return ("DType", spec.name)
    return spec


def _field_text(value):
    # A Spec prints its mapping fields as dicts.
    if isinstance(value, collections.abc.Mapping):
        return "{%s}" % ", ".join("%r: %s" % (k, _field_text(v)) for k, v in value.items())
    if isinstance(value, tuple):
        items = [_field_text(item) for item in value]
        return "(%s)" % (items[0] + "," if len(items) == 1 else ", ".join(items))
    return repr(value)


def _compatible(a, b):
    """Whether field specs `a` and `b` describe values of one type (shapes compatible)."""
    if isinstance(a, (_tfpp.TensorSpec, type_spec.TypeSpec)):
        return type(a) is type(b) and a.is_compatible_with(b)
    if isinstance(a, tuple):
        return isinstance(b, tuple) and len(a) == len(b) and all(_compatible(x, y) for x, y in zip(a, b))
    if isinstance(a, collections.abc.Mapping):
        return (isinstance(b, collections.abc.Mapping) and sorted(a) == sorted(b) and
                all(_compatible(a[k], b[k]) for k in a))
    return _freeze(a) == _freeze(b)


_NO_SUPERTYPE = object()


def _supertype(a, b):
    """The most specific field spec both `a` and `b` fit, or _NO_SUPERTYPE."""
    if isinstance(a, (_tfpp.TensorSpec, type_spec.TypeSpec)):
        if type(a) is not type(b):
            return _NO_SUPERTYPE
        if hasattr(a, "most_specific_common_supertype"):
            common = a.most_specific_common_supertype([b])
            return _NO_SUPERTYPE if common is None else common
        return a if a == b else _NO_SUPERTYPE
    if isinstance(a, tuple):
        if not isinstance(b, tuple) or len(a) != len(b):
            return _NO_SUPERTYPE
        items = tuple(_supertype(x, y) for x, y in zip(a, b))
        return _NO_SUPERTYPE if any(item is _NO_SUPERTYPE for item in items) else items
    if isinstance(a, collections.abc.Mapping):
        if not isinstance(b, collections.abc.Mapping) or sorted(a) != sorted(b):
            return _NO_SUPERTYPE
        items = {k: _supertype(a[k], b[k]) for k in a}
        return _NO_SUPERTYPE if any(v is _NO_SUPERTYPE for v in items.values()) else ImmutableDict(items)
    return a if _freeze(a) == _freeze(b) else _NO_SUPERTYPE


class ExtensionTypeSpec(type_spec.TypeSpec):
    """tf.experimental.ExtensionTypeSpec: the base of every extension type's `Spec`."""

    # Set on each generated Spec class: the extension type it describes.
    _value_type = None

    @property
    def value_type(self):
        return self._value_type

    @classmethod
    def _from_fields(cls, values):
        """A Spec holding `values` (already in Spec form), without its constructor."""
        spec = object.__new__(cls)
        spec.__dict__.update(values)
        return spec

    @classmethod
    def _tf_extension_type_fields(cls):
        return cls._value_type._tf_extension_type_fields()

    @classmethod
    def from_value(cls, value):
        """The Spec of an extension type value."""
        return value._type_spec

    def _field_items(self):
        return [(f.name, self.__dict__[f.name]) for f in self._tf_extension_type_fields()]

    def _serialize(self):
        return tuple(self._field_items())

    def _fields(self):
        return tuple((name, _freeze(value)) for name, value in self._field_items())

    def __eq__(self, other):
        return type(self) is type(other) and self._fields() == other._fields()

    def __hash__(self):
        return hash((type(self).__qualname__,) + self._fields())

    def __repr__(self):
        return "%s(%s)" % (type(self).__qualname__,
                           ", ".join("%s=%s" % (name, _field_text(v)) for name, v in self._field_items()))

    def __validate__(self):
        """Checks a new Spec; override to add checks."""

    def __setattr__(self, name, value):
        refuse_mutation(self, name, value)

    def __delattr__(self, name):
        raise AttributeError("Cannot mutate attribute `%s` outside the custom constructor of ExtensionTypeSpec." % name)

    # Components: what tf.function, tf.cond and tf.while_loop carry.

    def _leaf_pairs(self, value=None):
        pairs = []
        for name, spec in self._field_items():
            pairs.extend(_leaves(spec, None if value is None else value.__dict__[name]))
        return pairs

    @property
    def _component_specs(self):
        return self._flat_leaves(lambda leaf, _: leaf._component_specs)

    def _to_components(self, value):
        return self._flat_leaves(lambda leaf, item: leaf._to_components(item), value)

    def _from_components(self, components):
        return self._rebuilt(components, lambda leaf, flat: leaf._from_components(flat),
                             lambda leaf: leaf._component_specs)

    # tf.data: tensors as they are, composites as their own tensor lists.

    @property
    def _flat_tensor_specs(self):
        return self._flat_leaves(lambda leaf, _: leaf._flat_tensor_specs)

    def _to_tensor_list(self, value):
        return self._flat_leaves(lambda leaf, item: leaf._to_tensor_list(item), value)

    def _from_tensor_list(self, tensors):
        return self._rebuilt(tensors, lambda leaf, flat: leaf._from_tensor_list(flat),
                             lambda leaf: leaf._flat_tensor_specs)

    def _flat_leaves(self, composite_part, value=None):
        """The TensorSpecs of the tensor leaves (their tensors in `value`, if given) and
        composite_part(spec, item) of the composite leaves, in component order."""
        flat = []
        for leaf, item in self._leaf_pairs(value):
            if isinstance(leaf, _tfpp.TensorSpec):
                flat.append(leaf if value is None else item)
            else:
                flat.extend(composite_part(leaf, item))
        return flat

    def _rebuilt(self, flat, composite_from, composite_specs):
        """The value whose _flat_leaves are `flat`: composite_from(spec, its part of flat) rebuilds
        a composite leaf, which takes len(composite_specs(spec)) items."""
        flat = iter(flat)

        def rebuild(leaf):
            if isinstance(leaf, _tfpp.TensorSpec):
                return next(flat)
            return composite_from(leaf, [next(flat) for _ in composite_specs(leaf)])
        return self._value_from(rebuild)

    def _value_from(self, rebuild_leaf):
        """The value this Spec describes, each leaf rebuilt by rebuild_leaf (without the value's
        constructor or __validate__, as TensorFlow rebuilds one)."""
        value = object.__new__(self._value_type)
        value.__dict__.update((name, _map_leaves(spec, rebuild_leaf)) for name, spec in self._field_items())
        return value

    # Relations between specs.

    def is_compatible_with(self, spec_or_value):
        other = spec_or_value if isinstance(spec_or_value, type_spec.TypeSpec) else getattr(
            spec_or_value, "_type_spec", None)
        return type(other) is type(self) and all(
            _compatible(a, b) for (_, a), (_, b) in zip(self._field_items(), other._field_items()))

    def is_subtype_of(self, other):
        return self.most_specific_common_supertype([other]) == other

    def most_specific_common_supertype(self, others):
        common = self
        for other in others:
            if type(other) is not type(self):
                return None
            items = {name: _supertype(a, b) for (name, a), (_, b) in zip(common._field_items(), other._field_items())}
            if any(v is _NO_SUPERTYPE for v in items.values()):
                return None
            common = type(self)._from_fields(items)
        return common


class BatchableExtensionTypeSpec(ExtensionTypeSpec):
    """The Spec of a BatchableExtensionType: batching stacks each tensor field and prepends the
    batch dimension to each TensorShape field."""

    def _batch(self, batch_size):
        def batch_leaf(leaf):
            if isinstance(leaf, _tfpp.TensorSpec):
                return _tfpp.TensorSpec(TensorShape([batch_size]).concatenate(leaf.shape), leaf.dtype)
            return leaf._batch(batch_size)

        def batch_other(value):
            return TensorShape([batch_size]).concatenate(value) if isinstance(value, TensorShape) else value
        return self._mapped(batch_leaf, batch_other)

    def _unbatch(self):
        def unbatch_leaf(leaf):
            if isinstance(leaf, _tfpp.TensorSpec):
                if leaf.shape.rank == 0:
                    raise ValueError("Unbatching a tensor is only supported for rank >= 1")
                return _tfpp.TensorSpec(leaf.shape[1:], leaf.dtype)
            return leaf._unbatch()

        def unbatch_other(value):
            return value[1:] if isinstance(value, TensorShape) else value
        return self._mapped(unbatch_leaf, unbatch_other)

    def _mapped(self, on_leaf, on_other):
        return type(self)._from_fields({name: _map_leaves(spec, on_leaf, on_other) for name, spec in self._field_items()})

    @property
    def _unbatches_encoded(self):
        return True


def refuse_mutation(obj, name, value):
    """Sets a field inside a custom constructor; anything else is refused, as TensorFlow does."""
    if obj.__dict__.get("_tfpp_constructing") and _has_field(type(obj), name):
        obj.__dict__[name] = value
        return
    kind = "ExtensionTypeSpec" if isinstance(obj, ExtensionTypeSpec) else "ExtensionType"
    raise AttributeError("Cannot mutate attribute `%s` outside the custom constructor of %s." % (name, kind))


def _has_field(cls, name):
    return any(f.name == name for f in cls._tf_extension_type_fields())


def check_fields(obj, for_spec):
    """After a custom constructor: every field set, each converted to its type."""
    fields = obj._tf_extension_type_fields()
    missing = {f.name for f in fields if f.name not in obj.__dict__ and f.default is _fields.NO_DEFAULT}
    if missing:
        raise ValueError("Missing required fields: %s" % (missing,))
    for f in fields:
        value = obj.__dict__.get(f.name, f.default)
        obj.__dict__[f.name] = _fields.convert(value, f.value_type, f.name, for_spec)
