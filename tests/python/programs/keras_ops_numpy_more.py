"""tf.keras.ops' less frequent NumPy-style functions: angle conversions, signbit / heaviside / fmod,
NaN-ignoring reductions, quantiles and medians, digitize and bincount, more splits, flips and
stacks, kron / vander / trapezoid, spaced ranges and window functions."""
import numpy as np

from harness import show_error, tf
from keras_ops_harness import attempt, ops, show

f = tf.constant([[-2.5, -0.0, 0.0], [0.5, 1.5, 3.0]])
i = tf.constant([[3, -1, 2], [0, 5, 4]])
nans = tf.constant([[1.0, np.nan, 3.0], [np.nan, np.nan, np.nan]])

for name in ("deg2rad", "rad2deg", "cbrt", "sinc", "signbit", "angle", "real", "imag", "conj", "isposinf",
             "isneginf"):
    show(name, getattr(ops, name)(f))
    attempt(name + " int", lambda: getattr(ops, name)(i))
show("isposinf inf", ops.isposinf(tf.constant([np.inf, -np.inf, 1.0])))
show("heaviside", ops.heaviside(f, 0.5))
show("heaviside int", ops.heaviside(i, tf.constant([7, 7, 7])))
show("fmod", ops.fmod(tf.constant([-7.0, 7.0, 5.5]), tf.constant([3.0, -3.0, 2.0])))
show("fmod int", ops.fmod(tf.constant([-7, 7, 5]), 3))
show("logaddexp2", ops.logaddexp2(f, 1.0))
show("isin", ops.isin(i, tf.constant([2, 5, 9])))
show("isin invert", ops.isin(i, [0, 3], invert=True))

for name in ("nansum", "nanprod", "nanmean", "nanmax", "nanmin", "nanvar", "nanstd"):
    fn = getattr(ops, name)
    show(name, fn(nans))
    show(name + " axis 1", fn(nans, axis=1))
    show(name + " axis 0 keepdims", fn(nans, axis=0, keepdims=True))
    attempt(name + " int", lambda: fn(i, axis=0))

data = tf.constant([[1.0, 7.0, 3.0, 4.0], [9.0, 2.0, 6.0, 5.0]])
show("median", ops.median(data))
show("median axis", ops.median(data, axis=1))
show("median keepdims", ops.median(data, axis=0, keepdims=True))
show("median int", ops.median(i))
for method in ("linear", "lower", "higher", "midpoint", "nearest"):
    show("quantile " + method, ops.quantile(data, 0.4, axis=1, method=method))
show("quantile vector q", ops.quantile(data, [0.0, 0.25, 1.0]))
show("quantile vector q axis", ops.quantile(data, tf.constant([0.5, 0.9]), axis=0))
show("quantile keepdims", ops.quantile(data, 0.3, axis=1, keepdims=True))
show("percentile", ops.percentile(data, 75, axis=1))

show("digitize", ops.digitize(tf.constant([0.2, 6.4, 3.0, 1.6, 10.0]), [0.0, 1.0, 2.5, 4.0, 10.0]))
show("digitize int", ops.digitize(tf.constant([1, 5, 3]), [2, 4]))
show("bincount", ops.bincount(tf.constant([0, 1, 1, 3, 2, 1])))
show("bincount minlength", ops.bincount(tf.constant([1, 1]), minlength=4))
show("bincount weights", ops.bincount(tf.constant([0, 1, 1, 3]), weights=tf.constant([0.5, 1.0, 2.0, 4.0])))
show("bincount 2-d", ops.bincount(tf.constant([[0, 1, 1], [2, 2, 0]])))

x = tf.reshape(tf.range(24), [2, 3, 4])
show("array_split", ops.array_split(tf.range(7), 3))
show_error("array_split at indices", lambda: ops.array_split(tf.range(7), [2, 5]))
show("hsplit", ops.hsplit(x, 3))
show("vsplit", ops.vsplit(x, 2))
show("dsplit", ops.dsplit(x, [1, 3]))
show("dstack", ops.dstack([tf.constant([1, 2]), tf.constant([3, 4])]))
show("dstack matrices", ops.dstack([i, i * 2]))
show("fliplr", ops.fliplr(i))
show("flipud", ops.flipud(i))
for k in (1, 3, -1, 4):  # Keras 3.15's TensorFlow backend turns k=2 wrongly
    show("rot90 k=%d" % k, ops.rot90(i, k))
