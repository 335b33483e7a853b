#!/usr/bin/env bash
# Builds tfpp and runs the whole test suite. With --sanitize, builds and runs it under
# AddressSanitizer + UndefinedBehaviorSanitizer in a separate build directory.
set -euo pipefail
cd "$(dirname "$0")/.."
build=build
flags=()
if [[ ${1:-} == --sanitize ]]; then
  build=build-asan
  flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DTFPP_SANITIZE=ON -DTFPP_BUILD_BENCHMARKS=OFF -DTFPP_BUILD_EXAMPLES=OFF)
fi
cmake -S . -B "$build" -G Ninja "${flags[@]}" >/dev/null
cmake --build "$build"
# The intra-op pool's workers live until exit; LeakSanitizer must not count their stacks.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
ctest --test-dir "$build" --output-on-failure -j 2
