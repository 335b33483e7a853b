#!/usr/bin/env bash
# Installs what is missing, builds tfpp, and runs every example program in examples/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_deps.sh
cmake -S . -B build -G Ninja >/dev/null
cmake --build build
for example in build/examples/*; do
  [[ -x $example && -f $example ]] || continue
  echo "== ${example##*/}"
  "$example"
done
