"""keras.layers.ConvLSTM1D / ConvLSTM2D / ConvLSTM3D: outputs with valid and same padding, strides,
dilation, channels_first, return_sequences, return_state, go_backwards and initial states, weight
paths and shapes, configs, serialize / deserialize, a model fitted, saved to .keras and loaded,
and the errors of bad arguments."""
import os
import tempfile

import numpy as np

from harness import show_error, tf
from keras_harness import fixed_weights, rounded

keras = tf.keras
layers = keras.layers
seq1 = tf.constant(np.sin(np.arange(2 * 4 * 5 * 2, dtype=np.float32) * 0.3).reshape(2, 4, 5, 2))
seq2 = tf.constant(np.cos(np.arange(2 * 3 * 5 * 5 * 2, dtype=np.float32) * 0.2).reshape(2, 3, 5, 5, 2))
seq3 = tf.constant(np.sin(np.arange(1 * 3 * 3 * 4 * 4, dtype=np.float32) * 0.25).reshape(1, 3, 3, 4, 4, 1))
CONFIG_KEYS = ("filters", "kernel_size", "strides", "padding", "data_format", "dilation_rate", "activation",
               "recurrent_activation", "use_bias", "unit_forget_bias", "return_sequences", "return_state",
               "go_backwards", "stateful", "unroll", "dropout", "recurrent_dropout", "seed")


def describe(label, layer, x):
    layer(x)
    fixed_weights(layer)
    out = layer(x)
    outs = out if isinstance(out, (list, tuple)) else [out]
    config = layer.get_config()
    print(label, layer.name, [tuple(o.shape) for o in outs], [rounded(o, 3) for o in outs])
    print("  config", [(k, config[k]) for k in CONFIG_KEYS])
    print("  weights", [(w.path.split("/", 1)[1], tuple(w.shape)) for w in layer.weights])


describe("2d", layers.ConvLSTM2D(3, 2), seq2)
describe("2d same sequences", layers.ConvLSTM2D(2, 3, padding="same", return_sequences=True), seq2)
describe("2d strides backwards", layers.ConvLSTM2D(2, 2, strides=2, go_backwards=True, activation="relu"), seq2)
describe("2d channels_first", layers.ConvLSTM2D(2, (2, 1), data_format="channels_first", dilation_rate=2), seq2)
describe("1d state", layers.ConvLSTM1D(2, 3, return_state=True, use_bias=False), seq1)
describe("1d sequences", layers.ConvLSTM1D(3, 2, padding="same", return_sequences=True,
                                           recurrent_activation="hard_sigmoid"), seq1)
describe("3d", layers.ConvLSTM3D(2, 2), seq3)

lstm = layers.ConvLSTM1D(2, 2, name="with_states")
lstm(seq1)
fixed_weights(lstm)
h0 = tf.constant(np.full((2, 4, 2), 0.5, np.float32))
c0 = tf.constant(np.full((2, 4, 2), -0.25, np.float32))
print("initial states", rounded(lstm(seq1, initial_state=[h0, c0]), 4))
print("symbolic", tuple(layers.ConvLSTM2D(4, 3, return_sequences=True)(keras.Input((3, 7, 6, 2))).shape))

layer = layers.ConvLSTM2D(4, (3, 2), padding="same", name="cl")
serialized = layers.serialize(layer)
print("serialize", serialized["class_name"], tuple(serialized["config"]["kernel_size"]), serialized["config"]["padding"])
copy = layers.deserialize(serialized)
print("deserialize", type(copy).__name__, copy.name, copy.get_config()["filters"], copy.built)

inputs = keras.Input((3, 5, 5, 2))
x = layers.ConvLSTM2D(3, 2, padding="same", return_sequences=True)(inputs)
x = layers.ConvLSTM2D(2, 3)(x)
outputs = layers.Dense(1)(layers.Flatten()(x))
model = keras.Model(inputs, outputs)
fixed_weights(model)
model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
y = tf.reshape(tf.reduce_mean(seq2, axis=[1, 2, 3, 4]), (2, 1))
history = model.fit(seq2, y, epochs=3, verbose=0)
print("fit losses", rounded(history.history["loss"]))
path = os.path.join(tempfile.mkdtemp(), "conv_lstm.keras")
model.save(path)
loaded = keras.models.load_model(path)
print("loaded", [type(layer).__name__ for layer in loaded.layers], rounded(loaded(seq2)), rounded(model(seq2)))

show_error("strides and dilation", lambda: layers.ConvLSTM2D(2, 2, strides=2, dilation_rate=2))
show_error("missing kernel_size", lambda: layers.ConvLSTM2D(2))
show_error("wrong rank", lambda: layers.ConvLSTM2D(2, 2)(seq1))
