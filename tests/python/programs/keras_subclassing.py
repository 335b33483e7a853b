"""Subclassing tf.keras.layers.Layer and tf.keras.Model in Python, following Keras' guides "Making
new layers and models via subclassing" and "Customizing what happens in fit()": build with
add_weight, call with and without `training`, add_loss, Python layers in Sequential and Functional
models, a subclassed model with its own train_step (compute_loss and the metrics loop), one with
its own loss tracker and `metrics` property, and a custom test_step. Weights are set from NumPy so
both libraries train the same numbers; losses and metrics are compared to 4 decimals."""
import os
import tempfile

import numpy as np

from harness import show_error, tf
from keras_harness import fixed_weights, history_text, rounded

keras = tf.keras


class Linear(keras.layers.Layer):
    def __init__(self, units=32, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.units), initializer="random_normal", trainable=True)
        self.b = self.add_weight(shape=(self.units,), initializer="zeros", trainable=True)

    def call(self, inputs):
        return tf.matmul(inputs, self.w) + self.b


class ComputeSum(keras.layers.Layer):
    """A layer with a non-trainable weight updated in call."""

    def __init__(self, input_dim):
        super().__init__()
        self.total = self.add_weight(shape=(input_dim,), initializer="zeros", trainable=False)

    def call(self, inputs):
        self.total.assign_add(tf.reduce_sum(inputs, axis=0))
        return self.total


class ScaledDropoutLike(keras.layers.Layer):
    """Behaves differently in training: halves its input then."""

    def call(self, inputs, training=None):
        if training:
            return inputs * 0.5
        return inputs


class ActivityRegularization(keras.layers.Layer):
    def __init__(self, rate=1e-2):
        super().__init__()
        self.rate = rate

    def call(self, inputs):
        self.add_loss(self.rate * tf.reduce_sum(inputs))
        return inputs


x_small = np.arange(6, dtype=np.float32).reshape(2, 3) / 10
linear = Linear(4)
y = linear(x_small)
print("linear", y.shape, len(linear.weights), len(linear.trainable_weights), linear.built)
fixed_weights(linear)
print("linear output", rounded(linear(x_small)))
summer = ComputeSum(2)
summer(np.ones((2, 2), dtype=np.float32))
print("sum", rounded(summer(np.ones((2, 2), dtype=np.float32))), len(summer.weights), len(summer.trainable_weights))
dropout = ScaledDropoutLike()
print("training", rounded(dropout(x_small, training=True)), "inference", rounded(dropout(x_small)))
regularized = ActivityRegularization()
regularized(x_small)
print("losses", [round(float(loss), 4) for loss in regularized.losses])

# ---- Python layers inside Sequential and Functional models --------------------------------------
rng = np.random.RandomState(3)
x = rng.rand(32, 3).astype(np.float32)
y = (x @ np.array([[1.0], [-2.0], [0.5]], dtype=np.float32) + 0.3).astype(np.float32)
sequential = keras.Sequential([keras.Input((3,)), Linear(5), keras.layers.Dense(1)])
sequential.summary()
fixed_weights(sequential)
sequential.compile(optimizer=keras.optimizers.SGD(learning_rate=0.05), loss="mse")
print("sequential", history_text(sequential.fit(x, y, batch_size=8, epochs=3, shuffle=False, verbose=0)))

inputs = keras.Input((3,))
outputs = keras.layers.Dense(1)(ScaledDropoutLike()(Linear(4)(inputs)))
functional = keras.Model(inputs, outputs)
fixed_weights(functional)
functional.compile(optimizer=keras.optimizers.SGD(learning_rate=0.05), loss="mse")
print("functional", history_text(functional.fit(x, y, batch_size=8, epochs=3, shuffle=False, verbose=0)))
print("functional predict", rounded(functional.predict(x[:3], verbose=0)))


