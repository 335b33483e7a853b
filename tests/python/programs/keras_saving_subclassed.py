"""Saving Keras models and layers written in Python, as Keras 3 does: a keras.Model subclass with its
own __init__, call and get_config (registered, and given through custom_objects), layers subclassed
in Python inside it and inside Sequential and Functional models, Keras' automatic config of a class
without get_config, the config.json entries Keras writes for them (module, class_name,
registered_name, build_config, compile_config), predictions after load_model, save_weights /
load_weights, the custom-object registry and scopes, model_from_json, serialize_keras_object /
deserialize_keras_object and clone_model, and the errors of a missing class or an unserializable one.
The weight paths and the exchange of files with Keras are checked by keras_saving_exchange.py."""
import importlib
import json
import os
import tempfile
import zipfile

import numpy as np

from harness import show_error, tf
from keras_harness import fixed_weights, rounded

keras = tf.keras
utils = keras.utils


@utils.register_keras_serializable(package="SavingTest")
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
    """Unregistered, with sublayers in attributes."""

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


@utils.register_keras_serializable(package="SavingTest", name="Regressor")
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


class Offset(keras.layers.Layer):
    """No get_config: Keras' automatic config holds its __init__ arguments."""

    def __init__(self, amount=1.0, **kwargs):
        super().__init__(**kwargs)
        self.amount = amount

    def call(self, inputs):
        return inputs + self.amount


class AutoModel(keras.Model):
    """No get_config: a Model's automatic config holds its __init__'s defaults (Keras 3)."""

    def __init__(self, units=2, **kwargs):
        super().__init__(**kwargs)
        self.dense = keras.layers.Dense(units)

    def call(self, inputs):
        return self.dense(inputs)


class Wrapper(keras.Model):
    """No get_config and a layer argument: not serializable."""

    def __init__(self, inner, **kwargs):
        super().__init__(**kwargs)
        self.inner = inner

    def call(self, inputs):
        return self.inner(inputs)


def entries(serialized):
    """The class entries of a serialized object and its config's keys and plain values (but the
    generated names and the dtype, which tfpp writes as a string)."""
    config = serialized["config"]
    plain = {k: v for k, v in sorted(config.items()) if k not in ("dtype", "name") and isinstance(v, (int, float, str, bool))}
    return {"module": serialized.get("module"), "class_name": serialized["class_name"],
            "registered_name": serialized.get("registered_name"), "build_config": serialized.get("build_config"),
            "config_keys": sorted(config), "config": plain}


def archive_config(path):
    with zipfile.ZipFile(path) as archive:
        return json.loads(archive.read("config.json"))


rng = np.random.RandomState(7)
x = rng.rand(16, 3).astype(np.float32)
y = (x @ np.array([[0.5], [-1.0], [2.0]], dtype=np.float32)).astype(np.float32)
directory = tempfile.mkdtemp()

# ---- The registry ------------------------------------------------------------------------------
print("registered names", utils.get_registered_name(RegressorModel), utils.get_registered_name(Scaled),
      utils.get_registered_name(Block))
print("registered objects", utils.get_registered_object("SavingTest>Regressor") is RegressorModel,
      utils.get_registered_object("Block"), utils.get_registered_object("Block", custom_objects={"Block": Block}) is Block)
print("in get_custom_objects", "SavingTest>Scaled" in utils.get_custom_objects())

# ---- A subclassed model with its own get_config -------------------------------------------------
model = RegressorModel(hidden=4)
model(keras.Input((3,)))
fixed_weights(model)
model.compile(optimizer=keras.optimizers.SGD(learning_rate=0.05), loss="mse")
model.fit(x, y, batch_size=8, epochs=2, shuffle=False, verbose=0)
expected = model.predict(x[:4], verbose=0)
print("predictions", rounded(expected))
print("layers", [type(layer).__name__ for layer in model.layers])
config = model.get_config()
print("get_config", sorted(config), config["hidden"])
path = os.path.join(directory, "regressor.keras")
model.save(path)
saved = archive_config(path)
print("config.json", entries(saved))
print("compile_config", saved["compile_config"]["loss"], saved["compile_config"]["optimizer"]["class_name"])

loaded = keras.models.load_model(path)
print("loaded", type(loaded).__name__, loaded.hidden, type(loaded.block).__name__, loaded.block.units,
      type(loaded.block.scale).__name__, loaded.block.scale.factor)
print("same predictions", np.allclose(loaded.predict(x[:4], verbose=0), expected, atol=1e-6))
print("optimizer restored", type(loaded.optimizer).__name__, int(loaded.optimizer.iterations))
resaved_path = os.path.join(directory, "resaved.keras")
loaded.save(resaved_path)
print("saved again", entries(archive_config(resaved_path)) == entries(saved),
      np.allclose(keras.models.load_model(resaved_path).predict(x[:4], verbose=0), expected, atol=1e-6))
