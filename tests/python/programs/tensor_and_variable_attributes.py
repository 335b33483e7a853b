"""tf.Tensor's and tf.Variable's attributes beyond values: ref() / experimental_ref() as dict keys,
device, value_index, set_shape (eager checks; inside tf.function it refines the static shape, as
the time-series tutorial's split_window does in Dataset.map), the eager-only and graph-only
attributes' errors; a variable's UnreadVariable results (None with read_value=False), the sparse
writes scatter_* (IndexedSlices) and scatter_nd_*, sparse_read, gather_nd, inside tf.function too,
and constraint / synchronization / aggregation / shape arguments with TensorFlow's errors."""
import numpy as np

from harness import show_error, show_error_message, tf

# ref(): hashable, equal only for the same object, deref() gives it back.
t = tf.constant([1.0, 2.0])
r = t.ref()
print(type(r).__name__, r == t.experimental_ref(), hash(r) == hash(t.ref()), r.deref() is t)
print(r == tf.constant([1.0, 2.0]).ref(), r != None, {t.ref(): "a"}[t.ref()])  # noqa: E711
print(repr(r))
show_error_message("ref == tensor", lambda: r == t)
v = tf.Variable([1.0, 2.0, 3.0], name="v")
print(v.ref().deref() is v, len({v.ref(), v.ref(), t.ref()}))

# Eager tensors: a device, no graph attributes.
print(t.device, t.backing_device, t.is_packed)
show_error_message("value_index", lambda: t.value_index)
show_error_message("op", lambda: t.op)
show_error_message("graph", lambda: t.graph)
show_error_message("consumers", lambda: t.consumers())
show_error_message("eval", lambda: t.eval())
print(t.cpu())
show_error_message("gpu", lambda: t.gpu())
t.set_shape([2])
t.set_shape([None])
show_error_message("set_shape eager", lambda: t.set_shape([3]))


# Inside tf.function: set_shape refines the static shape; other attributes of graph tensors.
@tf.function
def refine(x):
    y = x[:, :3]
    print("traced", y.shape, y.value_index, repr(y.device))
    y.set_shape([None, 3])
    y.set_shape(tf.TensorShape([2, None]))
    print("refined", y.shape, y.get_shape())
    show_error_message("set_shape other dim", lambda: y.set_shape([None, 4]))
    show_error_message("set_shape other rank", lambda: y.set_shape([None, 3, 1]))
    show_error_message("graph eval", lambda: y.eval())
    z = y * 2
    print("follows", z.shape, y.ref().deref() is y)
    return z


print(refine.get_concrete_function(tf.TensorSpec([None, None])).structured_outputs.shape)
print(refine(tf.ones([2, 5])).numpy().tolist())


# The time-series tutorial's window split: set_shape fixes the element spec of the mapped dataset.
def split_window(features):
    inputs = features[:, 0:6, :]
    labels = tf.stack([features[:, 6:, 1]], axis=-1)
    inputs.set_shape([None, 6, None])
    labels.set_shape([None, 1, None])
    return inputs, labels


series = np.arange(40, dtype=np.float32).reshape(20, 2)
windows = tf.keras.utils.timeseries_dataset_from_array(series, targets=None, sequence_length=7, batch_size=4)
split = windows.map(split_window)
print(split.element_spec)
inputs, labels = next(iter(split))
print(inputs.shape, labels.numpy().ravel().tolist())

# Writes return an UnreadVariable that reads the variable when used, or None.
a = v.assign([3.0, 4.0, 5.0])
print(repr(a), a is v, a.name, isinstance(a, tf.Variable))
print(repr(v.assign_add([1.0, 1.0, 1.0])), v.assign_sub([1.0, 1.0, 1.0], read_value=False))
v.assign([0.0, 0.0, 0.0])
print(a.numpy(), repr(v))
a.assign_add([5.0, 5.0, 5.0])
print(v.numpy())

