// libtorch C++ twins of bench/reduce_linalg_bench.cc, with the same benchmark names.
#include <benchmark/benchmark.h>
#include <torch/torch.h>

namespace {

void BM_MatMulF32(benchmark::State& state) {
  torch::NoGradGuard no_grad;
  const std::int64_t n = state.range(0);
  torch::Tensor a = torch::randn({n, n}), b = torch::randn({n, n});
  for (auto _ : state) benchmark::DoNotOptimize(torch::matmul(a, b));
  state.SetItemsProcessed(state.iterations() * 2 * n * n * n);
}
BENCHMARK(BM_MatMulF32)->Arg(64)->Arg(256)->Arg(1024)->Arg(2048)->UseRealTime();

void BM_ReduceSumInner(benchmark::State& state) {
  torch::NoGradGuard no_grad;
  torch::Tensor x = torch::randn({4096, 4096});
  for (auto _ : state) benchmark::DoNotOptimize(x.sum(1));
  state.SetBytesProcessed(state.iterations() * x.numel() * 4);
}
BENCHMARK(BM_ReduceSumInner)->UseRealTime();

void BM_ReduceSumOuter(benchmark::State& state) {
  torch::NoGradGuard no_grad;
  torch::Tensor x = torch::randn({4096, 4096});
  for (auto _ : state) benchmark::DoNotOptimize(x.sum(0));
  state.SetBytesProcessed(state.iterations() * x.numel() * 4);
}
BENCHMARK(BM_ReduceSumOuter)->UseRealTime();

void BM_Softmax(benchmark::State& state) {
  torch::NoGradGuard no_grad;
  torch::Tensor x = torch::randn({1024, 1000});
  for (auto _ : state) benchmark::DoNotOptimize(torch::softmax(x, -1));
  state.SetBytesProcessed(state.iterations() * x.numel() * 4);
}
BENCHMARK(BM_Softmax)->UseRealTime();

}  // namespace
