"""tf.keras.activations: every Keras 3 activation function with its arguments (relu's slope, clip
and threshold, elu's and celu's alpha, softmax's axis, the shrink thresholds, ...), get /
serialize / deserialize, and a Dense layer given a function as its activation."""
import numpy as np

from harness import rounded, show_error, tf

A = tf.keras.activations
x = tf.constant([[-3.0, -1.5, -0.5, -0.1, 0.0, 0.3, 0.7, 1.2, 2.5, 7.0]])

for name in ("relu", "leaky_relu", "relu6", "softmax", "celu", "elu", "selu", "softplus", "softsign", "squareplus",
             "soft_shrink", "sparse_plus", "silu", "swish", "gelu", "tanh", "tanh_shrink", "sigmoid",
             "sparse_sigmoid", "exponential", "hard_sigmoid", "hard_silu", "hard_swish", "hard_tanh", "hard_shrink",
             "linear", "mish", "log_softmax", "log_sigmoid", "sparsemax"):
    print(name, rounded(getattr(A, name)(x)))

print("relu slope", rounded(A.relu(x, negative_slope=0.1)))
print("relu max_value", rounded(A.relu(x, max_value=2.0)))
print("relu max_value 6", rounded(A.relu(x, max_value=6.0)))
print("relu threshold", rounded(A.relu(x, threshold=0.5)))
print("relu all", rounded(A.relu(x, negative_slope=0.2, max_value=2.0, threshold=0.5)))
print("relu slope, threshold", rounded(A.relu(x, 0.3, None, -1.0)))
print("relu int", rounded(A.relu(tf.constant([-2, 3]))))
print("leaky_relu 0.5", rounded(A.leaky_relu(x, negative_slope=0.5)))
print("elu alpha", rounded(A.elu(x, alpha=0.5)))
print("celu alpha", rounded(A.celu(x, alpha=2.0)))
print("gelu approximate", rounded(A.gelu(x, approximate=True)))
print("soft_shrink 1", rounded(A.soft_shrink(x, threshold=1.0)))
print("hard_shrink 1", rounded(A.hard_shrink(x, 1.0)))
print("squareplus b=1", rounded(A.squareplus(x, b=1)))
print("threshold", rounded(A.threshold(x, 0.5, -9.0)))
y = tf.constant([[1.0, 2.0, 3.0, 4.0], [0.5, -0.5, 2.0, 0.0]])
print("softmax axis 0", rounded(A.softmax(y, axis=0)))
print("log_softmax axis 0", rounded(A.log_softmax(y, axis=0)))
print("glu", rounded(A.glu(y)))
print("glu axis 0", rounded(A.glu(y, axis=0)))
print("sparsemax axis 0", rounded(A.sparsemax(y, axis=0)))
print("float64", rounded(A.selu(tf.constant([-1.0, 2.0], tf.float64))))
print("from a list", rounded(A.tanh([0.5, -0.25])))

print("get", A.get("relu") is A.relu, A.get("swish") is A.silu, A.get("hard_swish") is A.hard_silu,
      A.get(None) is A.linear, A.get(A.mish) is A.mish)
print("serialize", A.serialize(A.relu), A.serialize(A.swish), A.serialize(A.hard_silu), A.serialize(A.linear))
print("deserialize", A.deserialize("gelu") is A.gelu, A.deserialize("linear") is A.linear)
print("names", sorted(n for n in dir(A) if not n.startswith("_") and callable(getattr(A, n))))
show_error("get of an unknown name", lambda: A.get("nope"))
show_error("get of a number", lambda: A.get(3))

layer = tf.keras.layers.Dense(3, activation=A.hard_silu, kernel_initializer="ones", bias_initializer="zeros")
print("Dense with a function", rounded(layer(np.array([[0.5, -1.0]], np.float32))), layer.get_config()["activation"])
layer = tf.keras.layers.Dense(2, activation=A.swish)
print("swish's config name", layer.get_config()["activation"])
