"""tf.nest's core for tfpp's own use: flattening nested lists, tuples and dicts to their leaves and
packing leaves back into a structure. None counts as an empty structure, as in tf.cond's results."""


def flatten(structure, none_is_leaf=False):
    """The leaves of `structure` in order (dicts by sorted key, as TensorFlow orders them). With
    none_is_leaf, None is a leaf as in tf.nest (a gradient of None), not an empty structure."""
    leaves = []
    _flatten_into(structure, leaves, none_is_leaf)
    return leaves


def _flatten_into(value, leaves, none_is_leaf):
    if value is None and not none_is_leaf:
        return
    if isinstance(value, dict):
        for key in sorted(value):
            _flatten_into(value[key], leaves, none_is_leaf)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _flatten_into(item, leaves, none_is_leaf)
    else:
        leaves.append(value)


def pack_sequence_as(structure, flat, none_is_leaf=False):
    """`structure` with its leaves replaced, in order, by the items of `flat` (None a leaf as in flatten)."""
    leaves = iter(flat)
    packed = _pack(structure, leaves, none_is_leaf)
    if next(leaves, _END) is not _END:
        raise ValueError("pack_sequence_as: more values than the structure has leaves")
    return packed


_END = object()


def _pack(value, leaves, none_is_leaf):
    if value is None and not none_is_leaf:
        return None
    if isinstance(value, dict):
        packed = {key: _pack(value[key], leaves, none_is_leaf) for key in sorted(value)}
        return type(value)((key, packed[key]) for key in value)
    if isinstance(value, (list, tuple)):
        items = [_pack(item, leaves, none_is_leaf) for item in value]
        return type(value)(*items) if hasattr(value, "_fields") else type(value)(items)
    return next(leaves)


def assert_same_structure(a, b, check_types=True, expand_composites=False):
    """Raises ValueError unless a and b nest the same containers with the same number of leaves."""
    if _shape_of(a) != _shape_of(b):
        raise ValueError("The two structures don't have the same nested structure.\n\nFirst structure: %s\n\n"
                         "Second structure: %s" % (_describe(a), _describe(b)))


def _shape_of(value):
    if value is None:
        return None
    if isinstance(value, dict):
        return ("dict", tuple((k, _shape_of(value[k])) for k in sorted(value)))
    if isinstance(value, (list, tuple)):
        return ("seq", tuple(_shape_of(v) for v in value))
    return "."


def _describe(value):
    if isinstance(value, dict):
        return "{%s}" % ", ".join("%r: %s" % (k, _describe(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return "%s(%s)" % (type(value).__name__, ", ".join(_describe(v) for v in value))
    return "." if value is not None else "None"


def map_structure(fn, *structures, check_types=True, expand_composites=False):
    """The first structure with fn applied to the leaves at each position of all the structures
    (which must nest alike)."""
    if not structures:
        raise ValueError("Must provide at least one structure")
    for other in structures[1:]:
        assert_same_structure(structures[0], other)
    leaves = zip(*[flatten(s) for s in structures])
    return pack_sequence_as(structures[0], [fn(*at_position) for at_position in leaves])


def is_nested(seq):
    """Whether `seq` is a structure (a list, tuple or dict) rather than a leaf."""
    return isinstance(seq, (list, tuple, dict))
