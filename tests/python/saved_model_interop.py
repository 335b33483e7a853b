"""SavedModels between tfpp's Python front end and TensorFlow 2.21 / Keras 3, both ways. Each step runs
under one library and leaves SavedModels plus the outputs it computed (expected.json) for the
other to check, including a tf.function traced with Python arguments that the reader calls with
them (exchange.sh runs the steps in order):

    saved_model_interop.py save DIR    writer: saves DIR/writer_is_<library> models, records outputs
    saved_model_interop.py check DIR   reader: loads the other library's models, compares outputs

The models: a module with nested modules, lists, dicts and signatures, one whose tf.functions
were never called before saving (Untraced), a stateless shuffle with a symbolic seed (Shuffled), sparse writes to a variable (Scattered); both sides also export Keras models (model.export: a
Sequential, and Functional models of a list and of a dict of inputs), which the other loads and
runs through `serve` and `serving_default`."""
import importlib
import json
import os
import sys

import numpy as np

tf = importlib.import_module(os.environ.get("TFPP_TEST_MODULE", "tensorflow"))
LIBRARY = tf.__name__
INPUTS = [[1.0, 2.0, 3.0], [0.0, -1.0, 2.0]]


class Dense(tf.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
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
        self.extras = {"scale": tf.Variable(2.0, trainable=False)}

    @tf.function
    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x * self.extras["scale"]

    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
    def named(self, x):
        return {"out": self(x), "total": tf.reduce_sum(x), "running": tf.math.cumsum(x, axis=1, reverse=True),
                "products": tf.math.cumprod(x, axis=0, exclusive=True)}


class Untraced(tf.Module):
    """tf.functions never called before saving: `scale` is traced for its input_signature (and is
    the default serving signature), `shift` is saved with no concrete function."""

    def __init__(self):
        super().__init__()
        self.v = tf.Variable(3.)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def scale(self, x):
        return x * self.v

    @tf.function
    def shift(self, x):
        return x + self.v


class Shuffled(tf.Module):
    """Stateless randomness with a symbolic seed: StatelessRandomGetKeyCounter and StatelessShuffle,
    whose key and counter are uint64 in TensorFlow's graphs."""

    @tf.function(input_signature=[tf.TensorSpec([None], tf.int32), tf.TensorSpec([2], tf.int32)])
    def f(self, x, seed):
        return tf.random.experimental.stateless_shuffle(x, seed)


class Scattered(tf.Module):
    """Sparse writes to a variable (ResourceScatterAdd, ResourceScatterMul, ResourceScatterNdMax ...),
    each run at every call of the loaded function."""

    def __init__(self):
        super().__init__()
        self.v = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def bump(self, x):
        self.v.scatter_add(tf.IndexedSlices(tf.fill([2, 2], x), tf.constant([0, 0])))
        self.v.scatter_mul(tf.IndexedSlices(tf.fill([1, 2], x), tf.constant([2])))
        self.v.scatter_update(tf.IndexedSlices(tf.fill([1, 2], -x), tf.constant([1])))
        self.v.scatter_nd_max([[1, 1]], tf.reshape(x, [1]))
        self.v.scatter_nd_sub([[2]], tf.fill([1, 2], x))
        return self.v.read_value()


class Flagged(tf.Module):
    """A tf.function with Python arguments, traced for three of their values."""

    def __init__(self):
        super().__init__()
        self.v = tf.Variable(2.0)

    @tf.function
    def f(self, x, training=False, scale=1, *, options=None):
        if training:
            return x * self.v * scale
        if options and options["shift"]:
            return x - scale
        return x + scale


# The calls each library makes of the other's Flagged, by name: (args, kwargs) after x.
FLAGGED_CALLS = {"default": ((), {}), "training": ((), {"training": True}), "scaled": ((True, 3), {}),
                 "positional_false": ((False,), {}), "options": ((), {"options": {"shift": True}})}


def keras_models():
    """Keras models to export, with weights from a formula, and their inputs."""
    keras = tf.keras
    x = tf.constant(INPUTS)
    sequential = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, activation="tanh")])
    a, b = keras.Input((3,), name="a"), keras.Input((1,), name="b")
    merged = keras.layers.Concatenate()([a, b])
    listed = keras.Model([a, b], [keras.layers.Dense(2)(merged), keras.layers.Dense(1)(merged)])
    by_key = keras.Model({"left": a, "right": b}, {"sum": keras.layers.Dense(1)(merged)})
    for model in (sequential, listed, by_key):
        model.set_weights([np.cos(np.arange(w.size) + 1.0).reshape(w.shape).astype(np.float32) / 2
                           for w in model.get_weights()])
    y = tf.constant([[0.5], [-1.0]])
    return {"keras": (sequential, x), "keras_list": (listed, [x, y]), "keras_dict": (by_key, {"left": x, "right": y})}


