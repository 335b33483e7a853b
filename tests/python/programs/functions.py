"""tf.function, following TensorFlow's guide "Better performance with tf.function" and the seed
notes: tracing, the trace cache and its keys, Python side effects versus tf.print, concrete
functions, input signatures, variables, methods."""
import sys

from harness import show_error, tf


@tf.function
def add(a, b):
    return a + b


print(add(tf.ones([2, 2]), tf.ones([2, 2])))
v = tf.Variable(1.0)
with tf.GradientTape() as tape:
    result = add(v, 1.0)
print(tape.gradient(result, v))


@tf.function
def dense_layer(x, w, b):
    return add(tf.matmul(x, w), b)


print(dense_layer(tf.ones([3, 2]), tf.ones([2, 2]), tf.ones([2])))


@tf.function
def double(a):
    print("Tracing with", a)
    return a + a


print(double(tf.constant(1)))
print()
print(double(tf.constant(1.1)))
print()
print(double(tf.constant("a")))
print()
print(double(tf.constant("b")))
print(double.experimental_get_tracing_count())

concrete_function = double.get_concrete_function(tf.constant("a"))
print(concrete_function(tf.constant("a")))
double_strings = double.get_concrete_function(tf.TensorSpec(shape=None, dtype=tf.string))
print(double_strings(tf.constant("a")))
print(double_strings(a=tf.constant("b")))
print(double.experimental_get_tracing_count())


@tf.function
def f(x):
    print("Traced with", x)
    tf.print("Executed with", x, output_stream=sys.stdout)


f(1)
f(1)
f(2)
f(tf.constant(1))
f(tf.constant(2))
f(tf.constant([1, 2]))
f([1, 2])
f([1, 2])
f((1, 2))
f(None)
f("a")
f(x="a")
print(f.experimental_get_tracing_count())


@tf.function
def g(d):
    print("Traced with", d)
    tf.print("Executed with", d["a"], output_stream=sys.stdout)


g({"a": tf.constant(1)})
g({"a": tf.constant(2)})
g({"a": tf.constant(2.5)})


