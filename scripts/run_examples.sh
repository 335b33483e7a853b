#!/usr/bin/env bash
# Installs what is missing, builds the tfpp library and the example programs in examples/ (no
# tests, no benchmarks) and runs each, the main job (fashion_mnist) first. The seed notes'
# programs in examples/seeds/ are built and checked against their golden outputs by the test
# suite (scripts/test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_deps.sh
cmake -S . -B build -G Ninja -DTFPP_BUILD_TESTS=OFF -DTFPP_BUILD_BENCHMARKS=OFF -DTFPP_BUILD_EXAMPLES=ON >/dev/null
sources=(examples/*.cc)
names=("${sources[@]##*/}")
names=("${names[@]%.cc}")
cmake --build build --target "${names[@]}"
for name in "${names[@]}"; do  # in name order: fashion_mnist comes first
  echo "== $name"
  "build/examples/$name"
done
