"""keras.layers.Rescaling: a scalar or per-channel scale and offset (lists broadcast against the
last axis, as Keras' ops do), integer inputs cast to the layer's dtype, the config as given, and
the per-channel layer through a saved and loaded .keras model."""
import os
import tempfile

import numpy as np

from harness import show_error, tf

keras = tf.keras
x = np.arange(12, dtype=np.float32).reshape(2, 2, 3)

per_channel = keras.layers.Rescaling(scale=[1.0, 0.5, 0.25], offset=[0.0, 1.0, -1.0])
print("per channel", np.asarray(per_channel(x)).tolist())
config = per_channel.get_config()
print("config", config["name"], config["scale"], config["offset"])
print("from config", np.asarray(keras.layers.Rescaling.from_config(per_channel.get_config())(x)).tolist())
mixed = keras.layers.Rescaling(scale=[2.0, 3.0, 4.0], offset=0.5)
print("list scale, scalar offset", np.asarray(mixed(x)).tolist(), mixed.get_config()["offset"])
scalar = keras.layers.Rescaling(1.0 / 255, offset=-1.0)
print("scalar on uint8", np.round(np.asarray(scalar(np.array([[0, 255, 128]], np.uint8))), 5).tolist())
shift = keras.layers.Rescaling(scale=2.0, offset=[1.0, 2.0, 3.0])
print("scalar scale, list offset", np.asarray(shift(x[0])).tolist())

model = keras.Sequential([keras.Input((2, 3)), keras.layers.Rescaling([1.0, -1.0, 2.0], offset=[0.5, 0.5, 0.5])])
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "rescaling.keras")
    model.save(path)
    loaded = keras.models.load_model(path)
print("loaded", np.asarray(loaded(x)).tolist(), loaded.layers[0].get_config()["scale"])
show_error("wrong channel count", lambda: keras.layers.Rescaling([1.0, 2.0])(x))
