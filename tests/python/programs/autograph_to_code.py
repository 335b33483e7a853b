"""tf.autograph.to_code: the converted source of functions with if/elif/else, while and for loops
with break, continue and return, logical operators and conditional expressions, and of lambdas (by
themselves and inside functions), is TensorFlow's
(the order of names in variable lists aside, which TensorFlow leaves to a set's iteration)."""
from autograph_functions import collatz, fizzbuzz
from harness import normalized_code, tf


# The seed notes' example.
def f(x):
    if x < 0:
        x = -x
    return x


def loop_with_jumps(n):
    s = 0
    i = 0
    while i < n:
        i += 1
        if i % 2 == 0:
            continue
        s += i
        if s > 100:
            break
    return s


def returns_in_loop(x):
    for i in tf.range(x):
        if i > 3:
            return i
    return x


def logical(a, b):
    return a and b or not a


def for_with_break(x):
    for i in tf.range(x):
        if i > 3:
            break
        x = x + i
    return x


def sum_even(items):
    s = 0
    for c in items:
        if c % 2 > 0:
            continue
        s += c
    return s


def conditional_expression(x, y=2):
    z = tf.maximum(x, y, name="m")
    w = x if x > 0 else -x
    return z + w


def nested_loops(n):
    total = 0
    for i in tf.range(n):
        j = 0
        while j < i:
            total += j
            j += 1
    return total


def early_return(x, limit):
    if x > limit:
        return x
    elif x < -limit:
        return -x
    y = x * 2
    return y


for function in (f, loop_with_jumps, returns_in_loop, logical, for_with_break, sum_even, fizzbuzz,
                 conditional_expression, collatz, nested_loops, early_return):
    print(normalized_code(tf.autograph.to_code(function)))
    print()

# to_code of a tf.function's python_function, as the seed notes show.
print(normalized_code(tf.autograph.to_code(tf.function(collatz).python_function)))


# Lambdas: by themselves (with a default, `and`, `not` and a call), spanning lines, and inside a function.
print(normalized_code(tf.autograph.to_code(lambda a, b=1: tf.maximum(a, b) if a > b and b > 0 else not a)))
spanning = (lambda x:
            x + 1 if x > 0 else
            x - 1)
print(normalized_code(tf.autograph.to_code(spanning)))


def with_inner_lambda(x):
    h = lambda y: tf.abs(y) * 2 if y > 0 else -y
    return h(x)


print(normalized_code(tf.autograph.to_code(with_inner_lambda)))
