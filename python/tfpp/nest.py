"""tf.nest: TensorFlow's public functions over nested lists, tuples and dicts, where None is a leaf
as in TensorFlow (tfpp's internal nest takes None for an empty structure, as tf.cond's results
need) and `expand_composites` takes composite tensors apart into their component tensors."""

from . import _nest


def flatten(structure, expand_composites=False):
    """The leaves of `structure` in order (dicts by sorted key)."""
    return _nest.flatten(structure, True, expand_composites)


def pack_sequence_as(structure, flat_sequence, expand_composites=False):
    """`structure` with its leaves replaced, in order, by the items of `flat_sequence`."""
    return _nest.pack_sequence_as(structure, flat_sequence, True, expand_composites)


def assert_same_structure(nest1, nest2, check_types=True, expand_composites=False):
    """Raises ValueError unless the two structures nest the same containers and leaves."""
    _nest.assert_same_structure(nest1, nest2, check_types, expand_composites, none_is_leaf=True)


def map_structure(func, *structure, **kwargs):
    """The first structure with func applied to the leaves at each position of all the structures
    (keywords check_types and expand_composites)."""
    unknown = set(kwargs) - {"check_types", "expand_composites"}
    if unknown:
        raise ValueError("Only valid keyword arguments are `check_types` and `expand_composites`, not: `%s`" %
                         "`, `".join(sorted(unknown)))
    return _nest.map_structure(func, *structure, none_is_leaf=True, **kwargs)


is_nested = _nest.is_nested
