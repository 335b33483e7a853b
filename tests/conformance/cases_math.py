"""Elementwise math: arithmetic over every dtype with broadcasting, scalars and empty tensors,
dtype mismatches, integer division and floor-mod signs, int32 overflow, NaN/Inf/-0/denormals
through every unary op, comparisons, logical ops, casts, where, clip_by_value, activations.

Tolerance: 4 ulps. tfpp's transcendental kernels (exp, log, tanh, erf, ...) are vectorized
polynomial approximations (Highway), as are TensorFlow's (Eigen); each is within ~2 ulps of the
correctly rounded value, so the two differ by at most ~4. Arithmetic (+ - * /, sqrt) is exact
IEEE and matches bit for bit. Gradients chain two such results: 8 ulps."""

import itertools

import numpy as np

from case import DT, Case, T, ramp

ULPS = 4
GRAD_ULPS = 8

FLOATS = ["float32", "float64"]
INTS = ["int32", "int64"]
NUMERIC = FLOATS + INTS
SHAPE_PAIRS = [((2, 3), (2, 3)), ((2, 1, 3), (4, 1)), ((), (3,)), ((3,), ()), ((0, 3), (1, 3)), ((), ())]


def numeric_inputs(shape, dtype, seed):
    if dtype in FLOATS:
        return ramp(shape, dtype, 0.25, 0.125 * seed)
    n = int(np.prod(shape)) if shape else 1
    v = (np.arange(n) * (5 + seed)) % 13 - 6
    return T(v, dtype, shape)


def arithmetic():
    out = []
    for op in ["add", "subtract", "multiply", "maximum", "minimum", "squared_difference"]:
        for dtype in NUMERIC:
            for sa, sb in SHAPE_PAIRS:
                out.append(Case(f"tf.math.{op}", [numeric_inputs(sa, dtype, 1), numeric_inputs(sb, dtype, 2)],
                                grad=dtype in FLOATS, note="broadcasting"))
    # Ties route the gradient of maximum/minimum to the first argument, as TensorFlow does.
    for op in ["maximum", "minimum"]:
        out.append(Case(f"tf.math.{op}", [T([1.0, 2.0, 3.0], "float32"), T([1.0, 5.0, 3.0], "float32")], grad=True, note="ties"))
    # Division of every dtype; integer true division gives float64.
    for op in ["divide", "truediv"]:
        for dtype in NUMERIC:
            b = T([1, -2, 4, 3, 7, -5], dtype, (2, 3))
            out.append(Case(f"tf.math.{op}", [numeric_inputs((2, 3), dtype, 1), b], grad=dtype in FLOATS))
            out.append(Case(f"tf.math.{op}", [numeric_inputs((2, 3), dtype, 1), T(3, dtype)], grad=dtype in FLOATS))
    return out


def integer_division():
    out = []
    a = [-7, -7, 7, 7, 0, -1, 1, 6, -6]
    b = [2, -2, 2, -2, 3, 4, -4, 3, 3]
    for op in ["floordiv", "floormod"]:
        for dtype in NUMERIC:
            out.append(Case(f"tf.math.{op}", [T(a, dtype), T(b, dtype)], grad=False, note="signs"))
        out.append(Case(f"tf.math.{op}", [T([-7.5, 7.5, -0.5, 0.5], "float32"), T([2.0, -2.0, 0.25, -0.25], "float32")], grad=True))
        out.append(Case(f"tf.math.{op}", [T([1.0, -1.0, 0.0], "float64"), T([0.0, 0.0, 0.0], "float64")], note="by zero"))
        for dtype in INTS:
            out.append(Case(f"tf.math.{op}", [T([5, 1], dtype), T([0, 1], dtype)], note="integer by zero"))
    out.append(Case("tf.math.divide", [T([1.0, -1.0, 0.0], "float32"), T([0.0, -0.0, 0.0], "float32")], note="by zero"))
    out.append(Case("tf.math.divide", [T([1, 0], "int32"), T([0, 0], "int32")], note="integer true division by zero"))
    return out


