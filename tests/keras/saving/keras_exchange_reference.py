"""Keras 3's side of tfpp's file-exchange tests (tests/keras/saving/keras_exchange_test.cc).

    python keras_exchange_reference.py save KIND DIR   # build, compile, train, save DIR/keras.keras
    python keras_exchange_reference.py load KIND FILE DIR   # keras.models.load_model(FILE)

`save` writes the data both sides use as .npy files in DIR (pred_I.npy: the inputs predictions
are compared on; train_I.npy and target.npy: the data of the epochs), trains the model KIND one
epoch and saves it. Both modes then print the model's state: "pred I HEX" per output of
predict (HEX: float32 little-endian bytes) and "compile JSON" (the compile config); then, for
compiled models, "---" and, after one more epoch, "weight J HEX" per model weight, "opt J HEX"
per optimizer variable and "eval NAME VALUE" per evaluate() result.
"""
import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("KERAS_BACKEND", "tensorflow")

import numpy as np  # noqa: E402
import keras  # noqa: E402
from keras import layers  # noqa: E402

schedules = keras.optimizers.schedules
metrics = keras.metrics


def pattern(shape, offset, scale=0.25):
    i = np.arange(int(np.prod(shape)), dtype=np.int64) + offset
    return (((i % 7) * scale) - 0.75).astype(np.float32).reshape(shape)


def ids(shape, offset, vocab):
    # Token ids with zeros (padding) at the ends of some rows.
    i = np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape) + offset
    out = (i * 3 % (vocab - 1) + 1).astype(np.int32)
    for row in range(shape[0]):
        out[row, shape[1] - (row % 3):] = 0
    return out


def binary_targets(rows):
    return (np.arange(rows) % 3 == 0).astype(np.float32).reshape(rows, 1)


