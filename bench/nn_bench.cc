// Convolution and pooling: the TensorFlow docs' benchmark convolution and a ResNet-style
// max pool. Run side by side with TensorFlow and PyTorch by bench/compare_peers.py.
#include <benchmark/benchmark.h>

#include <tfpp/tfpp.h>

namespace {

// The "graphs vs eager" example of the TensorFlow docs: a [1,200,200,100] image, 100 3x3 filters, VALID.
void BM_Conv2DDocs(benchmark::State& state) {
  tf::Tensor x = tf::random::normal({1, 200, 200, 100}, {.seed = 1});
  tf::Tensor w = tf::random::normal({3, 3, 100, 100}, {.seed = 2});
  for (auto _ : state) benchmark::DoNotOptimize(tf::nn::conv2d(x, w, 1, "VALID"));
  state.SetItemsProcessed(state.iterations() * 2LL * 198 * 198 * 100 * 100 * 9);  // FLOPs
}
BENCHMARK(BM_Conv2DDocs)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond)->UseRealTime();

// A ResNet stem pool: [32,112,112,64], 3x3 windows, stride 2, SAME.
void BM_MaxPoolStem(benchmark::State& state) {
  tf::Tensor x = tf::random::normal({32, 112, 112, 64}, {.seed = 1});
  for (auto _ : state) benchmark::DoNotOptimize(tf::nn::max_pool2d(x, 3, 2, "SAME"));
}
BENCHMARK(BM_MaxPoolStem)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond)->UseRealTime();

// A ResNet stage-2 convolution on a batch: [16,28,28,64], 64 3x3 filters, SAME.
void BM_Conv2DBatch(benchmark::State& state) {
  tf::Tensor x = tf::random::normal({16, 28, 28, 64}, {.seed = 1});
  tf::Tensor w = tf::random::normal({3, 3, 64, 64}, {.stddev = 0.05, .seed = 2});
  for (auto _ : state) benchmark::DoNotOptimize(tf::nn::conv2d(x, w, 1, "SAME"));
  state.SetItemsProcessed(state.iterations() * 2LL * 16 * 28 * 28 * 64 * 64 * 9);  // FLOPs
}
BENCHMARK(BM_Conv2DBatch)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond)->UseRealTime();

// The same convolution's gradients with respect to its input and its filter.
void BM_Conv2DBatchGradients(benchmark::State& state) {
  tf::Tensor x = tf::random::normal({16, 28, 28, 64}, {.seed = 1});
  tf::Tensor w = tf::random::normal({3, 3, 64, 64}, {.stddev = 0.05, .seed = 2});
  for (auto _ : state) {
    tf::GradientTape tape;
    tape.watch(x);
    tape.watch(w);
    benchmark::DoNotOptimize(tape.gradient(tf::nn::conv2d(x, w, 1, "SAME"), std::vector<tf::Tensor>{x, w}));
  }
}
BENCHMARK(BM_Conv2DBatchGradients)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond)->UseRealTime();

// Max and average pooling's gradients on [8,112,112,64] (max pooling's reads its forward pass's argmax).
void BM_PoolGradients(benchmark::State& state) {
  tf::Tensor x = tf::random::normal({8, 112, 112, 64}, {.seed = 1});
  for (auto _ : state) {
    tf::GradientTape tape;
    tape.watch(x);
    const tf::Tensor y = state.range(0) ? tf::nn::max_pool2d(x, 3, 2, "SAME") : tf::nn::avg_pool2d(x, 3, 2, "SAME");
    benchmark::DoNotOptimize(tape.gradient(y, x));
  }
}
BENCHMARK(BM_PoolGradients)->MeasureProcessCPUTime()->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
