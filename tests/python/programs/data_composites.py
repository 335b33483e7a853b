"""tf.data with padding and composite tensors: Dataset.padded_batch (defaults, padded shapes and
values, nested structures and dicts, inside tf.function, TensorFlow's errors);
Dataset.from_tensor_slices of RaggedTensors and SparseTensors (alone, in dicts and tuples, inside
tf.function), unbatch of ragged and sparse elements, Dataset.ragged_batch and
tf.data.experimental.dense_to_ragged_batch; batched ragged and sparse elements read inside
tf.function (map, for loops) and batched again; tf.fill with dims known only when a traced function runs."""

from harness import show_error, tf

# ---- padded_batch ----
counts = tf.data.Dataset.range(1, 6).map(lambda n: tf.range(n) * 0 + n)
padded = counts.padded_batch(2)
print(padded, padded.element_spec)
for batch in padded:
    print(batch)
padded = counts.padded_batch(2, padded_shapes=[6], padding_values=tf.constant(-1, tf.int64), drop_remainder=True)
print(padded.element_spec)
for batch in padded:
    print(batch)
words = tf.data.Dataset.from_tensor_slices(["a b", "c", "d e f"]).map(
    lambda line: {"words": tf.strings.split(line), "length": tf.strings.length(line)})
print(words.padded_batch(2).element_spec)
for batch in words.padded_batch(2):
    print(batch)
for batch in words.padded_batch(2, padded_shapes={"words": [4], "length": []}, padding_values={"words": "<p>", "length": -1}):
    print(batch)
pairs = tf.data.Dataset.range(3).map(lambda n: (tf.cast(tf.reshape(tf.range(2 * n), [-1, 2]) * 0, tf.float32) + 1.5, tf.range(n)))
print(pairs.padded_batch(3, padded_shapes=([None, 2], [None])).element_spec)
for batch in pairs.padded_batch(3, padded_shapes=([None, 2], [None])):
    print(batch)
for batch in pairs.padded_batch(3, padding_values=(0.5, tf.constant(7, tf.int64))):
    print(batch)
print(tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4]]).padded_batch(2, padded_shapes=tf.constant([4], tf.int64)).element_spec)
print(list(tf.data.Dataset.from_tensors(tf.constant(3)).padded_batch(2).as_numpy_iterator()))
print(counts.padded_batch(2).cardinality(), counts.padded_batch(2, drop_remainder=True).cardinality())
print(list(counts.padded_batch(4).unbatch().as_numpy_iterator()))
print(list(tf.data.Dataset.range(1, 3).map(lambda n: tf.range(n) >= 0).padded_batch(2).as_numpy_iterator()))
unknown_rank = tf.data.Dataset.from_generator(lambda: iter([[1], [2, 3]]), output_signature=tf.TensorSpec(None, tf.int32))
print(unknown_rank.padded_batch(2, padded_shapes=[None]).element_spec, list(unknown_rank.padded_batch(2, padded_shapes=[None])))


@tf.function
def padded_total(dataset):
    total = tf.constant(0, tf.int64)
    for batch in dataset.padded_batch(2):
        total += tf.reduce_sum(batch) + tf.shape(batch, out_type=tf.int64)[1]
    return total


print(padded_total(counts))


@tf.function
def padded_in_function():
    dataset = tf.data.Dataset.range(1, 4).map(lambda n: tf.range(n) * 0 + n).padded_batch(2, padded_shapes=[5])
    return dataset.reduce(tf.constant(0, tf.int64), lambda total, b: total + tf.reduce_sum(b) + tf.size(b, out_type=tf.int64))


print(padded_in_function())


@tf.function
def padded_to_traced_shape(length, size):
    dataset = tf.data.Dataset.range(1, 5).map(lambda k: tf.range(k)).padded_batch(size, padded_shapes=tf.reshape(length, [1]))
    return dataset.reduce(tf.constant(0, tf.int64), lambda total, b: total + tf.size(b, out_type=tf.int64))


