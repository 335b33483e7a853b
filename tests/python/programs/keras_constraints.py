"""tf.keras.constraints: MaxNorm, MinMaxNorm, NonNeg, UnitNorm (values along both axes, configs,
serialize / deserialize / get by name, class and dict), the Constraint base, a Constraint
subclass, and layers' kernel_constraint / bias_constraint (objects and names) applied by fit."""
import numpy as np

from harness import show_error, tf

C = tf.keras.constraints
print(sorted(n for n in dir(C) if not n.startswith("_")))

w = tf.constant([[3.0, -4.0], [0.5, 1.0], [-2.0, 0.0]])
for c in (C.MaxNorm(), C.MaxNorm(1.0, axis=1), C.MinMaxNorm(0.5, 2.0), C.MinMaxNorm(1.0, 3.0, rate=0.5, axis=1),
          C.MinMaxNorm(min_value=6.0, max_value=8.0), C.NonNeg(), C.UnitNorm(), C.UnitNorm(axis=1)):
    print(type(c).__name__, c.get_config())
    out = c(w)
    print("  ", out.dtype.name, np.round(out.numpy(), 5).tolist())
    serialized = C.serialize(c)
    print("  ", serialized)
    back = C.deserialize(serialized)
    print("   back", type(back).__name__, back.get_config() == c.get_config(), type(C.get(serialized)).__name__)
print(np.round(C.MaxNorm(1.0)(tf.constant([[3.0], [4.0]], tf.float64)).numpy(), 6).tolist())
print(np.round(C.UnitNorm()(np.array([[1.0], [1.0]], "float32")).numpy(), 6).tolist())

print([type(C.get(name)).__name__ for name in ("max_norm", "non_neg", "unit_norm", "min_max_norm", "MaxNorm")])
print(type(C.get(C.UnitNorm)).__name__, C.get(None))
print(C.max_norm is C.MaxNorm, C.non_neg is C.NonNeg, C.unit_norm is C.UnitNorm, C.min_max_norm is C.MinMaxNorm)
m = C.MaxNorm(3)
print(C.get(m) is m, m.max_value, m.axis, type(C.MaxNorm.from_config({"max_value": 1.5})).__name__)
show_error("get of 'nope'", lambda: C.get("nope"))
show_error("get of 5", lambda: C.get(5))
print(C.Constraint().get_config(), np.asarray(C.Constraint()(w)).tolist())


class Clip(C.Constraint):
    def __init__(self, limit):
        self.limit = limit

    def __call__(self, w):
        return tf.clip_by_value(w, -self.limit, self.limit)

    def get_config(self):
        return {"limit": self.limit}


clip = Clip(1.5)
print(np.asarray(clip(w)).tolist())
print(C.serialize(clip))
print(type(C.deserialize(C.serialize(clip), custom_objects={"Clip": Clip})).__name__)
print(isinstance(clip, C.Constraint), isinstance(C.NonNeg(), C.Constraint))

# ---- layers apply their constraints after each update ----
x = np.linspace(-1, 1, 24, dtype="float32").reshape(8, 3)
y = np.stack([x.sum(1) * 3, -x[:, 0] * 4], 1).astype("float32")
model = tf.keras.Sequential([
    tf.keras.Input((3,)),
    tf.keras.layers.Dense(2, kernel_initializer="ones", kernel_constraint="non_neg",
                          bias_constraint=C.MaxNorm(0.05)),
])
model.compile(optimizer=tf.keras.optimizers.SGD(0.5), loss="mse")
model.fit(x, y, batch_size=4, epochs=2, verbose=0, shuffle=False)
kernel, bias = model.layers[0].get_weights()
print("kernel >= 0:", bool((kernel >= 0).all()), "some zero:", bool((kernel == 0).any()),
      "bias norm <= 0.05:", bool(np.linalg.norm(bias) <= 0.05 + 1e-6))

model = tf.keras.Sequential([
    tf.keras.Input((3,)),
    tf.keras.layers.Dense(2, kernel_initializer="ones", kernel_constraint=C.UnitNorm(axis=0), use_bias=False),
])
model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
model.fit(x, y, batch_size=8, epochs=1, verbose=0)
print("unit columns:", np.round(np.linalg.norm(model.layers[0].get_weights()[0], axis=0), 5).tolist())

model = tf.keras.Sequential([
    tf.keras.Input((3,)),
    tf.keras.layers.Dense(2, kernel_initializer="ones", kernel_constraint=C.MinMaxNorm(0.5, 1.0, axis=0), use_bias=False),
])
model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
model.fit(x, y, batch_size=8, epochs=1, verbose=0)
norms = np.linalg.norm(model.layers[0].get_weights()[0], axis=0)
print("min-max columns:", bool(((norms >= 0.5 - 1e-5) & (norms <= 1.0 + 1e-5)).all()))

# a Constraint subclass as a layer's constraint
model = tf.keras.Sequential([
    tf.keras.Input((3,)),
    tf.keras.layers.Dense(2, kernel_initializer="zeros", kernel_constraint=Clip(0.2), bias_constraint=Clip(0.1)),
])
model.compile(optimizer=tf.keras.optimizers.SGD(0.5), loss="mse")
model.fit(x, y, batch_size=4, epochs=3, verbose=0, shuffle=False)
kernel, bias = model.layers[0].get_weights()
print("clipped kernel:", np.round(kernel, 5).tolist(), "bias:", np.round(bias, 5).tolist())
