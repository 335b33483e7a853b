"""tf.random.experimental.stateless_shuffle: the first dimension permuted as the seed decides,
TensorFlow's permutation for every seed (its Philox words, its Fisher-Yates pass), the same for
every dtype and row size, inside tf.function with a symbolic seed, and its errors."""
from harness import show_error, tf

shuffle = tf.random.experimental.stateless_shuffle

for seed in ([1, 2], [0, 0], [7, 11], [-3, 2**40], [123456789, 987654321]):
    print(seed, shuffle(tf.range(10), seed=seed).numpy().tolist())

print(shuffle(tf.range(100), seed=[5, 6]).numpy().tolist())
print(shuffle(tf.reshape(tf.range(12.0), [6, 2]), seed=[3, 4]).numpy().tolist())
print(shuffle(tf.constant(["a", "b", "c", "d", "e"]), seed=tf.constant([9, 9], tf.int64)).numpy().tolist())
print(shuffle(tf.constant([[True, False], [False, False], [True, True]]), seed=[1, 1]).numpy().tolist())
for alg in ("philox", "auto_select", None, tf.random.Algorithm.PHILOX):
    print(alg, shuffle(tf.range(8), seed=[4, 2], alg=alg).numpy().tolist())
print("scalar", shuffle(tf.constant(5), seed=[1, 2]).numpy(), "one row", shuffle(tf.constant([[1, 2]]), seed=[1, 2]).numpy())
print("empty", shuffle(tf.zeros([0, 3]), seed=[1, 2]).shape)


@tf.function
def traced(x, seed):
    return shuffle(x, seed)


print("traced", traced(tf.range(10), tf.constant([1, 2])).numpy().tolist(),
      traced(tf.range(10), tf.constant([7, 11])).numpy().tolist())
show_error("seed of 3", lambda: shuffle(tf.range(3), seed=[1, 2, 3]))
show_error("float seed", lambda: shuffle(tf.range(3), seed=tf.constant([1.0, 2.0])))
show_error("bad alg", lambda: shuffle(tf.range(3), seed=[1, 2], alg="mersenne"))
