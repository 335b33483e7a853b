"""Per-op eager overhead from Python: tfpp's Python package against TensorFlow 2.21 and PyTorch 2.13
from Python, on the work of bench/eager_bench.cc.

  AddScalar        tf.add(a, b) of two 1-element float32 tensors: the cost of dispatching one op
  AddOperator      a + b, the same through the Python operator
  Chain100/16      25 x ((y * c + c) - c) / c on 16 elements: 100 small ops in a row
  Chain100/1000    the same on 1000 elements
  FunctionCall     a tf.function of one add, called with two 1-element tensors (no PyTorch peer)

tfpp runs from .venv-tfpp (scripts/make_python_env.sh, built with -DTFPP_BUILD_PYTHON=ON), the
peers from .venv-ref. Every side runs with 1 and 2 intra-op threads and its fastest median counts;
runs are interleaved (every side and thread count once, then again, --reps times) so that load on
the shared machine hits all sides alike. Prints a Markdown table: medians, their spread
((max - min) / median) and the ratio tfpp / peer (below 1: tfpp is faster).

Usage: .venv-ref/bin/python bench/python_front_end.py [--reps 5] [--tfpp-python .venv-tfpp/bin/python]
"""
import os
import sys
import time

import python_side_by_side

BENCHMARKS = ["AddScalar", "AddOperator", "Chain100/16", "Chain100/1000", "FunctionCall"]
SIDES = ["tfpp", "TensorFlow", "PyTorch"]


def time_per_call(fn, min_seconds=0.3):
    """Seconds per call of fn: calls in batches until a batch takes at least min_seconds."""
    for _ in range(3):
        fn()
    n = 1
    while True:
        start = time.perf_counter()
        for _ in range(n):
            fn()
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return elapsed / n
        n *= 4 if elapsed < min_seconds / 8 else 2


def chain(y, c):
    for _ in range(25):
        y = ((y * c + c) - c) / c
    return y


def worker(side, threads):
    results = {}
    if side == "PyTorch":
        import torch

        torch.set_num_threads(threads)
        a, b = torch.ones(1), torch.full((1,), 2.0)
        results["AddScalar"] = time_per_call(lambda: torch.add(a, b))
        results["AddOperator"] = time_per_call(lambda: a + b)
        for n in (16, 1000):
            x, c = torch.ones(n), torch.full((n,), 1.0001)
            results["Chain100/%d" % n] = time_per_call(lambda: chain(x, c))
        return results
    if side == "TensorFlow":
        import tensorflow as tf

        tf.config.threading.set_intra_op_parallelism_threads(threads)
    else:
        os.environ["TF_NUM_INTRAOP_THREADS"] = str(threads)
        import tfpp as tf
    a, b = tf.constant([1.0]), tf.constant([2.0])
    results["AddScalar"] = time_per_call(lambda: tf.add(a, b))
    results["AddOperator"] = time_per_call(lambda: a + b)
    for n in (16, 1000):
        x, c = tf.ones([n]), tf.fill([n], 1.0001)
        results["Chain100/%d" % n] = time_per_call(lambda: chain(x, c))
    add = tf.function(lambda x, y: x + y)
    results["FunctionCall"] = time_per_call(lambda: add(a, b))
    return results


if __name__ == "__main__":
    sys.exit(python_side_by_side.main(__file__, BENCHMARKS, SIDES, worker, env={"TF_ENABLE_ONEDNN_OPTS": "1"}))
