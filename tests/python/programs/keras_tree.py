"""keras.tree: flatten, flatten_with_path, map_structure (several structures, none_is_leaf),
map_structure_up_to, pack_sequence_as, traverse, lists_to_tuples, map_shape_structure, is_nested and the
structure assertions, over lists, tuples, namedtuples, dicts, OrderedDicts, defaultdicts, deques and
struct sequences, with the errors (classes and messages) of mismatched structures."""
import collections
import time

import numpy as np

from harness import tf

T = tf.keras.tree
print(sorted(n for n in dir(T) if not n.startswith("_")))
Foo = collections.namedtuple("Foo", ["a", "b"])


def show(label, fn):
    try:
        result = fn()
    except Exception as e:  # noqa: BLE001 - class and message are what is compared
        print(label, "!!", type(e).__name__, str(e))
    else:
        print(label, "->", repr(result))


show("up_to none", lambda: T.map_structure_up_to([None, None], len, [[1, 1], [2, 2]]))
show("up_to str", lambda: T.map_structure_up_to([None, [None, None]], str, [[1, 1], [2, 2]]))
show("up_to shallow deeper", lambda: T.map_structure_up_to([[None, None]], str, [1]))
show("map list/tuple", lambda: T.map_structure(lambda a, b: a, [1, 2], (1, 2)))
show("map len", lambda: T.map_structure(lambda a, b: a, [1, 2], [1, 2, 3]))
show("map dict keys", lambda: T.map_structure(lambda a, b: a, {"a": 1}, {"b": 1}))
show("map dict/od", lambda: T.map_structure(lambda a, b: a + b, {"a": 1, "b": 2}, collections.OrderedDict(b=3, a=4)))
show("map od/dict", lambda: T.map_structure(lambda a, b: a + b, collections.OrderedDict(b=3, a=4), {"a": 1, "b": 2}))
show("map dd/dict", lambda: T.map_structure(lambda a, b: a + b, collections.defaultdict(int, b=3, a=4), {"a": 1, "b": 2}))
show("map deeper", lambda: T.map_structure(lambda a, b: a, [1, 2], [1, [2]]))
show("map shallower", lambda: T.map_structure(lambda a, b: a, [1, [2]], [1, 2]))
show("map nt", lambda: T.map_structure(lambda a, b: a, Foo(1, 2), (1, 2)))
show("map nt2", lambda: T.map_structure(lambda a, b: a, Foo(1, 2), collections.namedtuple("Foo", ["a", "b"])(1, 2)))
show("map none", lambda: T.map_structure(lambda a: 1, [None, 2]))
show("map none nl", lambda: T.map_structure(lambda a: 1, [None, 2], none_is_leaf=False))
show("map none vs 1", lambda: T.map_structure(lambda a, b: 1, [None, 2], [3, 2]))
show("map none vs 1 nl", lambda: T.map_structure(lambda a, b: 1, [None, 2], [3, 2], none_is_leaf=False))
show("map empty", lambda: T.map_structure(lambda a: 1))
show("map dd keep", lambda: T.map_structure(lambda a: a * 2, collections.defaultdict(list, b=1, a=2)))
show("map deque", lambda: T.map_structure(lambda a: a * 2, collections.deque([1, 2], maxlen=3)))
show("pack few", lambda: T.pack_sequence_as([1, 2, 3], [1, 2]))
show("pack many", lambda: T.pack_sequence_as([1, 2, 3], [1, 2, 3, 4]))
show("pack leaf", lambda: T.pack_sequence_as(1, [5]))
show("pack leaf many", lambda: T.pack_sequence_as(1, [5, 6]))
show("pack dict", lambda: T.pack_sequence_as({"key3": "", "key1": "", "key2": ""}, ["v1", "v2", "v3"]))
show("pack tuple", lambda: T.pack_sequence_as((1, 2), (3, 4)))
show("pack np", lambda: T.pack_sequence_as([1, 2], np.array([3, 4])))
show("flatten", lambda: T.flatten({100: "world!", 6: "Hello", "x": 1} if False else {100: "world!", 6: "Hello"}))
show("flatten mixed keys", lambda: T.flatten({"b": 1, 2: 2, "a": 3}))
show("flatten str", lambda: T.flatten("abc"))
show("flatten set", lambda: T.flatten({1, 2}))
show("flatten np", lambda: T.flatten(np.array([1, 2])))
show("flatten empty", lambda: T.flatten([]))
show("flatten nested empty", lambda: T.flatten([[], {}, ()]))
show("flatten none", lambda: T.flatten([None, (None,)]))
show("fwp", lambda: T.flatten_with_path([{"foo": 42}, Foo(1, (2, 3)), collections.OrderedDict(z=1, y=2)]))
show("is_nested", lambda: [T.is_nested(x) for x in (1, None, [], (), {}, "a", Foo(1, 2), {1}, np.ones(2), collections.deque())])
show("asp", lambda: T.assert_same_paths([0, 1], (2, 3)))
show("asp2", lambda: T.assert_same_paths([0, 1], (2, 3, 4)))
show("asp3", lambda: T.assert_same_paths({"a": 1}, {"b": [1]}))
show("ass", lambda: T.assert_same_structure([(0, 1)], [(2, 3)]))
show("ass2", lambda: T.assert_same_structure([(0, 1)], [[2, 3]]))
show("ass3", lambda: T.assert_same_structure([0, 1], [0, [1]]))
show("ass4", lambda: T.assert_same_structure([0, [1]], [0, 1]))
show("ass5", lambda: T.assert_same_structure({"a": 1}, {"a": 1, "b": 2}))
show("ltt", lambda: T.lists_to_tuples([1, [2, [3]], {"a": [4]}]))
v = []
show("trav td", lambda: T.traverse(v.append, [(1, 2), [3], {"a": 4}]))
print(v)
v = []
show("trav bu", lambda: T.traverse(v.append, [(1, 2), [3], {"a": 4}], top_down=False))
print(v)
show("trav map_to_none", lambda: T.traverse(lambda x: T.MAP_TO_NONE if x == 2 else None, [1, 2, (2, 3)]))
show("trav replace", lambda: T.traverse(lambda x: "T" if isinstance(x, tuple) else None, [1, 2, (2, 3)]))
show("mss", lambda: T.map_shape_structure(lambda s: ("S", s), [(1, None), {"a": [2, 3], "b": (None,)}, [], [[1], 2]]))
show("mss leaf", lambda: T.map_shape_structure(lambda s: ("S", s), 3))

