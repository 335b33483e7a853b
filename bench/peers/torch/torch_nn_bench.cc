// libtorch C++ twins of bench/nn_bench.cc, with the same benchmark names. Images are
// channels-last, PyTorch's fastest layout for these on CPU (NCHW measured about 2x slower).
#include <benchmark/benchmark.h>
#include <torch/torch.h>

namespace {

void BM_Conv2DDocs(benchmark::State& state) {
  torch::NoGradGuard no_grad;
  torch::Tensor x = torch::randn({1, 100, 200, 200}).contiguous(torch::MemoryFormat::ChannelsLast);
  torch::Tensor w = torch::randn({100, 100, 3, 3});
  for (auto _ : state) benchmark::DoNotOptimize(torch::conv2d(x, w));
  state.SetItemsProcessed(state.iterations() * 2LL * 198 * 198 * 100 * 100 * 9);
}
BENCHMARK(BM_Conv2DDocs)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_MaxPoolStem(benchmark::State& state) {
  torch::NoGradGuard no_grad;
  torch::Tensor x = torch::randn({32, 64, 112, 112}).contiguous(torch::MemoryFormat::ChannelsLast);
  for (auto _ : state) benchmark::DoNotOptimize(torch::max_pool2d(x, 3, 2, 1));
}
BENCHMARK(BM_MaxPoolStem)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Conv2DBatch(benchmark::State& state) {
  torch::NoGradGuard no_grad;
  torch::Tensor x = torch::randn({16, 64, 28, 28}).contiguous(torch::MemoryFormat::ChannelsLast);
  torch::Tensor w = (torch::randn({64, 64, 3, 3}) * 0.05).contiguous(torch::MemoryFormat::ChannelsLast);
  for (auto _ : state) benchmark::DoNotOptimize(torch::conv2d(x, w, {}, 1, 1));
  state.SetItemsProcessed(state.iterations() * 2LL * 16 * 28 * 28 * 64 * 64 * 9);
}
BENCHMARK(BM_Conv2DBatch)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Conv2DBatchGradients(benchmark::State& state) {
  torch::Tensor x = torch::randn({16, 64, 28, 28}).contiguous(torch::MemoryFormat::ChannelsLast).requires_grad_();
  torch::Tensor w = (torch::randn({64, 64, 3, 3}) * 0.05).contiguous(torch::MemoryFormat::ChannelsLast).requires_grad_();
  for (auto _ : state) {
    torch::Tensor y = torch::conv2d(x, w, {}, 1, 1);
    benchmark::DoNotOptimize(torch::autograd::grad({y}, {x, w}, {torch::ones_like(y)}));
  }
}
BENCHMARK(BM_Conv2DBatchGradients)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond)->UseRealTime();

// Arg 0: average pooling (counting only the window's cells inside the image, as TensorFlow's
// SAME padding does), 1: max pooling.
void BM_PoolGradients(benchmark::State& state) {
  torch::Tensor x = torch::randn({8, 64, 112, 112}).contiguous(torch::MemoryFormat::ChannelsLast).requires_grad_();
  for (auto _ : state) {
    torch::Tensor y = state.range(0) ? torch::max_pool2d(x, 3, 2, 1) : torch::avg_pool2d(x, 3, 2, 1, false, false);
    benchmark::DoNotOptimize(torch::autograd::grad({y}, {x}, {torch::ones_like(y)}));
  }
}
BENCHMARK(BM_PoolGradients)->MeasureProcessCPUTime()->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