loaded.fit(x, y, batch_size=8, epochs=1, shuffle=False, verbose=0)
model.fit(x, y, batch_size=8, epochs=1, shuffle=False, verbose=0)
print("training resumes alike", np.allclose(loaded.predict(x[:4], verbose=0), model.predict(x[:4], verbose=0), atol=1e-5))

# ---- save_weights / load_weights ----------------------------------------------------------------
weights_path = os.path.join(directory, "regressor.weights.h5")
model.save_weights(weights_path)
fresh = RegressorModel(hidden=4)
fresh(keras.Input((3,)))
fresh.load_weights(weights_path)
print("load_weights", np.allclose(fresh.predict(x[:4], verbose=0), model.predict(x[:4], verbose=0), atol=1e-6))

# ---- the same through keras.saving (Keras 3's module; TensorFlow's tf.keras leaves it out) -------------
saving = getattr(keras, "saving", None) or importlib.import_module("keras.saving")
print("keras.saving", sorted(n for n in ["custom_object_scope", "get_custom_objects", "get_registered_name",
                                         "get_registered_object", "register_keras_serializable", "serialize_keras_object",
                                         "deserialize_keras_object", "CustomObjectScope"]
                             if getattr(saving, n) is getattr(utils, n)))
print("registered", saving.get_registered_name(Scaled), saving.get_registered_object("SavingTest>Scaled") is Scaled)
saving_path = os.path.join(directory, "through_saving.keras")
saving.save_model(model, saving_path)
print("saving.load_model", np.allclose(saving.load_model(saving_path).predict(x[:4], verbose=0), model.predict(x[:4], verbose=0),
                                       atol=1e-6))
saving_weights = os.path.join(directory, "through_saving.weights.h5")
saving.save_weights(model, saving_weights)
fresh = RegressorModel(hidden=4)
fresh(keras.Input((3,)))
saving.load_weights(fresh, saving_weights)
print("saving.load_weights", np.allclose(fresh.predict(x[:4], verbose=0), model.predict(x[:4], verbose=0), atol=1e-6))


def wrong_shape_model():
    other = RegressorModel(hidden=5)
    other(keras.Input((3,)))
    return other


show_error("load_weights of other shapes", lambda: wrong_shape_model().load_weights(weights_path))

# ---- Unregistered classes: custom_objects, custom_object_scope ----------------------------------
inputs = keras.Input((3,))
functional = keras.Model(inputs, keras.layers.Dense(1)(Offset(0.25)(Block(2)(inputs))))
fixed_weights(functional)
functional_path = os.path.join(directory, "functional.keras")
functional.save(functional_path)
layers_config = archive_config(functional_path)["config"]["layers"]
print("functional layers", [entries(layer) for layer in layers_config[1:3]])
show_error("load_model without the custom classes", lambda: keras.models.load_model(functional_path))
reloaded = keras.models.load_model(functional_path, custom_objects={"Block": Block, "Offset": Offset})
print("custom_objects", [type(layer).__name__ for layer in reloaded.layers], reloaded.layers[2].amount,
      np.allclose(reloaded.predict(x[:4], verbose=0), functional.predict(x[:4], verbose=0), atol=1e-6))
with utils.custom_object_scope({"Block": Block, "Offset": Offset}):
    scoped = keras.models.load_model(functional_path)
print("custom_object_scope", [type(layer).__name__ for layer in scoped.layers])
with utils.CustomObjectScope({"Block": Block}):
    show_error("a scope missing a class", lambda: keras.models.load_model(functional_path))

sequential = keras.Sequential([keras.Input((3,)), Scaled(2, factor=2.0), Offset(-1.0)])
sequential_path = os.path.join(directory, "sequential.keras")
sequential.save(sequential_path)
print("sequential layers", [entries(layer) for layer in archive_config(sequential_path)["config"]["layers"][1:]])
again = keras.models.load_model(sequential_path, custom_objects={"Offset": Offset})
print("sequential reloaded", rounded(again.predict(x[:2], verbose=0)))

# ---- Functional models of Python classes -----------------------------------------------------------
class Builder(keras.Model):
    """Builds itself with Model(inputs, outputs): Keras saves its base config and reloads it by calling it."""

    def __init__(self, units=2, **kwargs):
        inputs = keras.Input((3,))
        super().__init__(inputs, keras.layers.Dense(units)(inputs), **kwargs)


class Passthrough(keras.Model):
    """Takes Functional's arguments: Keras saves a Functional config and revives it as this class."""

    def __init__(self, inputs, outputs, name=None, **kwargs):
        super().__init__(inputs, outputs, name=name, **kwargs)


