"""tf.math's segment reductions, add_n, the composite reductions, count_nonzero, zero_fraction and
l2_normalize under TensorFlow's module paths (tf.math, tf.nn, tf.linalg, top level), with their
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

with tf.GradientTape(persistent=True) as tape:
    tape.watch(data)
    outs = [tf.math.segment_max(tf.constant([[1.0, 3.0], [3.0, 3.0], [2.0, 0.0]]) * data, [0, 0, 1]),
            tf.math.unsorted_segment_prod(data, [1, 1, -1], 2), tf.math.unsorted_segment_sqrt_n(data, [0, 0, 1], 2),
            tf.reduce_logsumexp(data, axis=0), tf.math.reduce_std(data), tf.math.l2_normalize(data, 1),
            tf.add_n([data, data * data])]
for out in outs:
    print(rounded(tape.gradient(out, data)))


@tf.function(input_signature=[tf.TensorSpec([None, 2]), tf.TensorSpec([None], tf.int32)])
def traced(values, ids):
    results = [tf.math.segment_sum(values, ids), tf.math.unsorted_segment_sum(values, ids, 4),
               tf.math.reduce_logsumexp(values, 1), tf.math.count_nonzero(values, 1), tf.add_n([values, values])]
    print("traced shapes", [r.shape for r in results])
    return results


print([rounded(r) for r in traced(data, tf.constant([0, 0, 3]))])
