"""tf.keras.callbacks TensorBoard (the log directories fit writes, its attributes and errors),
ProgbarLogger (given to fit instead of the automatic one) and CallbackList (History and a
progress bar added on request, params and model handed to every callback, hooks called in order
with one logs dict, built-in callbacks such as EarlyStopping driven by a custom loop)."""
import contextlib
import io
import os
import re
import tempfile

import numpy as np

from harness import tf

cb = tf.keras.callbacks
x = np.linspace(-1, 1, 16, dtype="float32").reshape(8, 2)
y = (x[:, :1] - x[:, 1:]).astype("float32")


def make_model():
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer="zeros")])
    model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
    return model


# ---- TensorBoard ----
with tempfile.TemporaryDirectory() as d:
    log_dir = os.path.join(d, "logs")
    board = cb.TensorBoard(log_dir=log_dir, histogram_freq=1, update_freq="batch")
    print(board.histogram_freq, board.write_graph, board.update_freq, board.log_dir == log_dir)
    make_model().fit(x, y, batch_size=4, epochs=2, verbose=0, validation_data=(x, y), callbacks=[board])
    print(sorted(os.listdir(log_dir)))
    for sub in sorted(os.listdir(log_dir)):
        files = os.listdir(os.path.join(log_dir, sub))
        print(sub, all(f.startswith("events.out.tfevents.") for f in files), len(files) >= 1,
              all(os.path.getsize(os.path.join(log_dir, sub, f)) > 0 for f in files))
print(cb.TensorBoard(update_freq=5).update_freq, cb.TensorBoard().update_freq, cb.TensorBoard().log_dir)
print(isinstance(cb.TensorBoard(), cb.Callback))

# ---- ProgbarLogger given to fit ----
model = make_model()
out = io.StringIO()
with contextlib.redirect_stdout(out):
    history = model.fit(x, y, batch_size=4, epochs=2, verbose=2, shuffle=False, callbacks=[cb.ProgbarLogger()])
print(re.sub(r"\d+s - \d+m?u?s/step", "<time>", out.getvalue()), end="")
print(sorted(history.history), len(history.history["loss"]))
print(isinstance(cb.ProgbarLogger(), cb.Callback))


# ---- CallbackList ----
class Recorder(cb.Callback):
    def __init__(self, name):
        super().__init__()
        self.name = name

    def on_train_begin(self, logs=None):
        print(self.name, "train_begin", self.params)

    def on_epoch_begin(self, epoch, logs=None):
        print(self.name, "epoch_begin", epoch)

    def on_epoch_end(self, epoch, logs=None):
        print(self.name, "epoch_end", epoch, sorted(logs.items()))
        logs["seen_by_" + self.name] = 1.0

    def on_train_batch_end(self, batch, logs=None):
        print(self.name, "batch_end", batch, sorted(logs))

    def on_train_end(self, logs=None):
        print(self.name, "train_end", sorted(logs or {}))


model = make_model()
recorders = [Recorder("a"), Recorder("b")]
callbacks = cb.CallbackList(recorders, add_history=True, model=model, verbose=0, epochs=2, steps=2)
print(len(callbacks.callbacks), [type(c).__name__ for c in callbacks.callbacks])
print(recorders[0].model is model, recorders[1].params)
callbacks.on_train_begin()
for epoch in range(2):
    callbacks.on_epoch_begin(epoch)
    for batch in range(2):
        callbacks.on_train_batch_begin(batch)
        callbacks.on_train_batch_end(batch, {"loss": 0.5 - 0.1 * batch})
    logs = {"loss": 1.0 / (epoch + 1)}
    callbacks.on_epoch_end(epoch, logs)
    print(sorted(logs))
callbacks.on_train_end({"loss": 0.5})
history = callbacks.callbacks[-1]
print(type(history).__name__, history.epoch, {k: [round(v, 3) for v in vs] for k, vs in sorted(history.history.items())})
print(model.history is history)

empty = cb.CallbackList()
print(empty.callbacks)
empty.on_epoch_end(0, {"loss": 1.0})
more = cb.CallbackList([[Recorder("c")], Recorder("d")], add_history=False)
print([c.name for c in more.callbacks])

# EarlyStopping in a custom loop: stops after `patience` epochs without improvement.
model = make_model()
stop = cb.EarlyStopping(monitor="loss", patience=1)
callbacks = cb.CallbackList([stop], model=model)
callbacks.on_train_begin()
for epoch, loss in enumerate([1.0, 0.8, 0.9, 0.95, 0.7]):
    callbacks.on_epoch_end(epoch, {"loss": loss})
    if model.stop_training:
        print("stopped after epoch", epoch)
        break
callbacks.on_train_end()
