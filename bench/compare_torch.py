#!/usr/bin/python3
"""Side-by-side benchmarks: tfpp against PyTorch (libtorch C++ and Python), in one run.

For every benchmark binary bench/<name>_bench.cc of tfpp that has a twin
bench/torch/torch_<name>_bench.cc, both run with the same Google Benchmark names; the
Python front end runs the same work through timeit. The peer runs in each configuration
DESIGN.md asks for (1 and 2 threads; OpenBLAS's SkylakeX kernels on and off) and its
fastest median counts; tfpp runs with 1 and 2 threads alike and its fastest median counts too
(on a busy machine two OpenMP threads can be far slower than one). Prints a Markdown table of medians over --reps runs and ratios.
The runs are interleaved (tfpp, then each peer configuration, --reps times over), so that a
burst of load on the shared machine hits both sides alike.

Usage: bench/compare_torch.py [--build build] [--reps 5] [--filter REGEX]
Run with Debian's /usr/bin/python3 (which has python3-torch).
"""
import argparse
import itertools
import json
import os
import re
import statistics
import subprocess
import sys
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PEER_CONFIGS = [
    {"threads": t, "coretype": c} for t, c in itertools.product((1, 2), ("SkylakeX", None))
]
TFPP_CONFIGS = [{"threads": t, "coretype": None} for t in (1, 2)]


def env_for(config):
    env = dict(os.environ)
    env["OMP_NUM_THREADS"] = str(config["threads"])
    env.pop("OPENBLAS_CORETYPE", None)
    if config["coretype"]:
        env["OPENBLAS_CORETYPE"] = config["coretype"]
    return env


def run_gbench(binary, regex, env=None):
    """Real time in ns of each benchmark of a Google Benchmark binary, from one run."""
    out = subprocess.run(
        [str(binary), "--benchmark_format=json", f"--benchmark_filter={regex}", "--benchmark_min_time=0.2",
         "--benchmark_enable_random_interleaving=true"],
        check=True, capture_output=True, text=True, env=env).stdout
    times = {}
    if not out.strip():  # the filter matched nothing in this binary
        return times
    for b in json.loads(out)["benchmarks"]:
        if b.get("run_type") == "iteration":
            scale = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[b["time_unit"]]
            times[b["run_name"]] = b["real_time"] * scale
    return times


def natural_key(name):
    """Sort key that orders the numbers inside benchmark names by value (64 before 256)."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


def summarize(samples):
    """name -> [ns, ...]  becomes  name -> (median, (max - min) / median)."""
    return {name: (statistics.median(v), (max(v) - min(v)) / statistics.median(v)) for name, v in samples.items()}


def best_of(configs, samples):
    """name -> (median, spread, config) of the configuration with the lowest median."""
    best = {}
    for config, per_config in zip(configs, samples):
        for name, med in summarize(per_config).items():
            if name not in best or med[0] < best[name][0]:
                best[name] = (*med, config)
    return best


def run_interleaved(ours, peer, reps, regex):
    """Best medians of tfpp and of the peer over their configurations, from `reps` interleaved rounds."""
    tfpp_samples, peer_samples = [{} for _ in TFPP_CONFIGS], [{} for _ in PEER_CONFIGS]
    for _ in range(reps):
        for i, config in enumerate(TFPP_CONFIGS):
            for name, ns in run_gbench(ours, regex, env_for(config)).items():
                tfpp_samples[i].setdefault(name, []).append(ns)
        for i, config in enumerate(PEER_CONFIGS):
            for name, ns in run_gbench(peer, regex, env_for(config)).items():
                peer_samples[i].setdefault(name, []).append(ns)
    return best_of(TFPP_CONFIGS, tfpp_samples), best_of(PEER_CONFIGS, peer_samples)


def python_twins():
    """Benchmark name -> callable doing the same work in PyTorch's Python front end."""
    import torch
    twins = {}
    a, b = torch.tensor(1.0), torch.tensor(2.0)
    twins["BM_EagerAddScalar"] = lambda: torch.add(a, b)

    def chain(n):
        x, c = torch.ones(n), torch.full((n,), 1.0001)

        def run():
            y = x
            for _ in range(25):
                y = ((y * c + c) - c) / c
            return y
        return run
    twins["BM_EagerChain100/16"] = chain(16)
    twins["BM_EagerChain100/1000"] = chain(1000)

    # bench/function_bench.cc: eager against TorchScript, whose best variant counts.
    def chain_body(y, c):
        for _ in range(25):
            y = ((y * c + c) - c) / c
        return y

    for n in (16, 1000, 100000):
        x, c = torch.ones(n), torch.full((n,), 1.0001)
        twins[f"BM_Chain100Eager/{n}"] = lambda x=x, c=c: chain_body(x, c)
        scripted, traced = torch.jit.script(chain_body), torch.jit.trace(chain_body, (x, c))
        twins[f"BM_Chain100Traced/{n}"] = {"jit.script": lambda f=scripted, x=x, c=c: f(x, c),
                                           "jit.trace": lambda f=traced, x=x, c=c: f(x, c)}
    image = torch.randn(1, 100, 200, 200).contiguous(memory_format=torch.channels_last)
    filters = torch.randn(100, 100, 3, 3)
    twins["BM_Conv2DDocsEager"] = lambda: torch.conv2d(image, filters)
    conv = torch.jit.trace(lambda x, w: torch.conv2d(x, w), (image, filters))
    twins["BM_Conv2DDocsTraced"] = {"jit.trace": lambda: conv(image, filters)}

    def mlp(batch):  # bench/autodiff_bench.cc: forward + backward of the docs' MLP
        torch.manual_seed(1)
        x, labels = torch.rand(batch, 784), torch.randint(0, 10, (batch,))
        params = [(torch.randn(784, 100) * 0.05).requires_grad_(), torch.zeros(100, requires_grad=True),
                  (torch.randn(100, 100) * 0.1).requires_grad_(), torch.zeros(100, requires_grad=True),
                  (torch.randn(100, 10) * 0.1).requires_grad_(), torch.zeros(10, requires_grad=True)]

        def run():
            with torch.enable_grad():
                h = torch.relu(torch.addmm(params[1], x, params[0]))
                h = torch.relu(torch.addmm(params[3], h, params[2]))
                loss = torch.nn.functional.cross_entropy(torch.addmm(params[5], h, params[4]), labels)
                return torch.autograd.grad(loss, params)
        return run
    for batch in (32, 128):
        twins[f"BM_MlpForwardBackward/{batch}/real_time"] = mlp(batch)

    def train_step(batch):  # bench/train_step_bench.cc: forward, backward, SGD step, zero_grad
        torch.manual_seed(1)
        x, labels = torch.rand(batch, 784), torch.randint(0, 10, (batch,))
        params = [(torch.randn(784, 100) * 0.05).requires_grad_(), torch.zeros(100, requires_grad=True),
                  (torch.randn(100, 100) * 0.1).requires_grad_(), torch.zeros(100, requires_grad=True),
                  (torch.randn(100, 10) * 0.1).requires_grad_(), torch.zeros(10, requires_grad=True)]
        optimizer = torch.optim.SGD(params, lr=0.01)

        def run():
            with torch.enable_grad():
                h = torch.relu(torch.addmm(params[1], x, params[0]))
                h = torch.relu(torch.addmm(params[3], h, params[2]))
                loss = torch.nn.functional.cross_entropy(torch.addmm(params[5], h, params[4]), labels)
                loss.backward()
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
                return loss
        return run
    for batch in (32, 128):
        # The peer has no traced training step: tfpp's traced step is measured against its eager one.
        step = train_step(batch)
        twins[f"BM_MlpTrainStepEager/{batch}/real_time"] = step
        twins[f"BM_MlpTrainStepTraced/{batch}/real_time"] = step
    return twins


