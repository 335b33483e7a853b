"""The optimizers' EMA (use_ema, ema_momentum, ema_overwrite_frequency) and
keras.callbacks.SwapEMAWeights: the average slots (names, order, values), configs, fit ending with the
averages in the model, overwrites every n steps, evaluate and predict with swapped weights, and errors."""
import numpy as np

from harness import show_error, tf

O = tf.keras.optimizers
w = tf.keras.Variable(np.array([1.0, 2.0], np.float32), name="w")
opt = O.SGD(0.5, use_ema=True, ema_momentum=0.5, name="sgd_ema")
for step in range(3):
    opt.apply_gradients([(tf.constant([1.0, -1.0]), w)])
print(np.round(w.numpy(), 4).tolist(), [(v.path, np.round(v.numpy(), 4).tolist()) for v in opt.variables])
config = opt.get_config()
print(config["use_ema"], config["ema_momentum"], config["ema_overwrite_frequency"])
print(sorted(O.Adam(use_ema=True, ema_overwrite_frequency=3).get_config().items()))
show_error("ema_momentum 1.5", lambda: O.Adam(use_ema=True, ema_momentum=1.5))
show_error("ema_overwrite_frequency -1", lambda: O.Adam(use_ema=True, ema_overwrite_frequency=-1))
print(O.Adam(use_ema=True, ema_overwrite_frequency=0).get_config()["ema_overwrite_frequency"])

x = np.linspace(-1, 1, 32, dtype="float32").reshape(16, 2)
y = (x[:, :1] * 2 - x[:, 1:]).astype("float32")


def model_with(optimizer):
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer="ones")])
    model.compile(optimizer=optimizer, loss="mse")
    return model


for optimizer in (O.Adam(0.1, use_ema=True, ema_momentum=0.8), O.SGD(0.1, use_ema=True, ema_overwrite_frequency=3),
                  O.Lion(0.05, use_ema=True)):
    model = model_with(optimizer)
    history = model.fit(x, y, batch_size=4, epochs=2, verbose=0, shuffle=False)
    print(type(optimizer).__name__, [round(v, 4) for v in history.history["loss"]],
          [np.round(v.numpy(), 4).tolist() for v in model.weights])
    print("  ", [v.path.split("/")[-1] for v in optimizer.variables])

model = model_with(O.Adam(0.1, use_ema=True, ema_momentum=0.5))
history = model.fit(x, y, batch_size=4, epochs=3, verbose=0, shuffle=False, validation_data=(x, y),
                    callbacks=[tf.keras.callbacks.SwapEMAWeights()])
print([round(v, 4) for v in history.history["val_loss"]], [np.round(v.numpy(), 4).tolist() for v in model.weights])
model = model_with(O.Adam(0.1, use_ema=True, ema_momentum=0.5))
swap = tf.keras.callbacks.SwapEMAWeights(swap_on_epoch=True)
history = model.fit(x, y, batch_size=4, epochs=2, verbose=0, shuffle=False, callbacks=[swap])
print([round(v, 4) for v in history.history["loss"]], [np.round(v.numpy(), 4).tolist() for v in model.weights])
print(round(float(model.evaluate(x, y, verbose=0, callbacks=[swap])), 4))

plain = model_with(O.Adam(0.1))
show_error("SwapEMAWeights without use_ema",
           lambda: plain.fit(x, y, epochs=1, verbose=0, validation_data=(x, y),
                             callbacks=[tf.keras.callbacks.SwapEMAWeights()]))
