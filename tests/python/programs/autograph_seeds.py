"""The seed notes' AutoGraph blocks: tf.autograph.to_code and to_graph, tf.autograph.trace, a
training loop over tf.range that retraces for Python step counts but not for tensors, an `if` on a
tensor inside a @tf.function method, the debugging example under run_functions_eagerly, and
to_code of a tf.function's python_function."""
from harness import normalized_code, tf


def f(x):
    if x < 0:
        x = -x
    return x


print(normalized_code(tf.autograph.to_code(f)))
converted_f = tf.autograph.to_graph(f)
x = tf.constant(-2)
print(repr(converted_f(x)))

for i in tf.range(10):
    tf.autograph.trace(i)


def train_one_step():
    pass


@tf.function
def train(num_steps):
    print("Tracing with num_steps = {}".format(num_steps))
    for _ in tf.range(num_steps):
        train_one_step()


train(num_steps=10)
train(num_steps=20)
train(num_steps=tf.constant(10))
train(num_steps=tf.constant(20))
print("traces:", train.experimental_get_tracing_count())


class CustomModel:
    """The seed's Keras model, as a plain class: AutoGraph converts its @tf.function method."""

    @tf.function
    def call(self, input_data):
        if tf.reduce_mean(input_data) > 0:
            return input_data
        else:
            return input_data // 2

    def __call__(self, input_data):
        return self.call(input_data)


model = CustomModel()
print(repr(model(tf.constant([-2, -4]))))
print(repr(model(tf.constant([2, 4]))))
print("traces:", model.call.experimental_get_tracing_count())


@tf.function
def g(x):
    if x > 0:
        x = x + 1
    return x


tf.config.run_functions_eagerly(True)
print(repr(g(tf.constant(1))), repr(g(tf.constant(-1))))
tf.config.run_functions_eagerly(False)
print(repr(g(tf.constant(1))), repr(g(tf.constant(-1))), g.experimental_get_tracing_count())


@tf.function
def sum_even(items):
    s = 0
    for c in items:
        if c % 2 > 0:
            continue
        s += c
    return s


print(repr(sum_even(tf.constant([10, 12, 15, 20]))))
print(normalized_code(tf.autograph.to_code(sum_even.python_function)))
