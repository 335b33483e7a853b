"""tf.keras.optimizers.schedules: the built-in schedules' values (eager, traced, at int and float
steps), attributes, configs, serialize / deserialize, a LearningRateSchedule subclass, schedules as
optimizers' learning rates (apply_gradients, fit, optimizer.learning_rate, get_config /
from_config, .keras files) and the errors of bad arguments."""
import json
import os
import tempfile
import zipfile

import numpy as np

from harness import rounded, show_error, show_error_message, tf

S = tf.keras.optimizers.schedules
print(sorted(n for n in dir(S) if not n.startswith("_")))

SCHEDULES = [
    S.ExponentialDecay(0.1, 3, 0.5),
    S.ExponentialDecay(0.1, decay_steps=3, decay_rate=0.5, staircase=True, name="stairs"),
    S.PiecewiseConstantDecay([3, 7], [1.0, 0.5, 0.1]),
    S.PolynomialDecay(0.1, 5, end_learning_rate=0.01, power=2.0),
    S.PolynomialDecay(0.1, 4, end_learning_rate=0.01, power=0.5, cycle=True),
    S.InverseTimeDecay(0.1, 2, 0.5),
    S.InverseTimeDecay(0.1, 2, 0.5, staircase=True),
    S.CosineDecay(0.1, 6, alpha=0.1),
    S.CosineDecay(0.0, 6, alpha=0.1, warmup_target=0.2, warmup_steps=4),
    S.CosineDecayRestarts(0.1, 3, alpha=0.1),
    S.CosineDecayRestarts(0.2, 4, t_mul=1.0, m_mul=0.5),
    S.CosineDecayRestarts(0.05, first_decay_steps=2, t_mul=3.0, m_mul=0.8),
]
for s in SCHEDULES:
    print(type(s).__name__, s.get_config())
    print("  ", [round(float(s(step)), 6) for step in range(14)])
    print("  ", rounded(s(tf.constant(5))), rounded(s(tf.constant(2.5))), rounded(s(np.int64(9))))
    traced = tf.function(lambda step, s=s: s(step))
    print("   traced", rounded(traced(tf.constant(4, tf.int64))))
    serialized = S.serialize(s)
    print("  ", serialized)
    back = S.deserialize(serialized)
    print("   back", type(back).__name__, back.get_config() == s.get_config(), round(float(back(7)), 6))

e = SCHEDULES[0]
print(e.initial_learning_rate, e.decay_steps, e.decay_rate, e.staircase, e.name)
print(SCHEDULES[9].first_decay_steps, SCHEDULES[9].alpha, SCHEDULES[9].name)
print(isinstance(e, S.LearningRateSchedule))
print(type(S.ExponentialDecay.from_config(e.get_config())).__name__)
print(type(S.deserialize({"class_name": "CosineDecay", "config": {"initial_learning_rate": 0.5, "decay_steps": 4}})).__name__)


# ---- a subclass ----
class HalfEveryStep(S.LearningRateSchedule):
    def __init__(self, rate):
        self.rate = rate

    def __call__(self, step):
        return self.rate * tf.pow(0.5, tf.cast(step, "float32"))

    def get_config(self):
        return {"rate": self.rate}


half = HalfEveryStep(0.8)
print(rounded(half(3)))
print(S.serialize(half))
print(type(S.deserialize(S.serialize(half), custom_objects={"HalfEveryStep": HalfEveryStep})).__name__)


class Bare(S.LearningRateSchedule):
    pass


show_error_message("a schedule without __call__", lambda: Bare()(1))
show_error_message("a schedule without get_config", lambda: Bare().get_config())

# ---- schedules as learning rates ----
for schedule in (S.ExponentialDecay(0.1, 2, 0.5), S.PiecewiseConstantDecay([1, 2], [0.3, 0.2, 0.1]), half):
    for make in (tf.keras.optimizers.SGD, tf.keras.optimizers.Adam, tf.keras.optimizers.RMSprop):
        opt = make(learning_rate=schedule)
        v = tf.Variable([1.0, -2.0])
        rates = []
        for _ in range(4):
            rates.append(round(float(opt.learning_rate), 6))
            opt.apply_gradients([(tf.constant([0.5, 0.25]), v)])
        print(type(schedule).__name__, type(opt).__name__, rates, [round(float(x), 4) for x in v.numpy()], int(opt.iterations))

