"""keras.layers.UnitNormalization and RMSNormalization: outputs, weights, configs (the axis as given,
and RMSNormalization's sorted list once built), serialize / deserialize, a model with both saved to
.keras and loaded, fit through them, and the errors of bad axes."""
import os
import tempfile

import numpy as np

from harness import show_error, tf
from keras_harness import fixed_weights, rounded

keras = tf.keras
layers = keras.layers
x = tf.constant(np.cos(np.arange(24, dtype=np.float32)).reshape(2, 3, 4) * 2.0)


def describe(label, layer, out):
    config = {k: v for k, v in sorted(layer.get_config().items()) if k != "dtype"}
    print(label, out.dtype.name, tuple(out.shape), rounded(out), config,
          [(w.path, tuple(w.shape)) for w in layer.weights])


unit = layers.UnitNormalization()
describe("unit", unit, unit(x))
print("unit norms", rounded(tf.reduce_sum(tf.square(unit(x)), axis=-1)), "supports masking", unit.supports_masking)
describe("unit axes", layers.UnitNormalization(axis=[1, 2]), layers.UnitNormalization(axis=[1, 2])(x))
describe("unit axis tuple", layers.UnitNormalization(axis=(1,)), layers.UnitNormalization(axis=(1,))(x))
describe("unit of zeros", layers.UnitNormalization(), layers.UnitNormalization()(tf.zeros((2, 3))))

rms = layers.RMSNormalization(name="rms")
print("rms config before build", rms.get_config()["axis"], rms.get_config()["epsilon"])
describe("rms", rms, rms(x))
rms.set_weights([np.array([1.0, 2.0, 0.5, -1.0], np.float32)])
print("rms with scale", rounded(rms(x)))
rms_axes = layers.RMSNormalization(axis=[-1, -2], epsilon=0.1)
describe("rms axes", rms_axes, rms_axes(x))
rms64 = layers.RMSNormalization(dtype="float64")
describe("rms float64", rms64, rms64(tf.cast(x, tf.float64)))

serialized = layers.serialize(rms_axes)
print("serialize", serialized["module"], serialized["class_name"], serialized["registered_name"],
      serialized["config"]["axis"], sorted(serialized.get("build_config", {})))
copy = layers.deserialize(serialized)
print("deserialize", type(copy).__name__, copy.get_config()["axis"], copy.get_config()["epsilon"], copy.built)
print("from_config", layers.UnitNormalization.from_config(unit.get_config()).get_config()["axis"])

inputs = keras.Input((3, 4))
hidden = layers.RMSNormalization()(layers.Dense(4)(inputs))
outputs = layers.Dense(1)(layers.Flatten()(layers.UnitNormalization(axis=[1, 2])(hidden)))
model = keras.Model(inputs, outputs)
fixed_weights(model)
model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
y = tf.reshape(tf.reduce_mean(x, axis=[1, 2]), (2, 1))
history = model.fit(x, y, epochs=3, verbose=0)
print("fit losses", rounded(history.history["loss"]))
path = os.path.join(tempfile.mkdtemp(), "norms.keras")
model.save(path)
loaded = keras.models.load_model(path)
print("loaded", [type(layer).__name__ for layer in loaded.layers], rounded(loaded(x)), rounded(model(x)))

show_error("UnitNormalization axis out of bounds (symbolic)", lambda: layers.UnitNormalization(axis=4)(keras.Input((3,))))
