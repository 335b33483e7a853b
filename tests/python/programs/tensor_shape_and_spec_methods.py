"""tf.TensorShape's methods and operators (merge_with, most_specific_compatible_shape, the tracing
relations is_subtype_of and most_specific_common_supertype, the assert_* checks, with_rank*, as_proto,
+ and radd, bool, in, slicing of unknown shapes, == with lists, pickling, construction errors),
tf.compat.v1.Dimension (what .dims lists) with tf.compat.dimension_value and dimension_at_index, and
tf.TensorSpec's (from_spec, from_tensor eagerly and traced, is_compatible_with specs and tensors,
is_subtype_of, most_specific_common_supertype / most_specific_compatible_type, value_type, hash,
pickling); errors print TensorFlow's ValueError and TypeError messages."""
import copy
import pickle

import numpy as np

from harness import show_error, show_error_message, tf

S = tf.TensorShape
a, b, c, u, s0 = S([2, 3]), S([None, 4]), S([None, 3]), S(None), S([])


def out(label, fn):
    """Prints what fn() returns (type and repr), or the class and message of what it raises."""
    try:
        result = fn()
    except Exception as e:  # noqa: BLE001 - class and message are compared
        print("%s: %s: %s" % (label, type(e).__name__, e))
    else:
        print("%s: %s %r" % (label, type(result).__name__, result))


# merge_with: what either shape knows; ValueError when ranks or known dimensions differ.
for other in (c, b, u, [None, 3], [2], None, S([2, None, 1])):
    out("%r.merge_with(%r)" % (a, other), lambda: a.merge_with(other))
out("unknown.merge_with(a)", lambda: u.merge_with(a))
out("unknown.merge_with(unknown)", lambda: u.merge_with(u))
out("[None, 2].merge_with([3, None])", lambda: S([None, 2]).merge_with([3, None]))
out("merge_with a string", lambda: a.merge_with("ab"))
out("tensor shape merge_with", lambda: tf.constant([[1, 2]]).shape.merge_with([None, 2]))

# The most specific shapes compatible with / supertyping both.
for other in (b, c, [2], u, [2, 5]):
    out("most_specific_compatible_shape(%r)" % (other,), lambda: a.most_specific_compatible_shape(other))
for others in ([b], [c], [S([2, 5])], [S([2])], [u], [], [[2, 3]], [3], [a, S([5, 3])]):
    out("most_specific_common_supertype(%r)" % (others,), lambda: a.most_specific_common_supertype(others))
out("unknown.most_specific_common_supertype([a])", lambda: u.most_specific_common_supertype([a]))
for x, y in ((a, c), (c, a), (a, u), (u, a), (u, u), (a, [None, 3]), (a, 3), (a, S([2])), (s0, S([]))):
    out("%r.is_subtype_of(%r)" % (x, y), lambda: x.is_subtype_of(y))

# Checks and rank adjustments.
out("assert_is_compatible_with b", lambda: a.assert_is_compatible_with(b))
out("assert_is_compatible_with c", lambda: a.assert_is_compatible_with(c))
out("assert_is_compatible_with [1]", lambda: a.assert_is_compatible_with([1]))
for shape in (a, b, u, s0):
    out("assert_is_fully_defined %s" % shape, lambda: shape.assert_is_fully_defined())
for shape, rank in ((a, 3), (a, 2), (u, 2), (s0, 1), (s0, 0)):
    out("%s.assert_has_rank(%d)" % (shape, rank), lambda: shape.assert_has_rank(rank))
for shape, other in ((a, b), (a, [1]), (a, u), (s0, [1]), (u, s0)):
    out("%s.assert_same_rank(%s)" % (shape, other), lambda: shape.assert_same_rank(other))
for shape, rank in ((a, 3), (a, 2), (u, 2), (u, 0), (a, None), (b, 2)):
    out("%s.with_rank(%s)" % (shape, rank), lambda: shape.with_rank(rank))
for shape, rank in ((a, 3), (a, 1), (u, 1), (s0, 1), (s0, 0)):
    out("%s.with_rank_at_least(%d)" % (shape, rank), lambda: shape.with_rank_at_least(rank))
for shape, rank in ((a, 1), (a, 3), (u, 1), (s0, -1)):
    out("%s.with_rank_at_most(%d)" % (shape, rank), lambda: shape.with_rank_at_most(rank))
print(tf.Variable([1.0, 2.0]).shape.with_rank(1), tf.TensorSpec([None, 3]).shape.merge_with([4, None]))

# as_proto and back.
for shape in (a, b, u, s0):
    proto = shape.as_proto()
    print(type(proto).__name__, repr(str(proto)), repr(S(proto)), S(proto) == shape)
print(S.experimental_from_proto(S([3]).experimental_as_proto()), S.experimental_type_proto().__name__)

