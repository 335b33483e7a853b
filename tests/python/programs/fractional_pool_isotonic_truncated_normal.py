"""tf.nn.fractional_max_pool / fractional_avg_pool (seeded windows, values, tape gradients, the named
tuples, traced static shapes, pooling_ratio's checks), tf.nn.isotonic_regression (values, segments, dtypes,
axis and decreasing, gradients of matrices), and tf.random.stateless_parameterized_truncated_normal
(seeded samples bit for bit, broadcast parameters, gradients): the same printed values as TensorFlow 2.21."""
import numpy as np

from harness import show_error, tf


def show(label, t):
    print(label, t.dtype.name, tuple(t.shape), np.asarray(t).ravel().tolist())


# Exact inputs (no transcendental functions, whose last bits differ), with few ties.
x = tf.reshape(tf.cast(tf.range(2 * 9 * 10 * 3) * 37 % 101, tf.float32) / 8 - 6, [2, 9, 10, 3])
for name, pool in (("max", tf.nn.fractional_max_pool), ("avg", tf.nn.fractional_avg_pool)):
    for pseudo_random in (False, True):
        for overlapping in (False, True):
            r = pool(x, [1.0, 1.44, 1.73, 1.0], pseudo_random=pseudo_random, overlapping=overlapping, seed=7)
            label = "%s pseudo=%s overlapping=%s" % (name, pseudo_random, overlapping)
            print(label, type(r).__name__, r._fields)
            show("  rows", r.row_pooling_sequence)
            show("  cols", r.col_pooling_sequence)
            show("  output", r.output)
            with tf.GradientTape() as tape:
                tape.watch(x)
                out = pool(x, [1.0, 1.44, 1.73, 1.0], pseudo_random=pseudo_random, overlapping=overlapping, seed=7)[0]
                loss = tf.reduce_sum(out * out)
            show("  gradient", tape.gradient(loss, x))

tf.random.set_seed(3)
show("max with a global seed", tf.nn.fractional_max_pool(x, 1.5, seed=11).output)
tf.random.set_seed(None)
show("max int32 (2 ratios of 1.0)", tf.nn.fractional_max_pool(tf.cast(x, tf.int32), [1.0, 1.0], seed=2).output)
show("avg int64", tf.nn.fractional_avg_pool(tf.cast(x, tf.int64), (1.0, 2.0, 1.5, 1.0), seed=2).output)
for name, pool in (("max", tf.compat.v1.nn.fractional_max_pool), ("avg", tf.compat.v1.nn.fractional_avg_pool)):
    r = pool(x, [1.0, 1.5, 1.3, 1.0], pseudo_random=True, deterministic=True, seed=3, seed2=5)
    print("compat.v1", name, type(r).__name__)
    show("  rows", r.row_pooling_sequence)
    show("  cols", r.col_pooling_sequence)
    show("  output", r.output)
    show_error("compat.v1 %s seeds without deterministic" % name, lambda: pool(x, [1.0, 1.5, 1.3, 1.0], seed=3))
    show_error("compat.v1 %s scalar ratio" % name, lambda: pool(x, 1.5))
unseeded = tf.nn.fractional_max_pool(x, [1.0, 1.7, 1.2, 1.0])
print("unseeded", unseeded.output.shape, unseeded.row_pooling_sequence.shape, unseeded.col_pooling_sequence.shape)


@tf.function
def traced(v):
    r = tf.nn.fractional_avg_pool(v, [1.0, 1.44, 1.73, 1.0], seed=1)
    # Only the output's: TensorFlow's static shapes of the sequences are one short of their values'.
    print("traced output shape", tuple(r.output.shape))
    return r.output


show("traced", traced(x))

