"""keras.layers.AdaptiveAveragePooling1D/2D/3D and AdaptiveMaxPooling1D/2D/3D: outputs for bins that
divide, overlap and repeat, both data formats, configs, symbolic shapes, serialize / deserialize,
a model fitted, saved to .keras and loaded, and the errors of bad arguments and inputs."""
import os
import tempfile

import numpy as np

from harness import show_error, tf
from keras_harness import fixed_weights, rounded

keras = tf.keras
layers = keras.layers
seq = tf.constant(np.sin(np.arange(42, dtype=np.float32) * 0.7).reshape(2, 7, 3))
img = tf.constant(np.cos(np.arange(120, dtype=np.float32) * 0.3).reshape(2, 5, 6, 2))
vol = tf.constant(np.sin(np.arange(120, dtype=np.float32) * 0.45).reshape(1, 4, 5, 3, 2))


def describe(label, layer, x):
    out = layer(x)
    config = {k: v for k, v in sorted(layer.get_config().items()) if k not in ("dtype", "name")}
    print(label, layer.name, out.dtype.name, tuple(out.shape), rounded(out, 3), config)


describe("avg1", layers.AdaptiveAveragePooling1D(3), seq)
describe("max1", layers.AdaptiveMaxPooling1D([3]), seq)
describe("avg1 up", layers.AdaptiveAveragePooling1D(9), seq)
describe("max1 first", layers.AdaptiveMaxPooling1D(2, data_format="channels_first"), seq)
describe("avg2", layers.AdaptiveAveragePooling2D((3, 4)), img)
describe("max2", layers.AdaptiveMaxPooling2D(2), img)
describe("avg2 first", layers.AdaptiveAveragePooling2D(2, data_format="channels_first"), img)
describe("max2 up", layers.AdaptiveMaxPooling2D((7, 8)), img)
describe("avg3", layers.AdaptiveAveragePooling3D((2, 3, 2)), vol)
describe("max3", layers.AdaptiveMaxPooling3D(2), vol)
describe("max3 first", layers.AdaptiveMaxPooling3D((1, 2, 2), data_format="channels_first"), vol)

print("symbolic", tuple(layers.AdaptiveAveragePooling2D(3)(keras.Input((9, 7, 4))).shape),
      tuple(layers.AdaptiveMaxPooling1D(2, data_format="channels_first")(keras.Input((4, 9))).shape))
pool = layers.AdaptiveMaxPooling3D((1, 2, 3), name="amp")
serialized = layers.serialize(pool)
print("serialize", serialized["class_name"], tuple(serialized["config"]["output_size"]), serialized["config"]["data_format"])
copy = layers.deserialize(serialized)
print("deserialize", type(copy).__name__, copy.name, copy.get_config()["output_size"])
print("from_config", layers.AdaptiveAveragePooling1D.from_config(layers.AdaptiveAveragePooling1D(4).get_config()).get_config()["output_size"])

inputs = keras.Input((5, 6, 2))
x = layers.Conv2D(3, 2)(inputs)
x = layers.AdaptiveMaxPooling2D((3, 2))(x)
x = layers.AdaptiveAveragePooling2D(2, data_format="channels_first")(x)
outputs = layers.Dense(1)(layers.Flatten()(x))
model = keras.Model(inputs, outputs)
fixed_weights(model)
model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
y = tf.reshape(tf.reduce_mean(img, axis=[1, 2, 3]), (2, 1))
history = model.fit(img, y, epochs=3, verbose=0)
print("fit losses", rounded(history.history["loss"]))
path = os.path.join(tempfile.mkdtemp(), "adaptive.keras")
model.save(path)
loaded = keras.models.load_model(path)
print("loaded", [type(layer).__name__ for layer in loaded.layers], rounded(loaded(img)), rounded(model(img)))

show_error("bad data_format", lambda: layers.AdaptiveMaxPooling2D(2, data_format="channels_middle"))
show_error("missing output_size", lambda: layers.AdaptiveAveragePooling2D())
