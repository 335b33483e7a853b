"""tf.keras: compile's weighted_metrics (weighted by the sample weights given to fit, evaluate,
train_on_batch and test_on_batch, while `metrics` ignore them; Keras 3's log names when a name is
taken twice; a custom train_step's compute_metrics) and Functional models with dicts of inputs
and outputs (called with dicts, predict / fit / evaluate on dicts of NumPy arrays and on tf.data
datasets of (dict, dict), losses, loss weights and metrics by output key; their configs and
.keras files, whose input_layers / output_layers are dicts by key)."""
import os
import tempfile

import numpy as np

from harness import show_error, tf
from keras_harness import deterministic_weights, rounded

keras = tf.keras
layers = tf.keras.layers


def rounded_logs(logs):
    """A logs dict (or History.history) with its values rounded, keys in Keras' order."""
    return {k: rounded(v) for k, v in logs.items()}


rng = np.random.RandomState(3)
x = rng.rand(8, 3).astype(np.float32)
y = (x @ np.array([[1.0], [-2.0], [0.5]], np.float32)).astype(np.float32)
labels = (x[:, :1] > 0.5).astype(np.float32)
sw = np.array([1.0, 0.0, 2.0, 0.5, 1.0, 3.0, 0.0, 1.5], np.float32)


def regression_model():
    inputs = keras.Input((3,))
    model = keras.Model(inputs, layers.Dense(1)(layers.Dense(4, activation="tanh")(inputs)))
    deterministic_weights(model)
    return model


# ---- weighted_metrics ----------------------------------------------------------------------------
model = regression_model()
model.compile("sgd", "mse", metrics=["mae"], weighted_metrics=["mae", "mse"])
print(model.metrics_names)
print("evaluate, weighted:", rounded_logs(model.evaluate(x, y, sample_weight=sw, verbose=0, return_dict=True)))
print("evaluate, unweighted:", rounded_logs(model.evaluate(x, y, verbose=0, return_dict=True)))
print("evaluate as a list:", rounded(model.evaluate(x, y, sample_weight=sw, verbose=0)))
history = model.fit(x, y, sample_weight=sw, epochs=2, batch_size=4, shuffle=False, verbose=0)
print("fit:", rounded_logs(history.history))
print("train_on_batch:", rounded_logs(model.train_on_batch(x, y, sample_weight=sw, return_dict=True)))
print("test_on_batch:", rounded_logs(model.test_on_batch(x, y, sample_weight=sw, return_dict=True)))
print("test_on_batch as a list:", rounded(model.test_on_batch(x, y, sample_weight=sw)))
config = model.get_compile_config()
print({k: config[k] for k in ("loss", "metrics", "weighted_metrics")})

model = regression_model()
model.compile("sgd", "mse", weighted_metrics=[keras.metrics.MeanAbsoluteError(name="wmae"), "mse"],
              metrics=["mse", "mse"])
print("objects and repeats:", rounded_logs(model.evaluate(x, y, sample_weight=sw, verbose=0, return_dict=True)))
print("as a list:", rounded(model.evaluate(x, y, sample_weight=sw, verbose=0)))

model = regression_model()
model.compile("sgd", "binary_crossentropy", weighted_metrics=["accuracy"])
dataset = tf.data.Dataset.from_tensor_slices((x, labels, sw)).batch(4)
print("dataset with weights:", rounded_logs(model.evaluate(dataset, verbose=0, return_dict=True)))
print("fit on it:", rounded_logs(model.fit(dataset, epochs=2, verbose=0).history))

show_error("weighted_metrics as a string", lambda: regression_model().compile("sgd", "mse", weighted_metrics="mae"))


class CustomStep(keras.Model):
    """A train_step of its own, updating the metrics through compute_metrics (Keras' compute_loss
    leaves the loss tracker alone, so "loss" stays 0)."""

    def __init__(self):
        super().__init__()
        self.hidden = layers.Dense(4, activation="tanh")
        self.out = layers.Dense(1)

    def call(self, inputs):
        return self.out(self.hidden(inputs))

    def train_step(self, data):
        x, y, sample_weight = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x=x, y=y, y_pred=y_pred, sample_weight=sample_weight)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)


custom = CustomStep()
custom(x[:1])
deterministic_weights(custom)
custom.compile("sgd", "mse", metrics=["mae"], weighted_metrics=["mae"])
print("custom train_step:", rounded_logs(custom.fit(x, y, sample_weight=sw, epochs=2, batch_size=4, shuffle=False,
                                                    verbose=0).history))

