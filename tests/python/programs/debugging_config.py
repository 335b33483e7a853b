"""tf.debugging (assertions eagerly and inside tf.function, check_numerics, enable_check_numerics)
and tf.config (devices, run_functions_eagerly, threading), as TensorFlow 2.21 behaves."""
import numpy as np

from harness import show_error, tf

# ---- tf.config ----
print(tf.config.list_physical_devices())
print(tf.config.list_physical_devices("CPU"), tf.config.list_physical_devices("GPU"))
print(tf.config.list_logical_devices("CPU"))
print(tf.config.threading.get_intra_op_parallelism_threads())
print(tf.config.functions_run_eagerly())


@tf.function
def traced_or_not(x):
    print("Python side effect")
    return x * 2


traced_or_not(tf.constant(1))
traced_or_not(tf.constant(2))
tf.config.run_functions_eagerly(True)
print(tf.config.functions_run_eagerly())
print(traced_or_not(tf.constant(3)))
traced_or_not(tf.constant(4))
tf.config.run_functions_eagerly(False)
print(traced_or_not(tf.constant(5)))

# ---- assertions, eagerly ----
print(tf.debugging.assert_equal(tf.constant([1, 2]), [1, 2]))
tf.debugging.assert_less(1.0, 2.0)
tf.debugging.assert_greater_equal(tf.constant([3, 4]), 3)
tf.debugging.assert_near(tf.constant(1.0), 1.0 + 1e-7)
tf.debugging.assert_rank(tf.zeros([2, 3]), 2)
tf.assert_equal(1, 1)
show_error("assert_equal", lambda: tf.debugging.assert_equal(tf.constant([1, 2]), tf.constant([1, 3])))
show_error("assert_none_equal", lambda: tf.debugging.assert_none_equal(1, 1))
show_error("assert_less", lambda: tf.debugging.assert_less(tf.constant([1, 5]), 3))
show_error("assert_less_equal", lambda: tf.debugging.assert_less_equal(4.0, 3.0))
show_error("assert_greater", lambda: tf.assert_greater(1, 2, message="one is not above two"))
show_error("assert_near", lambda: tf.debugging.assert_near(1.0, 1.1))
show_error("assert_rank", lambda: tf.debugging.assert_rank(tf.zeros([2]), 2))
show_error("assert_equal of int32 and float32", lambda: tf.debugging.assert_equal(tf.constant(1), tf.constant(1.0)))

# ---- assertions and checks inside tf.function: they run with the graph ----


@tf.function
def checked_sqrt(x):
    tf.debugging.assert_greater_equal(x, 0.0, message="x must not be negative")
    return tf.sqrt(x)


print(checked_sqrt(tf.constant([4.0, 9.0])))
show_error("traced assertion failing", lambda: checked_sqrt(tf.constant([-1.0, 4.0])))
print(checked_sqrt(tf.constant([16.0])))
print("traces:", checked_sqrt.experimental_get_tracing_count())

# ---- check_numerics ----
print(tf.debugging.check_numerics(tf.constant([1.0, 2.0]), "finite"))
show_error("check_numerics of NaN", lambda: tf.debugging.check_numerics(tf.constant([1.0, np.nan]), "has NaN"))
show_error("check_numerics of Inf", lambda: tf.debugging.check_numerics(tf.constant(np.inf), "has Inf"))
print(tf.debugging.assert_all_finite(tf.constant([0.5]), "finite"))


@tf.function
def log_of(x):
    return tf.debugging.check_numerics(tf.math.log(x), "log")


print(log_of(tf.constant([1.0])))
show_error("traced check_numerics", lambda: log_of(tf.constant([-1.0])))

tf.debugging.enable_check_numerics()
print(tf.constant([1.0]) / tf.constant([2.0]))
show_error("division by zero under enable_check_numerics", lambda: tf.constant([1.0]) / tf.constant([0.0]))
tf.debugging.disable_check_numerics()
print(tf.constant([1.0]) / tf.constant([0.0]))
for rank_message in (None, "m"):
    try:
        tf.debugging.assert_rank(tf.zeros([2]), 2, message=rank_message)
    except ValueError as e:
        print(e)
