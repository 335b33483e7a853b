"""Array ops: reshape/squeeze/expand_dims/transpose, concat/stack/unstack/split, tile, pad in three
modes, slice, every strided_slice mask (alone and combined, negative strides, clamping, errors),
gather with axis and batch_dims, gather_nd, scatter_nd (duplicates add), boolean_mask, reverse,
one_hot, range/linspace, shape/size/rank, constructors; empty and scalar tensors throughout. Then
the everyday ops (broadcast_to, meshgrid, roll, reverse_sequence, repeat, sequence_mask, unique,
searchsorted, tensor scatters, invert_permutation, unravel_index), tf.linalg's matrix structure
functions, and the norms and norm clipping.

Tolerance: 0 ulps. These ops move or add values (scatter_nd sums duplicates in index order,
linspace computes start + i*delta as TensorFlow does), so results are bit for bit; their
gradients are sums of the same upstream values: 0 ulps as well. The norms' cases allow a few
ulps: they sum squares, whose order of addition may differ from TensorFlow's."""

import numpy as np

from case import DT, Case, T, ramp

ULPS = 0
GRAD_ULPS = 0

X = ramp((2, 3, 4), "float32")


def shapes():
    out = []
    for shape in [[4, 6], [-1, 4], [2, -1, 2], [24], [1, 24, 1]]:
        out.append(Case("tf.reshape", [X], {"shape": shape}, grad=True))
    out += [
        Case("tf.reshape", [X], {"shape": [5, -1]}, note="not divisible"),
        Case("tf.reshape", [X], {"shape": [-1, -1]}, note="two unknown"),
        Case("tf.reshape", [T([], "float32")], {"shape": [0, 5]}, grad=True),
        Case("tf.reshape", [T(3.0, "float64")], {"shape": [1, 1]}, grad=True),
        Case("tf.reshape", [T([1, 2, 3, 4], "int64")], {"shape": [2, 2]}),
        Case("tf.reshape", [T(["a", "b"], "string")], {"shape": [2, 1]}),
        Case("tf.squeeze", [ramp((1, 3, 1, 2), "float32")], grad=True),
        Case("tf.squeeze", [ramp((1, 3, 1, 2), "float32")], {"axis": [2]}, grad=True),
        Case("tf.squeeze", [ramp((1, 3, 1, 2), "float32")], {"axis": [-4, 2]}),
        Case("tf.squeeze", [ramp((1, 3, 1, 2), "float32")], {"axis": [1]}, note="not size 1"),
        Case("tf.expand_dims", [X], {"axis": 0}, grad=True),
        Case("tf.expand_dims", [X], {"axis": -1}, grad=True),
        Case("tf.expand_dims", [X], {"axis": 3}),
        Case("tf.expand_dims", [X], {"axis": 5}, note="out of range"),
        Case("tf.expand_dims", [T(1, "int32")], {"axis": 0}),
        Case("tf.transpose", [X], grad=True),
        Case("tf.transpose", [X], {"perm": [1, 0, 2]}, grad=True),
        Case("tf.transpose", [X], {"perm": [2, 0, 1]}, grad=True),
        Case("tf.transpose", [T([[1, 2, 3]], "int32")], {"perm": [1, 0]}),
        Case("tf.transpose", [X], {"perm": [0, 1]}, note="wrong rank"),
        Case("tf.transpose", [X], {"perm": [0, 0, 1]}, note="repeated axis"),
        Case("tf.transpose", [T(np.zeros((0, 2)), "float32")], {"perm": [1, 0]}),
    ]
    return out


