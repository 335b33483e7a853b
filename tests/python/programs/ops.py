"""Ops under TensorFlow's module paths (tf.math, tf.nn, tf.linalg, tf.random and top level), with
TensorFlow's argument names and defaults."""
import numpy as np

from harness import rounded, show_error, tf

x = tf.constant([[1.0, -2.0, 3.0], [-4.0, 5.0, 0.5]])
for name in ["abs", "negative", "sign", "square", "exp", "sin", "cos", "tanh", "sigmoid", "round", "floor", "ceil"]:
    print("tf.math." + name, rounded(getattr(tf.math, name)(x)))
for f in [tf.math.sqrt, tf.math.log, tf.math.reciprocal, tf.math.log1p, tf.math.softplus, tf.math.erf, tf.math.expm1,
          tf.math.rsqrt]:
    print(rounded(f(tf.abs(x))))
for name in ["add", "subtract", "multiply", "divide", "maximum", "minimum", "pow", "squared_difference",
             "floordiv", "floormod", "equal", "not_equal", "less", "less_equal", "greater", "greater_equal"]:
    print("tf.math." + name, getattr(tf.math, name)(x, 2.0))
print(tf.add(1, 2), tf.multiply([1, 2], 3), tf.maximum(x, 0.0), tf.pow(2.0, 3.0), tf.math.mod(7, 3))
print(tf.logical_and([True, False], [True, True]), tf.logical_or(True, [False, False]), tf.logical_not([True]))

for name in ["reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod"]:
    f = getattr(tf, name)
    print(name, f(x), f(x, axis=0), f(x, 1, keepdims=True), f(x, axis=[0, 1]), getattr(tf.math, name)(x, -1))
b = tf.constant([[True, False], [True, True]])
print(tf.reduce_any(b), tf.reduce_all(b, axis=1), tf.reduce_sum(tf.constant([1, 2, 3])), tf.reduce_mean([1, 2, 4]))
print(tf.argmax(x), tf.argmax(x, axis=1), tf.math.argmin(x, 1, output_type=tf.int32), tf.cumsum([1, 2, 3]))
print(tf.math.cumsum(x, axis=1, exclusive=True), tf.math.cumprod([1, 2, 3], reverse=True))
values, indices = tf.math.top_k([1.0, 5.0, 3.0, 4.0], k=2)
print(values, indices)

print(tf.matmul(x, x, transpose_b=True), tf.linalg.matmul(x, x, transpose_a=True))
print(tf.einsum("ij,kj->ik", x, x), tf.tensordot(x, tf.ones([3]), 1))
print(tf.where(x > 0, x, tf.zeros_like(x)), tf.where([True, False, True]), tf.clip_by_value(x, -1.0, 1.0))
print(tf.cast(x, tf.int32), tf.cast([1, 0, 3], tf.bool), tf.cast(tf.constant([1.5]), tf.float64))

print(tf.reshape(x, [3, 2]), tf.reshape(x, [-1]), tf.reshape(x, tf.constant([1, 6])), tf.transpose(x))
print(tf.transpose(tf.reshape(tf.range(6), [1, 2, 3]), perm=[2, 0, 1]).shape, tf.expand_dims(x, 0).shape)
print(tf.squeeze(tf.ones([1, 2, 1])).shape, tf.squeeze(tf.ones([1, 2, 1]), axis=[2]).shape)
print(tf.concat([x, x], axis=0), tf.concat([x, x], 1).shape, tf.stack([x, x]).shape, tf.stack([1, 2], axis=0))
print(tf.unstack(x), tf.split(tf.range(6), 3), tf.split(tf.range(6), [1, 5]))
print(tf.tile([[1, 2]], [2, 2]), tf.pad([[1, 2]], [[1, 0], [0, 2]]), tf.pad([[1, 2]], [[0, 0], [1, 1]], "REFLECT"))
print(tf.slice(x, [0, 1], [2, 2]), tf.strided_slice(x, [0, 0], [2, 3], [1, 2]))
print(tf.gather([10, 20, 30], [2, 0]), tf.gather(x, [1], axis=1), tf.gather_nd(x, [[0, 0], [1, 2]]))
print(tf.gather([10, 20, 30], 1), tf.gather(x, 2, axis=1), tf.gather(x, np.int64(0)))
print(tf.one_hot([0, 2], 3), tf.one_hot([1], 2, on_value=5, off_value=-1, dtype=tf.int32), tf.reverse(x, [1]))
print(tf.boolean_mask([1, 2, 3], [True, False, True]), tf.shape(x), tf.size(x), tf.rank(x), tf.identity(x))
print(tf.range(3, 10, 3), tf.range(5, dtype=tf.float32), tf.range(tf.constant(4)), tf.zeros([2], tf.int64))

logits = tf.constant([[2.0, 1.0, 0.1], [0.5, 2.5, -1.0]])
for name in ["relu", "relu6", "elu", "selu", "sigmoid", "tanh", "softplus"]:
    print("tf.nn." + name, rounded(getattr(tf.nn, name)(x)))
print(rounded(tf.nn.softmax(logits)), rounded(tf.nn.log_softmax(logits, axis=0)), rounded(tf.nn.gelu(x)))
print(rounded(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0, 1], logits=logits)))
print(rounded(tf.nn.softmax_cross_entropy_with_logits(labels=[[1.0, 0.0, 0.0], [0.0, 0.5, 0.5]], logits=logits)))
image = tf.reshape(tf.range(32, dtype=tf.float32), [1, 4, 4, 2])
print(tf.nn.conv2d(image, tf.ones([2, 2, 2, 1]), strides=1, padding="VALID")[0, :, :, 0])
print(tf.nn.max_pool2d(image, 2, 2, "SAME")[0, :, :, 1], tf.nn.avg_pool2d(image, ksize=2, strides=2, padding="VALID").shape)

tf.random.set_seed(1)
print(rounded(tf.random.normal([3], seed=2)), tf.random.uniform([2], maxval=10, dtype=tf.int32, seed=3))
print(rounded(tf.random.uniform([2, 2], seed=4)), rounded(tf.random.truncated_normal([2], seed=5)))
print(rounded(tf.random.normal([2], mean=1.0, stddev=0.5, dtype=tf.float64, seed=6)))

show_error("reshape to a wrong size", lambda: tf.reshape(x, [4, 2]))
show_error("concat of different ranks", lambda: tf.concat([x, tf.ones([3])], 0))
show_error("gather out of range", lambda: tf.gather([1, 2], [5]))
show_error("softmax of ints", lambda: tf.nn.softmax([1, 2]))
show_error("sparse labels out of range", lambda: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[3, 0], logits=logits))
