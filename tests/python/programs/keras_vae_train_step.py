"""Keras' variational autoencoder example, scaled down: a Sampling layer drawing epsilon with
keras.random.normal in the shape of z_mean (its batch known only when the step runs), and a
keras.Model subclass with no call() whose train_step runs its encoder and decoder, with metric
trackers of its own. As in Keras 3, fit builds neither the model nor its outputs first. Weights are
set from NumPy so both libraries train the same numbers; losses are compared to 3 decimals."""
import numpy as np

from harness import show_error, tf
from keras_harness import deterministic_weights, rounded

keras = tf.keras
layers = keras.layers


class Sampling(layers.Layer):
    """z = z_mean + exp(z_log_var / 2) * epsilon, epsilon drawn in z_mean's shape."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.seed_generator = keras.random.SeedGenerator(1337)

    def call(self, inputs):
        z_mean, z_log_var = inputs
        batch, dim = keras.ops.shape(z_mean)[0], keras.ops.shape(z_mean)[1]
        epsilon = keras.random.normal(shape=(batch, dim), seed=self.seed_generator)
        return z_mean + keras.ops.exp(0.5 * z_log_var) * epsilon


latent_dim = 2
encoder_inputs = keras.Input(shape=(8, 8, 1))
x = layers.Conv2D(4, 3, activation="relu", strides=2, padding="same")(encoder_inputs)
x = layers.Flatten()(x)
x = layers.Dense(8, activation="relu")(x)
z_mean = layers.Dense(latent_dim, name="z_mean")(x)
z_log_var = layers.Dense(latent_dim, name="z_log_var")(x)
z = Sampling()([z_mean, z_log_var])
encoder = keras.Model(encoder_inputs, [z_mean, z_log_var, z], name="encoder")

latent_inputs = keras.Input(shape=(latent_dim,))
x = layers.Dense(4 * 4 * 4, activation="relu")(latent_inputs)
x = layers.Reshape((4, 4, 4))(x)
x = layers.Conv2DTranspose(4, 3, activation="relu", strides=2, padding="same")(x)
decoder_outputs = layers.Conv2DTranspose(1, 3, activation="sigmoid", padding="same")(x)
decoder = keras.Model(latent_inputs, decoder_outputs, name="decoder")
deterministic_weights(encoder)
deterministic_weights(decoder)


class VAE(keras.Model):
    def __init__(self, encoder, decoder, **kwargs):
        super().__init__(**kwargs)
        self.encoder = encoder
        self.decoder = decoder
        self.total_loss_tracker = keras.metrics.Mean(name="total_loss")
        self.reconstruction_loss_tracker = keras.metrics.Mean(name="reconstruction_loss")
        self.kl_loss_tracker = keras.metrics.Mean(name="kl_loss")

    @property
    def metrics(self):
        return [self.total_loss_tracker, self.reconstruction_loss_tracker, self.kl_loss_tracker]

    def train_step(self, data):
        with tf.GradientTape() as tape:
            z_mean, z_log_var, z = self.encoder(data)
            reconstruction = self.decoder(z)
            reconstruction_loss = keras.ops.mean(
                keras.ops.sum(keras.losses.binary_crossentropy(data, reconstruction), axis=(1, 2)))
            kl_loss = -0.5 * (1 + z_log_var - keras.ops.square(z_mean) - keras.ops.exp(z_log_var))
            kl_loss = keras.ops.mean(keras.ops.sum(kl_loss, axis=1))
            total_loss = reconstruction_loss + kl_loss
        grads = tape.gradient(total_loss, self.trainable_weights)
        self.optimizer.apply_gradients(zip(grads, self.trainable_weights))
        self.total_loss_tracker.update_state(total_loss)
        self.reconstruction_loss_tracker.update_state(reconstruction_loss)
        self.kl_loss_tracker.update_state(kl_loss)
        return {"loss": self.total_loss_tracker.result(),
                "reconstruction_loss": self.reconstruction_loss_tracker.result(),
                "kl_loss": self.kl_loss_tracker.result()}


images = np.random.RandomState(0).rand(24, 8, 8, 1).astype("float32")
vae = VAE(encoder, decoder)
vae.compile(optimizer=keras.optimizers.Adam(learning_rate=0.01))
print("built before fit:", vae.built)
history = vae.fit(images, epochs=3, batch_size=8, shuffle=False, verbose=0)
print("trainable weights:", len(vae.trainable_weights))
print({name: rounded(values, 3) for name, values in sorted(history.history.items())})
print("metrics:", [m.name for m in vae.metrics])
z_mean, z_log_var, z = encoder.predict(images[:3], verbose=0)
print("z_mean", rounded(z_mean, 3), "z shape", z.shape)
print("decoded", rounded(decoder.predict(z_mean, verbose=0).mean(axis=(1, 2, 3)), 3))
show_error("calling the VAE, which has no call()", lambda: vae(images[:2]))
