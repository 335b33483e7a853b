"""Reductions (sum/mean/max/min/prod/any/all) over every dtype with axes, negative and repeated
axes, keepdims, empty inputs and NaN; int32 overflow in sums; argmax/argmin ties and NaN;
cumsum/cumprod (exclusive, reverse, zeros in the gradient); sort/argsort/top_k with ties;
matmul with transposes, batches and broadcasting; tensordot; einsum; segment reductions; add_n and
the composite reductions (logsumexp, variance, std, Euclidean norm, count_nonzero, zero_fraction,
l2_normalize); bincount, confusion_matrix, in_top_k and cumulative_logsumexp.

Tolerance: 4 ulps of the output's largest magnitude (SCALED). Both sides sum float32 in a
different order (tfpp vectorized partial sums, Eigen a tree), so a sum of n terms may differ by
a few roundings at the scale of the terms; matmul goes through oneDNN on both sides, with
different blockings. Gradients: 8 ulps at the same scale."""

import numpy as np

from case import DT, Case, T, ramp

ULPS = 4
GRAD_ULPS = 8
SCALED = True

FLOATS = ["float32", "float64"]
NUMERIC = FLOATS + ["int32", "int64"]
NAN_ORDER = ("NaN in sort/top_k: TensorFlow sorts with a comparison that is no order on NaN, so where NaNs land "
             "depends on their positions; tfpp keeps NaN last ascending and first descending")
NO_KERNEL = ("a dtype without a kernel: TensorFlow's MatMul op accepts uint8 but has no CPU kernel for it, so it raises "
             "NotFoundError where an op that does not accept the dtype raises InvalidArgumentError; tfpp raises "
             "InvalidArgumentError for both")
REDUCE = ["reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod"]


def data(shape, dtype, seed=0):
    if dtype in FLOATS:
        return ramp(shape, dtype, 0.125, 0.0625 * seed)
    n = int(np.prod(shape))
    return T((np.arange(n) * (7 + seed)) % 9 - 4, dtype, shape)


def reductions():
    out = []
    axes_list = [None, 0, 1, [0, 2], -1, [-1, 0]]
    for op in REDUCE:
        for dtype in NUMERIC:
            for axis in axes_list:
                attrs = {} if axis is None else {"axis": axis}
                out.append(Case(f"tf.math.{op}", [data((2, 3, 4), dtype)], attrs, grad=dtype in FLOATS))
            out.append(Case(f"tf.math.{op}", [data((2, 3, 4), dtype)], {"axis": 1, "keepdims": True}, grad=dtype in FLOATS))
        out.append(Case(f"tf.math.{op}", [T(np.zeros((0, 3)), "float32")], {"axis": 0}, grad=True, note="empty"))
        out.append(Case(f"tf.math.{op}", [T(np.zeros((0, 3)), "int32")], note="empty"))
        out.append(Case(f"tf.math.{op}", [T(2.5, "float32")], grad=True, note="scalar"))
        out.append(Case(f"tf.math.{op}", [T([[1.0, np.nan], [2.0, 3.0]], "float32")], {"axis": 1}, note="NaN"))
        out.append(Case(f"tf.math.{op}", [T([[1.0, np.inf], [-np.inf, 3.0]], "float64")], {"axis": 0}, note="Inf"))
        out.append(Case(f"tf.math.{op}", [data((2, 3), "float32")], {"axis": 2}, note="axis out of range"))
        out.append(Case(f"tf.math.{op}", [data((2, 3), "float32")], {"axis": [0, 0]}, note="repeated axis"))
        out.append(Case(f"tf.math.{op}", [T([True, False], "bool")], note="bool"))
    out += [
        Case("tf.math.reduce_max", [T([[1.0, 3.0, 3.0], [2.0, 2.0, 1.0]], "float32")], {"axis": 1}, grad=True, note="ties share the gradient"),
        Case("tf.math.reduce_min", [T([[1.0, 1.0, 3.0]], "float64")], grad=True, note="ties share the gradient"),
        Case("tf.math.reduce_prod", [T([[1.5, 0.0, 2.0], [0.0, 0.0, 3.0], [2.0, -1.0, 4.0]], "float32")], {"axis": 1}, grad=True, note="zeros"),
        Case("tf.math.reduce_sum", [T([2**31 - 1, 1], "int32")], note="int32 overflow wraps"),
        Case("tf.math.reduce_prod", [T([65536, 65536], "int32")], note="int32 overflow wraps"),
        Case("tf.math.reduce_mean", [T([1, 2], "int32")], note="integer mean truncates"),
        Case("tf.math.reduce_mean", [T([-1, -2], "int64")], note="integer mean truncates"),
        Case("tf.math.reduce_sum", [ramp((1000,), "float32", 0.001, 1.0)], grad=True, note="long sum"),
        Case("tf.math.reduce_mean", [ramp((3, 500), "float32", 0.01)], {"axis": 1}, grad=True),
    ]
    for op in ["reduce_any", "reduce_all"]:
        b = T([[True, False, True], [False, False, False]], "bool")
        for axis in [None, 0, 1, -1]:
            out.append(Case(f"tf.math.{op}", [b], {} if axis is None else {"axis": axis}))
        out.append(Case(f"tf.math.{op}", [b], {"axis": 1, "keepdims": True}))
        out.append(Case(f"tf.math.{op}", [T(np.zeros((0,), bool), "bool")]))
        out.append(Case(f"tf.math.{op}", [T([1.0], "float32")], note="needs bool"))
    return out