# ---- Customizing what happens in fit -------------------------------------------------------------
class CustomModel(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dense = keras.layers.Dense(1)

    def call(self, inputs):
        return self.dense(inputs)

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


model = CustomModel()
model(x[:1])
fixed_weights(model)
model.compile(optimizer=keras.optimizers.SGD(learning_rate=0.1), loss="mse", metrics=["mae"])
print(model.name, "custom train_step", history_text(model.fit(x, y, batch_size=8, epochs=3, shuffle=False, verbose=0)))
print("evaluate", rounded(model.evaluate(x, y, verbose=0)))


class TrackingModel(keras.Model):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.dense = keras.layers.Dense(1)
        self.loss_tracker = keras.metrics.Mean(name="loss")
        self.mae_metric = keras.metrics.MeanAbsoluteError(name="mae")

    def call(self, inputs):
        return self.dense(inputs)

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = keras.losses.MeanSquaredError()(y, y_pred)
        trainable_vars = self.trainable_variables
        gradients = tape.gradient(loss, trainable_vars)
        self.optimizer.apply_gradients(zip(gradients, trainable_vars))
        self.loss_tracker.update_state(loss)
        self.mae_metric.update_state(y, y_pred)
        return {"loss": self.loss_tracker.result(), "mae": self.mae_metric.result()}

    @property
    def metrics(self):
        return [self.loss_tracker, self.mae_metric]


tracking = TrackingModel()
tracking(x[:1])
fixed_weights(tracking)
tracking.compile(optimizer=keras.optimizers.SGD(learning_rate=0.1))
print(tracking.name, "own metrics", history_text(tracking.fit(x, y, batch_size=8, epochs=3, shuffle=False, verbose=0)))


class EvaluatingModel(CustomModel):
    def test_step(self, data):
        x, y = data
        y_pred = self(x, training=False)
        loss = self.compute_loss(y=y, y_pred=y_pred)
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss)
            else:
                metric.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}


evaluating = EvaluatingModel()
evaluating(x[:1])
fixed_weights(evaluating)
evaluating.compile(optimizer=keras.optimizers.SGD(learning_rate=0.1), loss="mse", metrics=["mae"])
print(evaluating.name, "custom test_step", rounded(evaluating.evaluate(x, y, batch_size=16, verbose=0)))
history = evaluating.fit(x, y, batch_size=8, epochs=2, shuffle=False, verbose=0, validation_data=(x[:16], y[:16]))
print("with validation", history_text(history))

# ---- Saving a model of Python layers ------------------------------------------------------------
class Scale(keras.layers.Layer):
    def __init__(self, units=2, factor=1.0, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.factor = factor

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer="ones", name="kernel")

    def call(self, inputs):
        return tf.matmul(inputs, self.kernel) * self.factor

    def get_config(self):
        config = super().get_config()
        config.update({"units": self.units, "factor": self.factor})
        return config


@keras.utils.register_keras_serializable(package="Test")
class Shift(keras.layers.Layer):
    def __init__(self, amount=0.5, **kwargs):
        super().__init__(**kwargs)
        self.amount = amount

    def call(self, inputs):
        return inputs + self.amount

    def get_config(self):
        config = super().get_config()
        config["amount"] = self.amount
        return config


scale = Scale(3, factor=0.5, name="scale")
config = scale.get_config()
print("config", sorted(config), config["name"], config["units"], config["factor"])
copy = Scale.from_config(config)
print("from_config", type(copy).__name__, copy.units, copy.factor)
inputs = keras.Input((3,))
saved = keras.Model(inputs, keras.layers.Dense(1)(Shift(0.25)(scale(inputs))))
fixed_weights(saved)
with tempfile.TemporaryDirectory() as directory:
    path = os.path.join(directory, "python_layers.keras")
    saved.save(path)
    loaded = keras.models.load_model(path, custom_objects={"Scale": Scale})
    print("loaded layers", [type(layer).__name__ for layer in loaded.layers])
    print("loaded scale", loaded.layers[1].units, loaded.layers[1].factor, "shift", loaded.layers[2].amount)
    print("same predictions", np.allclose(loaded.predict(x[:4], verbose=0), saved.predict(x[:4], verbose=0), atol=1e-6))

