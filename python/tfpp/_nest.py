"""tf.nest's core for tfpp's own use: flattening nested lists, tuples and dicts to their leaves and
packing leaves back into a structure. None counts as an empty structure, as in tf.cond's results.
With expand_composites, a composite tensor (RaggedTensor, SparseTensor, extension type) is the
structure of its components, as tf.function and control flow carry it."""


def composite_spec(value):
    """The type spec of a composite tensor (not a TensorSpec), else None."""
    spec = getattr(value, "_type_spec", None)
    return spec if spec is not None and hasattr(spec, "_to_components") else None


def flatten(structure, none_is_leaf=False, expand_composites=False):
    """The leaves of `structure` in order (dicts by sorted key, as TensorFlow orders them). With
    none_is_leaf, None is a leaf as in tf.nest (a gradient of None), not an empty structure."""
    leaves = []
    _flatten_into(structure, leaves, none_is_leaf, expand_composites)
    return leaves


def _flatten_into(value, leaves, none_is_leaf, expand_composites):
    if value is None and not none_is_leaf:
        return
    if isinstance(value, dict):
        for key in sorted(value):
            _flatten_into(value[key], leaves, none_is_leaf, expand_composites)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _flatten_into(item, leaves, none_is_leaf, expand_composites)
    elif expand_composites and composite_spec(value) is not None:
        leaves.extend(composite_spec(value)._to_components(value))
    else:
        leaves.append(value)


def pack_sequence_as(structure, flat, none_is_leaf=False, expand_composites=False):
    """`structure` with its leaves replaced, in order, by the items of `flat` (None a leaf as in flatten)."""
    leaves = iter(flat)
    packed = _pack(structure, leaves, none_is_leaf, expand_composites)
    if next(leaves, _END) is not _END:
        raise ValueError("pack_sequence_as: more values than the structure has leaves")
    return packed


_END = object()


def _pack(value, leaves, none_is_leaf, expand_composites):
    if value is None and not none_is_leaf:
        return None
    if isinstance(value, dict):
        packed = {key: _pack(value[key], leaves, none_is_leaf, expand_composites) for key in sorted(value)}
        return type(value)((key, packed[key]) for key in value)
    if isinstance(value, (list, tuple)):
        items = [_pack(item, leaves, none_is_leaf, expand_composites) for item in value]
        return type(value)(*items) if hasattr(value, "_fields") else type(value)(items)
    spec = composite_spec(value) if expand_composites else None
    if spec is None and expand_composites and hasattr(value, "_component_specs"):
        spec = value  # a type spec standing for its value
    if spec is not None:
        return spec._from_components([next(leaves) for _ in spec._component_specs])
    return next(leaves)


def assert_same_structure(a, b, check_types=True, expand_composites=False, none_is_leaf=False):
    """Raises ValueError unless a and b nest the same containers with the same number of leaves."""
    if _shape_of(a, expand_composites, none_is_leaf) != _shape_of(b, expand_composites, none_is_leaf):
        raise ValueError("The two structures don't have the same nested structure.\n\nFirst structure: %s\n\n"
                         "Second structure: %s" % (_describe(a), _describe(b)))


def _shape_of(value, expand_composites=False, none_is_leaf=False):
    if value is None and not none_is_leaf:
        return None
    if isinstance(value, dict):
        return ("dict", tuple((k, _shape_of(value[k], expand_composites, none_is_leaf)) for k in sorted(value)))
    if isinstance(value, (list, tuple)):
        return ("seq", tuple(_shape_of(v, expand_composites, none_is_leaf) for v in value))
    spec = composite_spec(value) if expand_composites else None
    if spec is not None:
        return (type(spec), len(spec._component_specs))
    return "."


def _describe(value):
    if isinstance(value, dict):
        return "{%s}" % ", ".join("%r: %s" % (k, _describe(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return "%s(%s)" % (type(value).__name__, ", ".join(_describe(v) for v in value))
    return "." if value is not None else "None"


def map_structure(fn, *structures, check_types=True, expand_composites=False, none_is_leaf=False):
    """The first structure with fn applied to the leaves at each position of all the structures
    (which must nest alike)."""
    if not structures:
        raise ValueError("Must provide at least one structure")
    for other in structures[1:]:
        assert_same_structure(structures[0], other, expand_composites=expand_composites, none_is_leaf=none_is_leaf)
    leaves = zip(*[flatten(s, none_is_leaf, expand_composites) for s in structures])
    return pack_sequence_as(structures[0], [fn(*at_position) for at_position in leaves], none_is_leaf,
                            expand_composites)


def is_nested(seq):
    """Whether `seq` is a structure (a list, tuple or dict) rather than a leaf."""
    return isinstance(seq, (list, tuple, dict))
