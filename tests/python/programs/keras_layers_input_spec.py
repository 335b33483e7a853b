"""keras.InputSpec / keras.layers.InputSpec: a Python layer's input_spec checked at every call, eager
and symbolic, with Keras' messages for the count, rank, dtype, axis sizes and shape of its inputs;
the spec's repr and config; keras.Input with a fixed batch size."""
import numpy as np

from harness import show_error_message, tf

keras = tf.keras


class Checked(keras.layers.Layer):
    def __init__(self, spec, **kwargs):
        super().__init__(**kwargs)
        self.input_spec = spec

    def call(self, inputs):
        return inputs


x = tf.constant(np.ones((2, 3), np.float32))
print(keras.InputSpec is keras.layers.InputSpec)
spec = keras.layers.InputSpec(dtype="float32", shape=(None, 3), axes={-1: 3})
print(repr(spec), sorted(spec.get_config().items()))
print(repr(keras.layers.InputSpec(min_ndim=2, axes={1: 4})), repr(keras.layers.InputSpec.from_config(spec.get_config())))
print("passes", tuple(Checked(spec, name="ok")(x).shape), tuple(Checked(spec, name="ok_symbolic")(keras.Input((3,))).shape))
show_error_message("ndim", lambda: Checked(keras.layers.InputSpec(ndim=3), name="rank")(x))
show_error_message("min_ndim", lambda: Checked(keras.layers.InputSpec(min_ndim=3), name="min")(x))
show_error_message("max_ndim", lambda: Checked(keras.layers.InputSpec(max_ndim=1), name="max")(x))
show_error_message("dtype", lambda: Checked(keras.layers.InputSpec(dtype="int32"), name="dt")(x))
show_error_message("axes", lambda: Checked(keras.layers.InputSpec(axes={-1: 4}), name="ax")(x))
show_error_message("shape", lambda: Checked(keras.layers.InputSpec(shape=(None, 5)), name="sh")(x))
show_error_message("symbolic axes", lambda: Checked(keras.layers.InputSpec(axes={1: 4}), name="sym")(keras.Input((3,))))
show_error_message("count", lambda: Checked([keras.layers.InputSpec(), keras.layers.InputSpec()], name="two")(x), width=50)
show_error_message("bad axes", lambda: keras.layers.InputSpec(ndim=2, axes={2: 3}))
show_error_message("axes keys", lambda: keras.layers.InputSpec(axes={"a": 3}))

fixed = keras.Input((3,), batch_size=2, name="fixed_in")
print("batch_size", tuple(fixed.shape), tuple(keras.Input(batch_shape=(4, 3)).shape), tuple(keras.Input((3,)).shape))
fixed_model = keras.Model(fixed, keras.layers.Dense(2, name="fixed_d")(fixed))
print("fixed model", tuple(fixed_model.output.shape), list(fixed_model.layers[0].get_config()["batch_shape"]))