def save(directory):
    """Saves the module (and, under TensorFlow, an exported Keras model) with the outputs computed."""
    model = Model()
    x = tf.constant(INPUTS)
    expected = {"call": model(x).numpy().tolist(), "layer0": model.layers[0](x).numpy().tolist(),
                "named": {k: v.numpy().tolist() for k, v in model.named(x).items()},
                "w": model.layers[1].w.numpy().tolist(), "scale": float(model.extras["scale"].numpy())}
    tf.saved_model.save(model, os.path.join(directory, "module"),
                        signatures={"serving_default": model.named, "call": model.__call__.get_concrete_function(
                            tf.TensorSpec([None, 3], tf.float32))})
    untraced = Untraced()
    tf.saved_model.save(untraced, os.path.join(directory, "untraced"))
    expected["untraced.scale"] = untraced.scale(x[0]).numpy().tolist()
    shuffled = Shuffled()
    tf.saved_model.save(shuffled, os.path.join(directory, "shuffled"))
    expected["shuffled"] = shuffled.f(tf.range(10), tf.constant([7, 11])).numpy().tolist()
    scattered = Scattered()
    tf.saved_model.save(scattered, os.path.join(directory, "scattered"))
    expected["scattered"] = [scattered.bump(tf.constant(2.0)).numpy().tolist() for _ in range(2)]
    flagged = Flagged()
    for name in ("default", "training", "scaled", "options"):
        args, kwargs = FLAGGED_CALLS[name]
        flagged.f(tf.constant(5.0), *args, **kwargs)
    expected["flagged"] = {name: float(flagged.f(tf.constant(5.0), *args, **kwargs).numpy())
                           for name, (args, kwargs) in FLAGGED_CALLS.items()}
    tf.saved_model.save(flagged, os.path.join(directory, "flagged"))
    for name, (keras_model, inputs) in keras_models().items():
        keras_model.export(os.path.join(directory, name), verbose=False)
        outputs = keras_model(inputs)
        expected[name] = {k: v.numpy().tolist() for k, v in outputs.items()} if isinstance(outputs, dict) else (
            [v.numpy().tolist() for v in outputs] if isinstance(outputs, list) else outputs.numpy().tolist())
    with open(os.path.join(directory, "expected.json"), "w") as f:
        json.dump(expected, f)


def close(a, b, what):
    if not np.allclose(np.asarray(a), np.asarray(b), rtol=1e-6, atol=1e-6):
        raise AssertionError("%s: %s loaded %r, the writer computed %r" % (what, LIBRARY, a, b))


