"""keras.layers.GroupQueryAttention (and MultiHeadAttention's Keras call): outputs and attention
scores with keys, causal and explicit masks, gates and sliding windows, weight paths and shapes,
configs, serialize / deserialize, a model fitted, saved to .keras and loaded, and the errors of bad
arguments."""
import os
import tempfile

import numpy as np

from harness import show_error, tf
from keras_harness import fixed_weights, rounded

keras = tf.keras
layers = keras.layers
q = tf.constant(np.sin(np.arange(2 * 4 * 6, dtype=np.float32) * 0.3).reshape(2, 4, 6))
v = tf.constant(np.cos(np.arange(2 * 3 * 5, dtype=np.float32) * 0.4).reshape(2, 3, 5))
k = tf.constant(np.sin(np.arange(2 * 3 * 7, dtype=np.float32) * 0.5).reshape(2, 3, 7))
mask = tf.constant(np.array([[[1, 0, 1], [1, 1, 0], [0, 1, 1], [1, 1, 1]]] * 2, bool))
CONFIG_KEYS = ("head_dim", "num_query_heads", "num_key_value_heads", "use_bias", "use_gate", "sliding_window", "dropout",
               "seed")


def describe(label, layer, call):
    call(layer)
    fixed_weights(layer)
    out = call(layer)
    outs = out if isinstance(out, tuple) else (out,)
    config = layer.get_config()
    print(label, layer.name, [tuple(o.shape) for o in outs], [rounded(o, 4) for o in outs])
    print("  config", [(key, config[key]) for key in CONFIG_KEYS])
    print("  weights", [(w.path.split("/", 1)[1], tuple(w.shape)) for w in layer.weights])


GQA = layers.GroupQueryAttention
describe("plain", GQA(2, 4, 2), lambda l: l(q, v))
describe("key and scores", GQA(3, 2, 1), lambda l: l(q, v, k, return_attention_scores=True))
describe("causal self", GQA(2, 4, 4, use_bias=False), lambda l: l(q, q, use_causal_mask=True))
describe("attention mask", GQA(2, 6, 3), lambda l: l(q, v, attention_mask=mask, return_attention_scores=True))
describe("gate and window", GQA(2, 4, 2, use_gate=True, sliding_window=2),
         lambda l: l(q, q, use_causal_mask=True, return_attention_scores=True))
mha = layers.MultiHeadAttention(2, 3)
mha(q, v, k)
fixed_weights(mha)
out, scores = mha(q, v, k, use_causal_mask=True, return_attention_scores=True)
print("mha", tuple(out.shape), tuple(scores.shape), rounded(out, 4))

print("symbolic", tuple(GQA(2, 4, 2)(keras.Input((5, 6)), keras.Input((3, 6))).shape))
layer = GQA(4, 8, 2, dropout=0.1, sliding_window=3, name="gqa")
serialized = layers.serialize(layer)
print("serialize", serialized["class_name"], serialized["config"]["num_key_value_heads"], serialized["config"]["sliding_window"])
copy = layers.deserialize(serialized)
print("deserialize", type(copy).__name__, copy.name, copy.get_config()["head_dim"], copy.built)

inputs = keras.Input((4, 6))
x = GQA(2, 4, 2, use_gate=True)(inputs, inputs)
outputs = layers.Dense(1)(layers.Flatten()(x))
model = keras.Model(inputs, outputs)
fixed_weights(model)
model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
y = tf.reshape(tf.reduce_mean(q, axis=[1, 2]), (2, 1))
history = model.fit(q, y, epochs=3, verbose=0)
print("fit losses", rounded(history.history["loss"]))
path = os.path.join(tempfile.mkdtemp(), "gqa.keras")
model.save(path)
loaded = keras.models.load_model(path)
print("loaded", [type(layer).__name__ for layer in loaded.layers], rounded(loaded(q)), rounded(model(q)))

show_error("heads not divisible", lambda: GQA(2, 5, 2))
show_error("bad sliding_window", lambda: GQA(2, 4, 2, sliding_window=0))
show_error("missing num_key_value_heads", lambda: GQA(2, 4))
