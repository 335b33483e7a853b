"""keras.random: every function's dtypes and shapes, the determinism of int seeds and SeedGenerators
(their state variable and config), unseeded draws after keras.utils.set_random_seed, tf.function, and
the errors of bad arguments."""
import numpy as np

from harness import show_error_message, tf

R = tf.keras.random
print(sorted(n for n in dir(R) if not n.startswith("_")))


def describe(t):
    return "%s%s" % (t.dtype.name, tuple(t.shape))


DRAWS = [
    ("normal", lambda seed: R.normal((2, 3), mean=1.0, stddev=2.0, seed=seed)),
    ("normal f64", lambda seed: R.normal((4,), dtype="float64", seed=seed)),
    ("uniform", lambda seed: R.uniform((3, 2), minval=-1.0, maxval=2.0, seed=seed)),
    ("truncated_normal", lambda seed: R.truncated_normal((50,), stddev=0.5, seed=seed)),
    ("categorical", lambda seed: R.categorical([[0.0, 1.0, 2.0], [5.0, 0.0, 0.0]], 4, seed=seed)),
    ("categorical int64", lambda seed: R.categorical(np.zeros((1, 2), np.float32), 3, dtype="int64", seed=seed)),
    ("randint", lambda seed: R.randint((2, 5), 3, 9, seed=seed)),
    ("randint uint8", lambda seed: R.randint((4,), 0, 200, dtype="uint8", seed=seed)),
    ("shuffle", lambda seed: R.shuffle(np.arange(6), seed=seed)),
    ("shuffle axis 1", lambda seed: R.shuffle(np.arange(6).reshape(2, 3), axis=1, seed=seed)),
    ("dropout", lambda seed: R.dropout(np.ones((3, 4), np.float32), 0.5, seed=seed)),
    ("dropout noise_shape", lambda seed: R.dropout(np.ones((3, 4), np.float32), 0.5, noise_shape=(None, 1), seed=seed)),
    ("gamma", lambda seed: R.gamma((5,), alpha=2.0, seed=seed)),
    ("beta", lambda seed: R.beta((5,), alpha=2.0, beta=3.0, seed=seed)),
    ("binomial", lambda seed: R.binomial((5,), counts=10, probabilities=0.3, seed=seed)),
    ("binomial f64", lambda seed: R.binomial((2,), counts=4.0, probabilities=0.5, dtype="float64", seed=seed)),
]

for label, draw in DRAWS:
    a, b, c = draw(7), draw(7), draw(8)
    values = np.asarray(a)
    print(label, describe(a), "same seed equal:", np.array_equal(a, b), "other seed differs:",
          not np.array_equal(a, c) or values.size < 3)
    generator = R.SeedGenerator(11)
    first, second = draw(generator), draw(generator)
    again = draw(R.SeedGenerator(11))
    print("   generator:", describe(first), np.array_equal(first, again), not np.array_equal(first, second) or
          values.size < 3, generator.state.numpy().tolist())

# Ranges and exact properties.
print(bool(np.all((np.asarray(R.uniform((1000,), -1.0, 2.0, seed=1)) >= -1) &
                  (np.asarray(R.uniform((1000,), -1.0, 2.0, seed=1)) < 2))))
print(bool(np.all(np.abs(np.asarray(R.truncated_normal((1000,), stddev=0.5, seed=2))) <= 1.0)))
ints = np.asarray(R.randint((1000,), 3, 9, seed=3))
print(int(ints.min()) >= 3, int(ints.max()) <= 8)
print(sorted(np.asarray(R.shuffle(np.arange(10), seed=4)).tolist()))
dropped = np.asarray(R.dropout(np.ones((100,), np.float32), 0.25, seed=5))
print(sorted(set(np.round(dropped, 5).tolist())))
print(np.asarray(R.dropout(np.ones((2,), np.float32), 0.0)).tolist(), np.asarray(R.dropout(np.ones((2,)), 1.0)).tolist())
print(bool(np.all(np.asarray(R.beta((100,), 2.0, 3.0, seed=6)) > 0)), bool(np.all(np.asarray(R.gamma((100,), 0.5, seed=7)) > 0)))
counts = np.asarray(R.binomial((100,), 10, 0.3, seed=8))
print(bool(np.all((counts >= 0) & (counts <= 10) & (counts == np.round(counts)))))
print(np.asarray(R.categorical([[-1e9, 0.0, -1e9]], 5, seed=9)).tolist())

# SeedGenerator: its state and config.
g = R.SeedGenerator(5, name="my_generator")
print(g.name, g.state.dtype, g.state.numpy().tolist(), g.get_config())
R.normal((1,), seed=g)
R.uniform((1,), seed=g)
print(g.state.numpy().tolist(), R.SeedGenerator.from_config(g.get_config()).get_config())
print(R.SeedGenerator().get_config()["seed"])

# Unseeded draws: reproducible after keras.utils.set_random_seed, different from one call to the next.
tf.keras.utils.set_random_seed(3)
a1, a2 = R.normal((3,)), R.normal((3,))
tf.keras.utils.set_random_seed(3)
b1, b2 = R.normal((3,)), R.normal((3,))
print(np.array_equal(a1, b1), np.array_equal(a2, b2), np.array_equal(a1, a2))

# Inside tf.function with a SeedGenerator: a new draw at every call.
generator = R.SeedGenerator(21)
sample = tf.function(lambda: R.normal((3,), seed=generator))
x1, x2 = sample(), sample()
print(describe(x1), np.array_equal(x1, x2), generator.state.numpy().tolist())

show_error_message("uniform int dtype", lambda: R.uniform((2,), dtype="int32"))
show_error_message("randint float dtype", lambda: R.randint((2,), 0, 3, dtype="float32"))
show_error_message("categorical 1-D", lambda: R.categorical([1.0, 2.0], 2))
show_error_message("seed string", lambda: R.normal((2,), seed="a"))
show_error_message("generator float seed", lambda: R.SeedGenerator(1.5))
show_error_message("generator bad kwarg", lambda: R.SeedGenerator(1, color="red"))
