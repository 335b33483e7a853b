"""Keras' guide to training and evaluation with the built-in methods as a program: fit / evaluate /
predict on arrays and datasets, custom losses (functions and Loss subclasses) and a Metric subclass,
add_loss from layers, an endpoint layer called with two tensors (targets and logits) in a model
trained on inputs alone, validation splits and datasets, steps_per_epoch over a repeated dataset
(an epoch goes on where the last one stopped), class and sample weights, a model of two inputs and
two outputs with per-output losses, metrics and loss weights (dict targets matched by output
names, in arrays and datasets; an output without a loss), EarlyStopping, a batch-loss callback,
ModelCheckpoint, a learning-rate schedule and TensorBoard."""
import numpy as np

from harness import tf

keras = tf.keras
layers = keras.layers


def pattern(shape, seed):
    n = int(np.prod(shape))
    return np.sin(0.37 * np.arange(n) + seed).astype(np.float32).reshape(shape)


import os, tempfile
def init(model, scale=0.05):
    model.set_weights([pattern(w.shape, 1.0 + i) * scale for i, w in enumerate(model.weights)])
    return model
x_train = np.abs(pattern((200, 784), 0.3))
y_train = (np.arange(200) % 10).astype("float32")
x_test, y_test = x_train[:50], y_train[:50]
x_val, y_val = x_train[-40:], y_train[-40:]
def get_uncompiled_model():
    inputs = keras.Input(shape=(784,), name="digits")
    x = layers.Dense(64, activation="relu", name="dense_1")(inputs)
    x = layers.Dense(64, activation="relu", name="dense_2")(x)
    outputs = layers.Dense(10, activation="softmax", name="predictions")(x)
    return init(keras.Model(inputs=inputs, outputs=outputs))
def get_compiled_model():
    model = get_uncompiled_model()
    model.compile(optimizer="rmsprop", loss="sparse_categorical_crossentropy", metrics=["sparse_categorical_accuracy"])
    return model
model = get_compiled_model()
history = model.fit(x_train, y_train, batch_size=64, epochs=2, validation_data=(x_val, y_val), verbose=0, shuffle=False)
print({k: [round(v, 4) for v in vals] for k, vals in history.history.items()})
results = model.evaluate(x_test, y_test, batch_size=128, verbose=0)
print("test loss, test acc:", np.round(results, 4))
predictions = model.predict(x_test[:3], verbose=0)
print("predictions shape:", predictions.shape)
def custom_mean_squared_error(y_true, y_pred):
    return tf.math.reduce_mean(tf.square(y_true - y_pred), axis=-1)
model = get_uncompiled_model()
model.compile(optimizer=keras.optimizers.Adam(), loss=custom_mean_squared_error)
y_train_one_hot = tf.one_hot(y_train.astype("int32"), depth=10)
h = model.fit(x_train, y_train_one_hot, batch_size=64, epochs=1, verbose=0, shuffle=False)
print(round(h.history["loss"][0], 4))
class CustomMSE(keras.losses.Loss):
    def __init__(self, regularization_factor=0.1, name="custom_mse"):
        super().__init__(name=name)
        self.regularization_factor = regularization_factor
    def call(self, y_true, y_pred):
        mse = tf.math.reduce_mean(tf.square(y_true - y_pred), axis=-1)
        reg = tf.math.reduce_mean(tf.square(0.5 - y_pred), axis=-1)
        return mse + reg * self.regularization_factor
model = get_uncompiled_model()
model.compile(optimizer=keras.optimizers.Adam(), loss=CustomMSE())
h = model.fit(x_train, y_train_one_hot, batch_size=64, epochs=1, verbose=0, shuffle=False)
print(round(h.history["loss"][0], 4))
class CategoricalTruePositives(keras.metrics.Metric):
    def __init__(self, name="categorical_true_positives", **kwargs):
        super().__init__(name=name, **kwargs)
        self.true_positives = self.add_variable(shape=(), name="ctp", initializer="zeros")
    def update_state(self, y_true, y_pred, sample_weight=None):
        y_pred = tf.reshape(tf.argmax(y_pred, axis=1), shape=(-1, 1))
        values = tf.cast(y_true, "int32") == tf.cast(y_pred, "int32")
        values = tf.cast(values, "float32")
        if sample_weight is not None:
            sample_weight = tf.cast(sample_weight, "float32")
            values = tf.multiply(values, sample_weight)
        self.true_positives.assign_add(tf.reduce_sum(values))
    def result(self):
        return self.true_positives
    def reset_state(self):
        self.true_positives.assign(0.0)
