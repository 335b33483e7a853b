"""keras.layers.StackedRNNCells under keras.layers.RNN: outputs of stacks of LSTM, GRU and SimpleRNN
cells (sequences, backwards, initial states), weight paths and shapes, the cells' config,
serialize / deserialize, a model fitted, saved to .keras and loaded, and the errors of bad stacks."""
import os
import tempfile

import numpy as np

from harness import show_error, tf
from keras_harness import fixed_weights, rounded

keras = tf.keras
layers = keras.layers
x = tf.constant(np.sin(np.arange(2 * 4 * 5, dtype=np.float32) * 0.3).reshape(2, 4, 5))


def describe(label, rnn, *call_args, **call_kwargs):
    rnn(x, *call_args, **call_kwargs)
    fixed_weights(rnn)
    out = rnn(x, *call_args, **call_kwargs)
    cell = rnn.get_config()["cell"]
    print(label, rnn.name, tuple(out.shape), rounded(out, 4))
    print("  cells", cell["class_name"], [(c["class_name"], c["config"]["name"], c["config"]["units"])
                                           for c in cell["config"]["cells"]])
    print("  weights", [(w.path.split("/", 1)[1], tuple(w.shape)) for w in rnn.weights])


S = layers.StackedRNNCells
describe("lstm gru", layers.RNN(S([layers.LSTMCell(3), layers.GRUCell(2)]), return_sequences=True))
describe("three backwards", layers.RNN(S([layers.SimpleRNNCell(4), layers.LSTMCell(2), layers.SimpleRNNCell(3)]),
                                       go_backwards=True))
h = tf.constant(np.full((2, 3), 0.5, np.float32))
describe("initial states", layers.RNN(S([layers.LSTMCell(3), layers.LSTMCell(3)])),
         initial_state=[[h, -h], [h * 0.5, h * 0.25]])
stack = S([layers.LSTMCell(4), layers.GRUCell(2)], name="stack")
print("stack config", sorted(stack.get_config()), [c["class_name"] for c in stack.get_config()["cells"]])
serialized = layers.serialize(layers.RNN(stack, name="rnn_of_stack"))
print("serialize", serialized["class_name"], serialized["config"]["cell"]["class_name"])
copy = layers.deserialize(serialized)
print("deserialize", type(copy).__name__, copy.name, copy.get_config()["cell"]["config"]["cells"][1]["class_name"])

inputs = keras.Input((4, 5))
hidden = layers.RNN(S([layers.LSTMCell(3), layers.GRUCell(3)]), return_sequences=True)(inputs)
outputs = layers.Dense(1)(layers.Flatten()(hidden))
model = keras.Model(inputs, outputs)
fixed_weights(model)
model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
y = tf.reshape(tf.reduce_mean(x, axis=[1, 2]), (2, 1))
history = model.fit(x, y, epochs=3, verbose=0)
print("fit losses", rounded(history.history["loss"]))
path = os.path.join(tempfile.mkdtemp(), "stacked.keras")
model.save(path)
loaded = keras.models.load_model(path)
print("loaded", [type(layer).__name__ for layer in loaded.layers], rounded(loaded(x)), rounded(model(x)))

show_error("missing cells", lambda: S())
