"""tf.sparse and tf.sets: each case passes a SparseTensor as its three components (indices, values,
dense_shape) and TensorFlow's side rebuilds it (ADAPTERS); SparseTensor results come back as their
components. Values, shapes, errors, and gradients to the values and dense operands (to_dense,
add, sparse_dense_matmul with adjoints, reduce_sum, softmax, slice, fill_empty_rows, SparseTensor
* and / dense, segment reductions) are compared with TensorFlow's.

Tolerance: 4 ulps (sums in another order); gradients 8 ulps."""

import numpy as np

from case import Case, T

ULPS = 4
GRAD_ULPS = 8


def sparse(indices, values, shape, dtype="float32"):
    """The three inputs of a SparseTensor."""
    return [T(indices, "int64", (len(indices), len(shape))), T(values, dtype), T(shape, "int64")]


ST = sparse([[0, 0], [0, 2], [1, 1], [2, 0], [2, 3]], [1.5, -2.0, 0.25, 3.0, -0.5], [3, 4])
OTHER = sparse([[0, 0], [1, 1], [1, 3], [2, 3]], [-1.5, 4.0, 2.0, 0.5], [3, 4])
UNORDERED = sparse([[2, 0], [0, 2], [0, 0]], [3.0, -2.0, 1.5], [3, 4])


def _sp(tf, i, v, s):
    return tf.sparse.SparseTensor(i, v, s)


def _parts(sp):
    return sp.indices, sp.values, sp.dense_shape


def _to_dense(i, v, s, default=None, **attrs):
    import tensorflow as tf
    return tf.sparse.to_dense(_sp(tf, i, v, s), default_value=default, **attrs)


def _reorder(i, v, s):
    import tensorflow as tf
    return _parts(tf.sparse.reorder(_sp(tf, i, v, s)))


def _add(ai, av, ash, bi, bv, bs, **attrs):
    import tensorflow as tf
    return _parts(tf.sparse.add(_sp(tf, ai, av, ash), _sp(tf, bi, bv, bs), **attrs))


def _add_dense(i, v, s, b):
    import tensorflow as tf
    return tf.sparse.add(_sp(tf, i, v, s), b)


def _matmul(i, v, s, b, **attrs):
    import tensorflow as tf
    return tf.sparse.sparse_dense_matmul(_sp(tf, i, v, s), b, **attrs)


def _reduce(name):
    def fn(i, v, s, **attrs):
        import tensorflow as tf
        out = getattr(tf.sparse, name)(_sp(tf, i, v, s), **attrs)
        return _parts(out) if attrs.get("output_is_sparse") else out
    return fn


def _unary(name):
    def fn(i, v, s, **attrs):
        import tensorflow as tf
        return _parts(getattr(tf.sparse, name)(_sp(tf, i, v, s), **attrs))
    return fn


def _binary(name):
    def fn(ai, av, ash, bi, bv, bs):
        import tensorflow as tf
        return _parts(getattr(tf.sparse, name)(_sp(tf, ai, av, ash), _sp(tf, bi, bv, bs)))
    return fn


def _concat(ai, av, ash, bi, bv, bs, axis):
    import tensorflow as tf
    return _parts(tf.sparse.concat(axis, [_sp(tf, ai, av, ash), _sp(tf, bi, bv, bs)]))


def _fill_empty_rows(i, v, s, default):
    import tensorflow as tf
    filled, empty = tf.sparse.fill_empty_rows(_sp(tf, i, v, s), default)
    return _parts(filled) + (empty,)


def _split(i, v, s, **attrs):
    import tensorflow as tf
    return [t for piece in tf.sparse.split(sp_input=_sp(tf, i, v, s), **attrs) for t in _parts(piece)]


def _times(i, v, s, d):
    import tensorflow as tf
    return (_sp(tf, i, v, s) * d).values


def _divided(i, v, s, d):
    import tensorflow as tf
    return (_sp(tf, i, v, s) / d).values


def _set_op(name):
    def fn(a, b, **attrs):
        import tensorflow as tf
        return _parts(getattr(tf.sets, name)(a, b, **attrs))
    return fn


def _set_size(i, v, s):
    import tensorflow as tf
    return tf.sets.size(_sp(tf, i, v, s))


ADAPTERS = {
    "sparse.to_dense": _to_dense, "sparse.reorder": _reorder, "sparse.add": _add, "sparse.add_dense": _add_dense,
    "sparse.sparse_dense_matmul": _matmul, "sparse.reduce_sum": _reduce("reduce_sum"),
    "sparse.reduce_max": _reduce("reduce_max"), "sparse.softmax": _unary("softmax"), "sparse.slice": _unary("slice"),
    "sparse.reshape": _unary("reshape"), "sparse.transpose": _unary("transpose"), "sparse.maximum": _binary("maximum"),
    "sparse.minimum": _binary("minimum"), "sparse.concat": _concat, "sparse.fill_empty_rows": _fill_empty_rows,
    "sparse.split": _split, "sparse.times": _times, "sparse.divided": _divided, "sets.intersection": _set_op("intersection"),
    "sets.union": _set_op("union"), "sets.difference": _set_op("difference"), "sets.size": _set_size,
}