# Sparse writes and reads.
v = tf.Variable([1.0, 2.0, 3.0], name="w")
print(repr(v.scatter_add(tf.IndexedSlices(tf.constant([10.0, 1.0]), tf.constant([0, 0])))))
print(v.scatter_sub(tf.IndexedSlices(tf.constant([1.0]), tf.constant([1]))).numpy())
print(v.scatter_mul(tf.IndexedSlices(tf.constant([2.0, 3.0]), tf.constant([2, 2]))).numpy())
print(v.scatter_div(tf.IndexedSlices(tf.constant([4.0]), tf.constant([2]))).numpy())
print(v.scatter_max(tf.IndexedSlices(tf.constant([5.0, 0.0]), tf.constant([1, 0]))).numpy())
print(v.scatter_min(tf.IndexedSlices(tf.constant([-1.0]), tf.constant([2]))).numpy())
print(v.scatter_update(tf.IndexedSlices(tf.constant([7.0]), tf.constant([0]))).numpy())
print(v.scatter_nd_update([[1]], [8.0]).numpy(), v.scatter_nd_add([[1], [1]], [1.0, 1.0]).numpy())
print(v.scatter_nd_sub([[2]], [1.0]).numpy(), v.scatter_nd_max([[2]], [100.0]).numpy(),
      v.scatter_nd_min([[2]], [-100.0]).numpy())
print(v.sparse_read([2, 0]), v.gather_nd([[2], [0]]), v.read_value_no_copy())
m = tf.Variable(tf.zeros([3, 2]))
print(m.scatter_update(tf.IndexedSlices(tf.ones([2, 2]), tf.constant([0, 2]))).numpy().tolist())
print(m.sparse_read([2]).numpy().tolist(), m.scatter_nd_update([[1, 1]], [5.0]).numpy().tolist())
counts = tf.Variable([7, -7, 9])
print(counts.scatter_div(tf.IndexedSlices(tf.constant([2, 2]), tf.constant([0, 1]))).numpy())
show_error("scatter outside", lambda: v.scatter_add(tf.IndexedSlices(tf.constant([1.0]), tf.constant([5]))))
show_error("scatter_nd outside", lambda: v.scatter_nd_add([[3]], [1.0]))
show_error("divide by 0", lambda: v.scatter_div(tf.IndexedSlices(tf.constant([0.0]), tf.constant([0]))))
show_error_message("not IndexedSlices", lambda: v.scatter_add(tf.constant([1.0])))
print(v.numpy())


@tf.function
def sparse_step():
    v.scatter_nd_add([[0]], [1.0])
    m.scatter_add(tf.IndexedSlices(tf.ones([1, 2]), [1]))
    return v.sparse_read([0]), m.read_value()


for _ in range(2):
    first, whole = sparse_step()
    print(first.numpy(), whole.numpy().tolist())

# What TensorFlow keeps beside the value.
print(v.device, v.constraint, v.synchronization, v.initializer, v.is_initialized().numpy())
print(v.handle.dtype, v.handle.shape)
show_error_message("initial_value", lambda: v.initial_value)
show_error("initialized_value", v.initialized_value)
v.set_shape([3])
show_error_message("set_shape", lambda: v.set_shape([2]))
print(v.load([1.0, 1.0, 1.0]), v.numpy())
c = tf.Variable([-1.0, 2.0], constraint=lambda x: tf.clip_by_value(x, 0.0, 1.0),
                synchronization=tf.VariableSynchronization.ON_READ, aggregation=tf.VariableAggregation.MEAN)
c.assign([3.0, 4.0])  # constraints are the optimizers' to apply, not assign's
print(callable(c.constraint), c.synchronization, c.aggregation.name, c.trainable, c.numpy())
print(tf.Variable(tf.zeros([2]), shape=[2]).shape, tf.Variable(1.0, foo=3).numpy())
show_error_message("constraint", lambda: tf.Variable(1.0, constraint=3))
show_error_message("synchronization", lambda: tf.Variable(1.0, synchronization=5))
show_error_message("aggregation", lambda: tf.Variable(1.0, aggregation="x"))
print(tf.Variable(1.0, trainable=True, synchronization=tf.VariableSynchronization.ON_READ).trainable)
show_error_message("shape", lambda: tf.Variable(tf.zeros([2]), shape=[3]))
