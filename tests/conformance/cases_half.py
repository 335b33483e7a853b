"""float16 and bfloat16: constants and printing (every output's str and repr), casts in and out
(round to nearest even, overflow to inf, NaN), arithmetic, unary math, comparisons, where,
reductions with TensorFlow's accumulation (a float16 sum of 10000 values of 0.1 is 997; bfloat16
sums in float32; cumsum accumulates in the 16-bit type), softmax / log_softmax, activations,
bias_add, matmul, conv2d and pooling, array ops, stateless random numbers, gradients; the ops
TensorFlow has no kernel for raise.

Tolerance: 2 ulps of the 16-bit type. tfpp computes each op through float32 and rounds once,
as Eigen does per element for these types; TensorFlow's vectorized float32 polynomials can land
a float32 result on the other side of a 16-bit rounding boundary, and its composite kernels
(softmax, the cross-entropies) round their intermediate results in the 16-bit type. Gradients:
4 ulps (they chain several rounded results)."""

import numpy as np

from case import DT, Case, T, ramp

ULPS = 2
GRAD_ULPS = 4
SCALED = False

HALVES = ["float16", "bfloat16"]
SUM_TREE = ("float16 sums over a non-leading axis of long rows: TensorFlow's inner-dimension reduction splits rows "
            "in an order tfpp does not reproduce; full float16 sums follow Eigen's tree order and match TensorFlow's bit "
            "for bit in most cases (a few differ by 1-2 ulps), reductions over leading axes match")
BIAS_ADD_GRAD_BF16 = ("bfloat16 BiasAddGrad: TensorFlow accumulates the bias gradient in bfloat16; tfpp in float32 "
                      "(as TensorFlow's float16 kernel does)")


def x(shape, dtype, scale=0.125, offset=0.0):
    return ramp(shape, dtype, scale, offset)


def constants_and_casts():
    out = []
    for dtype in HALVES:
        out.append(Case("tf.identity", [T([0.1, 1.5, 65504.0, 1e-3, -2.0, 0.0, -0.0], dtype)], note="printing"))
        out.append(Case("tf.identity", [T([[1.0, 2.0], [3.0, 4.0]], dtype)], note="printing"))
        out.append(Case("tf.identity", [T(0.1, dtype)], note="scalar printing"))
        out.append(Case("tf.identity", [T(np.arange(20) / 7, dtype)], note="wrapped rows"))
        out.append(Case("tf.identity", [T([np.nan, np.inf, -np.inf, 1.0], dtype)], note="non-finite"))
        out.append(Case("tf.identity", [T(np.arange(1200).reshape(2, 600), dtype)], note="summarized"))
        out.append(Case("tf.zeros", [], {"shape": [2, 3], "dtype": DT(dtype)}))
        out.append(Case("tf.ones", [], {"shape": [3], "dtype": DT(dtype)}))
        for src in ["float32", "float64"]:
            v = [0.1, 1.0 + 2**-11, 1.0 + 3 * 2**-11, 70000.0, -70000.0, 1e-8, 3.14159, np.nan, np.inf, -0.0, 65519.0, 65520.0]
            out.append(Case("tf.cast", [T(v, src)], {"dtype": DT(dtype)}, grad=True, note="rounding, overflow"))
        for src in ["int32", "int64", "uint8", "bool"]:
            v = [0, 1, 1, 0] if src == "bool" else [0, 1, 255, 100]
            out.append(Case("tf.cast", [T(v, src)], {"dtype": DT(dtype)}))
        out.append(Case("tf.cast", [T([2049, 2051, 70000, -70000], "int32")], {"dtype": DT(dtype)}, note="rounds"))
        for dst in ["float32", "float64", "int32", "int64", "uint8", "bool"]:
            out.append(Case("tf.cast", [T([1.5, -2.5, 0.0, 300.0, np.nan, 65504.0], dtype)], {"dtype": DT(dst)},
                            grad=dst.startswith("float")))
    out.append(Case("tf.cast", [T([0.1, 3.0], "float16")], {"dtype": DT("bfloat16")}, grad=True))
    out.append(Case("tf.cast", [T([0.1, 3e38], "bfloat16")], {"dtype": DT("float16")}, grad=True))
    return out


