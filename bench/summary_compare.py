"""Summaries side by side: tfpp (bench/summary_bench.cc) against TensorFlow 2.21's tf.summary on
the same work, in one run (interleaved repetitions, medians, spread, ratio tfpp / TensorFlow, as
compare_peers.py reports).

  scalars      scalar summaries ("loss" = the step as float32), then a flush: eagerly, one call
               each, and inside one function looping over tf.range (TensorFlow's fastest way)
  histograms   histograms of one 262144-value float32 tensor (1 MB), then a flush: eagerly, and
               each by a call of a function taking the tensor
  train step   the docs' MLP step at batch 32 (train_step_bench.cc), eagerly and traced, writing
               nothing, the loss as a scalar, or the loss and a histogram of each of the 6 weights,
               at every step

Each cell has the real time and the process CPU time (every thread's: Google Benchmark's
MeasureProcessCPUTime, Python's time.process_time), whose ratio holds on a loaded machine where the
real time's does not. Scalars and histograms are reported per summary (TensorFlow's eager calls, 10-100x slower, run a
hundredth of the scalars and a tenth of the histograms); train steps per step. TensorFlow runs with its default
thread pools, tfpp with its own; each side writes its own files in a fresh folder in /tmp.

--steps-only runs the train-step rows alone (the aim that a step with a loss summary is at most 5 %
slower than without), so more repetitions fit in the time the whole table takes; the load average
is printed before and after.

Usage: .venv-ref/bin/python bench/summary_compare.py [--build build] [--reps 3]
           [--scalars 1000000] [--histograms 1000] [--steps 200] [--steps-only] [--no-build]
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODES = ("eager", "traced")
SUMMARIES = ("nothing", "loss", "loss + 6 histograms")


def run_tfpp(binary, scalars, histograms, steps_only):
    """(real, process CPU) seconds per summary and per train step, keyed as TensorFlowSide.run's results."""
    env = dict(os.environ, TFPP_SUMMARY_SCALARS=str(scalars), TFPP_SUMMARY_HISTOGRAMS=str(histograms))
    # Three repetitions of each benchmark in random order, so load bursts spread over all of them.
    out = subprocess.run([str(binary), "--benchmark_format=json", "--benchmark_min_time=0.5",
                          "--benchmark_repetitions=3", "--benchmark_enable_random_interleaving=true"] +
                         (["--benchmark_filter=BM_TrainStep"] if steps_only else []),
                         check=True, capture_output=True, text=True, env=env).stdout
    scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1}
    times = {b["run_name"].replace("/process_time", ""): (b["real_time"] * scale[b["time_unit"]],
                                                         b["cpu_time"] * scale[b["time_unit"]])
             for b in json.loads(out)["benchmarks"] if b.get("aggregate_name") == "median"}

    def per(times_pair, count):
        return tuple(t / count for t in times_pair)

    result = {}
    for t, mode in enumerate(MODES):
        if not steps_only:
            result[("scalar", mode)] = per(
                times[f"BM_ScalarSummaries/count:{scalars}/traced:{t}/iterations:1/real_time"], scalars)
            result[("histogram", mode)] = per(
                times[f"BM_HistogramSummaries/count:{histograms}/traced:{t}/iterations:1/real_time"], histograms)
        for s, what in enumerate(SUMMARIES):
            result[("step", mode, what)] = times[f"BM_TrainStep/traced:{t}/summaries:{s}/real_time"]
    return result


