"""Serving latency, tfpp beside TensorFlow 2.21: the main job's Keras model (Reshape 784 -> Dense
100 relu -> Dense 100 relu -> Dense 10) exported by Keras 3 as a SavedModel (model.export), loaded
by tf.saved_model.load in TensorFlow and by tf::saved_model::load in tfpp
(bench/serving_latency.cc), its serving_default signature called on one batch of 1 and of 128
rows. Each side runs in its own process, the sides alternating, --runs processes per side and
batch size, each doing --warmup untimed calls and then --reps timed ones (the result read back
to the host each time). Prints the medians per call of real time and of the process's CPU time
(every thread), the ratios tfpp/TensorFlow, and the load average before and after.

Usage: .venv-ref/bin/python bench/serving_compare.py [--build build] [--runs 3] [--reps 200]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

PEER = r'''
import os, sys, time
os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
import numpy as np
import tensorflow as tf
directory, batch, warmup, reps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
serve = tf.saved_model.load(directory).signatures["serving_default"]
(name, spec), = serve.structured_input_signature[1].items()
shape = [batch] + spec.shape.as_list()[1:]
x = tf.constant((np.arange(int(np.prod(shape))) % 255 / 255.0).astype(np.float32).reshape(shape))
for _ in range(warmup):
    serve(**{name: x})
for _ in range(reps):
    start, cpu_start = time.perf_counter(), time.process_time()
    out = serve(**{name: x})
    next(iter(out.values())).numpy()
    print("%.9f %.9f" % (time.perf_counter() - start, time.process_time() - cpu_start))
'''

EXPORT = r'''
import os, sys
os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
import keras
keras.utils.set_random_seed(0)
model = keras.Sequential([keras.Input((28, 28)), keras.layers.Reshape((784,)),
                          keras.layers.Dense(100, activation="relu"), keras.layers.Dense(100, activation="relu"),
                          keras.layers.Dense(10)])
model.export(sys.argv[1], verbose=False)
'''


def run(command):
    """Runs one side; returns its (wall, cpu) pairs."""
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return [tuple(float(v) for v in line.split()) for line in out.splitlines() if line.strip()]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default="build")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--reps", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=20)
    args = parser.parse_args()
    tool = os.path.join(args.build, "bench", "serving_latency")
    with tempfile.TemporaryDirectory() as directory:
        model = os.path.join(directory, "main_job")
        subprocess.run([sys.executable, "-c", EXPORT, model], check=True, capture_output=True)
        print("load average before: %.1f %.1f %.1f" % os.getloadavg(), flush=True)
        print("| batch | side | real time (µs, median) | CPU time (µs, median) |")
        print("| --- | --- | --- | --- |")
        medians = {}
        for batch in (1, 128):
            times = {"tfpp": [], "TensorFlow 2.21": []}
            common = [model, str(batch), str(args.warmup), str(args.reps)]
            for _ in range(args.runs):
                times["tfpp"] += run([tool] + common)
                times["TensorFlow 2.21"] += run([sys.executable, "-c", PEER] + common)
            for side, pairs in times.items():
                wall = statistics.median(p[0] for p in pairs) * 1e6
                cpu = statistics.median(p[1] for p in pairs) * 1e6
                medians[batch, side] = (wall, cpu)
                print("| %d | %s | %.1f | %.1f |" % (batch, side, wall, cpu), flush=True)
        for batch in (1, 128):
            ours, theirs = medians[batch, "tfpp"], medians[batch, "TensorFlow 2.21"]
            print("batch %d: tfpp / TensorFlow = %.2fx real time, %.2fx CPU time" %
                  (batch, ours[0] / theirs[0], ours[1] / theirs[1]))
        print("load average after: %.1f %.1f %.1f" % os.getloadavg())


if __name__ == "__main__":
    main()
