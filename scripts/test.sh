#!/usr/bin/env bash
# Installs what is missing, builds tfpp and its Python package (python/, into .venv-tfpp) and runs
# the whole test suite. With --sanitize, builds and runs it under AddressSanitizer +
# UndefinedBehaviorSanitizer in a separate build directory, without the Python package: its
# extension module would need the sanitizer runtime preloaded into the interpreter, so the Python
# tests run in the plain build only. The sanitizer build keeps line tables only (-g1), all that the
# sanitizers' reports need: full debug info made each object three times as large and took a
# fifth of the compile time.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install_test_deps.sh
build=build
flags=(-DTFPP_BUILD_TESTS=ON -DTFPP_BUILD_BENCHMARKS=ON -DTFPP_BUILD_EXAMPLES=ON
       -DTFPP_BUILD_PYTHON=ON "-DPython_EXECUTABLE=$PWD/.venv-tfpp/bin/python")
if [[ ${1:-} != --sanitize ]]; then
  bash scripts/make_python_env.sh "$build"
else
  build=build-asan
  flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" -DTFPP_BUILD_TESTS=ON -DTFPP_SANITIZE=ON -DTFPP_BUILD_BENCHMARKS=OFF -DTFPP_BUILD_EXAMPLES=OFF -DTFPP_BUILD_PYTHON=OFF)
fi
cmake -S . -B "$build" -G Ninja "${flags[@]}" >/dev/null
cmake --build "$build"
# The intra-op pool's workers live until exit; LeakSanitizer must not count their stacks.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
# A test that hangs fails after 20 minutes instead of holding the run until CI stops it.
ctest --test-dir "$build" --output-on-failure -j 2 --timeout 1200
