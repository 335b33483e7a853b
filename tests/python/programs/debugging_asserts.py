"""tf.debugging's sign, rank, type, scalar and shape checks, tf.debugging.Assert / tf.Assert and
tf.ensure_shape: passing checks, TensorFlow's eager messages and error classes, traced checks
that fail when the function runs."""
from harness import show_error, tf


def message(label, fn):
    try:
        fn()
        print(label, "passed")
    except Exception as e:  # noqa: BLE001 - the class and the text are compared
        print(label, type(e).__name__, repr(str(e)))


x = tf.constant([1.0, -2.0, 3.0, 4.0])
message("positive ok", lambda: tf.debugging.assert_positive(tf.constant([1, 2])))
message("positive", lambda: tf.debugging.assert_positive(x))
message("positive summarize", lambda: tf.debugging.assert_positive(x, summarize=2))
message("negative", lambda: tf.debugging.assert_negative(tf.constant([[1, 2], [3, 4]]), message="neg"))
message("non_negative", lambda: tf.debugging.assert_non_negative(tf.constant(-1)))
message("non_positive", lambda: tf.debugging.assert_non_positive(x))
message("rank_at_least ok", lambda: tf.debugging.assert_rank_at_least(x, 1))
message("rank_at_least", lambda: tf.debugging.assert_rank_at_least(x, 2, message="m"))
message("rank_in ok", lambda: tf.debugging.assert_rank_in(x, [0, 1]))
message("rank_in", lambda: tf.debugging.assert_rank_in(x, [0, 2]))
message("integer ok", lambda: tf.debugging.assert_integer(tf.constant([1, 2])))
message("integer", lambda: tf.debugging.assert_integer(x, message="m"))
message("type ok", lambda: tf.debugging.assert_type(x, tf.float32))
message("type", lambda: tf.debugging.assert_type(x, tf.int32, message="m"))
message("scalar", lambda: tf.debugging.assert_scalar(x, message="m"))
print(tf.debugging.assert_scalar(tf.constant(2.0)))
print(tf.debugging.is_numeric_tensor(x), tf.debugging.is_numeric_tensor(tf.constant("a")),
      tf.debugging.is_numeric_tensor(3))
print(tf.debugging.assert_same_float_dtype([x, x]), tf.debugging.assert_same_float_dtype(None, tf.float64),
      tf.debugging.assert_same_float_dtype())
message("same float", lambda: tf.debugging.assert_same_float_dtype([x, tf.constant(1.0, tf.float64)]))
message("not float", lambda: tf.debugging.assert_same_float_dtype([tf.constant(1)]))
message("Assert ok", lambda: tf.debugging.Assert(tf.constant(True), [x]))
message("Assert", lambda: tf.debugging.Assert(tf.constant(False), [x, "hi", 3]))
message("tf.Assert", lambda: tf.Assert(tf.reduce_all(x > 0), [x], summarize=1))
m23, v3 = tf.zeros([2, 3]), tf.zeros([3])
message("shapes ok", lambda: tf.debugging.assert_shapes([(m23, ("N", "Q")), (v3, ("Q",))]))
message("shapes symbol", lambda: tf.debugging.assert_shapes([(m23, ("N", "Q")), (v3, ("N",))]))
message("shapes explicit", lambda: tf.debugging.assert_shapes([(m23, (2, 4))], message="m"))
message("shapes dot and ellipsis", lambda: tf.debugging.assert_shapes([(m23, (".", 3)), (m23, ("...", 3))]))
print(tf.ensure_shape(x, [None]), tf.ensure_shape(x, [4]).shape)
show_error("ensure_shape", lambda: tf.ensure_shape(x, [2]))


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def checked(v):
    tf.debugging.assert_positive(v, message="need positive")
    tf.debugging.assert_rank_at_least(v, 1)
    tf.debugging.Assert(tf.reduce_all(v < 10.0), [v])
    y = tf.ensure_shape(v * 2.0, [3])
    print("static shape:", y.shape)
    return y


print(checked(tf.constant([1.0, 2.0, 3.0])))
show_error("traced positive", lambda: checked(tf.constant([1.0, -2.0, 3.0])))
show_error("traced Assert", lambda: checked(tf.constant([1.0, 20.0, 3.0])))
show_error("traced ensure_shape", lambda: checked(tf.constant([1.0, 2.0])))