print(padded_to_traced_shape(tf.constant(6, tf.int64), tf.constant(3, tf.int64)))

show_error("padded shape too small", lambda: list(counts.padded_batch(2, padded_shapes=[3])))
show_error("padded shape rank", lambda: counts.padded_batch(2, padded_shapes=[3, 3]))
show_error("padded shape below the static shape", lambda: tf.data.Dataset.from_tensors([1, 2, 3]).padded_batch(2, padded_shapes=[2]))
show_error("padding value not a scalar", lambda: counts.padded_batch(2, padding_values=tf.constant([1, 2], tf.int64)))
show_error("padding value float", lambda: counts.padded_batch(2, padding_values=1.5))
show_error("padding value int32", lambda: counts.padded_batch(2, padding_values=1))
show_error("padded shapes structure", lambda: pairs.padded_batch(2, padded_shapes=[None]))
show_error("padded shape of floats", lambda: counts.padded_batch(2, padded_shapes=tf.constant([1.5])))
show_error("padded_batch of ragged", lambda: tf.data.Dataset.range(3).map(
    lambda n: tf.RaggedTensor.from_row_lengths(tf.range(n), [n])).padded_batch(2))
show_error("padded_batch of sparse", lambda: tf.data.Dataset.range(3).map(lambda n: tf.sparse.from_dense(tf.range(n))).padded_batch(2))
show_error("padded_batch of unknown rank", lambda: unknown_rank.padded_batch(2))
show_error("padded_batch of 0", lambda: list(counts.padded_batch(0)))
labelled = tf.data.Dataset.range(3).map(lambda n: (n, tf.range(n)))
print(labelled.padded_batch(2, padding_values=(tf.constant(-1, tf.int64), tf.constant(-2, tf.int64))).element_spec)
print(list(labelled.padded_batch(2, padding_values=tf.constant(-1, tf.int64)).as_numpy_iterator()))
print(list(labelled.padded_batch(2, padding_values=(None, tf.constant(9, tf.int64))).as_numpy_iterator()))
print(counts.padded_batch(2, padded_shapes=tf.TensorShape([6])), counts.padded_batch(2, padded_shapes=(6,)))
show_error("padded shape None", lambda: labelled.padded_batch(2, padded_shapes=([], None)))
show_error("padding values structure", lambda: labelled.padded_batch(2, padding_values=(1,)))

# ---- from_tensor_slices, unbatch and ragged_batch of composite tensors ----
rt = tf.ragged.constant([[1, 2], [3], [], [4, 5, 6]])
ds = tf.data.Dataset.from_tensor_slices(rt)
print(ds.element_spec)
for x in ds:
    print(x)
nested = tf.ragged.constant([[[1, 2], [3]], [[4]], []])
ds2 = tf.data.Dataset.from_tensor_slices(nested)
print(ds2.element_spec)
for x in ds2:
    print(x)
d = tf.data.Dataset.from_tensor_slices({"r": rt, "l": tf.constant([1, 2, 3, 4])})
print(d.element_spec)
for x in d:
    print(x)
sp = tf.sparse.from_dense([[1, 0, 2], [0, 0, 0], [0, 3, 0]])
ds3 = tf.data.Dataset.from_tensor_slices(sp)
print(ds3.element_spec)
for x in ds3:
    print(x)
ds4 = tf.data.Dataset.from_tensor_slices((sp, tf.constant(["a", "b", "c"])))
print(ds4.element_spec)
for x, y in ds4:
    print(tf.sparse.to_dense(x), y)
b = ds.batch(2)
print(b.element_spec)
for x in b:
    print(x)
u = b.unbatch()
print(u.element_spec)
for x in u:
    print(x)
print(ds3.batch(2).element_spec)
for x in ds3.batch(2):
    print(tf.sparse.to_dense(x))
us = ds3.batch(2).unbatch()
print(us.element_spec)
for x in us:
    print(x)
