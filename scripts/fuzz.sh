#!/usr/bin/env bash
# Fuzzes tfpp's file readers: builds the libFuzzer targets (fuzz/) with clang, ASan and UBSan in
# build-fuzz, writes their seed corpora with TensorFlow 2.21, Keras 3 and NumPy
# (scripts/make_fuzz_corpus.py), then runs each target for SECONDS (default 60).
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]   # targets: checkpoint saved_model keras_weights
#                                                #          keras_model tfrecord npy image (default: all)
# The corpus grows in build-fuzz/corpus/<target>; a crash, sanitizer report, uncaught non-tf::
# exception (std::bad_alloc too), hang (over 10 s) or memory use over 4 GiB stops that target,
# leaves the input in build-fuzz/findings/<target>/ and makes the script fail. Reproduce one with
#   ASAN_OPTIONS=allocator_may_return_null=1:max_allocation_size_mb=2048 \
#     build-fuzz/fuzz_<target> build-fuzz/findings/<target>/crash-...
# docs/FUZZING.md says what each target reads and how the build works.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
((${#targets[@]})) || targets=(checkpoint saved_model keras_weights keras_model tfrecord npy image)
bash scripts/install_test_deps.sh
# The library itself comes from the plain build (fuzz/CMakeLists.txt says why); the readers are
# compiled again with clang, coverage, ASan and UBSan, at -O1 with line tables and assertions on.
[[ -f build/CMakeCache.txt ]] || cmake -S . -B build -G Ninja >/dev/null
cmake --build build --target tfpp
build=build-fuzz
CC=clang-14 CXX=clang++-14 cmake -S fuzz -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only" -DTFPP_BUILD_DIR="$PWD/build" >/dev/null
cmake --build "$build" --target "${targets[@]/#/fuzz_}"
if [[ ! -d $build/seeds ]]; then
  rm -rf "$build/seeds.tmp"
  if ! "${TFPP_REFERENCE_ENV:-.venv-ref}/bin/python" scripts/make_fuzz_corpus.py "$build/seeds.tmp" >"$build/seeds.log" 2>&1; then
    tail -20 "$build/seeds.log"
    echo "fuzz.sh: writing the seeds failed ($build/seeds.log)" >&2
    exit 1
  fi
  mv "$build/seeds.tmp" "$build/seeds"
fi
# The intra-op pool's workers live until exit; LeakSanitizer must not count their stacks. An
# allocation over 2 GiB returns null, as it may on a real machine: libhdf5 then fails cleanly,
# and in tfpp's code the std::bad_alloc it becomes is a finding. These come after any options the
# caller's environment sets (the later of two settings wins), so a CI's ASAN_OPTIONS cannot drop them.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0:allocator_may_return_null=1:max_allocation_size_mb=2048"
status=0
for t in "${targets[@]}"; do
  mkdir -p "$build/corpus/$t" "$build/findings/$t"
  echo "== fuzz_$t: ${seconds}s"
  if ! "$build/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
      -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$build/findings/$t/" \
      "$build/corpus/$t" "$build/seeds/$t" 2>"$build/findings/$t.log"; then
    status=1
    grep -E "ERROR|SUMMARY|Test unit written|==[0-9]+==" "$build/findings/$t.log" | head -20
  fi
  grep -E "stat::number_of_executed_units|cov: " "$build/findings/$t.log" | tail -2
done
exit $status
