#!/usr/bin/env bash
# Installs every Debian package tfpp's build, tests, examples and benchmarks need.
# Idempotent: packages already present are left alone.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config
  libdnnl-dev libhwy-dev libgomp1
  libprotobuf-dev protobuf-compiler nlohmann-json3-dev
  libpng-dev zlib1g-dev libfmt-dev libcli11-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  dataset-fashion-mnist
  python3-torch libtorch-dev python3-numpy
  libopenblas0-pthread  # the peer's best BLAS; without it PyTorch falls back to reference BLAS
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo_cmd=()
  [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