def joins():
    a, b = ramp((2, 3), "float32"), ramp((2, 3), "float32", 0.5)
    out = []
    for axis in [0, 1, -1]:
        out.append(Case("tf.concat", [a, b, ramp((2, 3), "float32", 0.1)], {"axis": axis}, grad=True))
    out += [
        Case("tf.concat", [a, ramp((1, 3), "float32")], {"axis": 0}, grad=True),
        Case("tf.concat", [a, ramp((1, 3), "float32")], {"axis": 1}, note="shape mismatch"),
        Case("tf.concat", [a, ramp((2, 3), "float64")], {"axis": 0}, note="dtype mismatch"),
        Case("tf.concat", [a, T(np.zeros((0, 3)), "float32")], {"axis": 0}, grad=True),
        Case("tf.concat", [T([1, 2], "int32"), T([3], "int32")], {"axis": 0}),
        Case("tf.concat", [T(["a"], "string"), T(["b", "c"], "string")], {"axis": 0}),
        Case("tf.concat", [a, b], {"axis": 2}, note="axis out of range"),
    ]
    for axis in [0, 1, 2, -1]:
        out.append(Case("tf.stack", [a, b], {"axis": axis}, grad=True))
    out += [
        Case("tf.stack", [T(1, "int32"), T(2, "int32")], {"axis": 0}),
        Case("tf.stack", [a, ramp((3, 2), "float32")], {"axis": 0}, note="shape mismatch"),
        Case("tf.unstack", [X], {"axis": 0}, grad=True),
        Case("tf.unstack", [X], {"axis": 1}, grad=True),
        Case("tf.unstack", [X], {"axis": -1}, grad=True),
        Case("tf.unstack", [T(np.zeros((0, 2)), "float32")], {"axis": 1}),
        Case("tf.split", [X], {"num_or_size_splits": 2, "axis": 2}, grad=True),
        Case("tf.split", [X], {"num_or_size_splits": 3, "axis": 1}, grad=True),
        Case("tf.split", [X], {"num_or_size_splits": [1, 3], "axis": 2}, grad=True),
        Case("tf.split", [X], {"num_or_size_splits": [1, -1], "axis": -1}, grad=True),
        Case("tf.split", [X], {"num_or_size_splits": [0, 2, 1], "axis": 1}, grad=True),
        Case("tf.split", [X], {"num_or_size_splits": 3, "axis": 2}, note="not divisible"),
        Case("tf.split", [X], {"num_or_size_splits": [1, 1], "axis": 2}, note="sizes do not add up"),
    ]
    return out


def tile_pad():
    a = ramp((2, 3), "float32")
    out = [
        Case("tf.tile", [a], {"multiples": [2, 3]}, grad=True),
        Case("tf.tile", [a], {"multiples": [1, 1]}, grad=True),
        Case("tf.tile", [a], {"multiples": [0, 2]}, grad=True),
        Case("tf.tile", [T([1, 2], "int32")], {"multiples": [3]}),
        Case("tf.tile", [T(["x", "y"], "string")], {"multiples": [2]}),
        Case("tf.tile", [a], {"multiples": [2]}, note="wrong length"),
        Case("tf.tile", [a], {"multiples": [-1, 1]}, note="negative"),
    ]
    for mode in ["CONSTANT", "REFLECT", "SYMMETRIC", "reflect"]:
        out.append(Case("tf.pad", [ramp((3, 4), "float32")], {"paddings": [[1, 2], [2, 1]], "mode": mode}, grad=True))
        out.append(Case("tf.pad", [ramp((3, 4), "float64")], {"paddings": [[0, 0], [3, 0]], "mode": mode}, grad=True))
    out += [
        Case("tf.pad", [ramp((2, 2), "float32")], {"paddings": [[1, 1], [1, 1]], "constant_values": 7.5}, grad=True),
        Case("tf.pad", [T([1, 2], "int32")], {"paddings": [[2, 1]], "constant_values": -3}),
        Case("tf.pad", [ramp((3, 4), "float32")], {"paddings": [[3, 0], [0, 0]], "mode": "REFLECT"}, note="too wide"),
        Case("tf.pad", [ramp((3, 4), "float32")], {"paddings": [[3, 0], [0, 0]], "mode": "SYMMETRIC"}),
        Case("tf.pad", [ramp((3, 4), "float32")], {"paddings": [[4, 0], [0, 0]], "mode": "SYMMETRIC"}, note="too wide"),
        Case("tf.pad", [ramp((3, 4), "float32")], {"paddings": [[-1, 0], [0, 0]]}, note="negative"),
        Case("tf.pad", [ramp((3, 4), "float32")], {"paddings": [[1, 1]]}, note="wrong rank"),
        Case("tf.pad", [T(np.zeros((0, 2)), "float32")], {"paddings": [[1, 1], [0, 1]]}, grad=True),
    ]
    return out


