"""keras.losses.CTC / ctc and tf.nn.ctc_loss (dense labels): values and dtypes, every reduction and
sample weights, gradients, time-major logits with per-sample lengths and other blank indices, in a
tf.function, fit with a CTC loss, configs, serialize / deserialize, and errors of bad ranks."""
import numpy as np

from harness import rounded, show_error_message, tf

L = tf.keras.losses
B, T, C = 3, 6, 5
y_true = np.array([[1, 2, 2, 0], [3, 0, 0, 0], [4, 1, 3, 2]], np.int32)
y_pred = (np.sin(np.arange(B * T * C) * 0.37) * 2 + np.cos(np.arange(B * T * C) * 1.1)).astype(np.float32)
y_pred = y_pred.reshape(B, T, C)

print(rounded(L.ctc(y_true, y_pred), 4))
print(rounded(L.ctc(y_true.astype(np.float32), y_pred.astype(np.float64)), 4))
for reduction in ("sum_over_batch_size", "sum", "mean", "mean_with_sample_weight", None):
    loss = L.CTC(reduction=reduction)
    print(reduction, rounded(loss(y_true, y_pred), 4), rounded(loss(y_true, y_pred, sample_weight=[1.0, 0.5, 2.0]), 4))
print(L.CTC().get_config(), L.CTC(reduction="sum", name="my_ctc").get_config())
print(L.serialize(L.CTC(name="c")))
print(type(L.deserialize(L.serialize(L.CTC()))).__name__, type(L.get("CTC")).__name__)
print(rounded(L.CTC(dtype="float64")(y_true, y_pred), 4))

x = tf.constant(y_pred)
with tf.GradientTape() as tape:
    tape.watch(x)
    value = L.CTC()(y_true, x)
print(rounded(tape.gradient(value, x)[0], 3))

traced = tf.function(lambda t, p: L.ctc(t, p))
print(rounded(traced(tf.constant(y_true), tf.constant(y_pred)), 4))

# tf.nn.ctc_loss: time-major logits, per-sample lengths, blank_index.
logits = tf.constant(np.transpose(y_pred, (1, 0, 2)))
labels = tf.constant([[0, 2, 2, 1], [3, 3, 0, 0], [1, 0, 1, 0]])
for blank in (None, 4, -1):
    with tf.GradientTape() as tape:
        tape.watch(logits)
        loss = tf.nn.ctc_loss(labels, logits, label_length=[3, 2, 1], logit_length=[6, 4, 5], blank_index=blank)
    print(blank, rounded(loss, 4), rounded(tape.gradient(loss, logits)[:3, :, 1], 4))
print(rounded(tf.nn.ctc_loss(labels, y_pred, [3, 2, 1], [6, 6, 6], logits_time_major=False, blank_index=4), 4))

# fit with the CTC loss.
tf.keras.utils.set_random_seed(1)
features = np.linspace(-1, 1, 4 * T * 3).astype(np.float32).reshape(4, T, 3)
targets = np.array([[1, 2, 0], [2, 0, 0], [3, 1, 2], [1, 1, 0]], np.int32)
model = tf.keras.Sequential([tf.keras.Input((T, 3)), tf.keras.layers.Dense(C, kernel_initializer="ones")])
model.compile(optimizer=tf.keras.optimizers.Adam(0.05), loss=L.CTC())
history = model.fit(features, targets, batch_size=2, epochs=3, verbose=0, shuffle=False)
print([round(v, 2) for v in history.history["loss"]])
model.compile(optimizer="sgd", loss="ctc")
print(round(float(model.evaluate(features, targets, verbose=0)), 2))

show_error_message("ctc y_true rank 1", lambda: L.ctc(y_true[0], y_pred), 60)
show_error_message("ctc y_pred rank 2", lambda: L.ctc(y_true, y_pred[0]))
show_error_message("CTC y_true rank 3", lambda: L.CTC()(y_true[None], y_pred))