def overflow():
    big = np.iinfo(np.int32)
    return [
        Case("tf.math.add", [T([big.max, big.min], "int32"), T([1, -1], "int32")], note="wraps"),
        Case("tf.math.subtract", [T([big.min], "int32"), T([1], "int32")], note="wraps"),
        Case("tf.math.multiply", [T([65536, 46341], "int32"), T([65536, 46341], "int32")], note="wraps"),
        Case("tf.math.negative", [T([big.min, big.max], "int32")]),
        Case("tf.math.abs", [T([big.min, -5], "int32")]),
        Case("tf.math.square", [T([46341, -65536], "int32")]),
        Case("tf.math.pow", [T([2, 3, -2], "int32"), T([31, 21, 33], "int32")]),
        Case("tf.math.add", [T([2**62], "int64"), T([2**62], "int64")]),
        Case("tf.math.multiply", [T([2**40], "int64"), T([2**30], "int64")]),
        Case("tf.math.pow", [T([2, 5, -3, 0], "int32"), T([0, 3, 3, 0], "int32")]),
        Case("tf.math.pow", [T([2, 4], "int32"), T([-1, 2], "int32")], note="negative integer exponent"),
        Case("tf.math.add", [T([3.0e38], "float32"), T([3.0e38], "float32")], note="float overflow"),
    ]


SPECIAL = [np.nan, np.inf, -np.inf, 0.0, -0.0, 3.4e38, -2.5, 0.5, 1.0, 88.0, -104.0, 1e-30]
SPECIAL64 = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.7e308, -2.5, 0.5, 1.0, 710.0, -746.0, 1e-300]
DENORMALS = [1e-45, -1e-45, 1e-39, -3e-39, 1.0]
DENORMALS64 = [5e-324, -5e-324, 1e-310, 1.0]
FTZ = ("denormals: tfpp flushes denormal inputs and results to zero in every kernel (FTZ/DAZ); TensorFlow "
       "does so in most kernels, but its negate/abs keep them and its log treats them by vector width")
ERF64_INF = "TensorFlow's float64 erf(+-inf) is NaN; tfpp gives +-1"
GELU64 = ("TensorFlow's float64 gelu (Eigen's double erfc/tanh) is accurate to ~1e-9; tfpp's is correctly "
          "rounded (checked against Python's math.erf/tanh)")
UNARY = ["negative", "abs", "sign", "square", "sqrt", "rsqrt", "reciprocal", "exp", "expm1", "log", "log1p",
         "sin", "cos", "tanh", "sigmoid", "softplus", "erf", "round", "floor", "ceil"]
SMOOTH_DOMAIN = {"sqrt": 0.75, "rsqrt": 0.75, "log": 0.75, "log1p": 0.75, "reciprocal": 0.6}


def unary():
    out = []
    for op in UNARY:
        out.append(Case(f"tf.math.{op}", [T(SPECIAL, "float32")], note="NaN, Inf, -0"))
        out.append(Case(f"tf.math.{op}", [T(SPECIAL64, "float64")], note="NaN, Inf, -0",
                        deviation=ERF64_INF if op == "erf" else ""))
        out.append(Case(f"tf.math.{op}", [T(DENORMALS, "float32")], note="denormals", deviation=FTZ))
        out.append(Case(f"tf.math.{op}", [T(DENORMALS64, "float64")], note="denormals", deviation=FTZ))
        for dtype in FLOATS:
            x = ramp((2, 5), dtype, 0.3, 0.05)
            if op in SMOOTH_DOMAIN:
                x = np.abs(x) + np.array(SMOOTH_DOMAIN[op], dtype=dtype)
            out.append(Case(f"tf.math.{op}", [x], grad=op not in ("round", "floor", "ceil", "sign")))
        out.append(Case(f"tf.math.{op}", [T([], "float32")], grad=True, note="empty"))
    out.append(Case("tf.math.round", [T([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 2.4999998], "float32")], note="ties to even"))
    for op in ["negative", "abs", "sign", "square"]:
        for dtype in INTS:
            out.append(Case(f"tf.math.{op}", [T([-3, 0, 4, -1], dtype)]))
    out.append(Case("tf.math.sqrt", [T([4, 9], "int32")], note="no integer kernel"))
    return out


