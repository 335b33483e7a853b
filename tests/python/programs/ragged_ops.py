"""Ops on RaggedTensors as TensorFlow dispatches them: reductions over any axes (axis 0, ragged and
uniform inner axes, None, lists, keepdims; ragged or dense results); tf.math's and tf.nn's
elementwise functions (unary, and binary with a scalar, a broadcast dense tensor or a RaggedTensor
of the same row partitions; dense OP ragged operators); eagerly, inside tf.function and with
gradients; indexing over several axes (rows, slices of rows with steps, uniform inner dims,
`...`, tf.newaxis); tf.concat / tf.stack on axes 0, 1 and inner ones; tf.expand_dims,
tf.zeros_like / ones_like; tf.ragged.boolean_mask;
TensorFlow's errors for bad axes, partitions, broadcasts and indices."""

from harness import rounded, show_error, tf

rows = tf.ragged.constant([[1, 2], [3], [], [4, 5, 6]])
nested = tf.ragged.constant([[[1, 2], [3]], [[4]], [], [[5, 6, 7], [], [8]]])
uniform_inner = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]], []], ragged_rank=1)
floats = tf.ragged.constant([[1.5, -2.0], [], [3.0]])
bools = tf.ragged.constant([[True, False], [], [True]])


def axes_of_rank(rank):
    """The axis arguments that fit a tensor of rank `rank`."""
    candidates = (None, 0, 1, -1, [0, 1], (1, 2), [0, 2], [0, 1, 2])
    return [a for a in candidates if a is None or max(a if isinstance(a, (list, tuple)) else [a]) < rank]


# ---- reductions ----
for reduce in (tf.reduce_sum, tf.reduce_max, tf.reduce_min, tf.reduce_prod, tf.reduce_mean):
    for x in (rows, nested, uniform_inner, floats):
        for axis in axes_of_rank(x.shape.rank):
            print(reduce.__name__, axis, reduce(x, axis=axis))
for axis in (None, 0, 1):
    print(axis, tf.math.reduce_any(bools, axis=axis), tf.math.reduce_all(bools, axis=axis))
nested_bools = tf.ragged.constant([[[True, False], [True]], [[False]], []])
for axis in (None, 0, 1, 2, [0, 1], [1, 2]):
    print(axis, tf.reduce_any(nested_bools, axis=axis), tf.reduce_all(nested_bools, axis=axis))
print(tf.reduce_sum(nested, axis=0, keepdims=True))
print(tf.reduce_sum(nested, axis=1, keepdims=True))
print(tf.reduce_sum(nested, axis=2, keepdims=True))
print(tf.reduce_sum(rows, axis=0, keepdims=True), tf.reduce_sum(rows, keepdims=True), tf.reduce_sum(nested, keepdims=True))
print(tf.reduce_sum(uniform_inner, axis=[1, 2], keepdims=True))
splits32 = tf.ragged.constant([[[1.0, 2.0], [3.0]], [[4.0]]], row_splits_dtype=tf.int32)
print(tf.reduce_sum(splits32, axis=0), tf.reduce_mean(splits32, axis=1).row_splits.dtype,
      tf.reduce_max(splits32, axis=1, keepdims=True))
four_d = tf.ragged.constant([[[[1, 2]], [[3, 4], [5, 6]]], [[[7, 8]]]], ragged_rank=2)
print(four_d.shape)
for axis in (0, 1, 2, 3, [2, 3], [0, 3]):
    print(axis, tf.reduce_sum(four_d, axis=axis))
uniform_rows = tf.RaggedTensor.from_uniform_row_length(tf.ragged.constant([[1, 2], [3], [], [4]]), 2)
print(tf.reduce_sum(uniform_rows, axis=0), tf.reduce_sum(uniform_rows, axis=1), tf.reduce_sum(uniform_rows, axis=2))
print(tf.reduce_sum(tf.ragged.constant([[]], dtype=tf.float32), axis=0),
      tf.reduce_max(tf.ragged.constant([[], []], dtype=tf.int64), axis=0))
print(tf.reduce_sum(tf.ragged.constant([[1, 2], [3]]), axis=[]))
show_error("reduce over a tensor axis", lambda: tf.reduce_sum(rows, axis=tf.constant(1)))
show_error("reduce axis out of range", lambda: tf.reduce_sum(rows, axis=2))
show_error("reduce axis -3", lambda: tf.reduce_sum(rows, axis=-3))


@tf.function
def reductions_traced(x):
    return tf.reduce_sum(x, axis=0), tf.reduce_max(x, axis=1), tf.reduce_mean(x, axis=[0, 2]), tf.reduce_min(x, axis=2)


