"""tf.keras: Sequential and Functional models of built-in layers with weights set from NumPy,
compile with strings and objects, fit (Keras' progress bar, captured from sys.stdout with its
timings masked), History, a Python callback and built-in ones, evaluate, predict, summary,
get_weights / set_weights, get_config, save / load_model, and the errors of bad arguments."""
import contextlib
import io
import os
import re
import tempfile

import numpy as np

from harness import show_error, tf
from keras_harness import deterministic_weights, rounded

keras = tf.keras
layers = tf.keras.layers


def masked(text):
    """Keras' progress text with its times (elapsed, ETA, per step) masked and the bars of
    unfinished steps dropped: how many a run redraws depends on its speed (Keras redraws at most
    every 0.05 s), so only each pass's first and final bars are compared."""
    text = re.sub(r"\d+(\.\d+)?(ms|us|s)(/step)?", "<time>", text)
    text = re.sub(r"(<time>)(\s+<time>)+", r"\1", text)
    # The padding and backspaces over an earlier line, as long as its (timed) text was.
    text = re.sub(r"\x08+", "<backspaces>", re.sub(r" +(?=[\r\n]|$)", "", text))
    bar = re.compile(r"(?:<backspaces>)?\r\x1b\[1m(\d+)/(\d+)\x1b\[0m [^\r\n]*?\x1b\[1m<time>\x1b\[0m <time>"
                     r"(?: - \w+: -?[\d.]+(?:e[-+]\d+)?)*")
    return bar.sub(lambda m: m.group(0) if m.group(1) in ("1", m.group(2)) else "", text)