def comparisons():
    out = []
    for op in ["equal", "not_equal", "less", "less_equal", "greater", "greater_equal"]:
        for dtype in NUMERIC:
            out.append(Case(f"tf.math.{op}", [T([1, 2, 3, -4], dtype), T([1, 3, 2, -4], dtype)]))
        out.append(Case(f"tf.math.{op}", [T([np.nan, 1.0, np.inf, -0.0], "float32"), T([np.nan, np.nan, np.inf, 0.0], "float32")], note="NaN"))
        out.append(Case(f"tf.math.{op}", [ramp((2, 1, 3), "float32"), ramp((4, 1), "float32")], note="broadcast"))
        out.append(Case(f"tf.math.{op}", [T([1, 2], "int32"), T([1.0, 2.0], "float32")], note="dtype mismatch"))
    for op in ["equal", "not_equal"]:
        out.append(Case(f"tf.math.{op}", [T(["a", "b", ""], "string"), T(["a", "c", ""], "string")]))
        out.append(Case(f"tf.math.{op}", [T([True, False], "bool"), T([True, True], "bool")]))
    return out


def logical():
    a, b = T([True, True, False, False], "bool"), T([True, False, True, False], "bool")
    return [Case("tf.math.logical_and", [a, b]), Case("tf.math.logical_or", [a, b]), Case("tf.math.logical_not", [a]),
            Case("tf.math.logical_and", [T([[True], [False]], "bool"), T([True, False, True], "bool")]),
            Case("tf.math.logical_and", [T([1, 0], "int32"), T([1, 1], "int32")], note="needs bool")]


def promotion_errors():
    out = []
    for op in ["add", "subtract", "multiply", "maximum", "pow", "floordiv"]:
        for da, db in [("int32", "float32"), ("float32", "float64"), ("int32", "int64"), ("float32", "bool")]:
            out.append(Case(f"tf.math.{op}", [T([1, 2], da), T([1, 2], db)], note="no implicit promotion"))
    out.append(Case("tf.math.add", [T([1.0, 2.0, 3.0], "float32"), T([1.0, 2.0], "float32")], note="incompatible shapes"))
    out.append(Case("tf.math.multiply", [ramp((2, 3), "float32"), ramp((3, 2), "float32")], note="incompatible shapes"))
    out.append(Case("tf.math.add", [T(["a"], "string"), T(["b"], "string")], note="string concatenation"))
    out.append(Case("tf.math.multiply", [T(["a"], "string"), T(["b"], "string")], note="no string multiply"))
    out.append(Case("tf.math.add", [T([True], "bool"), T([False], "bool")], note="no bool add"))
    return out


def casts():
    out = []
    vals = [-2.7, -0.5, 0.0, 0.5, 1.5, 2.7, 1e10, -1e10, np.nan, np.inf]
    for src in FLOATS:
        for dst in NUMERIC + ["bool"]:
            out.append(Case("tf.cast", [T(vals, src)], {"dtype": DT(dst)}, grad=dst in FLOATS))
    for src in INTS + ["bool"]:
        for dst in NUMERIC + ["bool"]:
            v = [0, 1, 1, 0] if src == "bool" else [0, 1, -1, 2**31 - 1, -(2**31)]
            out.append(Case("tf.cast", [T(v, src)], {"dtype": DT(dst)}))
    out.append(Case("tf.cast", [T([2**40 + 3, -(2**40) - 1], "int64")], {"dtype": DT("int32")}, note="wraps"))
    out.append(Case("tf.cast", [T([16777217, 2**31 - 1], "int32")], {"dtype": DT("float32")}, note="rounds"))
    out.append(Case("tf.cast", [T([1.0000001192092896, 3.4028235677973366e38, 1e-46], "float64")], {"dtype": DT("float32")}))
    out.append(Case("tf.cast", [T(["1"], "string")], {"dtype": DT("int32")}, note="no string cast"))
    out.append(Case("tf.cast", [T([1.5], "float32")], {"dtype": DT("string")}, note="no string cast"))
    return out


