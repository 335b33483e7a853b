"""tf.keras.ops' nn group: activations with keras.ops' defaults (gelu approximate=True), one_hot /
multi_hot, moments and the normalizations, the crossentropies, convolutions and pooling
(channels_last and channels_first), dot_product_attention, and a few error cases."""
import numpy as np

from harness import show_error, tf
from keras_ops_harness import ops, show

x = tf.constant([[-3.0, -1.0, -0.2, 0.0, 0.4, 2.0]])
for name in ("relu", "relu6", "sigmoid", "softplus", "softsign", "silu", "swish", "selu", "log_sigmoid", "hard_sigmoid",
             "hard_silu", "hard_swish", "hard_tanh", "tanh_shrink", "sparse_plus", "sparse_sigmoid", "leaky_relu", "elu",
             "celu", "gelu", "softmax", "log_softmax", "sparsemax", "squareplus", "soft_shrink", "hard_shrink"):
    show(name, getattr(ops, name)(x))
show("gelu exact", ops.gelu(x, approximate=False))
show("leaky_relu slope", ops.leaky_relu(x, negative_slope=0.5))
show("elu alpha", ops.elu(x, alpha=2.0))
show("threshold", ops.threshold(x, 0.1, -5.0))
show("glu", ops.glu(x))
show("softmax axis 0", ops.softmax(tf.constant([[1.0, 2.0], [3.0, 5.0]]), axis=0))
show("softmax axis tuple", ops.softmax(tf.constant([[1.0, 2.0], [3.0, 5.0]]), axis=(0, 1)))
show("log_softmax axis 0", ops.log_softmax(tf.constant([[1.0, 2.0], [3.0, 5.0]]), axis=0))
show("relu of a list", ops.relu([-1.0, 2.0]))
show("nn.relu", ops.nn.relu(x))

labels = tf.constant([0, 2, 1, -1, 3])
show("one_hot", ops.one_hot(labels, 3))
show("one_hot axis 0", ops.one_hot(tf.constant([1, 0]), 3, axis=0))
show("one_hot dtype", ops.one_hot(tf.constant([[1], [2]]), 3, dtype="int32"))
show("multi_hot", ops.multi_hot(tf.constant([[0, 2], [1, 1]]), 4))
show("multi_hot vector", ops.multi_hot(tf.constant([0, 3]), 5))

data = tf.constant([[1.0, 2.0, 4.0], [3.0, 6.0, 8.0]])
show("moments", ops.moments(data, axes=[0]))
show("moments keepdims", ops.moments(data, axes=[0, 1], keepdims=True))
show("moments int axis", ops.moments(data, axes=1))
show("batch_normalization", ops.batch_normalization(data, tf.constant([2.0, 4.0, 6.0]), tf.constant([1.0, 4.0, 4.0]),
                                                    axis=-1, offset=tf.constant([0.0, 1.0, 0.0]),
                                                    scale=tf.constant([1.0, 1.0, 2.0])))
show("batch_normalization axis 0", ops.batch_normalization(data, tf.constant([1.0, 2.0]), tf.constant([1.0, 2.0]),
                                                           axis=0, epsilon=0.1))
show("normalize", ops.normalize(data))
show("normalize axis 0 order 1", ops.normalize(data, axis=0, order=1))
show("layer_normalization", ops.layer_normalization(data))
show("layer_normalization gamma beta", ops.layer_normalization(data, tf.constant([1.0, 2.0, 0.5]),
                                                               tf.constant([0.0, 1.0, -1.0])))
show("layer_normalization axis", ops.layer_normalization(data, axis=(0, 1), epsilon=0.01))
show("rms_normalization", ops.rms_normalization(data))
show("rms_normalization scale", ops.rms_normalization(data, scale=tf.constant([1.0, 0.5, 2.0]), epsilon=0.1))

target = tf.constant([[1.0, 0.0, 0.0], [0.0, 0.5, 0.5]])
probs = tf.constant([[0.7, 0.2, 0.1], [0.1, 0.3, 0.6]])
logits = tf.constant([[2.0, -1.0, 0.5], [0.0, 1.0, 3.0]])
show("binary_crossentropy", ops.binary_crossentropy(target, probs))
show("binary_crossentropy logits", ops.binary_crossentropy(target, logits, from_logits=True))
show("categorical_crossentropy", ops.categorical_crossentropy(target, probs))
show("categorical_crossentropy logits", ops.categorical_crossentropy(target, logits, from_logits=True))
show("categorical_crossentropy unnormalized", ops.categorical_crossentropy(target, probs * 2.0))
show("sparse_categorical_crossentropy", ops.sparse_categorical_crossentropy(tf.constant([0, 2]), probs))
show("sparse_categorical_crossentropy logits", ops.sparse_categorical_crossentropy(tf.constant([[1], [2]]), logits,
                                                                                  from_logits=True))