for label, built in (("default units", Builder()), ("other units", Builder(units=4))):
    built_path = os.path.join(directory, "builder.keras")
    fixed_weights(built)
    built.save(built_path)
    print(label, sorted(built.get_config()), entries(archive_config(built_path))["registered_name"])
    show_error("reload of " + label, lambda: print(
        "reloaded", type(keras.models.load_model(built_path, custom_objects={"Builder": Builder})).__name__))
inputs = keras.Input((3,))
passthrough = Passthrough(inputs, keras.layers.Dense(2)(inputs))
fixed_weights(passthrough)
passthrough_path = os.path.join(directory, "passthrough.keras")
passthrough.save(passthrough_path)
print("functional-like config", sorted(passthrough.get_config()))
revived = keras.models.load_model(passthrough_path, custom_objects={"Passthrough": Passthrough})
print("revived", type(revived).__name__, np.allclose(revived.predict(x[:2], verbose=0),
                                                     passthrough.predict(x[:2], verbose=0), atol=1e-6))

# ---- model_from_json, serialize / deserialize, clone_model --------------------------------------
json_model = keras.models.model_from_json(functional.to_json(), custom_objects={"Block": Block, "Offset": Offset})
print("model_from_json", [type(layer).__name__ for layer in json_model.layers])
show_error("model_from_json without them", lambda: keras.models.model_from_json(functional.to_json()))
serialized = utils.serialize_keras_object(Block(5, name="blk"))
print("serialize_keras_object", entries(serialized))
block = utils.deserialize_keras_object(serialized, custom_objects={"Block": Block})
print("deserialize_keras_object", type(block).__name__, block.name, block.units)
show_error("deserialize_keras_object without it", lambda: utils.deserialize_keras_object(serialized))
print("registered deserialize", type(utils.deserialize_keras_object(utils.serialize_keras_object(Scaled(3)))).__name__)
for builtin in (keras.optimizers.SGD(learning_rate=0.5), keras.losses.MeanSquaredError(), keras.metrics.MeanAbsoluteError(),
                keras.layers.Dense(2)):
    builtin_config = utils.serialize_keras_object(builtin)
    print("built-in", builtin_config["module"], builtin_config["class_name"], builtin_config["registered_name"],
          type(utils.deserialize_keras_object(builtin_config)).__name__)
print("plain values", utils.serialize_keras_object((1, ["a", None], {"k": 2.5})),
      utils.deserialize_keras_object(utils.serialize_keras_object([1, "a", None, {"k": 2.5}])))


def double(values):
    return values * 2


@utils.register_keras_serializable(package="SavingTest")
def triple(values):
    return values * 3


class Settings:
    """Not a layer: any class with get_config and from_config."""

    def __init__(self, rate=0.5):
        self.rate = rate

    def get_config(self):
        return {"rate": self.rate}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


print("functions", utils.serialize_keras_object(double), utils.serialize_keras_object(triple))
print("function back", utils.deserialize_keras_object(utils.serialize_keras_object(triple)) is triple,
      utils.deserialize_keras_object(utils.serialize_keras_object(double), custom_objects={"double": double}) is double)
show_error("an unknown function", lambda: utils.deserialize_keras_object(utils.serialize_keras_object(double)))
print("other classes", utils.serialize_keras_object(Settings(0.25)),
      utils.deserialize_keras_object(utils.serialize_keras_object(Settings(0.25)), custom_objects={"Settings": Settings}).rate)
clone = keras.models.clone_model(functional)
print("clone_model", [type(layer).__name__ for layer in clone.layers], clone.layers[2].amount)

# ---- Automatic configs and classes that cannot be saved -----------------------------------------
policy = {"module": "keras", "class_name": "DTypePolicy", "config": {"name": "float64"}, "registered_name": None}
print("from_config of a DTypePolicy", Offset.from_config({"name": "o", "amount": 2.0, "dtype": policy}).dtype)
offset_config = Offset(0.5, name="shift").get_config()
print("automatic layer config", sorted(offset_config), offset_config["amount"], offset_config["name"])
auto = AutoModel(units=3)
auto(keras.Input((3,)))
auto_config = auto.get_config()
print("automatic model config", sorted(auto_config), auto_config["units"])
wrapper = Wrapper(keras.layers.Dense(2))
wrapper(keras.Input((3,)))
show_error("get_config with a layer argument", wrapper.get_config)
show_error("save with a layer argument", lambda: wrapper.save(os.path.join(directory, "wrapper.keras")))


class Required(keras.Model):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.dense = keras.layers.Dense(units)

    def call(self, inputs):
        return self.dense(inputs)

    def get_config(self):
        return super().get_config()  # forgets `units`


required = Required(2)
required(keras.Input((3,)))
required_path = os.path.join(directory, "required.keras")
required.save(required_path)
show_error("a config missing an argument", lambda: keras.models.load_model(required_path,
                                                                           custom_objects={"Required": Required}))
show_error("registering a class without get_config",
           lambda: utils.register_keras_serializable()(type("NoConfig", (), {})))