def selection():
    c = T([True, False, True, False], "bool")
    out = [
        Case("tf.where", [c, ramp((4,), "float32"), ramp((4,), "float32", 0.5)], grad=True),
        Case("tf.where", [T([[True], [False]], "bool"), ramp((2, 3), "float64"), ramp((3,), "float64", 0.1)], grad=True),
        Case("tf.where", [c, T([1, 2, 3, 4], "int32"), T([5, 6, 7, 8], "int32")]),
        Case("tf.where", [c, T(["a", "b", "c", "d"], "string"), T(["w", "x", "y", "z"], "string")]),
        Case("tf.where", [c, ramp((4,), "float32"), ramp((4,), "float64")], note="dtype mismatch"),
        Case("tf.where", [T([True, False], "bool"), ramp((3,), "float32"), ramp((3,), "float32")], note="shape mismatch"),
        Case("tf.clip_by_value", [ramp((2, 4), "float32"), T(-1.0, "float32"), T(1.5, "float32")], grad=True),
        Case("tf.clip_by_value", [T([-5, 0, 5, 10], "int32"), T(0, "int32"), T(6, "int32")]),
        Case("tf.clip_by_value", [T([np.nan, -np.inf, np.inf, 1.0], "float32"), T(-1.0, "float32"), T(2.0, "float32")]),
        Case("tf.clip_by_value", [ramp((2, 3), "float64"), ramp((3,), "float64", 0.1, -1.0), T(1.0, "float64")], grad=True),
    ]
    return out


def activations():
    out = []
    for op in ["relu", "relu6", "elu", "selu"]:
        for dtype in FLOATS:
            out.append(Case(f"tf.nn.{op}", [T([-7.0, -1.0, -0.0, 0.0, 0.5, 3.0, 6.0, 8.0], dtype)], grad=True))
        out.append(Case(f"tf.nn.{op}", [T([np.nan, np.inf, -np.inf], "float32")]))
    for approximate in [False, True]:
        for dtype in FLOATS:
            # In the negative tail 1 + erf (or 1 + tanh) cancels, and float32 results there are
            # only good to a few ulps of the input's magnitude on either side.
            out.append(Case("tf.nn.gelu", [ramp((3, 4), dtype, 0.4)], {"approximate": approximate}, grad=True,
                            deviation=GELU64 if dtype == "float64" else "", scaled=dtype == "float32"))
    out.append(Case("tf.nn.relu", [T([-3, 0, 4], "int32")]))
    return out


