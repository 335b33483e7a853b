"""tf.math's segment reductions, add_n, the composite reductions, count_nonzero, zero_fraction,
l2_normalize, bincount, confusion_matrix, in_top_k and cumulative_logsumexp under TensorFlow's module paths (tf.math, tf.nn, tf.linalg, top level), with their
gradients, inside tf.function, and their errors."""
import numpy as np

from harness import rounded, show_error, tf

data = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
for name in ["segment_sum", "segment_mean", "segment_max", "segment_min", "segment_prod"]:
    print("tf.math." + name, getattr(tf.math, name)(data, [0, 0, 2]))
for name in ["unsorted_segment_sum", "unsorted_segment_max", "unsorted_segment_min", "unsorted_segment_prod"]:
    print("tf.math." + name, getattr(tf.math, name)(data, segment_ids=[2, -1, 0], num_segments=3))
for name in ["unsorted_segment_mean", "unsorted_segment_sqrt_n"]:
    print("tf.math." + name, rounded(getattr(tf.math, name)(data, segment_ids=[2, -1, 2], num_segments=3)))
print(tf.math.segment_sum(tf.constant([1, 2, 4]), tf.constant([0, 0, 1], tf.int64)))
print(tf.math.unsorted_segment_mean(tf.constant([1, 2, 4]), [0, 0, 1], tf.constant(2, tf.int64)))
print(tf.math.unsorted_segment_sum(tf.constant([[1.0, 2.0], [3.0, 4.0]]), [[0, 1], [1, 0]], 2))
show_error("segment ids not sorted", lambda: tf.math.segment_sum(data, [0, 1, 0]))
show_error("segment ids negative", lambda: tf.math.segment_max(data, [-1, 0, 0]))
show_error("segment ids size", lambda: tf.math.segment_sum(data, [0, 0]))
show_error("unsorted id out of range", lambda: tf.math.unsorted_segment_sum(data, [0, 5, 2], 3))
show_error("unsorted ids shape", lambda: tf.math.unsorted_segment_max(data, [0, 1], 3))

a, b = tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0])
print(tf.add_n([a, b, a]), tf.math.add_n([a]), tf.add_n([tf.constant([1, 2]), tf.constant([3, 4])]))
show_error("add_n shapes", lambda: tf.add_n([a, tf.constant([1.0, 2.0, 3.0])]))
show_error("add_n dtypes", lambda: tf.add_n([a, tf.constant([1, 2])]))
show_error("add_n empty", lambda: tf.add_n([]))

x = tf.constant([[1.0, -2.0, 3.0], [-4.0, 5.0, 0.5]])
for name in ["reduce_logsumexp", "reduce_variance", "reduce_std", "reduce_euclidean_norm"]:
    f = getattr(tf.math, name)
    print(name, rounded(f(x)), rounded(f(x, axis=0)), rounded(f(x, 1, keepdims=True)), rounded(f(x, axis=[0, 1])))
inf = np.inf
print(tf.reduce_logsumexp(tf.constant([[0.0, -inf], [-inf, -inf], [inf, 1.0]]), axis=1))
print(tf.math.reduce_euclidean_norm(tf.constant([[1, 1], [-3, 4]]), axis=1))
show_error("variance of integers", lambda: tf.math.reduce_variance(tf.constant([1, 2])))
print(tf.math.count_nonzero(x > 0), tf.math.count_nonzero(tf.constant([[0, 1], [2, 3]]), axis=1, keepdims=True))
print(tf.math.count_nonzero([0.0, 4.0, 0.0], dtype=tf.int32), tf.math.count_nonzero(tf.constant(["a", ""])))
print(rounded(tf.math.zero_fraction(tf.constant([[0.0, 4.0], [5.0, 0.0], [0.0, 0.0]]))), tf.nn.zero_fraction([1, 0]))
print(rounded(tf.math.l2_normalize(x, axis=1)), rounded(tf.nn.l2_normalize(x)),
      rounded(tf.linalg.l2_normalize([3.0, 4.0], epsilon=100.0)))

