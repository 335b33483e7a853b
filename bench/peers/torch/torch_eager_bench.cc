// libtorch C++ twins of bench/eager_bench.cc, with the same benchmark names.
#include <benchmark/benchmark.h>
#include <torch/torch.h>

namespace {

void BM_EagerAddScalar(benchmark::State& state) {
  torch::NoGradGuard no_grad;
  torch::Tensor a = torch::tensor(1.0f), b = torch::tensor(2.0f);
  for (auto _ : state) benchmark::DoNotOptimize(torch::add(a, b));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EagerAddScalar)->MeasureProcessCPUTime();

void BM_EagerChain100(benchmark::State& state) {
  torch::NoGradGuard no_grad;
  torch::Tensor x = torch::ones({state.range(0)});
  torch::Tensor c = torch::full({state.range(0)}, 1.0001f);
  for (auto _ : state) {
    torch::Tensor y = x;
    for (int i = 0; i < 25; ++i) y = ((y * c + c) - c) / c;
    benchmark::DoNotOptimize(y);
  }
  state.SetItemsProcessed(state.iterations() * 100);
}
BENCHMARK(BM_EagerChain100)->MeasureProcessCPUTime()->Arg(16)->Arg(1000);

}  // namespace
