// libtorch C++ twins of bench/reduce_linalg_bench.cc, with the same benchmark names.
#include <benchmark/benchmark.h>

#include <ctime>
#include <torch/torch.h>

namespace {

// Seconds of CPU time used by the whole process (all threads).
double process_cpu_seconds() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

void BM_MatMulF32(benchmark::State& state) {
  torch::NoGradGuard no_grad;
  const std::int64_t n = state.range(0);
  torch::Tensor a = torch::randn({n, n}), b = torch::randn({n, n});
  const double cpu_start = process_cpu_seconds();
  for (auto _ : state) benchmark::DoNotOptimize(torch::matmul(a, b));
  state.SetItemsProcessed(state.iterations() * 2 * n * n * n);
  // FLOP/s per core-second of CPU time, times the threads: the rate while the cores are ours
  // (a shared machine lends them to other work now and then), to set against the FMA peak.
  state.counters["cpu_flops"] = static_cast<double>(state.iterations()) * 2 * n * n * n * at::get_num_threads() /
                                (process_cpu_seconds() - cpu_start);
}
BENCHMARK(BM_MatMulF32)->MeasureProcessCPUTime()->Arg(64)->Arg(256)->Arg(1024)->Arg(2048)->UseRealTime();

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
BENCHMARK(BM_ReduceSum)->MeasureProcessCPUTime()->Apply(reduce_args);
void BM_ReduceMean(benchmark::State& state) {
  reduce_bench(state, [](const torch::Tensor& x, std::int64_t axis) { return axis < 0 ? x.mean() : x.mean(axis); });
}
BENCHMARK(BM_ReduceMean)->MeasureProcessCPUTime()->Apply(reduce_args);
void BM_ReduceMax(benchmark::State& state) {
  reduce_bench(state, [](const torch::Tensor& x, std::int64_t axis) { return axis < 0 ? x.max() : x.amax(axis); });
}
BENCHMARK(BM_ReduceMax)->MeasureProcessCPUTime()->Apply(reduce_args);
void BM_ReduceMin(benchmark::State& state) {
  reduce_bench(state, [](const torch::Tensor& x, std::int64_t axis) { return axis < 0 ? x.min() : x.amin(axis); });
}
BENCHMARK(BM_ReduceMin)->MeasureProcessCPUTime()->Apply(reduce_args);
void BM_ReduceProd(benchmark::State& state) {
  reduce_bench(state, [](const torch::Tensor& x, std::int64_t axis) { return axis < 0 ? x.prod() : x.prod(axis); });
}
BENCHMARK(BM_ReduceProd)->MeasureProcessCPUTime()->Apply(reduce_args);

void BM_Softmax(benchmark::State& state) {
  torch::NoGradGuard no_grad;
  torch::Tensor x = torch::randn({1024, 1000});
  for (auto _ : state) benchmark::DoNotOptimize(torch::softmax(x, -1));
  state.SetBytesProcessed(state.iterations() * x.numel() * 4);
}
BENCHMARK(BM_Softmax)->MeasureProcessCPUTime()->UseRealTime();

// The per-row losses (PyTorch computes the backprop only in backward(); tfpp and TensorFlow
// compute both in one kernel).
void BM_SparseCrossEntropy(benchmark::State& state) {
  torch::NoGradGuard no_grad;
  const std::int64_t rows = state.range(0), classes = state.range(1);
  torch::Tensor logits = torch::randn({rows, classes}), labels = torch::randint(0, classes, {rows}, torch::kLong);
  const auto options = torch::nn::functional::CrossEntropyFuncOptions().reduction(torch::kNone);
  for (auto _ : state) benchmark::DoNotOptimize(torch::nn::functional::cross_entropy(logits, labels, options));
  state.SetBytesProcessed(state.iterations() * logits.numel() * 4);
}
BENCHMARK(BM_SparseCrossEntropy)->MeasureProcessCPUTime()->Args({128, 10})->Args({128, 1000})->ArgNames({"rows", "classes"})->UseRealTime();

}  // namespace
