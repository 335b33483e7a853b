"""Checkpoint save and restore time, tfpp beside TensorFlow 2.21 (tf.train.Checkpoint.write /
read into the same objects), for the main job's model (Reshape 784 -> Dense 100 relu -> Dense
100 relu -> Dense 10 with Adam's two slots per weight: about 269,000 values) and a 100 MB model (25 float32
variables of 1000x1000). Each side runs in its own process; the sides alternate, and each run
does --reps save+restore pairs after one warm-up pair. Prints every side's median save and
restore time, the ratios tfpp/TensorFlow, and the load average before and after.

Usage: .venv-ref/bin/python bench/checkpoint_compare.py [--build build] [--runs 3] [--reps 5]
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
import tensorflow as tf
import keras
which, reps, directory = sys.argv[1], int(sys.argv[2]), sys.argv[3]
if which == "main":
    model = keras.Sequential([keras.Input((28, 28)), keras.layers.Reshape((784,)),
                              keras.layers.Dense(100, activation="relu"), keras.layers.Dense(100, activation="relu"),
                              keras.layers.Dense(10)])
    adam = keras.optimizers.Adam()
    adam.build(model.trainable_variables)
    checkpoint = tf.train.Checkpoint(model=model, optimizer=adam)
else:
    module = tf.Module()
    for i in range(25):
        setattr(module, "w%d" % i, tf.Variable(tf.random.normal([1000, 1000], seed=i)))
    checkpoint = tf.train.Checkpoint(module=module)
prefix = os.path.join(directory, "ckpt")
for _ in range(reps):
    start = time.perf_counter()
    checkpoint.write(prefix)
    save = time.perf_counter() - start
    start = time.perf_counter()
    checkpoint.read(prefix).assert_consumed()
    restore = time.perf_counter() - start
    print("%.6f %.6f" % (save, restore), flush=True)
'''


def run(command, reps):
    """Runs one side; returns its (save, restore) pairs after the warm-up pair."""
    with tempfile.TemporaryDirectory() as directory:
        out = subprocess.run(command + [str(reps + 1), directory], check=True, capture_output=True, text=True).stdout
    pairs = [tuple(float(v) for v in line.split()) for line in out.splitlines() if line.strip()]
    return pairs[1:]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default="build")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--reps", type=int, default=5)
    args = parser.parse_args()
    tool = os.path.join(args.build, "bench", "checkpoint_save_restore")
    load_before = os.getloadavg()
    print("load average before: %.1f %.1f %.1f" % load_before, flush=True)
    print("| model | side | save (ms, median) | restore (ms, median) |")
    print("| --- | --- | --- | --- |")
    medians = {}
    for which in ("main", "big"):
        times = {"tfpp": [], "TensorFlow 2.21": []}
        for _ in range(args.runs):
            times["tfpp"] += run([tool, which], args.reps)
            times["TensorFlow 2.21"] += run([sys.executable, "-c", PEER, which], args.reps)
        for side, pairs in times.items():
            save = statistics.median(p[0] for p in pairs) * 1e3
            restore = statistics.median(p[1] for p in pairs) * 1e3
            medians[which, side] = (save, restore)
            print("| %s | %s | %.2f | %.2f |" % (which, side, save, restore), flush=True)
    for which in ("main", "big"):
        ours, theirs = medians[which, "tfpp"], medians[which, "TensorFlow 2.21"]
        print("%s: save %.2fx, restore %.2fx of TensorFlow's time" % (which, ours[0] / theirs[0], ours[1] / theirs[1]))
    print("load average after: %.1f %.1f %.1f" % os.getloadavg())


if __name__ == "__main__":
    main()