@tf.function(input_signature=(tf.TensorSpec(shape=[None], dtype=tf.int32),))
def next_collatz(x):
    print("Tracing with", x)
    return tf.where(x % 2 == 0, x // 2, 3 * x + 1)


print(next_collatz(tf.constant([1, 2])))
print(next_collatz(tf.constant([3, 4, 5])))
show_error("a 2-D argument", lambda: next_collatz(tf.constant([[1, 2], [3, 4]])))
show_error("a float argument", lambda: next_collatz(tf.constant([1.0, 2.0])))
print(next_collatz.experimental_get_tracing_count())


@tf.function
def train(num_steps):
    print("Tracing with num_steps = ", num_steps)
    tf.print("Executing with num_steps = ", num_steps, output_stream=sys.stdout)


print("Retracing occurs for different Python arguments.")
train(num_steps=10)
train(num_steps=20)
print()
print("Traces are reused for Tensor arguments.")
train(num_steps=tf.constant(10))
train(num_steps=tf.constant(20))


@tf.function
def power(a, b):
    return a**b


square = power.get_concrete_function(a=tf.TensorSpec(None, tf.float32), b=2)
print(square(tf.constant(10.0)))
print(power(tf.constant(3.0), 3), power(tf.constant(3.0), b=3), power.experimental_get_tracing_count())

# Variables: created once, outside or on the first call.
v = tf.Variable(1.0)


@tf.function
def add_v(x):
    return x + v


print(add_v(1.0))
v.assign(2.0)
print(add_v(1.0))


@tf.function
def make_variable_each_call(x):
    w = tf.Variable(1.0)
    return w + x


show_error("a variable created at every call", lambda: make_variable_each_call(1.0))


class Count:
    def __init__(self):
        self.count = None

    @tf.function
    def __call__(self):
        if self.count is None:
            self.count = tf.Variable(0)
        return self.count.assign_add(1)


c = Count()
print(c())
print(c())
other = Count()
print(other(), c())


@tf.function
def step(w, x):
    w.assign_add(x)
    tf.print("w is now", w, output_stream=sys.stdout)
    return w * 2


w1 = tf.Variable(1)
w2 = tf.Variable(10)
print(step(w1, 1), step(w2, 1), step(w1, 1), w1, w2, step.experimental_get_tracing_count())


@tf.function
def structured(pair, scale=2.0):
    first, second = pair
    return {"sum": first + second, "scaled": [first * scale, None, "text"]}


print(structured((tf.constant(1.0), tf.constant(2.0))))
print(structured([tf.constant(1.0), tf.constant(2.0)], scale=3.0))


tf.config.run_functions_eagerly(True)
print(double(tf.constant(5)), double.experimental_get_tracing_count())
tf.config.run_functions_eagerly(False)


# ---- tf.print of nested structures, and the concrete signatures' text ----
tf.print({"b": [tf.constant(1.5), "s", 3], "a": tf.constant([1, 2])}, output_stream=sys.stdout)
tf.print([tf.constant([[1, 2], [3, 4]]), (tf.constant("x"), None)], "end", sep=" | ", output_stream=sys.stdout)


@tf.function
def signatures(a, b=(1, 2.5), c=None, *, d="s", e=True):
    tf.print({"a": a, "n": [a + 1, "lit"]}, output_stream=sys.stdout)
    return {"out": a * 2, "pair": (a, a)}


signatures(tf.constant([1.0, 2.0]))
signatures(tf.constant(3), [tf.constant(1), 3], {"k": tf.constant(2.0), "j": "x"}, e=False)
print(signatures.pretty_printed_concrete_signatures())
print(signatures.pretty_printed_concrete_signatures(verbose=False))


@tf.function
def variadic(x, *args, **kwargs):
    return [x, (x,)], x


print(variadic.get_concrete_function(tf.TensorSpec([None], tf.float32), 2, tf.TensorSpec([2], tf.int32), k=3)
      .pretty_printed_signature())


@tf.function(input_signature=[tf.TensorSpec(None, tf.float32), tf.TensorSpec([2], tf.int32, name="n")])
def given(a, b):
    return a


print(given.get_concrete_function().pretty_printed_signature(verbose=False))


@tf.function(reduce_retracing=True)
def relaxed(x, n):
    return x * n


for value in ([1.0], [1.0, 2.0], [1.0, 2.0, 3.0], [[1.0]], [[1.0, 2.0], [3.0, 4.0]], 5.0):
    relaxed(tf.constant(value), 2.0)
    print("reduce_retracing traces:", relaxed.experimental_get_tracing_count())
relaxed(tf.constant([1.0]), 3.0)
print(relaxed.pretty_printed_concrete_signatures())

# tf.name_scope returns the full scope, made unique inside a tf.function as TensorFlow's graph scopes are.
with tf.name_scope("outer") as outer_scope:
    with tf.name_scope("inner") as inner_scope:
        print("eager scopes:", outer_scope, inner_scope)


@tf.function
def scoped(x):
    scopes = []
    for _ in range(2):
        with tf.name_scope("layer") as layer_scope:
            scopes.append(layer_scope)
            with tf.name_scope("dense") as dense_scope:
                scopes.append(dense_scope)
    print("traced scopes:", scopes, x.name)
    return x


scoped(tf.constant(1.0))
show_error("an eager tensor's name", lambda: tf.constant(1.0).name)


@tf.function
def named_ops(x):
    with tf.name_scope("block"):
        a = tf.math.square(x, name="sq")
        b = tf.reshape(a, [-1], name="flat")
        c = tf.reduce_sum(b, name="total")
        d = tf.nn.relu(c, name="act")
        e = tf.concat([b, b], 0)
        g = tf.add(d, 1.0)
        h = tf.add(d, 2.0, name="sq")  # taken in this scope: sq_1
    print("node names:", [t.name for t in (a, b, c, d, e, g, h)])
    return h


named_ops(tf.constant([[1.0, 2.0]]))


# A shape computed from traced values: Fill takes it as an input.
@tf.function
def filled(n):
    a = tf.fill([n], n)
    b = tf.fill(tf.stack([n, 2]), 1.5)
    c = tf.fill(tf.shape(b), "s")
    print("traced fill shape:", a.shape)
    return a, b, c


print(filled(tf.constant(3)))
print(tf.fill((), 2.5), tf.fill(tf.TensorShape([2]), True))
show_error("fill with a negative dimension", lambda: tf.fill([-1], 1))
show_error("fill with a 2-D shape", lambda: tf.fill([[2]], 1))
show_error("fill with a non-integer shape", lambda: tf.fill([2, 2.5], 1))
