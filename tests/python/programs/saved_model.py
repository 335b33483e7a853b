"""tf.saved_model, following TensorFlow's guide "Using the SavedModel format": a module with a variable
and tf.functions saved, loaded and called (tracing again inside save, as TensorFlow does), its
variable assigned through a restored function and trained through GradientTape, signatures (the
default, one concrete function, several, named outputs) listed and called with keyword tensors, a
function traced for two shapes, nested modules in lists and dicts, variables changed and saved
again, a Keras model, tf.functions never called before saving (with and without an
input_signature), and the errors for what cannot be saved or loaded. Every model is saved and loaded back by
the library that runs the program."""
import os
import tempfile

import numpy as np

from harness import show_error, tf

tmpdir = tempfile.mkdtemp()


def values(d):
    """A signature's result: its keys and values, sorted by key."""
    return sorted((k, np.round(v.numpy(), 5).tolist()) for k, v in d.items())


class CustomModule(tf.Module):

    def __init__(self):
        super(CustomModule, self).__init__()
        self.v = tf.Variable(1.)

    @tf.function
    def __call__(self, x):
        print('Tracing with', x)
        return x * self.v

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def mutate(self, new_v):
        self.v.assign(new_v)


module = CustomModule()
module(tf.constant(0.))
print(module.__call__.experimental_get_tracing_count())
print('Saving model...')
module_no_signatures_path = os.path.join(tmpdir, 'module_no_signatures')
tf.saved_model.save(module, module_no_signatures_path)
print(module.__call__.experimental_get_tracing_count(), module.mutate.experimental_get_tracing_count())
print(sorted(os.listdir(module_no_signatures_path)), tf.saved_model.contains_saved_model(module_no_signatures_path))

imported = tf.saved_model.load(module_no_signatures_path)
print(imported(tf.constant(3.)).numpy(), imported(3.0).numpy(), imported(np.float32(4.0)).numpy())
imported.mutate(tf.constant(2.))
print(imported(tf.constant(3.)).numpy(), imported.v.numpy(), module.v.numpy())
print(list(imported.signatures.keys()))
show_error("a shape no concrete function takes", lambda: imported(tf.constant([1., 2.])))

# Fine-tuning the restored variable through the restored function.
optimizer = tf.keras.optimizers.SGD(0.05)


def train_step():
    with tf.GradientTape() as tape:
        loss = (10. - imported(tf.constant(2.))) ** 2
    variables = tape.watched_variables()
    grads = tape.gradient(loss, variables)
    optimizer.apply_gradients(zip(grads, variables))
    return loss


for _ in range(10):
    print("loss={:.2f} v={:.2f}".format(train_step(), imported.v.numpy()))

x = tf.constant(1.5)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = imported(x) * x
print(tape.gradient(y, x).numpy())

# Signatures: one concrete function, then several.
module_with_signature_path = os.path.join(tmpdir, 'module_with_signature')
call = module.__call__.get_concrete_function(tf.TensorSpec(None, tf.float32))
tf.saved_model.save(module, module_with_signature_path, signatures=call)
imported_with_signatures = tf.saved_model.load(module_with_signature_path)
print(list(imported_with_signatures.signatures.keys()))
serving = imported_with_signatures.signatures['serving_default']
print(values(serving(x=tf.constant([[1., 2.]]))), values(serving(x=tf.constant(4.))))
print(serving.structured_input_signature)
show_error("a signature called with a wrong keyword", lambda: serving(y=tf.constant(1.)))

module_multiple_signatures_path = os.path.join(tmpdir, 'module_with_multiple_signatures')
signatures = {"serving_default": call,
              "array_input": module.__call__.get_concrete_function(tf.TensorSpec([None], tf.float32))}
tf.saved_model.save(module, module_multiple_signatures_path, signatures=signatures)
imported_multiple = tf.saved_model.load(module_multiple_signatures_path)
print(sorted(imported_multiple.signatures.keys()))
print(values(imported_multiple.signatures['array_input'](x=tf.constant([1., 2., 3.]))))
print(imported_multiple(tf.constant([5.])).numpy())


class CustomModuleWithOutputName(tf.Module):
    def __init__(self):
        super(CustomModuleWithOutputName, self).__init__()
        self.v = tf.Variable(1.)

    @tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
    def __call__(self, x):
        return {'custom_output_name': x * self.v}


module_output = CustomModuleWithOutputName()
call_output = module_output.__call__.get_concrete_function(tf.TensorSpec(None, tf.float32))
module_output_path = os.path.join(tmpdir, 'module_with_output_name')
tf.saved_model.save(module_output, module_output_path, signatures={'serving_default': call_output})
imported_with_output_name = tf.saved_model.load(module_output_path)
print(values(imported_with_output_name.signatures['serving_default'](x=tf.constant(7.))))
print(values(imported_with_output_name(tf.constant([1., 2.]))))


