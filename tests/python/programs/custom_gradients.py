"""tf.custom_gradient and tf.RegisterGradient, following TensorFlow's guide "Advanced automatic
differentiation", tf.custom_gradient's documentation and the seed notes' RegisterGradient block:
gradients written in Python, used by tapes eagerly, inside tf.function, nested (higher order), for
functions with several outputs and functions that read variables (grad_fn's `variables=`), and
their errors."""
from harness import rounded, show_error, tf


@tf.custom_gradient
def log1pexp(x):
    e = tf.exp(x)

    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))

    return tf.math.log(1 + e), grad


x = tf.constant(100.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = log1pexp(x)
print("log1pexp(100):", y.numpy(), "gradient:", tape.gradient(y, x).numpy())


@tf.custom_gradient
def clip_gradients(y):
    def backward(dy):
        return tf.clip_by_value(dy, -0.5, 0.5)

    return y, backward


v = tf.Variable(2.0)
with tf.GradientTape() as tape:
    output = clip_gradients(v * v)
print("clipped gradient:", tape.gradient(output, v).numpy())


@tf.custom_gradient
def scaled_product(a, b):
    def grad(dy):
        return dy * b * 10.0, None  # no gradient for b

    return a * b, grad


a, b = tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([a, b])
    p = scaled_product(a, b)
print("several inputs:", tape.gradient(p, [a, b]))


@tf.function
def traced_grad(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = log1pexp(x)
    return tape.gradient(y, x)


print("inside tf.function:", rounded(traced_grad(tf.constant([0.0, 1.0, -2.0]))))


@tf.custom_gradient
def cube(x):
    def grad(dy):
        return dy * 3.0 * x * x  # written with ops, so it is differentiated again

    return x * x * x, grad


x = tf.constant(2.0)
with tf.GradientTape() as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = cube(x)
    dy_dx = inner.gradient(y, x)
print("first and second order:", dy_dx.numpy(), outer.gradient(dy_dx, x).numpy())


@tf.custom_gradient
def no_pair(x):
    return x


@tf.custom_gradient
def wrong_count(a, b):
    return a + b, lambda dy: dy


show_error("a result that is not (y, grad_fn)", lambda: no_pair(tf.constant(1.0)))


def ask_wrong_count():
    a, b = tf.constant(1.0), tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        y = wrong_count(a, b)
    return tape.gradient(y, [a, b])


show_error("one gradient for two inputs", ask_wrong_count)
show_error("one gradient for two inputs inside tf.function", tf.function(ask_wrong_count))

# The seed notes: an op without a gradient, then RegisterGradient gives it one.
image = tf.Variable([[[0.5, 0.0, 0.0]]])
delta = tf.Variable(0.1)


def contrast_gradient():
    with tf.GradientTape() as tape:
        new_image = tf.image.adjust_contrast(image, delta)
    return tape.gradient(new_image, [image, delta])


show_error("no gradient registered", contrast_gradient)


@tf.RegisterGradient("AdjustContrastv2")
def _adjust_contrast_grad(op, grad):
    images, factor = op.inputs[0], op.inputs[1]
    mean = tf.reduce_mean(images, axis=[-3, -2], keepdims=True)
    grad_mean = tf.reduce_mean(grad, axis=[-3, -2], keepdims=True)
    return [grad * factor + grad_mean * (1.0 - factor), tf.reduce_sum(grad * (images - mean))]


print("registered:", [rounded(g) for g in contrast_gradient()])
print("op seen by the function:", _adjust_contrast_grad.__name__)
show_error("registering twice", lambda: tf.RegisterGradient("AdjustContrastv2")(_adjust_contrast_grad))
image2 = tf.Variable([[[0.25, 1.0], [0.5, 0.0]], [[0.75, 0.5], [0.0, 1.0]]])
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(tf.square(tf.image.adjust_contrast(image2, delta)))
print("a 2x2 image:", [rounded(g, 4) for g in tape.gradient(loss, [image2, delta])])

# ---- several outputs: grad_fn takes one upstream gradient per output ----


@tf.custom_gradient
def sum_and_product(a, b):
    def grad(d_sum, d_product):
        return d_sum + d_product * b, d_sum + d_product * a

    return (a + b, a * b), grad


a, b = tf.constant(3.0), tf.constant(4.0)
with tf.GradientTape(persistent=True) as tape:
    tape.watch([a, b])
    s, p = sum_and_product(a, b)
    total = s + 2.0 * p
print("two outputs:", s.numpy(), p.numpy(), [g.numpy() for g in tape.gradient(total, [a, b])])
print("one output used (the other's upstream is zeros):", [g.numpy() for g in tape.gradient(s, [a, b])])


@tf.custom_gradient
def as_dict(x):
    def grad(d_double, d_square):  # one upstream per output, in the structure's order (sorted keys)
        return 2.0 * d_double + 2.0 * x * d_square

    return {"square": x * x, "double": 2.0 * x}, grad


x = tf.constant([1.0, -2.0])
with tf.GradientTape() as tape:
    tape.watch(x)
    out = as_dict(x)
    y = tf.reduce_sum(out["square"] + 10.0 * out["double"])
print("a dict of outputs:", sorted(out), tape.gradient(y, x).numpy())


@tf.function
def traced_two_outputs(a, b):
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        s, p = sum_and_product(a, b)
        total = s * p
    return tape.gradient(total, [a, b])


print("two outputs inside tf.function:", [g.numpy() for g in traced_two_outputs(tf.constant(3.0), tf.constant(4.0))])

# ---- variables: grad_fn(*upstream, variables=...) returns (input gradients, variable gradients) ----
# TensorFlow's tf.custom_gradient documentation example.
weights = tf.Variable(tf.ones([2]))  # Trainable variable weights


@tf.custom_gradient
def linear_poly(x):
    # Creating polynomial
    poly = weights[1] * x + weights[0]

    def grad_fn(dpoly, variables):
        # dy/dx = weights[1] and we need to left multiply dpoly
        grad_xs = dpoly * weights[1]  # Scalar gradient

        grad_vars = []  # To store gradients of passed variables
        assert variables is not None
        assert len(variables) == 1
        assert variables[0] is weights
        # Manually computing dy/dweights
        dy_dw = dpoly * tf.stack([x ** 1, x ** 0])
        grad_vars.append(
            tf.reduce_sum(tf.reshape(dy_dw, [2, -1]), axis=1)
        )
        return grad_xs, grad_vars

    return poly, grad_fn


x = tf.constant([1., 2., 3.])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    poly = linear_poly(x)
print("docs example:", poly.numpy(), tape.gradient(poly, x).numpy(), tape.gradient(poly, weights).numpy())


@tf.function
def traced_linear_poly(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        poly = linear_poly(x)
    return tape.gradient(poly, [x, weights])


print("docs example inside tf.function:", [g.numpy() for g in traced_linear_poly(x)])

scale = tf.Variable(3.0)
frozen = tf.Variable(5.0, trainable=False)  # not trainable: not among `variables`


passed = []


@tf.custom_gradient
def scaled(x):
    def grad(dy, variables=None):
        passed.append([v.name for v in variables])
        return dy * scale * 100.0, [dy * x * 1000.0]

    return x * scale * frozen, grad


x = tf.constant(2.0)
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = scaled(x)
print("a trainable and a frozen variable:", y.numpy(), [g.numpy() for g in tape.gradient(y, [x, scale])],
      "variables passed:", list(passed), "frozen's gradient:", tape.gradient(y, frozen))


@tf.custom_gradient
def variable_argument(v):
    def grad(dy):  # a variable passed as an argument is an input, not one of `variables`
        return dy * 7.0

    return v * scale, grad


with tf.GradientTape() as tape:
    y = variable_argument(scale)
print("a variable as the argument:", y.numpy(), tape.gradient(y, scale).numpy())


@tf.custom_gradient
def kwargs_grad(x):
    def grad(dy, **kwargs):  # **kwargs takes `variables` too
        return dy * 2.0, [dy * 3.0 for _ in kwargs["variables"]]

    return x * scale, grad


with tf.GradientTape() as tape:
    tape.watch(x)
    y = kwargs_grad(x)
print("grad_fn with **kwargs:", [g.numpy() for g in tape.gradient(y, [x, scale])])


@tf.custom_gradient
def no_variables_parameter(x):
    return x * scale, lambda dy: dy


@tf.custom_gradient
def too_few_variable_gradients(x):
    def grad(dy, variables=None):
        return dy, []

    return x * scale, grad


def ask(f):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tape.gradient(y, [x, scale])


show_error("variables used, grad_fn without a variables parameter", lambda: no_variables_parameter(x))
show_error("no gradient for a variable", lambda: ask(too_few_variable_gradients))
show_error("variables used inside tf.function, no variables parameter",
           lambda: tf.function(lambda x: no_variables_parameter(x))(x))
show_error("keyword arguments inside tf.function", lambda: tf.function(lambda x: scaled(x=x))(x))


@tf.function
def traced_scaled(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = scaled(x)
    return y, tape.gradient(y, [x, scale])


y, grads = traced_scaled(tf.constant(2.0))
print("variables inside tf.function:", y.numpy(), [g.numpy() for g in grads], "variables passed:", passed[-1])


class Layer(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(2.0)

    @tf.custom_gradient
    def __call__(self, x):  # a method: the instance is not an input
        def grad(dy, variables):
            return dy * self.w, [dy * x]

        return x * self.w, grad


layer = Layer()
with tf.GradientTape() as tape:
    tape.watch(x)
    y = layer(x)
print("a method:", y.numpy(), [g.numpy() for g in tape.gradient(y, [x, layer.w])])


# ---- a tf.function using a custom gradient, differentiated through its call ----
@tf.function
def clipped_in_function(x):
    return clip_gradients(x * 3.0) * 2.0


x = tf.constant([1.0, -2.0])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = clipped_in_function(x)
print("through a tf.function call:", y.numpy(), tape.gradient(y, x).numpy())

traced_log1pexp = tf.function(log1pexp)
x = tf.constant([0.0, 1.0])  # at 100 TensorFlow 2.21 gives nan here, 1.0 eagerly (README, deviations)
with tf.GradientTape() as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = traced_log1pexp(x)
    d1 = inner.gradient(y, x)
print("first and second order through a call:", rounded(d1), rounded(outer.gradient(d1, x)))

traced_poly = tf.function(lambda x: linear_poly(x))
x = tf.constant([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    tape.watch(x)
    poly = traced_poly(x)
print("variables through a call:", [g.numpy() for g in tape.gradient(poly, [x, weights])])