print(reductions_traced(nested))
print(reductions_traced(tf.ragged.constant([[[1], [2, 3]], [[4, 5]]])))

values = tf.constant([1.0, 2.0, 3.0, 4.0])
with tf.GradientTape() as tape:
    tape.watch(values)
    ragged = tf.RaggedTensor.from_row_lengths(values, [2, 0, 2])
    total = tf.reduce_sum(tf.reduce_sum(ragged * ragged, axis=1) * tf.constant([1.0, 2.0, 3.0]))
print(tape.gradient(total, values))
with tf.GradientTape() as tape:
    tape.watch(values)
    ragged = tf.RaggedTensor.from_row_lengths(values, [2, 0, 2])
    total = tf.reduce_sum(tf.reduce_max(ragged, axis=1)[::2]) + tf.reduce_sum(tf.reduce_mean(ragged, axis=0))
print(tape.gradient(total, values))
with tf.GradientTape() as tape:
    tape.watch(values)
    ragged = tf.RaggedTensor.from_nested_row_lengths(values, [[2, 1], [1, 2, 1]])
    total = tf.reduce_sum(tf.reduce_prod(ragged, axis=0) * 10.0)
print(tape.gradient(total, values))

# ---- elementwise functions ----
ragged_floats = tf.ragged.constant([[1.0, 4.0], [9.0], []])
ragged_3d = tf.ragged.constant([[[1, 2], [3]], [[4]]])
ragged_ints = tf.ragged.constant([[1, -2], [3]])
ragged_bools = tf.ragged.constant([[True, False], [True]])
for elementwise_fn in (tf.abs, tf.math.exp, tf.math.log, tf.sqrt, tf.negative, tf.math.square, tf.math.sin, tf.math.tanh,
                       tf.math.sigmoid, tf.math.rsqrt, tf.math.reciprocal, tf.round, tf.math.floor, tf.math.ceil,
                       tf.math.sign, tf.math.log1p, tf.nn.relu, tf.math.expm1, tf.math.cos, tf.math.erf, tf.math.softplus,
                       tf.nn.elu, tf.nn.relu6):
    result = elementwise_fn(ragged_floats)
    print(rounded(result.flat_values), result.row_splits)
print(tf.abs(ragged_ints), tf.math.negative(ragged_3d), tf.math.logical_not(ragged_bools), tf.math.square(ragged_3d))
print(tf.add(ragged_floats, 1.0), tf.multiply(2.0, ragged_floats), tf.math.maximum(ragged_floats, 3.0), tf.math.minimum(ragged_floats, tf.constant(3.0)))
print(tf.add(ragged_floats, ragged_floats), tf.math.equal(ragged_ints, 1), tf.math.greater(ragged_floats, 2.0), tf.math.less_equal(ragged_ints, ragged_ints))
print(tf.subtract(ragged_floats, ragged_floats * 0.5), tf.math.truediv(ragged_floats, 2.0), tf.math.floordiv(ragged_ints, 2),
      tf.math.pow(ragged_floats, 2.0), tf.math.squared_difference(ragged_floats, 1.0), tf.math.divide(ragged_floats, 4.0))
print(tf.math.logical_and(ragged_bools, True), tf.math.logical_or(ragged_bools, ragged_bools), tf.clip_by_value(ragged_floats, 2.0, 5.0))
print(tf.add(ragged_floats, tf.constant([[1.0], [2.0], [3.0]])))
print(tf.add(ragged_3d, tf.constant([[[10]], [[20]]])))
print(tf.multiply(tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1), tf.constant([10, 100])))
print(tf.math.divide(ragged_ints, 2), tf.math.mod(ragged_ints, 2), tf.math.not_equal(ragged_ints, ragged_ints), tf.math.floormod(ragged_ints, 2))
print(ragged_floats + tf.constant([[1.0], [2.0], [3.0]]), tf.constant([[1.0], [2.0], [3.0]]) * ragged_floats)
print(tf.cast(tf.math.round(ragged_floats), tf.int32), tf.cast(x=ragged_ints, dtype=tf.float64), tf.add(x=ragged_floats, y=1.0),
      tf.math.scalar_mul(2.0, ragged_floats))


@tf.function
def elementwise_traced(x, y):
    return tf.math.exp(x) * 0 + 1, tf.maximum(x, y), tf.add(x, tf.constant([[1.0], [2.0], [3.0]])), tf.math.logical_not(x > 2.0)