opt = tf.keras.optimizers.SGD(S.ExponentialDecay(0.1, 10, 0.5))
print(rounded(opt.learning_rate))
config = opt.get_config()
print(config["learning_rate"])
copy = tf.keras.optimizers.SGD.from_config(config)
print(type(copy.get_config()["learning_rate"]), copy.get_config()["learning_rate"]["class_name"])
show_error_message("setting a schedule's rate", lambda: setattr(opt, "learning_rate", 0.5))
adam = tf.keras.optimizers.Adam(half)
print(adam.get_config()["learning_rate"])
print([v.path for v in adam.variables][:2])

# ---- fit with a schedule, and a .keras file round trip ----
x = np.linspace(-1, 1, 16, dtype="float32").reshape(8, 2)
y = (x[:, :1] * 2 - x[:, 1:]).astype("float32")
tf.keras.utils.set_random_seed(1)
model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer="ones")])
model.compile(optimizer=tf.keras.optimizers.SGD(S.PiecewiseConstantDecay([2], [0.1, 0.01])), loss="mse")
history = model.fit(x, y, batch_size=4, epochs=2, verbose=0, shuffle=False)
print([round(l, 5) for l in history.history["loss"]], int(model.optimizer.iterations))
print(rounded(model.optimizer.learning_rate))
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "m.keras")
    model.save(path)
    loaded = tf.keras.models.load_model(path)
    print(loaded.optimizer.get_config()["learning_rate"])
    print(rounded(loaded.optimizer.learning_rate), int(loaded.optimizer.iterations))

model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer="ones")])
model.compile(optimizer=tf.keras.optimizers.Adam(half), loss="mse")
history = model.fit(x, y, batch_size=4, epochs=2, verbose=0, shuffle=False)
print([round(l, 3) for l in history.history["loss"]], rounded(model.optimizer.learning_rate))

# ---- bad arguments ----
show_error_message("decay_steps 0", lambda: S.ExponentialDecay(0.1, 0, 0.5))
show_error_message("decay_steps -1", lambda: S.CosineDecay(0.1, -1))
show_error_message("first_decay_steps 0", lambda: S.CosineDecayRestarts(0.1, 0))
show_error_message("polynomial decay_steps 0", lambda: S.PolynomialDecay(0.1, 0))
show_error_message("inverse decay_steps 0", lambda: S.InverseTimeDecay(0.1, 0, 0.5))
show_error_message("values not one longer", lambda: S.PiecewiseConstantDecay([10, 20], [1.0]))


# ---- a registered subclass in a .keras file: written as Keras writes it, loaded back ----
@tf.keras.utils.register_keras_serializable(package="Test")
class Quartering(S.LearningRateSchedule):
    def __init__(self, rate):
        self.rate = rate

    def __call__(self, step):
        return self.rate * tf.pow(0.25, tf.cast(step, "float32"))

    def get_config(self):
        return {"rate": self.rate}


model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer="ones")])
model.compile(optimizer=tf.keras.optimizers.SGD(Quartering(0.8)), loss="mse")
model.fit(x, y, batch_size=8, epochs=1, verbose=0)
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "m.keras")
    model.save(path)
    with zipfile.ZipFile(path) as archive:
        print(sorted(json.loads(archive.read("config.json"))["compile_config"]["optimizer"]["config"]["learning_rate"].items()))
    loaded = tf.keras.models.load_model(path)
    print(type(loaded.optimizer).__name__, loaded.optimizer.get_config()["learning_rate"])
    print(round(float(loaded.optimizer.learning_rate), 6), int(loaded.optimizer.iterations))
    loaded.fit(x, y, batch_size=8, epochs=1, verbose=0)
    print(round(float(loaded.optimizer.learning_rate), 6), int(loaded.optimizer.iterations))