rb = tf.data.Dataset.range(5).map(lambda n: tf.range(n)).ragged_batch(2)
print(rb.element_spec)
for x in rb:
    print(x)
rb = tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4], [5, 6]]).ragged_batch(2, drop_remainder=True)
print(rb.element_spec)
for x in rb:
    print(x)
rb = tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4], [5, 6]]).ragged_batch(2, row_splits_dtype=tf.int32)
print(rb.element_spec)
for x in rb:
    print(x)
rb = tf.data.Dataset.range(4).map(lambda n: (tf.range(n), n)).ragged_batch(3)
print(rb.element_spec)
for x in rb:
    print(x)
rb = tf.data.Dataset.range(4).map(lambda n: tf.range(n)).apply(tf.data.experimental.dense_to_ragged_batch(3))
print(rb.element_spec)
for x in rb:
    print(x)
rr = ds.ragged_batch(2)
print(rr.element_spec)
for x in rr:
    print(x)
print(tf.data.Dataset.range(4).map(lambda n: tf.reshape(tf.range(2 * n) * 0 + n, [-1, 2])).ragged_batch(2).element_spec)
for x in tf.data.Dataset.range(4).map(lambda n: tf.reshape(tf.range(2 * n) * 0 + n, [-1, 2])).ragged_batch(2):
    print(x)
print(list(tf.data.Dataset.range(3).ragged_batch(2).as_numpy_iterator()))

@tf.function
def sum_of_rows(r):
    tot = tf.constant(0)
    for row in tf.data.Dataset.from_tensor_slices(r):
        tot += tf.reduce_sum(row)
    return tot


print(sum_of_rows(rt))

@tf.function
def size_of_rows(r):
    return tf.data.Dataset.from_tensor_slices(r).reduce(tf.constant(0), lambda s, row: s + tf.size(row))

print(size_of_rows(rt))
show_error("uneq rows", lambda: tf.data.Dataset.from_tensor_slices((rt, tf.constant([1, 2]))))
show_error("rt unbatch ragged0", lambda: tf.data.Dataset.from_tensors(rt).unbatch())
print(tf.data.Dataset.from_tensors(rt).unbatch().element_spec, list(tf.data.Dataset.from_tensors(rt).unbatch()))
print(tf.data.Dataset.from_tensors(sp).unbatch().element_spec)
for x in tf.data.Dataset.from_tensors(sp).unbatch():
    print(x)
print(ds.cardinality(), ds3.cardinality())
rt = tf.ragged.constant([["a", "b"], ["c"], []])
ds = tf.data.Dataset.from_tensor_slices({"w": rt, "sp": tf.sparse.from_dense([[0, 1], [2, 0], [0, 0]]), "i": tf.constant([1, 2, 3])})
print(ds.element_spec)
for x in ds:
    print(x["w"], tf.sparse.to_dense(x["sp"]), x["i"])
for x in ds.batch(2):
    print(x["w"], tf.sparse.to_dense(x["sp"]), x["i"])
u = ds.batch(2).unbatch()
print(u.element_spec)
for x in u:
    print(x["w"], tf.sparse.to_dense(x["sp"]), x["i"])
r32 = tf.ragged.constant([[[1], [2, 3]], [[4, 5, 6]]], row_splits_dtype=tf.int32)
d32 = tf.data.Dataset.from_tensor_slices(r32)
print(d32.element_spec)
for x in d32:
    print(x)
print(d32.batch(2).element_spec)
for x in d32.batch(2):
    print(x)
print(d32.unbatch().element_spec)
for x in d32.unbatch():
    print(x)
grow = tf.data.Dataset.range(1, 4).map(lambda n: tf.sparse.from_dense(tf.range(n)))
print(grow.batch(2).unbatch().element_spec)
for x in grow.batch(2).unbatch():
    print(tf.sparse.to_dense(x))


