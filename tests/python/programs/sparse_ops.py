"""tf.sparse ops over graph ops of TensorFlow's names: to_dense (defaults, validation), reorder, add
(sparse + sparse with threshold, sparse + dense), sparse_dense_matmul (adjoints, dense @ sparse),
reduce_sum / reduce_max (axes, keepdims, sparse outputs), concat (expand_nonconcat_dims), slice,
reshape, retain, fill_empty_rows, softmax, maximum / minimum, segment_sum / mean / sqrt_n; their
gradients, eagerly and inside tf.function; SparseTensors as tf.function arguments and results and
in tf.data maps; errors."""

from harness import show_error, tf

st = tf.sparse.SparseTensor([[0, 0], [0, 2], [2, 1]], [1.0, -2.0, 3.0], [3, 3])
unordered = tf.sparse.SparseTensor([[2, 1], [0, 2], [0, 0]], [3.0, -2.0, 1.0], [3, 3])
other = tf.sparse.SparseTensor([[0, 0], [1, 1], [2, 1]], [-1.0, 4.0, 0.5], [3, 3])


def show(label, sp):
    print(label, sp.indices.numpy().tolist(), sp.values.numpy().tolist(), sp.dense_shape.numpy().tolist(), sp.dtype)


# ---- to_dense, reorder ----
print(tf.sparse.to_dense(st), tf.sparse.to_dense(st, default_value=7.0))
print(tf.sparse.to_dense(tf.sparse.SparseTensor([[0], [2]], ["a", "b"], [4])))
print(tf.sparse.to_dense(tf.sparse.SparseTensor([[1, 0]], [True], [2, 2])))
print(tf.sparse.to_dense(unordered, validate_indices=False))
show("reorder", tf.sparse.reorder(unordered))
show("from_dense", tf.sparse.from_dense([[0, 5], [6, 0]]))

# ---- add ----
show("add", tf.sparse.add(st, other))
show("add threshold", tf.sparse.add(st, other, threshold=0.5))
show("add ints", tf.sparse.add(tf.sparse.SparseTensor([[0]], [2], [3]), tf.sparse.SparseTensor([[1]], [5], [3])))
print(tf.sparse.add(st, tf.ones([3, 3])), tf.sparse.add(tf.ones([3, 3]), st))

# ---- sparse_dense_matmul ----
b = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
print(tf.sparse.sparse_dense_matmul(st, b))
print(tf.sparse.sparse_dense_matmul(st, b, adjoint_a=True))
print(tf.sparse.sparse_dense_matmul(st, tf.transpose(b), adjoint_b=True))
print(tf.sparse.sparse_dense_matmul(tf.transpose(b), st))

# ---- reductions ----
print(tf.sparse.reduce_sum(st), tf.sparse.reduce_sum(st, 0), tf.sparse.reduce_sum(st, axis=1, keepdims=True))
print(tf.sparse.reduce_sum(st, axis=-1), tf.sparse.reduce_max(st, 1), tf.sparse.reduce_max(st))
neg = tf.sparse.SparseTensor([[0, 1], [1, 0]], [-4, -2], [2, 2])
print(tf.sparse.reduce_max(neg, 1), tf.sparse.reduce_sum(neg, [0, 1]))
show("reduce_sum sparse", tf.sparse.reduce_sum(st, 1, output_is_sparse=True))
show("reduce_max sparse keepdims", tf.sparse.reduce_max(st, 0, keepdims=True, output_is_sparse=True))

# ---- concat, slice, reshape, retain ----
small = tf.sparse.SparseTensor([[0, 1], [1, 0]], [10.0, 20.0], [3, 2])
show("concat 1", tf.sparse.concat(1, [st, small]))
show("concat 0", tf.sparse.concat(0, [st, st]))
show("concat expand", tf.sparse.concat(1, [st, tf.sparse.SparseTensor([[0, 0]], [1.0], [2, 2])],
                                       expand_nonconcat_dims=True))