# ---- Dicts of inputs and outputs ------------------------------------------------------------------
inputs = {"b": keras.Input((2,), name="b"), "a": keras.Input((3,), name="a")}
hidden = layers.Dense(4, activation="tanh", name="hidden")(layers.Concatenate()([inputs["a"], inputs["b"]]))
outputs = {"value": layers.Dense(1, name="d_value")(hidden), "klass": layers.Dense(2, activation="softmax",
                                                                                     name="d_klass")(hidden)}
model = keras.Model(inputs, outputs)
deterministic_weights(model)
print(len(model.inputs), sorted(model.input), sorted(model.output))
xa, xb = x, rng.rand(8, 2).astype(np.float32)
xs = {"a": xa, "b": xb}
called = model({"a": tf.constant(xa), "b": tf.constant(xb)})
print("called:", sorted(called), rounded(called["value"]))
predicted = model.predict(xs, verbose=0)
print("predict:", type(predicted).__name__, sorted(predicted), rounded(predicted["klass"]))
ys = {"value": y, "klass": (x[:, 0] > 0.5).astype(np.int32)}
model.compile("sgd", loss={"value": "mse", "klass": "sparse_categorical_crossentropy"},
              loss_weights={"value": 1.0, "klass": 0.5},
              metrics={"klass": ["accuracy"]}, weighted_metrics={"value": ["mae"]})
print("evaluate:", rounded_logs(model.evaluate(xs, ys, verbose=0, return_dict=True)))
print("evaluate as a list:", rounded(model.evaluate(xs, ys, sample_weight=sw, verbose=0)))
print("fit:", rounded_logs(model.fit(xs, ys, epochs=2, batch_size=4, shuffle=False, verbose=0).history))
print("train_on_batch:", rounded_logs(model.train_on_batch(xs, ys, return_dict=True)))
dataset = tf.data.Dataset.from_tensor_slices((xs, ys)).batch(4)
print("fit on a dataset:", rounded_logs(model.fit(dataset, epochs=2, verbose=0).history))
print("evaluate a dataset:", rounded_logs(model.evaluate(dataset, verbose=0, return_dict=True)))
predicted = model.predict(dataset, verbose=0)
print("predict a dataset:", sorted(predicted), rounded(predicted["value"]))

model.compile("sgd", loss=["sparse_categorical_crossentropy", "mse"], metrics=[["accuracy"], ["mae"]])
print("losses as a list:", rounded_logs(model.evaluate(xs, ys, verbose=0, return_dict=True)))
show_error("a missing input", lambda: model.predict({"a": xa}, verbose=0))

# A dict given to a model of a list of inputs goes by the inputs' names.
first, second = keras.Input((3,), name="first"), keras.Input((2,), name="second")
listed = keras.Model([first, second], layers.Dense(1, name="sum")(layers.Concatenate()([first, second])))
deterministic_weights(listed)
print("by input names:", rounded(listed.predict({"second": xb, "first": xa}, verbose=0)),
      rounded(listed({"second": tf.constant(xb), "first": tf.constant(xa)})))

# ---- A dict model's config and .keras file: input_layers / output_layers by key ----------------
keyed = keras.Model({"right": inputs["b"], "left": inputs["a"]}, outputs)
deterministic_weights(keyed)
config = keyed.get_config()
print("input_layers:", sorted(config["input_layers"].items()), "output_layers:", sorted(config["output_layers"].items()))
rebuilt = keras.Model.from_config(config)
print("from_config:", type(rebuilt.input).__name__, sorted(rebuilt.input), type(rebuilt.output).__name__,
      sorted(rebuilt.output))
rebuilt.set_weights(keyed.get_weights())
by_side = {"left": xa, "right": xb}
print("rebuilt predict:", sorted(rebuilt.predict(by_side, verbose=0)), rounded(rebuilt.predict(by_side, verbose=0)["value"]))
keyed.compile("sgd", loss={"value": "mse", "klass": "sparse_categorical_crossentropy"})
with tempfile.TemporaryDirectory() as directory:
    path = os.path.join(directory, "dicts.keras")
    keyed.save(path)
    loaded = keras.models.load_model(path)
    print("loaded:", sorted(loaded.input), sorted(loaded.output),
          rounded(loaded.predict(by_side, verbose=0)["klass"]))
    print("loaded evaluate:", rounded_logs(loaded.evaluate(by_side, ys, verbose=0, return_dict=True)))
    print("loaded fit:", rounded_logs(loaded.fit(by_side, ys, epochs=1, batch_size=4, shuffle=False, verbose=0).history))
