"""Layers given the user's Python functions as activations: Dense, Conv1D and LSTM call them, eagerly,
inside a Functional model and in fit's traced step; layer.activation is the function; a layer made
again from its config finds the function by name in a custom_object_scope or custom_objects."""
import numpy as np

from harness import show, tf

keras = tf.keras


def squared_tanh(x):
    return tf.nn.tanh(x) ** 2


def half(x):
    return x * 0.5


x = np.linspace(-1.0, 1.0, 8, dtype=np.float32).reshape(2, 4)
dense = keras.layers.Dense(3, activation=squared_tanh, kernel_initializer="ones", bias_initializer="zeros")
print(np.round(dense(x).numpy(), 5).tolist(), dense.activation is squared_tanh)
print(np.round(keras.layers.Activation(squared_tanh)(x).numpy(), 5).tolist())
conv = keras.layers.Conv1D(2, 2, activation=lambda t: t * 3.0, kernel_initializer="ones")
print(np.round(conv(x.reshape(2, 4, 1)).numpy(), 5).tolist())
lstm = keras.layers.LSTM(2, activation=half, recurrent_activation=squared_tanh, kernel_initializer="ones",
                         recurrent_initializer="ones")
print(np.round(lstm(x.reshape(2, 4, 1)).numpy(), 5).tolist())

inputs = keras.Input((4,))
outputs = keras.layers.Dense(1, activation=half, kernel_initializer="ones")(
    keras.layers.Dense(3, activation=squared_tanh, kernel_initializer="ones")(inputs))
model = keras.Model(inputs, outputs)
print(np.round(model(x).numpy(), 5).tolist())
model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
history = model.fit(x, np.ones((2, 1), np.float32), epochs=3, batch_size=2, shuffle=False, verbose=0)
print([round(v, 5) for v in history.history["loss"]])

config = dense.get_config()
with keras.utils.custom_object_scope({"squared_tanh": squared_tanh}):
    again = keras.layers.Dense.from_config(config)
again.build((None, 4))
again.set_weights(dense.get_weights())
print(np.allclose(again(x).numpy(), dense(x).numpy()))
copy = keras.Model.from_config(model.get_config(), custom_objects={"squared_tanh": squared_tanh, "half": half})
copy.set_weights(model.get_weights())
print(np.allclose(copy(x).numpy(), model(x).numpy()))
show("unknown activation name", lambda: keras.layers.Dense(2, activation="no_such_activation"), width=0)
