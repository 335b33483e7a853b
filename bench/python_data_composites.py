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
import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
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


def fmt(seconds):
    for unit, scale in (("s", 1), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return "%.3g %s" % (seconds / scale, unit)
    return "%.3g ns" % (seconds / 1e-9)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--tfpp-python", default=str(ROOT / ".venv-tfpp/bin/python"))
    parser.add_argument("--reference-python", default=str(ROOT / ".venv-ref/bin/python"))
    parser.add_argument("--worker", choices=SIDES)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker, args.threads)))
        return 0

    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
    runs = {}  # (side, threads) -> benchmark -> [seconds]
    for _ in range(args.reps):
        for side in SIDES:
            python = args.tfpp_python if side == "tfpp" else args.reference_python
            # tfpp as this tree builds it (build/python), ahead of the one installed in the venv.
            side_env = dict(env, PYTHONPATH=str(ROOT / "build/python")) if side == "tfpp" else env
            for threads in (1, 2):
                out = subprocess.run([python, __file__, "--worker", side, "--threads", str(threads)], env=side_env,
                                     check=True, capture_output=True, text=True).stdout
                for name, seconds in json.loads(out.strip().splitlines()[-1]).items():
                    runs.setdefault((side, threads), {}).setdefault(name, []).append(seconds)

    def best(side, name):
        """(median, spread, threads) of the thread count with the lowest median."""
        options = []
        for threads in (1, 2):
            samples = runs[(side, threads)][name]
            median = statistics.median(samples)
            options.append((median, (max(samples) - min(samples)) / median, threads))
        return min(options)

    print("| per pass | tfpp | TensorFlow |")
    print("| --- | --- | --- |")
    for name in BENCHMARKS:
        mine, peer = best("tfpp", name), best("TensorFlow", name)
        print("| %s | %s ±%d%% (%dt) | %s ±%d%% (%dt) → **%.2f** |" % (
            name, fmt(mine[0]), round(100 * mine[1]), mine[2], fmt(peer[0]), round(100 * peer[1]), peer[2],
            mine[0] / peer[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
