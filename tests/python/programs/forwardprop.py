"""tf.autodiff.ForwardAccumulator: Jacobian-vector products of tensors and variables, nested
accumulators and tapes in both orders (Hessian-vector products), inside tf.function, structures,
unconnected and integer results, and the errors of bad primals and tangents."""
import numpy as np

from harness import rounded, show_error, tf


def unsigned(t):
    """rounded(t) with -0.0 shown as 0.0: which zero a product of zeros keeps is not compared."""
    return None if t is None else rounded(t + tf.zeros_like(t))


def show(label, value):
    if isinstance(value, (list, tuple, dict)):
        print("%s: %s" % (label, tf.nest.map_structure(unsigned, value)))
    else:
        print("%s: %s" % (label, unsigned(value)))


x = tf.constant([1.0, 2.0])
v = tf.constant([1.0, 0.5])

acc = tf.autodiff.ForwardAccumulator(x, v)
show("primal before any recording", acc.jvp(x))
with acc:
    y = x * x
    z = tf.cast(y, tf.int32)
    s = tf.reduce_sum(tf.sin(x) * tf.exp(x))
    m = tf.matmul(tf.reshape(x, [1, 2]), tf.reshape(x, [2, 1]))
    parts = tf.unstack(x)
    top = tf.reduce_max(x)
    stopped = tf.stop_gradient(x)
    constant = tf.constant(2.0) * 3
    chosen = tf.where(x > 1.5, x, -x)
    gathered = tf.gather(x, [1, 1, 0])
    soft = tf.nn.softmax(x)
    normed = tf.linalg.norm(x)
show("x * x", acc.jvp(y))
show("integer result", acc.jvp(z))
show("sum(sin(x) exp(x))", acc.jvp(s))
show("matmul", acc.jvp(m))
show("unstack", acc.jvp(parts))
show("reduce_max", acc.jvp(top))
show("stop_gradient", acc.jvp(stopped))
show("constant", acc.jvp(constant))
show("constant, zero", acc.jvp(constant, unconnected_gradients="zero"))
show("constant, UnconnectedGradients.ZERO", acc.jvp(constant, unconnected_gradients=tf.UnconnectedGradients.ZERO))
show("where", acc.jvp(chosen))
show("gather", acc.jvp(gathered))
show("softmax", acc.jvp(soft))
show("norm", acc.jvp(normed))
show("structure", acc.jvp({"a": parts[0], "b": (top, y)}))

outside = x * 3.0
with acc:
    again = y * 2.0 + outside
show("entered again (y from the first block)", acc.jvp(again))

print("variables")
var = tf.Variable(2.0)
with tf.autodiff.ForwardAccumulator(var, tf.constant(1.5)) as var_acc:
    r = var * var + 1.0
show("var * var + 1", var_acc.jvp(r))
show("the variable", var_acc.jvp(var))
other = tf.Variable(3.0)
with tf.autodiff.ForwardAccumulator(var, 1.0) as var_acc:
    r = var * other
show("python float tangent", var_acc.jvp(r))

print("several primals")
a, b = tf.constant(3.0), tf.constant([1.0, -1.0])
with tf.autodiff.ForwardAccumulator(primals=[a, b], tangents=[tf.constant(1.0), tf.constant([0.0, 2.0])]) as acc2:
    out = a * b + tf.square(b)
show("a * b + b^2", acc2.jvp(out))
with tf.autodiff.ForwardAccumulator({"p": a}, {"p": 2.0}) as acc3:
    out = a ** 3
show("dict primals", acc3.jvp(out))

print("nested")
with tf.autodiff.ForwardAccumulator(x, tf.constant([1.0, 0.0])) as outer:
    with tf.autodiff.ForwardAccumulator(x, tf.constant([0.0, 1.0])) as inner:
        cube = tf.reduce_sum(x ** 3 + x[0] * x[1])
    mixed = inner.jvp(cube)
show("inner", mixed)
show("outer of inner", outer.jvp(mixed))

with tf.autodiff.ForwardAccumulator(x, tf.constant([1.0, 0.0])) as fwd:
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(tf.sin(x) * x)
    grad = tape.gradient(loss, x)
show("forward over backward (Hessian-vector product)", fwd.jvp(grad))

with tf.GradientTape() as tape:
    tape.watch(x)
    with tf.autodiff.ForwardAccumulator(x, tf.constant([1.0, 1.0])) as fwd:
        cube = tf.reduce_sum(x ** 3)
    directional = fwd.jvp(cube)
show("backward over forward: jvp", directional)
show("backward over forward: gradient", tape.gradient(directional, x))

print("dense layer")
kernel = tf.Variable(np.arange(6, dtype=np.float32).reshape(2, 3) / 4)
bias = tf.Variable([0.1, -0.2, 0.3])
inputs = tf.constant([[1.0, -1.0], [0.5, 2.0]])
with tf.autodiff.ForwardAccumulator([kernel, bias], [tf.ones([2, 3]), tf.constant([1.0, 0.0, -1.0])]) as layer_acc:
    hidden = tf.nn.relu(inputs @ kernel + bias)
    loss = tf.reduce_mean(tf.square(hidden))
show("hidden", layer_acc.jvp(hidden))
show("loss", layer_acc.jvp(loss))


@tf.function
def directional_derivative(point, direction):
    with tf.autodiff.ForwardAccumulator(point, direction) as fn_acc:
        value = tf.tanh(point) @ tf.transpose(point)
    return fn_acc.jvp(value)


print("tf.function")
show("first call", directional_derivative(tf.constant([[1.0, 2.0]]), tf.constant([[1.0, 0.0]])))
show("second call", directional_derivative(tf.constant([[0.5, -1.0]]), tf.constant([[0.0, 1.0]])))

print("names")
print(tf.autodiff.GradientTape is tf.GradientTape)
print(tf.autodiff.ForwardAccumulator.__name__)

print("errors")
show_error("same primal twice", lambda: tf.autodiff.ForwardAccumulator([x, x], [v, v]))
show_error("structures differ", lambda: tf.autodiff.ForwardAccumulator(x, [1.0, 0.0]))
show_error("tangent dtype", lambda: tf.autodiff.ForwardAccumulator(x, tf.constant([1.0, 2.0], tf.float64)))
show_error("jvp of a Python float", lambda: acc.jvp(3.0))


def enter_twice():
    with acc:
        with acc:
            pass


show_error("entered twice", enter_twice)