show("concat -1", tf.sparse.concat(-1, [st, small]))
show("slice", tf.sparse.slice(st, [0, 1], [3, 2]))
show("slice past end", tf.sparse.slice(st, [1, 1], [5, 5]))
show("reshape", tf.sparse.reshape(st, [9]))
show("reshape -1", tf.sparse.reshape(st, [-1, 1, 3]))
show("retain", tf.sparse.retain(st, [True, False, True]))

# ---- fill_empty_rows, softmax, maximum, minimum ----
filled, empty = tf.sparse.fill_empty_rows(st, -1.0)
show("fill_empty_rows", filled)
print(empty)
filled_strings, _ = tf.sparse.fill_empty_rows(tf.sparse.SparseTensor([[1, 0]], ["x"], [3, 2]), "-")
show("fill strings", filled_strings)
show("softmax", tf.sparse.softmax(tf.sparse.SparseTensor([[0, 0], [0, 2], [1, 1]], [1.0, 2.0, 5.0], [2, 3])))
show("maximum", tf.sparse.maximum(st, other))
show("minimum", tf.sparse.minimum(st, other))

# ---- segment reductions ----
data = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
print(tf.sparse.segment_sum(data, [0, 2, 1], [0, 0, 2]))
print(tf.sparse.segment_mean(data, [0, 2, 1], [0, 0, 2]))
print(tf.sparse.segment_sqrt_n(data, [0, 2, 1], [0, 0, 2]))
print(tf.sparse.segment_sum(data, [0, 1], [0, 1], num_segments=4))
print(tf.sparse.segment_sum(tf.constant([1, 2, 3]), tf.constant([2, 2]), tf.constant([0, 1])))

# ---- gradients ----
values = tf.Variable([1.0, -2.0, 3.0])
dense = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
with tf.GradientTape(persistent=True) as tape:
    sp = tf.sparse.SparseTensor(st.indices, values, st.dense_shape)
    matmul = tf.reduce_sum(tf.sparse.sparse_dense_matmul(sp, dense) ** 2)
    to_dense = tf.reduce_sum(tf.sparse.to_dense(sp) * tf.constant([[1.0, 2.0, 3.0]] * 3))
    summed = tf.reduce_sum(tf.sparse.reduce_sum(sp, 1) ** 2)
    soft = tf.reduce_sum(tf.sparse.softmax(sp).values * tf.constant([1.0, 2.0, 3.0]))
    added = tf.reduce_sum(tf.sparse.add(sp, other).values ** 2)
    dense_added = tf.reduce_sum(tf.sparse.add(sp, dense[:, :1] * tf.ones([3, 3])) ** 2)
    segments = tf.reduce_sum(tf.sparse.segment_mean(dense, [0, 2, 1], [0, 0, 1]) ** 2)
    scaled = tf.reduce_sum((sp * tf.constant([1.0, 2.0, 3.0])).values)
    sliced = tf.reduce_sum(tf.sparse.slice(sp, [0, 1], [3, 2]).values * 2.0)
    reordered = tf.reduce_sum(tf.sparse.reorder(tf.sparse.SparseTensor(unordered.indices, values, [3, 3])).values
                              * tf.constant([1.0, 2.0, 3.0]))
for label, target in (("matmul", matmul), ("to_dense", to_dense), ("reduce_sum", summed), ("softmax", soft),
                      ("add", added), ("dense add", dense_added), ("scaled", scaled), ("slice", sliced),
                      ("reorder", reordered)):
    print(label, [None if g is None else g.numpy().round(4).tolist() for g in tape.gradient(target, [values, dense])])
print("segment_mean", tape.gradient(segments, dense))


def gradient_through(fn):
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(fn(tf.sparse.SparseTensor(st.indices, values * 1.0, st.dense_shape)))
    return tape.gradient(y, values)


print("concat", gradient_through(lambda sp: tf.sparse.concat(1, [sp, sp]).values))
print("fill_empty_rows", gradient_through(lambda sp: tf.sparse.fill_empty_rows(sp, 5.0)[0].values * 2.0))
show_error("gradient of reduce_max", lambda: gradient_through(lambda sp: tf.sparse.reduce_max(sp, 1)))
show_error("gradient of reduce_sum sparse", lambda: gradient_through(
    lambda sp: tf.sparse.reduce_sum(sp, 1, output_is_sparse=True).values))

