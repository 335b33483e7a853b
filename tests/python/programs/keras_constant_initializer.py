"""keras.initializers.Constant of numbers and arrays, as the imbalanced-data tutorial sets an
output bias (Constant(np.log([pos / neg]))): value * ones(shape), so one value fills the bias and
a matrix is a kernel; configs hold NumPy arrays and tensors as Keras 3 serializes them, layers
write them into their configs and .keras files, and from_config / load_model read them back."""
import json
import os
import tempfile

import numpy as np

from harness import show_error, tf

keras = tf.keras
I = keras.initializers

initial_bias = np.log([40 / 216])
for value in (initial_bias, np.float32(2), np.array(2.0), np.array([1, 2], dtype="int32"), [1.5, 2], 3,
              tf.constant([1.0, 2.0])):
    init = I.Constant(value)
    config = init.get_config()
    print(config, I.Constant.from_config(config)((2,)).numpy().tolist())

print(I.Constant([[1.0, 2.0], [3.0, 4.0]])((2, 2)).numpy().tolist())
print(I.Constant(initial_bias)((3,), dtype="float64").numpy().round(6).tolist())
show_error("Constant of 2 values for a shape of 3", lambda: I.Constant([1.0, 2.0])((3,)))

model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(16, activation="relu"),
                          keras.layers.Dense(1, activation="sigmoid", bias_initializer=I.Constant(initial_bias))])
print(model.layers[-1].bias.numpy().round(4).tolist())
print(json.dumps(model.layers[-1].get_config()["bias_initializer"], sort_keys=True))  # layer configs' key order differs
kernel = keras.layers.Dense(2, kernel_initializer=I.Constant(np.array([[1.0, -1.0], [0.5, 2.0]])))
kernel.build((None, 2))
print(kernel.kernel.numpy().tolist())
copy = keras.layers.Dense.from_config(kernel.get_config())
copy.build((None, 2))
print("from_config", copy.kernel.numpy().tolist())

with tempfile.TemporaryDirectory() as directory:
    path = os.path.join(directory, "biased.keras")
    model.save(path)
    loaded = keras.models.load_model(path)
    print("loaded", json.dumps(loaded.layers[-1].get_config()["bias_initializer"]["config"], sort_keys=True))
    print(np.allclose(loaded.layers[-1].bias.numpy(), model.layers[-1].bias.numpy()))
