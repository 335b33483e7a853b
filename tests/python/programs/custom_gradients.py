"""tf.custom_gradient and tf.RegisterGradient, following TensorFlow's guide "Advanced automatic
differentiation" and the seed notes' RegisterGradient block: gradients written in Python, used by
tapes eagerly, inside tf.function, nested (higher order), and their errors."""
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
