"""tf.data with padding and composite tensors: Dataset.padded_batch (defaults, padded shapes and
values, nested structures and dicts, inside tf.function, TensorFlow's errors)."""

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