def args():
    out = []
    for op in ["argmax", "argmin"]:
        for dtype in NUMERIC:
            out.append(Case(f"tf.math.{op}", [data((3, 4), dtype)], {"axis": 0}))
            out.append(Case(f"tf.math.{op}", [data((3, 4), dtype)], {"axis": 1, "output_type": DT("int32")}))
        out.append(Case(f"tf.math.{op}", [T([3.0, 1.0, 3.0, 1.0], "float32")], {"axis": 0}, note="ties"))
        out.append(Case(f"tf.math.{op}", [T([1.0, np.nan, 3.0], "float32")], {"axis": 0}, note="NaN"))
        out.append(Case(f"tf.math.{op}", [T(np.zeros((0, 2)), "float32")], {"axis": 0}, note="empty axis"))
        out.append(Case(f"tf.math.{op}", [data((3, 4), "float32")], {"axis": -1}))
        out.append(Case(f"tf.math.{op}", [data((3, 4), "float32")], {"axis": 2}, note="axis out of range"))
        out.append(Case(f"tf.math.{op}", [T([[False, True, True], [True, False, True]], "bool")], {"axis": 1},
                        note="bool, ties"))
    return out


def scans():
    out = []
    for op in ["cumsum", "cumprod"]:
        for dtype in NUMERIC:
            for exclusive in [False, True]:
                for reverse in [False, True]:
                    out.append(Case(f"tf.math.{op}", [data((3, 4), dtype, 1)],
                                    {"axis": 1, "exclusive": exclusive, "reverse": reverse}, grad=dtype in FLOATS))
        out.append(Case(f"tf.math.{op}", [data((3, 4), "float32", 1)], {"axis": 0}, grad=True))
        out.append(Case(f"tf.math.{op}", [data((3, 4), "float32", 1)], {"axis": -2}, grad=True))
        out.append(Case(f"tf.math.{op}", [T([], "float32")], {"axis": 0}, grad=True))
        out.append(Case(f"tf.math.{op}", [data((3,), "float32")], {"axis": 1}, note="axis out of range"))
    out.append(Case("tf.math.cumprod", [T([2.0, 0.0, 3.0, 0.0, 4.0], "float64")], {"axis": 0}, grad=True, note="zeros"))
    out.append(Case("tf.math.cumprod", [T([2.0, 0.0, 3.0], "float32")], {"axis": 0, "exclusive": True, "reverse": True}, grad=True, note="zeros"))
    out.append(Case("tf.math.cumsum", [T([2**31 - 1, 1, 1], "int32")], {"axis": 0}, note="overflow wraps"))
    return out


