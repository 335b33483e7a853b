"""The control-flow examples of TensorFlow's tf.function guide (AutoGraph transformations) and
AutoGraph's control-flow reference, as tests: what each prints, returns and traces. `if`, `while`
and `for` on tensors become tf.cond / tf.while_loop, on Python values they stay Python, with
break, continue and return inside them, logical operators and user functions converted too."""
import autograph_functions
from harness import rounded, tf


fizzbuzz = tf.function(autograph_functions.fizzbuzz)
fizzbuzz(tf.constant(5))
fizzbuzz(tf.constant(20))
print("fizzbuzz traces:", fizzbuzz.experimental_get_tracing_count())


@tf.function
def tanh_until_small(x):
    while tf.reduce_sum(x) > 1:
        x = tf.tanh(x)
    return x


print(rounded(tanh_until_small(tf.constant([1.0, 2.0, 0.5]))))


# A condition on a Python value stays Python: one trace per value, only the taken branch traced.
@tf.function
def scale(x, training):
    if training:
        print("Tracing the training branch")
        x = x * 2
    else:
        print("Tracing the inference branch")
        x = x / 2
    return x


print(repr(scale(tf.constant(4.0), True)), repr(scale(tf.constant(4.0), False)), repr(scale(tf.constant(6.0), True)))
print("scale traces:", scale.experimental_get_tracing_count())


# A Python loop over range() is unrolled while tracing.
@tf.function
def unrolled(x):
    for i in range(3):
        print("Tracing iteration", i)
        x = x + i
    return x


print(repr(unrolled(tf.constant(1))), repr(unrolled(tf.constant(5))), unrolled.experimental_get_tracing_count())


# range() over a tensor is tf.range: a while loop, traced once.
@tf.function
def triangle(n):
    total = 0
    for i in range(n):
        total += i
    return total


print(repr(triangle(tf.constant(5))), repr(triangle(tf.constant(10))), triangle.experimental_get_tracing_count())


collatz = tf.function(autograph_functions.collatz)
print([int(collatz(tf.constant(n))) for n in (1, 6, 7, 27)], collatz.experimental_get_tracing_count())


@tf.function
def first_over(values, limit):
    found = -1
    for v in values:
        if v > limit:
            found = v
            break
    return found


print(repr(first_over(tf.constant([3, 8, 12, 20]), tf.constant(10))), repr(first_over(tf.constant([1, 2]), 5)))


@tf.function
def sum_odd_below(n):
    i = 0
    s = 0
    while i < n:
        i += 1
        if i % 2 == 0:
            continue
        s += i
        if s > 50:
            break
    return s


print(repr(sum_odd_below(tf.constant(7))), repr(sum_odd_below(tf.constant(100))))


@tf.function
def sign(x):
    if x > 0:
        return 1
    elif x < 0:
        return -1
    else:
        return 0


print([int(sign(tf.constant(v))) for v in (5, -3, 0)], sign.experimental_get_tracing_count())


# Rows of a matrix: a `for` over a tensor iterates its first dimension.
@tf.function
def row_norms(m):
    norms = tf.zeros([0])
    best = tf.constant(0.0)
    for row in m:
        n = tf.reduce_sum(row * row)
        if n > best:
            best = n
    return best


print(rounded(row_norms(tf.constant([[1.0, 2.0], [3.0, 1.0], [0.0, 1.0]]))))


# and / or / not on tensors are tf.cond / logical_not; on Python values, Python's.
@tf.function
def logic(a, b):
    return (a and b, a or b, not a)


print(logic(tf.constant(True), tf.constant(False)))
print(logic(True, 0))


@tf.function
def clipped(x):
    return x if x > 0 else -x


print(repr(clipped(tf.constant(-3.0))), repr(clipped(tf.constant(2.0))))


# User functions called from a tf.function are converted too.
def halve_if_even(x):
    if x % 2 == 0:
        x = x // 2
    return x


@tf.function
def apply_twice(x):
    return halve_if_even(halve_if_even(x))


print(repr(apply_twice(tf.constant(12))), repr(apply_twice(tf.constant(6))), repr(apply_twice(tf.constant(7))))


# Variables assigned in converted branches and loops.
counter = tf.Variable(0)


@tf.function
def count_positive(values):
    for v in values:
        if v > 0:
            counter.assign_add(1)
    return counter.read_value()


print(repr(count_positive(tf.constant([1, -2, 3, 4]))), repr(count_positive(tf.constant([-1, 5]))))


# Gradients flow through converted control flow.
@tf.function
def piecewise(x):
    if x > 1.0:
        y = x * x
    else:
        y = 3.0 * x
    return y


points = [tf.Variable(2.0), tf.Variable(0.5)]  # kept alive: the traces take them as arguments
for x in points:
    with tf.GradientTape() as tape:
        y = piecewise(x)
    print(rounded(y), rounded(tape.gradient(y, x)))

# With autograph=False an `if` on a tensor is an error in a trace.
no_autograph = tf.function(lambda x: x if x > 0 else -x, autograph=False)
try:
    no_autograph(tf.constant(1))
except TypeError as e:
    print("autograph=False:", type(e).__name__, isinstance(e, tf.errors.OperatorNotAllowedInGraphError))
no_autograph_loop = tf.function(lambda x: [v for v in x], autograph=False)
try:
    no_autograph_loop(tf.constant([1, 2]))
except TypeError as e:
    print("iterating with autograph=False:", type(e).__name__)