ids = tf.constant([1, 1, 3, 0])
print(tf.math.bincount(ids), tf.math.bincount(ids, minlength=6), tf.math.bincount(ids, maxlength=2))
print(tf.math.bincount(ids, weights=[0.5, 1.0, 2.0, 3.0]), tf.math.bincount(ids, dtype=tf.float32))
print(tf.math.bincount([[1, 1], [3, 0]], axis=-1), tf.math.bincount([[1, 1], [3, 0]]), tf.math.bincount([]))
print(tf.math.bincount([2, 0, 2], minlength=4, binary_output=True), tf.math.bincount([1.5, 2.0]))
show_error("bincount negative", lambda: tf.math.bincount([1, -1]))
show_error("bincount axis", lambda: tf.math.bincount([1, 2], axis=1))
show_error("bincount weights and binary_output", lambda: tf.math.bincount([1], weights=[1.0], binary_output=True))
print(tf.math.confusion_matrix([1, 2, 4], [2, 2, 4]), tf.math.confusion_matrix([[1], [0]], [1, 1]))
print(tf.math.confusion_matrix([1, 2, 4], [2, 2, 4], num_classes=5, weights=[1.0, 2.0, 3.0], dtype=tf.float32))
show_error("confusion_matrix out of bound", lambda: tf.math.confusion_matrix([1, 2, 4], [2, 2, 4], num_classes=3))
show_error("confusion_matrix negative", lambda: tf.math.confusion_matrix([1, -2, 4], [2, 2, 4]))
show_error("confusion_matrix weights", lambda: tf.math.confusion_matrix([1, 2], [2, 2], weights=[1.0, 2.0, 3.0]))
scores = tf.constant([[0.1, 0.9, 0.5], [0.3, 0.3, 0.2]])
print(tf.math.in_top_k([1, 0], scores, 1), tf.math.in_top_k(targets=[2, 2], predictions=scores, k=2))
print(tf.nn.in_top_k(tf.constant([2, 5], tf.int64), scores, 2), tf.math.in_top_k([1, 0], tf.constant([[1.0, np.nan], [3.0, 4.0]]), 1))
show_error("in_top_k batch", lambda: tf.math.in_top_k([1], scores, 1))
print(rounded(tf.math.cumulative_logsumexp([1.0, 2.0, 3.0])),
      rounded(tf.math.cumulative_logsumexp([[1.0, 2.0, 3.0], [0.0, -inf, 5.0]], axis=1, exclusive=True, reverse=True)))

with tf.GradientTape(persistent=True) as tape:
    tape.watch(data)
    outs = [tf.math.segment_max(tf.constant([[1.0, 3.0], [3.0, 3.0], [2.0, 0.0]]) * data, [0, 0, 1]),
            tf.math.unsorted_segment_prod(data, [1, 1, -1], 2), tf.math.unsorted_segment_sqrt_n(data, [0, 0, 1], 2),
            tf.reduce_logsumexp(data, axis=0), tf.math.reduce_std(data), tf.math.l2_normalize(data, 1),
            tf.add_n([data, data * data]), tf.math.cumulative_logsumexp(data, axis=1, reverse=True),
            tf.math.confusion_matrix([0, 1, 1], [1, 1, 0], weights=data[:, 0], dtype=tf.float32)]
for out in outs:
    print(rounded(tape.gradient(out, data)))


@tf.function(input_signature=[tf.TensorSpec([None, 2]), tf.TensorSpec([None], tf.int32)])
def traced(values, ids):
    results = [tf.math.segment_sum(values, ids), tf.math.unsorted_segment_sum(values, ids, 4),
               tf.math.reduce_logsumexp(values, 1), tf.math.count_nonzero(values, 1), tf.add_n([values, values])]
    print("traced shapes", [r.shape for r in results])
    return results


print([rounded(r) for r in traced(data, tf.constant([0, 0, 3]))])
