"""The elementwise tf.math functions beyond the basics: trigonometric and hyperbolic functions,
special functions, the zero-safe ops, float classification, truncating division, softsign and
log_sigmoid, logical_xor; values, dtypes, gradients from tf.GradientTape, traced use, errors."""
import numpy as np

from harness import rounded, show_error, tf


def approx(t):
    """dtype, shape and values to 5 significant digits: the float32 special functions (digamma, ndtri,
    polygamma) of TensorFlow are a few ulps from the exact values that tfpp rounds."""
    return "%s%s %s" % (t.dtype.name, tuple(t.shape), [float("%.5g" % v) for v in np.ravel(np.asarray(t))])


x = tf.constant([[0.25, -0.5, 0.75], [-0.125, 0.5, 0.9]])
for name in ["tan", "asin", "acos", "atan", "sinh", "cosh", "asinh", "atanh", "erfc", "erfinv", "rint", "log_sigmoid",
             "softsign", "reciprocal_no_nan"]:
    print("tf.math." + name, rounded(getattr(tf.math, name)(x)))
for name in ["acosh", "lgamma", "digamma", "ndtri"]:
    arg = x + 1.5 if name != "ndtri" else tf.abs(x) * 0.9 + 0.05
    print("tf.math." + name, approx(getattr(tf.math, name)(arg)))
print(approx(tf.math.polygamma(1.0, x + 1.5)), approx(tf.math.polygamma(tf.constant([0.0, 1.0, 2.0]), x + 1.5)))
print("top level", rounded(tf.tan(x)), rounded(tf.atan2(x, 0.5)), rounded(tf.cosh(x)), rounded(tf.acos(x)))
print("float64", rounded(tf.math.lgamma(tf.constant([0.5, 3.0, -2.5], tf.float64)), 10))

special = tf.constant([np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 2.0])
for name in ["asin", "acosh", "atanh", "erfinv", "ndtri", "lgamma", "digamma", "rint", "softsign"]:
    print(name, approx(getattr(tf.math, name)(special)))
print(tf.math.is_nan(special), tf.math.is_inf(special), tf.math.is_finite(special), tf.math.is_nan(special).dtype)

a, b = tf.constant([[0.0, 1.0, -2.0]]), tf.constant([[0.0], [0.5], [np.nan]])
for name in ["xlogy", "xlog1py", "xdivy", "divide_no_nan", "multiply_no_nan"]:
    print("tf.math." + name, getattr(tf.math, name)(a, b))
print(tf.math.divide_no_nan(7, 2), tf.math.divide_no_nan([7, 1], [0, 4]), tf.math.reciprocal_no_nan([0.0, 4.0]))
print(tf.math.atan2(y=[1.0, -1.0, 0.0], x=[-1.0, -1.0, -0.0]), tf.math.nextafter(x1=[1.0, 0.0], x2=[2.0, -1.0]).dtype)
# As bits: the smallest denormals (tfpp's process flushes denormals in arithmetic, NumPy's printing included).
print(tf.math.nextafter(x1=[1.0, 0.0, 0.0], x2=[2.0, -1.0, 1.0]).numpy().view(np.uint32))
print(tf.truncatediv([7, -7, 7, -7], [2, 2, -2, -2]), tf.truncatemod([7, -7, 7, -7], [2, 2, -2, -2]))
print(tf.truncatediv([7.5, -7.5], 2.0), tf.truncatemod([7.5, -7.5], 2.0), tf.truncatediv(tf.constant([200], tf.uint8), 3))
print(tf.math.logical_xor([True, True, False, False], [True, False, True, False]))
print(tf.nn.softsign([-3.0, 0.0, 1.0]))

# Gradients, as TensorFlow's math_grad.py defines them.
u = tf.constant([0.3, -0.6, 0.8])
v = tf.constant([0.5, 2.0, 1.5])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([u, v])
    outputs = {
        "tan": tf.math.tan(u), "asin": tf.math.asin(u), "acos": tf.math.acos(u), "atan": tf.math.atan(u),
        "sinh": tf.math.sinh(u), "cosh": tf.math.cosh(u), "asinh": tf.math.asinh(u), "acosh": tf.math.acosh(v + 1.0),
        "atanh": tf.math.atanh(u), "lgamma": tf.math.lgamma(v), "digamma": tf.math.digamma(v), "erfc": tf.math.erfc(u),
        "erfinv": tf.math.erfinv(u), "ndtri": tf.math.ndtri(v / 3.0), "log_sigmoid": tf.math.log_sigmoid(u),
        "softsign": tf.math.softsign(u), "reciprocal_no_nan": tf.math.reciprocal_no_nan(u),
        "polygamma": tf.math.polygamma(2.0, v),
    }
    pairs = {
        "atan2": tf.math.atan2(u, v), "xlogy": tf.math.xlogy(u, v), "xlog1py": tf.math.xlog1py(u, v),
        "xdivy": tf.math.xdivy(u, v), "divide_no_nan": tf.math.divide_no_nan(u, v),
        "multiply_no_nan": tf.math.multiply_no_nan(u, v), "nextafter": tf.math.nextafter(u, v),
    }
for name, y in outputs.items():
    g = tape.gradient(y, [u, v])
    print("d " + name, [approx(t) if t is not None else None for t in g])
for name, y in pairs.items():
    print("d " + name, [approx(t) for t in tape.gradient(y, [u, v])])
print("d rint", tape.gradient(tf.math.rint(u), u), "d truncatediv", tape.gradient(tf.truncatediv(u, v), u))
with tf.GradientTape() as tape:
    tape.watch(u)
    y = tf.math.xlogy(tf.zeros([3]) * u, tf.zeros([3]))
print("d xlogy at zero", tape.gradient(y, u))


@tf.function
def traced(p, q):
    return tf.math.atan2(p, q) + tf.math.lgamma(q) * tf.math.erfinv(p), tf.math.is_finite(p / q)


print([approx(t) for t in traced(tf.constant([0.5, -0.25, 0.0]), tf.constant([1.0, 2.0, 0.0]))])
concrete = traced.get_concrete_function(tf.TensorSpec([None], tf.float32), tf.TensorSpec([None], tf.float32))
print([approx(t) for t in concrete(tf.constant([0.75]), tf.constant([3.0]))])

show_error("tan of int32", lambda: tf.math.tan(tf.constant([1, 2])))
show_error("is_nan of int32", lambda: tf.math.is_nan(tf.constant([1])))
show_error("atan2 of mixed dtypes", lambda: tf.math.atan2(tf.constant([1.0]), tf.constant([1.0], tf.float64)))
show_error("xlogy of incompatible shapes", lambda: tf.math.xlogy(tf.ones([2]), tf.ones([3])))
show_error("truncatemod of uint8", lambda: tf.truncatemod(tf.constant([1], tf.uint8), tf.constant([1], tf.uint8)))
show_error("logical_xor of floats", lambda: tf.math.logical_xor(tf.constant([1.0]), tf.constant([0.0])))

# RaggedTensors: the functions apply to the flat values, as TensorFlow dispatches them.
ragged = tf.ragged.constant([[0.5, np.nan], [2.0]])
print(tf.math.is_nan(ragged), tf.math.divide_no_nan(ragged, 0.0), tf.math.atan2(y=ragged, x=ragged))
print(tf.truncatediv(tf.ragged.constant([[7, -7], [9]]), 2), tf.math.logical_xor(tf.ragged.constant([[True], []]), True))
print(tf.nn.softsign(tf.ragged.constant([[1.0, -3.0], []])), tf.math.rint(tf.ragged.constant([[0.5], [1.5, -2.5]])))
