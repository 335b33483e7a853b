// tf::function against eager execution: a chain of small elementwise ops (where graphs win
// by skipping per-op dispatch and fusing the chain) and the TensorFlow docs' convolution
// (where one big op dominates and graphs should match eager).
//
// Run side by side with TensorFlow (eager, tf.function) and PyTorch (eager, TorchScript) by
// bench/compare_peers.py.
#include <benchmark/benchmark.h>

#include <tfpp/tfpp.h>

namespace {

// The chain of bench/eager_bench.cc: 25 rounds of ((y * c + c) - c) / c, 100 ops.
tf::Tensor chain(tf::Tensor y, const tf::Tensor& c) {
  for (int i = 0; i < 25; ++i) y = ((y * c + c) - c) / c;
  return y;
}

void BM_Chain100Eager(benchmark::State& state) {
  const tf::Tensor x = tf::ones({state.range(0)}), c = tf::fill({state.range(0)}, 1.0001f);
  for (auto _ : state) benchmark::DoNotOptimize(chain(x, c));
  state.SetItemsProcessed(state.iterations() * 100);
}
BENCHMARK(BM_Chain100Eager)->MeasureProcessCPUTime()->Arg(16)->Arg(1000)->Arg(100000);

// The same chain through tf::function: one traced, optimized and fused graph per call.
void BM_Chain100Traced(benchmark::State& state) {
  const tf::Tensor x = tf::ones({state.range(0)}), c = tf::fill({state.range(0)}, 1.0001f);
  auto f = tf::function([](tf::Tensor y, tf::Tensor c) { return chain(y, c); });
  f(x, c);  // traces
  for (auto _ : state) benchmark::DoNotOptimize(f(x, c));
  state.SetItemsProcessed(state.iterations() * 100);
}
BENCHMARK(BM_Chain100Traced)->MeasureProcessCPUTime()->Arg(16)->Arg(1000)->Arg(100000);

// The docs' "graphs vs eager" convolution: [1,200,200,100] image, 100 3x3 filters, VALID.
void BM_Conv2DDocsEager(benchmark::State& state) {
  const tf::Tensor x = tf::random::normal({1, 200, 200, 100}, {.seed = 1});
  const tf::Tensor w = tf::random::normal({3, 3, 100, 100}, {.seed = 2});
  for (auto _ : state) benchmark::DoNotOptimize(tf::nn::conv2d(x, w, 1, "VALID"));
}
BENCHMARK(BM_Conv2DDocsEager)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Conv2DDocsTraced(benchmark::State& state) {
  const tf::Tensor x = tf::random::normal({1, 200, 200, 100}, {.seed = 1});
  const tf::Tensor w = tf::random::normal({3, 3, 100, 100}, {.seed = 2});
  auto f = tf::function([](tf::Tensor x, tf::Tensor w) { return tf::nn::conv2d(x, w, 1, "VALID"); });
  f(x, w);
  for (auto _ : state) benchmark::DoNotOptimize(f(x, w));
}
BENCHMARK(BM_Conv2DDocsTraced)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