# Operators: + and radd concatenate, bool, in, indexing and slicing, == with lists, hashing.
for label, fn in (("a + b", lambda: a + b), ("a + [5]", lambda: a + [5]), ("[5] + a", lambda: [5] + a),
                  ("(5,) + a", lambda: (5,) + a), ("a + unknown", lambda: a + u), ("a + 5", lambda: a + 5),
                  ("5 + a", lambda: 5 + a), ("a + None", lambda: a + None), ("None + a", lambda: None + a),
                  ("a + 'x'", lambda: a + "x"), ("concatenate 4", lambda: a.concatenate(4)),
                  ("unknown.concatenate", lambda: u.concatenate([1]))):
    out(label, fn)
print(bool(a), bool(s0), bool(u), 2 in a, None in b, 7 in a)
show_error_message("2 in unknown", lambda: 2 in u)
print(a[-1], a[1:], a[::-1], a[tf.constant(1)], u[0], u[-1], u[1:], u[-2:], u[1:-1], u[:-1], u[1:3], u[:2])
show_error_message("a[5]", lambda: a[5])
show_error_message("unknown[::2]", lambda: u[::2])
show_error_message("a['x']", lambda: a["x"])
print(a == [2, 3], a == (2, 3), u == S(None), b == S([None, 4]), a == None, a == "x", a == 3, a == S([2]),  # noqa: E711
      a != [2, 3], b != S([None, 4]), a != "x")
print(hash(a) == hash(S([2, 3])), hash(u) == hash(S(None)), len({S([1]), S([1]), S(None), S(None)}),
      sorted(S([3, 1, 2])), tuple(S([3, None])))
for shape in (a, b, u, s0):
    print(repr(pickle.loads(pickle.dumps(shape))), repr(copy.deepcopy(shape)), repr(copy.copy(shape)))
reduced = b.__reduce__()
print(reduced[0] is S, reduced[1], u.__reduce__()[1])
print(a.num_elements(), s0.num_elements(), u.num_elements(), S([0, 5]).num_elements(), u.dims, u.ndims, u.rank)
print(str(S([None])), "{}".format(S([1, None])), f"{u!r} {s0}")

# Construction: from dimensions, NumPy, tensors and protos; errors.
for label, dims in (("tuple", (1, None)), ("numpy array", np.array([2, 3], np.int64)), ("numpy scalar", np.int64(3)),
                    ("int", 3), ("scalar tensor", tf.constant(4)), ("vector tensor", tf.constant([1, 2])),
                    ("shape", S([1])), ("empty dict", {}), ("bool", [True]), ("string", "ab"), ("float", [1.5]),
                    ("float scalar", 2.5), ("string list", ["a"]), ("negative", [-1]), ("negative scalar", -5)):
    out("TensorShape(%s)" % label, lambda: S(dims))
out("== [-1]", lambda: a == [-1])
out("is_compatible_with [-1]", lambda: a.is_compatible_with([-1]))

# tf.compat.v1.Dimension: what .dims lists.
D = tf.compat.v1.Dimension
print(a.dims, b.dims, b.dims == [None, 4], a.dims == [2, 3])
print(repr(D(3)), repr(D(None)), str(D(3)), str(D(None)), repr(D(D(2))), repr(D(np.int64(4))), D(3).value)
for label, fn in (("Dimension(-2)", lambda: D(-2)), ("Dimension(2.0)", lambda: D(2.0)), ("Dimension('a')", lambda: D("a")),
                  ("Dimension / 2", lambda: D(2) / 2), ("2 / Dimension", lambda: 2 / D(2)),
                  ("Dimension + 'a'", lambda: D(2) + "a"), ("int(Dimension(None))", lambda: int(D(None))),
                  ("hash(Dimension)", lambda: hash(D(2))), ("assert_is_compatible_with", lambda: D(2).assert_is_compatible_with(3)),
                  ("merge_with", lambda: D(2).merge_with(3))):
    show_error_message(label, fn)
