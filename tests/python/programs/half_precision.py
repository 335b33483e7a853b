"""float16 and bfloat16 (tf.float16 / tf.half / tf.bfloat16) and Keras mixed precision: dtype
properties, constants from Python numbers and NumPy float16 / ml_dtypes bfloat16 arrays both
ways, printing, casts, math, reductions with TensorFlow's accumulation, gradients, and a model
trained with fit under 'mixed_float16' and 'mixed_bfloat16' with LossScaleOptimizer, its policy
in get_config; errors of bad policies and of ops without a kernel."""
import os
import tempfile

import ml_dtypes
import numpy as np

from harness import show_error, tf
from keras_harness import fixed_weights, rounded

keras = tf.keras
layers = tf.keras.layers
mixed_precision = tf.keras.mixed_precision


def policy_of(config):
    """The policy name in a layer config (Keras 3 writes a DTypePolicy dict there)."""
    dtype = config["dtype"]
    return dtype if isinstance(dtype, str) else dtype["config"]["name"]


for dt in [tf.float16, tf.half, tf.bfloat16]:
    print(dt, repr(dt), dt.name, dt.is_floating, dt.size, dt.min, dt.max, dt.as_numpy_dtype, dt == np.float16)
print(tf.float16 == tf.half, tf.dtypes.bfloat16 is tf.bfloat16)

for dt in [tf.float16, tf.bfloat16]:
    a = tf.constant([0.1, 1.5, 65504, 1e-3, -2.0], dt)
    print(a)
    print(repr(a))
    print(tf.constant(0.1, dt), repr(tf.constant(0.1, dt)), repr(tf.constant(3.0, dt)))
    print(repr(tf.cast(tf.constant([70000.0, 1e-8, 3.14159, 2049.0]), dt)))
    print(repr(tf.constant(np.arange(20, dtype=np.float32) / 7, dt)))
    print(tf.zeros([2, 2], dt), tf.ones([3], dt), tf.fill([2], tf.constant(2.5, dt)))
    n = a.numpy()
    print(type(n).__name__, n.dtype, n.tolist(), float(tf.constant(1.5, dt)))
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]], dt)
    print(x + x, x * 0.5, x / 3, tf.exp(x), tf.sqrt(x), x > 2.0)
    print(tf.reduce_sum(tf.fill([10000], tf.constant(0.1, dt))), tf.reduce_mean(tf.fill([10000], tf.constant(0.1, dt))))
    print(tf.cumsum(tf.fill([10000], tf.constant(0.1, dt)))[-1], tf.reduce_max(x), tf.argmax(x, axis=1))
    print(tf.nn.softmax(x), tf.nn.relu(x - 2.5), tf.matmul(x, x))
    print(tf.cast(tf.constant([1.5, -2.5, 300.0], dt), tf.int32), tf.cast(x, tf.float32))
    v = tf.Variable(tf.constant([0.5, -1.0], dt))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.tanh(v) * v)
    g = tape.gradient(y, v)
    print(g.dtype, rounded(tf.cast(g, tf.float32), 2))
    print(tf.random.stateless_normal([3], seed=[1, 2], dtype=dt), tf.random.stateless_uniform([3], seed=[1, 2], dtype=dt))
    show_error("mixing %s with float32" % dt.name, lambda: tf.constant(1.0, dt) + tf.constant(1.0))

print(repr(tf.constant(np.array([0.5, 1.25], np.float16))), repr(tf.constant(np.array([0.5, 1.25], ml_dtypes.bfloat16))))
print(tf.constant(np.array([1, 2], np.float16), dtype=tf.float32))
show_error("erfinv of float16", lambda: tf.math.erfinv(tf.constant(0.5, tf.float16)))
show_error("lgamma of bfloat16", lambda: tf.math.lgamma(tf.constant(0.5, tf.bfloat16)))

# ---- Keras mixed precision

policy = mixed_precision.Policy("mixed_float16")
print(policy, repr(policy), policy.name, policy.compute_dtype, policy.variable_dtype, policy.get_config())
print(mixed_precision.global_policy())
show_error("mixed_int8", lambda: mixed_precision.Policy("mixed_int8"))
show_error("global int32", lambda: mixed_precision.set_global_policy("int32"))

x = np.stack([np.sin(np.arange(256) * 0.37), np.cos(np.arange(256) * 0.91)], axis=1).astype(np.float32)
y = ((x[:, 0] > 0).astype(np.int32) + 2 * (x[:, 1] > 0).astype(np.int32))

for name in ["mixed_float16", "mixed_bfloat16"]:
    mixed_precision.set_global_policy(name)
    print(mixed_precision.global_policy())
    dense = layers.Dense(16, activation="relu")
    print(dense.dtype_policy, dense.compute_dtype, dense.variable_dtype, policy_of(dense.get_config()))
    out = layers.Activation("softmax", dtype="float32")
    print(out.dtype_policy)
    inputs = keras.Input((2,))
    model = keras.Model(inputs, out(layers.Dense(4)(dense(inputs))))
    fixed_weights(model)
    print([getattr(w.dtype, "name", w.dtype) for w in model.weights])  # Keras 3: a string
    print(dense(tf.ones((1, 2))).dtype, model(tf.ones((1, 2))).dtype)
    opt = mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(learning_rate=0.5))
    print(opt.initial_scale, opt.dynamic_growth_steps, sorted(opt.get_config()))
    model.compile(optimizer=opt, loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    history = model.fit(x, y, batch_size=32, epochs=4, verbose=0, shuffle=False)
    losses = history.history["loss"]
    print("loss decreases:", losses[-1] < losses[0], "finite:", bool(np.isfinite(losses[-1])))
    print("accuracy above 0.6:", history.history["accuracy"][-1] > 0.6)
    print("scale:", float(opt.dynamic_scale.numpy()), "iterations:", int(opt.iterations.numpy()))
    print(model.predict(x[:2], verbose=0).dtype)
    config = model.get_config()
    print([policy_of(layer["config"]) for layer in config["layers"]])
    with tempfile.TemporaryDirectory() as d:  # the policies survive a .keras file loaded under float32
        model.save(os.path.join(d, "m.keras"))
        mixed_precision.set_global_policy("float32")
        loaded = keras.models.load_model(os.path.join(d, "m.keras"))
        print([layer.dtype_policy.name for layer in loaded.layers], loaded(x[:1]).dtype)
mixed_precision.set_global_policy("float32")
print(mixed_precision.global_policy(), layers.Dense(2).dtype_policy)
