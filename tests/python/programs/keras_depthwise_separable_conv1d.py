"""keras.layers.DepthwiseConv1D and SeparableConv1D (and the SeparableConvolution1D alias): outputs
with fixed weights, weight paths and shapes, configs, image_data_format's default, a model saved to
.keras and loaded, and the errors of bad arguments."""
import os
import tempfile

import numpy as np

from harness import show_error, tf
from keras_harness import fixed_weights, rounded

keras = tf.keras
layers = keras.layers
x = tf.constant(np.sin(np.arange(48, dtype=np.float32)).reshape(2, 8, 3))

CONFIG_KEYS = ("kernel_size", "strides", "padding", "data_format", "dilation_rate", "depth_multiplier", "filters",
               "activation", "use_bias")


def describe(label, layer, inputs):
    layer.build(inputs.shape)
    fixed_weights(layer)
    out = layer(inputs)
    config = layer.get_config()
    print(label, tuple(out.shape), rounded(out), {k: config[k] for k in CONFIG_KEYS if k in config},
          [(w.path, tuple(w.shape)) for w in layer.weights])


describe("depthwise", layers.DepthwiseConv1D(3), x)
describe("depthwise same", layers.DepthwiseConv1D(2, strides=2, padding="same", depth_multiplier=2), x)
describe("depthwise dilated", layers.DepthwiseConv1D(3, dilation_rate=2, use_bias=False, activation="relu"), x)
describe("separable", layers.SeparableConv1D(4, 3), x)
describe("separable same", layers.SeparableConv1D(2, 3, strides=2, padding="same", depth_multiplier=2), x)
describe("separable channels_first", layers.SeparableConv1D(2, 2, data_format="channels_first"),
         tf.transpose(x, (0, 2, 1)))
print("alias", layers.SeparableConvolution1D is layers.SeparableConv1D)
keras.config.set_image_data_format("channels_first")
print("default data_format", layers.DepthwiseConv1D(2).get_config()["data_format"])
keras.config.set_image_data_format("channels_last")

model = keras.Sequential([keras.Input((8, 3)), layers.SeparableConv1D(4, 3, activation="tanh"),
                          layers.DepthwiseConv1D(2, depth_multiplier=2), layers.GlobalAveragePooling1D(),
                          layers.Dense(1)])
fixed_weights(model)
model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
history = model.fit(x, np.array([[0.5], [-0.5]], np.float32), epochs=3, verbose=0)
print("fit losses", rounded(history.history["loss"]))
path = os.path.join(tempfile.mkdtemp(), "conv1d.keras")
model.save(path)
loaded = keras.models.load_model(path)
print("loaded", [type(layer).__name__ for layer in loaded.layers], rounded(loaded(x)), rounded(model(x)))

show_error("DepthwiseConv1D padding causal", lambda: layers.DepthwiseConv1D(3, padding="causal"))
show_error("SeparableConv1D without kernel_size", lambda: layers.SeparableConv1D(4))
show_error("DepthwiseConv1D on images", lambda: layers.DepthwiseConv1D(2)(keras.Input((4, 4, 2))))
