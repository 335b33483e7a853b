"""keras.config and keras.backend: floatx, epsilon, image_data_format and their setters taking effect
(float64 weights, inputs and initializers after set_floatx; channels_first conv and pooling layers
after set_image_data_format), the global dtype policy following floatx until a layer fixes it (and
again after clear_session), get_uid and clear_session, is_keras_tensor, the dtype helpers, the
logging and traceback switches, and the errors of bad values."""
import warnings

import numpy as np

from harness import show_error, show_error_message, tf

keras = tf.keras
config, backend = keras.config, keras.backend

print("defaults", config.floatx(), config.epsilon(), config.image_data_format(), config.backend(), backend.backend())
print("backend functions", backend.floatx(), backend.epsilon(), backend.image_data_format())
print("tf.keras.backend has int_shape", hasattr(backend, "int_shape"))

# ---- floatx, before any layer exists --------------------------------------------------------
config.set_floatx("float64")
print("floatx", config.floatx(), backend.floatx(), config.dtype_policy().name)
dense = keras.layers.Dense(2)
dense.build((None, 3))
print("dense weights", [w.dtype for w in dense.weights], dense.dtype_policy.name, dense.compute_dtype)
inputs = keras.Input((3,))
print("input dtype", inputs.dtype)
out = dense(np.ones((1, 3)))
print("output dtype", out.dtype.name)
# The first layer fixed the policy: set_floatx acts on new layers after clear_session, as in Keras.
config.set_floatx("float32")
later = keras.layers.Dense(1)
later.build((None, 2))
print("after set_floatx without clear_session", later.kernel.dtype, config.dtype_policy().name)
keras.backend.clear_session()
after = keras.layers.Dense(1)
after.build((None, 2))
print("after clear_session", after.kernel.dtype, config.dtype_policy().name)
show_error_message("set_floatx('float8')", lambda: config.set_floatx("float8"), 30)
show_error("set_floatx(None)", lambda: config.set_floatx(None))

# ---- the dtype policy -------------------------------------------------------------------------
config.set_dtype_policy("mixed_float16")
mixed = keras.layers.Dense(2)
print("mixed policy", config.dtype_policy().name, mixed.compute_dtype, mixed.variable_dtype)
config.set_dtype_policy("float32")
show_error("set_dtype_policy(3)", lambda: config.set_dtype_policy(3))
keras.backend.clear_session()

# ---- epsilon ----------------------------------------------------------------------------------
config.set_epsilon(1e-5)
print("epsilon", config.epsilon(), backend.epsilon())
backend.set_epsilon(1e-7)
print("epsilon", config.epsilon())

# ---- image_data_format ------------------------------------------------------------------------
config.set_image_data_format("channels_first")
print("image_data_format", config.image_data_format(), backend.image_data_format())
conv = keras.layers.Conv2D(2, 3, kernel_initializer="ones")
pool = keras.layers.MaxPooling2D()
print("data_format", conv.get_config()["data_format"], pool.get_config()["data_format"],
      keras.layers.GlobalAveragePooling2D().get_config()["data_format"])
image = tf.constant(np.arange(50, dtype=np.float32).reshape(1, 2, 5, 5))
conved = conv(image)
print("channels_first conv", tuple(conved.shape), np.asarray(conved)[0, :, 0, 0].tolist())
print("channels_first pool", tuple(pool(image).shape), float(pool(image)[0, 1, 1, 1]))
explicit = keras.layers.Conv2D(2, 3, data_format="channels_last")
print("explicit data_format", explicit.get_config()["data_format"])
backend.set_image_data_format("Channels_Last")
print("image_data_format", config.image_data_format(), keras.layers.Conv2D(2, 3).get_config()["data_format"])
show_error_message("set_image_data_format('nchw')", lambda: config.set_image_data_format("nchw"))

# ---- get_uid, clear_session, is_keras_tensor --------------------------------------------------
keras.backend.clear_session()
print("get_uid", backend.get_uid("thing"), backend.get_uid("thing"), backend.get_uid("other"), backend.get_uid())
keras.layers.Dense(1)
print("get_uid after a dense layer", backend.get_uid("dense"), keras.layers.Dense(1).name)
keras.backend.clear_session()
print("get_uid after clear_session", backend.get_uid("thing"), keras.layers.Dense(1).name)
print("is_keras_tensor", backend.is_keras_tensor(keras.Input((2,))), backend.is_keras_tensor(tf.ones((2,))),
      backend.is_keras_tensor(np.ones(2)))

# ---- dtype helpers ----------------------------------------------------------------------------
print("standardize_dtype", [backend.standardize_dtype(d) for d in (int, float, bool, str, None, np.float64, np.int32,
                                                                    tf.int32, tf.float16, "uint8", np.dtype("int16"))])
show_error_message("standardize_dtype('float')", lambda: backend.standardize_dtype("float"))
print("is_float_dtype", [backend.is_float_dtype(d) for d in ("float16", "bfloat16", "int32", tf.float64, "bool")])
print("is_int_dtype", [backend.is_int_dtype(d) for d in ("int8", "uint32", "float32", tf.int64, "bool")])
print("result_type", backend.result_type(), backend.result_type("int32"), backend.result_type("int32", "float32"),
      backend.result_type("int64", "float16"), backend.result_type("uint8", "int8"), backend.result_type("bool", "int16"),
      backend.result_type("float16", "float32", "int64"), backend.result_type(tf.int32, np.float64))

# ---- logging and traceback switches -----------------------------------------------------------
print("interactive logging", config.is_interactive_logging_enabled())
config.disable_interactive_logging()
model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((4, 2)), np.ones((4, 1)), epochs=1, verbose=1)
print("interactive logging", config.is_interactive_logging_enabled(), "(fit printed no progress bar)")
config.enable_interactive_logging()
print("interactive logging", config.is_interactive_logging_enabled())
print("traceback filtering", config.is_traceback_filtering_enabled())
config.disable_traceback_filtering()
print("traceback filtering", config.is_traceback_filtering_enabled())
config.enable_traceback_filtering()
print("traceback filtering", config.is_traceback_filtering_enabled())

# ---- debugging caps, flash attention, backend ---------------------------------------------------
print("caps", config.max_epochs(), config.max_steps_per_epoch())
config.set_max_epochs(2)
config.set_max_steps_per_epoch(3)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    history = model.fit(np.ones((40, 2)), np.ones((40, 1)), batch_size=4, epochs=5, verbose=0)
    steps_seen = []
    model.predict(np.ones((40, 2)), batch_size=4, verbose=0,
                  callbacks=[keras.callbacks.LambdaCallback(on_predict_batch_end=lambda b, logs: steps_seen.append(b))])
print("capped fit", len(history.history["loss"]), "epochs;", "predict steps", len(steps_seen))
print("warnings", sorted({str(w.message) for w in caught if "Limiting" in str(w.message)}))
config.set_max_epochs(None)
config.set_max_steps_per_epoch(None)
print("caps", config.max_epochs(), config.max_steps_per_epoch(), len(model.fit(np.ones((8, 2)), np.ones((8, 1)), epochs=3,
                                                                               verbose=0).history["loss"]))
print("flash attention", config.is_flash_attention_enabled())
config.disable_flash_attention()
print("flash attention", config.is_flash_attention_enabled())
config.enable_flash_attention()
print("flash attention", config.is_flash_attention_enabled(), "nnx", config.is_nnx_enabled())
