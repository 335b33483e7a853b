"""tf.nn's bias_add, leaky_relu, silu / swish, crelu, logistic and Poisson losses, l2_loss, moments,
batch_normalization and the loss-averaging helpers, with TensorFlow's argument names and
defaults, eagerly, under a GradientTape and inside tf.function."""
from harness import rounded, show_error, tf

x = tf.constant([[1.0, -2.0, 3.0], [-4.0, 5.0, 0.5]])
b = tf.constant([0.5, -1.0, 2.0])
print(tf.nn.bias_add(x, b), tf.nn.bias_add(tf.reshape(tf.range(12.0), [2, 3, 2]), b, data_format="NCHW"), tf.nn.bias_add([[1, 2]], [3, 4]))
print(tf.nn.bias_add(tf.reshape(tf.range(12.0), [1, 2, 3, 2]), [1.0, 2.0], data_format="NCW"))
show_error("bias_add size mismatch", lambda: tf.nn.bias_add(x, [1.0, 2.0]))
show_error("bias_add rank 1", lambda: tf.nn.bias_add([1.0, 2.0], [1.0, 2.0]))
show_error("bias_add data_format", lambda: tf.nn.bias_add(x, b, data_format="HWC"))

print(tf.nn.leaky_relu(x), tf.nn.leaky_relu(x, alpha=0.01), tf.nn.leaky_relu([-3, 2]))
print(rounded(tf.nn.silu(x)), rounded(tf.nn.silu(x, beta=0.5)), rounded(tf.nn.swish(x)))
print(tf.nn.crelu(x), tf.nn.crelu(x, axis=0))

labels = tf.constant([[1.0, 0.0, 0.5], [0.0, 1.0, 0.25]])
print(rounded(tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=x)))
print(rounded(tf.nn.weighted_cross_entropy_with_logits(labels, x, pos_weight=2.0)))
print(rounded(tf.nn.log_poisson_loss(tf.abs(x), x / 4)), rounded(tf.nn.log_poisson_loss(tf.abs(x), x / 4, compute_full_loss=True)))
print(tf.nn.l2_loss(x), tf.nn.l2_loss(tf.constant(3.0, tf.float64)))
show_error("sigmoid_cross_entropy_with_logits shape mismatch",
           lambda: tf.nn.sigmoid_cross_entropy_with_logits(labels=[1.0, 0.0], logits=[1.0, 2.0, 3.0]))
show_error("l2_loss int32", lambda: tf.nn.l2_loss([1, 2]))

mean, variance = tf.nn.moments(x, axes=[0])
print(mean, variance)
print(tf.nn.moments(x, [0, 1], keepdims=True))
print(tf.nn.weighted_moments(x, [1], frequency_weights=[[1.0], [3.0]]))
print(tf.nn.normalize_moments(4.0, tf.constant([2.0, 4.0]), tf.constant([10.0, 20.0]), None))
print(tf.nn.normalize_moments(4.0, tf.constant([2.0, 4.0]), tf.constant([10.0, 20.0]), tf.constant([1.0, 1.0])))
print(rounded(tf.nn.batch_normalization(x, mean, variance, offset=None, scale=2.0, variance_epsilon=1e-3)))

print(tf.nn.compute_average_loss([1.0, 2.0, 3.0, 6.0]), tf.nn.compute_average_loss([1.0, 2.0], global_batch_size=8))
print(tf.nn.compute_average_loss([1.0, 2.0], sample_weight=[2.0, 0.5]), tf.nn.scale_regularization_loss(tf.constant([1.0, 2.5])))

with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, b])
    y = tf.nn.leaky_relu(tf.nn.bias_add(x, b)) + tf.nn.silu(x)
    loss = tf.nn.l2_loss(y) + tf.reduce_sum(tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=y))
    m, v = tf.nn.moments(y, axes=[0])
    stats = tf.reduce_sum(m) + tf.reduce_sum(v)
print(rounded(tape.gradient(loss, x)), rounded(tape.gradient(loss, b)), rounded(tape.gradient(stats, x)))


@tf.function
def traced(x, b):
    y = tf.nn.crelu(tf.nn.bias_add(x, b))
    outputs = y, tf.nn.l2_loss(y), tf.nn.moments(y, axes=[0])[1], tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=y)
    print("traced shapes", [tuple(o.shape) for o in outputs])
    return outputs


print(*traced(x, b))
traced.get_concrete_function(tf.TensorSpec([None, 3]), tf.TensorSpec([3]))
