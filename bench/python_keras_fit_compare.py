"""The main job from Python against the same job in C++: Fashion-MNIST's MLP trained by tfpp's
Keras fit from examples/python/fashion_mnist.py (import tfpp as tf) and from examples/fashion_mnist
(C++), run alternately, each in its own process. Reported per run and as medians: the fit call's
wall time and the process' CPU time during it (the fairer measure on a loaded machine), and the
Python/C++ ratios (issue 15's aim: the Python main job within 10 % of the C++ one).

Usage: .venv-tfpp/bin/python bench/python_keras_fit_compare.py [--build build] [--epochs 2] [--reps 3]
       [--threads N]  (TF_NUM_INTRAOP_THREADS for both sides; default: the library's default)
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

FIT_LINE = re.compile(r"fit: \d+ epochs in ([\d.]+) s \([\d.]+ epochs/s\), CPU ([\d.]+) s")


def fit_seconds(cmd, env):
    """(wall, CPU) seconds of the fit call that `cmd` reports, and its test accuracy."""
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout
    m = FIT_LINE.search(out)
    accuracy = float(re.search(r"test accuracy ([\d.]+)", out).group(1))
    return float(m.group(1)), float(m.group(2)), accuracy


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default="build")
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--threads", type=int)
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ)
    if args.threads:
        env.update(TF_NUM_INTRAOP_THREADS=str(args.threads), OMP_NUM_THREADS=str(args.threads))
    sides = {
        "C++ (examples/fashion_mnist)": [os.path.join(args.build, "examples", "fashion_mnist"), "--epochs",
                                         str(args.epochs)],
        "Python (examples/python/fashion_mnist.py)": [sys.executable, os.path.join(root, "examples", "python",
                                                                                   "fashion_mnist.py"),
                                                      "--epochs", str(args.epochs)],
    }
    runs = {name: [] for name in sides}
    print("| side | run | fit wall s | fit CPU s | test accuracy |")
    print("| --- | --- | --- | --- | --- |", flush=True)
    for rep in range(args.reps):
        for name, cmd in sides.items():
            wall, cpu, accuracy = fit_seconds(cmd, env)
            runs[name].append((wall, cpu))
            print("| %s | %d | %.2f | %.2f | %.4f |" % (name, rep + 1, wall, cpu, accuracy), flush=True)
    print("\nMedians over %d runs of %d epochs (load average %.1f at the end):" % (args.reps, args.epochs,
                                                                                os.getloadavg()[0]))
    medians = {name: (statistics.median(w for w, _ in r), statistics.median(c for _, c in r)) for name, r in runs.items()}
    for name, (wall, cpu) in medians.items():
        print("| %s | %.2f s wall | %.2f s CPU |" % (name, wall, cpu))
    (cpp_wall, cpp_cpu), (py_wall, py_cpu) = medians.values()
    print("Python / C++: %.3f wall, %.3f CPU" % (py_wall / cpp_wall, py_cpu / cpp_cpu))


if __name__ == "__main__":
    main()