def uint8():
    """uint8 (pixels, bytes): wrapping arithmetic, float32 true division, the ops TensorFlow has no
    uint8 kernel for, and casts into uint8 (floats go through int32 and keep the low byte)."""
    a, b = T([200, 100, 5, 0, 255], "uint8"), T([100, 200, 3, 7, 1], "uint8")
    out = [Case(f"tf.math.{op}", [a, b], note="uint8 wraps")
           for op in ["add", "subtract", "multiply", "maximum", "minimum", "floordiv", "floormod", "divide"]]
    out += [Case(f"tf.math.{op}", [T([[1], [250]], "uint8"), T([3, 9], "uint8")], note="uint8 broadcast")
            for op in ["add", "multiply"]]
    out += [Case(f"tf.math.{op}", [T([5, 1], "uint8"), T([0, 1], "uint8")], note="uint8 by zero")
            for op in ["floordiv", "floormod"]]
    out += [Case(f"tf.math.{op}", [a, b]) for op in ["equal", "not_equal", "less", "less_equal", "greater", "greater_equal"]]
    out += [Case(f"tf.math.{op}", [a], note="no uint8 kernel") for op in ["negative", "abs", "sign", "sqrt"]]
    out += [Case(f"tf.math.{op}", [a, b], note="no uint8 kernel") for op in ["pow", "squared_difference"]]
    out.append(Case("tf.math.square", [a], note="uint8 wraps"))
    out.append(Case("tf.math.add", [a, T([1, 2, 3, 4, 5], "int32")], note="no implicit promotion"))
    for src in FLOATS:
        out.append(Case("tf.cast", [T([-1.0, 300.0, 255.9, 1e10, np.nan, -300.5, 2.7, -np.inf], src)], {"dtype": DT("uint8")}))
    for src in INTS + ["bool"]:
        v = [0, 1, 1, 0] if src == "bool" else [-1, 300, 256, -256, 2**31 - 1]
        out.append(Case("tf.cast", [T(v, src)], {"dtype": DT("uint8")}))
    for dst in NUMERIC + ["bool"]:
        out.append(Case("tf.cast", [a], {"dtype": DT(dst)}))
    out.append(Case("tf.clip_by_value", [a, T(3, "uint8"), T(150, "uint8")]))
    out.append(Case("tf.where", [T([True, False, True, False, True], "bool"), a, b]))
    out += [Case(f"tf.nn.{op}", [T([0, 7, 200], "uint8")]) for op in ["relu", "relu6"]]
    return out


# The rarer elementwise functions: input ranges inside each domain for the gradients, the
# special values (NaN, +-inf, +-0, domain ends, poles) on their own.
MORE_UNARY = {"tan": (-1.2, 1.2), "asin": (-0.9, 0.9), "acos": (-0.9, 0.9), "atan": (-3, 3), "sinh": (-3, 3),
              "cosh": (-3, 3), "asinh": (-3, 3), "acosh": (1.1, 4), "atanh": (-0.9, 0.9), "lgamma": (0.2, 5),
              "digamma": (0.2, 5), "erfc": (-2, 2), "erfinv": (-0.9, 0.9), "ndtri": (0.05, 0.95), "rint": (-3, 3),
              "log_sigmoid": (-5, 5), "softsign": (-3, 3), "reciprocal_no_nan": (0.5, 3)}
MORE_SPECIAL = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 2.0, -2.5, 0.5, 1e-30, -3.0, 0.25]
SPECIAL_FUNCTION_ULPS = 16  # digamma, lgamma and polygamma: Eigen's float32 series vs tfpp's rounded double
ERFINV64 = ("TensorFlow's float64 erfinv (Eigen's, through ndtri) is off by up to ~10 ulps (0.08885599049425778 at 0.1, "
            "exactly 0.08885599049425769); tfpp's is within 2 ulps of the exact value (mpmath)")
ERFINV_TINY = ("erfinv of |x| below ~1e-8: TensorFlow computes ndtri((x + 1) / 2), where x + 1 rounds to 1, and gives 0; "
               "tfpp gives sqrt(pi)/2 x, the exact value to double precision")
PRINTED_DENORMAL = ("tfpp's tensor printer runs with FTZ/DAZ, so it shows nextafter's denormal results (exact in the "
                    "values) as 0")
TRUNCATEDIV_BY_ZERO = ("integer truncatediv/truncatemod by zero: TensorFlow raises InternalError ('Unexpected error in "
                       "binary operator'), tfpp InvalidArgumentError, as for floordiv")


