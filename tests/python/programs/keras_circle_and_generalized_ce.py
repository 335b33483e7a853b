"""keras.losses.Circle / circle and CategoricalGeneralizedCrossEntropy /
categorical_generalized_cross_entropy: values (Circle's mean leaves out samples of loss 0), reference
embeddings, reductions and sample weights, gradients, configs, serialize / deserialize, fit with each,
and the error of a bad q."""
import numpy as np

from harness import rounded, show_error, tf

L = tf.keras.losses
e = np.sin(np.arange(24) * 0.7).reshape(6, 4).astype(np.float32)
e /= np.linalg.norm(e, axis=1, keepdims=True)
y = np.array([0, 1, 0, 2, 1, 3], np.int32)
w = np.array([1.0, 0.5, 2.0, 1.0, 0.0, 3.0], np.float32)

print(rounded(L.circle(y, e), 3))
print(rounded(L.circle(y, e, ref_labels=y[:3], ref_embeddings=e[:3], gamma=20.0, margin=0.3), 3))
print(rounded(L.circle(y, e, remove_diagonal=False, gamma=10), 3))
for reduction in ("sum_over_batch_size", "sum", "mean_with_sample_weight", None):
    print(reduction, rounded(L.Circle(reduction=reduction)(y, e), 3),
          rounded(L.Circle(gamma=10.0, margin=0.25, reduction=reduction)(y, e, sample_weight=w), 3))
print(sorted(L.Circle().get_config().items()), sorted(L.Circle(12.0, 0.3, False, name="c").get_config().items()))
serialized = L.serialize(L.Circle(gamma=5.0))
print(serialized["class_name"], sorted(serialized["config"].items()))
print(type(L.deserialize(serialized)).__name__)

p = np.array([[0.7, 0.2, 0.1], [0.1, 0.3, 0.6], [0.25, 0.5, 0.25], [0.05, 0.9, 0.05]], np.float32)
c = np.array([0, 2, 1, 1], np.int32)
print(rounded(L.categorical_generalized_cross_entropy(c, p, q=0.7), 4), rounded(L.categorical_generalized_cross_entropy(c, p, 0.2), 4))
for reduction in ("sum_over_batch_size", "sum", None):
    print(reduction, rounded(L.CategoricalGeneralizedCrossEntropy(q=0.3, reduction=reduction)(c, p), 4))
print(sorted(L.CategoricalGeneralizedCrossEntropy().get_config().items()),
      sorted(L.CategoricalGeneralizedCrossEntropy(0.25).get_config().items()))
# (Keras 3.15's deserialize does not know CategoricalGeneralizedCrossEntropy.)
show_error("q=1", lambda: L.CategoricalGeneralizedCrossEntropy(q=1.0))
show_error("q=0", lambda: L.CategoricalGeneralizedCrossEntropy(q=0.0))

for loss, x in ((L.Circle(gamma=10.0), e), (L.CategoricalGeneralizedCrossEntropy(), p)):
    labels = y if x is e else c
    t = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(t)
        value = loss(labels, t)
    print(type(loss).__name__, rounded(tape.gradient(value, t), 3))

# fit with each.
features = np.linspace(-1, 1, 8 * 3, dtype=np.float32).reshape(8, 3)
targets = np.array([0, 1, 0, 1, 2, 2, 0, 1], np.int32)
kernel_1 = np.sin(np.arange(15) * 1.3).reshape(3, 5).astype(np.float32)
for loss, units, activation in ((L.Circle(gamma=16.0), 4, None), (L.CategoricalGeneralizedCrossEntropy(0.6), 3, "softmax")):
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(5),
                                 tf.keras.layers.Dense(units, activation=activation)])
    model.layers[0].set_weights([kernel_1, np.zeros(5, np.float32)])
    model.layers[1].set_weights([np.cos(np.arange(5 * units) * 0.9).reshape(5, units).astype(np.float32),
                                 np.zeros(units, np.float32)])
    model.compile(optimizer=tf.keras.optimizers.SGD(0.05), loss=loss)
    history = model.fit(features, targets, batch_size=4, epochs=3, verbose=0, shuffle=False)
    print(type(loss).__name__, [round(v, 3) for v in history.history["loss"]])
