"""The Keras 2 tensor functions of tf.keras.backend (TensorFlow 2.21 keeps them): shapes, variables
and their updates, constants, reductions, elementwise math, comparisons, reshaping, dot and the
crossentropies, with floatx as the default dtype."""
import numpy as np

from harness import show_error, tf

K = tf.keras.backend
x = tf.constant(np.arange(-3, 9, dtype=np.float32).reshape(3, 4) / 2.0)
b = x > 0.5


def show(label, t):
    t = tf.convert_to_tensor(t)
    values = np.asarray(t)
    print(label, t.dtype.name, tuple(t.shape), (values if values.dtype == bool else np.round(values, 4)).tolist())


print("int_shape", K.int_shape(x), K.int_shape(tf.keras.Input((None, 3))), "ndim", K.ndim(x), "dtype", K.dtype(x))
print("count_params", K.count_params(x), "is_sparse", K.is_sparse(x))

v = K.variable([[1.0, 2.0], [3.0, 4.0]], name="kv")
print("variable", v.dtype.name, v.name, K.get_value(v).tolist(), K.eval(v).tolist())
K.set_value(v, [[0.0, 1.0], [2.0, 3.0]])
K.update_add(v, tf.ones((2, 2)))
K.update_sub(v, [[0.5, 0.5], [0.5, 0.5]])
print("after updates", K.get_value(v).tolist(), [np.asarray(a).tolist() for a in K.batch_get_value([v, tf.constant(2)])])
K.batch_set_value([(v, np.zeros((2, 2)))])
K.moving_average_update(v, tf.ones((2, 2)), 0.9)
print("moving average", np.round(K.get_value(v), 4).tolist())
K.update(v, [[5.0, 6.0], [7.0, 8.0]])
print("update", K.get_value(v).tolist(), "count_params", K.count_params(v))

show("constant", K.constant([1, 2]))
show("zeros", K.zeros((2, 3)))
show("ones int32", K.ones((2,), dtype="int32"))
show("eye", K.eye(3))
show("zeros_like", K.zeros_like(x))
show("ones_like", K.ones_like(b, dtype="float32"))
show("arange", K.arange(1, 7, 2))
show("arange negative", K.arange(-3))
show("arange float", K.arange(4, dtype="float32"))
show("one_hot", K.one_hot(tf.constant([0, 2]), 3))
print("cast_to_floatx", K.cast_to_floatx([1, 2]).dtype, K.cast_to_floatx(tf.constant([1, 2])).dtype.name)

for name in ("sum", "prod", "mean", "max", "min", "std", "var"):
    show(name, getattr(K, name)(x, axis=1))
show("sum keepdims", K.sum(x, axis=0, keepdims=True))
show("mean of bool", K.mean(b))
show("all", K.all(b, axis=1))
show("any", K.any(b, axis=0))
show("argmax", K.argmax(x))
show("argmin", K.argmin(x, axis=0))
show("cumsum", K.cumsum(x))
show("cumprod", K.cumprod(x, axis=1))

for name in ("abs", "square", "sqrt", "exp", "round", "sign", "sin", "cos", "tanh", "sigmoid", "hard_sigmoid",
             "softplus", "softsign", "elu"):
    show(name, getattr(K, name)(x))
show("log", K.log(K.abs(x) + 1.0))
show("pow", K.pow(x, 2))
show("elu alpha", K.elu(x, 0.5))
show("softmax", K.softmax(x))
show("clip", K.clip(x, -1.0, 2.0))
show("clip swapped", K.clip(x, 1.0, 0.0))
show("clip None", K.clip(x, None, 1.0))
show("l2_normalize", K.l2_normalize(x, axis=1))
for name in ("maximum", "minimum", "equal", "not_equal", "greater", "greater_equal", "less", "less_equal"):
    show(name, getattr(K, name)(x, 1.0))
show("stop_gradient", K.stop_gradient(x))

