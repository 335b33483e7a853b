"""Keras models and layers written in Python, saved by one library and loaded by the other (tfpp's
Python front end and Keras 3 in TensorFlow 2.21), both ways (exchange.sh runs the steps in order):

    keras_saving_exchange.py save DIR    writer: saves DIR/*.keras and *.weights.h5, records outputs
    keras_saving_exchange.py check DIR   reader: loads the other library's files, compares outputs

The models: a registered keras.Model subclass holding layers in attributes and in a list (with its
SGD state, so training resumes alike), a Functional model of unregistered Layer subclasses given
through custom_objects, and a Sequential model of a registered one. Under TensorFlow the reader
also compares the groups of the writer's weights files with those Keras writes for the same model."""
import importlib
import json
import os
import sys

import numpy as np

tf = importlib.import_module(os.environ.get("TFPP_TEST_MODULE", "tensorflow"))
keras = tf.keras
LIBRARY = tf.__name__
X = (np.arange(24, dtype=np.float32).reshape(8, 3) % 5) / 4.0
Y = (X @ np.array([[0.5], [-1.0], [2.0]], dtype=np.float32)).astype(np.float32)


@keras.utils.register_keras_serializable(package="Exchange")
class Scaled(keras.layers.Layer):
    def __init__(self, units=2, factor=1.0, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.factor = factor

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer="ones", name="kernel")
        self.bias = self.add_weight(shape=(self.units,), initializer="zeros", name="bias")

    def call(self, inputs):
        return (tf.matmul(inputs, self.kernel) + self.bias) * self.factor

    def get_config(self):
        config = super().get_config()
        config.update({"units": self.units, "factor": self.factor})
        return config


class Block(keras.layers.Layer):
    def __init__(self, units=3, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.dense = keras.layers.Dense(units, activation="tanh")
        self.scale = Scaled(units, factor=0.5)

    def call(self, inputs):
        return self.scale(self.dense(inputs))

    def get_config(self):
        config = super().get_config()
        config["units"] = self.units
        return config


class Offset(keras.layers.Layer):
    def __init__(self, amount=1.0, **kwargs):
        super().__init__(**kwargs)
        self.amount = amount

    def call(self, inputs):
        return inputs + self.amount


@keras.utils.register_keras_serializable(package="Exchange", name="Regressor")
class RegressorModel(keras.Model):
    def __init__(self, hidden=4, **kwargs):
        super().__init__(**kwargs)
        self.hidden = hidden
        self.block = Block(hidden)
        self.heads = [keras.layers.Dense(2, activation="relu"), keras.layers.Dense(2)]
        self.out = keras.layers.Dense(1)

    def call(self, inputs):
        return self.out(self.heads[1](self.heads[0](self.block(inputs))))

    def get_config(self):
        config = super().get_config()
        config["hidden"] = self.hidden
        return config


CUSTOM_OBJECTS = {"Block": Block, "Offset": Offset}


def fixed_weights(model):
    model.set_weights([(np.cos(np.arange(int(np.prod(w.shape))) * 0.9 + i) * 0.4).reshape(w.shape).astype(np.float32)
                       for i, w in enumerate(model.get_weights())])


def regressor():
    model = RegressorModel(hidden=4)
    model(keras.Input((3,)))
    fixed_weights(model)
    model.compile(optimizer=keras.optimizers.SGD(learning_rate=0.05, momentum=0.9), loss="mse")
    return model


def functional():
    inputs = keras.Input((3,))
    model = keras.Model(inputs, keras.layers.Dense(1)(Offset(0.25)(Block(2)(inputs))))
    fixed_weights(model)
    return model


def sequential():
    model = keras.Sequential([keras.Input((3,)), Scaled(2, factor=2.0), keras.layers.Dense(1)])
    fixed_weights(model)
    return model


def predict(model):
    return np.asarray(model.predict(X, verbose=0)).tolist()


def save(directory):
    expected = {}
    model = regressor()
    model.fit(X, Y, batch_size=4, epochs=2, shuffle=False, verbose=0)
    model.save(os.path.join(directory, "regressor.keras"))
    model.save_weights(os.path.join(directory, "regressor.weights.h5"))
    expected["regressor"] = predict(model)
    model.fit(X, Y, batch_size=4, epochs=1, shuffle=False, verbose=0)
    expected["regressor_resumed"] = predict(model)
    for name, make in (("functional", functional), ("sequential", sequential)):
        model = make()
        model.save(os.path.join(directory, name + ".keras"))
        expected[name] = predict(model)
    with open(os.path.join(directory, "expected.json"), "w") as f:
        json.dump(expected, f)


def close(got, want, what):
    if not np.allclose(np.asarray(got), np.asarray(want), atol=1e-4):
        raise AssertionError("%s differs from the writer's: %s vs %s" % (what, np.asarray(got).tolist(), want))


def weight_groups(path):
    """The groups and datasets of a weights file (a .weights.h5, or the one in a .keras archive)."""
    import io
    import zipfile

    import h5py
    if path.endswith(".keras"):
        with zipfile.ZipFile(path) as archive:
            path = io.BytesIO(archive.read("model.weights.h5"))
    names = []
    with h5py.File(path, "r") as f:
        f.visit(names.append)
    return sorted(names)


def same_groups(theirs, model, own_path):
    """Under TensorFlow: the writer's file has the groups Keras writes for the same model."""
    if LIBRARY != "tensorflow":
        return
    if own_path.endswith(".keras"):
        model.save(own_path)
    else:
        model.save_weights(own_path)
    if weight_groups(theirs) != weight_groups(own_path):
        raise AssertionError("%s's groups %s are not Keras' %s" % (theirs, weight_groups(theirs), weight_groups(own_path)))


def check(directory):
    with open(os.path.join(directory, "expected.json")) as f:
        expected = json.load(f)
    own = os.path.join(directory, "own")
    os.makedirs(own, exist_ok=True)

    path = os.path.join(directory, "regressor.keras")
    loaded = keras.models.load_model(path)
    if type(loaded) is not RegressorModel or type(loaded.block.scale) is not Scaled:
        raise AssertionError("load_model made a %s" % type(loaded).__name__)
    close(predict(loaded), expected["regressor"], "the loaded regressor's predictions")
    same_groups(path, loaded, os.path.join(own, "regressor.keras"))
    loaded.fit(X, Y, batch_size=4, epochs=1, shuffle=False, verbose=0)
    close(predict(loaded), expected["regressor_resumed"], "the regressor's predictions after one more epoch")

    weights_path = os.path.join(directory, "regressor.weights.h5")
    fresh = regressor()
    fresh.load_weights(weights_path)
    close(predict(fresh), expected["regressor"], "load_weights' predictions")
    same_groups(weights_path, loaded, os.path.join(own, "regressor.weights.h5"))  # with its optimizer's slots

    for name in ("functional", "sequential"):
        path = os.path.join(directory, name + ".keras")
        model = keras.models.load_model(path, custom_objects=CUSTOM_OBJECTS)
        close(predict(model), expected[name], "the loaded %s model's predictions" % name)
        same_groups(path, model, os.path.join(own, name + ".keras"))
    print("%s loaded %s's Keras files of Python classes and got its outputs" % (
        LIBRARY, "tfpp" if LIBRARY == "tensorflow" else "Keras 3"))


if __name__ == "__main__":
    {"save": save, "check": check}[sys.argv[1]](sys.argv[2])