model = get_uncompiled_model()
model.compile(optimizer=keras.optimizers.RMSprop(learning_rate=1e-3), loss=keras.losses.SparseCategoricalCrossentropy(), metrics=[CategoricalTruePositives()])
h = model.fit(x_train, y_train, batch_size=64, epochs=3, verbose=0, shuffle=False)
print({k: [round(float(v), 4) for v in vals] for k, vals in h.history.items()})
class ActivityRegularizationLayer(layers.Layer):
    def call(self, inputs):
        self.add_loss(tf.reduce_sum(inputs) * 0.1)
        return inputs
inputs = keras.Input(shape=(784,), name="digits")
x = layers.Dense(64, activation="relu", name="dense_1")(inputs)
x = ActivityRegularizationLayer()(x)
x = layers.Dense(64, activation="relu", name="dense_2")(x)
outputs = layers.Dense(10, name="predictions")(x)
model = init(keras.Model(inputs=inputs, outputs=outputs))
model.compile(optimizer=keras.optimizers.RMSprop(learning_rate=1e-3), loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
h = model.fit(x_train, y_train, batch_size=64, epochs=1, verbose=0, shuffle=False)
print(round(h.history["loss"][0], 2))
class LogisticEndpoint(keras.layers.Layer):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.loss_fn = keras.losses.BinaryCrossentropy(from_logits=True)
    def call(self, targets, logits, sample_weights=None):
        loss = self.loss_fn(targets, logits, sample_weights)
        self.add_loss(loss)
        return tf.nn.softmax(logits)
inputs = keras.Input(shape=(3,), name="inputs")
targets = keras.Input(shape=(10,), name="targets")
logits = keras.layers.Dense(10)(inputs)
predictions = LogisticEndpoint(name="predictions")(targets, logits)
model = init(keras.Model(inputs=[inputs, targets], outputs=predictions))
model.compile(optimizer="adam")
data = {"inputs": pattern((3, 3), 0.1), "targets": np.abs(pattern((3, 10), 0.2))}
h = model.fit(data, verbose=0, shuffle=False)
print(round(h.history["loss"][0], 4))
model = get_compiled_model()
h = model.fit(x_train, y_train, batch_size=64, validation_split=0.2, epochs=1, verbose=0, shuffle=False)
print(sorted(h.history))
train_dataset = tf.data.Dataset.from_tensor_slices((x_train, y_train)).batch(64)
test_dataset = tf.data.Dataset.from_tensor_slices((x_test, y_test)).batch(64)
model = get_compiled_model()
h = model.fit(train_dataset, epochs=2, verbose=0, shuffle=False)
print([round(v, 4) for v in h.history["loss"]])
result = model.evaluate(test_dataset, verbose=0, return_dict=True)
print({k: round(v, 4) for k, v in result.items()})
model = get_compiled_model()
h = model.fit(train_dataset.repeat(), epochs=2, steps_per_epoch=2, verbose=0, shuffle=False)
print([round(v, 4) for v in h.history["loss"]])
val_dataset = tf.data.Dataset.from_tensor_slices((x_val, y_val)).batch(16)
h = model.fit(train_dataset, epochs=1, validation_data=val_dataset, validation_steps=2, verbose=0, shuffle=False)
print(sorted(h.history))
class_weight = {0: 1.0, 1: 1.0, 2: 1.0, 3: 1.0, 4: 1.0, 5: 2.0, 6: 1.0, 7: 1.0, 8: 1.0, 9: 1.0}
model = get_compiled_model()
h = model.fit(x_train, y_train, class_weight=class_weight, batch_size=64, epochs=1, verbose=0, shuffle=False)
print(round(h.history["loss"][0], 4))
sample_weight = np.ones(shape=(len(y_train),))
sample_weight[y_train == 5] = 2.0
model = get_compiled_model()
h = model.fit(x_train, y_train, sample_weight=sample_weight, batch_size=64, epochs=1, verbose=0, shuffle=False)
print(round(h.history["loss"][0], 4))
train_dataset = tf.data.Dataset.from_tensor_slices((x_train, y_train, sample_weight)).batch(64)
model = get_compiled_model()
h = model.fit(train_dataset, epochs=1, verbose=0, shuffle=False)
print(round(h.history["loss"][0], 4))
image_input = keras.Input(shape=(32, 32, 3), name="img_input")
timeseries_input = keras.Input(shape=(None, 10), name="ts_input")
x1 = layers.Conv2D(3, 3)(image_input)
x1 = layers.GlobalMaxPooling2D()(x1)
x2 = layers.Conv1D(3, 3)(timeseries_input)
x2 = layers.GlobalMaxPooling1D()(x2)
x = layers.concatenate([x1, x2])
score_output = layers.Dense(1, name="score_output")(x)
class_output = layers.Dense(5, name="class_output")(x)
model = init(keras.Model(inputs=[image_input, timeseries_input], outputs=[score_output, class_output]))
model.compile(optimizer=keras.optimizers.RMSprop(1e-3), loss={"score_output": keras.losses.MeanSquaredError(), "class_output": keras.losses.CategoricalCrossentropy()},
    metrics={"score_output": [keras.metrics.MeanAbsolutePercentageError(), keras.metrics.MeanAbsoluteError()], "class_output": [keras.metrics.CategoricalAccuracy()]},
    loss_weights={"score_output": 2.0, "class_output": 1.0})
img_data = pattern((20, 32, 32, 3), 0.1)
ts_data = pattern((20, 20, 10), 0.2)
score_targets = pattern((20, 1), 0.3)
class_targets = np.abs(pattern((20, 5), 0.4))
h = model.fit({"img_input": img_data, "ts_input": ts_data}, {"score_output": score_targets, "class_output": class_targets}, batch_size=32, epochs=1, verbose=0, shuffle=False)
print({k: [round(float(v), 3) for v in vals] for k, vals in sorted(h.history.items())})
model.compile(optimizer=keras.optimizers.RMSprop(1e-3), loss=[None, keras.losses.CategoricalCrossentropy()], metrics=[[], ["categorical_accuracy"]])
h = model.fit([img_data, ts_data], [score_targets, class_targets], batch_size=32, epochs=1, verbose=0, shuffle=False)
print({k: [round(float(v), 3) for v in vals] for k, vals in sorted(h.history.items())})
train_dataset = tf.data.Dataset.from_tensor_slices(({"img_input": img_data, "ts_input": ts_data}, {"score_output": score_targets, "class_output": class_targets})).shuffle(buffer_size=1024, seed=1).batch(64)
model.compile(optimizer=keras.optimizers.RMSprop(1e-3), loss={"score_output": keras.losses.MeanSquaredError(), "class_output": keras.losses.CategoricalCrossentropy()},
              metrics={"class_output": ["categorical_accuracy"]})
h = model.fit(train_dataset, epochs=1, verbose=0, shuffle=False)
print(sorted(h.history))
model = get_compiled_model()
callbacks = [keras.callbacks.EarlyStopping(monitor="val_loss", min_delta=1e-2, patience=2, verbose=1)]
h = model.fit(x_train, y_train, epochs=20, batch_size=64, callbacks=callbacks, validation_split=0.2, verbose=0, shuffle=False)
print("epochs run:", len(h.history["loss"]))
class LossHistory(keras.callbacks.Callback):
    def on_train_begin(self, logs):
        self.per_batch_losses = []
    def on_batch_end(self, batch, logs):
        self.per_batch_losses.append(logs.get("loss"))
lh = LossHistory()
model.fit(x_train, y_train, epochs=1, batch_size=64, callbacks=[lh], verbose=0, shuffle=False)
print(len(lh.per_batch_losses))
d = tempfile.mkdtemp()
os.chdir(d)
model = get_compiled_model()
callbacks = [keras.callbacks.ModelCheckpoint(filepath="mymodel_{epoch}.keras", save_best_only=True, monitor="val_loss", verbose=1)]
model.fit(x_train, y_train, epochs=2, batch_size=64, callbacks=callbacks, validation_split=0.2, verbose=0, shuffle=False)
print(sorted(os.listdir(d)))
initial_learning_rate = 0.1
lr_schedule = keras.optimizers.schedules.ExponentialDecay(initial_learning_rate, decay_steps=100000, decay_rate=0.96, staircase=True)
optimizer = keras.optimizers.RMSprop(learning_rate=lr_schedule)
print(float(optimizer.learning_rate))
tb = keras.callbacks.TensorBoard(log_dir=os.path.join(d, "logs"), histogram_freq=0, embeddings_freq=0, update_freq="epoch")
model.fit(x_train, y_train, epochs=1, batch_size=64, callbacks=[tb], verbose=0, shuffle=False)
print(sorted(os.listdir(os.path.join(d, "logs"))))
