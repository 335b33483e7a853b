"""Keras 3's variables (keras.Variable): the weights of layers and models, metrics' state and
optimizers' slots, named by the last component of their path, their repr, one object per weight
(layer.kernel is layer.weights[0]), the built-in layers' weight attributes, keras.Variable made
directly (from a value or an initializer), assignment, and gradients through them."""
import numpy as np

from harness import show_error, tf

keras = tf.keras

dense = keras.layers.Dense(2, kernel_initializer="ones", name="d")
dense.build((None, 2))
print(repr(dense.kernel))
print(str(dense.bias))
print(dense.kernel.name, dense.kernel.path, dense.kernel.dtype, dense.kernel.shape, dense.kernel.trainable)
print("same object", dense.kernel is dense.weights[0], dense.bias is dense.trainable_weights[1])
print("numpy", dense.kernel.numpy().tolist(), (dense.kernel + 1).numpy().tolist())
print("value", dense.kernel.value.numpy().tolist())

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4), keras.layers.BatchNormalization(),
                          keras.layers.Dense(1)], name="seq")
print([w.name for w in model.weights])
print([w.path for w in model.weights])
print([w.path for w in model.trainable_variables])
print([w.path for w in model.non_trainable_weights])
batch_norm = model.layers[1]
print(batch_norm.gamma.path, batch_norm.moving_variance.path, batch_norm.moving_mean.trainable)
show_error("model.kernel", lambda: model.kernel)
show_error("dense.gamma", lambda: dense.gamma)

inputs = keras.Input((5,), dtype="int32")
embedded = keras.layers.Embedding(10, 3, name="emb")(inputs)
outputs = keras.layers.Conv1D(2, 3, name="conv")(embedded)
functional = keras.Model(inputs, outputs, name="fn")
print(functional.get_layer("emb").embeddings.path, functional.get_layer("conv").kernel.path,
      functional.get_layer("conv").bias.shape)
lstm = keras.Sequential([keras.Input((4, 3)), keras.layers.LSTM(2)])
print([w.path for w in lstm.weights])

mean = keras.metrics.Mean()
mean.update_state([1.0, 2.0])
print([v.name for v in mean.variables], [v.path for v in mean.variables])
print(repr(mean.variables[1]))

adam = keras.optimizers.Adam(learning_rate=0.5)
adam.build(model.trainable_variables)
print([v.name for v in adam.variables][:4])
print([v.path for v in adam.variables][:4])
print(adam.iterations.name, adam.iterations.path, adam.iterations.dtype)

x = keras.Variable(np.arange(4.0, dtype="float32").reshape(2, 2), name="x")
print(repr(x))
print(x.name, x.path, x.trainable)
y = keras.Variable(initializer="ones", shape=(3,), dtype="float64", trainable=False)
print(repr(y))
print(y.name, y.trainable)
z = keras.Variable(keras.initializers.Constant(2.5), shape=(2,))
print(repr(z))
print(repr(keras.Variable(7, dtype="int32", name="count")))
show_error("no shape", lambda: keras.Variable("zeros"))
show_error("slash", lambda: keras.Variable(1.0, name="a/b"))

print("assign", x.assign([[1.0, 1.0], [1.0, 1.0]]).numpy().tolist(), x.numpy().tolist())
print("assign_add", x.assign_add(tf.ones((2, 2))).numpy().tolist())
print("assign_sub", x.assign_sub([[0.5, 0.5], [0.5, 0.5]]).numpy().tolist())

with tf.GradientTape() as tape:
    loss = tf.reduce_sum(dense(tf.constant([[1.0, 2.0]])) ** 2)
grads = tape.gradient(loss, dense.trainable_variables)
print("grads", [g.numpy().tolist() for g in grads])
keras.optimizers.SGD(0.1).apply_gradients(zip(grads, dense.trainable_variables))
print("after step", dense.kernel.numpy().tolist(), dense.bias.numpy().tolist())


class Scale(keras.layers.Layer):
    def build(self, input_shape):
        self.scale = self.add_weight(shape=(input_shape[-1],), initializer="ones", name="scale")

    def call(self, inputs):
        return inputs * self.scale


scale = Scale(name="scale_layer")
print(scale(tf.constant([[1.0, 2.0]])).numpy().tolist())
print(repr(scale.scale), scale.weights[0] is scale.scale)


@tf.function
def double(v):
    return v * 2.0


print(double(x).numpy().tolist(), double(dense.kernel).numpy().tolist())