# tf.autograph.experimental.do_not_convert leaves a function as it is.


@tf.autograph.experimental.do_not_convert
def unconverted(x):
    if x > 0:
        return x
    return -x


@tf.function
def calls_unconverted(x):
    return unconverted(x)


try:
    calls_unconverted(tf.constant(1))
except TypeError:
    print("do_not_convert: TypeError")
print(repr(unconverted(tf.constant(-4))))


# Loop options: shape invariants let a loop variable grow; maximum_iterations stops the loop.
@tf.function
def grow(n):
    v = tf.constant([0])
    for i in tf.range(n):
        tf.autograph.experimental.set_loop_options(shape_invariants=[(v, tf.TensorShape([None]))])
        v = tf.concat([v, [i * i]], 0)
    return v


print(repr(grow(tf.constant(4))))


@tf.function
def capped(n):
    i = 0
    while i < n:
        tf.autograph.experimental.set_loop_options(maximum_iterations=5)
        i += 1
    return i


print(repr(capped(tf.constant(3))), repr(capped(tf.constant(100))))


# Converted code keeps Python's meaning: defaults, *args and **kwargs, closures, globals,
# comprehensions, try/with blocks, lambdas, and functions defined inside it (converted when called).
calls = 0


def make_function():
    offset = 3

    @tf.function
    def f(x, y=2, *args, scale=1.0, **kw):
        global calls
        calls += 1
        values = [x * i for i in range(3)]

        def shifted(z):
            if z > 5:
                z = z - 5
            return z + offset

        total = 0
        for v in values:
            total += v
        try:
            q = shifted(total)
        except ValueError:
            q = 0
        with tf.name_scope("scaled"):
            r = q * y
        if scale > 0.5 and len(args) == 0:
            r = (lambda t: t + 1)(r)
        return r, kw.get("extra", None)

    return f


f = make_function()
print(f(tf.constant(2)), f(tf.constant(1), 3, extra=5), "traces:", calls)


# A method using zero-argument super() around a tensor condition: converted like any method.
class Scaler:
    def scale(self, x):
        return x * 2.0


class ClippedScaler(Scaler):
    @tf.function
    def scale(self, x):
        if x > 0:
            y = super().scale(x)
        else:
            y = -x
        return y


clipped = ClippedScaler()
print("super():", clipped.scale(tf.constant(3.0)).numpy(), clipped.scale(tf.constant(-1.0)).numpy())


# A callable object: its __call__ is converted (a tensor condition and a return inside it).
class Threshold:
    def __init__(self, limit):
        self.limit = limit

    def __call__(self, x):
        if x > self.limit:
            return x
        return tf.constant(self.limit)


@tf.function
def thresholded(x):
    return Threshold(1.0)(x)


print("__call__:", thresholded(tf.constant(3.0)).numpy(), thresholded(tf.constant(0.5)).numpy())

# Lambdas are converted as TensorFlow converts them: a conditional expression, `and` and `not` on
# tensors in a lambda given to tf.function, a lambda defined and called inside a tf.function, a
# lambda defined outside and called inside one, lambdas made in a comprehension, one spanning
# lines, and lambdas given to Dataset.map and filter.
absolute = tf.function(lambda x: x * 2 if x > 0 else -x)
print("lambda:", absolute(tf.constant(3)).numpy(), absolute(tf.constant(-3)).numpy())
in_range = tf.function(lambda x, low=0: x > low and x < 10)
print("lambda and:", in_range(tf.constant(5)).numpy(), in_range(tf.constant(12)).numpy(),
      in_range(tf.constant(1), 2).numpy())
print("lambda not:", tf.function(lambda b: not b)(tf.constant(True)).numpy())


@tf.function
def inner_lambda(x):
    h = lambda y: tf.abs(y) + 1 if tf.reduce_sum(y) > 0 else y - 1
    return h(x)


print("inner lambda:", inner_lambda(tf.constant([-4, 1])).numpy(), inner_lambda(tf.constant([4, -1, 1])).numpy(),
      inner_lambda(tf.constant([-4, 3])).numpy())
outer = lambda x: x * 10 if x > 2 else -x


@tf.function
def calls_outer(x):
    return outer(x)


print("outer lambda:", calls_outer(tf.constant(5)).numpy(), calls_outer(tf.constant(1)).numpy())


@tf.function
def made_in_comprehension(x):
    scalers = [lambda y, k=k: y * k if y > 0 else y for k in (1, 2)]
    return scalers[0](x) + scalers[1](x)


print("comprehension lambdas:", made_in_comprehension(tf.constant(3)).numpy(),
      made_in_comprehension(tf.constant(-3)).numpy())
spanning = tf.function(lambda x:
                       x + 1 if x > 0 else
                       x - 1)
print("multi-line lambda:", spanning(tf.constant(4)).numpy(), spanning(tf.constant(-4)).numpy())
first, second = lambda x: x if x > 0 else -x, lambda y: y if y < 0 else -y
print("two lambdas on a line:", tf.function(first)(tf.constant(-2)).numpy(), tf.function(second)(tf.constant(2)).numpy())
mapped = tf.data.Dataset.range(5).map(lambda x: x * 10 if x > 2 else -x)
print("map lambda:", list(mapped.as_numpy_iterator()))
kept = tf.data.Dataset.range(6).filter(lambda x: x > 1 and x % 2 == 0)
print("filter lambda:", list(kept.as_numpy_iterator()))
