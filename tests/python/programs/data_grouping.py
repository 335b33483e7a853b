"""tf.data's grouping from Python: group_by_window (a fixed window size or one per key, windows
unfinished at the end by ascending key, the key given to the reduce function) and
bucket_by_sequence_length (padding to the longest or to the bucket boundary, no_padding,
drop_remainder), with their errors."""
from harness import show_error, tf

numbers = tf.data.Dataset.range(10)
pairs = numbers.group_by_window(key_func=lambda x: x % 3, reduce_func=lambda key, window: window.batch(2), window_size=2)
print(pairs)
print([x.tolist() for x in pairs.as_numpy_iterator()])
keyed = numbers.group_by_window(key_func=lambda x: x % 3,
                                reduce_func=lambda key, window: window.batch(10).map(lambda b: (key, b)),
                                window_size_func=lambda key: key + 1)
print(keyed.element_spec)
print([(k, b.tolist()) for k, b in keyed.as_numpy_iterator()])
print([x.tolist() for x in numbers.group_by_window(lambda x: -x, lambda k, w: w.batch(2), window_size=3)
       .as_numpy_iterator()])
counts = numbers.group_by_window(lambda x: x % 2, lambda k, w: tf.data.Dataset.from_tensors(
    w.reduce(tf.constant(0, tf.int64), lambda s, _: s + 1)), window_size=4)
print(list(counts.as_numpy_iterator()))
show_error("no window size", lambda: numbers.group_by_window(lambda x: x % 2, lambda k, w: w.batch(2)))
show_error("both window sizes", lambda: numbers.group_by_window(lambda x: x % 2, lambda k, w: w.batch(2), window_size=2,
                                                                window_size_func=lambda k: k))
show_error("window size 0", lambda: list(numbers.group_by_window(lambda x: x % 2, lambda k, w: w, window_size=0)))

lengths = [3, 1, 5, 2, 7, 2, 4]
sequences = tf.data.Dataset.from_generator(lambda: ([1] * n for n in lengths),
                                           output_signature=tf.TensorSpec([None], tf.int32))
buckets = sequences.bucket_by_sequence_length(lambda s: tf.shape(s)[0], bucket_boundaries=[3, 5],
                                              bucket_batch_sizes=[2, 2, 2])
print(buckets)
print([x.tolist() for x in buckets.as_numpy_iterator()])
short = tf.data.Dataset.from_generator(lambda: ([1] * n for n in [3, 1, 2, 4, 2]),
                                       output_signature=tf.TensorSpec([None], tf.int32))
print([x.tolist() for x in short.bucket_by_sequence_length(lambda s: tf.shape(s)[0], [3, 5], [2, 2, 2],
                                                           pad_to_bucket_boundary=True, padding_values=9)
       .as_numpy_iterator()])
print([x.tolist() for x in sequences.bucket_by_sequence_length(lambda s: tf.shape(s)[0], [3, 5], [1, 1, 1],
                                                               no_padding=True).as_numpy_iterator()])
print([x.tolist() for x in sequences.bucket_by_sequence_length(lambda s: tf.shape(s)[0], [3, 5], [2, 2, 2],
                                                               drop_remainder=True).as_numpy_iterator()])
labelled = tf.data.Dataset.from_generator(lambda: (([1] * n, n) for n in lengths),
                                          output_signature=(tf.TensorSpec([None], tf.int32), tf.TensorSpec([], tf.int32)))
for tokens, label in labelled.bucket_by_sequence_length(lambda s, n: n, [4], [3, 3], padding_values=(-1, 0)):
    print(tokens.numpy().tolist(), label.numpy().tolist())
show_error("too few batch sizes", lambda: sequences.bucket_by_sequence_length(lambda s: tf.shape(s)[0], [3, 5], [2, 2]))
