"""tf.saved_model.SaveOptions and LoadOptions: their attributes and defaults, TensorFlow's checks
(namespace whitelists, variable policies by enum or name, the options disabled outside Google),
tf.saved_model.experimental.VariablePolicy, and a save and load that take them."""
import os
import tempfile

from harness import show_error_message, tf


def show(label, fn):
    try:
        print(label, fn())
    except Exception as e:  # noqa: BLE001 - the class and message are compared
        print(label, "raises", type(e).__name__, str(e)[:160])


save_options = tf.saved_model.SaveOptions()
print([(name, getattr(save_options, name)) for name in type(save_options).__slots__])
load_options = tf.saved_model.LoadOptions()
print([(name, getattr(load_options, name)) for name in type(load_options).__slots__])
show("a whitelist", lambda: tf.saved_model.SaveOptions(namespace_whitelist=["a", "b"]).namespace_whitelist)
show_error_message("a whitelist string", lambda: tf.saved_model.SaveOptions(namespace_whitelist="a"))
show_error_message("a whitelisted number", lambda: tf.saved_model.SaveOptions(namespace_whitelist=["a", 1]))
show("a policy by name", lambda: tf.saved_model.SaveOptions(
    experimental_variable_policy="save_variable_devices").experimental_variable_policy)
show("a policy in capitals", lambda: tf.saved_model.LoadOptions(
    experimental_variable_policy="EXPAND_DISTRIBUTED_VARIABLES").experimental_variable_policy)
show("a policy", lambda: tf.saved_model.SaveOptions(
    experimental_variable_policy=tf.saved_model.experimental.VariablePolicy.NONE).experimental_variable_policy)
show_error_message("an unknown policy", lambda: tf.saved_model.SaveOptions(experimental_variable_policy="x"))
show("the policies", lambda: list(tf.saved_model.experimental.VariablePolicy))
show_error_message("the image format", lambda: tf.saved_model.SaveOptions(experimental_image_format=True))
show_error_message("a sharding callback", lambda: tf.saved_model.SaveOptions(experimental_sharding_callback=1))
show_error_message("another attribute", lambda: setattr(save_options, "other", 1))
show("function aliases", lambda: tf.saved_model.SaveOptions(function_aliases={"f": 1}).function_aliases)


class Scale(tf.Module):
    def __init__(self):
        super().__init__()
        self.factor = tf.Variable(3.0)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def __call__(self, x):
        return x * self.factor


path = os.path.join(tempfile.mkdtemp(), "scale")
tf.saved_model.save(Scale(), path, options=tf.saved_model.SaveOptions(
    experimental_io_device="/job:localhost", experimental_variable_policy="save_variable_devices"))
loaded = tf.saved_model.load(path, options=tf.saved_model.LoadOptions(experimental_io_device="/job:localhost"))
print(loaded(tf.constant([1.0, 2.0])).numpy().tolist(), loaded.factor.numpy())
