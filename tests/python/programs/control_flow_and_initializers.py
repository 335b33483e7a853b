"""tf.switch_case, tf.case, tf.vectorized_map, tf.recompute_grad, tf.parallel_stack, the core
initializers (tf.zeros/ones/constant/random_normal/random_uniform_initializer), the variable
enums and tf.get_logger, eagerly and inside tf.function, as TensorFlow 2.21 behaves."""
import logging

from harness import show_error, show_error_message, tf

# ---- switch_case ----
branches = [lambda: tf.constant(10), lambda: tf.constant(20), lambda: tf.constant(30)]
for i in (0, 2, 5, -1):
    print(i, tf.switch_case(tf.constant(i), branches))
print(tf.switch_case(tf.constant(7), branches, default=lambda: tf.constant(-1)))
print(tf.switch_case(tf.constant(1), {0: lambda: tf.constant("a"), 1: lambda: tf.constant("b")}))
show_error_message("keys with a gap", lambda: tf.switch_case(tf.constant(0), {0: branches[0], 2: branches[1]}))
show_error("a float index", lambda: tf.switch_case(tf.constant(1.0), branches))


@tf.function
def traced_switch(i, x):
    return tf.switch_case(i, [lambda: x * 2.0, lambda: x + 100.0, lambda: -x], default=lambda: x * 0.0)


for i in (0, 1, 2, 3, -4):
    print(i, traced_switch(tf.constant(i), tf.constant([1.0, 2.0])))
print("traces:", traced_switch.experimental_get_tracing_count())

# ---- case ----
x = tf.constant(3)
print(tf.case([(x < 2, lambda: tf.constant("small")), (x < 5, lambda: tf.constant("medium"))],
              default=lambda: tf.constant("large")))
print(tf.case([(x > 5, lambda: tf.constant(1))], default=lambda: tf.constant(0)))
print(tf.case([(x > 1, lambda: tf.constant(1)), (x > 2, lambda: tf.constant(2))]))
show_error("no predicate true and no default", lambda: tf.case([(x > 5, lambda: tf.constant(1)),
                                                                (x > 6, lambda: tf.constant(2))]))
show_error("exclusive with two true", lambda: tf.case([(x > 1, lambda: tf.constant(1)), (x > 2, lambda: tf.constant(2))],
                                                      default=lambda: tf.constant(0), exclusive=True))


@tf.function
def traced_case(v):
    return tf.case([(v < 0.0, lambda: -v), (v > 10.0, lambda: v / 10.0)], default=lambda: v)


for v in (-3.0, 50.0, 4.0):
    print(traced_case(tf.constant(v)))

# ---- vectorized_map, recompute_grad, parallel_stack ----
print(tf.vectorized_map(lambda row: tf.reduce_sum(row * row), tf.constant([[1.0, 2.0], [3.0, 4.0]])))
print(tf.vectorized_map(lambda t: (t[0] + t[1], t[0] * t[1]), (tf.constant([1, 2]), tf.constant([3, 4]))))
w = tf.Variable(2.0)
heavy = tf.recompute_grad(lambda t: tf.sin(t * w) * t)
with tf.GradientTape() as tape:
    t = tf.constant(0.5)
    tape.watch(t)
    out = heavy(t)
print(round(float(out), 6), [round(float(g), 6) for g in tape.gradient(out, [t, w])])
show_error_message("parallel_stack eagerly", lambda: tf.parallel_stack([tf.constant(1), tf.constant(2)]))
print(tf.function(lambda a, b: tf.parallel_stack([a, b]))(tf.constant([1, 2]), tf.constant([3, 4])))

# ---- initializers ----
print(tf.zeros_initializer()([2], tf.int32), tf.ones_initializer()([1, 2]))
print(tf.constant_initializer(3.0)(shape=[2]), tf.constant_initializer([1, 2, 3, 4])([2, 2], tf.float64))
print(tf.constant_initializer([1, 2]).get_config(), tf.random_uniform_initializer(-1, 1, seed=2).get_config())
print(tf.random_normal_initializer(seed=1)([3]))
print(tf.random_normal_initializer(mean=1.0, stddev=2.0, seed=7)([2, 2], tf.float64))
print(tf.random_uniform_initializer(-1, 1, seed=2)([2, 2], tf.float64))
print(tf.random_uniform_initializer(0, 10, seed=3)([4], tf.int32))
print(tf.random_normal_initializer.from_config({"mean": 0.0, "stddev": 1.0, "seed": 4})([2]))
print(tf.Variable(tf.random_normal_initializer(seed=5)([2, 3]), name="w").numpy().round(6).tolist())
show_error_message("a normal of integers", lambda: tf.random_normal_initializer(seed=1)([2], tf.int32))
show_error_message("zeros of strings", lambda: tf.zeros_initializer()([2], tf.string))
unseeded = tf.random_uniform_initializer(5.0, 6.0)([100])
print(bool(tf.reduce_all((unseeded >= 5.0) & (unseeded < 6.0))))

# ---- enums and the logger ----
print(tf.VariableAggregation.SUM, tf.VariableSynchronization.ON_READ, tf.AggregationMethod.DEFAULT)
v = tf.Variable(1.0, aggregation=tf.VariableAggregation.MEAN, synchronization=tf.VariableSynchronization.ON_READ)
print(v.numpy())
logger = tf.get_logger()
print(logger.name, isinstance(logger, logging.Logger))
logger.setLevel("ERROR")
print(tf.version.GRAPH_DEF_VERSION, tf.version.GRAPH_DEF_VERSION_MIN_CONSUMER, isinstance(tf.version.VERSION, str))
