"""keras.layers.Lambda and the functional merge helpers (add, subtract, multiply, average, maximum,
minimum, concatenate, dot): Lambda wrapping a named function and a Python lambda in Sequential and
Functional models, its output_shape, arguments, mask and training arguments, fit through it,
get_config, serialize, saving to .keras (a lambda loads only with safe_mode=False or
keras.config.enable_unsafe_deserialization(), a named function only once registered), and the
errors Keras raises."""
import os
import tempfile

import numpy as np

from harness import show_error, show_error_message, tf
from keras_harness import fixed_weights, rounded

keras = tf.keras
layers = keras.layers
x = tf.constant(np.arange(12, dtype=np.float32).reshape(4, 3) / 4.0 - 1.0)


def squared(t):
    return t * t


def scaled(t, factor=1.0):
    return t * factor


def show(label, t):
    print(label, t.dtype.name, tuple(t.shape), rounded(t))


# ---- Lambda called directly, in Sequential and Functional models -----------------------------
show("named function", layers.Lambda(squared)(x))
show("python lambda", layers.Lambda(lambda t: t + 1.0)(x))
show("arguments", layers.Lambda(scaled, arguments={"factor": 3.0})(x))
sequential = keras.Sequential([keras.Input((3,)), layers.Lambda(lambda t: tf.reduce_sum(t, axis=1, keepdims=True)),
                               layers.Dense(2, kernel_initializer="ones")])
show("sequential", sequential(x))
print("sequential layers", [type(layer).__name__ for layer in sequential.layers], tuple(sequential.layers[-1].output.shape))
inputs = keras.Input((3,))
lam = layers.Lambda(lambda t: t[:, :2] * 2.0, output_shape=(2,), name="first_two")
outputs = layers.Dense(1, kernel_initializer="ones")(lam(inputs))
functional = keras.Model(inputs, outputs)
show("functional", functional(x))
print("lambda output", tuple(lam.output.shape), lam.name, lam.compute_output_shape((None, 3)))
print("lambda build_config", list(layers.serialize(lam)["build_config"]["input_shape"]))
print("inferred output shape", layers.Lambda(lambda t: tf.concat([t, t], axis=-1)).compute_output_shape((5, 3)))
two = layers.Lambda(lambda ts: ts[0] - ts[1])
show("two inputs", two([x, tf.ones_like(x)]))
a, b = keras.Input((3,)), keras.Input((3,))
print("two inputs symbolic", tuple(layers.Lambda(lambda ts: ts[0] * ts[1])([a, b]).shape))
print("weights", layers.Lambda(squared).weights, "supports masking", layers.Lambda(squared).supports_masking)

# ---- training and masks ---------------------------------------------------------------------


def noisy(t, training=None):
    return t + 100.0 if training else t


noise = layers.Lambda(noisy)
show("training=False", noise(x, training=False))
show("training=True", noise(x, training=True))



def masked_mean(t, mask=None):
    if mask is None:
        raise ValueError("masked_mean needs a mask")
    weights = tf.cast(mask, t.dtype)[:, :, None]
    return tf.reduce_sum(t * weights, axis=1) / tf.reduce_sum(weights, axis=1)


ids = tf.constant([[3, 1, 0, 0], [2, 0, 0, 0]])
embedding = layers.Embedding(5, 2, mask_zero=True)
embedding.build((None, 4))
embedding.set_weights([np.arange(10, dtype=np.float32).reshape(5, 2)])
embedded = embedding(ids)
show("function taking mask", layers.Lambda(masked_mean)(embedded))
kept = layers.Lambda(lambda t: t * 2.0, mask=lambda t, m: m)(embedded)
print("mask function: supports masking", layers.Lambda(lambda t: t, mask=lambda t, m: m).supports_masking)
show("mask function passes it on", layers.Lambda(masked_mean, output_shape=(2,))(kept))
dropped = layers.Lambda(lambda t: t * 2.0)(embedded)
show_error("no mask argument drops it", lambda: layers.Lambda(masked_mean, output_shape=(2,))(dropped))
sequence = keras.Input((4,), dtype="int32")
pooled = layers.Lambda(masked_mean, output_shape=(2,))(embedding(sequence))
show("mask in a functional model", keras.Model(sequence, pooled)(ids))