def slices():
    out = [
        Case("tf.slice", [X], {"begin": [0, 1, 1], "size": [2, 2, 3]}, grad=True),
        Case("tf.slice", [X], {"begin": [1, 0, 0], "size": [-1, -1, 2]}, grad=True),
        Case("tf.slice", [X], {"begin": [0, 0, 0], "size": [0, 3, 4]}, grad=True),
        Case("tf.slice", [X], {"begin": [1, 2, 3], "size": [1, 2, 1]}, note="out of bounds"),
        Case("tf.slice", [X], {"begin": [0, 0], "size": [1, 1]}, note="wrong rank"),
        Case("tf.slice", [T([1, 2, 3], "int64")], {"begin": [1], "size": [2]}),
    ]
    ss = [
        ({"begin": [0, 1, 0], "end": [2, 3, 4], "strides": [1, 1, 2]}, "plain"),
        ({"begin": [1, 2, 3], "end": [0, 0, 0], "strides": [-1, -1, -1]}, "negative strides"),
        ({"begin": [-1, -2, -3], "end": [-3, -4, -5], "strides": [-1, -1, -1]}, "negative indices"),
        ({"begin": [0, -100, 1], "end": [100, 100, 3], "strides": [1, 1, 1]}, "clamped"),
        ({"begin": [5, 0, 0], "end": [7, 3, 4], "strides": [1, 1, 1]}, "empty after clamping"),
        ({"begin": [1, 0, 0], "end": [0, 0, 0], "strides": [1, 1, 1], "begin_mask": 6, "end_mask": 6}, "begin/end masks"),
        ({"begin": [1, 1, 1], "end": [2, 2, 2], "strides": [1, 1, 1], "begin_mask": 1}, "begin_mask"),
        ({"begin": [1, 1, 1], "end": [2, 2, 2], "strides": [1, 1, 1], "end_mask": 4}, "end_mask"),
        ({"begin": [1, 1, 1], "end": [2, 2, 2], "strides": [-1, -1, -1], "begin_mask": 7}, "begin_mask, reverse"),
        ({"begin": [1, 1, 1], "end": [2, 2, 2], "strides": [-1, -1, -1], "end_mask": 7}, "end_mask, reverse"),
        ({"begin": [1, 0], "end": [2, 0], "strides": [1, 1], "shrink_axis_mask": 1, "end_mask": 2}, "shrink"),
        ({"begin": [-1, 1, 2], "end": [0, 2, 3], "strides": [1, 1, 1], "shrink_axis_mask": 7}, "shrink all to scalar"),
        ({"begin": [0, 0], "end": [1, 1], "strides": [1, 1], "ellipsis_mask": 1, "shrink_axis_mask": 2}, "ellipsis + shrink"),
        ({"begin": [0, 0], "end": [0, 2], "strides": [1, 1], "ellipsis_mask": 1}, "ellipsis first"),
        ({"begin": [1, 0], "end": [2, 0], "strides": [1, 1], "ellipsis_mask": 2}, "ellipsis last"),
        ({"begin": [0, 0, 0], "end": [1, 0, 2], "strides": [1, 1, 1], "ellipsis_mask": 2}, "ellipsis middle"),
        ({"begin": [0, 0, 0, 0], "end": [1, 0, 0, 4], "strides": [1, 1, 1, 2], "new_axis_mask": 2, "end_mask": 4}, "new axis"),
        ({"begin": [0, 0], "end": [0, 0], "strides": [1, 1], "new_axis_mask": 1, "ellipsis_mask": 2}, "new axis + ellipsis"),
        ({"begin": [0, 0, 0], "end": [0, 0, 0], "strides": [1, 1, 1], "new_axis_mask": 5, "ellipsis_mask": 2}, "two new axes"),
        ({"begin": [1, 0, 0], "end": [2, 0, 0], "strides": [1, 1, 1], "new_axis_mask": 2, "shrink_axis_mask": 1, "end_mask": 4}, "new axis + shrink"),
        ({"begin": [0, 0, 0], "end": [2, 3, 4], "strides": [2, 2, 3]}, "large strides"),
        ({"begin": [0], "end": [2], "strides": [1]}, "fewer entries than dims"),
        ({"begin": [3, 0, 0], "end": [4, 1, 1], "strides": [1, 1, 1], "shrink_axis_mask": 1}, "shrink out of range"),
        ({"begin": [0, 0, 0], "end": [1, 1, 1], "strides": [1, 0, 1]}, "zero stride"),
        ({"begin": [0, 0], "end": [1, 1], "strides": [1, 1], "ellipsis_mask": 3}, "two ellipses"),
        ({"begin": [0, 0, 0], "end": [2, 3, 4]}, "default strides"),
    ]
    for attrs, note in ss:
        out.append(Case("tf.strided_slice", [X], attrs, grad=True, note=note))
    out.append(Case("tf.strided_slice", [T([1, 2, 3, 4, 5], "int32")], {"begin": [4], "end": [0], "strides": [-2]}))
    out.append(Case("tf.strided_slice", [T(7.0, "float32")], {"begin": [0], "end": [1], "strides": [1], "new_axis_mask": 1}, grad=True))
    out.append(Case("tf.strided_slice", [T(["a", "b", "c"], "string")], {"begin": [-1], "end": [0], "strides": [-1], "end_mask": 1}))
    return out


