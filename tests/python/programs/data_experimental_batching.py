"""tf.data.experimental.dense_to_sparse_batch (fixed and None row dimensions, a row shape given as a
tensor, rank 2 elements, a last short batch, element_spec, TensorFlow's errors for a too-large
element and a negative dimension) and tf.data.experimental.get_next_as_optional."""
from harness import show_error, tf

ds = tf.data.Dataset.range(1, 6).map(lambda x: tf.fill([x], x))


def show(label, dataset):
    print(label, dataset.element_spec)
    for s in dataset:
        print(" ", s.indices.numpy().tolist(), s.values.numpy().tolist(), s.dense_shape.numpy().tolist())


show("fixed", ds.apply(tf.data.experimental.dense_to_sparse_batch(2, [6])))
show("none", ds.apply(tf.data.experimental.dense_to_sparse_batch(2, [None])))
show("tensor row shape", ds.apply(tf.data.experimental.dense_to_sparse_batch(3, tf.constant([5], tf.int64))))
rank2 = tf.data.Dataset.range(1, 4).map(lambda x: tf.reshape(tf.range(2 * x, dtype=tf.int32), tf.stack([x, tf.constant(2, tf.int64)])))
show("rank 2", rank2.apply(tf.data.experimental.dense_to_sparse_batch(2, [None, 3])))
show("strings", tf.data.Dataset.from_tensor_slices([["a", "b"], ["c", ""]]).apply(
    tf.data.experimental.dense_to_sparse_batch(2, [4])))


def too_large():
    for _ in ds.apply(tf.data.experimental.dense_to_sparse_batch(2, [2])):
        pass


show_error("too large", too_large)
show_error("negative dimension", lambda: ds.apply(tf.data.experimental.dense_to_sparse_batch(2, [-1])))

it = iter(tf.data.Dataset.range(2))
for _ in range(3):
    o = tf.data.experimental.get_next_as_optional(it)
    print("optional", o.has_value().numpy(), o.get_value().numpy() if o.has_value() else None)
