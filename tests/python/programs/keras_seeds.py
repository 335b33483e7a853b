"""The seed notes' Keras code blocks (/work/shared/seeds): a Conv2D's variables created at its
first call, a Keras model whose call is a tf.function converted by AutoGraph, and the in-graph
training example (a Sequential model, Adam, a loss and a metric object, one tf.function looping
over a dataset with tf.print every 10 steps), feature extraction from a model's layers, and
ModelCheckpoint with make_or_restore_model (a second run restores the latest .keras file). The
notes' MNIST download becomes a fixed random dataset and the weights are set from NumPy, so both
libraries train the same numbers; printed values are rounded to 4 decimals, and tf.print writes
to stdout, which the test compares."""
import sys

import numpy as np

from harness import tf

# 001: layers create their variables when first called.
conv1 = tf.keras.layers.Conv2D(1, (1, 1))
print("before the call:", len(conv1.trainable_variables))
conv1(tf.ones((1, 4, 4, 3)))
print("after the call:", len(conv1.trainable_variables), [v.shape for v in conv1.trainable_variables])


# 002: Keras and AutoGraph.
class CustomModel(tf.keras.models.Model):

    @tf.function
    def call(self, input_data):
        if tf.reduce_mean(input_data) > 0:
            return input_data
        else:
            return input_data // 2


model = CustomModel()
print(repr(model(tf.constant([-2, -4]))))
print(repr(model(tf.constant([2, 4]))))

# 002: an example of in-graph training.
model = tf.keras.Sequential((
    tf.keras.layers.Reshape(target_shape=(28 * 28,), input_shape=(28, 28)),
    tf.keras.layers.Dense(100, activation='relu'),
    tf.keras.layers.Dense(100, activation='relu'),
    tf.keras.layers.Dense(10)))
model.build()
optimizer = tf.keras.optimizers.Adam()
model.set_weights([(np.sin(np.arange(w.size) * 0.37 + i) * 0.1).reshape(w.shape).astype(np.float32)
                   for i, w in enumerate(model.get_weights())])

compute_loss = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)

compute_accuracy = tf.keras.metrics.SparseCategoricalAccuracy()

rng = np.random.RandomState(0)
images = rng.rand(200, 28, 28).astype(np.float32)
labels = (images[:, :14].mean(axis=(1, 2)) * 20).astype(np.int64) % 10


def mnist_dataset():
    return tf.data.Dataset.from_tensor_slices((images, labels)).batch(10)


def train_one_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        logits = model(x)
        loss = compute_loss(y, logits)

    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))

    compute_accuracy(y, logits)
    return loss


def rounded(t):
    return tf.round(t * 10000) / 10000


@tf.function
def train(model, optimizer):
    train_ds = mnist_dataset()
    step = 0
    loss = 0.0
    accuracy = 0.0
    for x, y in train_ds:
        step += 1
        loss = train_one_step(model, optimizer, x, y)
        if step % 10 == 0:
            tf.print('Step', step, ': loss', rounded(loss), '; accuracy', rounded(compute_accuracy.result()),
                     output_stream=sys.stdout)
    return step, loss, accuracy


step, loss, accuracy = train(model, optimizer)
print('Final step', int(step), ': loss', round(float(loss), 4), '; accuracy', round(float(compute_accuracy.result()), 4))
print("optimizer steps", int(optimizer.iterations.numpy()))

# 003: feature extraction from a Sequential model's layers.
initial_model = tf.keras.Sequential([
    tf.keras.Input(shape=(250, 250, 3)),
    tf.keras.layers.Conv2D(32, 5, strides=2, activation="relu"),
    tf.keras.layers.Conv2D(32, 3, activation="relu", name="my_intermediate_layer"),
    tf.keras.layers.Conv2D(32, 3, activation="relu"),
])
feature_extractor = tf.keras.Model(
    inputs=initial_model.inputs,
    outputs=[layer.output for layer in initial_model.layers],
)
features = feature_extractor(tf.ones((1, 250, 250, 3)))
print("all layers:", [tuple(f.shape) for f in features])
feature_extractor = tf.keras.Model(
    inputs=initial_model.inputs,
    outputs=initial_model.get_layer(name="my_intermediate_layer").output,
)
print("one layer:", tuple(feature_extractor(tf.ones((1, 250, 250, 3))).shape))

# 003: ModelCheckpoint, and make_or_restore_model restoring the latest checkpoint.
import os  # noqa: E402
import tempfile  # noqa: E402


def get_compiled_model():
    inputs = tf.keras.Input(shape=(4,))
    outputs = tf.keras.layers.Dense(1)(tf.keras.layers.Dense(8, activation="relu")(inputs))
    model = tf.keras.Model(inputs, outputs)
    model.set_weights([(np.cos(np.arange(w.size) * 0.3 + i) * 0.2).reshape(w.shape).astype(np.float32)
                       for i, w in enumerate(model.get_weights())])
    model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.05), loss="mse")
    return model


with tempfile.TemporaryDirectory() as checkpoint_dir:
    def make_or_restore_model():
        checkpoints = [checkpoint_dir + "/" + name for name in os.listdir(checkpoint_dir)]
        if checkpoints:
            latest_checkpoint = max(checkpoints, key=os.path.getctime)
            print("Restoring from", os.path.basename(latest_checkpoint))
            return tf.keras.models.load_model(latest_checkpoint)
        print("Creating a new model")
        return get_compiled_model()

    data_x = rng.rand(40, 4).astype(np.float32)
    data_y = data_x.sum(axis=1, keepdims=True)
    for run in range(2):
        model = make_or_restore_model()
        callbacks = [tf.keras.callbacks.ModelCheckpoint(filepath=checkpoint_dir + "/ckpt-loss={loss:.2f}.keras",
                                                        save_freq="epoch")]
        history = model.fit(data_x, data_y, batch_size=10, epochs=2, shuffle=False, verbose=0, callbacks=callbacks)
        print("run", run, "losses", [round(v, 4) for v in history.history["loss"]], sorted(os.listdir(checkpoint_dir)))