def arithmetic():
    out = []
    for dtype in HALVES:
        a, b = x((2, 3), dtype, 0.25, 0.125), x((3,), dtype, 0.5, 0.25)
        for op in ["add", "subtract", "multiply", "divide", "maximum", "minimum", "squared_difference", "pow",
                   "floordiv", "floormod", "atan2", "xlogy", "xdivy", "divide_no_nan", "multiply_no_nan"]:
            out.append(Case(f"tf.math.{op}", [a, b], grad=op not in ("floordiv", "floormod"), scaled=op == "pow"))
        for op in ["equal", "not_equal", "less", "less_equal", "greater", "greater_equal"]:
            out.append(Case(f"tf.math.{op}", [a, b]))
        out.append(Case("tf.math.add", [a, x((2, 3), "float32")], note="dtype mismatch"))
        out.append(Case("tf.where", [T([True, False, True], "bool"), a, b], grad=True))
        out.append(Case("tf.clip_by_value", [a, T(-0.5, dtype), T(0.75, dtype)], grad=True))
        out.append(Case("tf.math.add_n", [a, a, x((2, 3), dtype, 0.5)], grad=True))
        out.append(Case("tf.truncatemod", [a, b], note="no kernel"))
        out.append(Case("tf.math.nextafter", [a, a], note="no kernel"))
    return out


def unary():
    out = []
    positive = ["sqrt", "rsqrt", "log", "log1p", "reciprocal", "lgamma", "digamma", "acosh"]
    for dtype in HALVES:
        signed = x((2, 5), dtype, 0.125, 0.0625)
        pos = T(np.abs(np.asarray(signed, np.float32)) + 1.25, dtype)
        unit = T(np.asarray(signed, np.float32) / 2, dtype)
        for op in ["negative", "abs", "sign", "square", "exp", "expm1", "sin", "cos", "tan", "atan", "sinh", "cosh",
                   "tanh", "asinh", "sigmoid", "softplus", "erf", "erfc", "round", "floor", "ceil"]:
            out.append(Case(f"tf.math.{op}", [signed], grad=True))
        for op in ["asin", "acos", "atanh"]:
            out.append(Case(f"tf.math.{op}", [unit], grad=True))
        for op in positive:
            out.append(Case(f"tf.math.{op}", [pos], grad=op != "digamma"))
        for op in ["is_nan", "is_inf", "is_finite"]:
            out.append(Case(f"tf.math.{op}", [T([np.nan, np.inf, 1.0, -np.inf], dtype)]))
        for op in ["erfinv", "ndtri", "rint"]:
            out.append(Case(f"tf.math.{op}", [unit], note="no kernel"))
    return out


def reductions():
    out = []
    for dtype in HALVES:
        for op in ["reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod"]:
            for axis in [None, 0, 1, [0, 2], -1]:
                attrs = {} if axis is None else {"axis": axis}
                out.append(Case(f"tf.math.{op}", [x((2, 3, 4), dtype, 0.25)], attrs, grad=True, scaled=True))
        point_one = T(np.full(10000, 0.1), dtype)
        out.append(Case("tf.math.reduce_sum", [point_one], note="accumulation"))
        out.append(Case("tf.math.reduce_mean", [point_one], note="accumulation"))
        out.append(Case("tf.math.reduce_sum", [T(np.full((4000, 3), 0.1), dtype)], {"axis": 0}, note="column sums"))
        out.append(Case("tf.math.reduce_sum", [T(np.full((3, 4000), 0.1), dtype)], {"axis": 1}, note="row sums",
                        deviation=SUM_TREE if dtype == "float16" else ""))
        out.append(Case("tf.math.reduce_sum", [T(np.full(100, 1000.0), dtype)], note="overflow"))
        out.append(Case("tf.math.reduce_mean", [T(np.full(100, 1000.0), dtype)], note="overflow"))
        out.append(Case("tf.math.reduce_prod", [T(np.full(30, 1.5), dtype)], note="accumulation"))
        rng = np.random.default_rng(0)
        for n in [7, 33, 300, 3000, 10000]:
            out.append(Case("tf.math.reduce_sum", [T(rng.random(n) * 3, dtype)], note=f"{n} values"))
        out.append(Case("tf.math.cumsum", [point_one], note="accumulation"))
        out.append(Case("tf.math.cumsum", [x((2, 5), dtype)], {"axis": 1, "exclusive": True, "reverse": True}, grad=True))
        out.append(Case("tf.math.cumprod", [x((2, 5), dtype, 0.25, 1.0)], {"axis": 1}, grad=True))
        out.append(Case("tf.math.reduce_logsumexp", [x((2, 3, 4), dtype)], {"axis": 1}, grad=True))
        out.append(Case("tf.math.argmax", [x((3, 4), dtype)], {"axis": 1}))
        out.append(Case("tf.math.argmin", [x((3, 4), dtype)], {"axis": 0}))
        out.append(Case("tf.math.top_k", [x((2, 5), dtype)], {"k": 2}, grad=True))
        out.append(Case("tf.linalg.matmul", [x((3, 4), dtype), x((4, 2), dtype, 0.25)], grad=True, scaled=True))
        out.append(Case("tf.linalg.matmul", [T(np.full((1, 5000), 0.1), dtype), T(np.ones((5000, 1)), dtype)],
                        note="float32 accumulation"))
        out.append(Case("tf.linalg.matmul", [x((2, 3, 4), dtype), x((2, 4, 2), dtype)], {"transpose_a": False}, grad=True, scaled=True))
    return out


