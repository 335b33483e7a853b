"""tf.random's stateless functions, categorical / stateless_categorical, shuffle, gamma (and its
gradient with respect to alpha), poisson, their stateless forms, stateless_binomial and the seed helpers split and fold_in: TensorFlow's
numbers for fixed seeds, eagerly and in tf.function, and the errors of bad arguments."""
import numpy as np

from harness import rounded, show_error, tf

print(rounded(tf.random.stateless_normal([2, 3], seed=[1, 2])))
print(rounded(tf.random.stateless_normal([3], seed=(5, 6), mean=2.0, stddev=0.5, dtype=tf.float64)))
print(rounded(tf.random.stateless_truncated_normal([4], seed=tf.constant([7, 8], tf.int64))))
print(tf.random.stateless_uniform([4], seed=[1, 2]).numpy().tolist())
print(tf.random.stateless_uniform([3], seed=[1, 2], minval=-2.0, maxval=3.0, dtype=tf.float64).numpy().tolist())
print(tf.random.stateless_uniform([5], seed=[3, 4], minval=-5, maxval=5, dtype=tf.int32).numpy().tolist())
print(tf.random.stateless_uniform([3], seed=[3, 4], minval=None, maxval=None, dtype=tf.int64).numpy().tolist())
print(tf.random.stateless_uniform([3], seed=[3, 4], alg="philox").numpy().tolist())

print(tf.random.split([1, 2]).numpy().tolist())
print(tf.random.split(tf.constant([1, 2], tf.int64), num=3).numpy().tolist())
print(tf.random.fold_in([1, 2], 7).numpy().tolist())
print(tf.random.fold_in(tf.constant([5, 6], tf.int64), tf.constant(3, tf.int64)).numpy().tolist())

tf.random.set_seed(1)
c = tf.random.categorical([[0.0, 1.0, 2.0], [1.0, 1.0, 1.0]], 5, seed=3)
print(c.dtype.name, c.numpy().tolist())
tf.random.set_seed(1)
c = tf.random.categorical(tf.math.log([[0.1, 0.2, 0.7]]), 6, dtype=tf.int32, seed=4)
print(c.dtype.name, c.numpy().tolist())
c = tf.random.stateless_categorical([[0.0, 1.0, 2.0], [1.0, 1.0, 1.0]], 5, seed=[3, 4])
print(c.dtype.name, c.numpy().tolist())
print(tf.random.stateless_categorical(np.log([[0.5, 0.5]]), 4, seed=[1, 1], dtype=tf.int32).numpy().tolist())

tf.random.set_seed(2)
print(tf.random.shuffle(tf.range(10), seed=3).numpy().tolist())
tf.random.set_seed(2)
print(tf.random.shuffle(np.arange(12.0).reshape(6, 2), seed=4).numpy().tolist())
print(tf.random.shuffle(5).numpy())

tf.random.set_seed(1)
print(tf.random.gamma([4], alpha=[0.5, 1.0, 2.5], seed=2).numpy().tolist())
print(tf.random.gamma([2, 2], alpha=3.0, beta=[1.0, 2.0], seed=3, dtype=tf.float64).numpy().tolist())
print(tf.random.gamma([3], alpha=tf.constant([[0.1], [7.0]]), seed=4).numpy().tolist())
a = tf.constant([0.5, 1.0, 2.5])
with tf.GradientTape() as tape:
    tape.watch(a)
    s = tf.random.gamma([5], alpha=a, seed=5)
print(rounded(tape.gradient(s, a), 4))
tf.random.set_seed(1)
print(tf.random.poisson([4], lam=[0.5, 3.0, 12.0, 150.0], seed=2).numpy().tolist())
print(tf.random.poisson([2, 3], lam=tf.constant([[1.0], [40.0]], tf.float64), dtype=tf.int32, seed=3).numpy().tolist())
print(tf.random.poisson([3], lam=tf.constant([0, 7], tf.int64), dtype=tf.int64, seed=4).numpy().tolist())
print(tf.random.stateless_gamma([4, 3], seed=[1, 2], alpha=[0.5, 1.0, 2.5]).numpy().tolist())
print(tf.random.stateless_gamma([3, 2], seed=tf.constant([3, 4], tf.int64), alpha=3.0, beta=[1.0, 2.0], dtype=tf.float64).numpy().tolist())
a = tf.constant([0.5, 1.0, 2.5])
with tf.GradientTape() as tape:
    tape.watch(a)
    s = tf.random.stateless_gamma([5, 3], seed=[5, 6], alpha=a)
print(rounded(tape.gradient(s, a), 4))
print(tf.random.stateless_poisson([4], seed=[1, 2], lam=[0.5, 3.0, 12.0, 150.0]).numpy().tolist())
print(tf.random.stateless_poisson([2], seed=tf.constant([7, 8], tf.int64), lam=tf.constant([2.0, 40.0], tf.float64), dtype=tf.float32).numpy().tolist())
show_error("stateless_gamma shape", lambda: tf.random.stateless_gamma([4], seed=[1, 2], alpha=[0.5, 1.0, 2.5]))
print(tf.random.stateless_binomial([4, 3], seed=[1, 2], counts=[10.0, 20.0, 100.0], probs=[0.3, 0.8, 0.5]).numpy().tolist())
print(tf.random.stateless_binomial([2, 2], seed=[3, 4], counts=[[5.0], [200.0]], probs=[0.1, 0.6],
                                   output_dtype=tf.float32).numpy().tolist())
print(tf.random.stateless_binomial([6], seed=tf.constant([5, 6], tf.int64), counts=tf.constant(30.0, tf.float64),
                                   probs=tf.constant(0.97, tf.float64), output_dtype=tf.int64).numpy().tolist())
show_error("binomial shape", lambda: tf.random.stateless_binomial([3], seed=[1, 1], counts=[1.0, 2.0], probs=0.5))
show_error("gamma int alpha", lambda: tf.random.gamma([2], alpha=tf.constant([1, 2])))


@tf.function
def traced(seed):
    return (tf.random.stateless_categorical([[0.0, 1.0, 2.0]], 4, seed),
            tf.random.stateless_normal([3], seed), tf.random.split(seed, 2), tf.random.fold_in(seed, 9))


for t in traced(tf.constant([3, 4])):
    print(rounded(t))

show_error("uniform int bounds", lambda: tf.random.stateless_uniform([2], [1, 2], maxval=None, dtype=tf.int32))
show_error("unknown alg", lambda: tf.random.stateless_normal([2], [1, 2], alg="foo"))
show_error("logits rank", lambda: tf.random.categorical([1.0, 2.0], 3))
show_error("negative num_samples", lambda: tf.random.categorical([[1.0, 2.0]], -1))
show_error("seed of 3", lambda: tf.random.stateless_categorical([[1.0, 2.0]], 2, [1, 2, 3]))
show_error("fold_in vector data", lambda: tf.random.fold_in([1, 2], [3, 4]))
