// Matmul, reductions and softmax: the compute-bound and bandwidth-bound kernels of training.
//
// Run side by side with TensorFlow and PyTorch by bench/compare_peers.py (twins: bench/peers/).
#include <benchmark/benchmark.h>
#include <omp.h>

#include <ctime>

#include <tfpp/tfpp.h>

namespace {

// Seconds of CPU time used by the whole process (all threads).
double process_cpu_seconds() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// The threads tfpp's loops use by default (OMP_NUM_THREADS, else one per core), read before any
// oneDNN call sets the calling thread's OpenMP count to 1 (Note [oneDNN on one thread]).
const int kThreads = omp_get_max_threads();

// Square float32 matmul; items are floating-point operations, so items/s reads as FLOP/s.
void BM_MatMulF32(benchmark::State& state) {
  const std::int64_t n = state.range(0);
  tf::Tensor a = tf::random::normal({n, n}, {.seed = 1}), b = tf::random::normal({n, n}, {.seed = 2});
  const double cpu_start = process_cpu_seconds();
  for (auto _ : state) benchmark::DoNotOptimize(tf::matmul(a, b));
  state.SetItemsProcessed(state.iterations() * 2 * n * n * n);
  // FLOP/s per core-second of CPU time, times the threads: the rate while the cores are ours
  // (a shared machine lends them to other work now and then), to set against the FMA peak.
  state.counters["cpu_flops"] = static_cast<double>(state.iterations()) * 2 * n * n * n * kThreads /
                                (process_cpu_seconds() - cpu_start);
}
BENCHMARK(BM_MatMulF32)->MeasureProcessCPUTime()->Arg(64)->Arg(256)->Arg(1024)->Arg(2048)->UseRealTime();

// Reductions of a float32 matrix over its rows (inner axis, arg 1), its columns (outer axis,
// arg 0) or everything (arg -1); bytes processed give the achieved bandwidth. [4096, 4096]
// (64 MiB) streams from memory; [256, 1000] (a batch of logits, 1 MB) stays in cache.
template <class Reduce>
void reduce_bench(benchmark::State& state, Reduce reduce) {
  const std::int64_t rows = state.range(0), cols = state.range(1), axis = state.range(2);
  tf::Tensor x = tf::random::normal({rows, cols}, {.seed = 3});
  for (auto _ : state) benchmark::DoNotOptimize(axis < 0 ? reduce(x) : reduce(x, tf::Axes(axis)));
  state.SetBytesProcessed(state.iterations() * x.num_elements() * 4);
}

void reduce_args(benchmark::internal::Benchmark* b) {
  for (std::int64_t axis : {1, 0, -1}) b->Args({4096, 4096, axis});
  for (std::int64_t axis : {1, 0, -1}) b->Args({256, 1000, axis});
  b->ArgNames({"rows", "cols", "axis"})->UseRealTime();
}

void BM_ReduceSum(benchmark::State& state) {
  reduce_bench(state, [](auto&&... a) { return tf::reduce_sum(a...); });
}
BENCHMARK(BM_ReduceSum)->MeasureProcessCPUTime()->Apply(reduce_args);
void BM_ReduceMean(benchmark::State& state) {
  reduce_bench(state, [](auto&&... a) { return tf::reduce_mean(a...); });
}
BENCHMARK(BM_ReduceMean)->MeasureProcessCPUTime()->Apply(reduce_args);
void BM_ReduceMax(benchmark::State& state) {
  reduce_bench(state, [](auto&&... a) { return tf::reduce_max(a...); });
}
BENCHMARK(BM_ReduceMax)->MeasureProcessCPUTime()->Apply(reduce_args);
void BM_ReduceMin(benchmark::State& state) {
  reduce_bench(state, [](auto&&... a) { return tf::reduce_min(a...); });
}
BENCHMARK(BM_ReduceMin)->MeasureProcessCPUTime()->Apply(reduce_args);
void BM_ReduceProd(benchmark::State& state) {
  reduce_bench(state, [](auto&&... a) { return tf::reduce_prod(a...); });
}
BENCHMARK(BM_ReduceProd)->MeasureProcessCPUTime()->Apply(reduce_args);

// Softmax over the last axis of [1024, 1000] float32 logits.
void BM_Softmax(benchmark::State& state) {
  tf::Tensor x = tf::random::normal({1024, 1000}, {.seed = 4});
  for (auto _ : state) benchmark::DoNotOptimize(tf::nn::softmax(x));
  state.SetBytesProcessed(state.iterations() * x.num_elements() * 4);
}
BENCHMARK(BM_Softmax)->MeasureProcessCPUTime()->UseRealTime();

// Sparse softmax cross-entropy (loss and its backprop) of [rows, classes] float32 logits with
// int32 labels: [128, 10] is the docs' MLP step, where per-row overhead dominates; [128, 1000]
// is a long-row case.
void BM_SparseCrossEntropy(benchmark::State& state) {
  const std::int64_t rows = state.range(0), classes = state.range(1);
  const tf::Tensor logits = tf::random::normal({rows, classes}, {.seed = 5});
  const tf::Tensor labels =
      tf::random::uniform({rows}, {.minval = 0, .maxval = static_cast<double>(classes), .dtype = tf::int32, .seed = 6});
  for (auto _ : state) benchmark::DoNotOptimize(tf::nn::sparse_softmax_cross_entropy_with_logits(labels, logits));
  state.SetBytesProcessed(state.iterations() * logits.num_elements() * 4);
}
BENCHMARK(BM_SparseCrossEntropy)->MeasureProcessCPUTime()->Args({128, 10})->Args({128, 1000})->ArgNames({"rows", "classes"})->UseRealTime();

}  // namespace
