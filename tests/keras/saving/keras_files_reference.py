"""Keras 3's side of tfpp's Keras file tests (tests/keras/saving/).

    python keras_files_reference.py weights-save KIND FILE   # train one epoch, save_weights
    python keras_files_reference.py weights-load KIND FILE   # compile, build the optimizer, load_weights
    python keras_files_reference.py model-save KIND FILE     # train one epoch, model.save, train on
    python keras_files_reference.py model-load KIND FILE     # keras.models.load_model, train on

Both print the model's state as `describe` does: "layer I J HEX" per layer weight, "opt J HEX"
per optimizer variable (HEX: the little-endian bytes) and "pred HEX" for the predictions on
the fixed inputs; the model modes print it, then "---", then the state after one more epoch on
other fixed data (resume()). KIND names a model that tests/keras/saving/keras_files_models.h builds the same.
"""
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("KERAS_BACKEND", "tensorflow")

import numpy as np  # noqa: E402
import keras  # noqa: E402
from keras import layers  # noqa: E402


INPUT_SHAPES = {"mlp": (4,), "functional": (4,), "conv": (6, 6, 2), "rnn": (5, 4)}


def data(shape, offset):
    i = np.arange(int(np.prod(shape)), dtype=np.int64) + offset
    return (((i % 7) * 0.25) - 0.5).astype(np.float32).reshape(shape)


def inputs(kind, rows, offset):
    return data((rows,) + INPUT_SHAPES[kind], offset)


def build(kind):
    if kind == "mlp":
        return keras.Sequential([keras.Input((4,)), layers.Dense(8, activation="relu"), layers.Dropout(0.5),
                                 layers.Dense(3)], name="mlp")
    if kind == "functional":
        features = keras.Input((4,), name="features")
        hidden = layers.Dense(6, activation="tanh", name="hidden")(features)
        inner = keras.Sequential([keras.Input((6,)), layers.Dense(5, activation="relu"), layers.Dense(3)], name="inner")
        outputs = layers.Add()([inner(hidden), layers.Dense(3, use_bias=False)(hidden)])
        return keras.Model(features, outputs, name="branches")
    if kind == "conv":
        return keras.Sequential([keras.Input((6, 6, 2)), layers.Conv2D(3, 3, activation="relu", padding="same"),
                                 layers.BatchNormalization(), layers.MaxPooling2D(), layers.Flatten(),
                                 layers.Dense(3)], name="conv")
    if kind == "rnn":
        return keras.Sequential([keras.Input((5, 4)), layers.LSTM(6, return_sequences=True), layers.GRU(4, return_sequences=True),
                                 layers.SimpleRNN(3)], name="rnn")
    raise SystemExit(f"unknown model kind {kind}")


def compile_model(model):
    model.compile(optimizer=keras.optimizers.Adam(learning_rate=0.01), loss="mse")


def describe(model, kind):
    lines = []
    for i, layer in enumerate(model.layers):
        for j, w in enumerate(layer.weights):
            lines.append(f"layer {i} {j} {np.asarray(w).tobytes().hex()}")
    if model.optimizer is not None:
        for j, v in enumerate(model.optimizer.variables):
            lines.append(f"opt {j} {np.asarray(v).tobytes().hex()}")
    pred = model.predict(inputs(kind, 5, 3), verbose=0).astype(np.float32)
    lines.append(f"pred {pred.tobytes().hex()}")
    print("\n".join(lines))


def resume(model, kind):
    model.fit(inputs(kind, 8, 5), data((8, 3), 2), batch_size=4, epochs=1, shuffle=False, verbose=0)


def main():
    mode, kind, path = sys.argv[1:4]
    if mode in ("model-save", "model-load"):
        if mode == "model-save":
            model = build(kind)
            compile_model(model)
            model.fit(inputs(kind, 8, 0), data((8, 3), 1), batch_size=4, epochs=1, shuffle=False, verbose=0)
            model.save(path)
        else:
            model = keras.models.load_model(path)
        describe(model, kind)
        print("---")
        resume(model, kind)
        describe(model, kind)
        return
    model = build(kind)
    compile_model(model)
    if mode == "weights-save":
        model.fit(inputs(kind, 8, 0), data((8, 3), 1), batch_size=4, epochs=1, shuffle=False, verbose=0)
        model.save_weights(path)
    elif mode == "weights-load":
        model.optimizer.build(model.trainable_variables)
        model.load_weights(path)
    else:
        raise SystemExit(f"unknown mode {mode}")
    describe(model, kind)


if __name__ == "__main__":
    main()
