"""tf.map_fn, tf.scan, tf.foldl and tf.foldr: nested elements and results, fn_output_signature,
initializers and reverse, eagerly and in tf.function, gradients through them, and errors."""
import numpy as np

from harness import rounded, show_error, tf

x = tf.constant([1.0, 2.0, 3.0, 4.0])
print(tf.map_fn(lambda e: e * e, x))
print(tf.map_fn(lambda e: e[0] * e[1], (x, x + 1.0), fn_output_signature=tf.float32))
show_error("result structure", lambda: tf.map_fn(lambda e: e[0] * e[1], (x, x + 1.0)))
pair = tf.map_fn(lambda e: {"s": e["a"] + 1.0, "n": tf.cast(e["b"], tf.int64)},
                 {"a": x, "b": tf.constant([1, 2, 3, 4])}, fn_output_signature={"s": tf.float32, "n": tf.int64})
print(pair["s"], pair["n"])
print(tf.map_fn(lambda r: tf.reduce_sum(r), tf.constant([[1, 2], [3, 4]]), fn_output_signature=tf.int32,
                parallel_iterations=4))
print(tf.map_fn(lambda e: tf.cast(e, tf.int32), x, fn_output_signature=tf.TensorSpec([], tf.int32)))

print(tf.scan(lambda a, e: a + e, x))
print(tf.scan(lambda a, e: a * e, x, initializer=2.0))
print(tf.scan(lambda a, e: a + e, x, reverse=True))
print(tf.scan(lambda a, e: (a[0] + e, a[1] * e), x, initializer=(0.0, 1.0)))
print(tf.foldl(lambda a, e: a * 2.0 + e, x))
print(tf.foldr(lambda a, e: a * 2.0 + e, x))
print(tf.foldl(lambda a, e: a + e, tf.constant([[1, 2], [3, 4]]), initializer=tf.constant([10, 20])))
print(tf.foldr(lambda a, e: a - e[0] * e[1], (x, x), initializer=0.0))


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
def traced(m):
    rows = tf.map_fn(lambda r: r * tf.reduce_sum(r), m)
    print("static shapes:", rows.shape, tf.scan(lambda a, r: a + r, m).shape)
    return rows, tf.scan(lambda a, r: a + r, m, reverse=True), tf.foldl(lambda a, r: a + r, m)


for t in traced(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])):
    print(t)

w = tf.Variable([0.5, -1.0])
m = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
with tf.GradientTape() as tape:
    tape.watch(m)
    loss = tf.reduce_sum(tf.map_fn(lambda r: tf.sin(r) * w, m)) + tf.reduce_sum(tf.scan(lambda a, r: a * r, m))
print([rounded(g) for g in tape.gradient(loss, [m, w])])


@tf.function
def traced_grad(m):
    with tf.GradientTape() as tape:
        tape.watch(m)
        y = tf.foldl(lambda a, r: a * r + w, m)
    return tape.gradient(y, m)


print(rounded(traced_grad(m)))

show_error("scalar elems", lambda: tf.map_fn(lambda e: e, tf.constant(1.0)))
show_error("first dims differ", lambda: tf.map_fn(lambda e: e[0], (tf.zeros([3]), tf.zeros([2]))))
show_error("wrong dtype", lambda: tf.map_fn(lambda e: tf.cast(e, tf.int32), x))
show_error("structure", lambda: tf.scan(lambda a, e: (a, a), x))