# ---- Custom losses and metrics (the seed notes' CustomMSE, the guide's CategoricalTruePositives) --
class CustomMSE(keras.losses.Loss):
    def __init__(self, regularization_factor=0.1, name="custom_mse"):
        super().__init__(name=name)
        self.regularization_factor = regularization_factor

    def call(self, y_true, y_pred):
        mse = tf.math.reduce_mean(tf.square(y_true - y_pred))
        reg = tf.math.reduce_mean(tf.square(0.5 - y_pred))
        return mse + reg * self.regularization_factor


class CategoricalTruePositives(keras.metrics.Metric):
    def __init__(self, name="categorical_true_positives", **kwargs):
        super().__init__(name=name, **kwargs)
        self.true_positives = self.add_variable(shape=(), name="ctp", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_pred = tf.reshape(tf.argmax(y_pred, axis=1), (-1, 1))
        values = tf.cast(tf.cast(y_true, "int32") == tf.cast(y_pred, "int32"), "float32")
        if sample_weight is not None:
            values = values * tf.cast(tf.reshape(sample_weight, (-1, 1)), "float32")
        self.true_positives.assign_add(tf.reduce_sum(values))

    def result(self):
        return self.true_positives

    def reset_state(self):
        self.true_positives.assign(0.0)


loss = CustomMSE()
print("custom loss", loss.name, round(float(loss(np.ones((2, 2), np.float32), np.full((2, 2), 0.5, np.float32))), 4))
metric = CategoricalTruePositives()
metric.update_state(np.array([[0], [2]]), np.array([[0.9, 0.1, 0.0], [0.2, 0.7, 0.1]], np.float32))
print("custom metric", metric.name, float(metric.result()), len(metric.variables))
metric.reset_state()
print("after reset", float(metric.result()))
labels = (x[:, :1] > 0.5).astype(np.int32) + (x[:, 1:2] > 0.5).astype(np.int32)
classifier = keras.Sequential([keras.Input((3,)), keras.layers.Dense(3)])
fixed_weights(classifier)
classifier.compile(optimizer=keras.optimizers.SGD(learning_rate=0.1), loss=CustomMSE(),
                   metrics=[CategoricalTruePositives()])
one_hot = np.eye(3, dtype=np.float32)[labels[:, 0]]
history = classifier.fit(x, one_hot, batch_size=8, epochs=2, shuffle=False, verbose=0)
print("custom loss and metric", history_text(history))
classifier.compile(optimizer=keras.optimizers.SGD(learning_rate=0.1), loss="sparse_categorical_crossentropy",
                   metrics=[CategoricalTruePositives()])
print("true positives", history_text(classifier.fit(x, labels, batch_size=8, epochs=2, shuffle=False, verbose=0)))

# ---- keras.utils.Sequence (the seed notes' CIFAR10Sequence, over arrays) --------------------------
class ArraySequence(keras.utils.Sequence):
    def __init__(self, inputs, targets, batch_size):
        super().__init__()
        self.inputs, self.targets = inputs, targets
        self.batch_size = batch_size
        self.epochs_ended = 0

    def __len__(self):
        return int(np.ceil(len(self.inputs) / float(self.batch_size)))

    def __getitem__(self, idx):
        batch_x = self.inputs[idx * self.batch_size:(idx + 1) * self.batch_size]
        batch_y = self.targets[idx * self.batch_size:(idx + 1) * self.batch_size]
        return np.array(batch_x), np.array(batch_y)

    def on_epoch_end(self):
        self.epochs_ended += 1


sequence = ArraySequence(x, y, 10)
sequence_model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
fixed_weights(sequence_model)
sequence_model.compile(optimizer=keras.optimizers.SGD(learning_rate=0.05), loss="mse")
print("sequence", len(sequence), history_text(sequence_model.fit(sequence, epochs=3, verbose=0, shuffle=False)),
      "epochs ended", sequence.epochs_ended)

show_error("a layer without call", lambda: keras.layers.Layer()(x_small))
show_error("an unknown keyword", lambda: Linear(2, units_typo=3))