@tf.function
def sparse_total(d):
    s = tf.constant(0, tf.int64)
    for x in d.unbatch():
        s += tf.reduce_sum(x.values)
    return s


print(sparse_total(grow.batch(2)))


@tf.function
def ragged_total(r):
    d = tf.data.Dataset.from_tensor_slices(r).unbatch()
    return d.reduce(tf.constant(0), lambda s, x: s + tf.reduce_sum(x))


print(ragged_total(r32))
print(tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1)).element_spec)
for x in tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1)):
    print(x)
show_error("unbatch ragged scalar rows", lambda: tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[1], [2]])).unbatch().unbatch())
show_error("ragged_batch 0", lambda: list(tf.data.Dataset.range(3).ragged_batch(0)))
show_error("slices of sparse scalar", lambda: tf.data.Dataset.from_tensor_slices(tf.SparseTensor(tf.zeros([0, 0], tf.int64), tf.zeros([0]), tf.zeros([0], tf.int64))))
show_error("apply non dataset", lambda: tf.data.Dataset.range(3).apply(lambda d: 3))

# ---- batched composites inside tf.function, batched again ----
range_rows = tf.data.Dataset.range(5).map(lambda n: tf.range(n))

@tf.function
def ragged_batch_total(d):
    s = tf.constant(0, tf.int64)
    for b in d.ragged_batch(2):
        s += tf.reduce_sum(b.flat_values) + tf.size(b.row_splits, out_type=tf.int64)
    return s


print(ragged_batch_total(range_rows))
lengths = range_rows.ragged_batch(2).map(lambda b: (b.row_lengths(), tf.reduce_sum(b, axis=1)))
print(lengths.element_spec)
for x in lengths:
    print(x)
words = tf.data.Dataset.from_tensor_slices(["a b c", "d", "e f"]).map(lambda s: tf.strings.split(s)).ragged_batch(2)
print(list(words.map(lambda w: w.to_tensor(default_value="-")).as_numpy_iterator()))
nested_batches = tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[[1, 2], [3]], [[4]], [[5], [], [6]]])).batch(2)
print(nested_batches.element_spec)
print(list(nested_batches.map(lambda r: tf.reduce_sum(r, axis=[1, 2])).as_numpy_iterator()))
show_error("batch of unequal ragged batches", lambda: list(nested_batches.batch(2)))
single_batches = tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[[1, 2], [3]], [[4]], [[5], [], [6]]])).batch(1)
for x in single_batches.batch(2):
    print(x)


@tf.function
def count_words(d):
    total = tf.constant(0, tf.int64)
    for batch in d:
        total += tf.reduce_sum(batch.row_lengths())
    return total


print(count_words(words))
growing_sparse = tf.data.Dataset.range(1, 6).map(lambda n: tf.sparse.from_dense(tf.range(n)))
show_error("batch of unequal sparse batches", lambda: list(growing_sparse.batch(2).batch(2)))
sparse_batches = growing_sparse.batch(2, drop_remainder=True).batch(2)
print(sparse_batches.element_spec)
for x in sparse_batches:
    print(tf.sparse.to_dense(x))
show_error("unbatch of unequal ragged batches", lambda: list(nested_batches.batch(2).unbatch()))

# ---- tf.fill with traced dims ----
print(list(tf.data.Dataset.range(1, 4).map(lambda n: tf.fill([n], n)).padded_batch(3).as_numpy_iterator()))
print(tf.data.Dataset.range(1, 4).map(lambda n: tf.fill([n, 2], 1.5)).element_spec)


@tf.function
def fill_traced(n):
    return tf.fill(tf.stack([n, 2]), 7), tf.fill([2, n], "s"), tf.fill(tf.constant([2]), 1.0)


print(fill_traced(tf.constant(3)))
print(tf.fill([2, 3], 5), tf.fill(tf.constant([1, 2]), True), tf.fill([tf.constant(2)], 0.5))
show_error("fill with float dims", lambda: tf.fill([1.5], 1))
