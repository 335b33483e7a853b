"""Keras' guide to writing a training loop from scratch as a program: an eager loop over a dataset with
GradientTape and optimizer.apply, the same step as tf.function with metrics updated in it and a
validation loop, losses a layer adds inside a traced step, and a GAN's two optimizers stepping a
generator and a discriminator (Conv2DTranspose, LeakyReLU) in one traced function."""
import numpy as np

from harness import tf

keras = tf.keras
layers = keras.layers


def pattern(shape, seed):
    n = int(np.prod(shape))
    return np.sin(0.37 * np.arange(n) + seed).astype(np.float32).reshape(shape)

def get_model():
    inputs = keras.Input(shape=(784,), name="digits")
    x1 = keras.layers.Dense(64, activation="relu")(inputs)
    x2 = keras.layers.Dense(64, activation="relu")(x1)
    outputs = keras.layers.Dense(10, name="predictions")(x2)
    model = keras.Model(inputs=inputs, outputs=outputs)
    model.set_weights([pattern(w.shape, 1.0 + i) * 0.05 for i, w in enumerate(model.weights)])
    return model
model = get_model()
optimizer = keras.optimizers.SGD(learning_rate=1e-3)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
batch_size = 32
x_train = np.abs(pattern((128, 784), 0.3))
y_train = (np.arange(128) % 10).astype("int64")
x_val = x_train[-32:]
y_val = y_train[-32:]
train_dataset = tf.data.Dataset.from_tensor_slices((x_train, y_train))
train_dataset = train_dataset.batch(batch_size)
val_dataset = tf.data.Dataset.from_tensor_slices((x_val, y_val)).batch(batch_size)
epochs = 2
for epoch in range(epochs):
    print(f"\nStart of epoch {epoch}")
    for step, (x_batch_train, y_batch_train) in enumerate(train_dataset):
        with tf.GradientTape() as tape:
            logits = model(x_batch_train, training=True)
            loss_value = loss_fn(y_batch_train, logits)
        grads = tape.gradient(loss_value, model.trainable_weights)
        optimizer.apply(grads, model.trainable_weights)
        if step % 2 == 0:
            print(f"Training loss (for 1 batch) at step {step}: {float(loss_value):.4f}")
            print(f"Seen so far: {(step + 1) * batch_size} samples")
train_acc_metric = keras.metrics.SparseCategoricalAccuracy()
val_acc_metric = keras.metrics.SparseCategoricalAccuracy()
model = get_model()
optimizer = keras.optimizers.SGD(learning_rate=1e-3)
@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss_value = loss_fn(y, logits)
    grads = tape.gradient(loss_value, model.trainable_weights)
    optimizer.apply_gradients(zip(grads, model.trainable_weights))
    train_acc_metric.update_state(y, logits)
    return loss_value
@tf.function
def test_step(x, y):
    val_logits = model(x, training=False)
    val_acc_metric.update_state(y, val_logits)
for epoch in range(epochs):
    for step, (x_batch_train, y_batch_train) in enumerate(train_dataset):
        loss_value = train_step(x_batch_train, y_batch_train)
        if step % 2 == 0:
            print(f"Training loss (for 1 batch) at step {step}: {float(loss_value):.4f}")
    train_acc = train_acc_metric.result()
    print(f"Training acc over epoch: {float(train_acc):.4f}")
    train_acc_metric.reset_state()
    for x_batch_val, y_batch_val in val_dataset:
        test_step(x_batch_val, y_batch_val)
    val_acc = val_acc_metric.result()
    val_acc_metric.reset_state()
    print(f"Validation acc: {float(val_acc):.4f}")
class ActivityRegularizationLayer(keras.layers.Layer):
    def call(self, inputs):
        self.add_loss(1e-2 * tf.reduce_sum(inputs))
        return inputs
inputs = keras.Input(shape=(784,), name="digits")
x = keras.layers.Dense(64, activation="relu")(inputs)
x = ActivityRegularizationLayer()(x)
x = keras.layers.Dense(64, activation="relu")(x)
outputs = keras.layers.Dense(10, name="predictions")(x)
model = keras.Model(inputs=inputs, outputs=outputs)
model.set_weights([pattern(w.shape, 1.0 + i) * 0.05 for i, w in enumerate(model.weights)])
optimizer = keras.optimizers.SGD(learning_rate=1e-3)
@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss_value = loss_fn(y, logits)
        loss_value += sum(model.losses)
    grads = tape.gradient(loss_value, model.trainable_weights)
    optimizer.apply_gradients(zip(grads, model.trainable_weights))
    return loss_value
for step, (xb, yb) in enumerate(train_dataset):
    print(step, round(float(train_step(xb, yb)), 3))
discriminator = keras.Sequential([keras.Input(shape=(28, 28, 1)), keras.layers.Conv2D(8, (3, 3), strides=(2, 2), padding="same"),
    keras.layers.LeakyReLU(negative_slope=0.2), keras.layers.Conv2D(8, (3, 3), strides=(2, 2), padding="same"),
    keras.layers.LeakyReLU(negative_slope=0.2), keras.layers.GlobalMaxPooling2D(), keras.layers.Dense(1)], name="discriminator")
discriminator.summary()
latent_dim = 16
generator = keras.Sequential([keras.Input(shape=(latent_dim,)), keras.layers.Dense(7 * 7 * 16), keras.layers.LeakyReLU(negative_slope=0.2),
    keras.layers.Reshape((7, 7, 16)), keras.layers.Conv2DTranspose(8, (4, 4), strides=(2, 2), padding="same"),
    keras.layers.LeakyReLU(negative_slope=0.2), keras.layers.Conv2DTranspose(8, (4, 4), strides=(2, 2), padding="same"),
    keras.layers.LeakyReLU(negative_slope=0.2), keras.layers.Conv2D(1, (7, 7), padding="same", activation="sigmoid")], name="generator")
generator.summary()
for m in (discriminator, generator):
    m.set_weights([pattern(w.shape, 1.0 + i) * 0.1 for i, w in enumerate(m.weights)])
d_optimizer = keras.optimizers.Adam(learning_rate=0.0003)
g_optimizer = keras.optimizers.Adam(learning_rate=0.0004)
loss_fn2 = keras.losses.BinaryCrossentropy(from_logits=True)
@tf.function
def gan_step(real_images, random_latent_vectors):
    generated_images = generator(random_latent_vectors)
    combined_images = tf.concat([generated_images, real_images], axis=0)
    labels = tf.concat([tf.ones((tf.shape(real_images)[0], 1)), tf.zeros((real_images.shape[0], 1))], axis=0)
    labels += 0.05 * tf.ones(tf.shape(labels))
    with tf.GradientTape() as tape:
        predictions = discriminator(combined_images)
        d_loss = loss_fn2(labels, predictions)
    grads = tape.gradient(d_loss, discriminator.trainable_weights)
    d_optimizer.apply_gradients(zip(grads, discriminator.trainable_weights))
    misleading_labels = tf.zeros((tf.shape(real_images)[0], 1))
    with tf.GradientTape() as tape:
        predictions = discriminator(generator(random_latent_vectors))
        g_loss = loss_fn2(misleading_labels, predictions)
    grads = tape.gradient(g_loss, generator.trainable_weights)
    g_optimizer.apply_gradients(zip(grads, generator.trainable_weights))
    return d_loss, g_loss, generated_images
real = np.abs(pattern((4, 28, 28, 1), 0.2))
for i in range(2):
    d, g, imgs = gan_step(real, pattern((4, latent_dim), 0.1 + i))
    print("gan", round(float(d), 4), round(float(g), 4), imgs.shape)