def gathers():
    p = ramp((3, 4, 2), "float32")
    out = [
        Case("tf.gather", [p, T([2, 0, 2], "int32")], grad=True, note="duplicates"),
        Case("tf.gather", [p, T([[1, 0], [3, 3]], "int64")], {"axis": 1}, grad=True),
        Case("tf.gather", [p, T(1, "int32")], {"axis": 2}, grad=True),
        Case("tf.gather", [p, T([1, 0], "int32")], {"axis": -1}, grad=True),
        Case("tf.gather", [p, T(np.zeros((0,), np.int32), "int32")], grad=True, note="empty indices"),
        Case("tf.gather", [p, T([3], "int32")], note="out of range"),
        Case("tf.gather", [p, T([-1], "int32")], note="negative index"),
        Case("tf.gather", [T([1, 2, 3], "int32"), T([2, 2], "int32")]),
        Case("tf.gather", [T(["a", "b"], "string"), T([1, 0, 1], "int32")]),
        Case("tf.gather", [ramp((2, 3, 4), "float32"), T([[0, 2], [1, 1]], "int32")], {"axis": 1, "batch_dims": 1}, grad=True),
        Case("tf.gather", [ramp((2, 3, 4), "float32"), T([[0, 2, 3], [1, 1, 0]], "int32")], {"axis": 2, "batch_dims": 1}, grad=True),
        Case("tf.gather", [ramp((2, 3, 4), "float32"), T([[[0, 3], [1, 1], [2, 0]], [[3, 3], [0, 0], [1, 2]]], "int32")],
             {"axis": 2, "batch_dims": 2}, grad=True),
        Case("tf.gather", [ramp((2, 3, 4), "float32"), T([[0], [2]], "int32")], {"axis": -1, "batch_dims": -1}, grad=True),
        Case("tf.gather", [ramp((2, 3), "float32"), T([[0], [1], [0]], "int32")], {"axis": 1, "batch_dims": 1}, note="batch mismatch"),
        Case("tf.gather_nd", [p, T([[0, 1], [2, 3]], "int32")], grad=True),
        Case("tf.gather_nd", [p, T([[0, 1, 1], [2, 3, 0], [0, 1, 1]], "int64")], grad=True),
        Case("tf.gather_nd", [p, T([[[1], [0]]], "int32")], grad=True),
        Case("tf.gather_nd", [p, T([[3, 0]], "int32")], note="out of range"),
        Case("tf.gather_nd", [T([[1, 2], [3, 4]], "int32"), T([[1, 1], [0, 1]], "int32")]),
        Case("tf.scatter_nd", [T([[0], [2], [0]], "int32"), T([1.5, 2.0, 4.0], "float32")], {"shape": [4]}, grad=True, note="duplicates add"),
        Case("tf.scatter_nd", [T([[0, 1], [1, 0]], "int32"), ramp((2, 3), "float32")], {"shape": [2, 2, 3]}, grad=True),
        Case("tf.scatter_nd", [T([[1], [0]], "int64"), ramp((2, 2), "float64")], {"shape": [3, 2]}, grad=True),
        Case("tf.scatter_nd", [T([[4]], "int32"), T([1.0], "float32")], {"shape": [4]}, note="out of range"),
        Case("tf.scatter_nd", [T([[0], [1]], "int32"), T([5, 6], "int32")], {"shape": [3]}),
        Case("tf.scatter_nd", [T([[0], [1]], "int32"), T([1.0], "float32")], {"shape": [3]}, note="updates shape"),
    ]
    return out


