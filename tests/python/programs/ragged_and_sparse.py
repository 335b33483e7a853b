"""Composite tensors: tf.RaggedTensor (factories, properties, printing, conversion, rows, operators,
reductions, tf.strings.split of non-scalars, bytes_split, unicode_split) and tf.SparseTensor
(tf.sparse.from_dense / to_dense / reorder), eagerly and inside tf.function (as arguments, results
and in input_signature), and SparseTensor and RaggedTensor elements in tf.data pipelines (Dataset.map returning them,
VarLenFeature parsed in map, batch, unbatch of ragged ones). Errors: bad row partitions, mismatched partitions, bad
indices."""

from harness import show_error, tf

# ---- factories and printing ----
rt = tf.ragged.constant([[1, 2], [3], []])
print(rt)
print(repr(rt), rt.shape, rt.dtype, rt.ragged_rank, isinstance(rt, tf.RaggedTensor))
print(rt.values, rt.row_splits, rt.flat_values, rt.nested_row_splits)
print(rt.row_lengths(), rt.nrows(), rt.value_rowids(), rt.row_starts(), rt.row_limits())
print(rt.to_list(), repr(rt.numpy()), rt.bounding_shape())
print(rt.to_tensor(), rt.to_tensor(default_value=-1), rt.to_tensor(shape=[4, 3]), rt.to_tensor(shape=[2, 1]))
print(tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2, 3]))
print(tf.RaggedTensor.from_row_lengths([1, 2, 3], [2, 0, 1]))
print(tf.RaggedTensor.from_value_rowids([1, 2, 3], [0, 0, 2]))
print(tf.RaggedTensor.from_value_rowids([1, 2, 3], [0, 0, 2], nrows=4))
print(tf.RaggedTensor.from_tensor([[1, 0], [2, 3]], padding=0), tf.RaggedTensor.from_tensor([[1, 0], [2, 3]], lengths=[1, 2]))
print(tf.RaggedTensor.from_tensor([[1, 0], [2, 3]]))
print(tf.RaggedTensor.from_nested_row_splits([1, 2, 3, 4], [[0, 2, 3], [0, 1, 3, 4]]))
print(tf.RaggedTensor.from_uniform_row_length([1, 2, 3, 4, 5, 6], 2))
print(tf.ragged.range([3, 1]), tf.ragged.range([1, 2], [4, 3]))
print(tf.ragged.constant([[1.5], [2.0, 3.0]]), tf.ragged.constant([["a"], ["b", "c"]]))
print(tf.ragged.constant([[True], []]), tf.ragged.constant([[]]), tf.ragged.constant([[], []]).shape)
print(tf.ragged.constant([[1, 2], [3]], dtype=tf.int64), tf.ragged.constant([[1, 2], [3]], row_splits_dtype=tf.int32).row_splits)
uniform = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
print(uniform, uniform.shape, uniform.ragged_rank, uniform.flat_values.shape)
print(tf.ragged.constant([[1, 2], [3, 4]]).numpy(), tf.ragged.constant([[1, 2], [3, 4]]))
nested = tf.ragged.constant([[[1, 2], [3]], [[4]], []])
print(nested, nested.shape, nested.ragged_rank, nested.nested_row_splits)
print(nested.row_lengths(), nested.row_lengths(axis=2), nested.bounding_shape(), nested.to_tensor())
print(repr(nested.numpy()))
print(nested.to_list(), nested.values, nested.flat_values)
print(tf.RaggedTensor.from_row_splits(tf.zeros([0], tf.int32), [0]))
print(tf.RaggedTensorSpec([None, None], tf.int32), tf.RaggedTensorSpec([2, None, 3], tf.string))
print(rt._type_spec if hasattr(rt, "_type_spec") else "", nested.with_flat_values(nested.flat_values * 10))

