"""Functional models with Keras 3's operation nodes (KerasTensor arithmetic, indexing, matmul with an
array, keras.ops with config arguments, an op on a list of tensors, several outputs), saved as
.keras by one library and loaded by the other, both ways (exchange.sh runs the steps in order):

    keras_op_nodes_exchange.py save DIR    writer: saves DIR/ops.keras, records predictions and config
    keras_op_nodes_exchange.py check DIR   reader: loads it, compares predictions, config and layers"""
import importlib
import json
import os
import sys

import numpy as np

tf = importlib.import_module(os.environ.get("TFPP_TEST_MODULE", "tensorflow"))
keras = tf.keras
ops = keras.ops
X = (np.arange(24, dtype=np.float32).reshape(6, 4) % 7) / 3.0 - 1.0
Y = (np.arange(24, dtype=np.float32).reshape(6, 4) % 5) / 2.0


def build():
    x = keras.Input((4,), name="x")
    y = keras.Input((4,), name="y")
    h = keras.layers.Dense(3, name="dense_in")(x * 2.0 - y)
    mixed = ops.concatenate([h, (x / 4.0)[:, 1:3]], axis=-1) @ np.linspace(-1.0, 1.0, 10, dtype=np.float32).reshape(5, 2)
    pooled = ops.mean(ops.reshape(ops.abs(mixed) + 1.0, (-1, 2, 1)), axis=2)
    gate = ops.cast(pooled > 1.5, "float32")
    out = keras.layers.Dense(2, name="dense_out")(ops.softmax(pooled * gate + ops.square(h[:, :2]), axis=-1))
    return keras.Model([x, y], [out, ops.sum(h, axis=1, keepdims=True)], name="op_nodes")


def op_entries(model):
    return [entry for entry in model.get_config()["layers"] if entry["module"].startswith("keras.src.ops")]


def save(directory):
    model = build()
    model.compile(optimizer=keras.optimizers.SGD(0.05), loss=["mse", "mse"])
    model.fit([X, Y], [np.ones((6, 2), np.float32), np.zeros((6, 1), np.float32)], epochs=2, verbose=0)
    model.save(os.path.join(directory, "ops.keras"))
    record = {"predictions": [np.asarray(p).tolist() for p in model.predict([X, Y], verbose=0)],
              "ops": op_entries(model), "layers": [layer.name for layer in model.layers]}
    with open(os.path.join(directory, "ops.json"), "w") as f:
        json.dump(record, f)


def check(directory):
    with open(os.path.join(directory, "ops.json")) as f:
        record = json.load(f)
    model = keras.models.load_model(os.path.join(directory, "ops.keras"))
    for got, want in zip(model.predict([X, Y], verbose=0), record["predictions"]):
        np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-5, atol=1e-6)
    assert json.loads(json.dumps(op_entries(model))) == record["ops"], (op_entries(model), record["ops"])
    assert [layer.name for layer in model.layers] == record["layers"], [layer.name for layer in model.layers]
    # The reader's own model of the same code writes the same op nodes (names, configs, arguments).
    ours = json.loads(json.dumps(op_entries(build())))
    assert [e["class_name"] for e in ours] == [e["class_name"] for e in record["ops"]]
    print(tf.__name__, "loaded", len(record["ops"]), "op nodes:", " ".join(e["name"] for e in record["ops"]))


if __name__ == "__main__":
    {"save": save, "check": check}[sys.argv[1]](sys.argv[2])
