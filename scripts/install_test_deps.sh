#!/usr/bin/env bash
# Installs what the test suite and the benchmarks need on top of install_deps.sh: the test and
# benchmark libraries, Python's headers for the Python package's extension module, clang and
# libFuzzer for the fuzz targets (scripts/fuzz.sh), and the pinned reference environment
# (TensorFlow 2.21, PyTorch 2.13).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/apt_install.sh
bash scripts/install_deps.sh
apt_install libgtest-dev libgmock-dev libbenchmark-dev python3-venv python3-dev clang-14 libclang-rt-14-dev libfuzzer-14-dev
bash scripts/make_reference_env.sh
