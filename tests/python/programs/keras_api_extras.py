"""The smaller pieces of tf.keras' API: initializers.VarianceScaling / Identity and their
lower-case aliases, metrics' upper-case aliases (MSE, ...), regularizers (calls, configs, get /
serialize / deserialize, OrthogonalRegularizer, errors), optimizers.serialize / deserialize / get,
models.save_model (and its file-name errors)."""
import os
import tempfile

import numpy as np

from harness import rounded, show_error, show_error_message, tf

I = tf.keras.initializers
R = tf.keras.regularizers

# ---- initializers ----
for init in (I.VarianceScaling(), I.VarianceScaling(2.0, "fan_out", "uniform", seed=3),
             I.VarianceScaling(scale=0.5, mode="fan_avg", distribution="normal", seed=1),
             I.variance_scaling(distribution="untruncated_normal", seed=7), I.Identity(), I.Identity(2.0)):
    print(type(init).__name__, init.get_config(), I.serialize(init))
for init, expected_std in ((I.VarianceScaling(2.0, "fan_out", "uniform", seed=3), np.sqrt(2.0 / 30)),
                          (I.VarianceScaling(mode="fan_avg", seed=5), np.sqrt(1.0 / 35))):
    values = init((40, 30)).numpy()
    print("  mean near 0:", abs(values.mean()) < 0.03, "std near %.3f:" % expected_std,
          abs(values.std() - expected_std) / expected_std < 0.1)
uniform = I.VarianceScaling(3.0, "fan_in", "uniform", seed=2)((60, 50)).numpy()
print("uniform within the limit:", bool(np.abs(uniform).max() <= np.sqrt(3.0 * 3.0 / 60)))
print(I.Identity(2.0)((2, 3)))
print(I.identity(gain=0.5)((3, 2), dtype="float64"))
print(I.IdentityInitializer is I.Identity, I.identity is I.Identity, I.variance_scaling is I.VarianceScaling)
print(type(I.get("identity")).__name__, type(I.get("variance_scaling")).__name__, I.get("variance_scaling").get_config())
print(type(I.deserialize({"class_name": "VarianceScaling", "config": {"scale": 2.0, "mode": "fan_out"}})).__name__)
show_error_message("identity of rank 3", lambda: I.Identity()((2, 3, 4)))
show_error_message("scale 0", lambda: I.VarianceScaling(scale=0))
show_error("mode 'x'", lambda: I.VarianceScaling(mode="x"))
show_error("distribution 'x'", lambda: I.VarianceScaling(distribution="x"))
layer = tf.keras.layers.Dense(3, kernel_initializer=I.Identity(3.0), bias_initializer="zeros")
print(layer(tf.ones((1, 3))))
layer = tf.keras.layers.Dense(30, kernel_initializer=I.VarianceScaling(2.0, "fan_in", "uniform", seed=1))
layer.build((None, 20))
print("dense kernel within the limit:", bool(np.abs(layer.get_weights()[0]).max() <= np.sqrt(3.0 * 2.0 / 20)))

# ---- metrics' aliases ----
M = tf.keras.metrics
print(M.MSE is M.mse, M.MAE is M.mae, M.MAPE is M.mape, M.MSLE is M.msle, M.KLD is M.kld)
y_true, y_pred = np.array([[1.0, 2.0], [0.5, 0.25]]), np.array([[1.5, 1.0], [0.5, 0.5]])
for fn in (M.MSE, M.MAE, M.MAPE, M.MSLE, M.KLD):
    print(fn.__name__, rounded(fn(y_true, y_pred)))

# ---- regularizers ----
w = tf.constant([[1.0, -2.0], [0.5, 3.0]])
for reg in (R.L1(), R.L1(0.5), R.L2(), R.L2(0.3), R.L1L2(0.5, 0.25), R.L1L2(l2=0.1), R.OrthogonalRegularizer(0.1),
            R.OrthogonalRegularizer(0.2, mode="columns")):
    print(type(reg).__name__, reg.get_config(), rounded(reg(w)))
    serialized = R.serialize(reg)
    print("  ", serialized, type(R.deserialize(serialized)).__name__, R.get(serialized).get_config() == reg.get_config())