def sorting():
    v = T([[3.0, 1.0, 2.0, 1.0], [-1.0, 5.0, 5.0, 0.0]], "float32")
    out = []
    for direction in ["ASCENDING", "DESCENDING"]:
        out.append(Case("tf.sort", [v], {"direction": direction}, grad=True))
        out.append(Case("tf.sort", [v], {"axis": 0, "direction": direction}, grad=True))
        out.append(Case("tf.argsort", [v], {"direction": direction}, note="stable ties"))
        out.append(Case("tf.argsort", [v], {"axis": 0, "direction": direction}))
        out.append(Case("tf.sort", [T([3, -1, 2], "int32")], {"direction": direction}))
        out.append(Case("tf.sort", [T([3, -1, 2], "int64")], {"direction": direction}))
        out.append(Case("tf.sort", [T([np.nan, 1.0, -np.inf, 0.0], "float32")], {"direction": direction}, note="NaN", deviation=NAN_ORDER))
    out += [
        Case("tf.sort", [v], {"direction": "UP"}, note="bad direction"),
        Case("tf.math.top_k", [v], {"k": 2}, grad=True),
        Case("tf.math.top_k", [v], {"k": 4}, grad=True),
        Case("tf.math.top_k", [v], {"k": 0}, grad=True),
        Case("tf.math.top_k", [ramp((2, 3, 5), "float64")], {"k": 3}, grad=True),
        Case("tf.math.top_k", [T([1, 3, 3, 2], "int32")], {"k": 3}, note="ties"),
        Case("tf.math.top_k", [T([1, 3, 3, 2], "int64")], {"k": 2}),
        Case("tf.math.top_k", [v], {"k": 5}, note="k too large"),
        Case("tf.math.top_k", [T(1.0, "float32")], {"k": 1}, note="scalar"),
    ]
    return out


def products():
    out = []
    for dtype in FLOATS:
        a, b = ramp((3, 4), dtype), ramp((4, 5), dtype, 0.5)
        out += [
            Case("tf.linalg.matmul", [a, b], grad=True),
            Case("tf.linalg.matmul", [ramp((4, 3), dtype), b], {"transpose_a": True}, grad=True),
            Case("tf.linalg.matmul", [a, ramp((5, 4), dtype)], {"transpose_b": True}, grad=True),
            Case("tf.linalg.matmul", [ramp((4, 3), dtype), ramp((5, 4), dtype)], {"transpose_a": True, "transpose_b": True}, grad=True),
            Case("tf.linalg.matmul", [ramp((2, 3, 4), dtype), ramp((2, 4, 2), dtype)], grad=True),
            Case("tf.linalg.matmul", [ramp((2, 1, 3, 4), dtype), ramp((3, 4, 2), dtype)], grad=True, note="batch broadcast"),
            Case("tf.linalg.matmul", [ramp((0, 4), dtype), b], grad=True),
            Case("tf.linalg.matmul", [ramp((3, 0), dtype), ramp((0, 5), dtype)], grad=True),
            Case("tf.linalg.matmul", [ramp((64, 70), dtype, 0.01), ramp((70, 33), dtype, 0.02)], grad=True, note="blocked"),
        ]
    out += [
        Case("tf.linalg.matmul", [T([[1, 2], [3, 4]], "int32"), T([[5], [6]], "int32")]),
        Case("tf.linalg.matmul", [T([[2**16, 2]], "int32"), T([[2**16], [1]], "int32")], note="int32 overflow wraps"),
        Case("tf.linalg.matmul", [ramp((3, 4), "float32"), ramp((3, 4), "float32")], note="inner dims"),
        Case("tf.linalg.matmul", [ramp((3, 4), "float32"), ramp((4, 2), "float64")], note="dtype mismatch"),
        Case("tf.linalg.matmul", [ramp((4,), "float32"), ramp((4, 2), "float32")], note="rank 1"),
        Case("tf.linalg.matmul", [T([[np.nan, 1.0]], "float32"), T([[1.0], [np.inf]], "float32")], note="NaN, Inf"),
        Case("tf.tensordot", [ramp((2, 3, 4), "float32"), ramp((4, 5), "float32")], {"axes": 1}, grad=True),
        Case("tf.tensordot", [ramp((2, 3, 4), "float32"), ramp((3, 4, 2), "float32")], {"axes": 2}, grad=True),
        Case("tf.tensordot", [ramp((2, 3), "float64"), ramp((3, 2), "float64")], {"axes": [[0, 1], [1, 0]]}, grad=True),
        Case("tf.tensordot", [ramp((2, 3), "float32"), ramp((4,), "float32")], {"axes": 0}, grad=True, note="outer"),
        Case("tf.tensordot", [ramp((2, 3), "float32"), ramp((4, 5), "float32")], {"axes": 1}, note="dims differ"),
    ]
    for eq, shapes in [("ij,jk->ik", [(2, 3), (3, 4)]), ("bij,bjk->bik", [(2, 2, 3), (2, 3, 2)]), ("ij->ji", [(2, 3)]),
                       ("ij->", [(2, 3)]), ("i,i->", [(4,), (4,)]), ("i,j->ij", [(2,), (3,)]), ("ijk->kj", [(2, 3, 4)]),
                       ("...ij,...jk->...ik", [(2, 2, 3), (3, 2)]), ("bhqd,bhkd->bhqk", [(1, 2, 3, 4), (1, 2, 5, 4)])]:
        out.append(Case("tf.einsum", [ramp(s, "float32", 0.25, 0.1 * k) for k, s in enumerate(shapes)], {"equation": eq}, grad=True))
    out.append(Case("tf.einsum", [ramp((2, 3), "float32"), ramp((4, 2), "float32")], {"equation": "ij,jk->ik"}, note="dims differ"))
    out.append(Case("tf.einsum", [T([[1, 2]], "int32"), T([[3], [4]], "int32")], {"equation": "ij,jk->ik"}))
    return out


