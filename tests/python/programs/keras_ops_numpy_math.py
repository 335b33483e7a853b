"""tf.keras.ops' NumPy-style arithmetic (keras.ops.numpy): elementwise functions, comparisons and
reductions, with Keras 3's dtype rules (ints through exp / mean / divide give float32, Python
scalars take the tensor's dtype, small ints sum as int32) and a few error cases."""
import numpy as np

from harness import show_error, tf
from keras_ops_harness import attempt, ops, show

f = tf.constant([[-2.5, -0.5, 0.0], [0.5, 1.5, 3.0]])
i = tf.constant([[-3, -1, 0], [1, 2, 5]])
p = tf.constant([0.25, 1.0, 2.0, 9.0])
b = tf.constant([True, False, True])

for name in ("exp", "expm1", "log", "log1p", "log2", "log10", "sqrt", "sin", "cos", "tan", "sinh", "cosh", "tanh",
             "arctan", "arcsinh", "reciprocal", "exp2", "square", "abs", "negative", "sign", "floor", "ceil", "trunc"):
    show(name, getattr(ops, name)(p))
    if name != "reciprocal":  # Keras' TensorFlow backend has no integer kernel for it
        attempt(name + " int", lambda: getattr(ops, name)(tf.constant([1, 2, 4])))
for name in ("arcsin", "arccos", "arctanh"):
    show(name, getattr(ops, name)(tf.constant([-0.5, 0.0, 0.75])))
show("arccosh", ops.arccosh(tf.constant([1.0, 2.0])))
show("square bool", ops.square(b))
show("absolute", ops.absolute(i))
show("round", ops.round(tf.constant([0.5, 1.5, 2.5, -0.5, 1.26])))
show("round decimals", ops.round(tf.constant([1.234, -5.678]), 1))
show("round int", ops.round(i))

for name in ("add", "subtract", "multiply", "maximum", "minimum", "divide", "true_divide", "power", "mod",
             "floor_divide", "arctan2", "logaddexp", "hypot", "divide_no_nan"):
    fn = getattr(ops, name)
    show(name + " ff", fn(f, tf.constant([1.5, -2.0, 4.0])))
    attempt(name + " ii", lambda: fn(i, tf.constant([2, 3, 4])))
    attempt(name + " i,2", lambda: fn(i, 2))
    attempt(name + " i,2.5", lambda: fn(i, 2.5))
    show(name + " f,2", fn(f, 2))
show("add int8+int16", ops.add(tf.constant([1], tf.int8), tf.constant([2], tf.int16)))
show("add uint8+int8", ops.add(tf.constant([1], tf.uint8), tf.constant([2], tf.int8)))
show("add int32+float64", ops.add(tf.constant([1]), tf.constant([2.0], tf.float64)))
show("add int64+2.0", ops.add(tf.constant([1], tf.int64), 2.0))
show("add float16+int32", ops.add(tf.constant([1.0], tf.float16), tf.constant([2])))
show("add lists", ops.add([1, 2], [3, 4]))
show("add numpy float64", ops.add(np.array([1.0]), tf.constant([2.0])))
attempt("multiply bool", lambda: ops.multiply(b, b))

for name in ("equal", "not_equal", "greater", "greater_equal", "less", "less_equal"):
    show(name, getattr(ops, name)(i, tf.constant([0, -1, 0])))
    show(name + " mixed", getattr(ops, name)(i, 0.5))
for name in ("logical_and", "logical_or", "logical_xor"):
    show(name, getattr(ops, name)(b, tf.constant([True, True, False])))
    show(name + " ints", getattr(ops, name)(tf.constant([0, 1, 2]), tf.constant([1, 0, 3])))
show("logical_not", ops.logical_not(b))
special = tf.constant([np.nan, np.inf, -np.inf, 1.0])
for name in ("isnan", "isinf", "isfinite"):
    show(name, getattr(ops, name)(special))
    show(name + " int", getattr(ops, name)(i))
show("nan_to_num", ops.nan_to_num(special, nan=0.5, posinf=9.0, neginf=-9.0))
show("isclose", ops.isclose(tf.constant([1.0, 1.1, np.nan]), tf.constant([1.0 + 1e-7, 1.0, np.nan])))
show("isclose equal_nan", ops.isclose(tf.constant([1.0, np.nan]), tf.constant([1.0, np.nan]), equal_nan=True))
show("allclose", ops.allclose(tf.constant([1.0, 2.0]), tf.constant([1.0, 2.0000001])))
show("clip", ops.clip(f, -1.0, 1.0))
show("clip int", ops.clip(i, -1, 2))
attempt("clip bool", lambda: ops.clip(b, 0, 1))

# Reductions.
for name in ("sum", "prod", "mean", "max", "min", "var", "std", "amax", "amin"):
    fn = getattr(ops, name)
    show(name, fn(f))
    show(name + " int", fn(i))
    show(name + " axis 0", fn(f, axis=0))
    show(name + " axis -1 keepdims", fn(i, axis=-1, keepdims=True))
    show(name + " axis tuple", fn(f, axis=(0, 1)))
attempt("sum bool", lambda: ops.sum(b))
show("sum int8", ops.sum(tf.constant([100, 100], tf.int8)))
show("sum uint8", ops.sum(tf.constant([200, 100], tf.uint8)))
show("mean float64", ops.mean(tf.constant([1.0, 2.0], tf.float64)))
show("mean float16", ops.mean(tf.constant([1.0, 2.0], tf.float16)))
show("max initial", ops.max(f, axis=1, initial=1.0))
show("min initial", ops.min(i, initial=-5))
attempt("max bool", lambda: ops.max(b))
show("all", ops.all(b))
show("any axis", ops.any(tf.constant([[0, 1], [0, 0]]), axis=1))
show("all keepdims", ops.all(tf.constant([[1.0, 2.0], [0.0, 3.0]]), axis=0, keepdims=True))
for name in ("argmax", "argmin"):
    show(name, getattr(ops, name)(f))
    show(name + " axis", getattr(ops, name)(f, axis=1))
    show(name + " keepdims", getattr(ops, name)(i, axis=0, keepdims=True))
    show(name + " keepdims all", getattr(ops, name)(i, keepdims=True))
for name in ("cumsum", "cumprod"):
    show(name, getattr(ops, name)(i))
    show(name + " axis", getattr(ops, name)(f, axis=1))
    show(name + " bool", getattr(ops, name)(b))
    show(name + " dtype", getattr(ops, name)(i, axis=0, dtype="float32"))
show("count_nonzero", ops.count_nonzero(i))
show("count_nonzero axis", ops.count_nonzero(i, axis=1))
show("average", ops.average(i))
show("average weights", ops.average(f, axis=1, weights=tf.constant([1.0, 2.0, 3.0])))
show("ptp", ops.ptp(i, axis=1))
show("logsumexp", ops.logsumexp(f, axis=1))
show("rsqrt", ops.rsqrt(p))
show("erf", ops.erf(f))
show("erfinv", ops.erfinv(tf.constant([-0.5, 0.0, 0.9])))

show_error("max of an empty tensor", lambda: ops.max(tf.zeros([0])))
show_error("add of incompatible shapes", lambda: ops.add(tf.ones([2]), tf.ones([3])))
