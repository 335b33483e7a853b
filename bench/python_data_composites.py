"""tf.data with ragged and padded elements from Python: tfpp's Python package against TensorFlow 2.21.

  SlicesOfRagged   one pass over Dataset.from_tensor_slices of a RaggedTensor of 5000 rows (0-19 values)
  SlicesBatch32    the same, batched by 32 (RaggedTensor batches)
  RaggedBatch32    Dataset.range(5000).map(lambda n: tf.range(n % 20)).ragged_batch(32), one pass
  PaddedBatch32    the same elements through padded_batch(32)

Times are per pass. tfpp runs from .venv-tfpp with this tree's build/python first on its path,
TensorFlow from .venv-ref; every side runs with 1
and 2 intra-op threads and its fastest median counts; runs are interleaved (every side and thread
count once, then again, --reps times). Prints a Markdown table: medians, their spread
((max - min) / median) and the ratio tfpp / TensorFlow (below 1: tfpp is faster).

Usage: .venv-ref/bin/python bench/python_data_composites.py [--reps 5] [--tfpp-python .venv-tfpp/bin/python]
"""
import os
import sys
import time

import python_side_by_side

BENCHMARKS = ["SlicesOfRagged", "SlicesBatch32", "RaggedBatch32", "PaddedBatch32"]
SIDES = ["tfpp", "TensorFlow"]
ROWS = 5000


def time_per_pass(dataset):
    """Seconds for one pass over `dataset` (the fastest of three, after a warm-up pass)."""
    for _ in dataset:
        pass
    best = None
    for _ in range(3):
        start = time.perf_counter()
        for _ in dataset:
            pass
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


def worker(side, threads):
    if side == "TensorFlow":
        import tensorflow as tf

        tf.config.threading.set_intra_op_parallelism_threads(threads)
    else:
        os.environ["TF_NUM_INTRAOP_THREADS"] = str(threads)
        import tfpp as tf
    lengths = [(i * 7) % 20 for i in range(ROWS)]
    rows = tf.RaggedTensor.from_row_lengths(tf.range(sum(lengths)), lengths)
    counts = tf.data.Dataset.range(ROWS).map(lambda n: tf.range(n % 20))
    return {
        "SlicesOfRagged": time_per_pass(tf.data.Dataset.from_tensor_slices(rows)),
        "SlicesBatch32": time_per_pass(tf.data.Dataset.from_tensor_slices(rows).batch(32)),
        "RaggedBatch32": time_per_pass(counts.ragged_batch(32)),
        "PaddedBatch32": time_per_pass(counts.padded_batch(32)),
    }


if __name__ == "__main__":
    sys.exit(python_side_by_side.main(__file__, BENCHMARKS, SIDES, worker, unit="per pass", tfpp_from_build=True))