print(D(2) == 2, D(2) == D(3), D(None) == 2, D(2) == None, D(2) != 3, D(None) != 3, D(2) == "x")  # noqa: E711
print(D(2) < 3, D(2) <= 2, D(2) > D(None), D(3) >= 1)
print(D(2) + 3, 3 + D(2), D(5) - 2, 7 - D(2), D(2) * D(None), 3 * D(2), D(7) // 2, 7 // D(2), D(7) % 3, 7 % D(3))
print(int(D(3)), bool(D(0)), bool(D(None)), list(range(D(3))), [1, 2, 3, 4][D(1)])
print(D(2).is_compatible_with(3), D(2).is_compatible_with(None), D(None).is_compatible_with(D(5)))
print(repr(D(2).merge_with(None)), repr(D(None).merge_with(4)), repr(D(None).merge_with(None)),
      repr(pickle.loads(pickle.dumps(D(4)))))
print(tf.compat.dimension_value(D(3)), tf.compat.dimension_value(4), tf.compat.dimension_value(None),
      tf.compat.dimension_value(D(None)), tf.compat.dimension_value(a[0]))
print(repr(tf.compat.dimension_at_index(b, 0)), repr(tf.compat.dimension_at_index(b, -1)),
      repr(tf.compat.dimension_at_index(u, 5)))
show_error("dimension_at_index out of range", lambda: tf.compat.dimension_at_index(a, 5))
show_error("dimension_at_index of a list", lambda: tf.compat.dimension_at_index([2], 0))
print(tf.compat.v1.TensorShape is tf.TensorShape, repr(S([D(2), D(None)])), S([1]).concatenate(S([D(2)])))

# tf.TensorSpec.
T = tf.TensorSpec
sa, sb, sc, sn, su = T([2, 3]), T([None, 3]), T([2, 3], tf.int32), T([2, 3], name="x"), T(None)
x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
v = tf.Variable([1, 2])
print(sa.is_compatible_with(sb), sb.is_compatible_with(sa), sa.is_compatible_with(sc), sa.is_compatible_with(sn),
      sa.is_compatible_with(su), sa.is_compatible_with(x), sc.is_compatible_with(x), T([2], tf.int32).is_compatible_with(v))
print(sa.is_compatible_with([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), sa.is_compatible_with(np.zeros((2, 3), np.float32)),
      sa.is_compatible_with(3), sa.is_compatible_with(S([2, 3])), sa.is_compatible_with(tf.SparseTensorSpec([2, 3])),
      sa.is_compatible_with(tf.RaggedTensorSpec([2, 3])), tf.SparseTensorSpec([2, 3]).is_compatible_with(sa))
print(sa.is_subtype_of(sb), sb.is_subtype_of(sa), sa.is_subtype_of(sc), sa.is_subtype_of(sn), sn.is_subtype_of(sa),
      sn.is_subtype_of(T([None, 3], name="x")), sa.is_subtype_of(su), sa.is_subtype_of(x), sa.is_subtype_of(S([2, 3])))
for label, others in (("[sb]", [sb]), ("[T([5, 3])]", [T([5, 3])]), ("[sc]", [sc]), ("[sn]", [sn]), ("[su]", [su]),
                      ("[]", []), ("[x]", [x]), ("[T([2])]", [T([2])]), ("[sb, T([5, 3])]", [sb, T([5, 3])])):
    out("most_specific_common_supertype" + label, lambda: sa.most_specific_common_supertype(others))
out("named most_specific_common_supertype", lambda: sn.most_specific_common_supertype([T([5, 3], name="x")]))
for label, other in (("sb", sb), ("sc", sc), ("sn", sn), ("T([2])", T([2])), ("x", x)):
    out("most_specific_compatible_type " + label, lambda: sa.most_specific_compatible_type(other))
for label, fn in (("from_spec named", lambda: T.from_spec(sn)), ("from_spec renamed", lambda: T.from_spec(sn, "y")),
                  ("from_spec", lambda: T.from_spec(sa)), ("from_spec sparse named", lambda: T.from_spec(
                      tf.SparseTensorSpec([2, 3], tf.int64), "s")),
                  ("from_spec variable", lambda: T.from_spec(v)), ("from_tensor", lambda: T.from_tensor(x)),
                  ("from_tensor named", lambda: T.from_tensor(x, name="t")),
                  ("from_tensor int", lambda: T.from_tensor(tf.constant([1, 2]), "i"))):
    out(label, fn)
show_error_message("from_spec sparse", lambda: T.from_spec(tf.SparseTensorSpec([2, 3], tf.int64)))
show_error_message("from_spec eager tensor", lambda: T.from_spec(x))
show_error_message("from_spec 3", lambda: T.from_spec(3))
show_error_message("from_tensor list", lambda: T.from_tensor([1, 2]), 40)
for label, value in (("variable", v), ("numpy", np.zeros(2)), ("spec", sa), ("sparse", tf.sparse.from_dense([[1, 0]]))):
    show_error("from_tensor " + label, lambda: T.from_tensor(value))
print(sa.value_type is tf.Tensor, isinstance(sa, tf.TypeSpec), hash(sa) == hash(sn), hash(sa) == hash(T([2, 3])),
      len({sa, T([2, 3]), sb}))
for spec in (sn, sb, su, T([], tf.string), T([1], tf.int64, "i")):
    print(repr(pickle.loads(pickle.dumps(spec))), repr(copy.deepcopy(spec)), pickle.loads(pickle.dumps(spec)) == spec)


@tf.function
def traced(t):
    y = t * 2.0
    print("traced:", T.from_tensor(t), T.from_tensor(t, name="given"), T.from_tensor(y))
    print("traced compatible:", sa.is_compatible_with(t), T([None, None]).is_compatible_with(y),
          T([3]).is_compatible_with(t), sa.most_specific_common_supertype([T.from_tensor(t)]))
    return y


traced(x)


@tf.function(input_signature=[T([None], tf.int32)])
def with_signature(t):
    print("signature:", T.from_tensor(t), t.shape.merge_with([4]), t.shape.with_rank(1))
    return t


with_signature(tf.constant([1, 2]))
