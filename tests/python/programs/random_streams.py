"""Seeded stateful random ops continue their Philox stream from call to call as TensorFlow's
kernels do: eager calls of one op, dtype and seeds share a stream that tf.random.set_seed
restarts; each op of a tf.function has its own, kept across calls; op seeds drawn from the
global seed follow TensorFlow's sequence. Keras layers draw from a SeedGenerator: a seeded
Dropout gives Keras' own masks, new ones at every call, eager or traced."""
import numpy as np

from harness import rounded, tf


def show(label, *tensors):
    print(label, *[rounded(t, 5) for t in tensors])


tf.random.set_seed(None)
show("eager seed 5", tf.random.uniform([2], seed=5), tf.random.uniform([2], seed=5), tf.random.uniform([3], seed=5))
show("float64 stream", tf.random.uniform([2], seed=5, dtype=tf.float64))
tf.random.set_seed(1)
show("restarted", tf.random.uniform([2], seed=5), tf.random.uniform([2], seed=5))
tf.random.set_seed(1)
show("global seed only", tf.random.uniform([2]), tf.random.uniform([2]), tf.random.normal([2]))
tf.random.set_seed(2**31 + 5)
show("global seed folded", tf.random.uniform([2], seed=3))


@tf.function
def two_ops():
    return tf.random.uniform([2], seed=1), tf.random.uniform([2], seed=1)


tf.random.set_seed(1234)
show("function call 1", *two_ops())
show("function call 2", *two_ops())


@tf.function
def loop(n):
    s = tf.zeros([2])
    for _ in tf.range(n):
        s += tf.random.uniform([2], seed=3)
    return s


show("loop", loop(tf.constant(3)), loop(tf.constant(1)))



# Ops with only a global seed count their op seeds per graph: a branch or loop body counts its own.
@tf.function
def branches(x):
    a = tf.random.uniform([2])
    if x > 0:
        b = tf.random.uniform([2])
    else:
        b = tf.random.uniform([2]) * 0
    return a, b, tf.random.uniform([2])


@tf.function
def body_seeds(n):
    s = tf.zeros([2])
    for _ in tf.range(n):
        s += tf.random.uniform([2])
    return s, tf.random.uniform([2])


tf.random.set_seed(1234)
show("branch op seeds", *branches(tf.constant(1)), *branches(tf.constant(-1)))
show("loop op seeds", *body_seeds(tf.constant(2)))

tf.random.set_seed(1)
show("uniform int", tf.random.uniform([3], maxval=10, dtype=tf.int32, seed=4),
     tf.random.uniform([3], maxval=10, dtype=tf.int32, seed=4))
show("normal", tf.random.normal([2], seed=4), tf.random.normal([2], seed=4))
show("truncated normal", tf.random.truncated_normal([3], seed=4), tf.random.truncated_normal([3], seed=4))
show("gamma", tf.random.gamma([3], 2.0, seed=4), tf.random.gamma([3], 2.0, seed=4))
show("poisson", tf.random.poisson([4], 3.0, seed=4), tf.random.poisson([4], 3.0, seed=4))
show("categorical", tf.random.categorical(tf.math.log([[0.2, 0.3, 0.5]]), 6, seed=4),
     tf.random.categorical(tf.math.log([[0.2, 0.3, 0.5]]), 6, seed=4))
image = tf.reshape(tf.range(50.0), [1, 5, 10, 1])
# Fractional pooling with a seed draws its windows afresh from the seed at every call, in TensorFlow too.
show("fractional_max_pool", *[tf.nn.fractional_max_pool(image, [1.0, 1.6, 1.7, 1.0], seed=4)[k] for k in (1, 2)],
     *[tf.nn.fractional_max_pool(image, [1.0, 1.6, 1.7, 1.0], seed=4)[k] for k in (1, 2)])
show("fractional_avg_pool pseudo-random", *[
    tf.nn.fractional_avg_pool(image, [1.0, 1.6, 1.7, 1.0], pseudo_random=True, seed=4)[2] for _ in range(2)])
