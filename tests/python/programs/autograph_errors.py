"""AutoGraph's errors, as TensorFlow raises them: a variable defined in only one branch, used
before assignment, of different dtypes in two branches or before and after a loop iteration, a
loop that changes a variable's shape or must run once to define one; and errors raised inside
converted code name the user's file, line and function."""
import os
import re

from harness import tf


def show(label, fn, last_line=True):
    """Calls fn() and prints the error's class, the user frames its message names and its last line
    (not for errors of graph execution, whose report tfpp words differently)."""
    try:
        result = fn()
    except Exception as e:  # noqa: BLE001 - what is raised is what is compared
        message = str(e)
        frames = ["%s:%s in %s" % (os.path.basename(path), line, name)
                  for path, line, name in re.findall(r'File "([^"]+)", line (\d+), in (\w+)  \*', message)]
        last = [line.strip() for line in message.strip().splitlines()][-1]
        print("%s: %s %s | %s" % (label, type(e).__name__, frames, last[:90] if last_line else ""))
    else:
        print("%s: returned %r" % (label, result))


@tf.function
def one_branch(x):
    if x > 0:
        y = 1
    return y


show("defined in one branch", lambda: one_branch(tf.constant(1)))


@tf.function
def else_only(x):
    if x > 0:
        pass
    else:
        z = x
    return z


show("defined in the else branch only", lambda: else_only(tf.constant(1)))


@tf.function
def two_dtypes(x):
    if x > 0:
        y = 1.0
    else:
        y = 1
    return y


show("dtypes differ", lambda: two_dtypes(tf.constant(1)))


@tf.function
def dtype_changes(n):
    x = tf.constant(0)
    i = 0
    while i < n:
        x = tf.cast(x, tf.float32) + 0.5
        i += 1
    return x


show("loop variable dtype", lambda: dtype_changes(tf.constant(3)))


@tf.function
def shape_grows(n):
    v = tf.constant([1])
    for i in tf.range(n):
        v = tf.concat([v, [i]], 0)
    return v


show("loop variable shape", lambda: shape_grows(tf.constant(3)))


@tf.function
def defined_in_loop(x):
    while x > 0:
        y = x
        x = x - 1
    return y


show("defined in a loop that runs", lambda: defined_in_loop(tf.constant(3)))
show("defined in a loop that does not run", lambda: defined_in_loop(tf.constant(0)), last_line=False)


@tf.function
def used_before(x):
    if x > 0:
        x = x + 1
    return w + x  # noqa: F821 - the error under test


show("undefined name", lambda: used_before(tf.constant(1)))


def helper(x):
    if x > 0:
        y = x
    return y


@tf.function
def calls_helper(x):
    y = x + 1
    return helper(y)


show("error in a called function", lambda: calls_helper(tf.constant(1)))


@tf.function
def return_in_loop(x):
    for i in tf.range(x):
        if i > 3:
            return i
    return x


show("return inside a tensor loop", lambda: return_in_loop(tf.constant(10)))


@tf.function
def condition_not_bool(x):
    if x:
        x = x + 1
    return x


show("int condition", lambda: condition_not_bool(tf.constant(1)))
