"""Random ops take their shape as a tensor, as TensorFlow's do: inside a tf.function the shape may
come from tf.shape (the VAE's sampling layer), with TensorFlow's static shapes and, for seeded ops,
its numbers; the stateless ops take traced integer bounds too. Shapes built in the graph from
tf.shape give tf.zeros, tf.fill, tf.reshape and tf.broadcast_to the static dims TensorFlow's shape
inference finds."""
import numpy as np

from harness import show_error, tf


def show(label, *tensors):
    for t in tensors:
        print(label, t.dtype.name, tuple(t.shape), np.asarray(t, dtype=np.float64).round(6).tolist())


def static_shapes(label, concrete):
    print(label, [tuple(s.shape) for s in tf.nest.flatten(concrete.structured_outputs)])


# ---- the VAE's sampling layer: epsilon drawn in the shape of z_mean, known only at run time ----
class Sampling(tf.keras.layers.Layer):
    def call(self, inputs):
        z_mean, z_log_var = inputs
        batch, dim = tf.shape(z_mean)[0], tf.shape(z_mean)[1]
        epsilon = tf.random.normal(shape=(batch, dim), seed=3)
        return z_mean + tf.exp(0.5 * z_log_var) * epsilon


sampling = Sampling()


@tf.function(input_signature=[tf.TensorSpec([None, 2]), tf.TensorSpec([None, 2])])
def sample(z_mean, z_log_var):
    return sampling([z_mean, z_log_var])


tf.random.set_seed(11)
static_shapes("sample static", sample.get_concrete_function())
z = tf.constant([[0.0, 1.0], [2.0, -1.0], [0.5, 0.5]])
show("sample", sample(z, tf.zeros_like(z)))
show("sample again (the stream goes on)", sample(z[:1], tf.ones_like(z[:1])))


# Keras 3's form of it: keras.random.normal seeded by a SeedGenerator, the batch from keras.ops.shape.
class KerasSampling(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.seed_generator = tf.keras.random.SeedGenerator(1337)

    def call(self, inputs):
        z_mean, z_log_var = inputs
        batch, dim = tf.keras.ops.shape(z_mean)[0], tf.keras.ops.shape(z_mean)[1]
        epsilon = tf.keras.random.normal(shape=(batch, dim), seed=self.seed_generator)
        return z_mean + tf.keras.ops.exp(0.5 * z_log_var) * epsilon


keras_sampling = KerasSampling()
keras_sample = tf.function(lambda z_mean, z_log_var: keras_sampling([z_mean, z_log_var]),
                           input_signature=[tf.TensorSpec([None, 2]), tf.TensorSpec([None, 2])])
static_shapes("keras sample static", keras_sample.get_concrete_function())
show("keras sample", keras_sample(z, tf.zeros_like(z)), keras_sample(z, tf.zeros_like(z)))


# ---- the stateful ops on a traced shape, every float dtype ----
@tf.function(input_signature=[tf.TensorSpec([None, 3])])
def draws(x):
    s = tf.shape(x)
    return (tf.random.normal(s, seed=1), tf.random.uniform(s, seed=1), tf.random.truncated_normal(s, seed=1),
            tf.random.normal(s, dtype=tf.float64, seed=2), tf.random.uniform(s, dtype=tf.float16, seed=2),
            tf.random.normal(s, dtype=tf.bfloat16, seed=2), tf.random.uniform(s, minval=-2.0, maxval=2.0, seed=4),
            tf.random.normal([tf.shape(x)[0], 2], mean=1.0, stddev=0.5, seed=5))


tf.random.set_seed(12)
static_shapes("draws static", draws.get_concrete_function())
show("draws", *draws(tf.zeros([2, 3])))
tf.random.set_seed(12)
show("eager with the same seeds", tf.random.normal(tf.constant([2, 3]), seed=1),
     tf.random.normal(tf.constant([2, 3], tf.int64), seed=1))


@tf.function(input_signature=[tf.TensorSpec([2], tf.int32)])
def normal_of(shape):
    return tf.random.normal(shape)


static_shapes("shape argument static", normal_of.get_concrete_function())
print("run-time shape", tuple(normal_of(tf.constant([2, 0])).shape), tuple(normal_of(tf.constant([1, 4])).shape))
show_error("run-time negative dim", lambda: normal_of(tf.constant([2, -1])))
show_error("eager negative dim", lambda: tf.random.normal([-1, 2]))
show_error("eager float shape", lambda: tf.random.normal(tf.constant([2.0])))
show_error("eager matrix shape", lambda: tf.random.uniform([[2]]))


# ---- the stateless ops: traced shapes and integer bounds ----
@tf.function(input_signature=[tf.TensorSpec([None, 2]), tf.TensorSpec([], tf.int32), tf.TensorSpec([], tf.int32)])
def stateless(x, lo, hi):
    s = tf.shape(x)
    return (tf.random.stateless_normal(s, seed=[1, 2]), tf.random.stateless_uniform(s, seed=[3, 4]),
            tf.random.stateless_truncated_normal([s[0], 3], seed=[5, 6], dtype=tf.float16),
            tf.random.stateless_uniform(s, seed=[7, 8], minval=lo, maxval=hi, dtype=tf.int32),
            tf.random.stateless_uniform(s, seed=[9, 10], dtype=tf.int64, minval=None, maxval=None))


static_shapes("stateless static", stateless.get_concrete_function())
show("stateless", *stateless(tf.zeros([3, 2]), tf.constant(-5), tf.constant(5)))
show("stateless eager", tf.random.stateless_uniform([3, 2], seed=[7, 8], minval=-5, maxval=5, dtype=tf.int32))
show_error("stateless traced minval >= maxval", lambda: stateless(tf.zeros([3, 2]), tf.constant(5), tf.constant(5)))
show("stateless nothing to draw ignores the bounds", stateless(tf.zeros([0, 2]), tf.constant(5), tf.constant(5))[3])
show_error("stateless eager minval >= maxval", lambda: tf.random.stateless_uniform([2], [1, 2], 3, 3, dtype=tf.int32))
show_error("stateless eager negative dim", lambda: tf.random.stateless_normal([2, -3], seed=[1, 2]))


# ---- shapes built from tf.shape give static dims ----
@tf.function(input_signature=[tf.TensorSpec([None, 3])])
def shaped(x):
    batch = tf.shape(x)[0]
    return (tf.zeros([batch, 4]), tf.ones([batch, 2], tf.int32), tf.fill([2, batch], 7.0),
            tf.reshape(x, [batch, 3, 1]), tf.reshape(x, [-1, tf.shape(x)[1]]),
            tf.broadcast_to(1.0, tf.shape(x)), tf.zeros(tf.concat([tf.shape(x)[1:], [2]], 0)),
            tf.zeros_like(x, dtype=tf.int32))


static_shapes("shaped static", shaped.get_concrete_function())
show("shaped", *shaped(tf.reshape(tf.range(6.0), [2, 3])))