show("shuffle", tf.random.shuffle(tf.range(8), seed=4), tf.random.shuffle(tf.range(8), seed=4))

x = tf.ones([8])
show("nn.dropout", tf.nn.dropout(x, 0.5, seed=3), tf.nn.dropout(x, 0.5, seed=3))
show("stateless_dropout", tf.nn.experimental.stateless_dropout(x, 0.5, seed=[7, 0]),
     tf.nn.experimental.stateless_dropout([1.0, np.inf, -np.inf, 2.0], 0.5, seed=[7, 1], noise_shape=[4]))

dropout = tf.keras.layers.Dropout(0.5, seed=7)
show("keras Dropout", dropout(x, training=True), dropout(x, training=True), dropout(x, training=False))
traced = tf.keras.layers.Dropout(0.5, seed=7)
step = tf.function(lambda v: traced(v, training=True))
show("keras Dropout traced", step(x), step(x))
noise = tf.keras.layers.GaussianNoise(1.0, seed=3)
show("keras GaussianNoise", noise(tf.zeros([3]), training=True), noise(tf.zeros([3]), training=True))
show("keras GaussianDropout", tf.keras.layers.GaussianDropout(0.5, seed=3)(x, training=True))
show("keras AlphaDropout", tf.keras.layers.AlphaDropout(0.5, seed=3)(x, training=True))
show("keras SpatialDropout1D", tf.keras.layers.SpatialDropout1D(0.5, seed=3)(tf.ones([2, 3, 4]), training=True))
# Recurrent layers draw their masks at every call, training or not; LSTM and GRU with recurrent
# dropout draw one mask per gate.
sequence = tf.reshape(tf.range(24.0), [2, 3, 4]) / 24.0
recurrent = {
    "LSTM": lambda **k: tf.keras.layers.LSTM(3, **k),
    "GRU": lambda **k: tf.keras.layers.GRU(3, **k),
    "GRU reset_before": lambda **k: tf.keras.layers.GRU(3, reset_after=False, **k),
    "SimpleRNN": lambda **k: tf.keras.layers.SimpleRNN(3, **k),
}
for label, make in recurrent.items():
    for rates in ((0.5, 0.0), (0.5, 0.5), (0.0, 0.5)):
        layer = make(dropout=rates[0], recurrent_dropout=rates[1], seed=3, kernel_initializer="ones",
                     recurrent_initializer="ones")
        show("keras %s dropout %s" % (label, rates), layer(sequence, training=True), layer(sequence, training=False),
             layer(sequence, training=True))
conv_lstm = tf.keras.layers.ConvLSTM1D(2, 2, dropout=0.5, recurrent_dropout=0.5, seed=3, kernel_initializer="ones",
                                       recurrent_initializer="ones", padding="same")
conv_sequence = tf.reshape(tf.range(48.0), [2, 3, 4, 2]) / 48.0
show("keras ConvLSTM1D dropout", conv_lstm(conv_sequence, training=True), conv_lstm(conv_sequence, training=True))

# A seeded Keras initializer draws with stateless ops from [seed, 0]: Keras' numbers, the same at every call.
initializers = tf.keras.initializers
for make in (initializers.GlorotUniform, initializers.GlorotNormal, initializers.HeNormal, initializers.HeUniform,
             initializers.LecunNormal, initializers.LecunUniform, initializers.RandomNormal, initializers.RandomUniform,
             initializers.TruncatedNormal, initializers.Orthogonal):
    initializer = make(seed=7)
    show(make.__name__, initializer((3, 4)), initializer((3, 4)))
show("Dense kernel", tf.keras.layers.Dense(3, kernel_initializer=initializers.GlorotUniform(seed=5))(tf.ones([1, 2])))
init = tf.keras.initializers.VarianceScaling(2.0, "fan_out", "uniform", seed=3)
config = tf.keras.layers.Dense(2, kernel_initializer=init).get_config()["kernel_initializer"]["config"]
print("variance scaling config", [(k, config[k]) for k in ("distribution", "mode", "scale", "seed")])
