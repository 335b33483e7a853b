"""keras.layers.ReversibleEmbedding called twice in a Functional model, on ids and with
reverse=True (a tied output head): outputs with fixed weights, the node's kwargs in the config,
a .keras round trip, and a fit step that moves the one shared table."""
import os
import tempfile

import numpy as np

from harness import tf
from keras_harness import fixed_weights, rounded

keras = tf.keras
layers = keras.layers
ids = tf.constant([[1, 4, 0], [3, 3, 5]])

inputs = keras.Input((3,), dtype="int32")
embed = layers.ReversibleEmbedding(6, 4, name="tied")
hidden = layers.Dense(4, activation="tanh", name="hidden")(embed(inputs))
logits = embed(hidden, reverse=True)
print("symbolic", tuple(logits.shape))
model = keras.Model(inputs, logits)
fixed_weights(model)
print("logits", rounded(model(ids)))
print("eager", rounded(embed(model.get_layer("hidden")(embed(ids)), reverse=True)))
nodes = [layer for layer in model.get_config()["layers"] if layer["name"] == "tied"][0]["inbound_nodes"]
print("nodes", [node["kwargs"] for node in nodes])
print("weights", [w.path for w in model.weights])

path = os.path.join(tempfile.mkdtemp(), "tied.keras")
model.save(path)
loaded = keras.models.load_model(path)
print("loaded", rounded(loaded(ids)))
before = embed.get_weights()[0]
model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
history = model.fit(ids, tf.zeros((2, 3, 6)), epochs=1, verbose=0)
print("fit", rounded(history.history["loss"]), "table moved", bool(np.abs(embed.get_weights()[0] - before).max() > 0))