def masks_misc():
    out = [
        Case("tf.boolean_mask", [ramp((3, 2), "float32"), T([True, False, True], "bool")], grad=True),
        Case("tf.boolean_mask", [ramp((3, 2), "float32"), T([[True, False], [False, False], [True, True]], "bool")], grad=True),
        Case("tf.boolean_mask", [ramp((2, 3), "float32"), T([False, True, True], "bool")], {"axis": 1}, grad=True),
        Case("tf.boolean_mask", [ramp((3,), "float32"), T([False, False, False], "bool")], grad=True),
        Case("tf.boolean_mask", [ramp((3,), "float32"), T([True, False], "bool")], note="mask shape"),
        Case("tf.boolean_mask", [T(["a", "b"], "string"), T([False, True], "bool")]),
        Case("tf.where", [T([[True, False], [False, True]], "bool")]),
        Case("tf.where", [T([0.0, 1.5, -2.0], "float32")]),
        Case("tf.where", [T([], "bool")]),
        Case("tf.reverse", [X], {"axis": [0]}, grad=True),
        Case("tf.reverse", [X], {"axis": [1, -1]}, grad=True),
        Case("tf.reverse", [X], {"axis": []}, grad=True),
        Case("tf.reverse", [X], {"axis": [1, 1]}, note="repeated"),
        Case("tf.reverse", [T(["a", "b"], "string")], {"axis": [0]}),
        Case("tf.one_hot", [T([0, 2, -1, 3], "int32")], {"depth": 3}),
        Case("tf.one_hot", [T([[0, 2], [1, 1]], "int64")], {"depth": 3, "axis": 0}),
        Case("tf.one_hot", [T([0, 2], "int32")], {"depth": 3, "on_value": 5.0, "off_value": -1.0, "dtype": DT("float64")}),
        Case("tf.one_hot", [T([0, 1], "int32")], {"depth": 2, "dtype": DT("int32")}),
        Case("tf.one_hot", [T([0, 1], "int32")], {"depth": 2, "axis": 1}),
        Case("tf.one_hot", [T(1, "int32")], {"depth": 4}),
        Case("tf.range", [], {"start": 0, "limit": 10, "delta": 3, "dtype": DT("int32")}),
        Case("tf.range", [], {"start": 10, "limit": 0, "delta": -3, "dtype": DT("int64")}),
        Case("tf.range", [], {"start": 0.5, "limit": 2.0, "delta": 0.25, "dtype": DT("float32")}),
        Case("tf.range", [], {"start": 0.1, "limit": 1.0, "delta": 0.1, "dtype": DT("float64")}),
        Case("tf.range", [], {"start": 5, "limit": 5, "delta": 1, "dtype": DT("int32")}),
        Case("tf.range", [], {"start": 0, "limit": 5, "delta": 0, "dtype": DT("int32")}, note="zero delta"),
        Case("tf.range", [], {"start": 0, "limit": 5, "delta": -1, "dtype": DT("int32")}, note="wrong direction"),
        Case("tf.linspace", [T(0.0, "float32"), T(1.0, "float32")], {"num": 7}),
        Case("tf.linspace", [T(-2.5, "float64"), T(3.0, "float64")], {"num": 12}),
        Case("tf.linspace", [T(1.0, "float32"), T(2.0, "float32")], {"num": 1}),
        Case("tf.linspace", [T(1.0, "float32"), T(2.0, "float32")], {"num": 0}),
        Case("tf.shape", [X]),
        Case("tf.shape", [X], {"out_type": DT("int64")}),
        Case("tf.shape", [T(1.0, "float32")]),
        Case("tf.size", [X]),
        Case("tf.size", [T(np.zeros((0, 3)), "float32")], {"out_type": DT("int64")}),
        Case("tf.rank", [X]),
        Case("tf.rank", [T("s", "string")]),
        Case("tf.identity", [X], grad=True),
        Case("tf.identity", [T(["q"], "string")]),
        Case("tf.zeros", [], {"shape": [2, 3]}),
        Case("tf.zeros", [], {"shape": [0], "dtype": DT("int64")}),
        Case("tf.zeros", [], {"shape": [2], "dtype": DT("bool")}),
        Case("tf.zeros", [], {"shape": [1], "dtype": DT("string")}),
        Case("tf.ones", [], {"shape": [2, 1], "dtype": DT("int32")}),
        Case("tf.ones", [], {"shape": [3], "dtype": DT("float64")}),
        Case("tf.fill", [T(2.5, "float32")], {"dims": [2, 2]}),
        Case("tf.fill", [T("ab", "string")], {"dims": [3]}),
        Case("tf.fill", [T(7, "int64")], {"dims": []}),
        Case("tf.zeros_like", [X]),
        Case("tf.ones_like", [T([1, 2], "int32")]),
        Case("tf.eye", [], {"num_rows": 3}),
        Case("tf.eye", [], {"num_rows": 2, "num_columns": 4, "dtype": DT("int32")}),
        Case("tf.eye", [], {"num_rows": 3, "num_columns": 1, "dtype": DT("float64")}),
    ]
    return out


