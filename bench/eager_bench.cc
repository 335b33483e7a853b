// Eager dispatch cost: the per-op overhead that dominates small-tensor programs.
//
// Run side by side with TensorFlow and PyTorch by bench/compare_peers.py (which also documents the peers' setup).
#include <benchmark/benchmark.h>

#include <tfpp/tfpp.h>

namespace {

// One 1-element add: pure dispatch overhead (shape function, output allocation, kernel call).
void BM_EagerAddScalar(benchmark::State& state) {
  tf::Tensor a = tf::constant(1.0f), b = tf::constant(2.0f);
  for (auto _ : state) benchmark::DoNotOptimize(tf::add(a, b));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EagerAddScalar)->MeasureProcessCPUTime();

// A chain of 100 small elementwise ops on a vector of range(0) elements.
void BM_EagerChain100(benchmark::State& state) {
  tf::Tensor x = tf::ones({state.range(0)});
  tf::Tensor c = tf::fill({state.range(0)}, 1.0001f);
  for (auto _ : state) {
    tf::Tensor y = x;
    for (int i = 0; i < 25; ++i) y = ((y * c + c) - c) / c;
    benchmark::DoNotOptimize(y);
  }
  state.SetItemsProcessed(state.iterations() * 100);
}
BENCHMARK(BM_EagerChain100)->MeasureProcessCPUTime()->Arg(16)->Arg(1000);

}  // namespace