print(rounded(R.L2(0.5)(tf.constant([1.0, 2.0], tf.float64))))
print([type(R.get(name)).__name__ for name in ("l1", "l2", "l1l2", "L1", "L1L2", "orthogonal_regularizer")])
print(R.get(None), type(R.get(R.L2)).__name__, R.get("l2").get_config())
print(R.l1 is R.L1, R.l2 is R.L2, R.l1_l2 is R.L1L2, R.orthogonal_regularizer is R.OrthogonalRegularizer)
print(R.deserialize("l2").get_config(), type(R.deserialize({"class_name": "L1", "config": {"l1": 0.2}})).__name__)
reg = R.L2(0.3)
print(R.get(reg) is reg, isinstance(reg, R.Regularizer))
show_error_message("get of 'nope'", lambda: R.get("nope"))
show_error_message("get of 5", lambda: R.get(5))
show_error_message("L1(-1)", lambda: R.L1(-1))
show_error_message("L2 of nan", lambda: R.L2(float("nan")))
show_error_message("mode 'diagonal'", lambda: R.OrthogonalRegularizer(mode="diagonal"))
show_error_message("orthogonal of rank 1", lambda: R.OrthogonalRegularizer()(tf.constant([1.0, 2.0])))
show_error("Regularizer().get_config()", lambda: R.Regularizer().get_config())


class Sum(R.Regularizer):
    def __init__(self, factor):
        self.factor = factor

    def __call__(self, x):
        return self.factor * tf.reduce_sum(x)

    def get_config(self):
        return {"factor": self.factor}


print(R.serialize(Sum(2.0)), type(R.deserialize(R.serialize(Sum(2.0)), custom_objects={"Sum": Sum})).__name__)
model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(2, kernel_initializer="ones",
                                                                         kernel_regularizer=R.L1L2(0.5, 0.25))])
print([rounded(loss) for loss in model.losses])

# ---- optimizers.serialize / deserialize / get ----
O = tf.keras.optimizers
sgd = O.SGD(0.5, momentum=0.9)
serialized = O.serialize(sgd)
print(serialized)
back = O.deserialize(serialized)
print(type(back).__name__, round(float(back.learning_rate), 4), back.get_config()["momentum"])
print(type(O.deserialize({"class_name": "adam", "config": {"learning_rate": 0.25}})).__name__)
print(type(O.get({"class_name": "RMSprop", "config": {}})).__name__, type(O.get("adamw")).__name__, O.get(None))
print(O.get(sgd) is sgd)
show_error_message("get of 'nope'", lambda: O.get("nope"))
show_error_message("get of 5", lambda: O.get(5))

# ---- models.save_model ----
model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer="ones")])
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "m.keras")
    tf.keras.models.save_model(model, path)
    loaded = tf.keras.models.load_model(path)
    print(np.asarray(loaded(np.ones((1, 2), "float32"))).tolist(), os.path.exists(path))
    show_error_message("save_model to .txt", lambda: tf.keras.models.save_model(model, os.path.join(d, "m.txt")), 200)
    show_error_message("zipped=False with .keras", lambda: tf.keras.models.save_model(model, path, zipped=False), 90)

# ---- a number learning rate is the optimizer's variable ----
opt = O.SGD(0.25)
rate = opt.learning_rate
print(rate.path, rate.dtype, float(rate), rounded(rate + 1.0), round(float(rate.numpy()), 6))
rate.assign(0.5)
print(float(opt.learning_rate))
opt.learning_rate = 0.125
print(float(rate), rate is opt.learning_rate)

# ---- Regularizer subclasses and OrthogonalRegularizer as layers' regularizers ----
model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(
    2, kernel_initializer="ones", bias_initializer="ones", kernel_regularizer=R.OrthogonalRegularizer(0.1, mode="columns"),
    bias_regularizer=Sum(0.5))])
model(np.ones((1, 2), "float32"))
print([rounded(loss) for loss in model.losses])
dense = tf.keras.layers.Dense(3, kernel_initializer=tf.keras.initializers.Identity(),
                              kernel_regularizer=R.OrthogonalRegularizer(1.0))
