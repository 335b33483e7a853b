"""tf.sparse's composite functions: transpose, expand_dims, eye, split, to_indicator, map_values,
reset_shape; SparseTensor.with_values / set_shape; the SparseTensor operators * and / by dense
tensors (with broadcasting, and their gradients); the same inside tf.function; errors."""

from harness import show_error, tf

st = tf.sparse.SparseTensor([[0, 0], [0, 2], [2, 1]], [1.0, -2.0, 3.0], [3, 3])
cube = tf.sparse.SparseTensor([[0, 1, 2], [1, 0, 1]], [5, 6], [2, 3, 4])


def show(label, sp):
    print(label, sp.indices.numpy().tolist(), sp.values.numpy().tolist(), sp.dense_shape.numpy().tolist(), sp.dtype)


show("transpose", tf.sparse.transpose(st))
show("transpose perm", tf.sparse.transpose(cube, [2, 0, 1]))
show("expand_dims", tf.sparse.expand_dims(st))
show("expand_dims 0", tf.sparse.expand_dims(st, 0))
show("expand_dims -2", tf.sparse.expand_dims(cube, -2))
show("eye", tf.sparse.eye(3))
show("eye 2x4 int", tf.sparse.eye(2, 4, dtype=tf.int32))
for i, piece in enumerate(tf.sparse.split(sp_input=st, num_split=2, axis=1)):
    show("split %d" % i, piece)
for i, piece in enumerate(tf.sparse.split(sp_input=cube, num_split=3, axis=1)):
    show("split cube %d" % i, piece)
words = tf.sparse.SparseTensor([[0, 0], [0, 1], [1, 0]], [2, 0, 1], [2, 3])
print(tf.sparse.to_indicator(words, 4))
show("map_values abs", tf.sparse.map_values(tf.math.abs, st))
show("map_values add", tf.sparse.map_values(tf.add, st, 10.0))
show("map_values two", tf.sparse.map_values(tf.multiply, st, st))
show("reset_shape", tf.sparse.reset_shape(st, [4, 5]))
show("reset_shape tight", tf.sparse.reset_shape(st))

# ---- with_values, set_shape ----
print(st.with_values(st.values * 2).values, st.with_values(tf.constant([1, 2, 3])).dtype)


@tf.function
def narrowed(sp):
    sp.set_shape([3, None])
    print("traced shape", sp.shape)
    return sp.with_values(sp.values + 1.0)


show("narrowed", narrowed(st))
show_error("set_shape incompatible", lambda: st.set_shape([4, 3]))

# ---- operators ----
show("times scalar", st * 2.0)
show("times row", st * tf.constant([1.0, 2.0, 3.0]))
show("times column", st * tf.constant([[1.0], [2.0], [3.0]]))
show("divided", st / tf.constant([2.0, 4.0, 8.0]))
show("divided scalar", st / 2)
show("int times", tf.sparse.SparseTensor([[0]], [3], [2]) * 4)

values = tf.Variable([1.0, -2.0, 3.0])
scale = tf.Variable([1.0, 2.0, 4.0])
with tf.GradientTape(persistent=True) as tape:
    sp = tf.sparse.SparseTensor(st.indices, values, st.dense_shape)
    product = tf.reduce_sum((sp * scale).values ** 2)
    quotient = tf.reduce_sum((sp / scale).values)
    moved = tf.reduce_sum(tf.sparse.to_dense(tf.sparse.transpose(sp)) * tf.constant([[1.0, 2.0, 3.0]] * 3))
for label, target in (("product", product), ("quotient", quotient), ("transpose", moved)):
    print(label, [None if g is None else g.numpy().round(4).tolist() for g in tape.gradient(target, [values, scale])])


@tf.function
def traced(sp):
    return (tf.sparse.transpose(sp), tf.sparse.expand_dims(sp, 1), sp * 3.0) + tuple(
        tf.sparse.split(sp_input=sp, num_split=2, axis=0))


for label, result in zip(("traced transpose", "traced expand_dims", "traced times", "traced split 0", "traced split 1"),
                         traced(st)):
    show(label, result)

show_error("transpose of a dense tensor", lambda: tf.sparse.transpose(tf.ones([2, 2])))
show_error("expand_dims axis", lambda: tf.sparse.expand_dims(st, 5))
show_error("reset_shape smaller", lambda: tf.sparse.reset_shape(st, [2, 2]))
show_error("map_values without sparse", lambda: tf.sparse.map_values(tf.abs, tf.ones([2])))
show_error("split more than the dimension", lambda: tf.sparse.split(sp_input=st, num_split=4, axis=0))
show_error("times sparse", lambda: st * st)
show_error("times bad shape", lambda: st * tf.ones([4]))
