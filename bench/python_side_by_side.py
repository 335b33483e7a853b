"""The driver the Python side-by-side benchmarks share: each side's worker runs in its own Python
(tfpp's from .venv-tfpp, the peers' from .venv-ref) with 1 and 2 intra-op threads, interleaved
(every side and thread count once, then again, --reps times) so that load on the shared machine
hits all sides alike; the fastest thread count's median counts. Prints a Markdown table: medians,
their spread ((max - min) / median), the thread count and the ratio tfpp / peer (below 1: tfpp is
faster).

A benchmark script defines `worker(side, threads)`, returning {benchmark: seconds}, and calls
`main(script, benchmarks, sides, worker, ...)` with sides[0] == "tfpp".
"""
import argparse
import json
import os
import statistics
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
THREADS = (1, 2)


def fmt(seconds):
    for unit, scale in (("s", 1), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return "%.3g %s" % (seconds / scale, unit)
    return "%.3g ns" % (seconds / 1e-9)


def main(script, benchmarks, sides, worker, unit="per call", env=None, tfpp_from_build=False):
    """Runs `script`'s workers side by side (or, with --worker, one worker) and prints the table.
    `env` adds to every side's environment; `tfpp_from_build` puts this tree's build/python ahead
    of the tfpp installed in tfpp's venv."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--tfpp-python", default=str(ROOT / ".venv-tfpp/bin/python"))
    parser.add_argument("--reference-python", default=str(ROOT / ".venv-ref/bin/python"))
    parser.add_argument("--worker", choices=sides)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker, args.threads)))
        return 0

    base_env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", **(env or {}))
    runs = {}  # (side, threads) -> benchmark -> [seconds]
    for _ in range(args.reps):
        for side in sides:
            python = args.tfpp_python if side == "tfpp" else args.reference_python
            side_env = dict(base_env, PYTHONPATH=str(ROOT / "build/python")) if side == "tfpp" and tfpp_from_build \
                else base_env
            for threads in THREADS:
                out = subprocess.run([python, script, "--worker", side, "--threads", str(threads)], env=side_env,
                                     check=True, capture_output=True, text=True).stdout
                for name, seconds in json.loads(out.strip().splitlines()[-1]).items():
                    runs.setdefault((side, threads), {}).setdefault(name, []).append(seconds)

    def best(side, name):
        """(median, spread, threads) of the thread count with the lowest median, or None."""
        options = []
        for threads in THREADS:
            samples = runs.get((side, threads), {}).get(name)
            if samples:
                median = statistics.median(samples)
                options.append((median, (max(samples) - min(samples)) / median, threads))
        return min(options) if options else None

    print("| %s | %s |" % (unit, " | ".join(sides)))
    print("|" + " --- |" * (len(sides) + 1))
    for name in benchmarks:
        mine = best(sides[0], name)
        cells = ["%s ±%d%% (%dt)" % (fmt(mine[0]), round(100 * mine[1]), mine[2])]
        for side in sides[1:]:
            peer = best(side, name)
            cells.append("—" if peer is None else "%s ±%d%% (%dt) → **%.2f**" % (
                fmt(peer[0]), round(100 * peer[1]), peer[2], mine[0] / peer[0]))
        print("| %s | %s |" % (name, " | ".join(cells)))
    return 0