def time_python(fn, reps):
    """Median seconds -> ns per call over `reps` timeit runs of about 0.2 s each."""
    for _ in range(5):  # TorchScript's profiling executor optimizes after a few calls
        fn()
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    samples = [t / number * 1e9 for t in timer.repeat(repeat=reps, number=number)]
    return statistics.median(samples), (max(samples) - min(samples)) / statistics.median(samples)


def best_python(names, reps):
    import torch
    torch.set_grad_enabled(False)
    twins = python_twins()
    best = {}
    for threads in (1, 2):
        torch.set_num_threads(threads)
        for name in names:
            variants = twins.get(name, {})
            for label, fn in (variants.items() if isinstance(variants, dict) else [("", variants)]):
                med = time_python(fn, reps)
                if name not in best or med[0] < best[name][0]:
                    best[name] = (*med, threads, label)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default="build", help="tfpp build directory (Release)")
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--filter", default=".", help="benchmark name regex")
    args = parser.parse_args()

    build = ROOT / args.build
    peer_build = ROOT / (args.build + "-torch")
    subprocess.run(["cmake", "--build", str(build)], check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "-S", str(ROOT / "bench/torch"), "-B", str(peer_build), "-G", "Ninja"],
                   check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "--build", str(peer_build)], check=True, stdout=subprocess.DEVNULL)

    print(f"| benchmark | tfpp (best config) | libtorch C++ (best config) | PyTorch Python (best) | tfpp / libtorch | tfpp / Python |")
    print("| --- | --- | --- | --- | --- | --- |")
    winners = {}  # benchmark -> the Python variant that was fastest
    for peer in sorted(peer_build.glob("torch_*_bench")):
        ours = build / "bench" / peer.name.removeprefix("torch_")
        if not ours.exists():
            continue
        tfpp, libtorch = run_interleaved(ours, peer, args.reps, args.filter)
        python = best_python(tfpp.keys(), args.reps)
        winners.update({n: r[3] for n, r in python.items() if r[3]})
        for name, (ours_ns, ours_spread, config) in sorted(tfpp.items(), key=lambda item: natural_key(item[0])):
            row = [name, f"{ours_ns / 1e3:.3f} µs (±{ours_spread:.0%}, {config['threads']} thr)"]
            for peer_result in (libtorch.get(name), python.get(name)):
                row.append(f"{peer_result[0] / 1e3:.3f} µs (±{peer_result[1]:.0%})" if peer_result else "—")
            for peer_result in (libtorch.get(name), python.get(name)):
                row.append(f"{ours_ns / peer_result[0]:.2f}" if peer_result else "—")
            print("| " + " | ".join(row) + " |")
            sys.stdout.flush()
    print("\nPython variants that won: " + ", ".join(f"{n}: {v}" for n, v in winners.items()))
    print("tfpp configurations tried: threads 1/2 (the winner's count is shown); libtorch: threads 1/2 x "
          "OPENBLAS_CORETYPE SkylakeX/unset; Python: threads 1/2.")
    print("Times are medians; ± is the (max - min) / median spread over the runs.")


if __name__ == "__main__":
    main()