# ---- fit through a Lambda -------------------------------------------------------------------
model = keras.Sequential([keras.Input((3,)), layers.Dense(4), layers.Lambda(lambda t: tf.nn.relu(t) * 0.5),
                          layers.Dense(1)])
fixed_weights(model)
model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
y = tf.reduce_sum(x, axis=1, keepdims=True)
history = model.fit(x, y, epochs=3, batch_size=2, verbose=0, shuffle=False)
print("fit losses", rounded(history.history["loss"]))

# ---- config, serialize, saving --------------------------------------------------------------
named = layers.Lambda(scaled, output_shape=(3,), arguments={"factor": 2.0}, name="named")
config = named.get_config()
print("named config", sorted(config), config["function"], config["output_shape"], config["arguments"])
lambda_config = layers.Lambda(lambda t, k=2: t * k, name="lam").get_config()
print("lambda config", lambda_config["function"]["class_name"], sorted(lambda_config["function"]["config"]),
      lambda_config["function"]["config"]["defaults"], lambda_config["function"]["config"]["closure"])
serialized = layers.serialize(named)
print("serialize", serialized["module"], serialized["class_name"], serialized["registered_name"])
show_error("from_config of an unregistered function", lambda: layers.Lambda.from_config(named.get_config()))
show("from_config (named)", layers.Lambda.from_config(named.get_config(), custom_objects={"scaled": scaled})(x))
show_error_message("from_config (lambda)", lambda: layers.Lambda.from_config(layers.Lambda(lambda t: t).get_config()), 60)
show("from_config (lambda, safe_mode=False)",
     layers.Lambda.from_config(layers.Lambda(lambda t, k=2: t * k).get_config(), safe_mode=False)(x))

directory = tempfile.mkdtemp()
path = os.path.join(directory, "lambda.keras")
inputs = keras.Input((3,))
saved = keras.Model(inputs, layers.Dense(2, kernel_initializer="ones")(layers.Lambda(lambda t: t * 3.0)(inputs)))
saved.save(path)
show_error("load_model in safe mode", lambda: keras.models.load_model(path))
show("load_model(safe_mode=False)", keras.models.load_model(path, safe_mode=False)(x))

named_path = os.path.join(directory, "named.keras")
keras.Sequential([keras.Input((3,)), layers.Lambda(squared)]).save(named_path)
show_error("load_model of an unregistered function", lambda: keras.models.load_model(named_path))
show("load_model with custom_objects", keras.models.load_model(named_path, custom_objects={"squared": squared})(x))

keras.config.enable_unsafe_deserialization()
show("load_model after enable_unsafe_deserialization", keras.models.load_model(path)(x))

# ---- errors ---------------------------------------------------------------------------------
show_error("Lambda of a number", lambda: layers.Lambda(3))
show_error("Lambda without a function", lambda: layers.Lambda())

# ---- the merge functions --------------------------------------------------------------------
p = tf.constant([[1.0, -2.0, 3.0], [0.5, 4.0, -1.0]])
q = tf.constant([[2.0, 1.0, -3.0], [1.5, -4.0, 2.0]])
for name in ("add", "subtract", "multiply", "average", "maximum", "minimum", "concatenate", "dot"):
    show(name, getattr(layers, name)([p, q]))
show("concatenate axis=0", layers.concatenate([p, q], axis=0))
show("dot axes=1 normalize", layers.dot([p, q], axes=1, normalize=True))
show("add of three", layers.add([p, q, p]))
a, b = keras.Input((3,)), keras.Input((3,))
merged = layers.concatenate([layers.add([a, b]), layers.maximum([a, b])], name="joined")
model = keras.Model([a, b], layers.dot([merged, merged], axes=-1))
print("merge model", [layer.name for layer in model.layers], tuple(merged.shape))
show("merge model output", model([p, q]))
show_error("subtract of three", lambda: layers.subtract([p, q, p]))
show_error("add of one", lambda: tuple(layers.add([p]).shape))
show_error("concatenate of mismatched shapes", lambda: layers.concatenate([p, tf.ones((2, 4))], axis=0))
