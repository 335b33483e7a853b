"""tf.gradients and tf.hessians inside tf.function (tensors, variables, grad_ys, unconnected
sources, tf.cond, matmul), and their RuntimeError eagerly, as TensorFlow 2.21 behaves."""
from harness import rounded, show_error_message, tf

show_error_message("tf.gradients eagerly", lambda: tf.gradients(tf.constant(1.0), tf.constant(1.0)))
show_error_message("tf.hessians eagerly", lambda: tf.hessians(tf.constant(1.0), tf.constant(1.0)))


@tf.function
def cubic(x):
    y = x * x * x
    return tf.gradients(y, x)[0], tf.hessians(tf.reduce_sum(y), x)[0]


print(cubic(tf.constant([1.0, 2.0])))

w = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
b = tf.Variable([0.5, -0.5])


@tf.function
def dense_loss(x):
    logits = tf.matmul(x, w) + b
    loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits([[1.0, 0.0]], logits))
    return tf.gradients(loss, [w, b])


print([rounded(g) for g in dense_loss(tf.constant([[1.0, -1.0]]))])


@tf.function
def weighted(x):
    y1, y2 = x * 2.0, tf.sin(x)
    return tf.gradients([y1, y2], [x], grad_ys=[tf.constant([1.0, 10.0]), tf.constant([1.0, 1.0])])


print([rounded(g) for g in weighted(tf.constant([0.0, 1.0]))])


@tf.function
def unconnected(x, z):
    y = x * 3.0
    return tf.gradients(y, [x, z]), tf.gradients(y, [z], unconnected_gradients=tf.UnconnectedGradients.ZERO)


print(unconnected(tf.constant(1.0), tf.constant([2.0, 3.0])))


@tf.function
def through_cond(x):
    y = tf.cond(x > 0.0, lambda: x * x, lambda: -x)
    return tf.gradients(y, x)[0]


print(through_cond(tf.constant(3.0)), through_cond(tf.constant(-3.0)))


@tf.function
def stopped(x):
    y = x * tf.stop_gradient(x)
    return tf.gradients(y, x)[0]


print(stopped(tf.constant(4.0)))


@tf.function
def matrix_hessian(x):
    return tf.hessians(tf.reduce_sum(x * x * tf.constant([[1.0, 2.0], [3.0, 4.0]])), x)[0]


print(matrix_hessian(tf.ones([2, 2])).shape, tf.reduce_sum(matrix_hessian(tf.ones([2, 2]))))

# ---- tf.no_gradient ----
try:
    tf.no_gradient("AddV2")
except KeyError as e:
    print("KeyError:", str(e).split("!")[0])
tf.no_gradient("MyPyopsTestOp")
print("registered")
