"""keras.tree: Keras 3's nested-structure utilities (flatten, map_structure, pack_sequence_as, ...), with
the semantics Keras gets from optree on the TensorFlow backend, in plain Python.

Nodes are lists, tuples, namedtuples, struct sequences, dicts (their values in sorted-key order, rebuilt
in their own key order), OrderedDicts (insertion order), defaultdicts and deques; everything else,
None included, is a leaf. Mismatched structures raise ValueError with optree's messages."""

import collections as _collections
import warnings as _warnings

__all__ = ["MAP_TO_NONE", "assert_same_paths", "assert_same_structure", "flatten", "flatten_with_path", "is_nested",
           "lists_to_tuples", "map_shape_structure", "map_structure", "map_structure_up_to", "pack_sequence_as",
           "traverse"]


class MAP_TO_NONE:
    """Special value for `traverse`: a function returning it replaces the sub-tree with None."""


_SAME_STRUCTURE = "Structures don't have the same nested structure."
_DICT_TYPES = (dict, _collections.OrderedDict, _collections.defaultdict)
_NODE_TYPES = _DICT_TYPES + (list, tuple, _collections.deque)


def _is_namedtuple(x):
    return isinstance(x, tuple) and hasattr(type(x), "_fields")


def _is_structseq(x):
    return isinstance(x, tuple) and hasattr(type(x), "n_sequence_fields")


def _sorted_keys(d):
    keys = list(d.keys())
    try:
        return sorted(keys)
    except TypeError:  # optree orders keys of mixed types by their type's name first
        try:
            return sorted(keys, key=lambda k: (type(k).__qualname__, k))
        except TypeError:
            return keys


class _Node:
    """One level of a structure: its kind, children (in flattening order), their path entries, and how
    to rebuild it from new children."""

    def __init__(self, x):
        self.value = x
        if type(x) is _collections.OrderedDict:
            self.kind, self.keys = "dict", list(x.keys())
        elif type(x) in _DICT_TYPES:
            self.kind, self.keys = "dict", _sorted_keys(x)
        elif _is_namedtuple(x) or _is_structseq(x):
            self.kind, self.keys = type(x), list(range(len(x)))
        elif type(x) in (list, tuple, _collections.deque):
            self.kind, self.keys = type(x), list(range(len(x)))
        elif x is None:
            self.kind, self.keys = None, []
        else:
            raise AssertionError("not a node")
        self.children = [x[k] for k in self.keys] if self.kind == "dict" else list(x or ())

    def rebuild(self, children):
        x = self.value
        if self.kind == "dict":
            by_key = dict(zip(self.keys, children))
            items = [(k, by_key[k]) for k in x.keys()]
            if type(x) is _collections.defaultdict:
                return _collections.defaultdict(x.default_factory, items)
            return type(x)(items)
        if self.kind is None:
            return None
        if _is_namedtuple(x):
            return type(x)(*children)
        if _is_structseq(x):
            return type(x)(children)
        if type(x) is _collections.deque:
            return _collections.deque(children, maxlen=x.maxlen)
        return type(x)(children)

    def children_of(self, other):
        """The children of `other` in this node's order; ValueError when `other` is not the same kind of node."""
        if self.kind == "dict":
            if type(other) not in _DICT_TYPES:
                raise ValueError("Expected an instance of dict, collections.OrderedDict, or collections.defaultdict, "
                                 "got %r." % (other,))
            if set(other.keys()) != set(self.keys):
                expected, got = _sorted_keys(self.value), _sorted_keys(other)
                message = "dictionary key mismatch; expected key(s): %r, got key(s): %r" % (expected, got)
                missing = [k for k in expected if k not in other]
                extra = [k for k in got if k not in self.value]
                if missing:
                    message += ", missing key(s): %r" % (missing,)
                if extra:
                    message += ", extra key(s): %r" % (extra,)
                raise ValueError(message + "; dict: %r." % (other,))
            return [other[k] for k in self.keys]
        if self.kind is None:
            if other is not None:
                raise ValueError("Expected None, got %r." % (other,))
            return []
        if isinstance(self.kind, type) and self.kind not in (list, tuple, _collections.deque):
            if _is_namedtuple(self.value):
                if not _is_namedtuple(other):
                    raise ValueError("Expected an instance of collections.namedtuple, got %r." % (other,))
                if type(other) is not self.kind:
                    raise ValueError("namedtuple type mismatch; expected type: %r, got type: %r; tuple: %r." % (
                        self.kind, type(other), other))
            elif type(other) is not self.kind:
                raise ValueError("Expected an instance of %s, got %r." % (self.kind.__qualname__, other))
            return list(other)
        if type(other) is not self.kind:
            name = "collections.deque" if self.kind is _collections.deque else self.kind.__name__
            raise ValueError("Expected an instance of %s, got %r." % (name, other))
        if len(other) != len(self.keys):
            name = "deque" if self.kind is _collections.deque else self.kind.__name__
            raise ValueError("%s arity mismatch; expected: %d, got: %d; %s: %r." % (
                name, len(self.keys), len(other), name, other))
        return list(other)


def _is_leaf(x, none_is_leaf=True):
    if x is None:
        return none_is_leaf
    # As optree: the exact container types (a subclass of list or dict is a leaf), and namedtuples.
    return not (type(x) in _NODE_TYPES or _is_namedtuple(x) or _is_structseq(x))


def _flatten(x, out, path=(), none_is_leaf=True, is_leaf=None):
    if (is_leaf is not None and is_leaf(x)) or _is_leaf(x, none_is_leaf):
        out.append((path, x))
        return
    node = _Node(x)
    for key, child in zip(node.keys, node.children):
        _flatten(child, out, path + (key,), none_is_leaf, is_leaf)