show("reshape", K.reshape(x, (2, 6)))
show("flatten", K.flatten(x))
show("batch_flatten", K.batch_flatten(tf.reshape(x, (3, 2, 2))))
show("expand_dims", K.expand_dims(x))
show("squeeze", K.squeeze(K.expand_dims(x, 1), 1))
show("transpose", K.transpose(x))
show("permute_dimensions", K.permute_dimensions(tf.reshape(x, (3, 2, 2)), (2, 0, 1)))
show("concatenate", K.concatenate([x, x]))
show("concatenate axis 0", K.concatenate([x, x], axis=0))
show("stack", K.stack([x, x], axis=1))
show("tile", K.tile(x, (1, 2)))
show("repeat", K.repeat(x, 2))
show("repeat_elements", K.repeat_elements(x, 2, axis=1))
show("reverse", K.reverse(x, 1))
show("gather", K.gather(x, tf.constant([2, 0])))
show("temporal_padding", K.temporal_padding(tf.reshape(x, (1, 3, 4)), (1, 2)))
show("dot", K.dot(x, tf.transpose(x)))
show("dot rank 3", K.dot(tf.reshape(x, (3, 1, 4)), tf.ones((2, 4, 3))))

target = tf.constant([[1.0, 0.0], [0.0, 1.0]])
output = tf.constant([[0.8, 0.2], [0.3, 0.7]])
show("binary_crossentropy", K.binary_crossentropy(target, output))
show("binary_crossentropy logits", K.binary_crossentropy(target, output, from_logits=True))
show("categorical_crossentropy", K.categorical_crossentropy(target, output))
show("categorical_crossentropy logits", K.categorical_crossentropy(target, output, from_logits=True))

show_error("softmax of a vector", lambda: K.softmax(tf.constant([1.0, 2.0])))
show_error("repeat of a vector", lambda: K.repeat(tf.constant([1.0, 2.0]), 2))
show_error("temporal_padding of three", lambda: K.temporal_padding(tf.zeros((1, 2, 2)), (1, 2, 3)))

tf.keras.config.set_floatx("float64")
show("zeros with floatx float64", K.zeros((2,)))
show("constant with floatx float64", K.constant(1))
print("variable with floatx float64", K.variable(1.0).dtype.name)
tf.keras.config.set_floatx("float32")

# ---- relu, bias_add, switch, sparse_categorical_crossentropy, name_scope -------------------------
show("relu", K.relu(x))
show("relu alpha", K.relu(x, alpha=0.1))
show("relu max_value", K.relu(x, max_value=2.0))
show("relu threshold", K.relu(x, threshold=1.0))
show("relu all", K.relu(x, alpha=0.2, max_value=3.0, threshold=0.5))
show("bias_add", K.bias_add(x, tf.constant([1.0, 2.0, 3.0, 4.0])))
show("bias_add channels_first", K.bias_add(tf.reshape(x, (1, 3, 4)), tf.constant([1.0, 2.0, 3.0]),
                                           data_format="channels_first"))
show("bias_add rank 2 bias", K.bias_add(tf.reshape(x, (1, 3, 4)), tf.ones((3, 4))))
show_error("bias_add of a bad data_format", lambda: K.bias_add(x, tf.ones((4,)), data_format="nchw"))
show("switch scalar", K.switch(tf.constant(True), x, -x))
show("switch scalar functions", K.switch(tf.constant(0), lambda: x, lambda: x * 2.0))
show("switch over trailing axes", K.switch(b, tf.stack([x, -x], axis=-1), tf.zeros((3, 4, 2))))
show("switch elementwise", K.switch(b, x, -x))
show_error("switch of a higher rank condition", lambda: K.switch(tf.ones((2, 2, 2)), tf.ones((2, 2)), tf.ones((2, 2))))
probabilities = tf.constant([[0.7, 0.2, 0.1], [0.1, 0.3, 0.6]])
show("sparse_categorical_crossentropy", K.sparse_categorical_crossentropy(tf.constant([0, 2]), probabilities))
show("sparse_categorical_crossentropy [batch, 1]", K.sparse_categorical_crossentropy(tf.constant([[1], [2]]),
                                                                                      probabilities))
show("sparse_categorical_crossentropy logits", K.sparse_categorical_crossentropy(tf.constant([1, 0]), probabilities,
                                                                                 from_logits=True))
with K.name_scope("block"):
    print("name_scope", K.variable(1.0, name="inside").dtype.name)