def segments():
    """Sorted and unsorted segment reductions: empty segments, dropped negative ids, ties in max/min,
    zeros in prod, int64 ids, ids of rank 2, and the checks of ids and shapes."""
    out = []
    sorted_ids, unsorted_ids = T([0, 0, 2, 2, 2], "int32"), T([2, -1, 0, 2, 0], "int64")
    for op in ["sum", "mean", "max", "min", "prod"]:
        for dtype in NUMERIC:
            out.append(Case(f"tf.math.segment_{op}", [data((5, 3), dtype), sorted_ids], grad=dtype in FLOATS))
        out.append(Case(f"tf.math.segment_{op}", [data((5, 3), "float32"), T([0, 0, 1, 1, 3], "int64")], grad=True))
        out.append(Case(f"tf.math.segment_{op}", [T(np.zeros((0, 2)), "float32"), T([], "int32")], grad=True, note="empty"))
        out.append(Case(f"tf.math.segment_{op}", [data((3, 2), "float32"), T([0, 1, 0], "int32")], note="not sorted"))
        out.append(Case(f"tf.math.segment_{op}", [data((3, 2), "float32"), T([0, 1], "int32")], note="size"))
    for op in ["sum", "mean", "max", "min", "prod", "sqrt_n"]:
        dtypes = FLOATS if op in ("mean", "sqrt_n") else NUMERIC
        for dtype in dtypes:
            out.append(Case(f"tf.math.unsorted_segment_{op}", [data((5, 3), dtype), unsorted_ids, T(4, "int32")],
                            grad=dtype in FLOATS))
        out.append(Case(f"tf.math.unsorted_segment_{op}", [data((2, 2, 3), "float64"), T([[0, 1], [-1, 0]], "int32"),
                                                           T(2, "int64")], grad=True, note="ids of rank 2"))
        out.append(Case(f"tf.math.unsorted_segment_{op}", [data((3, 2), "float32"), T([0, 5, 1], "int32"), T(3, "int32")],
                        note="id out of range"))
        out.append(Case(f"tf.math.unsorted_segment_{op}", [data((3, 2), "float32"), T([0, 1], "int32"), T(3, "int32")],
                        note="ids shape"))
    ties = T([[1.0, 3.0], [3.0, 3.0], [2.0, 0.0], [2.0, 5.0]], "float32")
    out += [
        Case("tf.math.segment_max", [ties, T([0, 0, 1, 1], "int32")], grad=True, note="ties share the gradient"),
        Case("tf.math.segment_min", [ties, T([0, 0, 1, 1], "int32")], grad=True, note="ties share the gradient"),
        Case("tf.math.unsorted_segment_max", [ties, T([1, 1, 0, 0], "int32"), T(3, "int32")], grad=True, note="ties"),
        Case("tf.math.unsorted_segment_min", [ties, T([1, 1, -1, 0], "int32"), T(2, "int32")], grad=True, note="ties"),
        Case("tf.math.segment_prod", [T([2.0, 0.0, 3.0, 0.0, 0.0, 5.0], "float32"), T([0, 0, 0, 1, 1, 1], "int32")],
             grad=True, note="zeros"),
        Case("tf.math.unsorted_segment_prod", [T([2.0, 0.0, 3.0, 0.0, 0.0, 5.0], "float64"), T([0, 0, 0, 1, 1, -1], "int32"),
                                               T(2, "int32")], grad=True, note="zeros"),
        Case("tf.math.segment_max", [T([1.0, np.nan, 3.0, np.nan, 2.0, 5.0], "float32"), T([0, 0, 0, 1, 1, 2], "int32")], note="NaN"),
        Case("tf.math.segment_min", [T([1.0, np.nan, 3.0, np.nan, 2.0, 5.0], "float64"), T([0, 0, 0, 1, 1, 2], "int32")], note="NaN"),
        Case("tf.math.unsorted_segment_max", [T([1.0, np.nan, 3.0, np.nan, 2.0, 5.0], "float32"), T([0, 0, 0, 1, 1, 2], "int32"),
                                              T(3, "int32")], note="NaN"),
        Case("tf.math.unsorted_segment_min", [T([1.0, np.nan, 3.0, np.nan, 2.0, 5.0], "float32"), T([2, 2, 2, 1, 1, 0], "int32"),
                                              T(3, "int32")], note="NaN"),
        Case("tf.math.segment_sum", [T([1, 2], "int32"), T([0.0, 1.0], "float32")], note="float ids"),
        Case("tf.math.segment_sum", [T([True, False], "bool"), T([0, 1], "int32")], note="bool data"),
        Case("tf.math.unsorted_segment_sum", [T([1.0, 2.0], "float32"), T([0, 1], "int32"), T(-1, "int32")],
             note="negative num_segments"),
    ]
    return out


