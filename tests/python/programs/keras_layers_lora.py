"""LoRA of keras.layers.Dense, EinsumDense and Embedding: lora_rank in the constructor and
enable_lora on a built layer, the weights (order, paths, which train), the outputs with nonzero
adapters, configs, a model fitted (the kernel stays), saved to .keras and loaded (the merged kernel,
adapters zeroed), and enable_lora's errors."""
import os
import tempfile

import numpy as np

from harness import show_error_message, tf
from keras_harness import fixed_weights, rounded

keras = tf.keras
layers = keras.layers
x = tf.constant(np.sin(np.arange(15, dtype=np.float32)).reshape(3, 5))
x3 = tf.constant(np.cos(np.arange(30, dtype=np.float32)).reshape(2, 3, 5))
ids = tf.constant([[0, 3, 1], [2, 2, 4]])


def describe(label, layer, inputs):
    layer(inputs)
    fixed_weights(layer)
    config = layer.get_config()
    print(label, layer.lora_enabled, config.get("lora_rank"), config.get("lora_alpha"), rounded(layer(inputs)))
    print("  weights", [(w.path.split("/", 1)[1], tuple(w.shape), w.dtype) for w in layer.weights])
    print("  trainable", [w.path.split("/", 1)[1] for w in layer.trainable_weights],
          "non-trainable", [w.path.split("/", 1)[1] for w in layer.non_trainable_weights])


describe("dense", layers.Dense(4, lora_rank=2, lora_alpha=6), x)
describe("einsum", layers.EinsumDense("abc,cde->abde", (None, 2, 3), bias_axes="e", lora_rank=2, lora_alpha=6), x3)
describe("embedding", layers.Embedding(5, 3, lora_rank=1), ids)
late = layers.Dense(3)
late(x)
print("before", late.lora_enabled, "lora_rank" in late.get_config())
late.enable_lora(2, lora_alpha=3, a_initializer="ones", b_initializer=keras.initializers.Constant(0.5))
print("enabled", [rounded(w) for w in late.get_weights()[2:]], late.get_config()["lora_alpha"])
describe("late", late, x)

model = keras.Sequential([keras.Input((5,)), layers.Dense(3, lora_rank=2), layers.Dense(1)])
fixed_weights(model)
kernel = model.layers[0].get_weights()[0]
model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
history = model.fit(x, tf.constant([[0.5], [-0.2], [0.1]]), epochs=2, verbose=0)
print("fit losses", rounded(history.history["loss"]), "kernel kept", bool(np.array_equal(kernel, model.layers[0].get_weights()[0])))
path = os.path.join(tempfile.mkdtemp(), "lora.keras")
model.save(path)
loaded = keras.models.load_model(path)
print("loaded", rounded(loaded(x)), rounded(model(x)), [rounded(w) for w in loaded.layers[0].get_weights()[2:]])

show_error_message("unbuilt", lambda: layers.Dense(3).enable_lora(2))
show_error_message("twice", lambda: late.enable_lora(2))
constrained = layers.Dense(3, kernel_constraint="non_neg")
constrained(x)
show_error_message("constraint", lambda: constrained.enable_lora(2), width=45)
