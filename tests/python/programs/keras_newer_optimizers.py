"""tf.keras.optimizers Lion, Lamb, Adafactor, ScheduleFreeAdamW and Muon: configs, apply_gradients step by step (eager and in a
tf.function), the optimizer variables (paths, dtypes, order), optimizers.get / serialize /
from_config (Keras 3.15's deserialize returns a string for Lamb), fit with each of them, a .keras file round trip, and the error of a bad argument."""
import os
import tempfile

import numpy as np

from harness import rounded, show_error, tf

O = tf.keras.optimizers
print([n for n in ("Lion", "Lamb", "Adafactor", "ScheduleFreeAdamW", "Muon") if hasattr(O, n)])

MAKERS = [
    lambda: O.Lion(learning_rate=0.01, name="lion_a"),
    lambda: O.Lion(0.05, 0.5, 0.9, weight_decay=0.1, name="lion_b"),
    lambda: O.Lamb(learning_rate=0.01, name="lamb_a"),
    lambda: O.Lamb(0.02, beta_1=0.8, epsilon=1e-5, clipnorm=0.5, name="lamb_b"),
    lambda: O.Adafactor(learning_rate=0.01, name="adafactor_a"),
    lambda: O.Adafactor(0.5, beta_2_decay=-0.5, epsilon_2=0.01, clip_threshold=0.5, relative_step=False,
                        name="adafactor_b"),
    lambda: O.Adafactor(O.schedules.ExponentialDecay(0.1, 2, 0.5), name="adafactor_c"),
    lambda: O.ScheduleFreeAdamW(0.01, name="sf_a"),
    lambda: O.ScheduleFreeAdamW(0.05, beta_1=0.8, warmup_steps=3, weight_decay=0.01, name="sf_b"),
    lambda: O.Muon(0.01, name="muon_a"),
    lambda: O.Muon(0.02, adam_weight_decay=None, exclude_layers=["conv"], ns_steps=3, nesterov=False, rms_rate=None,
                   name="muon_b"),
]

K0 = np.array([[0.5, -0.25, 1.0], [-1.5, 0.125, 2.0]], np.float32)
B0 = np.array([0.3, -0.7, 0.05], np.float32)
C0 = np.linspace(-1, 1, 12, dtype=np.float32).reshape(2, 2, 3)


def gradients(step):
    g = [np.sin(np.arange(v.size) * 1.3 + 0.7 * step + i).astype(np.float32).reshape(v.shape) * (1 + 0.5 * step)
         for i, v in enumerate((K0, B0, C0))]
    return [tf.constant(x) for x in g]


for make in MAKERS:
    opt = make()
    print(type(opt).__name__, sorted(opt.get_config().items()))
    variables = [tf.keras.Variable(K0, name="kernel"), tf.keras.Variable(B0, name="bias"),
                 tf.keras.Variable(C0, name="conv")]
    for step in range(4):
        opt.apply_gradients(zip(gradients(step), variables))
    for v in variables:
        print("  ", np.round(v.numpy(), 4).tolist())
    print("  ", [(v.path, v.dtype, tuple(v.shape)) for v in opt.variables], int(opt.iterations))

    # The same steps in a tf.function.
    traced_opt = make()
    variables = [tf.keras.Variable(K0), tf.keras.Variable(B0), tf.keras.Variable(C0)]
    traced_opt.build(variables)

    @tf.function
    def train_step(g0, g1, g2):
        traced_opt.apply_gradients(zip([g0, g1, g2], variables))

    for step in range(4):
        train_step(*gradients(step))
    print("   traced", [np.round(v.numpy(), 4).tolist() for v in variables])

    back = type(opt).from_config(opt.get_config())
    print("   back", type(back).__name__, back.get_config() == opt.get_config(), O.serialize(opt)["class_name"])

for name in ("lion", "adafactor", "Lion", "Adafactor", "schedulefreeadamw", "ScheduleFreeAdamW", "muon", "Muon"):  # Keras 3.15's get does not know Lamb
    opt = O.get(name)
    print(name, type(opt).__name__, opt.get_config()["learning_rate"] > 0)

show_error("Lion beta_1=0", lambda: O.Lion(beta_1=0.0))
show_error("Lion beta_1=1.5", lambda: O.Lion(beta_1=1.5))

# ---- fit with each, and a .keras file round trip keeping the optimizer's variables ----
x = np.linspace(-1, 1, 32, dtype="float32").reshape(16, 2)
y = np.stack([x[:, 0] * 2 - x[:, 1], x[:, 1] * 0.5], axis=1).astype("float32")
for make in (lambda: O.Lion(0.01), lambda: O.Lamb(0.05), lambda: O.Adafactor(0.1), lambda: "adafactor",
             lambda: O.ScheduleFreeAdamW(0.05), lambda: O.Muon(0.05)):
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(4, kernel_initializer="ones"),
                                 tf.keras.layers.Dense(2, kernel_initializer="ones")])
    model.compile(optimizer=make(), loss="mse")
    history = model.fit(x, y, batch_size=4, epochs=3, verbose=0, shuffle=False)
    opt = model.optimizer
    print(type(opt).__name__, [round(l, 4) for l in history.history["loss"]], int(opt.iterations))
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "m.keras")
        model.save(path)
        loaded = tf.keras.models.load_model(path)
        print("  ", type(loaded.optimizer).__name__, int(loaded.optimizer.iterations),
              [v.path.split("/")[-1] for v in loaded.optimizer.variables])
        print("  ", all(np.allclose(a.numpy(), b.numpy()) for a, b in zip(opt.variables, loaded.optimizer.variables)))
        loaded.fit(x, y, batch_size=4, epochs=1, verbose=0, shuffle=False)
        model.fit(x, y, batch_size=4, epochs=1, verbose=0, shuffle=False)
        print("  ", np.allclose(loaded.predict(x, verbose=0), model.predict(x, verbose=0), atol=1e-5))