def statistics():
    """add_n, reduce_logsumexp (with infinite rows), reduce_variance / reduce_std, reduce_euclidean_norm
    (integers truncate the root), count_nonzero, zero_fraction, l2_normalize."""
    out = []
    for op in ["reduce_logsumexp", "reduce_variance", "reduce_std", "reduce_euclidean_norm"]:
        for dtype in FLOATS:
            for axis in [None, 0, [0, 2], -1]:
                attrs = {} if axis is None else {"axis": axis}
                out.append(Case(f"tf.math.{op}", [data((2, 3, 4), dtype, 1)], attrs, grad=True))
            out.append(Case(f"tf.math.{op}", [data((2, 3, 4), dtype, 1)], {"axis": 1, "keepdims": True}, grad=True))
        out.append(Case(f"tf.math.{op}", [T(np.zeros((0, 3)), "float32")], {"axis": 0}, note="empty"))
        out.append(Case(f"tf.math.{op}", [data((2, 3), "float32")], {"axis": 2}, note="axis out of range"))
    out += [
        Case("tf.math.reduce_logsumexp", [T([[0.0, -np.inf], [-np.inf, -np.inf], [np.inf, 1.0], [np.inf, np.inf]], "float32")],
             {"axis": 1}, note="infinite rows"),
        Case("tf.math.reduce_logsumexp", [T([[1000.0, 1000.0], [-1000.0, -999.0]], "float64")], {"axis": 1}, grad=True,
             note="large values"),
        Case("tf.math.reduce_euclidean_norm", [T([[1, 1], [2, 2], [-3, 4]], "int32")], {"axis": 1}, note="root truncates"),
        Case("tf.math.reduce_euclidean_norm", [T([[1, 1], [2, 2], [-3, 4]], "int64")]),
        Case("tf.math.reduce_euclidean_norm", [T([True], "bool")], note="bool"),
        Case("tf.math.reduce_logsumexp", [T([1, 2], "int32")], note="integer input"),
    ]
    x = T([[0.0, 4.0, 0.0], [5.0, 0.0, -1.0]], "float32")
    for axis in [None, 0, 1, [0, 1]]:
        attrs = {} if axis is None else {"axis": axis}
        out.append(Case("tf.math.count_nonzero", [x], attrs))
    out += [
        Case("tf.math.count_nonzero", [x], {"axis": 1, "keepdims": True, "dtype": DT("int32")}),
        Case("tf.math.count_nonzero", [T([1, 0, 3], "int64")], {"dtype": DT("float32")}),
        Case("tf.math.count_nonzero", [T([True, False], "bool")]),
        Case("tf.math.count_nonzero", [T(["a", ""], "string")]),
        Case("tf.math.zero_fraction", [x]),
        Case("tf.math.zero_fraction", [T([1, 0, 0], "int32")]),
        Case("tf.math.zero_fraction", [T(np.zeros((0,)), "float32")], note="empty"),
        Case("tf.math.add_n", [data((2, 3), "float32"), data((2, 3), "float32", 1), data((2, 3), "float32", 2)], grad=True),
        Case("tf.math.add_n", [data((2, 3), "float64")], grad=True, note="one input"),
        Case("tf.math.add_n", [data((3,), "int32"), data((3,), "int32", 1)]),
        Case("tf.math.add_n", [data((3,), "float32"), data((2,), "float32")], note="shapes differ"),
        Case("tf.math.add_n", [data((3,), "float32"), data((3,), "float64")], note="dtypes differ"),
    ]
    for dtype in FLOATS:
        out.append(Case("tf.math.l2_normalize", [data((3, 4), dtype, 1)], {"axis": 1}, grad=True))
        out.append(Case("tf.math.l2_normalize", [data((3, 4), dtype, 1)], {"axis": [0, 1]}, grad=True))
        out.append(Case("tf.math.l2_normalize", [data((3, 4), dtype, 1)], grad=True))
    out.append(Case("tf.math.l2_normalize", [T([[3.0, 4.0], [0.0, 0.0]], "float32")], {"axis": 1, "epsilon": 1e-3},
                    grad=True, note="zero row"))
    return out