dense.build((None, 3))
print([rounded(loss) for loss in dense.losses])
model.compile(optimizer=tf.keras.optimizers.SGD(0.01), loss="mse")
history = model.fit(np.ones((4, 2), "float32"), np.zeros((4, 2), "float32"), verbose=0)
print(round(history.history["loss"][0], 4))


# ---- Initializer subclasses, called and as layers' initializers ----
class Ramp(I.Initializer):
    def __init__(self, step=1.0):
        self.step = step

    def __call__(self, shape, dtype=None):
        return tf.reshape(tf.range(np.prod(shape), dtype=dtype or "float32") * self.step, shape)

    def get_config(self):
        return {"step": self.step}


print(Ramp(0.5)((2, 2)))
print(I.serialize(Ramp(0.5)), type(I.deserialize(I.serialize(Ramp(0.5)), custom_objects={"Ramp": Ramp})).__name__)
dense = tf.keras.layers.Dense(3, kernel_initializer=Ramp(0.25), bias_initializer=Ramp(1.0))
print(dense(np.ones((1, 2), "float32")))
print(np.asarray(dense.kernel).tolist(), np.asarray(dense.bias).tolist())
dense64 = tf.keras.layers.Dense(2, kernel_initializer=Ramp(), dtype="float64")
dense64.build((None, 2))
print(dense64.kernel.dtype, np.asarray(dense64.kernel).tolist())
show_error_message("a subclass without __call__", lambda: type("Bare", (I.Initializer,), {})()((2,)))

# ---- correlation metrics ----
y_true = [[0, 1, 0.5], [1, 1, 0.2], [0.3, 0.6, 0.9]]
y_pred = [[0.1, 0.9, 0.5], [1, 0.9, 0.2], [0.9, 0.6, 0.3]]
print(rounded(M.pearson_correlation(y_true, y_pred)), rounded(M.concordance_correlation(y_true, y_pred)))
print(rounded(M.pearson_correlation(np.array(y_true), np.array(y_pred), axis=0)))
print(rounded(M.concordance_correlation(tf.constant(y_true, tf.float64), tf.constant(y_pred, tf.float64), axis=0)))
for metric in (M.PearsonCorrelation(), M.ConcordanceCorrelation(name="ccc", axis=0)):
    metric.update_state(y_true, y_pred)
    print(metric.name, metric.get_config(), rounded(metric.result()))
    metric.update_state(y_pred, y_pred, sample_weight=[1.0, 1.0, 2.0])
    print("  ", rounded(metric.result()))
    metric.reset_state()
    print("  ", rounded(metric.result()))
print(type(M.PearsonCorrelation.from_config(M.PearsonCorrelation(axis=0).get_config())).__name__)
model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(3, kernel_initializer="identity")])
model.compile(optimizer="sgd", loss="mse", metrics=[M.PearsonCorrelation()])
print({k: round(v, 4) for k, v in model.evaluate(np.array(y_true, "float32"), np.array(y_pred, "float32"),
                                                    verbose=0, return_dict=True).items()})

# ---- the STFT initializer ----
for init, shape in ((I.STFT(), (4, 1, 3)), (I.STFT("imag", "hamming", "spectrum", True), (4, 1, 3)),
                    (I.STFT(window=None, scaling=None), (3, 1, 2)), (I.stft(window="blackman"), (5, 1, 3)),
                    (I.STFTInitializer(window=np.ones(3) * 2), (3, 1, 2))):
    out = init(shape)
    print(type(init).__name__, init.get_config() if not isinstance(init.window, np.ndarray) else "array window",
          out.dtype.name, (np.round(np.asarray(out), 5) + 0.0).tolist())
print(I.serialize(I.STFT(side="imag")), type(I.get("stft")).__name__, I.STFT()((4, 1, 3), dtype="float64").dtype.name)
show_error_message("STFT side 'both'", lambda: I.STFT(side="both"))
show_error_message("STFT scaling 'power'", lambda: I.STFT(scaling="power"))
show_error("STFT window 'nope'", lambda: I.STFT(window="nope"))
show_error_message("STFT window of the wrong length", lambda: I.STFT(window=np.ones(2))((3, 1, 2)), 46)