print(elementwise_traced(ragged_floats, ragged_floats))
values = tf.constant([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    tape.watch(values)
    ragged = tf.RaggedTensor.from_row_lengths(values, [2, 1])
    total = tf.reduce_sum(tf.math.exp(ragged) * tf.math.sin(ragged) + tf.maximum(ragged, 2.0) * tf.constant([[1.0], [5.0]]))
print(rounded(tape.gradient(total, values)))
show_error("different partitions", lambda: tf.add(ragged_floats, tf.ragged.constant([[1.0], [2.0, 3.0], []])))
show_error("bad broadcast", lambda: tf.add(ragged_floats, tf.constant([1.0, 2.0])))
show_error("bad broadcast rows", lambda: tf.add(ragged_floats, tf.constant([[1.0], [2.0]])))
show_error("dtype mismatch", lambda: tf.add(ragged_floats, ragged_ints))
show_error("log of ints", lambda: tf.math.log(ragged_ints))

# ---- indexing ----
rows_2d = tf.ragged.constant([[1, 2, 3], [4], [], [5, 6]])
rows_3d = tf.ragged.constant([[[1, 2], [3]], [[4, 5, 6]], [[7], [8], [9]]])
uniform_3d = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
print(rows_2d[:, 1:], rows_2d[:, :2], rows_2d[:, -1:], rows_2d[1:3, :1], rows_2d[::1, 1:])
print(rows_2d[0, 2], rows_2d[3, -1], rows_2d[0, 1:], rows_2d[-1, :1])
print(rows_3d[:, 1:], rows_3d[0, 1], rows_3d[:, :, :1], rows_3d[1, 0, 2])
print(rows_3d[:, ::-1], rows_3d[1:, :, 1:], rows_3d[::2])
show_error("rows_3d[:, 0]", lambda: rows_3d[:, 0])
show_error("rows_3d[2, :, 0]", lambda: rows_3d[2, :, 0])
print(rows_2d[..., :2], rows_3d[..., :1], uniform_3d[:, :, 1], uniform_3d[..., 0], uniform_3d[0, :, 1])
show_error("uniform_3d[:, 0]", lambda: uniform_3d[:, 0])
print(rows_2d[:, ::2], rows_2d[:, ::-1], rows_2d[::-1], rows_2d[::2, 1:], rows_2d[:, -2:])
print(rows_2d[tf.newaxis], rows_2d[:, tf.newaxis], rows_2d[1:, tf.newaxis, :1])
show_error("rows_2d[:, 0]", lambda: rows_2d[:, 0])
show_error("rows_2d[1, 5]", lambda: rows_2d[1, 5])
show_error("rows_2d[:, 1.5:]", lambda: rows_2d[:, 1.5:])
show_error("rows_2d[..., 0]", lambda: rows_2d[..., 0])
show_error("rows_2d[0, ..., 0, 0]", lambda: rows_2d[0, ..., 0, 0])
show_error("rows_2d[0, 0, 0]", lambda: rows_2d[0, 0, 0])
show_error("rows_2d[5]", lambda: rows_2d[5])
show_error("rows_2d[1.5]", lambda: rows_2d[1.5])
show_error("rows_3d[:, 0, 1]", lambda: rows_3d[:, 0, 1])


@tf.function
def indexing_traced(x):
    return x[:, 1:], x[1, 0], x[..., :1], x[-1, 1:]


print(indexing_traced(rows_2d))

# ---- concat, stack and boolean_mask ----
a = tf.ragged.constant([[1, 2], [3]])
b = tf.ragged.constant([[4], [], [5, 6]])
print(tf.concat([a, b], axis=0), tf.concat([a, tf.ragged.constant([[7], [8, 9]])], axis=1))
print(tf.stack([a, tf.ragged.constant([[7], [8, 9]])], axis=0), tf.stack([a, tf.ragged.constant([[7], [8, 9]])], axis=1))
print(tf.concat([a, tf.constant([[7, 8], [9, 10]])], axis=0), tf.concat([a, tf.constant([[7], [9]])], axis=1))
print(tf.stack([a, b], axis=0))
print(tf.concat([rows_3d, rows_3d], axis=1), tf.concat([rows_3d, rows_3d], axis=2), tf.concat([rows_3d, rows_3d], axis=-1))
show_error("concat rows mismatch", lambda: tf.concat([a, b], axis=1))
show_error("concat dtype", lambda: tf.concat([a, tf.ragged.constant([[1.0]])], axis=0))
show_error("concat rank", lambda: tf.concat([a, rows_3d], axis=0))
show_error("concat axis 2", lambda: tf.concat([a, a], axis=2))
show_error("stack mismatch", lambda: tf.stack([a, b], axis=1))
mask = tf.ragged.constant([[True, False], [True]])
print(tf.ragged.boolean_mask(a, mask), tf.ragged.boolean_mask(a, tf.constant([False, True])))
print(tf.ragged.boolean_mask(tf.constant([[1, 2, 3], [4, 5, 6]]),
                             tf.constant([[True, False, True], [False, False, True]])))
print(tf.ragged.boolean_mask(rows_3d, tf.ragged.constant([[[True, False], [True]], [[False, True, True]],
                                                         [[True], [False], [True]]])))
print(tf.ragged.boolean_mask(rows_3d, tf.ragged.constant([[True, False], [True], [False, True, True]])))
show_error("mask shape", lambda: tf.ragged.boolean_mask(a, tf.ragged.constant([[True], [True]])))
show_error("mask dtype", lambda: tf.ragged.boolean_mask(a, tf.ragged.constant([[1, 0], [1]])))


@tf.function
def concat_and_mask_traced(x, m):
    return tf.concat([x, x], axis=0), tf.concat([x, x], axis=1), tf.ragged.boolean_mask(x, m), tf.stack([x, x], axis=1)


print(concat_and_mask_traced(a, mask))
values = tf.constant([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    tape.watch(values)
    ragged = tf.RaggedTensor.from_row_lengths(values, [2, 1])
    total = (tf.reduce_sum(tf.concat([ragged, ragged * 2.0], axis=1)[:, 1:]) +
             tf.reduce_sum(tf.ragged.boolean_mask(ragged, ragged > 1.5) * 10.0))
print(tape.gradient(total, values))

# ---- expand_dims, zeros_like, ones_like ----
print(tf.expand_dims(a, 0), tf.expand_dims(a, 1), tf.expand_dims(a, 2), tf.expand_dims(a, -1), tf.expand_dims(rows_3d, axis=2))
print(tf.expand_dims(a, 0).shape, tf.expand_dims(a, 1).shape, tf.expand_dims(a, -1).shape)
print(tf.zeros_like(a), tf.ones_like(a), tf.ones_like(rows_3d, dtype=tf.float32), tf.zeros_like(tf.ragged.constant([["a"], []])),
      tf.ones_like(input=a))
show_error("expand_dims axis 3", lambda: tf.expand_dims(a, 3))

# ---- uniform row lengths through slicing, partitions checked inside tf.function ----
uniform_rows_2 = tf.RaggedTensor.from_uniform_row_length(tf.ragged.constant([[1, 2], [3], [], [4]]), 2)
print(uniform_rows_2.shape, uniform_rows_2[:, 1:].shape, uniform_rows_2[1:].shape, uniform_rows_2[:, :1].shape,
      uniform_rows_2[::-1].shape)


@tf.function
def add_traced(x, y):
    return x + y


print(add_traced(a, a * 2))
show_error("traced different partitions", lambda: add_traced(tf.ragged.constant([[1, 2], [3]]),
                                                             tf.ragged.constant([[1], [2, 3]])))


@tf.function
def add_dense_traced(x, dense):
    return x + dense


@tf.function
def concat_traced(x, y):
    return tf.concat([x, y], axis=1)


square_rows = tf.ragged.constant([[1, 2], [3, 4]])
print(add_dense_traced(square_rows, tf.constant([[1], [2]])), concat_traced(square_rows, square_rows))
show_error("traced broadcast", lambda: add_dense_traced(square_rows, tf.constant([[1, 2, 3]])))
show_error("traced broadcast rows", lambda: add_dense_traced(square_rows, tf.constant([[1], [2], [3]])))
show_error("traced concat rows", lambda: concat_traced(square_rows, tf.ragged.constant([[1], [2], [3]])))

# ---- gradients of ragged max / min / prod with ties ----
tied = tf.constant([2.0, 2.0, 1.0, 3.0, 3.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(tied)
    tied_rows = tf.RaggedTensor.from_row_lengths(tied, [3, 2])
    row_max = tf.reduce_sum(tf.reduce_max(tied_rows, axis=1))
    column_min = tf.reduce_sum(tf.reduce_min(tf.RaggedTensor.from_row_lengths(tied, [2, 2, 1]), axis=0))
    row_prod = tf.reduce_sum(tf.reduce_prod(tied_rows, axis=1))
print(tape.gradient(row_max, tied), tape.gradient(column_min, tied), tape.gradient(row_prod, tied))