def nn():
    out = []
    for dtype in HALVES:
        logits = x((2, 5), dtype, 0.5)
        for op in ["softmax", "log_softmax", "relu", "relu6", "elu", "selu", "leaky_relu", "gelu", "softsign", "silu"]:
            out.append(Case(f"tf.nn.{op}", [logits], grad=True, scaled=True))
        out.append(Case("tf.nn.bias_add", [x((2, 3, 4), dtype), x((4,), dtype, 0.5)], grad=True, scaled=True,
                        deviation=BIAS_ADD_GRAD_BF16 if dtype == "bfloat16" else ""))
        out.append(Case("tf.nn.l2_loss", [x((3, 4), dtype)], grad=True, scaled=True))
        labels = T(np.asarray(x((2, 5), "float32", 0.5)) ** 2, dtype)
        out.append(Case("tf.nn.softmax_cross_entropy_with_logits", [labels, logits], grad=True, scaled=True))
        out.append(Case("tf.nn.sparse_softmax_cross_entropy_with_logits", [T([1, 4], "int32"), logits], grad=True, scaled=True))
        img = x((1, 5, 5, 2), dtype, 0.125)
        out.append(Case("tf.nn.conv2d", [img, x((3, 3, 2, 3), dtype, 0.25)], {"strides": 1, "padding": "SAME"}, grad=True, scaled=True))
        out.append(Case("tf.nn.depthwise_conv2d", [img, x((3, 3, 2, 1), dtype, 0.25)], {"strides": [1, 1, 1, 1], "padding": "VALID"},
                        grad=True, scaled=True))
        for op in ["max_pool2d", "avg_pool2d"]:
            out.append(Case(f"tf.nn.{op}", [x((1, 4, 6, 2), dtype)], {"ksize": 2, "strides": 2, "padding": "VALID"}, grad=True, scaled=True))
        out.append(Case("tf.nn.conv3d", [x((1, 3, 4, 3, 2), dtype), x((2, 2, 2, 2, 3), dtype, 0.25)],
                        {"strides": [1, 1, 1, 1, 1], "padding": "SAME"}, grad=True, scaled=True))
    return out


def arrays():
    out = []
    for dtype in HALVES:
        a = x((2, 3), dtype)
        out += [
            Case("tf.concat", [a, x((1, 3), dtype, 0.5)], {"axis": 0}, grad=True),
            Case("tf.stack", [a, a], {"axis": 1}, grad=True),
            Case("tf.transpose", [a], grad=True),
            Case("tf.reshape", [a], {"shape": [3, 2]}, grad=True),
            Case("tf.gather", [a, T([1, 0, 1], "int32")], grad=True),
            Case("tf.pad", [a], {"paddings": [[1, 0], [0, 2]]}, grad=True),
            Case("tf.tile", [a], {"multiples": [2, 1]}, grad=True),
            Case("tf.reverse", [a], {"axis": [1]}, grad=True),
            Case("tf.slice", [a], {"begin": [0, 1], "size": [2, 2]}, grad=True),
            Case("tf.split", [x((4, 2), dtype)], {"num_or_size_splits": 2}, grad=True),
            Case("tf.one_hot", [T([0, 2], "int32")], {"depth": 3, "dtype": DT(dtype)}),
            Case("tf.zeros_like", [a]),
            Case("tf.ones_like", [a]),
            Case("tf.fill", [T(1.5, dtype)], {"dims": [2, 2]}),
        ]
    return out


def random_numbers():
    out = []
    for dtype in HALVES:
        for fn in ["stateless_normal", "stateless_uniform", "stateless_truncated_normal"]:
            out.append(Case(f"tf.random.{fn}", [T([1, 2], "int32")], {"shape": [7], "dtype": DT(dtype)}, ulps=0))
        out.append(Case("tf.random.stateless_uniform", [T([3, 4], "int64")], {"shape": [5], "minval": -2.0, "maxval": 5.0,
                                                                              "dtype": DT(dtype)}))
    return out


from cases_array import ADAPTERS as _ARRAY_ADAPTERS  # noqa: E402
from cases_random import ADAPTERS as _RANDOM_ADAPTERS  # noqa: E402
from cases_reduce import ADAPTERS as _REDUCE_ADAPTERS  # noqa: E402

ADAPTERS = {**_ARRAY_ADAPTERS, **_RANDOM_ADAPTERS, **_REDUCE_ADAPTERS}


def cases():
    return constants_and_casts() + arithmetic() + unary() + reductions() + nn() + arrays() + random_numbers()
