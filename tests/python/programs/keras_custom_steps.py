"""Customizing fit in a keras.Model subclass built with Model(inputs, outputs), as the first examples
of Keras' guide "Customizing what happens in fit()" do: its own train_step (fit's progress bar and
History), its own test_step (evaluate), and, under Keras' default steps, an overridden
compute_loss and compute_metrics. Weights are set from NumPy so both libraries train the same
numbers; losses and metrics are compared to 4 decimals, the progress bar with its times masked."""
import numpy as np

from harness import show_error, tf
from keras_harness import fixed_weights, history_text, masked_bar, rounded

keras = tf.keras


rng = np.random.RandomState(5)
x = rng.rand(48, 3).astype(np.float32)
y = (x @ np.array([[1.0], [-2.0], [0.5]], dtype=np.float32) + 0.3).astype(np.float32)


# ---- The guide's CustomModel(inputs, outputs) with its own train_step ----------------------------
class CustomModel(keras.Model):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(y=y, y_pred=y_pred)
        trainable_vars = self.trainable_variables
        gradients = tape.gradient(loss, trainable_vars)
        self.optimizer.apply(gradients, trainable_vars)
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss)
            else:
                metric.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}


def functional(cls, name=None):
    inputs = keras.Input(shape=(3,), name="features")
    outputs = keras.layers.Dense(1, name="out")(keras.layers.Dense(4, activation="tanh", name="hidden")(inputs))
    model = cls(inputs, outputs) if name is None else cls(inputs=inputs, outputs=outputs, name=name)
    fixed_weights(model)
    return model


model = functional(CustomModel)
print(type(model).__name__, model.name, [layer.name for layer in model.layers])
model.compile(optimizer=keras.optimizers.SGD(learning_rate=0.1), loss="mse")
text, history = masked_bar(lambda: model.fit(x, y, batch_size=16, epochs=2, shuffle=False, verbose=1))
print(text)
print("history", history_text(history))
# With compiled metrics, whose order in the bar differs (see the README's deviations): History only.
model = functional(CustomModel)
model.compile(optimizer=keras.optimizers.SGD(learning_rate=0.1), loss="mse", metrics=["mae"])
print("with metrics", history_text(model.fit(x, y, batch_size=16, epochs=2, shuffle=False, verbose=0)))
print("evaluate", rounded(model.evaluate(x, y, batch_size=16, verbose=0)))
print("predict", rounded(model.predict(x[:2], verbose=0)))
on_dataset = functional(CustomModel, "on_dataset")
on_dataset.compile(optimizer=keras.optimizers.SGD(learning_rate=0.1), loss="mse")
dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(12)
print(on_dataset.name, "fit on a dataset", history_text(on_dataset.fit(dataset, epochs=2, shuffle=False, verbose=0)))


# ---- Its own test_step, and the base class' train_step ----------------------------------------
class EvaluatingModel(keras.Model):
    def test_step(self, data):
        x, y = data
        y_pred = self(x, training=False)
        loss = self.compute_loss(y=y, y_pred=y_pred)
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss * 2.0)
            else:
                metric.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}


evaluating = functional(EvaluatingModel)
evaluating.compile(optimizer=keras.optimizers.SGD(learning_rate=0.1), loss="mse", metrics=["mae"])
print(evaluating.name, "evaluate (loss doubled)", rounded(evaluating.evaluate(x, y, batch_size=16, verbose=0)))
history = evaluating.fit(x, y, batch_size=16, epochs=2, shuffle=False, verbose=0, validation_data=(x[:16], y[:16]))
print("fit with validation", history_text(history))


# ---- compute_loss and compute_metrics overridden under Keras' default train_step and test_step --
class WeightedLossModel(keras.Model):
    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        loss = super().compute_loss(x=x, y=y, y_pred=y_pred, sample_weight=sample_weight, training=training)
        return loss + 0.01 * tf.reduce_sum(tf.square(y_pred))


weighted = functional(WeightedLossModel)
weighted.compile(optimizer=keras.optimizers.SGD(learning_rate=0.1), loss="mse", metrics=["mae"])
print(weighted.name, "compute_loss", history_text(weighted.fit(x, y, batch_size=16, epochs=2, shuffle=False,
                                                               verbose=0)))
print("evaluate", rounded(weighted.evaluate(x, y, batch_size=16, verbose=0)))


class LossWithoutTraining(keras.Model):
    """compute_loss without a `training` parameter: Keras calls it without one."""

    def compute_loss(self, x, y, y_pred, sample_weight=None):
        return tf.reduce_mean(tf.abs(y - y_pred))


plain = functional(LossWithoutTraining)
plain.compile(optimizer=keras.optimizers.SGD(learning_rate=0.1), loss="mse")
print(plain.name, "compute_loss without training", history_text(plain.fit(x, y, batch_size=16, epochs=2,
                                                                           shuffle=False, verbose=0)))


class ExtraMetricsModel(keras.Model):
    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        logs = super().compute_metrics(x, y, y_pred, sample_weight=sample_weight)
        logs["max_error"] = tf.round(tf.reduce_max(tf.abs(y - y_pred)) * 100.0) / 100.0
        return logs


extra = functional(ExtraMetricsModel)
extra.compile(optimizer=keras.optimizers.SGD(learning_rate=0.1), loss="mse", metrics=["mae"])
text, history = masked_bar(lambda: extra.fit(x, y, batch_size=16, epochs=1, shuffle=False, verbose=1))
print(text)
print(extra.name, "compute_metrics", history_text(history))
print("evaluate", {k: round(float(v), 4) for k, v in sorted(extra.evaluate(x, y, batch_size=16, verbose=0,
                                                                          return_dict=True).items())})


class SubclassedComputeLoss(keras.Model):
    """A model with its own call whose compute_loss adds a penalty."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dense = keras.layers.Dense(1)

    def call(self, inputs):
        return self.dense(inputs)

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        return tf.reduce_mean(tf.square(y - y_pred)) + (0.5 if training else 0.0)


subclassed = SubclassedComputeLoss()
subclassed(x[:1])
fixed_weights(subclassed)
subclassed.compile(optimizer=keras.optimizers.SGD(learning_rate=0.1), loss="mse")
print("subclassed compute_loss", history_text(subclassed.fit(x, y, batch_size=16, epochs=2, shuffle=False, verbose=0)))
print("evaluate (training=False)", round(float(subclassed.evaluate(x, y, batch_size=16, verbose=0)), 4))

show_error("fit before compile", lambda: functional(CustomModel).fit(x, y, verbose=0))