def _map(func, structures, none_is_leaf=True, is_leaf=None, leaf_check=None):
    first = structures[0]
    if (is_leaf is not None and is_leaf(first)) or _is_leaf(first, none_is_leaf):
        if leaf_check is not None:
            leaf_check(structures)
        return func(*structures)
    node = _Node(first)
    columns = [node.children] + [node.children_of(s) for s in structures[1:]]
    results = [_map(func, row, none_is_leaf, is_leaf, leaf_check) for row in zip(*columns)]
    return node.rebuild(results)


def _all_leaves(structures, none_is_leaf=True):
    if not all(_is_leaf(s, none_is_leaf) for s in structures):
        raise ValueError(_SAME_STRUCTURE)


def is_nested(structure):
    """Whether `structure` is a list, tuple, namedtuple, dict or deque (not a leaf)."""
    return not _is_leaf(structure)


def flatten(structure):
    """The leaves of `structure` in order (dict values by sorted key, OrderedDicts in their order)."""
    out = []
    _flatten(structure, out)
    return [leaf for _, leaf in out]


def flatten_with_path(structure):
    """(path, leaf) pairs; a path is the tuple of indices and keys leading to the leaf."""
    out = []
    _flatten(structure, out)
    return out


def map_structure(func, *structures, none_is_leaf=True):
    """`func` applied to the leaves of `structures` (all of the same layout), in the first one's layout;
    with none_is_leaf=False, None stays None without calling `func`."""
    if not structures:
        raise ValueError("Must provide at least one structure")
    if len(structures) == 1 and not is_nested(structures[0]):
        if structures[0] is None and not none_is_leaf:
            return None
        return func(structures[0])
    check = (lambda row: _all_leaves(row, none_is_leaf)) if len(structures) > 1 else None
    return _map(func, structures, none_is_leaf=none_is_leaf, leaf_check=check)


def map_structure_up_to(shallow_structure, func, *structures):
    """`func` applied to the sub-structures of `structures` at the leaves of `shallow_structure`."""
    if not structures:
        raise ValueError("Must provide at least one structure")

    def call(shallow, *args):
        if not _is_leaf(shallow, none_is_leaf=False):  # as Keras checks it: None is no leaf here
            raise ValueError(_SAME_STRUCTURE)
        return func(*args)

    return _map(call, (shallow_structure,) + structures)


def assert_same_structure(a, b, check_types=None):
    """Raises ValueError unless `a` and `b` are nested the same way (dict kinds match each other)."""
    if check_types is not None:
        if check_types:
            _warnings.warn("The `check_types` argument is deprecated and no longer has any effect, please remove.",
                           DeprecationWarning, stacklevel=2)
        else:
            _warnings.warn("The `check_types` argument is deprecated and no longer has any effect. For a looser "
                           "check, use `keras.tree.assert_same_paths()`, which considers `list`, `tuple`, "
                           "`namedtuple` and `deque` as matching", DeprecationWarning, stacklevel=2)
    _map(lambda x, y: None, (a, b), leaf_check=_all_leaves)


def assert_same_paths(a, b):
    """Raises ValueError unless `a` and `b` have the same leaf paths (container types may differ)."""
    a_paths = {path for path, _ in flatten_with_path(a)}
    b_paths = {path for path, _ in flatten_with_path(b)}
    if a_paths != b_paths:
        message = "`a` and `b` don't have the same paths."
        if a_paths - b_paths:
            message += "\nPaths in `a` missing in `b`:\n%s" % (a_paths - b_paths,)
        if b_paths - a_paths:
            message += "\nPaths in `b` missing in `a`:\n%s" % (b_paths - a_paths,)
        raise ValueError(message)


def pack_sequence_as(structure, flat_sequence):
    """The leaves of `flat_sequence` (any iterable) in the layout of `structure`."""
    try:
        leaves = iter(flat_sequence)
    except TypeError:
        raise TypeError("unflatten(): incompatible function arguments: the leaves must be iterable, got %r"
                        % (flat_sequence,)) from None
    leaves = list(leaves)
    count = len(flatten(structure))
    if len(leaves) < count:
        raise ValueError("Too few leaves for PyTreeSpec; expected: %d, got: %d." % (count, len(leaves)))
    if len(leaves) > count:
        raise ValueError("Too many leaves for PyTreeSpec; expected: %d." % count)
    position = iter(leaves)
    return _map(lambda _: next(position), (structure,))


def traverse(func, structure, top_down=True):
    """Applies `func` to every sub-structure, depth first: top down, a result other than None replaces
    the sub-tree and stops the descent; bottom up, it replaces the traversed sub-tree. MAP_TO_NONE as a
    result means None."""

    def children_traversed():
        if _is_leaf(structure):
            return structure
        node = _Node(structure)
        return node.rebuild([traverse(func, child, top_down=top_down) for child in node.children])

    if top_down:
        result = func(structure)
        if result is None:
            return children_traversed()
    else:
        traversed = children_traversed()
        result = func(traversed)
        if result is None:
            return traversed
    if isinstance(result, type) and result.__name__ == "MAP_TO_NONE":
        return None
    return result


def lists_to_tuples(structure):
    """`structure` with every list turned into a tuple."""
    return traverse(lambda x: tuple(x) if isinstance(x, list) else None, structure, top_down=False)


def map_shape_structure(func, structure):
    """map_structure where lists and tuples of ints and Nones (shapes) are leaves."""

    def is_shape(x):
        return isinstance(x, (list, tuple)) and all(isinstance(e, (int, type(None))) for e in x)

    return _map(func, (structure,), is_leaf=is_shape)