# ---- rows ----
print(rt[0], rt[1], rt[-1], rt[1:], rt[:2], rt[5:], rt[-2:])
print(nested[0], nested[1:], nested[0][1])
for row in rt:
    print(row)

# ---- elementwise ops ----
print(rt + 1, 2 * rt, rt * rt, rt - rt, 10 - rt, -rt, rt // 2, rt % 2)
print(rt > 1, rt == rt, rt != 2, abs(-rt))
print(tf.cast(rt, tf.float32), tf.ragged.constant([[1.0, 2.5], [3.25]]) / 2)
print(tf.ragged.map_flat_values(tf.square, rt), tf.ragged.map_flat_values(tf.add, rt, rt))
print(uniform + tf.constant([10, 20]))

# ---- reductions ----
print(tf.reduce_sum(rt, axis=1), tf.reduce_sum(rt, axis=0), tf.reduce_sum(rt), tf.reduce_sum(rt, axis=-1))
print(tf.reduce_mean(rt, axis=1), tf.reduce_mean(rt, axis=0), tf.reduce_mean(rt))
print(tf.reduce_max(rt, axis=1), tf.reduce_min(rt, axis=1), tf.reduce_prod(rt, axis=1), tf.reduce_max(rt, axis=0))
print(tf.reduce_max(tf.ragged.constant([[1.0], []]), axis=1), tf.reduce_mean(tf.ragged.constant([[1.0, 2.0], []]), axis=1))
print(tf.reduce_sum(nested, axis=2), tf.reduce_sum(uniform, axis=2), tf.reduce_sum(uniform, axis=1))
print(tf.reduce_sum(rt, axis=1, keepdims=True))

# ---- strings ----
print(tf.strings.split(["a b", "c", ""]))
print(tf.strings.split(tf.constant(["a,b,,c", "d"]), sep=","), tf.strings.split(["a b c", "d e"], maxsplit=1))
print(tf.strings.split([["a b", "c d e"], ["f", ""]]), tf.strings.split([["a b", "c d e"], ["f", ""]]).shape)
print(tf.strings.split(tf.ragged.constant([["a b"], ["c", "d e"]])))
print(tf.strings.split("a b"), tf.strings.split(tf.constant(["x y"])).shape)
print(tf.strings.bytes_split(["ab", "c"]), tf.strings.bytes_split("abc"), tf.strings.bytes_split([["ab"], [""]]))
print(tf.strings.unicode_split(["héllo", "ü"], "UTF-8"))
words = tf.strings.split(["the quick fox", "a dog"])
print(words.row_lengths(), tf.strings.length(words.flat_values), tf.strings.reduce_join(words[0], separator="-"))


@tf.function
def split_in_function(lines):
    pieces = tf.strings.split(lines)
    return pieces.row_lengths(), pieces.flat_values, pieces.to_tensor(default_value="<pad>")


print(split_in_function(tf.constant(["a b c", "d", "e f"])))

@tf.function
def ragged_ops_traced(x):
    return (x[0], x[1:], x[-1], x.to_tensor(), tf.reduce_sum(x, axis=1), tf.reduce_mean(x, axis=0), x.bounding_shape(),
            x.value_rowids(), tf.strings.bytes_split(tf.constant(["ab", "c"])))


for value in ragged_ops_traced(tf.ragged.constant([[1, 2], [3], [4, 5, 6]])):
    print(value)


@tf.function
def ragged_factories_traced(x):
    return tf.RaggedTensor.from_tensor(x, padding=0), tf.RaggedTensor.from_row_lengths(tf.reshape(x, [-1]), [2, 2]) * 2


print(ragged_factories_traced(tf.constant([[1, 0], [2, 3]])))


@tf.function
def sparse_ops_traced(s):
    return tf.sparse.to_dense(s, default_value=-1), tf.sparse.from_dense(tf.sparse.to_dense(s))


print(sparse_ops_traced(tf.SparseTensor([[0, 1], [1, 0]], [5, 6], [2, 3])))


# ---- RaggedTensor and SparseTensor through tf.function ----
@tf.function
def row_sums(x):
    print("tracing row_sums", x.shape)
    return tf.reduce_sum(x, axis=1)


print(row_sums(tf.ragged.constant([[1, 2], [3]])), row_sums(tf.ragged.constant([[4], [5, 6, 7]])))
print(row_sums(tf.ragged.constant([[1], [2], [3]])), row_sums.experimental_get_tracing_count())


@tf.function
def double(x):
    return x * 2


print(double(tf.ragged.constant([[1, 2], [3]])), double(nested))


@tf.function(input_signature=[tf.RaggedTensorSpec([None, None], tf.int32)])
def lengths_of(x):
    print("tracing lengths_of")
    return x.row_lengths()


print(lengths_of(tf.ragged.constant([[1, 2], [3]])), lengths_of(tf.ragged.constant([[1], [2], [3, 4, 5]])))
print(lengths_of.experimental_get_tracing_count())


@tf.function
def densify(sp):
    return tf.sparse.to_dense(sp), sp


dense, same = densify(tf.SparseTensor([[0, 1], [2, 0]], [5, 6], [3, 2]))
print(dense, same)


@tf.function(input_signature=[tf.SparseTensorSpec([None, 4], tf.float32)])
def sparse_total(sp):
    return tf.reduce_sum(sp.values)


print(sparse_total(tf.SparseTensor([[0, 1], [1, 3]], [1.5, 2.5], [2, 4])))

# ---- SparseTensor ----
sp = tf.sparse.from_dense([[1, 0], [0, 2]])
print(sp, sp.shape, sp.dtype, sp.get_shape(), isinstance(sp, tf.SparseTensor))
print(tf.sparse.to_dense(sp), tf.sparse.from_dense(tf.constant(["a", "", "b"])))
print(tf.sparse.to_dense(tf.SparseTensor([[0], [2]], ["a", "b"], [3])))
print(tf.sparse.to_dense(tf.SparseTensor([[0], [2]], ["a", "b"], [3]), default_value="z"))
unordered = tf.SparseTensor([[1, 0], [0, 1]], [5, 6], [2, 2])
print(tf.sparse.reorder(unordered), tf.sparse.to_dense(tf.sparse.reorder(unordered)))
print(tf.SparseTensorSpec([None], tf.int64), tf.SparseTensorSpec([2, None], tf.string))
with tf.GradientTape() as tape:
    values = tf.constant([1.0, 2.0])
    tape.watch(values)
    total = tf.reduce_sum(tf.sparse.to_dense(tf.SparseTensor([[0], [3]], values, [4])) * tf.constant([1.0, 2.0, 3.0, 4.0]))
print(tape.gradient(total, values))

# ---- SparseTensor elements in tf.data ----
sparse_rows = tf.data.Dataset.range(4).map(lambda x: tf.sparse.from_dense(tf.range(x)))
print(sparse_rows.element_spec)
for element in sparse_rows:
    print(element)
batched = sparse_rows.batch(3)
print(batched.element_spec)
for element in batched:
    print(tf.sparse.to_dense(element))
print(sparse_rows.map(lambda s: tf.reduce_sum(s.values)).element_spec,
      list(sparse_rows.map(lambda s: tf.reduce_sum(s.values)).as_numpy_iterator()))
pairs = tf.data.Dataset.from_tensor_slices(tf.constant([1, 2])).map(lambda x: (x, tf.sparse.from_dense(tf.range(x) + x)))
print(pairs.element_spec)
for label, sparse in pairs:
    print(label, sparse.values)

examples = []
for tags in (["a", "b"], [], ["c"]):
    example = tf.train.Example(features=tf.train.Features(feature={
        "tags": tf.train.Feature(bytes_list=tf.train.BytesList(value=[t.encode() for t in tags]))}))
    examples.append(example.SerializeToString())
parsed = tf.data.Dataset.from_tensor_slices(examples).map(
    lambda record: tf.io.parse_single_example(record, {"tags": tf.io.VarLenFeature(tf.string)}))
print(parsed.element_spec)
for features in parsed:
    print(features["tags"].values, features["tags"].dense_shape)
for features in parsed.batch(2):
    print(tf.sparse.to_dense(features["tags"]))


@tf.function
def count_values(dataset):
    total = tf.constant(0, tf.int64)
    for s in dataset:
        total += tf.size(s.values, out_type=tf.int64)
    return total


print(count_values(sparse_rows))

# ---- RaggedTensor elements in tf.data ----
lines = tf.data.Dataset.from_tensor_slices(["a b c", "d", "e f", ""]).map(lambda s: tf.strings.split([s, s + " x"]))
print(lines.element_spec)
for words in lines:
    print(words)
print(lines.map(lambda w: tf.strings.reduce_join(w.flat_values, separator="+")).element_spec,
      list(lines.map(lambda w: tf.strings.reduce_join(w.flat_values, separator="+")).as_numpy_iterator()))
ragged_batches = lines.batch(3)
print(ragged_batches.element_spec)
for batch in ragged_batches:
    print(batch, batch.shape)
print(ragged_batches.unbatch().element_spec, [w.numpy().tolist() for w in ragged_batches.unbatch()])
nested_rows = tf.data.Dataset.range(3).map(lambda n: tf.RaggedTensor.from_row_lengths(tf.range(n * 2), [n, n]))
print(nested_rows.element_spec)
print(nested_rows.batch(2).element_spec, [b.to_list() for b in nested_rows.batch(2)])

# ---- errors ----
show_error("splits not monotonic", lambda: tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2, 1]))
show_error("splits not from 0", lambda: tf.RaggedTensor.from_row_splits([1, 2, 3], [1, 2, 3]))
show_error("splits end", lambda: tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2]))
show_error("lengths sum", lambda: tf.RaggedTensor.from_row_lengths([1, 2, 3], [2, 2]))
show_error("negative lengths", lambda: tf.RaggedTensor.from_row_lengths([1, 2, 3], [4, -1]))
show_error("unsorted rowids", lambda: tf.RaggedTensor.from_value_rowids([1, 2, 3], [0, 2, 1]))
show_error("scalar splits", lambda: tf.RaggedTensor.from_row_splits([1, 2, 3], 3))
show_error("mixed depths", lambda: tf.ragged.constant([[1, 2], [[3]]]))
show_error("ragged_rank too big", lambda: tf.ragged.constant([[1, 2], [3]], ragged_rank=2))
show_error("row out of range", lambda: tf.ragged.constant([[1], [2]])[5])
show_error("different partitions", lambda: tf.ragged.constant([[1], [2]]) + tf.ragged.constant([[1, 2], [2]]))
show_error("split of ints", lambda: tf.strings.split([1, 2]))
show_error("to_tensor default rank", lambda: tf.ragged.constant([[1], [2, 3]]).to_tensor(default_value=[1, 2]))
show_error("private constructor", lambda: tf.RaggedTensor([1], [0, 1]))
show_error("to_dense unordered", lambda: tf.sparse.to_dense(unordered))
show_error("to_dense out of bounds", lambda: tf.sparse.to_dense(tf.SparseTensor([[3, 0]], [5], [2, 2])))
show_error("to_dense repeated", lambda: tf.sparse.to_dense(tf.SparseTensor([[1], [1]], [5, 6], [3])))
show_error("sparse indices rank", lambda: tf.SparseTensor([1, 2], [5, 6], [3]))
show_error("to_dense of a tensor", lambda: tf.sparse.to_dense(tf.constant([1])))
show_error("ragged to_list traced", lambda: tf.function(lambda x: x.to_list())(tf.ragged.constant([[1]])))
