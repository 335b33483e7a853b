"""keras' smaller top-level names: version, name_scope, device, dtype_policies (DTypePolicy,
FloatDTypePolicy, get / serialize / deserialize), FloatDTypePolicy, and keras.utils' split_dataset,
get_source_inputs, is_keras_tensor, standardize_dtype and the interactive-logging switches, and
keras.config.set_epsilon reaching the losses and layers, Model.input_shape / output_shape, and keras.Function."""
import importlib

import numpy as np

from harness import show_error, show_error_message, tf

keras = tf.keras
print(keras.version(), keras.__version__)

D = keras.dtype_policies
print(sorted(n for n in ("DTypePolicy", "FloatDTypePolicy", "get", "serialize", "deserialize") if hasattr(D, n)))
print(D.DTypePolicy is keras.DTypePolicy, D.FloatDTypePolicy is keras.FloatDTypePolicy,
      issubclass(D.FloatDTypePolicy, D.DTypePolicy))
p = D.get("mixed_float16")
print(type(p).__name__, p.name, p.compute_dtype, p.variable_dtype)
print(D.serialize(p))
print(D.deserialize(D.serialize(p)), D.get("float32"), D.get({"class_name": "DTypePolicy", "config": {"name": "bfloat16"}}))
fp = D.FloatDTypePolicy("float64")
print(type(fp).__name__, fp, fp.get_config(), D.get(fp) is fp)
show_error_message("get int9", lambda: D.get("int9"))

with keras.name_scope("outer") as scope:
    print(type(scope).__name__, scope.name)
    with keras.name_scope("inner") as inner:
        print(inner.name, float(keras.ops.sum(keras.ops.ones(3))))
show_error_message("name_scope with /", lambda: keras.name_scope("a/b"))
with keras.device("cpu:0"):
    print(np.asarray(keras.ops.ones(2)).tolist())

U = keras.utils
print(U.is_keras_tensor(keras.Input((2,))), U.is_keras_tensor(np.ones(2)))
print(U.standardize_dtype("float64"), U.standardize_dtype(np.float64), U.standardize_dtype(None), U.standardize_dtype("int"))
print(U.is_interactive_logging_enabled())
U.disable_interactive_logging()
print(U.is_interactive_logging_enabled(), keras.config.is_interactive_logging_enabled())
U.enable_interactive_logging()
print(U.is_interactive_logging_enabled())

x = keras.Input((3,))
y = keras.Input((2,))
z = keras.layers.Concatenate()([keras.layers.Dense(2)(x), keras.layers.Dense(2)(y), x])
print([tuple(t.shape) for t in U.get_source_inputs(z)], [tuple(t.shape) for t in U.get_source_inputs(x)])

a, b = U.split_dataset(np.arange(10), left_size=0.7)
print([int(v) for v in a], [int(v) for v in b])
a, b = U.split_dataset((np.arange(10).reshape(5, 2), np.arange(5)), right_size=2)
print([(u.tolist(), int(v)) for u, v in a.as_numpy_iterator()], [(u.tolist(), int(v)) for u, v in b.as_numpy_iterator()])
a, b = U.split_dataset([np.arange(6), np.arange(6) * 10.0], left_size=2, right_size=3)
print([(int(u), float(v)) for u, v in a.as_numpy_iterator()], len(list(b)))
a, b = U.split_dataset(tf.data.Dataset.from_tensor_slices(np.arange(8)), left_size=0.25)
print([int(v) for v in a], [int(v) for v in b])
a, b = U.split_dataset(np.arange(10), left_size=0.5, shuffle=True, seed=1)
print(sorted(int(v) for v in a) + sorted(int(v) for v in b) == list(range(10)), len(list(a)))
show_error_message("left_size 11", lambda: U.split_dataset(np.arange(10), left_size=11))
show_error_message("left_size 1.5", lambda: U.split_dataset(np.arange(10), left_size=1.5))
show_error_message("right_size 10", lambda: U.split_dataset(np.arange(10), right_size=10))
show_error_message("no sizes", lambda: U.split_dataset(np.arange(10)))
show_error_message("floats over 1", lambda: U.split_dataset(np.arange(10), left_size=0.6, right_size=0.5))
show_error_message("sizes over total", lambda: U.split_dataset(np.arange(10), left_size=6, right_size=5))
show_error_message("string size", lambda: U.split_dataset(np.arange(10), left_size="a"))

# keras.config.set_epsilon reaches the losses, metrics and layers.
keras.config.set_epsilon(1e-3)
t = np.array([[1.0, 0.0], [0.0, 1.0]], np.float32)
p = np.array([[1.0, 0.0], [0.3, 0.7]], np.float32)
print(keras.backend.epsilon(), np.round(np.asarray(keras.losses.binary_crossentropy(t, p)), 4).tolist(),
      round(float(keras.losses.BinaryCrossentropy()(t, p)), 4), round(float(keras.losses.Poisson()(t, p)), 4))
print(np.round(np.asarray(keras.layers.Normalization(mean=[1.0, 2.0], variance=[0.0, 4.0])(np.array([[1.5, 4.0]]))), 2).tolist())
keras.config.set_epsilon(1e-7)
print(round(float(keras.losses.BinaryCrossentropy()(t, p)), 4))

# Model.input_shape / output_shape.
m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
print(m.input_shape, m.output_shape)
a, b = keras.Input((2, 3)), keras.Input((5,))
f = keras.Model([a, b], [keras.layers.Flatten()(a), keras.layers.Dense(2)(b)])
print(f.input_shape, f.output_shape)
unbuilt = keras.Sequential([keras.layers.Dense(3)])
show_error("unbuilt output_shape", lambda: unbuilt.output_shape)
unbuilt.build((None, 7))
print(unbuilt.input_shape, unbuilt.output_shape)

# keras.Function: a callable graph of layer calls.
x, y = keras.Input((3,)), keras.Input((3,))
h = keras.layers.Dense(2, kernel_initializer="ones")(x)
out = keras.layers.Add()([h, keras.layers.Dense(2, kernel_initializer="ones")(y)])
f = keras.Function([x, y], out, name="fn")
print(type(f).__name__, f.name, len(f.inputs), len(f.outputs))
print(np.asarray(f([np.ones((2, 3), np.float32), np.ones((2, 3), np.float32)])).tolist())
g = keras.Function(x, [h, keras.layers.Dense(1, kernel_initializer="ones")(h)])
print([np.asarray(t).tolist() for t in g(np.ones((1, 3), np.float32))], len(g.outputs))

# Keras 3's keras.metrics also names the loss functions (TensorFlow's tf.keras.metrics leaves these out).
standalone = tf.keras if tf.__name__ == "tfpp" else importlib.import_module("keras")
print([getattr(standalone.metrics, n) is getattr(standalone.losses, n)
       for n in ("kl_divergence", "log_cosh", "mean_absolute_error", "mean_absolute_percentage_error",
                 "mean_squared_error", "mean_squared_logarithmic_error")])