show("rot90 axes", ops.rot90(x, 1, axes=(1, 2)))
show("diagflat", ops.diagflat(tf.constant([[1, 2], [3, 4]])))
show("diagflat k", ops.diagflat(tf.constant([1.0, 2.0]), k=-1))
show("kron", ops.kron(tf.constant([[1, 2], [3, 4]]), tf.constant([[0, 1], [1, 0]])))
show("kron vectors", ops.kron(tf.constant([1.0, 10.0]), tf.constant([1.0, 2.0, 3.0])))
show("vander", ops.vander(tf.constant([1, 2, 3])))
show("vander N increasing", ops.vander(tf.constant([1.0, 2.0]), 4, increasing=True))
show("trapezoid", ops.trapezoid(tf.constant([1.0, 2.0, 3.0])))
show("trapezoid x", ops.trapezoid(tf.constant([1.0, 2.0, 3.0]), x=tf.constant([0.0, 1.0, 3.0])))
show("trapezoid dx axis", ops.trapezoid(data, dx=0.5, axis=0))
show("trapezoid int", ops.trapezoid(tf.constant([1, 2, 4])))
show("logspace", ops.logspace(0, 3, 4))
show("logspace base", ops.logspace(1.0, 4.0, 4, base=2, endpoint=False))
show("geomspace", ops.geomspace(1, 1000, 4))
for name in ("hamming", "hanning", "blackman", "bartlett"):
    show(name, getattr(ops, name)(5))
show("kaiser", ops.kaiser(5, 14.0))
show("unravel_index", ops.unravel_index(tf.constant([5, 11, 0]), (3, 4)))
show("slogdet", ops.slogdet(tf.constant([[2.0, 1.0], [1.0, -3.0]])))

show_error("rot90 of equal axes", lambda: ops.rot90(i, 1, axes=(0, 0)))

# NaN-aware functions, histogram, argpartition, view.
with_nan = tf.constant([[1.0, np.nan, -2.0], [np.nan, np.nan, np.nan], [4.0, 0.5, np.nan]])
show("fabs", ops.fabs(i))
show("fmax", ops.fmax(with_nan, tf.constant([0.0, np.nan, 1.0])))
show("fmin", ops.fmin(with_nan, 0.0))
show("fmax int", ops.fmax(i, 1))
for name in ("nanargmax", "nanargmin"):
    show(name, getattr(ops, name)(with_nan, axis=1))
    show(name + " keepdims", getattr(ops, name)(with_nan, axis=0, keepdims=True))
    show(name + " all", getattr(ops, name)(with_nan))
    show(name + " int", getattr(ops, name)(i, axis=1))
show("nancumsum", ops.nancumsum(with_nan, axis=1))
show("nancumsum flat", ops.nancumsum(with_nan))
show("nancumprod", ops.nancumprod(with_nan, axis=0))
show("histogram", ops.histogram(tf.constant([0.0, 0.5, 1.0, 1.5, 2.0, 2.0, 3.5])))
show("histogram bins range", ops.histogram(tf.constant([0.0, 0.5, 1.0, 1.5, 2.0, 2.0, 3.5]), bins=3, range=(0.5, 2.0)))
show("argpartition", ops.argpartition(tf.constant([7, 2, 9, 4, 1, 8]), 2))
show("argpartition axis 0", ops.argpartition(tf.constant([[3, 1], [1, 5], [2, 0]]), 1, axis=0))
show("view", ops.view(tf.constant([1.0, -2.0]), "int32"))
show("view smaller", ops.view(tf.constant([1, 256], tf.int32), "uint8"))
show("view larger", ops.view(tf.constant([0, 0, 128, 63], tf.uint8), "float32"))
show_error("view of an indivisible size", lambda: ops.view(tf.constant([1, 2, 3], tf.uint8), "int32"))

# unique, correlate, NaN-ignoring quantiles, associative_scan.
show("unique", ops.unique(tf.constant([3, 1, 3, 2, 1, 1])))
show("unique unsorted", ops.unique(tf.constant([3, 1, 3, 2]), sorted=False))
show("unique everything", ops.unique(tf.constant([[3, 1], [3, 2]]), return_index=True, return_inverse=True,
                                     return_counts=True))
show("unique size", ops.unique(tf.constant([5, 5, 7]), size=4, fill_value=-1))
for mode in ("valid", "same", "full"):
    show("correlate " + mode, ops.correlate(tf.constant([1.0, 2.0, 3.0, 0.5]), tf.constant([0.0, 1.0, 0.5]), mode))
show("correlate int", ops.correlate(tf.constant([1, 2, 3]), tf.constant([1, 1])))
show("nanmedian", ops.nanmedian(with_nan, axis=1))
show("nanmedian all", ops.nanmedian(with_nan))
show("nanquantile", ops.nanquantile(with_nan, [0.25, 0.75], axis=0))
show("nanquantile keepdims", ops.nanquantile(with_nan, 0.5, axis=1, keepdims=True))
show("nanpercentile lower", ops.nanpercentile(with_nan, 40, axis=1, method="lower"))
show("associative_scan", ops.associative_scan(lambda a, b: a + b, tf.constant([1, 2, 3, 4])))
show("associative_scan reverse axis", ops.associative_scan(lambda a, b: a * b, tf.constant([[1.0, 2.0], [3.0, 4.0]]),
                                                           reverse=True, axis=1))
show("associative_scan nest", ops.associative_scan(lambda a, b: (a[0] + b[0], a[1] * b[1]),
                                                   (tf.constant([1, 2, 3]), tf.constant([2, 2, 2]))))
