// Matmul, reductions and softmax: the compute-bound and bandwidth-bound kernels of training.
//
// Run side by side with PyTorch by bench/compare_torch.py (twin: bench/torch/torch_reduce_linalg_bench.cc).
#include <benchmark/benchmark.h>

#include <tfpp/tfpp.h>

namespace {

// Square float32 matmul; items are floating-point operations, so items/s reads as FLOP/s.
void BM_MatMulF32(benchmark::State& state) {
  const std::int64_t n = state.range(0);
  tf::Tensor a = tf::random::normal({n, n}, {.seed = 1}), b = tf::random::normal({n, n}, {.seed = 2});
  for (auto _ : state) benchmark::DoNotOptimize(tf::matmul(a, b));
  state.SetItemsProcessed(state.iterations() * 2 * n * n * n);
}
BENCHMARK(BM_MatMulF32)->Arg(64)->Arg(256)->Arg(1024)->Arg(2048)->UseRealTime();

// Sum of a [4096, 4096] float32 matrix over its rows (inner axis) or its columns (outer axis);
// bytes processed give the achieved bandwidth.
void BM_ReduceSumInner(benchmark::State& state) {
  tf::Tensor x = tf::random::normal({4096, 4096}, {.seed = 3});
  for (auto _ : state) benchmark::DoNotOptimize(tf::reduce_sum(x, 1));
  state.SetBytesProcessed(state.iterations() * x.num_elements() * 4);
}
BENCHMARK(BM_ReduceSumInner)->UseRealTime();

void BM_ReduceSumOuter(benchmark::State& state) {
  tf::Tensor x = tf::random::normal({4096, 4096}, {.seed = 3});
  for (auto _ : state) benchmark::DoNotOptimize(tf::reduce_sum(x, 0));
  state.SetBytesProcessed(state.iterations() * x.num_elements() * 4);
}
BENCHMARK(BM_ReduceSumOuter)->UseRealTime();

// Softmax over the last axis of [1024, 1000] float32 logits.
void BM_Softmax(benchmark::State& state) {
  tf::Tensor x = tf::random::normal({1024, 1000}, {.seed = 4});
  for (auto _ : state) benchmark::DoNotOptimize(tf::nn::softmax(x));
  state.SetBytesProcessed(state.iterations() * x.num_elements() * 4);
}
BENCHMARK(BM_Softmax)->UseRealTime();

}  // namespace
