"""Elements of tf.data datasets as TensorFlow structures them: tuples and dicts nest, everything
else (lists included, as tf.data treats them) is one tensor or composite tensor (SparseTensor). A
dataset's element_spec is such a structure of TensorSpecs and composite type specs; the C++
pipeline carries its leaves as a flat list of tensors, a composite as its spec's tensor list."""

import numpy as _np

from .. import _tfpp
from .. import _nest as nest
from .. import type_spec
from ..extension_type import ExtensionTypeSpec


def is_structure(value):
    """Whether tf.data nests into `value` (tuples, named tuples and dicts) instead of converting it."""
    return isinstance(value, (tuple, dict))


def normalize(value):
    """`value` with every leaf a tensor: Python values and lists become tensors (a list of tensors
    is stacked, as tf.data converts a function's list result)."""
    if isinstance(value, dict):
        return type(value)((k, normalize(v)) for k, v in value.items())
    if isinstance(value, tuple):
        items = [normalize(v) for v in value]
        return type(value)(*items) if hasattr(value, "_fields") else tuple(items)
    if type_spec.is_composite(value):
        return value
    return to_tensor(value)


def to_tensor(value):
    """One leaf as a tensor."""
    if isinstance(value, _tfpp.Tensor):
        return value
    if isinstance(value, _tfpp.Variable):
        return value.read_value()
    if isinstance(value, list) and any(isinstance(v, (_tfpp.Tensor, _tfpp.Variable, list)) for v in value):
        return _tfpp.stack([to_tensor(v) for v in value])
    return _tfpp._convert_to_tensor(value)


def spec_of(tensor, name=None):
    """The TensorSpec of one tensor (the type spec of a composite tensor)."""
    if type_spec.is_composite(tensor):
        return tensor._type_spec
    return _tfpp.TensorSpec(tensor.shape, tensor.dtype, name)


def flat_specs(element_spec):
    """The TensorSpecs of the tensors the pipeline carries for a structure, in its order."""
    specs = []
    for spec in nest.flatten(element_spec):
        specs.extend(spec._flat_tensor_specs if type_spec.is_composite_spec(spec) else [spec])
    return specs


def to_flat(element_spec, element):
    """The tensors the pipeline carries for `element` (of `element_spec`), in its order."""
    tensors = []
    for spec, leaf in zip(nest.flatten(element_spec), nest.flatten(element)):
        tensors.extend(spec._to_tensor_list(leaf) if type_spec.is_composite_spec(spec) else [leaf])
    return tensors


def batched(spec, batch_size):
    """The spec of `batch_size` stacked values of `spec` (None: unknown)."""
    if type_spec.is_composite_spec(spec):
        return spec._batch(batch_size)
    if spec.shape.rank is None:
        raise ValueError("Cannot batch tensors of unknown rank: %r" % (spec,))
    return _tfpp.TensorSpec([batch_size] + spec.shape.as_list(), spec.dtype)


def unbatched(spec):
    """The spec of one row of a value of `spec`."""
    if type_spec.is_composite_spec(spec):
        return spec._unbatch()
    if spec.shape.rank == 0:
        raise ValueError("Cannot unbatch an input with scalar components.")
    return _tfpp.TensorSpec(None if spec.shape.rank is None else spec.shape.as_list()[1:], spec.dtype)


def specs_of(element):
    """The element_spec of a structure of tensors."""
    return nest.map_structure(spec_of, element)


def pack(element_spec, tensors):
    """Tensors in the pipeline's order packed into the structure of `element_spec`, composite
    tensors rebuilt from theirs."""
    tensors = iter(tensors)
    leaves = []
    for spec in nest.flatten(element_spec):
        if type_spec.is_composite_spec(spec):
            leaves.append(spec._from_tensor_list([next(tensors) for _ in spec._flat_tensor_specs]))
        else:
            leaves.append(next(tensors))
    if next(tensors, None) is not None:
        raise ValueError("pack: more tensors than the element_spec %r has" % (element_spec,))
    return nest.pack_sequence_as(element_spec, leaves)


def flatten_up_to(element_spec, value):
    """The leaves of `value` where `element_spec` has its leaves (a leaf of the spec may be a list
    in `value`, as a generator's element)."""
    if isinstance(element_spec, dict):
        if not isinstance(value, dict):
            raise TypeError("`generator` yielded an element that did not match the expected structure: "
                            "expected a dict, got %r" % (value,))
        leaves = []
        for key in sorted(element_spec):
            leaves.extend(flatten_up_to(element_spec[key], value[key]))
        return leaves
    if isinstance(element_spec, tuple):
        if not isinstance(value, (tuple, list)) or len(value) != len(element_spec):
            raise TypeError("`generator` yielded an element that did not match the expected structure. The "
                            "expected structure was %s, but the yielded element was %r." % (
                                _structure_text(element_spec), value))
        leaves = []
        for spec, item in zip(element_spec, value):
            leaves.extend(flatten_up_to(spec, item))
        return leaves
    return [value]


def _structure_text(element_spec):
    return repr(nest.map_structure(lambda spec: spec.dtype, element_spec))


def generated_tensors(element_spec, leaves):
    """The tensors the pipeline carries for a generator's element (its leaves where element_spec
    has them): tensors converted to their spec's dtype, composite tensors as their tensor lists."""
    tensors = []
    for spec, leaf in zip(nest.flatten(element_spec), leaves):
        if not type_spec.is_composite_spec(spec):
            tensors.append(leaf_for_spec(leaf, spec))
        elif type_spec.is_composite(leaf) and spec.is_compatible_with(leaf):
            tensors.extend(spec._to_tensor_list(leaf))
        else:
            raise TypeError("`generator` yielded an element of %r where an element of %r was expected." % (
                getattr(leaf, "_type_spec", type(leaf).__name__), spec))
    return tensors


def leaf_for_spec(value, spec):
    """A generator's leaf as a tensor of the spec's dtype, converted as NumPy converts it."""
    if isinstance(value, (_tfpp.Tensor, _tfpp.Variable)):
        value = value.numpy()
    if spec.dtype == _tfpp.string:
        return _tfpp.constant(value, dtype=_tfpp.string)
    return _tfpp.constant(_np.asarray(value, dtype=spec.dtype.as_numpy_dtype))


def most_specific_compatible(a, b):
    """The spec compatible with both (unknown where their dims differ)."""
    if isinstance(a, ExtensionTypeSpec):
        common = a.most_specific_common_supertype([b])
        if common is None:
            raise TypeError("Incompatible dataset elements:\n  %r vs.   %r" % (a, b))
        return common
    if type_spec.is_composite_spec(a):
        if type(a) is not type(b) or a._with_shape(b.shape) != b:
            raise TypeError("Incompatible dataset elements:\n  %r vs.   %r" % (a, b))
        return a._with_shape(type_spec.most_specific_shape(a.shape, b.shape))
    if a.shape.rank is None or b.shape.rank is None or a.shape.rank != b.shape.rank:
        return _tfpp.TensorSpec(None, a.dtype)
    dims = [x if x == y else None for x, y in zip(a.shape.as_list(), b.shape.as_list())]
    return _tfpp.TensorSpec(dims, a.dtype)