def build(kind):
    """(model, compile arguments or None, predict inputs, train inputs, targets)."""
    if kind == "schedule_exponential":
        model = keras.Sequential([keras.Input((4,)), layers.Dense(6, activation="tanh"), layers.Dense(1, activation="sigmoid")])
        compile_args = dict(
            optimizer=keras.optimizers.Adam(schedules.ExponentialDecay(0.05, 3, 0.5, staircase=True)),
            loss="binary_crossentropy",
            metrics=[metrics.Precision(thresholds=[0.4]), metrics.Recall(thresholds=0.6), metrics.AUC(),
                     metrics.AUC(curve="PR", num_thresholds=50, name="pr_auc"), "accuracy"])
        return model, compile_args, [pattern((5, 4), 3)], [pattern((12, 4), 0)], binary_targets(12)
    if kind == "schedule_piecewise":
        model = keras.Sequential([keras.Input((4,)), layers.Dense(3, activation="softmax")])
        compile_args = dict(
            optimizer=keras.optimizers.SGD(schedules.PiecewiseConstantDecay([2, 4], [0.1, 0.05, 0.01]), momentum=0.9),
            loss="sparse_categorical_crossentropy",
            metrics=[metrics.MeanIoU(3, sparse_y_pred=False), metrics.SparseTopKCategoricalAccuracy(k=2)])
        target = (np.arange(12) % 3).astype(np.int64).reshape(12, 1)
        return model, compile_args, [pattern((5, 4), 3)], [pattern((12, 4), 0)], target
    if kind == "schedule_cosine":
        model = keras.Sequential([keras.Input((4,)), layers.Dense(2)])
        compile_args = dict(
            optimizer=keras.optimizers.RMSprop(schedules.CosineDecay(0.01, 6, alpha=0.1, warmup_target=0.05, warmup_steps=2)),
            loss="mse", metrics=[metrics.RootMeanSquaredError(), metrics.Precision(top_k=1, class_id=1, name="p1")])
        return model, compile_args, [pattern((5, 4), 3)], [pattern((12, 4), 0)], pattern((12, 2), 2)
    if kind == "schedule_polynomial":
        model = keras.Sequential([keras.Input((4,)), layers.Dense(2)])
        compile_args = dict(optimizer=keras.optimizers.Adagrad(schedules.PolynomialDecay(0.1, 5, 0.01, power=2.0, cycle=True)),
                            loss="mae", metrics=[metrics.MeanAbsoluteError()])
        return model, compile_args, [pattern((5, 4), 3)], [pattern((12, 4), 0)], pattern((12, 2), 2)
    if kind == "schedule_inverse_time":
        model = keras.Sequential([keras.Input((4,)), layers.Dense(2)])
        compile_args = dict(optimizer=keras.optimizers.Nadam(schedules.InverseTimeDecay(0.02, 2, 0.5, staircase=True)),
                            loss="mse")
        return model, compile_args, [pattern((5, 4), 3)], [pattern((12, 4), 0)], pattern((12, 2), 2)
    adam_mse = dict(optimizer=keras.optimizers.Adam(0.01), loss="mse")
    if kind == "bidirectional":
        x = keras.Input((5, 3))
        h = layers.Bidirectional(layers.LSTM(4, return_sequences=True))(x)
        y = layers.Bidirectional(layers.GRU(2), merge_mode="sum")(h)
        return keras.Model(x, y), adam_mse, [pattern((4, 5, 3), 3)], [pattern((8, 5, 3), 0)], pattern((8, 2), 2)
    if kind == "time_distributed":
        model = keras.Sequential([keras.Input((5, 3)), layers.TimeDistributed(layers.Dense(4, activation="relu")),
                                  layers.Conv1D(2, 2), layers.GlobalAveragePooling1D()])
        return model, adam_mse, [pattern((4, 5, 3), 3)], [pattern((8, 5, 3), 0)], pattern((8, 2), 2)
    if kind == "embedding_mask":
        x = keras.Input((6,), dtype="int32")
        h = layers.Embedding(10, 4, mask_zero=True)(x)
        h = layers.LSTM(3, return_sequences=True)(h)
        y = layers.GRU(2)(h)
        # SGD: Adam on an Embedding's repeated rows is a known deviation (README).
        sgd = dict(optimizer=keras.optimizers.SGD(0.1, momentum=0.9), loss="mse")
        return keras.Model(x, y), sgd, [ids((4, 6), 3, 10)], [ids((8, 6), 0, 10)], pattern((8, 2), 2)
    if kind == "masking":
        x = keras.Input((5, 3))
        h = layers.Masking(0.25)(x)
        y = layers.SimpleRNN(2)(h)
        return keras.Model(x, y), adam_mse, [pattern((4, 5, 3), 3)], [pattern((8, 5, 3), 0)], pattern((8, 2), 2)
    if kind == "attention_call":
        q = keras.Input((4, 3))
        v = keras.Input((5, 3))
        a, scores = layers.Attention(use_scale=True)([q, v], use_causal_mask=True, return_attention_scores=True)
        b = layers.AdditiveAttention()([q, v, v])
        return keras.Model([q, v], [a, scores, b]), None, [pattern((2, 4, 3), 3), pattern((2, 5, 3), 5)], [], None
    if kind == "attention_mask":
        q_ids = keras.Input((4,), dtype="int32")
        v_ids = keras.Input((5,), dtype="int32")
        q = layers.Embedding(10, 3, mask_zero=True)(q_ids)
        v = layers.Embedding(10, 3, mask_zero=True)(v_ids)
        y = layers.Attention()([q, v])
        y = layers.MultiHeadAttention(2, 2)(y, v, use_causal_mask=False)
        return keras.Model([q_ids, v_ids], y), None, [ids((3, 4), 1, 10), ids((3, 5), 2, 10)], [], None
    if kind == "mha_call":
        q = keras.Input((4, 6))
        v = keras.Input((4, 6))
        k = keras.Input((4, 6))
        a, s = layers.MultiHeadAttention(2, 3)(q, v, key=k, use_causal_mask=True, return_attention_scores=True)
        return keras.Model([q, v, k], [a, s]), None, [pattern((2, 4, 6), 1), pattern((2, 4, 6), 2), pattern((2, 4, 6), 4)], [], None
    if kind == "ops":
        x = keras.Input((5, 3))
        y = keras.Input((5, 3))
        h = layers.Dense(3)(x) * 2.0 + y
        h = keras.ops.tanh(h) - keras.ops.abs(y) / 4.0
        h = keras.ops.maximum(keras.ops.mean(h, axis=1), -0.5)
        return (keras.Model([x, y], h), adam_mse, [pattern((4, 5, 3), 3), pattern((4, 5, 3), 5)],
                [pattern((8, 5, 3), 0), pattern((8, 5, 3), 1)], pattern((8, 3), 2))
    if kind == "dict_io":
        # Inputs and outputs by keys that are not the tensors' names; arrays in sorted key order.
        a = keras.Input((3,), name="a")
        b = keras.Input((2,), name="b")
        h = layers.Dense(4, activation="relu")(layers.Concatenate()([a, b]))
        model = keras.Model({"right": b, "left": a}, {"score": layers.Dense(1, name="score")(h)})
        return (model, adam_mse, [pattern((4, 3), 3), pattern((4, 2), 5)], [pattern((8, 3), 0), pattern((8, 2), 1)],
                pattern((8, 1), 2))
    raise SystemExit(f"unknown model kind {kind}")


