"""Keras' recurrent-layers guide on cross-batch statefulness as a program: an LSTM made with
stateful=True carries its final states from one call to the next (the paragraphs of one text fed
in pieces) until reset_states(); its states are "rnn_state" variables outside the weights, and seed
another layer's initial_state (state reuse); a stateful model with a fixed batch size trained with
fit carries them from batch to batch; GRU and ConvLSTM1D do the same."""
import numpy as np

from harness import tf

keras = tf.keras
layers = keras.layers


def pattern(shape, seed):
    n = int(np.prod(shape))
    return np.sin(0.37 * np.arange(n) + seed).astype(np.float32).reshape(shape)


def set_pattern(layer_or_model):
    layer_or_model.set_weights([pattern(w.shape, 1.0 + i) * 0.5 for i, w in enumerate(layer_or_model.weights)])


def show(name, value):
    print(name, np.round(np.asarray(value, np.float64), 4).tolist())


paragraph1 = pattern((4, 5, 6), 0.1)
paragraph2 = pattern((4, 5, 6), 0.2)
paragraph3 = pattern((4, 5, 6), 0.3)
lstm_layer = layers.LSTM(3, stateful=True)
print("states before the first call:", lstm_layer.states)
lstm_layer.build(paragraph1.shape)
set_pattern(lstm_layer)
show("paragraph1", lstm_layer(paragraph1))
show("paragraph2", lstm_layer(paragraph2))
show("paragraph3", lstm_layer(paragraph3))
print("states:", len(lstm_layer.states), [v.name for v in lstm_layer.states], [v.shape for v in lstm_layer.states],
      [v.trainable for v in lstm_layer.states])
print("weights:", [w.name for w in lstm_layer.weights])
show("kept h", lstm_layer.states[0])
existing_state = lstm_layer.states
new_lstm_layer = layers.LSTM(3)
new_lstm_layer.build(paragraph3.shape)
set_pattern(new_lstm_layer)
show("reused", new_lstm_layer(paragraph3, initial_state=existing_state))
lstm_layer.reset_states()
show("after reset", lstm_layer.states[0])
show("paragraph1 again", lstm_layer(paragraph1))
lstm_layer.reset_state()
print("config stateful:", lstm_layer.get_config()["stateful"])

plain = layers.GRU(2)
plain(paragraph1)
print("a layer that keeps no states:", plain.states)

model = keras.Sequential([keras.Input((5, 6), batch_size=4), layers.GRU(3, stateful=True, return_sequences=True),
                          layers.LSTM(2, stateful=True), layers.Dense(1)])
set_pattern(model)
model.compile(optimizer=keras.optimizers.SGD(learning_rate=0.05), loss="mse")
x = pattern((12, 5, 6), 0.5)
y = pattern((12, 1), 2.5)
history = model.fit(x, y, batch_size=4, epochs=3, shuffle=False, verbose=0)
show("fit losses", history.history["loss"])
show("gru state after fit", model.layers[0].states[0])
show("predict", model.predict(x, batch_size=4, verbose=0))
for layer in model.layers[:2]:
    layer.reset_states()
show("predict after reset", model.predict(x[:4], batch_size=4, verbose=0))
try:
    model.layers[1](pattern((3, 5, 3), 0.9))
except ValueError as e:
    print("ValueError:", "batch size of the input sequences must be the same" in str(e))

conv = layers.ConvLSTM1D(2, 3, padding="same", stateful=True)
frames = pattern((2, 3, 5, 2), 0.4)
conv.build(frames.shape)
set_pattern(conv)
show("conv 1", conv(frames))
show("conv 2", conv(frames))
conv.reset_states()
show("conv reset", conv(frames))