def _concat(*xs, axis):
    import tensorflow as tf
    return tf.concat(list(xs), axis)


def _stack(*xs, axis):
    import tensorflow as tf
    return tf.stack(list(xs), axis)


def _range(start, limit, delta, dtype):
    import tensorflow as tf
    return tf.range(start, limit, delta, dtype=dtype)


def _fill(value, dims):
    import tensorflow as tf
    return tf.fill(dims, value)


def _meshgrid(*xs, indexing):
    import tensorflow as tf
    return tf.meshgrid(*xs, indexing=indexing)


def _clip_by_global_norm(*xs, clip_norm):
    import tensorflow as tf
    return tf.clip_by_global_norm(list(xs), clip_norm)


def _global_norm(*xs):
    import tensorflow as tf
    return tf.linalg.global_norm(list(xs))


ADAPTERS = {"tf.concat": _concat, "tf.stack": _stack, "tf.range": _range, "tf.fill": _fill, "tf.meshgrid": _meshgrid,
            "tf.clip_by_global_norm": _clip_by_global_norm, "tf.linalg.global_norm": _global_norm}


def uint8():
    """Moving uint8 elements (images): the copy kernels, gathers, masks, one_hot of uint8 indices."""
    img = T(np.arange(24).reshape(2, 3, 4) * 11 % 256, "uint8", (2, 3, 4))
    return [
        Case("tf.reshape", [img], {"shape": [6, 4]}),
        Case("tf.transpose", [img], {"perm": [2, 0, 1]}),
        Case("tf.concat", [img, img], {"axis": 1}),
        Case("tf.stack", [T([1, 2], "uint8"), T([3, 250], "uint8")], {"axis": 1}),
        Case("tf.tile", [T([[1, 255]], "uint8")], {"multiples": [2, 2]}),
        Case("tf.pad", [T([[1, 255]], "uint8")], {"paddings": [[1, 0], [0, 2]]}),
        Case("tf.reverse", [img], {"axis": [1]}),
        Case("tf.gather", [img, T([1, 0, 1], "int32")], {"axis": 2}),
        Case("tf.gather_nd", [img, T([[0, 2], [1, 1]], "int32")]),
        Case("tf.boolean_mask", [T([5, 6, 7], "uint8"), T([True, False, True], "bool")]),
        Case("tf.one_hot", [T([0, 2, 5], "uint8")], {"depth": 3}),
        Case("tf.fill", [T(7, "uint8")], {"dims": [2, 2]}),
        Case("tf.zeros", [], {"shape": [2], "dtype": DT("uint8")}),
        Case("tf.ones_like", [T([1, 2], "uint8")]),
        Case("tf.identity", [img]),
        Case("tf.shape", [img]),
    ]


