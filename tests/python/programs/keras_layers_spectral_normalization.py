"""keras.layers.SpectralNormalization: training calls that normalize the wrapped kernel and update
vector_u, inference calls that leave them, Dense and Conv2D wrapped, power_iterations, configs,
serialize / deserialize, a model fitted, saved to .keras and loaded, and the errors of bad
arguments. Weights are set by name: Keras lists them [kernel, vector_u, bias], tfpp vector_u first."""
import os
import tempfile

import numpy as np

from harness import show_error, tf
from keras_harness import rounded

keras = tf.keras
layers = keras.layers
x = tf.constant(np.sin(np.arange(8, dtype=np.float32)).reshape(2, 4))
img = tf.constant(np.cos(np.arange(48, dtype=np.float32) * 0.3).reshape(1, 4, 4, 3))


def set_by_name(layer):
    for w in layer.weights:
        seed = {"kernel": 1.0, "bias": 2.0, "vector_u": 3.0}[w.path.split("/")[-1]]
        n = int(np.prod(w.shape))
        w.assign((np.sin(np.arange(n) * 0.37 + seed) * 0.5).reshape(w.shape).astype(np.float32))


def by_name(layer):
    return sorted((w.path.split("/", 1)[1], rounded(w, 4)) for w in layer.weights)


def describe(label, layer, inputs):
    layer(inputs)
    set_by_name(layer)
    print(label, "inference", rounded(layer(inputs), 4), by_name(layer))
    print(label, "training", rounded(layer(inputs, training=True), 4), by_name(layer))
    print(label, "config", layer.get_config()["power_iterations"], layer.get_config()["layer"]["class_name"])


describe("dense", layers.SpectralNormalization(layers.Dense(3)), x)
describe("conv", layers.SpectralNormalization(layers.Conv2D(2, 2), power_iterations=3), img)

sn = layers.SpectralNormalization(layers.Dense(2), name="sn")
serialized = layers.serialize(sn)
print("serialize", serialized["class_name"], serialized["config"]["layer"]["class_name"], serialized["config"]["power_iterations"])
copy = layers.deserialize(serialized)
print("deserialize", type(copy).__name__, copy.name, copy.built)

inputs = keras.Input((4,))
outputs = layers.Dense(1)(layers.SpectralNormalization(layers.Dense(3))(inputs))
model = keras.Model(inputs, outputs)
for layer in model.layers:
    if layer.weights:
        set_by_name(layer)
model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
history = model.fit(x, tf.constant([[1.0], [-1.0]]), epochs=3, verbose=0)
print("fit losses", rounded(history.history["loss"]))
path = os.path.join(tempfile.mkdtemp(), "spectral.keras")
model.save(path)
loaded = keras.models.load_model(path)
print("loaded", [type(layer).__name__ for layer in loaded.layers], rounded(loaded(x)), rounded(model(x)))

show_error("power_iterations 0", lambda: layers.SpectralNormalization(layers.Dense(2), power_iterations=0))
show_error("no kernel", lambda: layers.SpectralNormalization(layers.ReLU())(x))