def more_elementwise():
    out = []
    for op, (lo, hi) in MORE_UNARY.items():
        special = op in ("lgamma", "digamma")
        for dtype in FLOATS:
            x = T(np.linspace(lo, hi, 10).reshape(2, 5), dtype)
            out.append(Case(f"tf.math.{op}", [x], grad=op != "rint", ulps=SPECIAL_FUNCTION_ULPS if special else None,
                            deviation=ERFINV64 if op == "erfinv" and dtype == "float64" else ""))
            specials = [v for v in MORE_SPECIAL if op != "erfinv" or v != 1e-30]
            out.append(Case(f"tf.math.{op}", [T(specials, dtype)], note="NaN, Inf, -0, domain ends, poles",
                            ulps=SPECIAL_FUNCTION_ULPS if special else None))
        out.append(Case(f"tf.math.{op}", [T([], "float32")], grad=op != "rint", note="empty"))
        out.append(Case(f"tf.math.{op}", [T([1, 2], "int32")], note="no integer kernel"))
    out.append(Case("tf.math.lgamma", [T([-2.5, -0.5, -3.7, 7.2], "float64")], grad=True, note="negative non-integers"))
    out.append(Case("tf.math.digamma", [T([-2.5, -0.5, -3.7, 7.2], "float64")], grad=True, note="negative non-integers"))
    out.append(Case("tf.math.erfinv", [T([1e-30, -1e-12, 1e-300], "float64")], deviation=ERFINV_TINY))
    out.append(Case("tf.math.rint", [T([0.5, 1.5, 2.5, -0.5, -1.5, -2.5], "float32")], note="ties to even"))
    out.append(Case("tf.nn.softsign", [ramp((3, 2), "float32")], grad=True))
    for op in ["is_nan", "is_inf", "is_finite"]:
        for dtype in FLOATS:
            out.append(Case(f"tf.math.{op}", [T(MORE_SPECIAL, dtype)]))
        out.append(Case(f"tf.math.{op}", [T([1, 2], "int32")], note="no integer kernel"))
    x, y = ramp((2, 1, 3), "float64", 0.3, 0.05), np.abs(ramp((4, 1), "float64", 0.2)) + 0.5
    for op in ["atan2", "xlogy", "xlog1py", "xdivy", "divide_no_nan", "multiply_no_nan", "nextafter"]:
        for dtype in FLOATS:
            out.append(Case(f"tf.math.{op}", [x.astype(dtype), y.astype(dtype)], grad=True, note="broadcasting"))
        out.append(Case(f"tf.math.{op}", [T([0.0, 0.0, 0.0, 1.0, -1.0, np.nan, np.inf], "float32"),
                                          T([0.0, np.nan, -1.0, 0.0, 0.0, 0.0, 0.0], "float32")], grad=True, note="zeros",
                        deviation=PRINTED_DENORMAL if op == "nextafter" else ""))
        out.append(Case(f"tf.math.{op}", [T([1.0], "float32"), T([1.0], "float64")], note="dtype mismatch"))
    out.append(Case("tf.math.atan2", [T([0.0, -0.0, 0.0, -0.0, 1.0, -1.0], "float64"),
                                      T([0.0, 0.0, -0.0, -0.0, -np.inf, -1.0], "float64")], note="signed zeros"))
    out.append(Case("tf.math.divide_no_nan", [T([7, -7, 3], "int32"), T([2, 2, 0], "int32")], note="integers as floats"))
    out.append(Case("tf.math.polygamma", [T([0.0, 1.0, 2.0, 3.0, 1.5, -1.0], "float64"),
                                          T([2.5, 0.5, 1.5, -1.5, 1.0, 1.0], "float64")], grad=True))
    out.append(Case("tf.math.polygamma", [T([1.0, 2.0], "float32"), ramp((3, 1), "float32", 0.3, 2.0)], grad=True,
                    ulps=SPECIAL_FUNCTION_ULPS))
    a, b = T([-7, -7, 7, 7, 0, -1, 1, 6], "int32"), T([2, -2, 2, -2, 3, 4, -4, 3], "int32")
    for op in ["truncatediv", "truncatemod"]:
        for dtype in NUMERIC:
            out.append(Case(f"tf.{op}", [a.astype(dtype), b.astype(dtype)], note="signs"))
        out.append(Case(f"tf.{op}", [T([-7.5, 7.5, 1.0], "float32"), T([2.0, -2.0, 0.0], "float32")], grad=True))
        out.append(Case(f"tf.{op}", [T([1, 2], "int32"), T([1, 0], "int32")], note="by zero", deviation=TRUNCATEDIV_BY_ZERO))
        out.append(Case(f"tf.{op}", [T([[9], [-9]], "int64"), T([2, 4], "int64")], note="broadcasting"))
    out.append(Case("tf.truncatediv", [T([200, 7], "uint8"), T([3, 2], "uint8")]))
    out.append(Case("tf.truncatemod", [T([200, 7], "uint8"), T([3, 2], "uint8")], note="no uint8 kernel"))
    out.append(Case("tf.math.logical_xor", [T([True, True, False, False], "bool"), T([True, False, True, False], "bool")]))
    out.append(Case("tf.math.logical_xor", [T([[True], [False]], "bool"), T([True, False, True], "bool")]))
    return out