show("psnr", ops.psnr(probs, target, 1.0))

rng = np.random.RandomState(0)
image = tf.constant(rng.uniform(-1, 1, (2, 5, 5, 3)).astype(np.float32))
kernel = tf.constant(rng.uniform(-1, 1, (3, 3, 3, 4)).astype(np.float32))
show("conv", ops.conv(image, kernel))
show("conv same strides", ops.conv(image, kernel, strides=2, padding="same"))
show("conv dilation", ops.conv(image, kernel, dilation_rate=2))
show("conv channels_first", ops.conv(tf.transpose(image, [0, 3, 1, 2]), kernel, data_format="channels_first"))
signal = tf.constant(rng.uniform(-1, 1, (1, 6, 2)).astype(np.float32))
show("conv 1d", ops.conv(signal, tf.constant(rng.uniform(-1, 1, (2, 2, 3)).astype(np.float32)), padding="same"))
depthwise = tf.constant(rng.uniform(-1, 1, (2, 2, 3, 2)).astype(np.float32))
show("depthwise_conv", ops.depthwise_conv(image, depthwise))
show("depthwise_conv same", ops.depthwise_conv(image, depthwise, strides=2, padding="same"))
show("depthwise_conv 1d", ops.depthwise_conv(signal, tf.constant(rng.uniform(-1, 1, (3, 2, 1)).astype(np.float32))))
pointwise = tf.constant(rng.uniform(-1, 1, (1, 1, 6, 2)).astype(np.float32))
show("separable_conv", ops.separable_conv(image, depthwise, pointwise, padding="same"))
transposed = tf.constant(rng.uniform(-1, 1, (3, 3, 2, 3)).astype(np.float32))
show("conv_transpose", ops.conv_transpose(image, transposed, strides=2))
show("conv_transpose same", ops.conv_transpose(image, transposed, strides=2, padding="same"))
show("conv_transpose output_padding", ops.conv_transpose(image, transposed, strides=2, output_padding=1))
show("max_pool", ops.max_pool(image, 2))
show("max_pool strides same", ops.max_pool(image, (3, 3), strides=2, padding="same"))
show("average_pool", ops.average_pool(image, 2, strides=1))
show("average_pool same", ops.average_pool(image, 2, padding="same"))
show("max_pool 1d", ops.max_pool(signal, 2))
show("max_pool channels_first", ops.max_pool(tf.transpose(image, [0, 3, 1, 2]), 2, data_format="channels_first"))
show("depth_to_space", ops.depth_to_space(tf.reshape(tf.range(16.0), [1, 2, 2, 4]), 2))
show("space_to_depth", ops.space_to_depth(tf.reshape(tf.range(16.0), [1, 4, 4, 1]), 2))

q = tf.constant(rng.uniform(-1, 1, (1, 3, 2, 4)).astype(np.float32))
k = tf.constant(rng.uniform(-1, 1, (1, 4, 2, 4)).astype(np.float32))
v = tf.constant(rng.uniform(-1, 1, (1, 4, 2, 4)).astype(np.float32))
show("dot_product_attention", ops.dot_product_attention(q, k, v))
show("dot_product_attention scale bias", ops.dot_product_attention(q, k, v, bias=tf.ones([1, 2, 3, 4]), scale=0.5))
mask = tf.constant([[[[True, True, False, False]] * 3] * 2])
show("dot_product_attention mask", ops.dot_product_attention(q, k, v, mask=mask))
show("dot_product_attention causal", ops.dot_product_attention(q, q, q, is_causal=True))
show("dot_product_attention grouped", ops.dot_product_attention(tf.concat([q, q], axis=2), k, v))

show_error("glu of an odd axis", lambda: ops.glu(tf.ones([1, 3])))
show_error("normalize order 0", lambda: ops.normalize(data, order=0))
show_error("binary_crossentropy of mismatched shapes", lambda: ops.binary_crossentropy(target, tf.ones([2, 2])))
show_error("categorical_crossentropy of a scalar", lambda: ops.categorical_crossentropy(1.0, 1.0))
show_error("sparse_categorical_crossentropy of a wrong rank", lambda: ops.sparse_categorical_crossentropy(
    tf.constant([[0, 1]]), probs))
show_error("psnr of mismatched shapes", lambda: ops.psnr(probs, tf.ones([3]), 1.0))
show_error("dot_product_attention of 3-D inputs", lambda: ops.dot_product_attention(q[0], k[0], v[0]))
show_error("conv of mismatched channels", lambda: ops.conv(image, tf.ones([3, 3, 2, 4])))
