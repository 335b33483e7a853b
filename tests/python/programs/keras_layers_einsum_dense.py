"""keras.layers.EinsumDense: outputs of the common equations (with and without ellipses and bias),
weight paths and shapes, configs, symbolic output shapes, serialize / deserialize, a model fitted,
saved to .keras and loaded, and the errors of bad equations and shapes."""
import os
import tempfile

import numpy as np

from harness import show_error, tf
from keras_harness import fixed_weights, rounded

keras = tf.keras
layers = keras.layers
x2 = tf.constant(np.sin(np.arange(15, dtype=np.float32)).reshape(3, 5))
x3 = tf.constant(np.cos(np.arange(30, dtype=np.float32)).reshape(2, 3, 5))
x4 = tf.constant(np.sin(np.arange(60, dtype=np.float32) * 0.3).reshape(2, 2, 3, 5))


def describe(label, layer, x):
    out = layer(x)
    fixed_weights(layer)
    out = layer(x)
    config = layer.get_config()
    config = [(k, config[k]) for k in ("equation", "output_shape", "bias_axes", "activation", "quantization_config")] + [
        (k, config[k]["class_name"]) for k in ("kernel_initializer", "bias_initializer")]
    print(label, out.dtype.name, tuple(out.shape), rounded(out))
    print("  config", config)
    print("  weights", [(w.path.split("/", 1)[1], tuple(w.shape)) for w in layer.weights])


describe("matrix", layers.EinsumDense("ab,bc->ac", output_shape=4, bias_axes="c"), x2)
describe("sequence", layers.EinsumDense("abc,cd->abd", output_shape=(None, 4), bias_axes="d", activation="tanh"), x3)
describe("heads", layers.EinsumDense("abc,cde->abde", output_shape=(None, 2, 3), bias_axes="de"), x3)
describe("bias on b", layers.EinsumDense("abc,cde->abde", (3, 2, 2), bias_axes="b"), x3)
describe("ellipsis", layers.EinsumDense("...b,bc->...c", output_shape=3, bias_axes="c", activation="relu"), x4)
describe("ellipsis rank 2", layers.EinsumDense("...b,bc->...c", output_shape=3), x2)
describe("right elided", layers.EinsumDense("ab...,bc->ac...", output_shape=2, bias_axes="c"), x3)

# Keras' symbolic shape keeps output_shape's None entries (None, None, 7); tfpp's has the input's 5 there.
symbolic = layers.EinsumDense("abc,cd->abd", output_shape=(5, 7), bias_axes="d")(keras.Input((5, 3)))
print("symbolic", tuple(symbolic.shape))
layer = layers.EinsumDense("abc,cde->abde", output_shape=(None, 2, 3), bias_axes="e", name="proj")
serialized = layers.serialize(layer)
print("serialize", serialized["class_name"], serialized["config"]["equation"], tuple(serialized["config"]["output_shape"]),
      serialized["config"]["bias_axes"], serialized["config"]["kernel_initializer"]["class_name"])
copy = layers.deserialize(serialized)
print("deserialize", type(copy).__name__, copy.name, copy.get_config()["output_shape"], copy.built)
print("from_config", layers.EinsumDense.from_config(layer.get_config()).get_config()["equation"])

inputs = keras.Input((3, 5))
hidden = layers.EinsumDense("abc,cde->abde", (None, 2, 4), bias_axes="de", activation="relu")(inputs)
hidden = layers.Reshape((3, 8))(hidden)
outputs = layers.EinsumDense("...b,bc->...c", 1, bias_axes="c")(layers.Flatten()(hidden))
model = keras.Model(inputs, outputs)
fixed_weights(model)
model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
y = tf.reshape(tf.reduce_mean(x3, axis=[1, 2]), (2, 1))
history = model.fit(x3, y, epochs=3, verbose=0)
print("fit losses", rounded(history.history["loss"]))
path = os.path.join(tempfile.mkdtemp(), "einsum.keras")
model.save(path)
loaded = keras.models.load_model(path)
print("loaded", [type(layer).__name__ for layer in loaded.layers], rounded(loaded(x3)), rounded(model(x3)))

show_error("bad equation", lambda: layers.EinsumDense("ab,bc", 4)(x2))
show_error("shared dimension", lambda: layers.EinsumDense("abc,cd->abd", (4, 6))(x3))
show_error("bias axis", lambda: layers.EinsumDense("ab,bc->ac", 4, bias_axes="x")(x2))
show_error("weight dimension", lambda: layers.EinsumDense("ab,bcd->ac", 4)(x2))
show_error("symbolic bad equation", lambda: layers.EinsumDense("ab,bc", 4)(keras.Input((3,))))
show_error("missing output_shape", lambda: layers.EinsumDense("ab,bc->ac"))