# Eigen's special functions, which TensorFlow's kernels use too: float64 bit for bit but for
# the libm calls inside (a few ulps), float32 within the series' last bits.
EIGEN_ULPS = 8
BESSEL = {"bessel_i0": (-3, 3), "bessel_i0e": (-3, 3), "bessel_i1": (-3, 3), "bessel_i1e": (-3, 3),
          "special.bessel_j0": (0.2, 6), "special.bessel_j1": (0.2, 6), "special.bessel_y0": (0.2, 6),
          "special.bessel_y1": (0.2, 6), "special.bessel_k0": (0.2, 6), "special.bessel_k0e": (0.2, 6),
          "special.bessel_k1": (0.2, 6), "special.bessel_k1e": (0.2, 6)}


def special_functions():
    out = []
    for op, (lo, hi) in BESSEL.items():
        for dtype in FLOATS:
            out.append(Case(f"tf.math.{op}", [T(np.linspace(lo, hi, 8).reshape(2, 4), dtype)], grad=True, ulps=EIGEN_ULPS))
        out.append(Case(f"tf.math.{op}", [T([0.0, np.inf, -np.inf, np.nan], "float64")], note="zero, infinities, NaN",
                        ulps=EIGEN_ULPS))
    a, x = ramp((2, 3), "float64", 0.4, 0.5), np.abs(ramp((3,), "float64", 0.7)) + 0.2
    for op in ["igamma", "igammac"]:
        for dtype in FLOATS:
            out.append(Case(f"tf.math.{op}", [a.astype(dtype), x.astype(dtype)], grad=True, ulps=EIGEN_ULPS,
                            note="broadcasting"))
        out.append(Case(f"tf.math.{op}", [T([0.0, 1.0, -1.0, 2.0, np.nan], "float64"), T([1.0, 0.0, 1.0, np.inf, 1.0], "float64")],
                        note="domain edges", ulps=EIGEN_ULPS))
        out.append(Case(f"tf.math.{op}", [T([1, 2], "int32"), T([1, 2], "int32")], note="no integer kernel"))
    out.append(Case("tf.math.zeta", [T([2.0, 3.0, 4.5, 1.0, 0.5], "float64"), T([0.3, 2.0, 4.5, 1.0, 1.0], "float64")],
                    ulps=EIGEN_ULPS))
    out.append(Case("tf.math.betainc", [T([0.5, 1.5, 3.0], "float64"), T(2.0, "float64"), T([0.1, 0.5, 0.9], "float64")],
                    ulps=EIGEN_ULPS))
    out.append(Case("tf.math.betainc", [T([0.5, 1.5], "float32"), T([1.0, 2.0, 3.0], "float32"), T(0.5, "float32")],
                    note="inconsistent shapes"))
    out.append(Case("tf.math.lbeta", [T([[1.0, 2.0, 3.0], [0.5, 0.5, 4.0]], "float64")], grad=True))
    return out


def cases():
    return (special_functions() + arithmetic() + integer_division() + overflow() + unary() + comparisons() + logical()
            + promotion_errors() + casts() + selection() + activations() + uint8() + more_elementwise())