def everyday():
    """broadcast_to, meshgrid, roll, reverse_sequence, repeat, sequence_mask, unique, searchsorted,
    the monotonic checks, the tensor_scatter_nd_* family, invert_permutation, unravel_index."""
    m = ramp((2, 3), "float32")
    ints = T([[1, 2, 3], [4, 5, 6]], "int32")
    idx = T([[1], [3], [1]], "int32")
    base, upd = ramp((4, 2), "float32"), ramp((3, 2), "float32", 0.5)
    return [
        Case("tf.broadcast_to", [ramp((3, 1), "float32")], {"shape": [2, 3, 4]}, grad=True),
        Case("tf.broadcast_to", [T([1, 2, 3], "int32")], {"shape": [2, 3]}),
        Case("tf.broadcast_to", [T(["a"], "string")], {"shape": [2, 2]}),
        Case("tf.broadcast_to", [T([1, 2, 3], "int32")], {"shape": [2, 2]}, note="incompatible"),
        Case("tf.broadcast_to", [ramp((2, 1), "float32")], {"shape": [3]}, note="rank too high"),
        Case("tf.meshgrid", [T([1.0, 2.0, 3.0], "float32"), T([4.0, 5.0], "float32")], {"indexing": "xy"}, grad=True),
        Case("tf.meshgrid", [T([1, 2, 3], "int32"), T([4, 5], "int32"), T([6], "int32")], {"indexing": "ij"}),
        Case("tf.roll", [ramp((5,), "float32")], {"shift": 2, "axis": 0}, grad=True),
        Case("tf.roll", [ramp((3, 4), "float32")], {"shift": [1, -5], "axis": [0, 1]}, grad=True),
        Case("tf.roll", [ints], {"shift": [1, 1], "axis": [1, -1]}),
        Case("tf.roll", [ints], {"shift": [1, 1], "axis": [0, 2]}, note="axis out of range"),
        Case("tf.roll", [ints], {"shift": [1, 1], "axis": [0]}, note="size mismatch"),
        Case("tf.reverse_sequence", [ramp((2, 4, 3), "float32"), T([3, 0], "int32")], {"seq_axis": 1, "batch_axis": 0},
             grad=True),
        Case("tf.reverse_sequence", [ints, T([0, 1, 2], "int64")], {"seq_axis": 0, "batch_axis": 1}),
        Case("tf.reverse_sequence", [ints, T([2, 4], "int32")], {"seq_axis": 1, "batch_axis": 0}, note="too long"),
        Case("tf.reverse_sequence", [ints, T([2, -1], "int32")], {"seq_axis": 1, "batch_axis": 0}, note="negative"),
        Case("tf.repeat", [m], {"repeats": [2, 0], "axis": 0}, grad=True),
        Case("tf.repeat", [m], {"repeats": 3, "axis": 1}, grad=True),
        Case("tf.repeat", [m], {"repeats": 2}, grad=True),
        Case("tf.repeat", [ints], {"repeats": [1, 0, 2], "axis": -1}),
        Case("tf.sequence_mask", [T([1, 3, 2], "int32")], {"maxlen": 5}),
        Case("tf.sequence_mask", [T([[1, 3], [2, 0]], "int64")]),
        Case("tf.sequence_mask", [T([1, 3, 2], "int32")], {"maxlen": 2, "dtype": DT("float32")}),
        Case("tf.unique", [T([1, 1, 2, 4, 4, 4, 7, 8, 8], "int32")]),
        Case("tf.unique", [T([2.5, -1.0, 2.5, 0.0], "float32")], {"out_idx": DT("int64")}),
        Case("tf.unique", [T(["b", "a", "b"], "string")]),
        Case("tf.unique", [T([[1, 2]], "int32")], note="not a vector"),
        Case("tf.unique_with_counts", [T([4, 1, 4, 2, 4], "int64")]),
        Case("tf.searchsorted", [T([1.0, 2.0, 3.0], "float32"), T([2.5, 3.0, 0.0], "float32")], {"side": "right"}),
        Case("tf.searchsorted", [T([[1, 2, 3], [1, 5, 6]], "int32"), T([[2, 3], [4, 5]], "int32")], {"side": "left"}),
        Case("tf.searchsorted", [T([1, 2, 3], "int32"), T([2, 3], "int32")], {"out_type": DT("int64")}),
        Case("tf.searchsorted", [T([[1.0, 2.0]], "float32"), T([[1.0], [2.0]], "float32")], note="leading dims"),
        Case("tf.math.is_non_decreasing", [T([1, 2, 2], "int32")]),
        Case("tf.math.is_strictly_increasing", [T([1, 2, 2], "int32")]),
        Case("tf.math.is_strictly_increasing", [T([[1.0, 2.0], [3.0, 4.0]], "float64")]),
        Case("tf.math.is_non_decreasing", [T([], "float32")]),
        Case("tf.tensor_scatter_nd_update", [base, idx, upd], grad=True),
        Case("tf.tensor_scatter_nd_add", [base, idx, upd], grad=True),
        Case("tf.tensor_scatter_nd_sub", [base, idx, upd], grad=True),
        Case("tf.tensor_scatter_nd_max", [T([1.0, 2.0, 3.0, 4.0], "float32"), T([[0], [2]], "int32"),
                                          T([0.5, 7.0], "float32")], grad=True),
        Case("tf.tensor_scatter_nd_min", [T([1.0, 2.0, 3.0, 4.0], "float32"), T([[0], [2], [0]], "int64"),
                                          T([0.5, 7.0, -1.0], "float32")], grad=True),
        Case("tf.tensor_scatter_nd_update", [T([1, 2, 3, 4], "int32"), T([[1], [5]], "int32"), T([9, 10], "int32")],
             note="index out of range"),
        Case("tf.tensor_scatter_nd_add", [T([1, 2, 3, 4], "int32"), T([[1], [3]], "int32"), T([9, 10, 11], "int32")],
             note="updates shape"),
        Case("tf.math.invert_permutation", [T([3, 4, 0, 2, 1], "int32")]),
        Case("tf.math.invert_permutation", [T([3, 4, 0, 2, 2], "int64")], note="duplicate"),
        Case("tf.unravel_index", [T([22, 41, 37], "int32")], {"dims": [7, 6]}),
        Case("tf.unravel_index", [T(5, "int64")], {"dims": [7, 6]}),
        Case("tf.unravel_index", [T([42], "int32")], {"dims": [7, 6]}, note="out of bound"),
    ]


