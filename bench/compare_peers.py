"""Side-by-side benchmarks: tfpp against its peers, in one run.

For every benchmark program bench/<group>_bench.cc of tfpp, the peers do the same work under the
same Google Benchmark names:

  TF eager, tf.function   TensorFlow 2.21's Python front end (bench/peers/python_peers.py)
  TF C API                TensorFlow 2.21's C eager API, TFE_Execute, from C++ (bench/peers/tfe/)
  libtorch                PyTorch 2.13's C++ API (bench/peers/torch/)
  PyTorch                 PyTorch 2.13's Python front end (bench/peers/python_peers.py)

The peers come from the reference environment .venv-ref (scripts/make_reference_env.sh); their C++
programs build in <build>-peers, outside the main build. Every side runs with 1 and 2 intra-op
threads (TensorFlow with oneDNN on, TF_ENABLE_ONEDNN_OPTS=1) and its fastest median counts. The
runs are interleaved (every side and thread count once, then again, --reps times), so that a burst
of load on the shared machine hits all sides alike. Prints one Markdown table per program: medians,
their spread ((max - min) / median over the runs), and the ratio tfpp / peer (below 1: tfpp is
faster), in real time and in process CPU time.

Real time measures the scheduler as much as the code on a loaded machine (the shared 2-core
machine often runs other builds), so every side also reports its process CPU time per call (all
of its threads; Google Benchmark's MeasureProcessCPUTime, Python's time.process_time): a side that
waits for the CPU is not charged for it. A cell's "cpu" is the median CPU time of the side's
configuration that used the least CPU (usually 1 thread), and its ratio tfpp / peer compares those.
Google Benchmark names such benchmarks ".../process_time"; tables and --json leave that out.

Usage: .venv-ref/bin/python bench/compare_peers.py [--build build] [--reps 5] [--filter REGEX]
           [--groups eager,function,...] [--json results.json] [--no-build]
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GROUPS = ["eager", "function", "train_step", "autodiff", "reduce_linalg", "nn", "data"]
THREADS = (1, 2)
# column -> (side, the variants it takes or None for any); the order of the table's columns.
COLUMNS = {
    "TF eager": ("tf", ("eager",)),
    "tf.function": ("tf", ("function", "xla")),
    "TF C API": ("tfe", None),
    "libtorch": ("torch_cpp", None),
    "PyTorch": ("torch_py", None),
}
TENSORFLOW_COLUMNS = ("TF eager", "tf.function", "TF C API")
TORCH_COLUMNS = ("libtorch", "PyTorch")


def env_for(threads):
    env = dict(os.environ)
    env.update(TF_NUM_INTRAOP_THREADS=str(threads), OMP_NUM_THREADS=str(threads), TF_ENABLE_ONEDNN_OPTS="1",
               TF_CPP_MIN_LOG_LEVEL="2")
    if threads > 1 and "OMP_WAIT_POLICY" not in env:
        # PyTorch's OpenMP (libgomp) workers spin after each parallel region by default: on a loaded
        # machine a region then waits for a preempted spinning worker, and a 2-thread run of the
        # reductions took minutes. Only PyTorch uses OpenMP's pool here (tfpp and TensorFlow have
        # their own), so this configures PyTorch alone.
        env["OMP_WAIT_POLICY"] = "PASSIVE"
    return env


def plain_name(name):
    """A benchmark's name without the "/process_time" Google Benchmark adds for process CPU time."""
    return name.replace("/process_time", "")


def run_gbench(binary, regex, threads):
    """(name, variant, (real ns, process CPU ns)) of each benchmark of a Google Benchmark program, from one run."""
    out = subprocess.run(
        [str(binary), "--benchmark_format=json", f"--benchmark_filter={regex}", "--benchmark_min_time=0.2",
         "--benchmark_enable_random_interleaving=true"],
        check=True, capture_output=True, text=True, env=env_for(threads)).stdout
    if not out.strip():  # the filter matched nothing in this program
        return []
    scale = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}
    return [(plain_name(b["run_name"]), None,
             (b["real_time"] * scale[b["time_unit"]], b["cpu_time"] * scale[b["time_unit"]]))
            for b in json.loads(out)["benchmarks"] if b.get("run_type") == "iteration"]