def captured(fn):
    """What fn() prints to sys.stdout, masked, and its result."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        result = fn()
    return masked(out.getvalue()), result


rng = np.random.RandomState(7)
x = rng.rand(40, 4).astype(np.float32)
y = (x[:, 0] * 2 + x[:, 1] > 1.2).astype(np.int32) + (x[:, 2] > 0.5).astype(np.int32)

# ---- Sequential ----------------------------------------------------------------------------------
model = keras.Sequential([keras.Input((4,)), layers.Dense(6, activation="relu"), layers.Dense(3)])
model.summary()
print([layer.name for layer in model.layers], [w.shape for w in model.get_weights()])
print("params", model.count_params(), "built", model.built)
deterministic_weights(model)
print("first kernel row", rounded(model.get_weights()[0][0]))
model.compile(optimizer=keras.optimizers.SGD(learning_rate=0.1),
              loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])


class Recorder(keras.callbacks.Callback):
    def on_train_begin(self, logs=None):
        print("train begins; params:", sorted(self.params))

    def on_epoch_end(self, epoch, logs=None):
        print("epoch", epoch, "keys", sorted(logs), "loss", round(logs["loss"], 4), "stop", self.model.stop_training)


text, history = captured(lambda: model.fit(x, y, batch_size=8, epochs=3, shuffle=False, callbacks=[Recorder()]))
print(text)
print(type(history).__name__, history.epoch, sorted(history.history), history.params)
print("losses", rounded(history.history["loss"]), "accuracy", rounded(history.history["accuracy"]))
text, result = captured(lambda: model.evaluate(x, y, batch_size=16))
print(text)
print("evaluate", rounded(result))
print("evaluate dict", {k: round(v, 4) for k, v in sorted(model.evaluate(x, y, verbose=0, return_dict=True).items())})
predictions = model.predict(x[:3], verbose=0)
print("predict", type(predictions).__name__, predictions.dtype, predictions.shape, rounded(predictions))
print("call", rounded(model(x[:2])))
print("metrics_names", model.metrics_names)
print("trained kernel", rounded(model.layers[0].get_weights()[0][:2]))

# ---- Validation, verbose 2 and built-in callbacks ---------------------------------------------------
model.compile(optimizer="adam", loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
stopper = keras.callbacks.EarlyStopping(monitor="val_loss", patience=0, restore_best_weights=True)
text, history = captured(lambda: model.fit(x[:32], y[:32], batch_size=8, epochs=4, verbose=2, shuffle=False,
                                           validation_data=(x[32:], y[32:]), callbacks=[stopper]))
print(text)
print("epochs run", history.epoch, sorted(history.history), "val_loss", rounded(history.history["val_loss"]))
text, _ = captured(lambda: model.fit(x, y, batch_size=10, epochs=1, validation_split=0.25, shuffle=False, verbose=0))
print(repr(text))

# ---- tf.data datasets -----------------------------------------------------------------------------
on_dataset = keras.Sequential([keras.Input((4,)), layers.Dense(6, activation="relu"), layers.Dense(3)])
deterministic_weights(on_dataset)
on_dataset.compile(optimizer=keras.optimizers.SGD(learning_rate=0.1),
                   loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
train = tf.data.Dataset.from_tensor_slices((x[:32], y[:32])).batch(8)
history = on_dataset.fit(train, epochs=3, verbose=0, validation_data=tf.data.Dataset.from_tensor_slices((x[32:], y[32:])).batch(4))
print("dataset fit", {k: rounded(v) for k, v in sorted(history.history.items())}, history.params)
print("dataset evaluate", rounded(on_dataset.evaluate(train, verbose=0)))
print("dataset predict", rounded(on_dataset.predict(tf.data.Dataset.from_tensor_slices(x[:4]).batch(3), verbose=0)))

# ---- Functional ----------------------------------------------------------------------------------
inputs = keras.Input(shape=(4,), name="features")
hidden = layers.Dense(5, activation="tanh", name="hidden")(inputs)
skip = layers.Dense(5, name="skip")(inputs)
merged = layers.Add()([hidden, skip])
outputs = layers.Dense(1, name="score")(layers.Concatenate()([merged, hidden]))
functional = keras.Model(inputs=inputs, outputs=outputs, name="scorer")
print(functional.name, inputs.shape, outputs.shape, [layer.name for layer in functional.layers])
functional.summary()
deterministic_weights(functional)
functional.compile(optimizer=keras.optimizers.Adam(learning_rate=0.01), loss="mse", metrics=["mae"])
target = (x[:, :1] - x[:, 1:2]).astype(np.float32)
history = functional.fit(x, target, batch_size=10, epochs=3, verbose=0, shuffle=False)
print("functional losses", rounded(history.history["loss"]), "mae", rounded(history.history["mae"]))
print("functional evaluate", rounded(functional.evaluate(x, target, verbose=0)))
print("functional predict", rounded(functional.predict(x[:4], verbose=0)))
print("train_on_batch", rounded(functional.train_on_batch(x[:10], target[:10])))
print("test_on_batch", rounded(functional.test_on_batch(x[:10], target[:10])))

# ---- Configs -------------------------------------------------------------------------------------
dense = layers.Dense(10, activation="relu", use_bias=False)
config = dense.get_config()
print("dense config", {k: config[k] for k in ("name", "units", "activation", "use_bias", "trainable")})
print("initializer", config["kernel_initializer"]["class_name"])
print("dropout", layers.Dropout(0.25).get_config()["rate"], "reshape", layers.Reshape((2, 2)).get_config()["target_shape"])
print("adam", {k: keras.optimizers.Adam(learning_rate=0.01).get_config()[k] for k in ("name", "learning_rate", "beta_1")})
print("loss", keras.losses.SparseCategoricalCrossentropy(from_logits=True).get_config()["from_logits"])
print("loss value", round(float(keras.losses.MeanSquaredError()(np.array([[1.0, 2.0]]), np.array([[1.5, 2.0]]))), 4))

# ---- Saving --------------------------------------------------------------------------------------
with tempfile.TemporaryDirectory() as directory:
    path = os.path.join(directory, "scorer.keras")
    functional.save(path)
    loaded = keras.models.load_model(path)
    print("loaded", loaded.name, [layer.name for layer in loaded.layers])
    print("same predictions", np.allclose(loaded.predict(x[:5], verbose=0), functional.predict(x[:5], verbose=0), atol=1e-6))
    print("loaded optimizer", type(loaded.optimizer).__name__, int(loaded.optimizer.iterations.numpy()))
    weights_path = os.path.join(directory, "model.weights.h5")
    model.save_weights(weights_path)
    copy = keras.Sequential([keras.Input((4,)), layers.Dense(6, activation="relu"), layers.Dense(3)])
    copy.load_weights(weights_path)
    print("weights loaded", all(np.array_equal(a, b) for a, b in zip(copy.get_weights(), model.get_weights())))

# ---- Errors --------------------------------------------------------------------------------------
show_error("set_weights with a missing array", lambda: model.set_weights(model.get_weights()[:1]))
show_error("Dense with too many arguments", lambda: layers.Dense(1, None, True, "zeros", "zeros", None, None, None,
                                                                  None, None, None, None, None, None))
show_error("a model without inputs", lambda: keras.Model(outputs=outputs))
show_error("fit before compile", lambda: keras.Sequential([keras.Input((4,)), layers.Dense(2)]).fit(x, y, verbose=0))
show_error("an unknown optimizer", lambda: model.compile(optimizer="no_such_optimizer", loss="mse"))


class FailingCallback(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        raise KeyError("raised in a callback")


show_error("a callback raising", lambda: model.fit(x, y, epochs=2, verbose=0, callbacks=[FailingCallback()]))
print("still usable", model.predict(x[:1], verbose=0).shape)