def matrices_norms():
    """tf.linalg's band_part, diag, diag_part, set_diag, trace, matrix_transpose, adjoint; tf.norm,
    clip_by_norm, clip_by_global_norm, global_norm. Norms sum squares, so their results and
    gradients may differ from TensorFlow's in the last place (the order of the sum)."""
    x = ramp((2, 3, 4), "float32")
    sq = ramp((2, 3, 3), "float64")
    v = ramp((3, 4), "float32")
    return [
        Case("tf.linalg.band_part", [x], {"num_lower": 1, "num_upper": 0}, grad=True),
        Case("tf.linalg.band_part", [x], {"num_lower": -1, "num_upper": 2}, grad=True),
        Case("tf.linalg.band_part", [x], {"num_lower": 4, "num_upper": 0}, note="num_lower too large"),
        Case("tf.linalg.diag", [ramp((2, 3), "float32")], grad=True),
        Case("tf.linalg.diag_part", [x], grad=True),
        Case("tf.linalg.diag_part", [sq], grad=True),
        Case("tf.linalg.set_diag", [x, ramp((2, 3), "float32", 0.5)], grad=True),
        Case("tf.linalg.set_diag", [x, ramp((2, 4), "float32")], note="diagonal shape"),
        Case("tf.linalg.trace", [sq], grad=True),
        Case("tf.linalg.matrix_transpose", [x], grad=True),
        Case("tf.linalg.adjoint", [T([[1, 2, 3]], "int32")]),
        Case("tf.norm", [v], grad=True, ulps=2),
        Case("tf.norm", [v], {"axis": 1}, grad=True, ulps=2),
        Case("tf.norm", [v], {"ord": 1, "axis": 0, "keepdims": True}, grad=True),
        Case("tf.norm", [v], {"ord": float("inf"), "axis": [0, 1]}, grad=True),
        Case("tf.norm", [v], {"ord": 1, "axis": [-1, -2]}, grad=True),
        Case("tf.norm", [v], {"ord": "fro", "axis": [0, 1]}, grad=True, ulps=2),
        Case("tf.norm", [v], {"ord": 3.0, "axis": 1}, grad=True, ulps=4),
        Case("tf.norm", [v], {"ord": "fro"}, note="fro of a vector"),
        Case("tf.norm", [v], {"ord": 3, "axis": [0, 1]}, note="unsupported matrix norm"),
        Case("tf.clip_by_norm", [v], {"clip_norm": 1.0}, grad=True, ulps=2),
        Case("tf.clip_by_norm", [v], {"clip_norm": 0.5, "axes": [1]}, grad=True, ulps=2),
        Case("tf.clip_by_norm", [v], {"clip_norm": 100.0}, grad=True, ulps=2),
        Case("tf.clip_by_global_norm", [v, ramp((2,), "float32")], {"clip_norm": 1.0}, grad=True, ulps=2),
        Case("tf.clip_by_global_norm", [v, T([1.0, float("inf")], "float32")], {"clip_norm": 1.0}),
        Case("tf.linalg.global_norm", [v, ramp((2,), "float32")], grad=True, ulps=2),
    ]


def cases():
    return shapes() + joins() + tile_pad() + slices() + gathers() + masks_misc() + uint8() + everyday() + matrices_norms()