def values():
    out = [
        Case("sparse.to_dense", ST, grad=True),
        Case("sparse.to_dense", ST + [T(7.0, "float32")], grad=True, note="default value"),
        Case("sparse.to_dense", UNORDERED, note="out of order"),
        Case("sparse.to_dense", UNORDERED, {"validate_indices": False}),
        Case("sparse.reorder", UNORDERED, grad=True),
        Case("sparse.add", ST + OTHER, grad=True),
        Case("sparse.add", ST + OTHER, {"threshold": 1.0}, grad=True, note="threshold"),
        Case("sparse.add_dense", ST + [np.arange(12, dtype=np.float32).reshape(3, 4) / 4], grad=True),
        Case("sparse.add", ST + sparse([[0, 0]], [1.0], [3, 5]), note="shapes differ"),
        Case("sparse.reduce_sum", ST, grad=True),
        Case("sparse.reduce_max", ST, {"axis": 1}),
        Case("sparse.reduce_max", ST, {"axis": 0, "keepdims": True, "output_is_sparse": True}),
        Case("sparse.reduce_sum", ST, {"axis": 2}, note="axis out of range"),
        Case("sparse.softmax", ST, grad=True),
        Case("sparse.slice", ST, {"start": [0, 1], "size": [3, 2]}, grad=True),
        Case("sparse.reshape", ST, {"shape": [2, -1]}),
        Case("sparse.reshape", ST, {"shape": [5, -1]}, note="not a multiple"),
        Case("sparse.transpose", ST),
        Case("sparse.maximum", ST + OTHER),
        Case("sparse.minimum", ST + OTHER),
        Case("sparse.concat", ST + OTHER, {"axis": 1}),
        Case("sparse.concat", ST + OTHER, {"axis": 0}),
        Case("sparse.fill_empty_rows", sparse([[0, 1], [2, 0]], [2.0, 3.0], [4, 2]) + [T(-1.0, "float32")], grad=True),
        Case("sparse.split", ST, {"num_split": 3, "axis": 1}),
        Case("sparse.times", ST + [T([1.0, 2.0, -1.0, 0.5], "float32")], grad=True),
        Case("sparse.times", ST + [T([[2.0], [3.0], [4.0]], "float32")], grad=True, note="column"),
        Case("sparse.divided", ST + [T([1.0, 2.0, -4.0, 0.5], "float32")], grad=True),
    ]
    for dtype in ["float32", "float64"]:
        b = T(np.arange(8).reshape(4, 2) / 4 - 0.5, dtype)
        sp = sparse([[0, 0], [0, 2], [1, 1], [2, 0], [2, 3]], [1.5, -2.0, 0.25, 3.0, -0.5], [3, 4], dtype)
        out.append(Case("sparse.sparse_dense_matmul", sp + [b], grad=True))
        out.append(Case("sparse.sparse_dense_matmul", sp + [T(np.arange(6).reshape(3, 2) / 4, dtype)],
                        {"adjoint_a": True}, grad=True))
        out.append(Case("sparse.sparse_dense_matmul", sp + [T(np.arange(8).reshape(2, 4) / 4, dtype)],
                        {"adjoint_b": True}, grad=True))
        out.append(Case("sparse.reduce_sum", sp, {"axis": 1, "keepdims": True}, grad=True))
        out.append(Case("sparse.reduce_sum", sp, {"axis": -2}, grad=True))
    out.append(Case("sparse.sparse_dense_matmul", ST + [T(np.ones((3, 2)), "float32")], note="inner dimensions"))
    data = T(np.arange(12).reshape(4, 3) / 4 - 1, "float32")
    for op in ["segment_sum", "segment_mean", "segment_sqrt_n"]:
        out.append(Case(f"tf.sparse.{op}", [data, T([3, 0, 3, 1], "int32"), T([0, 0, 2, 2], "int32")], grad=True))
        out.append(Case(f"tf.sparse.{op}", [data, T([1, 2], "int32"), T([0, 1], "int32")], {"num_segments": 4},
                        grad=True))
    out.append(Case("tf.sparse.segment_sum", [data, T([0, 7], "int32"), T([0, 0], "int32")], note="index range"))
    return out


def sets():
    a = T([[1, 2, 2, 3], [4, 5, 0, 0]], "int32")
    b = T([[2, 3, 9, 9], [5, 6, 7, 0]], "int32")
    words = T([["b", "a"], ["c", "a"]], "string")
    return [
        Case("sets.intersection", [a, b]), Case("sets.union", [a, b]), Case("sets.difference", [a, b]),
        Case("sets.difference", [a, b], {"aminusb": False}), Case("sets.union", [words, T([["a", "d"], ["e", "c"]], "string")]),
        Case("sets.size", sparse([[0, 0], [0, 1], [1, 0]], [5, 5, 2], [2, 3], "int64")),
        Case("sets.union", [T([1, 2], "int32"), T([1, 2], "int32")], note="rank 1"),
    ]


def cases():
    return values() + sets()
