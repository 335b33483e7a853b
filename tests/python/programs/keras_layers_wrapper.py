"""keras.layers.Wrapper subclassed in Python: the wrapped layer built with the wrapper, its weights
under the wrapper, get_config with the serialized layer, from_config, a model fitted, saved to
.keras and loaded with custom_objects, and the error of wrapping something that is not a layer."""
import os
import tempfile

import numpy as np

from harness import show_error_message, tf
from keras_harness import fixed_weights, rounded

keras = tf.keras
layers = keras.layers
x = tf.constant(np.sin(np.arange(12, dtype=np.float32)).reshape(3, 4))


class Scaled(layers.Wrapper):
    def __init__(self, layer, scale=2.0, **kwargs):
        super().__init__(layer, **kwargs)
        self.scale = scale

    def call(self, inputs):
        return self.layer(inputs) * self.scale

    def get_config(self):
        return {**super().get_config(), "scale": self.scale}


wrapped = Scaled(layers.Dense(2, name="inner"), scale=0.5, name="scaled")
print("isinstance", isinstance(wrapped, layers.Wrapper), isinstance(wrapped, layers.Layer), wrapped.layer.name)
y = wrapped(x)
fixed_weights(wrapped)
print("output", rounded(wrapped(x)), "built", wrapped.built, wrapped.layer.built)
print("weights", [(w.path, tuple(w.shape)) for w in wrapped.weights])
config = wrapped.get_config()
print("config", sorted(config), config["scale"], config["layer"]["class_name"], config["layer"]["config"]["units"])
copy = Scaled.from_config(config)
print("from_config", type(copy).__name__, copy.name, type(copy.layer).__name__, copy.layer.name, copy.scale)

inputs = keras.Input((4,))
outputs = Scaled(layers.Dense(1), scale=3.0)(inputs)
model = keras.Model(inputs, outputs)
fixed_weights(model)
model.compile(optimizer=keras.optimizers.SGD(0.01), loss="mse")
history = model.fit(x, tf.constant([[1.0], [0.0], [-1.0]]), epochs=3, verbose=0)
print("fit losses", rounded(history.history["loss"]))
path = os.path.join(tempfile.mkdtemp(), "wrapper.keras")
model.save(path)
loaded = keras.models.load_model(path, custom_objects={"Scaled": Scaled})
print("loaded", [type(layer).__name__ for layer in loaded.layers], rounded(loaded(x)), rounded(model(x)))

show_error_message("not a layer", lambda: Scaled("dense"))