def f(*args):
    return args[0]


show("dict vs list", lambda: T.map_structure(f, {"a": 1}, [1]))
show("od vs list", lambda: T.map_structure(f, collections.OrderedDict(a=1), [1]))
show("deque vs list", lambda: T.map_structure(f, collections.deque([1]), [1]))
show("deque arity", lambda: T.map_structure(f, collections.deque([1]), collections.deque([1, 2])))
show("tuple arity", lambda: T.map_structure(f, (1,), (1, 2)))
show("nt vs nt arity", lambda: T.map_structure(f, Foo(1, 2), Foo(1, (2,))))
show("none vs list", lambda: T.map_structure(f, [1], None))
show("none first", lambda: T.map_structure(f, None, [1], none_is_leaf=False))
show("list vs none", lambda: T.map_structure(f, [1], [None]))
show("struct_time", lambda: T.flatten(time.gmtime(0))[:3])
show("pack st", lambda: type(T.pack_sequence_as(time.gmtime(0), list(range(9)))).__name__)
show("map od order", lambda: T.map_structure(lambda x: x, collections.OrderedDict(b=1, a=2)))
show("flat od", lambda: T.flatten(collections.OrderedDict(b=1, a=2)))
show("flat dd", lambda: T.flatten(collections.defaultdict(int, b=1, a=2)))
show("dict vs dd", lambda: T.assert_same_structure({"a": 1}, collections.defaultdict(int, a=1)))
show("fwp none", lambda: T.flatten_with_path(None))
show("fwp leaf", lambda: T.flatten_with_path(3))
show("fwp dd", lambda: T.flatten_with_path({"b": [1], "a": None}))
show("single", lambda: T.flatten([[1]]))
show("map_structure leaf none nl", lambda: T.map_structure(lambda x: 5, None, none_is_leaf=False))
show("map 3", lambda: T.map_structure(lambda a, b, c: a + b + c, [1, (2,)], [1, (2,)], [1, (2,)]))
show("map not callable", lambda: T.map_structure(3, [1]))
show("pack dict od", lambda: T.pack_sequence_as(collections.OrderedDict(b=0, a=0), [1, 2]))
show("pack generator", lambda: T.pack_sequence_as([0, 0], (i for i in range(2))))
show("trav leaf", lambda: T.traverse(lambda x: None, 5))
show("trav empty", lambda: T.traverse(lambda x: None, []))
show("trav nottop", lambda: T.traverse(lambda x: x * 2 if isinstance(x, int) else None, [1, (2, 3)], top_down=False))
show("up_to ok", lambda: T.map_structure_up_to([1, 2], len, [[1, 1], [2, 2, 2]]))
show("up_to dict", lambda: T.map_structure_up_to({"a": 1, "b": 1}, lambda x, y: (x, y), {"a": [1], "b": 2}, {"a": 3, "b": (4,)}))
show("up_to empty", lambda: T.map_structure_up_to([1]))
show("up_to bad", lambda: T.map_structure_up_to([1, 2], len, [1]))
show("asp nt", lambda: T.assert_same_paths(Foo(0, 1), (2, 3)))
show("asp dict list", lambda: T.assert_same_paths({0: 1, 1: 2}, [2, 3]))
show("tensor leaves", lambda: [t.shape for t in T.flatten({"a": tf.ones((2,)), "b": [tf.zeros((1, 3)), None]})])
show("map tensors", lambda: T.map_structure(lambda t: tuple(t.shape), (tf.ones((2,)), {"x": tf.ones((3, 1))})))


class L(list):
    pass


class D(dict):
    pass


show("subclasses are leaves", lambda: (T.flatten([L([1, 2]), D(a=1)]), T.is_nested(L([1])), T.is_nested(D(a=1))))
print(T.traverse(lambda x: T.MAP_TO_NONE if x == 1 else None, [1, [2]]))
