"""Iterators over Python generators left alive when the program ends: a prefetching one, a
parallel map over one, one half read in a loop, and a prefetched map calling tf.py_function. The interpreter's shutdown stops their
background threads, which wait for the GIL, and the program exits normally (TensorFlow's own run
of it aborts or hangs at exit about one time in ten on a loaded machine)."""
# compare: TensorFlow's exit is unreliable here
from harness import tf


def numbers():
    for i in range(1000):
        yield i


signature = tf.TensorSpec([], tf.int64)
prefetching = iter(tf.data.Dataset.from_generator(numbers, output_signature=signature).prefetch(4))
print(next(prefetching), next(prefetching))
mapped = iter(tf.data.Dataset.from_generator(numbers, output_signature=signature)
              .map(lambda x: x * 2, num_parallel_calls=2).prefetch(2))
print(next(mapped))
batches = iter(tf.data.Dataset.from_generator(numbers, output_signature=signature).batch(10).prefetch(1))
for _, batch in zip(range(3), batches):
    print(batch.numpy().tolist()[:3])
py_mapped = iter(tf.data.Dataset.range(1000).map(lambda x: tf.py_function(lambda v: v * 3, [x], tf.int64)).prefetch(4))
print(next(py_mapped))
