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

// Arg 2 is the reduced axis, or -1 for all axes, as in the tfpp benchmark. Max and min use
// amax/amin, which (unlike max(dim)) compute no indices, the peer's fastest form.
template <class Reduce>
void reduce_bench(benchmark::State& state, Reduce reduce) {
  torch::NoGradGuard no_grad;
  const std::int64_t rows = state.range(0), cols = state.range(1), axis = state.range(2);
  torch::Tensor x = torch::randn({rows, cols});
  for (auto _ : state) benchmark::DoNotOptimize(reduce(x, axis));
  state.SetBytesProcessed(state.iterations() * x.numel() * 4);
}

void reduce_args(benchmark::internal::Benchmark* b) {
  for (std::int64_t axis : {1, 0, -1}) b->Args({4096, 4096, axis});
  for (std::int64_t axis : {1, 0, -1}) b->Args({256, 1000, axis});
  b->ArgNames({"rows", "cols", "axis"})->UseRealTime();
}

void BM_ReduceSum(benchmark::State& state) {
  reduce_bench(state, [](const torch::Tensor& x, std::int64_t axis) { return axis < 0 ? x.sum() : x.sum(axis); });
}
BENCHMARK(BM_ReduceSum)->Apply(reduce_args);
void BM_ReduceMean(benchmark::State& state) {
  reduce_bench(state, [](const torch::Tensor& x, std::int64_t axis) { return axis < 0 ? x.mean() : x.mean(axis); });
}
BENCHMARK(BM_ReduceMean)->Apply(reduce_args);
void BM_ReduceMax(benchmark::State& state) {
  reduce_bench(state, [](const torch::Tensor& x, std::int64_t axis) { return axis < 0 ? x.max() : x.amax(axis); });
}
BENCHMARK(BM_ReduceMax)->Apply(reduce_args);
void BM_ReduceMin(benchmark::State& state) {
  reduce_bench(state, [](const torch::Tensor& x, std::int64_t axis) { return axis < 0 ? x.min() : x.amin(axis); });
}
BENCHMARK(BM_ReduceMin)->Apply(reduce_args);
void BM_ReduceProd(benchmark::State& state) {
  reduce_bench(state, [](const torch::Tensor& x, std::int64_t axis) { return axis < 0 ? x.prod() : x.prod(axis); });
}
BENCHMARK(BM_ReduceProd)->Apply(reduce_args);

void BM_Softmax(benchmark::State& state) {
  torch::NoGradGuard no_grad;
  torch::Tensor x = torch::randn({1024, 1000});
  for (auto _ : state) benchmark::DoNotOptimize(torch::softmax(x, -1));
  state.SetBytesProcessed(state.iterations() * x.numel() * 4);
}
BENCHMARK(BM_Softmax)->UseRealTime();

}  // namespace