def counting():
    """bincount (weights, min/maxlength, dtype, axis=-1, binary_output), confusion_matrix (weights and
    their gradient, bounds), in_top_k (ties, non-finite and out-of-range targets), cumulative_logsumexp."""
    ids = T([1, 1, 3, 0, 5], "int32")
    out = [
        Case("tf.math.bincount", [ids]),
        Case("tf.math.bincount", [T([1, 1, 3, 0, 5], "int64")], {"minlength": 8}),
        Case("tf.math.bincount", [ids], {"maxlength": 2}),
        Case("tf.math.bincount", [ids], {"minlength": 3, "maxlength": 4}),
        Case("tf.math.bincount", [ids, ramp((5,), "float32")]),
        Case("tf.math.bincount", [ids, ramp((5,), "float64")]),
        Case("tf.math.bincount", [ids, T([1, 2, 3, 4, 5], "int64")]),
        Case("tf.math.bincount", [ids], {"dtype": DT("float32")}),
        Case("tf.math.bincount", [T([[1, 1, 2], [3, 0, 0]], "int32")], {"axis": -1}),
        Case("tf.math.bincount", [T([[1, 1, 2], [3, 0, 0]], "int32"), ramp((2, 3), "float32")], {"axis": -1}),
        Case("tf.math.bincount", [T([[1, 1, 2], [3, 0, 0]], "int32")]),
        Case("tf.math.bincount", [T([2, 0, 2], "int32")], {"minlength": 4, "binary_output": True}),
        Case("tf.math.bincount", [T([], "int32")], note="empty"),
        Case("tf.math.bincount", [T([1.5, 2.0], "float32")], note="floats are cast"),
        Case("tf.math.bincount", [T([1, -1], "int32")], note="negative"),
        Case("tf.math.bincount", [T([1, 2], "int32"), T([1.0], "float32")], note="weights shape"),
    ]
    labels, predictions = T([1, 2, 4, 2], "int32"), T([2, 2, 4, 0], "int64")
    out += [
        Case("tf.math.confusion_matrix", [labels, predictions]),
        Case("tf.math.confusion_matrix", [labels, predictions], {"num_classes": 6, "dtype": DT("int64")}),
        Case("tf.math.confusion_matrix", [labels, predictions, ramp((4,), "float32")], {"dtype": DT("float32")}, grad=True),
        Case("tf.math.confusion_matrix", [labels, predictions, ramp((4,), "float64")], {"dtype": DT("float64"), "num_classes": 5},
             grad=True),
        Case("tf.math.confusion_matrix", [T([[1], [0]], "int32"), T([1, 1], "int32")], note="squeezable"),
        Case("tf.math.confusion_matrix", [labels, predictions], {"num_classes": 3}, note="out of bound"),
        Case("tf.math.confusion_matrix", [T([1, -2], "int32"), T([2, 2], "int32")], note="negative"),
    ]
    scores = T([[0.1, 0.9, 0.5, 0.9], [0.3, 0.3, 0.2, np.nan], [np.inf, 1.0, 2.0, 3.0]], "float32")
    for k in [0, 1, 2, 4]:
        out.append(Case("tf.math.in_top_k", [T([1, 0, 3], "int32"), scores], {"k": k}))
        out.append(Case("tf.math.in_top_k", [T([3, 3, 0], "int64"), scores], {"k": k}))
    out += [
        Case("tf.math.in_top_k", [T([1, 7, -1], "int32"), scores], {"k": 2}, note="targets out of range"),
        Case("tf.math.in_top_k", [T([1], "int32"), scores], {"k": 1}, note="batch"),
        Case("tf.math.in_top_k", [T([1, 0, 3], "int32"), T([1.0, 2.0], "float32")], {"k": 1}, note="rank"),
    ]
    for dtype in FLOATS:
        for exclusive in [False, True]:
            for reverse in [False, True]:
                out.append(Case("tf.math.cumulative_logsumexp", [data((3, 4), dtype, 1)],
                                {"axis": 1, "exclusive": exclusive, "reverse": reverse}, grad=not exclusive))
        out.append(Case("tf.math.cumulative_logsumexp", [data((3, 4), dtype, 1)], {"axis": 0}, grad=True))
    out += [
        Case("tf.math.cumulative_logsumexp", [T([[1.0, -np.inf, 3.0], [-np.inf, -np.inf, np.inf]], "float32")], {"axis": 1},
             note="infinities"),
        Case("tf.math.cumulative_logsumexp", [T([1000.0, 1000.0, -1000.0], "float64")], {"axis": 0}, grad=True, note="large"),
        Case("tf.math.cumulative_logsumexp", [T([1, 2], "int32")], {"axis": 0}, note="integers"),
        Case("tf.math.cumulative_logsumexp", [T([1.0, 2.0], "float32")], {"axis": 1}, note="axis out of range"),
    ]
    return out