class TensorFlowSide:
    def __init__(self):
        os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
        import tensorflow as tf
        self.tf = tf
        self.dirs = []

    def _writer(self):
        self.dirs.append(tempfile.mkdtemp(prefix="tf_summary_bench_"))
        return self.tf.summary.create_file_writer(self.dirs[-1])

    def remove_files(self):
        for d in self.dirs:
            shutil.rmtree(d, ignore_errors=True)
        self.dirs = []

    def scalars(self, n, traced):
        tf = self.tf
        writer = self._writer()

        @tf.function
        def write_all(count):
            for step in tf.range(count):
                tf.summary.scalar("loss", tf.cast(step, tf.float32), step=step)

        with writer.as_default():
            if traced:
                write_all(tf.constant(1, tf.int64))  # traces
            start, cpu_start = time.perf_counter(), time.process_time()
            if traced:
                write_all(tf.constant(n, tf.int64))
            else:
                for step in range(n):
                    tf.summary.scalar("loss", tf.constant(float(step)), step=step)
            writer.flush()
            elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
        writer.close()
        return elapsed / n, cpu / n

    def histograms(self, m, traced):
        tf = self.tf
        writer = self._writer()
        data = tf.random.normal([262144], seed=1)
        write_one = tf.function(lambda values, step: tf.summary.histogram("weights", values, step=step))
        with writer.as_default():
            if traced:
                write_one(data, tf.constant(0, tf.int64))  # traces
            start, cpu_start = time.perf_counter(), time.process_time()
            for step in range(m):
                if traced:
                    write_one(data, tf.constant(step, tf.int64))
                else:
                    tf.summary.histogram("weights", data, step=step)
            writer.flush()
            elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
        writer.close()
        return elapsed / m, cpu / m

    def train_step(self, traced, summaries, steps):
        tf = self.tf
        x = tf.random.uniform([32, 784], seed=1)
        labels = tf.random.uniform([32], 0, 10, dtype=tf.int32, seed=2)
        variables = [tf.Variable(tf.random.normal([784, 100], stddev=0.05, seed=3), name="dense/kernel"),
                     tf.Variable(tf.zeros([100]), name="dense/bias"),
                     tf.Variable(tf.random.normal([100, 100], stddev=0.1, seed=4), name="dense_1/kernel"),
                     tf.Variable(tf.zeros([100]), name="dense_1/bias"),
                     tf.Variable(tf.random.normal([100, 10], stddev=0.1, seed=5), name="dense_2/kernel"),
                     tf.Variable(tf.zeros([10]), name="dense_2/bias")]
        counter = tf.Variable(0, dtype=tf.int64, trainable=False)

        def step(xs, ys):
            with tf.GradientTape() as tape:
                h = tf.nn.relu(xs @ variables[0] + variables[1])
                h = tf.nn.relu(h @ variables[2] + variables[3])
                logits = h @ variables[4] + variables[5]
                loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(ys, logits))
            for v, g in zip(variables, tape.gradient(loss, variables)):
                v.assign_sub(0.01 * g)
            if summaries >= 1:
                tf.summary.scalar("loss", loss, step=counter)
            if summaries >= 2:
                for v in variables:
                    tf.summary.histogram(v.name.split(":")[0], v, step=counter)
            counter.assign_add(1)
            return loss

        run = tf.function(step) if traced else step
        writer = self._writer()
        with writer.as_default():
            run(x, labels)  # traces
            start, cpu_start = time.perf_counter(), time.process_time()
            for _ in range(steps):
                run(x, labels)
            elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
        writer.close()
        return elapsed / steps, cpu / steps

    def run(self, scalars, histograms, steps, steps_only):
        result = {}
        for t, mode in enumerate(MODES):
            if not steps_only:
                result[("scalar", mode)] = self.scalars(scalars if t else max(1, scalars // 100), bool(t))
                result[("histogram", mode)] = self.histograms(histograms if t else max(1, histograms // 10), bool(t))
            for s, what in enumerate(SUMMARIES):
                result[("step", mode, what)] = self.train_step(bool(t), s, steps)
        self.remove_files()
        return result


def summarize(values):
    median = statistics.median(values)
    spread = (max(values) - min(values)) / median if median else 0
    return median, spread


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default="build")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--scalars", type=int, default=1000000)
    parser.add_argument("--histograms", type=int, default=1000)
    parser.add_argument("--steps", type=int, default=200, help="TensorFlow's timed train steps per run")
    parser.add_argument("--steps-only", action="store_true", help="only the train-step rows")
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    build = ROOT / args.build
    if not args.no_build:
        subprocess.run(["cmake", "-S", str(ROOT), "-B", str(build), "-DTFPP_BUILD_BENCHMARKS=ON"], check=True,
                       capture_output=True)
        subprocess.run(["ninja", "-C", str(build), "-j2", "-l", "6", "summary_bench"], check=True)
    binary = build / "bench" / "summary_bench"
    print(f"load average before: {os.getloadavg()[0]:.1f}", flush=True)
    tf_side = TensorFlowSide()
    ours, theirs = {}, {}
    for rep in range(args.reps):  # interleaved: a burst of load hits both sides alike
        for side, result in ((ours, run_tfpp(binary, args.scalars, args.histograms, args.steps_only)),
                             (theirs, tf_side.run(args.scalars, args.histograms, args.steps, args.steps_only))):
            for key, value in result.items():
                side.setdefault(key, []).append(value)
        print(f"rep {rep + 1}/{args.reps} done", flush=True)

    def cell(values):
        median, spread = summarize(values)
        text = f"{median * 1e6:.3g} µs" if median < 1e-3 else f"{median * 1e3:.3g} ms"
        return f"{text} ±{spread:.0%}"

    def real(side, key):
        return [t[0] for t in side[key]]

    def cpu(side, key):
        return [t[1] for t in side[key]]

    print(f"load average after: {os.getloadavg()[0]:.1f}")
    print(f"\n{args.reps} interleaved runs; median ±spread (max − min over the median); CPU: process CPU time\n")
    print("| work | mode | tfpp | TensorFlow 2.21 | tfpp / TF | tfpp CPU | TF CPU | CPU tfpp / TF |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    rows = [] if args.steps_only else [(("scalar", m), "scalar summary", m) for m in MODES]
    rows += [] if args.steps_only else [(("histogram", m), "histogram of 1 MB", m) for m in MODES]
    rows += [(("step", m, w), f"MLP train step, {w}", m) for m in MODES for w in SUMMARIES]
    for key, label, mode in rows:
        a, b = statistics.median(real(ours, key)), statistics.median(real(theirs, key))
        ca, cb = statistics.median(cpu(ours, key)), statistics.median(cpu(theirs, key))
        print(f"| {label} | {mode} | {cell(real(ours, key))} | {cell(real(theirs, key))} | **{a / b:.2f}** | "
              f"{cell(cpu(ours, key))} | {cell(cpu(theirs, key))} | **{ca / cb:.2f}** |")
    print()
    for name, side in (("tfpp", ours), ("TensorFlow", theirs)):
        for mode in MODES:
            for measure, values in (("real", real), ("CPU", cpu)):
                base = statistics.median(values(side, ("step", mode, SUMMARIES[0])))
                extra = ", ".join(f"{w}: {statistics.median(values(side, ('step', mode, w))) / base - 1:+.1%}"
                                  for w in SUMMARIES[1:])
                print(f"{name}, {mode} step ({measure} time): summaries make it slower by {extra}")

if __name__ == "__main__":
    main()
