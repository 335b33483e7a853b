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
BENCHMARK(BM_Conv2DDocs)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_MaxPoolStem(benchmark::State& state) {
  torch::NoGradGuard no_grad;
  torch::Tensor x = torch::randn({32, 64, 112, 112}).contiguous(torch::MemoryFormat::ChannelsLast);
  for (auto _ : state) benchmark::DoNotOptimize(torch::max_pool2d(x, 3, 2, 1));
}
BENCHMARK(BM_MaxPoolStem)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
