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
    """tf.math.multiply(x, y) under enable_check_numerics, eagerly or in a tf.function (whose arguments are named as
    tfpp names a traced C++ lambda's, args_0 and args_1), with TensorFlow's report; traced, without
    what only Python has (the stack traces and the graph's name), with the node suffix."""
    def g(args_0, args_1):
        with tf.name_scope("blk"):
            return tf.math.multiply(args_0, args_1)

    tf.debugging.enable_check_numerics()
    try:
        (tf.function(g) if traced else g)(tf.constant(x), tf.constant(y))
    except tf.errors.InvalidArgumentError as e:
        if not traced:
            raise
        text = e.message[e.message.index("\n\n!!! Detected"):]
        head = text[:text.index("  Graph name:")]
        tail = text[text.index(" : Tensor had"):]
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


def graph_error(fn, *args):
    """The message of fn(*args) in a tf.function, from "assertion failed" on (without Python's
    "Graph execution error" and stack), the node suffix kept."""
    try:
        tf.function(fn)(*args)
    except tf.errors.InvalidArgumentError as e:
        raise tf.errors.InvalidArgumentError(None, None, e.message[e.message.rindex("\n\n") + 2:]) from None
    except ValueError as e:  # raised while tracing: the message after AutoGraph's "in user code:" stack
        text = str(e)
        raise ValueError(text[text.rindex("ValueError: ") + len("ValueError: "):].rstrip("\n")) from None


def returning(check):
    """A function of args_0, args_1 (named as tfpp names a traced C++ lambda's arguments) that runs
    check and returns args_0."""
    def f(args_0, args_1):
        check(args_0, args_1)
        return args_0
    return f


def two_assertions(args_0, args_1):
    with tf.name_scope("blk"):
        tf.debugging.assert_equal(args_0, args_0)
        tf.debugging.assert_equal(tf.math.multiply(args_0, 2.), args_1, message="twice")
    return args_0


def unknown_shape(check, *args):
    """check in a tf.function whose arguments have unknown shapes, so it runs as an Assert node."""
    spec = [tf.TensorSpec(None, tf.float32)] * len(args)
    names = ["args_%d" % i for i in range(len(args))]
    f = eval("lambda %s: (check(%s), args_0)[1]" % (", ".join(names), ", ".join(names)), {"check": check})
    try:
        tf.function(f, input_signature=spec)(*args)
    except tf.errors.InvalidArgumentError as e:
        raise tf.errors.InvalidArgumentError(None, None, e.message[e.message.index("}} ") + 3:]) from None


def int_pair():
    return tf.constant([5, 2]), tf.constant([3, 4])


def float_pair():
    return tf.constant([1., 2.]), tf.constant([1., 3.])


cases.update({
    "assert_near": lambda: tf.debugging.assert_near(*float_pair()),
    "assert_near_message": lambda: tf.debugging.assert_near(tf.constant([1., 2.]), tf.constant([1., 2.1]), rtol=0.01,
                                                            message="m"),
    "assert_near_equal_at_tolerance": lambda: tf.debugging.assert_near(tf.constant([0.]), tf.constant([0.])),
    "assert_rank": lambda: tf.debugging.assert_rank(tf.constant([1., 2.]), 2, message="m"),
    "assert_shapes_size": lambda: tf.debugging.assert_shapes([(tf.zeros([2, 3]), ("N", "K")), (tf.zeros([2, 4]), ("K", "4"))]),
    "assert_shapes_explicit": lambda: tf.debugging.assert_shapes([(tf.zeros([2, 3]), (..., 2))], message="m"),
    "assert_shapes_rank_in": lambda: tf.debugging.assert_shapes([(tf.zeros([2, 3]), ("N",))]),
    "assert_shapes_rank": lambda: tf.debugging.assert_shapes([(tf.zeros([2]), ("N", "K"))]),
    "assert_shapes_ellipsis": lambda: tf.debugging.assert_shapes([(tf.zeros([2]), ("N", ...))]),
    "assert_shapes_at_least": lambda: tf.debugging.assert_shapes([(tf.zeros([2]), (..., "N", "K"))]),
    "assert_shapes_fine": lambda: tf.debugging.assert_shapes([(tf.zeros([2, 3]), ("N", "K")), (tf.zeros([3, 4]), ("K", ".")),
                                                             (tf.zeros([]), ("1",)), (tf.zeros([5, 2, 3]), (..., "N", "K"))]),
    "assert_all_finite": lambda: tf.debugging.assert_all_finite(tf.constant([1., nan]), "msg"),
    "traced_assert_less_int": lambda: graph_error(returning(lambda x, y: tf.debugging.assert_less(x, y, "x must be smaller")),
                                                  *int_pair()),
    "traced_assert_less": lambda: graph_error(returning(tf.debugging.assert_less), *float_pair()),
    "traced_assert_equal": lambda: graph_error(returning(tf.debugging.assert_equal), tf.range(5.), tf.zeros([5])),
    "traced_assert_greater_2d": lambda: graph_error(returning(tf.debugging.assert_greater), tf.zeros([2, 3]), tf.ones([2, 3])),
    "traced_two_assertions": lambda: graph_error(two_assertions, *float_pair()),
    "traced_assert_near": lambda: graph_error(returning(tf.debugging.assert_near), *float_pair()),
    "traced_assert_rank": lambda: graph_error(returning(lambda x, y: tf.debugging.assert_rank(x, 2)), *float_pair()),
    "traced_assert_shapes": lambda: graph_error(
        returning(lambda x, y: tf.debugging.assert_shapes([(x, ("N",)), (y, ("3",))])), *float_pair()),
    "traced_assert_all_finite": lambda: graph_error(returning(lambda x, y: tf.debugging.assert_all_finite(x / y, "m")),
                                                    tf.constant([1., 1.]), tf.constant([1., 0.])),
    "dynamic_assert_rank": lambda: unknown_shape(lambda x: tf.debugging.assert_rank(x, 2), tf.constant([1., 2.])),
    "dynamic_assert_shapes_size": lambda: unknown_shape(
        lambda x, y: tf.debugging.assert_shapes([(x, ("N", "K")), (y, ("K", "4"))]), tf.zeros([2, 3]), tf.zeros([2, 4])),
    "dynamic_assert_shapes_rank_in": lambda: unknown_shape(lambda x: tf.debugging.assert_shapes([(x, ("N",))]),
                                                           tf.zeros([2, 3])),
})
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
