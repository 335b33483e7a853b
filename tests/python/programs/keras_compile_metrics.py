"""model.metrics as Keras 3 lists it: the loss tracker, the compiled metrics grouped as one
`compile_metrics` object (update_state, result as a dict, reset_state, its metrics), then the
outputs' loss trackers once fit has built them; and a train_step that returns
{m.name: m.result() for m in self.metrics}, whose nested dict the fit loop flattens."""
import numpy as np

from harness import tf

keras = tf.keras


def described(model):
    return [(m.name, type(m).__name__) for m in model.metrics]


x = np.linspace(0.0, 1.0, 12, dtype=np.float32).reshape(4, 3)
y = np.zeros((4, 2), np.float32)

# ---- One output: the names before and after training -------------------------------------------
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, kernel_initializer="ones")])
model.compile(optimizer="sgd", loss="mse", metrics=["mae", "accuracy"])
print("before", described(model), model.metrics_names)
logs = model.evaluate(x, y, verbose=0, return_dict=True)
print("logs", sorted(logs))
print("after", described(model), model.metrics_names)
compiled = model.metrics[1]
print("grouped", [m.name for m in compiled.metrics], sorted(compiled.result()), len(compiled.variables))
print("mae", round(float(compiled.result()["mae"]), 4))
compiled.reset_state()
print("reset", {name: float(value) for name, value in compiled.result().items()})
compiled.update_state(y, model(x))
print("updated mae", round(float(compiled.result()["mae"]), 4))

plain = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
plain.compile(optimizer="sgd", loss="mse")
print("no metrics", described(plain), plain.metrics_names)
weighted = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
weighted.compile(optimizer="sgd", loss="mse", weighted_metrics=["mae"])
print("weighted", described(weighted))

# ---- Two outputs: the per-output loss trackers come after compile_metrics ----------------------
inputs = keras.Input((3,), name="x")
a = keras.layers.Dense(2, name="a", kernel_initializer="ones")(inputs)
b = keras.layers.Dense(1, name="b", kernel_initializer="ones")(inputs)
two = keras.Model(inputs, [a, b])
two.compile(optimizer="sgd", loss=["mse", "mae"], metrics=[["mae"], ["mse"]])
print("two before", described(two))
history = two.fit(x, [y, np.zeros((4, 1), np.float32)], epochs=1, verbose=0)
print("two after", described(two), sorted(history.history))
print("two grouped", sorted(two.metrics[1].result()))


# ---- The guide's train_step over self.metrics ------------------------------------------------
class CustomModel(keras.Model):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(y=y, y_pred=y_pred)
        gradients = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(gradients, self.trainable_variables))
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss)
            else:
                metric.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}


inputs = keras.Input((3,))
custom = CustomModel(inputs, keras.layers.Dense(2, kernel_initializer="ones")(inputs))
custom.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse", metrics=["mae"])
history = custom.fit(x, y, epochs=2, verbose=0)
print("custom", sorted(history.history), [round(v, 4) for v in history.history["mae"]])
