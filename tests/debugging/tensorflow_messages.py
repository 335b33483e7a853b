"""Prints the messages TensorFlow 2.21 raises for the cases of tests/debugging/debugging_test.cc,
one case a block: "== NAME", the error class, then the message, then "== end"."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import tensorflow as tf

nan, inf = float("nan"), float("inf")
cases = {
    "assert_equal": lambda: tf.debugging.assert_equal(tf.constant([1, 2, 5, 7]), tf.constant([1, 3, 5, 8]), message="m"),
    "assert_less": lambda: tf.debugging.assert_less(tf.constant([1., 2.]), tf.constant([1., 3.])),
    "assert_equal_scalar": lambda: tf.debugging.assert_equal(tf.constant(1), tf.constant(2)),
    "check_numerics": lambda: tf.debugging.check_numerics(tf.constant([1., inf, nan]), "msg"),
    "check_numerics_inf": lambda: tf.debugging.check_numerics(tf.constant([-inf, 2.]), "msg"),
    "check_numerics_both_inf": lambda: tf.debugging.check_numerics(tf.constant([-inf, inf, nan]), "msg"),
}


def enabled_log():
    tf.debugging.enable_check_numerics()
    try:
        tf.math.log(tf.constant([-1., 1., 0.]))
    finally:
        tf.debugging.disable_check_numerics()


def enabled(x, y, traced):
    """x * y under enable_check_numerics, eagerly or in a tf.function (whose arguments are named as
    tfpp names a traced C++ lambda's, args_0 and args_1), with TensorFlow's report; traced, without
    what only Python has (the stack traces and the graph's name) and the node suffix (TensorFlow
    names the node blk/mul/CheckNumericsV2, tfpp blk/CheckNumericsV2)."""
    def g(args_0, args_1):
        with tf.name_scope("blk"):
            return args_0 * args_1

    tf.debugging.enable_check_numerics()
    try:
        (tf.function(g) if traced else g)(tf.constant(x), tf.constant(y))
    except tf.errors.InvalidArgumentError as e:
        if not traced:
            raise
        text = e.message[e.message.index("\n\n!!! Detected"):]
        head = text[:text.index("  Graph name:")]
        tail = text[text.index(" : Tensor had"):text.index("\n\t [[")]
        raise tf.errors.InvalidArgumentError(None, None, head + "\n" + tail) from None
    finally:
        tf.debugging.disable_check_numerics()


def traced_check_numerics():
    """check_numerics failing in a tf.function: the kernel's message and TensorFlow's node suffix
    ("\n\t [[{{node blk/CheckNumerics}}]]"), without Python's "Graph execution error" stack."""
    @tf.function
    def f(x):
        with tf.name_scope("blk"):
            return tf.debugging.check_numerics(x, "msg")

    try:
        f(tf.constant([1., nan]))
    except tf.errors.InvalidArgumentError as e:
        raise tf.errors.InvalidArgumentError(None, None, e.message[e.message.rindex("\n\n") + 2:]) from None


cases["enable_check_numerics"] = enabled_log
cases["traced_check_numerics"] = traced_check_numerics
for mode in ("eager", "traced"):
    cases["enable_" + mode + "_both_inf"] = lambda t=mode == "traced": enabled([-inf, 1., inf], [1., 2., 3.], t)
    cases["enable_" + mode + "_nan_inf"] = lambda t=mode == "traced": enabled([nan, 1., inf, -inf], [1., 2., 3., 1.], t)
    cases["enable_" + mode + "_nan_neg_inf"] = lambda t=mode == "traced": enabled([nan, -inf], [1., 2.], t)
for name, case in cases.items():
    print("== " + name)
    try:
        case()
        print("no error")
    except Exception as e:  # the class name and TensorFlow's message without its op suffix
        message = getattr(e, "message", str(e))
        message = message.split("{{function_node")[0] + message.split("}} ", 1)[-1] if "{{function_node" in message else message
        print(type(e).__name__)
        print(message.split(" [Op:")[0])
    print("== end")