class PythonPeer:
    """A running bench/peers/python_peers.py for one side ("tf" or "torch") and thread count: started
    once (importing TensorFlow takes seconds), asked for one filter at a time."""

    def __init__(self, side, threads, log_dir):
        self.side, self.threads = side, threads
        self.log = log_dir / f"python_peers_{side}_{threads}_{os.getpid()}.log"  # the peer's messages
        self.log.write_text("")
        self.start()

    def start(self):
        with open(self.log, "a") as log:
            self.process = subprocess.Popen(
                [sys.executable, str(ROOT / "bench/peers/python_peers.py"), "--side", self.side, "--threads",
                 str(self.threads), "--serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, text=True,
                env=env_for(self.threads))

    def run(self, regex):
        """(name, variant, (real ns, process CPU ns)) of each twin that `regex` matches, from one run.
        If the peer dies, the results it gave count, and it restarts for the next run."""
        self.process.stdin.write(regex + "\n")
        self.process.stdin.flush()
        results = []
        for line in self.process.stdout:
            if line.strip() == "END":
                return results
            record = json.loads(line)
            results.append((record["name"], record["variant"], (record["ns"], record["cpu_ns"])))
        print(f"python_peers.py ({self.side}, {self.threads} thread(s)) exited with {self.process.wait()}; "
              f"see {self.log}; restarting it", file=sys.stderr, flush=True)
        self.start()
        return results

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def benchmark_names(binary, regex):
    out = subprocess.run([str(binary), "--benchmark_list_tests", f"--benchmark_filter={regex}"],
                         check=True, capture_output=True, text=True).stdout
    return out.split()


def natural_key(name):
    """Sort key that orders the numbers inside benchmark names by value (64 before 256)."""
    return [int(part) if re.fullmatch(r"-?\d+", part) else part for part in re.split(r"(-?\d+)", name)]


def measure_group(group, args, build, peer_build, python_peers):
    """samples[(side, threads, name, variant)] -> [(real ns, CPU ns), ...] for one benchmark program, interleaved
    (names without "/process_time")."""
    ours = build / "bench" / f"{group}_bench"
    names = benchmark_names(ours, args.filter)
    if not names:
        return names, {}
    # Escapes only what both Python's and Google Benchmark's (std::regex) syntax treat as special:
    # std::regex rejects re.escape's "\:".
    def exact_of(names):
        return "^(" + "|".join(re.sub(r"([.^$*+?()\[\]{}|\\])", r"\\\1", n) for n in names) + ")$"

    exact = exact_of(names)  # Google Benchmark's names, "/process_time" and all
    plain = exact_of(plain_name(n) for n in names)  # the Python peers' names
    names = [plain_name(n) for n in names]
    runners = [("tfpp", lambda t: run_gbench(ours, exact, t))]
    for side, program in (("tfe", peer_build / f"tfe_{group}_bench"), ("torch_cpp", peer_build / f"torch_{group}_bench")):
        if program.exists():
            runners.append((side, lambda t, program=program: run_gbench(program, exact, t)))
    runners += [(side, lambda t, side=side: python_peers[side, t].run(plain)) for side in ("tf", "torch_py")]
    samples = {}
    for rep in range(args.reps):
        for side, run in runners:
            for threads in THREADS:
                started = time.monotonic()
                for name, variant, times in run(threads):
                    samples.setdefault((side, threads, name, variant), []).append(times)
                print(f"  {group} round {rep + 1}/{args.reps}: {side}, {threads} thread(s), "
                      f"{time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
        # The table so far, for a long run stopped early.
        print("\n".join(table(group, names, samples)[0]) + "\n", file=sys.stderr, flush=True)
    return names, samples


def best(samples, side, name, variant=None, cpu=False):
    """(median, spread, threads, variant) of the thread count and variant of `side` with the lowest
    median real time (with `cpu`, process CPU time), or None."""
    found = None
    for (s, threads, n, v), times in samples.items():
        if s != side or n != name or (variant is not None and v not in variant):
            continue
        values = [t[1 if cpu else 0] for t in times]
        median = statistics.median(values)
        if found is None or median < found[0]:
            found = (median, (max(values) - min(values)) / median if median else 0, threads, v)
    return found


def fmt_time(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}" if ns < 100 * scale else f"{ns / scale:.0f} {unit}"
    return f"{ns:.3g} ns"


def table(group, names, samples):
    """The Markdown table of one program, and name -> {column: ratio} for the summary."""
    lines = [f"| {group} | tfpp | " + " | ".join(COLUMNS) + " |", "| --- " * (len(COLUMNS) + 2) + "|"]
    ratios = {}
    for name in sorted(names, key=natural_key):
        ours, ours_cpu = best(samples, "tfpp", name), best(samples, "tfpp", name, cpu=True)
        if ours is None:
            continue
        row = [name.removesuffix("/real_time"),
               f"{fmt_time(ours[0])} ±{ours[1]:.0%} ({ours[2]}t); cpu {fmt_time(ours_cpu[0])} ({ours_cpu[2]}t)"]
        ratios[name] = {}
        for column, (side, variant) in COLUMNS.items():
            peer, peer_cpu = best(samples, side, name, variant), best(samples, side, name, variant, cpu=True)
            if peer is None:
                row.append("—")
                continue
            ratio, cpu_ratio = ours[0] / peer[0], ours_cpu[0] / peer_cpu[0] if peer_cpu[0] else float("nan")
            ratios[name][column] = (ratio, cpu_ratio)
            label = f", {peer[3]}" if peer[3] in ("jit.script", "jit.trace", "xla") else ""
            row.append(f"{fmt_time(peer[0])} ±{peer[1]:.0%} ({peer[2]}t{label}) → **{ratio:.2f}**; "
                       f"cpu {fmt_time(peer_cpu[0])} ({peer_cpu[2]}t) → **{cpu_ratio:.2f}**")
        lines.append("| " + " | ".join(row) + " |")
    return lines, ratios


def summary(ratios):
    """tfpp / the fastest TensorFlow peer and tfpp / the fastest PyTorch peer, per benchmark, in real
    time and in process CPU time."""
    lines = ["| benchmark | tfpp / best TensorFlow | tfpp / best PyTorch | CPU: tfpp / best TensorFlow | "
             "CPU: tfpp / best PyTorch |", "| --- | --- | --- | --- | --- |"]
    for name, by_column in ratios.items():
        cells = []
        for index in (0, 1):
            for columns in (TENSORFLOW_COLUMNS, TORCH_COLUMNS):
                present = [(by_column[c][index], c) for c in columns if c in by_column]
                # the fastest peer gives the largest ratio
                cells.append(f"{max(present)[0]:.2f} ({max(present)[1]})" if present else "—")
        lines.append(f"| {name.removesuffix('/real_time')} | " + " | ".join(cells) + " |")
    return lines


def build_all(build, peer_build):
    targets = [f"{g}_bench" for g in GROUPS]
    subprocess.run(["cmake", "--build", str(build), "-j2", "--target", *targets], check=True, stdout=subprocess.DEVNULL)
    site = sysconfig.get_paths()["purelib"]
    subprocess.run(["cmake", "-S", str(ROOT / "bench/peers"), "-B", str(peer_build), "-G", "Ninja",
                    f"-DTFPP_PEER_SITE={site}"], check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "--build", str(peer_build), "-j2"], check=True, stdout=subprocess.DEVNULL)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default="build", help="tfpp build directory (Release, benchmarks on)")
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--filter", default=".", help="benchmark name regex")
    parser.add_argument("--groups", default=",".join(GROUPS), help="comma-separated programs (bench/<group>_bench)")
    parser.add_argument("--json", help="also write every sample here")
    parser.add_argument("--no-build", action="store_true", help="run the programs already built")
    args = parser.parse_args()

    build = ROOT / args.build
    peer_build = ROOT / (args.build + "-peers")
    if not args.no_build:
        build_all(build, peer_build)

    load_before = os.getloadavg()
    started = time.strftime("%Y-%m-%d %H:%M")
    all_ratios, dump = {}, []
    peer_build.mkdir(exist_ok=True)
    python_peers = {(side, t): PythonPeer(side.removesuffix("_py"), t, peer_build) for side in ("tf", "torch_py")
                    for t in THREADS}
    for group in args.groups.split(","):
        names, samples = measure_group(group, args, build, peer_build, python_peers)
        if not samples:
            continue
        lines, ratios = table(group, names, samples)
        all_ratios.update(ratios)
        print("\n".join(lines) + "\n", flush=True)
        dump += [{"side": s, "threads": t, "name": n, "variant": v, "ns": [real for real, _ in times],
                  "cpu_ns": [cpu for _, cpu in times]} for (s, t, n, v), times in samples.items()]
    for peer in python_peers.values():
        peer.close()
    print("\n".join(summary(all_ratios)))
    load_after = os.getloadavg()
    print(f"\nStarted {started}, {args.reps} interleaved rounds; load average "
          f"{load_before[0]:.1f} at the start, {load_after[0]:.1f} at the end. Cells: median ±spread "
          "(thread count of the fastest configuration) → tfpp / peer; cpu: median process CPU time of the "
          "configuration using the least CPU → tfpp / peer.")
    if args.json:
        Path(args.json).write_text(json.dumps({"started": started, "load": [load_before, load_after], "samples": dump}))


if __name__ == "__main__":
    main()