def functional(model):
    """Whether `model` may take dicts: not a Sequential, which may not be built yet (and then has no
    `input`)."""
    return not isinstance(model, keras.Sequential)


def structured(model, arrays):
    """Inputs as the model takes them: a dict by its sorted keys for a model of a dict of inputs."""
    if functional(model) and isinstance(model.input, dict):
        return dict(zip(sorted(model.input), arrays))
    return arrays if len(arrays) > 1 else arrays[0]


def targets(model, target):
    """Targets as the model takes them: a dict by its output's key for a model of a dict of outputs."""
    return {key: target for key in model.output} if functional(model) and isinstance(model.output, dict) else target


def hex_of(a):
    return np.ascontiguousarray(a).tobytes().hex()


def describe(model, pred_inputs):
    preds = model.predict(structured(model, pred_inputs), verbose=0)
    preds = [preds[k] for k in sorted(preds)] if isinstance(preds, dict) else preds
    preds = preds if isinstance(preds, (list, tuple)) else [preds]
    for i, p in enumerate(preds):
        print(f"pred {i} {hex_of(np.asarray(p, dtype=np.float32))}")
    print("compile " + json.dumps(model.get_compile_config() if model.compiled else None))


def resume(model, train, target):
    if not model.compiled:
        return
    print("---")
    x = structured(model, train)
    target = targets(model, target)
    model.fit(x, target, batch_size=4, epochs=1, shuffle=False, verbose=0)
    for j, w in enumerate(model.weights):
        print(f"weight {j} {hex_of(np.asarray(w))}")
    for j, v in enumerate(model.optimizer.variables):
        print(f"opt {j} {hex_of(np.asarray(v))}")
    for name, value in model.evaluate(x, target, batch_size=4, verbose=0, return_dict=True).items():
        print(f"eval {name} {float(np.asarray(value).reshape(-1)[0])!r}")


def main():
    mode, kind = sys.argv[1:3]
    keras.utils.set_random_seed(7)
    model, compile_args, pred, train, target = build(kind)
    if mode == "save":
        out = sys.argv[3]
        for i, x in enumerate(pred):
            np.save(os.path.join(out, f"pred_{i}.npy"), x)
        for i, x in enumerate(train):
            np.save(os.path.join(out, f"train_{i}.npy"), x)
        np.save(os.path.join(out, "target.npy"), target)
        if compile_args is not None:
            model.compile(**compile_args)
            model.fit(structured(model, train), targets(model, target), batch_size=4, epochs=1, shuffle=False, verbose=0)
        model.save(os.path.join(out, "keras.keras"))
    elif mode == "load":
        model = keras.models.load_model(sys.argv[3])
    else:
        raise SystemExit(f"unknown mode {mode}")
    describe(model, pred)
    resume(model, train, target)


if __name__ == "__main__":
    main()