# A function traced for two shapes and two dtypes, nested modules in a list and a dict, and a
# tf.function with an input_signature that returns a tuple.
class Dense(tf.Module):
    def __init__(self, in_features, out_features, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(tf.reshape(tf.range(in_features * out_features, dtype=tf.float32) / 10.,
                                        [in_features, out_features]))
        self.b = tf.Variable(tf.ones([out_features]))

    @tf.function
    def __call__(self, x):
        return tf.nn.relu(tf.matmul(x, self.w) + self.b)


class Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.layers = [Dense(3, 4), Dense(4, 2)]
        self.extras = {"scale": tf.Variable(2.0, trainable=False), "count": tf.Variable(3)}

    @tf.function
    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x * self.extras["scale"]

    @tf.function
    def double(self, x):
        return x + x

    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
    def both(self, x):
        return self(x), tf.reduce_sum(x)


model = Model()
inputs = tf.constant([[1., 2., 3.], [0., -1., 2.]])
print(model(inputs).numpy().tolist())
print(model.double(tf.constant(2)).numpy(), model.double(tf.constant([1.5, 2.5])).numpy().tolist())
model_path = os.path.join(tmpdir, 'model')
tf.saved_model.save(model, model_path)
restored = tf.saved_model.load(model_path)
print(restored(inputs).numpy().tolist())
print(restored.double(tf.constant(4)).numpy(), restored.double(tf.constant([0.5, 1.])).numpy().tolist())
print(restored.double(5).numpy(), restored.double([1., 2.]).numpy().tolist())
show_error("a dtype no concrete function takes", lambda: restored.double(tf.constant(1, tf.int64)))
both = restored.both(inputs)
print(type(both).__name__, [t.numpy().tolist() for t in both])
print(isinstance(restored.layers, list), len(restored.layers), restored.layers[1].w.numpy().tolist())
print(restored.layers[0](tf.constant([[1., 1., 1.]])).numpy().tolist())
print(sorted(restored.extras), restored.extras["scale"].numpy(), restored.extras["count"].numpy())
print(restored.extras["scale"].trainable, restored.layers[0].b.trainable, restored.extras["count"].dtype.name)
print(list(restored.signatures.keys()))
print(values(restored.signatures['serving_default'](x=inputs)))

# Variables changed and saved again: the new values are saved, the old SavedModel keeps its own.
model.layers[1].b.assign([10., -10.])
model.extras["scale"].assign(0.5)
tf.saved_model.save(model, model_path)
again = tf.saved_model.load(model_path)
print(again(inputs).numpy().tolist(), again.layers[1].b.numpy().tolist())
print(tf.saved_model.load(module_no_signatures_path).v.numpy())
again.layers[0].w.assign(tf.zeros([3, 4]))
print(again(inputs).numpy().tolist())

# A Keras model: Keras 3's serving signature, "inputs" to "output_0".
keras_model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2, activation="tanh")])
keras_model.layers[0].set_weights([np.arange(6, dtype=np.float32).reshape(3, 2) / 10., np.ones(2, np.float32)])
keras_path = os.path.join(tmpdir, 'keras')
tf.saved_model.save(keras_model, keras_path)
keras_loaded = tf.saved_model.load(keras_path)
print(list(keras_loaded.signatures.keys()), keras_loaded.signatures['serving_default'].structured_input_signature)
print(values(keras_loaded.signatures['serving_default'](inputs=inputs)))

