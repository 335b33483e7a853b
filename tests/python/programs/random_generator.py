"""tf.random.Generator: TensorFlow's numbers and state after each draw for fixed seeds, the
counter's carry, make_seeds / split / skip / reset, draws in tf.function, the global
generator, tf.random.Algorithm and create_rng_state, and argument errors."""
from harness import show_error, tf

g = tf.random.Generator.from_seed(1)
print(g.state.numpy().tolist(), g.algorithm)
print(g.normal([3]).numpy().tolist(), g.state.numpy().tolist())
print(g.normal([5], dtype=tf.float64).numpy().tolist(), g.state.numpy().tolist())
print(g.uniform([3]).numpy().tolist(), g.state.numpy().tolist())
print(g.uniform([3], minval=0, maxval=10, dtype=tf.int32).numpy().tolist(), g.state.numpy().tolist())
print(g.uniform_full_int([3], dtype=tf.int64).numpy().tolist())
print(g.uniform([2], minval=None, maxval=None, dtype=tf.int32).numpy().tolist())
print(g.truncated_normal([3]).numpy().tolist(), g.state.numpy().tolist())
print(g.make_seeds(2).numpy().tolist(), g.state.numpy().tolist())
print([p.state.numpy().tolist() for p in g.split(2)], g.state.numpy().tolist())
g.skip(3)
print(g.state.numpy().tolist())
g.reset_from_seed(7)
print(g.state.numpy().tolist(), g.normal([2], mean=1.0, stddev=2.0).numpy().tolist())
g.reset([1, 2, 3])
print(g.state.numpy().tolist(), g.uniform([2], minval=-1.0, maxval=1.0).numpy().tolist())

c = tf.random.Generator(state=[-1, 5, 7], alg="philox")
print(c.normal([2]).numpy().tolist(), c.state.numpy().tolist())
print(tf.random.Generator.from_seed(3, alg=tf.random.Algorithm.AUTO_SELECT).algorithm)
print(tf.random.Generator.from_non_deterministic_state().state.shape)
print(tf.random.create_rng_state(5, "philox").numpy().tolist())
print(tf.random.Algorithm.PHILOX, tf.random.Algorithm.PHILOX.value, [a.name for a in tf.random.Algorithm])

t = tf.random.Generator.from_seed(1)


@tf.function
def draw():
    return t.normal([2]), t.uniform([2])


for _ in range(2):
    a, b = draw()
    print(a.numpy().tolist(), b.numpy().tolist(), t.state.numpy().tolist())

tf.random.set_global_generator(tf.random.Generator.from_seed(4))
print(tf.random.get_global_generator().state.numpy().tolist(), tf.random.get_global_generator().normal([2]).numpy().tolist())

e = tf.random.experimental
print(e.Generator.from_seed(1).normal([2]).numpy().tolist(), e.stateless_split([1, 2], num=2).numpy().tolist(),
      e.stateless_fold_in([1, 2], 3).numpy().tolist(), e.create_rng_state(9, e.Algorithm.PHILOX).numpy().tolist())

show_error("int bounds", lambda: g.uniform([2], dtype=tf.int32))
show_error("unknown alg", lambda: tf.random.Generator.from_seed(1, alg="foo"))
show_error("empty int range", lambda: g.uniform([2], minval=3, maxval=3, dtype=tf.int64))
