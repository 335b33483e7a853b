"""KerasTensor arithmetic and keras.ops in a functional model make Keras 3's operation nodes: named
after their class (multiply, add_1, true_divide, get_item), listed by summary() and model.operations
but not model.layers, written into the config as Keras writes them (constants, slices and arrays in
the node's args; axis, keepdims, newshape in the op's config), trained by fit, and saved and loaded
as .keras with the same predictions; summary(print_fn=f) calls f once with the whole table."""
import json
import os
import tempfile

import numpy as np

from harness import tf

keras = tf.keras

x = keras.Input((4,), name="x")
y = keras.Input((4,), name="y")
scaled = -(x * 2 + y) / 255.0
first = scaled[:, 0]
projected = scaled @ np.ones((4, 3), np.float32)
pooled = keras.ops.mean(keras.ops.reshape(keras.ops.add(projected, 1.0), (-1, 3, 1)), axis=2)
positive = pooled > 0.5
out = keras.layers.Dense(2, kernel_initializer="ones", bias_initializer="zeros")(pooled)
model = keras.Model([x, y], [out, first, positive])
print("kinds", type(scaled).__name__, tuple(first.shape), positive.dtype)

lines = []
model.summary(print_fn=lambda *args, **kwargs: lines.append((args, sorted(kwargs))))
print("print_fn calls", len(lines), "keyword arguments", lines[0][1], "ends with newline", lines[0][0][0].endswith("\n"))
print(lines[0][0][0], end="")
print("layers", [layer.name for layer in model.layers])
print("operations", [op.name for op in model.operations])

config = model.get_config()
for entry in config["layers"]:
    if entry["module"].startswith("keras.src.ops"):
        print(json.dumps({k: entry[k] for k in ("module", "class_name", "config", "registered_name", "inbound_nodes")},
                         sort_keys=True))
print("outputs", config["output_layers"])

xv = np.array([[1.0, 2.0, 3.0, 4.0], [-5.0, 6.0, 0.5, 0.0]], np.float32)
yv = np.array([[0.5, -1.0, 2.0, 1.0], [1.0, 1.0, 1.0, 1.0]], np.float32)
predictions = model.predict([xv, yv], verbose=0)
print("predict", [np.round(np.asarray(p, np.float64), 5).tolist() for p in predictions])

trainable = keras.Model([x, y], out)
trainable.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
history = trainable.fit([xv, yv], np.array([[1.0, 0.0], [0.0, 1.0]], np.float32), epochs=3, verbose=0)
print("losses", np.round(history.history["loss"], 5).tolist())

with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "ops.keras")
    model.save(path)
    loaded = keras.models.load_model(path)
print("loaded layers", [layer.name for layer in loaded.layers])
print("loaded operations", [op.name for op in loaded.operations])
print("loaded predict", [np.round(np.asarray(p, np.float64), 5).tolist() for p in loaded.predict([xv, yv], verbose=0)])
print("same config", json.dumps(loaded.get_config(), sort_keys=True) == json.dumps(config, sort_keys=True))

# Tensors given by keyword, out of the signature's order, reach the op where they belong.
a = keras.Input((3,), name="a")
b = keras.Input((3,), name="b")
picked = keras.ops.where(a > b, x2=b * 10.0, x1=a)
pick = keras.Model([a, b], picked)
print("where by keyword", [op.name for op in pick.operations],
      np.asarray(pick([np.array([[1.0, 0.0, 5.0]], np.float32), np.array([[0.0, 1.0, 2.0]], np.float32)])).tolist())