# tf.functions never called before saving: one with an input_signature is traced for it (and, the
# root's only one, becomes serving_default); one without is saved with no concrete function, and
# the loaded one raises when called.
class Untraced(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(3.)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def scale(self, x):
        return x * self.v

    @tf.function
    def shift(self, x):
        return x + self.v


untraced = Untraced()
untraced_path = os.path.join(tmpdir, 'untraced')
tf.saved_model.save(untraced, untraced_path)
print(untraced.scale.experimental_get_tracing_count(), untraced.shift.experimental_get_tracing_count())
loaded_untraced = tf.saved_model.load(untraced_path)
print(loaded_untraced.scale(tf.constant([1., -2.])).numpy().tolist())
print(list(loaded_untraced.signatures.keys()))
print(values(loaded_untraced.signatures['serving_default'](x=tf.constant([0.5]))))
print(hasattr(loaded_untraced, 'shift'))
show_error("calling a function saved without being traced", lambda: loaded_untraced.shift(tf.constant(1.)))

# Python arguments: each trace is saved with the Python values it was called with, and a restored
# function binds a call to its parameters (defaults applied) and runs the trace they match.
class Flagged(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(2.0)

    @tf.function
    def f(self, x, training=False, scale=1):
        if training:
            return x * self.v * scale
        return x + scale


flagged = Flagged()
print(flagged.f(tf.constant(1.0)).numpy(), flagged.f(tf.constant(1.0), training=True).numpy(),
      flagged.f(tf.constant(1.0), True, 3).numpy())
flagged_path = os.path.join(tmpdir, 'flagged')
tf.saved_model.save(flagged, flagged_path)
restored_flagged = tf.saved_model.load(flagged_path)
print(restored_flagged.f(tf.constant(5.0)).numpy(), restored_flagged.f(tf.constant(5.0), training=True).numpy(),
      restored_flagged.f(tf.constant(5.0), True, 3).numpy(), restored_flagged.f(tf.constant(5.0), False).numpy())
print(restored_flagged.f(5.0, scale=3, training=True).numpy(), restored_flagged.f(x=tf.constant(5.0)).numpy(),
      restored_flagged.f(tf.constant(5.0), 1).numpy(), restored_flagged.f(np.float32(2.0), True).numpy())
show_error("Python values no trace had", lambda: restored_flagged.f(tf.constant(5.0), True, 4))
show_error("a tensor where a Python value was", lambda: restored_flagged.f(tf.constant(5.0), tf.constant(True)))
show_error("an unknown keyword", lambda: restored_flagged.f(tf.constant(5.0), foo=1))
show_error("a missing argument", lambda: restored_flagged.f())
show_error("too many arguments", lambda: restored_flagged.f(1., False, 1, 2))


# A Keras-like `training` flag (None by default), keyword-only options and nested Python values.
class Block(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([[1., 2.], [3., 4.]])

    @tf.function
    def __call__(self, inputs, training=None):
        y = tf.matmul(inputs, self.w)
        if training:
            return y * 0.5
        return y

    @tf.function
    def mix(self, x, weights=(1.0, 2.0), *, mode="sum", options=None):
        total = x * weights[0] + x * weights[1]
        if mode == "sum":
            return tf.reduce_sum(total)
        if options and options["square"]:
            return total * total
        return total


block = Block()
data = tf.constant([[1., 0.], [0., 1.]])
print(block(data).numpy().tolist(), block(data, training=True).numpy().tolist(), block(data, False).numpy().tolist())
print(block.mix(tf.constant([1., 2.])).numpy(), block.mix(tf.constant([1., 2.]), [0.5, 0.5], mode="keep").numpy().tolist(),
      block.mix(tf.constant([1., 2.]), mode="keep", options={"square": True, "name": "sq"}).numpy().tolist())
block_path = os.path.join(tmpdir, 'block')
tf.saved_model.save(block, block_path)
restored_block = tf.saved_model.load(block_path)
print(restored_block(data).numpy().tolist(), restored_block(data, training=True).numpy().tolist(),
      restored_block(data, training=False).numpy().tolist(), restored_block(inputs=data, training=None).numpy().tolist())
print(restored_block.mix(tf.constant([3., 4.])).numpy(),
      restored_block.mix(tf.constant([3., 4.]), [0.5, 0.5], mode="keep").numpy().tolist(),
      restored_block.mix(tf.constant([3., 4.]), options={"name": "sq", "square": True}, mode="keep").numpy().tolist())
show_error("a list where a tuple was", lambda: restored_block.mix(tf.constant([3., 4.]), [1.0, 2.0]))
show_error("a dict with another value", lambda: restored_block.mix(
    tf.constant([3., 4.]), mode="keep", options={"square": False, "name": "sq"}))
show_error("another shape", lambda: restored_block(tf.constant([1., 2.]), training=True))

# What cannot be saved or loaded.
show_error("saving a number", lambda: tf.saved_model.save(3, os.path.join(tmpdir, 'number')))
show_error("saving a list of variables", lambda: tf.saved_model.save([tf.Variable(1.)], os.path.join(tmpdir, 'list')))
show_error("a signature without an input_signature",
           lambda: tf.saved_model.save(model, os.path.join(tmpdir, 'bad'), signatures=model.double))
show_error("loading a missing directory", lambda: tf.saved_model.load(os.path.join(tmpdir, 'missing')))
print(tf.saved_model.contains_saved_model(os.path.join(tmpdir, 'missing')))
tf.saved_model.save(module, os.path.join(tmpdir, 'with_options'), options=tf.saved_model.SaveOptions())
print(tf.saved_model.load(os.path.join(tmpdir, 'with_options'))(tf.constant(2.)).numpy())
# The names of a SavedModel's files, tags and signature keys.
print(tf.saved_model.SERVING, tf.saved_model.TRAINING, tf.saved_model.DEFAULT_SERVING_SIGNATURE_DEF_KEY,
      tf.saved_model.SAVED_MODEL_FILENAME_PB, tf.saved_model.VARIABLES_DIRECTORY, tf.saved_model.ASSETS_DIRECTORY,
      tf.saved_model.PREDICT_METHOD_NAME, tf.saved_model.SAVED_MODEL_SCHEMA_VERSION)
print(sorted(os.listdir(os.path.join(tmpdir, 'with_options', tf.saved_model.VARIABLES_DIRECTORY))))