for label, fn in [
    ("max ratio < 1", lambda: tf.nn.fractional_max_pool(x, [1.0, 0.5, 1.5, 1.0], seed=1)),
    ("max batch ratio", lambda: tf.nn.fractional_max_pool(x, [2.0, 1.5, 1.5, 1.0], seed=1)),
    ("max 3 ratios", lambda: tf.nn.fractional_max_pool(x, [1.0, 1.5, 1.0], seed=1)),
    ("max string ratio", lambda: tf.nn.fractional_max_pool(x, "2", seed=1)),
    ("max ratio too big", lambda: tf.nn.fractional_max_pool(x, [1.0, 10.0, 1.5, 1.0], seed=1)),
    ("max rank 3", lambda: tf.nn.fractional_max_pool(x[0], 1.5, seed=1)),
    ("max uint8", lambda: tf.nn.fractional_max_pool(tf.cast(x, tf.uint8), 1.5, seed=1)),
    ("avg scalar ratio", lambda: tf.nn.fractional_avg_pool(x, 1.5, seed=1)),
    ("avg 2 ratios", lambda: tf.nn.fractional_avg_pool(x, [1.5, 1.5], seed=1)),
    ("avg 5 ratios", lambda: tf.nn.fractional_avg_pool(x, [1.0, 1.5, 1.5, 1.0, 1.0], seed=1)),
    ("avg channel ratio", lambda: tf.nn.fractional_avg_pool(x, [1.0, 1.5, 1.5, 2.0], seed=1)),
]:
    show_error(label, fn)

v = tf.constant([[3.0, 1.0, 2.0, 5.0, 4.0, 0.0], [1.0, 2.0, 3.0, 1.0, 1.0, 9.0]])
for kwargs in ({}, {"decreasing": False}, {"axis": 0}, {"decreasing": False, "axis": -2}):
    r = tf.nn.isotonic_regression(v, **kwargs)
    print("isotonic", kwargs, type(r).__name__, getattr(r, "_fields", None))
    show("  output", r[0])
    show("  segments", r[1])
    with tf.GradientTape() as tape:
        tape.watch(v)
        loss = tf.reduce_sum(tf.nn.isotonic_regression(v, **kwargs)[0] * tf.reshape(tf.range(1.0, 13.0), [2, 6]))
    show("  gradient", tape.gradient(loss, v))
for dtype in (tf.float64, tf.float16, tf.int8, tf.int16, tf.int32, tf.int64):
    show("isotonic " + dtype.name, tf.nn.isotonic_regression(tf.cast(v * 3, dtype)).output)
show("isotonic rank 3 axis 1", tf.nn.isotonic_regression(tf.reshape(v, [2, 3, 2]), axis=1)[0])
show("isotonic rank 1", tf.nn.isotonic_regression(v[0], decreasing=False)[0])
show_error("isotonic axis 2", lambda: tf.nn.isotonic_regression(v, axis=2))
show_error("isotonic uint8", lambda: tf.nn.isotonic_regression(tf.cast(v, tf.uint8)))
show_error("isotonic bool", lambda: tf.nn.isotonic_regression(tf.cast(v, tf.bool)))

show("truncated normal defaults", tf.random.stateless_parameterized_truncated_normal([5, 3], seed=[1, 2]))
show("truncated normal shards", tf.random.stateless_parameterized_truncated_normal(
    [1500], seed=[5, 6], means=0.5, stddevs=1.5, minvals=-1.0, maxvals=2.0))
means = tf.constant(0.0, tf.float64)
stddevs = tf.constant([[1.0, 2.0, 3.0], [0.5, 1.0, 1.5]], tf.float64)
minvals = tf.constant([-1.0, -2.0, -1000.0], tf.float64)
maxvals = tf.constant([[10000.0], [1.0]], tf.float64)
with tf.GradientTape() as tape:
    tape.watch([means, stddevs, minvals, maxvals])
    sample = tf.random.stateless_parameterized_truncated_normal([10, 2, 3], [7, 17], means, stddevs, minvals, maxvals)
    loss = tf.reduce_sum(sample * sample)
show("truncated normal broadcast", sample)
for name, g in zip(("means", "stddevs", "minvals", "maxvals"), tape.gradient(loss, [means, stddevs, minvals, maxvals])):
    # Sums of erf / exp terms: the last bits depend on the order of the additions.
    print("  gradient", name, g.dtype.name, tuple(g.shape), np.round(np.asarray(g), 10).ravel().tolist())
show("truncated normal narrow", tf.random.stateless_parameterized_truncated_normal(
    [4, 3], seed=[8, 9], means=[1.0, 0.0, -1.0], minvals=0.1, maxvals=0.3))
show("truncated normal tail", tf.random.stateless_parameterized_truncated_normal(
    [20], seed=[10, 11], minvals=3.0, maxvals=10.0))
show_error("truncated normal shape", lambda: tf.random.stateless_parameterized_truncated_normal(
    [4, 2], [1, 2], means=[0.0, 1.0, 2.0]))
show_error("truncated normal params", lambda: tf.random.stateless_parameterized_truncated_normal(
    [4], [1, 2], stddevs=-1.0))
