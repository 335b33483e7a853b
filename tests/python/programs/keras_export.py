"""Keras 3's model.export(format="tf_saved_model") and keras.export.ExportArchive: a SavedModel
with the endpoint `serve` (the model's call for its inputs) and the signatures `serve` and
`serving_default`, for Functional models of one input, a list and a dict of inputs, a Sequential
and a subclassed model, loaded back with tf.saved_model.load; the message export prints (its
object ids masked), the endpoints' outputs against the model's, and the errors of bad arguments.
(python.saved_model_interop has TensorFlow load tfpp's exports and the other way round.)"""
import contextlib
import io
import os
import re
import tempfile

import numpy as np

from harness import show_error, tf

keras = tf.keras
layers = keras.layers


def fixed_weights(model):
    weights = []
    for i, w in enumerate(model.get_weights()):
        size = int(np.prod(w.shape))
        weights.append((0.6 + 0.4 * np.sin(np.arange(size) * 0.7 + i)).reshape(w.shape).astype(np.float32))
    model.set_weights(weights)
    return model


def rounded(t):
    if isinstance(t, (list, tuple)):
        return [rounded(item) for item in t]
    return np.round(np.asarray(t, dtype=np.float64), 4).tolist()


def export_text(model, path, **kwargs):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        model.export(path, **kwargs)
    return re.sub(r"\b\d{6,}\b", "<id>", out.getvalue().replace(path, "<dir>"))


def show_export(label, directory, model, inputs, feed):
    """Exports `model`, loads it back and calls `serve` with `inputs` and serving_default with
    `feed` (by the signature's input names)."""
    path = os.path.join(directory, label)
    print(export_text(model, path))
    loaded = tf.saved_model.load(path)
    print(label, "signatures", sorted(loaded.signatures))
    served = loaded.serve(inputs)
    expected = model(inputs)
    if isinstance(expected, dict):
        print(label, "serve", {k: rounded(v) for k, v in sorted(served.items())},
              all(np.allclose(served[k], expected[k], atol=1e-6) for k in expected))
    elif isinstance(expected, list):
        print(label, "serve", rounded(served), all(np.allclose(s, e, atol=1e-6) for s, e in zip(served, expected)))
    else:
        print(label, "serve", rounded(served), np.allclose(served, expected, atol=1e-6))
    serving = loaded.signatures["serving_default"]
    names = sorted(serving.structured_input_signature[1])
    outputs = serving(**{k: tf.constant(v) for k, v in feed.items()})
    print(label, "serving_default", names, {k: rounded(v) for k, v in sorted(outputs.items())})
    return loaded


rng = np.random.RandomState(2)
x = rng.rand(2, 3).astype(np.float32)
z = rng.rand(2, 2).astype(np.float32)

with tempfile.TemporaryDirectory() as directory:
    inputs = keras.Input((3,), name="features")
    single = fixed_weights(keras.Model(inputs, layers.Dense(2, activation="tanh", name="dense")(inputs)))
    show_export("single", directory, single, x, {"features": x})

    a, b = keras.Input((3,), name="a"), keras.Input((2,), name="b")
    merged = layers.Concatenate(name="cat")([a, b])
    two = fixed_weights(keras.Model([a, b], [layers.Dense(1, name="o1")(merged), layers.Dense(2, name="o2")(merged)]))
    show_export("list", directory, two, [x, z], {"a": x, "b": z})

    by_key = fixed_weights(keras.Model({"first": a, "second": b},
                                       {"score": layers.Dense(1, name="score")(merged)}))
    show_export("dict", directory, by_key, {"first": x, "second": z}, {"a": x, "b": z})

    sequential = fixed_weights(keras.Sequential([keras.Input((3,), name="seq_in"), layers.Dense(4, name="d1"),
                                                 layers.BatchNormalization(name="bn"), layers.Dense(1, name="d2")]))
    show_export("sequential", directory, sequential, x, {"seq_in": x})

    # ---- keras.export.ExportArchive ------------------------------------------------------------
    archive = keras.export.ExportArchive()
    archive.track(single)
    archive.add_endpoint("predict", single.__call__, input_signature=[tf.TensorSpec((None, 3), tf.float32, name="x")])
    archive.add_endpoint("double", lambda t: single(t) * 2.0,
                         input_signature=[tf.TensorSpec((None, 3), tf.float32, name="x")])
    archive.add_variable_collection("extras", [tf.Variable([1.5, -2.0], name="extra")])
    path = os.path.join(directory, "archive")
    archive.write_out(path, verbose=False)
    loaded = tf.saved_model.load(path)
    print("archive", sorted(loaded.signatures), len(loaded.extras), rounded(loaded.extras[0]))
    print("archive predict", rounded(loaded.predict(x)), "double", rounded(loaded.double(x)))
    print("archive serving_default", {k: rounded(v) for k, v in
                                      loaded.signatures["serving_default"](x=tf.constant(x)).items()})

    show_error("an unknown format", lambda: single.export(os.path.join(directory, "bad"), format="zip"))
    show_error("an endpoint name twice", lambda: archive.add_endpoint(
        "predict", single.__call__, input_signature=[tf.TensorSpec((None, 3), tf.float32)]))
    show_error("an endpoint without a signature", lambda: keras.export.ExportArchive().add_endpoint(
        "f", lambda t: t))
    show_error("write_out without endpoints", lambda: keras.export.ExportArchive().write_out(
        os.path.join(directory, "empty")))
    show_error("a collection that is not a list", lambda: archive.add_variable_collection("v", single.weights[0]))
    show_error("an unbuilt layer", lambda: keras.export.ExportArchive().track(layers.Dense(2)))
