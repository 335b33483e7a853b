"""keras.layers.ReversibleEmbedding: lookups, reverse=True logits with tied and untied tables, soft
cap and reverse_dtype, masks, weight paths and shapes, configs, serialize / deserialize, a model
fitted, saved to .keras and loaded, and the errors of bad arguments."""
import os
import tempfile

import numpy as np

from harness import show_error, tf
from keras_harness import fixed_weights, rounded

keras = tf.keras
layers = keras.layers
ids = tf.constant([[1, 0, 3], [4, 2, 0]])
h = tf.constant(np.sin(np.arange(2 * 3 * 4, dtype=np.float32) * 0.4).reshape(2, 3, 4))
CONFIG_KEYS = ("input_dim", "output_dim", "mask_zero", "tie_weights", "reverse_dtype", "logit_soft_cap")


def describe(label, layer):
    layer(ids)
    fixed_weights(layer)
    out = layer(ids)
    logits = layer(h, reverse=True)
    config = layer.get_config()
    print(label, layer.name, out.dtype.name, tuple(out.shape), rounded(out, 4))
    print("  reverse", logits.dtype.name, tuple(logits.shape), rounded(logits, 4))
    print("  config", [(k, config[k]) for k in CONFIG_KEYS])
    print("  weights", [(w.path, tuple(w.shape)) for w in layer.weights])


describe("tied", layers.ReversibleEmbedding(6, 4))
describe("untied soft cap", layers.ReversibleEmbedding(6, 4, tie_weights=False, logit_soft_cap=0.5))
describe("reverse float64", layers.ReversibleEmbedding(6, 4, reverse_dtype="float64", mask_zero=True))

layer = layers.ReversibleEmbedding(10, 3, mask_zero=True, name="re")
serialized = layers.serialize(layer)
print("serialize", serialized["class_name"], serialized["config"]["tie_weights"], serialized["config"]["mask_zero"])
copy = layers.deserialize(serialized)
print("deserialize", type(copy).__name__, copy.name, copy.get_config()["input_dim"], copy.built)

inputs = keras.Input((3,), dtype="int32")
embedded = layers.ReversibleEmbedding(6, 4, tie_weights=False)(inputs)
outputs = layers.Dense(1)(layers.Flatten()(embedded))
model = keras.Model(inputs, outputs)
fixed_weights(model)
model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
y = tf.constant([[0.5], [-0.5]])
history = model.fit(ids, y, epochs=3, verbose=0)
print("fit losses", rounded(history.history["loss"]))
path = os.path.join(tempfile.mkdtemp(), "reversible.keras")
model.save(path)
loaded = keras.models.load_model(path)
print("loaded", [type(layer).__name__ for layer in loaded.layers], rounded(loaded(ids)), rounded(model(ids)))

show_error("missing output_dim", lambda: layers.ReversibleEmbedding(6))