# ---- tf.function ----


@tf.function
def traced(sp, b):
    product = tf.sparse.sparse_dense_matmul(sp, b)
    print("static shapes", tf.sparse.to_dense(sp).shape, product.shape, tf.sparse.reduce_sum(sp, 1).shape,
          tf.sparse.add(sp, sp).shape, tf.sparse.transpose(sp).shape, tf.sparse.reorder(sp).shape,
          tf.sparse.softmax(sp).shape)
    return tf.sparse.add(sp, sp), product, tf.sparse.reduce_sum(sp, 1)


doubled, product, rows = traced(st, b)
show("traced add", doubled)
print(product, rows)
print(tf.function(lambda sp: tf.sparse.to_dense(tf.sparse.reorder(sp)))(unordered))


for element in tf.data.Dataset.from_tensors(st).map(lambda sp: tf.sparse.reduce_sum(sp, 1)):
    print("in Dataset.map", element)
for element in tf.data.Dataset.range(2).map(lambda i: tf.sparse.SparseTensor([[0]], [i], [3])).map(
        lambda sp: tf.sparse.add(sp, sp)):
    print("sparse elements", tf.sparse.to_dense(element))


@tf.function
def traced_gradients(values, b):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([values, b])
        sp = tf.sparse.SparseTensor(st.indices, values, st.dense_shape)
        targets = [tf.reduce_sum(tf.sparse.sparse_dense_matmul(sp, b) ** 2),
                   tf.reduce_sum(tf.sparse.reduce_sum(sp, 1, keepdims=True) * tf.constant([[1.0], [2.0], [3.0]])),
                   tf.reduce_sum(tf.sparse.softmax(sp).values * tf.constant([1.0, 2.0, 3.0])),
                   tf.reduce_sum(tf.sparse.add(sp, other).values ** 2),
                   tf.reduce_sum(tf.sparse.to_dense(tf.sparse.reorder(sp)) * b[:, :1]),
                   tf.reduce_sum(tf.sparse.slice(sp, [0, 1], [3, 2]).values * 3.0),
                   tf.reduce_sum((sp * tf.constant([1.0, 2.0, 3.0])).values),
                   tf.reduce_sum(tf.sparse.fill_empty_rows(sp, 2.0)[0].values ** 2)]
    return [tape.gradient(y, [values, b]) for y in targets]


for pair in traced_gradients(tf.constant([1.0, -2.0, 3.0]), b):
    print("traced gradient", [None if g is None else g.numpy().round(4).tolist() for g in pair])

# ---- errors ----
show_error("to_dense of a dense tensor", lambda: tf.sparse.to_dense(tf.ones([2])))
show_error("to_dense out of order", lambda: tf.sparse.to_dense(unordered))
show_error("to_dense out of bounds", lambda: tf.sparse.to_dense(tf.sparse.SparseTensor([[5, 0]], [1.0], [3, 3])))
show_error("to_dense repeated", lambda: tf.sparse.to_dense(tf.sparse.SparseTensor([[0, 0], [0, 0]], [1.0, 2.0], [3, 3])))
show_error("add two dense", lambda: tf.sparse.add(tf.ones([2]), tf.ones([2])))
show_error("add shapes", lambda: tf.sparse.add(st, tf.sparse.SparseTensor([[0, 0]], [1.0], [3, 4])))
show_error("matmul inner", lambda: tf.sparse.sparse_dense_matmul(st, tf.ones([4, 2])))
show_error("reduce axis", lambda: tf.sparse.reduce_sum(st, 2))
show_error("concat shapes", lambda: tf.sparse.concat(1, [st, tf.sparse.SparseTensor([[0, 0]], [1.0], [2, 2])]))
show_error("reshape size", lambda: tf.sparse.reshape(st, [10]))
show_error("reshape two -1", lambda: tf.sparse.reshape(st, [-1, -1]))
show_error("segment ids", lambda: tf.sparse.segment_sum(data, [0, 1], [1, 0]))
show_error("segment indices", lambda: tf.sparse.segment_sum(data, [0, 7], [0, 0]))
show_error("reorder of a list", lambda: tf.sparse.reorder([1, 2]))