def check(directory):
    """Loads the other library's models and compares every output with the writer's."""
    with open(os.path.join(directory, "expected.json")) as f:
        expected = json.load(f)
    x = tf.constant(INPUTS)
    loaded = tf.saved_model.load(os.path.join(directory, "module"))
    close(loaded(x).numpy(), expected["call"], "__call__")
    close(loaded.layers[0](x).numpy(), expected["layer0"], "layers[0].__call__")
    for key, value in loaded.named(x).items():
        close(value.numpy(), expected["named"][key], "named()[%r]" % key)
    close(loaded.layers[1].w.numpy(), expected["w"], "layers[1].w")
    close(loaded.extras["scale"].numpy(), expected["scale"], "extras['scale']")
    assert isinstance(loaded.layers, list), type(loaded.layers)
    assert isinstance(loaded.extras, dict), type(loaded.extras)
    assert sorted(loaded.signatures) == ["call", "serving_default"], list(loaded.signatures)
    for key, value in loaded.signatures["serving_default"](x=x).items():
        close(value.numpy(), expected["named"][key], "signature serving_default[%r]" % key)
    close(loaded.signatures["call"](x=x)["output_0"].numpy(), expected["call"], "signature call")
    untraced = tf.saved_model.load(os.path.join(directory, "untraced"))
    close(untraced.scale(x[0]).numpy(), expected["untraced.scale"], "untraced.scale")
    assert list(untraced.signatures) == ["serving_default"], list(untraced.signatures)
    close(untraced.signatures["serving_default"](x=x[0])["output_0"].numpy(), expected["untraced.scale"],
          "untraced signature serving_default")
    try:
        untraced.shift(x[0])
        raise AssertionError("untraced.shift, saved with no concrete function, ran")
    except ValueError as e:
        assert str(e) == "Found zero restored functions for caller function.", e
    shuffled = tf.saved_model.load(os.path.join(directory, "shuffled"))
    close(shuffled.f(tf.range(10), tf.constant([7, 11])).numpy(), expected["shuffled"], "shuffled.f")
    scattered = tf.saved_model.load(os.path.join(directory, "scattered"))
    for k, want in enumerate(expected["scattered"]):
        close(scattered.bump(tf.constant(2.0)).numpy(), want, "scattered.bump call %d" % k)
    flagged = tf.saved_model.load(os.path.join(directory, "flagged"))
    for name, (args, kwargs) in FLAGGED_CALLS.items():
        close(flagged.f(tf.constant(5.0), *args, **kwargs).numpy(), expected["flagged"][name], "flagged.f " + name)
    try:
        flagged.f(tf.constant(5.0), True, 4)
    except ValueError:
        pass
    else:
        raise AssertionError("flagged.f(x, True, 4): %s matched a trace the writer never made" % LIBRARY)
    y = tf.constant([[0.5], [-1.0]])
    for name, inputs, feed in (("keras", x, None), ("keras_list", [x, y], {"a": x, "b": y}),
                               ("keras_dict", {"left": x, "right": y}, {"a": x, "b": y})):
        exported = tf.saved_model.load(os.path.join(directory, name))
        assert sorted(exported.signatures) == ["serve", "serving_default"], list(exported.signatures)
        if LIBRARY == "tensorflow":  # tfpp's loader lists a variable under its first path only
            assert len(exported.variables) == len(exported.trainable_variables) > 0, name
        served = exported.serve(inputs)
        want = expected[name]
        if isinstance(want, dict):
            for key in want:
                close(served[key].numpy(), want[key], "%s's serve[%r]" % (name, key))
        elif name == "keras_list":
            for got, value in zip(served, want):
                close(got.numpy(), value, "%s's serve" % name)
        else:
            close(served.numpy(), want, "%s's serve" % name)
        serving = exported.signatures["serving_default"]
        if feed is None:
            (input_name,) = serving.structured_input_signature[1]
            feed = {input_name: x}
        outputs = serving(**feed)
        if isinstance(want, dict):
            for key in want:
                close(outputs[key].numpy(), want[key], "%s's serving_default[%r]" % (name, key))
        else:
            for k, value in enumerate(want if name == "keras_list" else [want]):
                close(outputs["output_%d" % k].numpy(), value, "%s's serving_default output_%d" % (name, k))
    print("%s loaded %s's SavedModels and got its outputs" % (LIBRARY, "tfpp" if LIBRARY == "tensorflow" else
                                                                "TensorFlow"))


if __name__ == "__main__":
    {"save": save, "check": check}[sys.argv[1]](sys.argv[2])