def _einsum(*xs, equation):
    import tensorflow as tf
    return tf.einsum(equation, *xs)


def _add_n(*xs):
    import tensorflow as tf
    return tf.add_n(list(xs))


def _bincount(arr, weights=None, **attrs):
    import tensorflow as tf
    return tf.math.bincount(arr, weights, **attrs)


def _confusion_matrix(labels, predictions, weights=None, **attrs):
    import tensorflow as tf
    return tf.math.confusion_matrix(labels, predictions, weights=weights, **attrs)


ADAPTERS = {"tf.einsum": _einsum, "tf.math.add_n": _add_n, "tf.math.bincount": _bincount,
            "tf.math.confusion_matrix": _confusion_matrix}


def uint8():
    """uint8 sums, products and scans wrap; a uint8 mean sums without wrapping (TensorFlow's does)."""
    pixels = T(np.arange(24).reshape(2, 3, 4) * 11 % 256, "uint8", (2, 3, 4))
    out = []
    for op in REDUCE:
        for axis in [None, 0, [1, 2], -1]:
            out.append(Case(f"tf.math.{op}", [pixels], {} if axis is None else {"axis": axis}))
    out.append(Case("tf.math.reduce_mean", [T([200, 100, 5], "uint8")], note="no wrap"))
    out.append(Case("tf.math.reduce_mean", [T(np.zeros((0, 2)), "uint8", (0, 2))], {"axis": 0}, note="empty"))
    for op in ["argmax", "argmin"]:
        out.append(Case(f"tf.math.{op}", [pixels], {"axis": 2}))
    for op in ["cumsum", "cumprod"]:
        out.append(Case(f"tf.math.{op}", [pixels], {"axis": 1, "exclusive": True}))
    out.append(Case("tf.math.top_k", [T([7, 200, 3, 200, 0], "uint8")], {"k": 3}, note="ties"))
    out.append(Case("tf.sort", [T([7, 200, 3, 255, 0], "uint8")], {"direction": "DESCENDING"}))
    out.append(Case("tf.linalg.matmul", [T([[1, 2], [3, 4]], "uint8"), T([[1, 2], [3, 4]], "uint8")], note="no uint8 kernel",
                    deviation=NO_KERNEL))
    return out


def cases():
    return reductions() + args() + scans() + sorting() + products() + uint8() + segments() + statistics() + counting()
