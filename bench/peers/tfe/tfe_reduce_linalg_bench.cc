// TensorFlow C API twins of bench/reduce_linalg_bench.cc, with the same benchmark names: each
// op through TFE_Execute.
#include <benchmark/benchmark.h>

#include <vector>

#include "tfe.h"

namespace {

void BM_MatMulF32(benchmark::State& state) {
  tfe::Eager eager;
  const std::int64_t n = state.range(0);
  const tfe::Value a{tfe::normal({n, n}, 1)}, b{tfe::normal({n, n}, 2)};
  eager.op1("MatMul", {a, b});  // builds the kernel
  for (auto _ : state) benchmark::DoNotOptimize(eager.op1("MatMul", {a, b}));
  state.SetItemsProcessed(state.iterations() * 2 * n * n * n);
}
BENCHMARK(BM_MatMulF32)->MeasureProcessCPUTime()->Arg(64)->Arg(256)->Arg(1024)->Arg(2048)->UseRealTime();

// Arg 2 is the reduced axis, or -1 for all axes, as in the tfpp benchmark.
void reduce_bench(benchmark::State& state, const char* op) {
  tfe::Eager eager;
  const std::int64_t rows = state.range(0), cols = state.range(1), axis = state.range(2);
  const tfe::Value x{tfe::normal({rows, cols}, 3)};
  const tfe::Value axes{axis < 0 ? tfe::ints({0, 1}) : tfe::ints({static_cast<std::int32_t>(axis)})};
  eager.op1(op, {x, axes});  // builds the kernel
  for (auto _ : state) benchmark::DoNotOptimize(eager.op1(op, {x, axes}));
  state.SetBytesProcessed(state.iterations() * rows * cols * 4);
}

void reduce_args(benchmark::internal::Benchmark* b) {
  for (std::int64_t axis : {1, 0, -1}) b->Args({4096, 4096, axis});
  for (std::int64_t axis : {1, 0, -1}) b->Args({256, 1000, axis});
  b->ArgNames({"rows", "cols", "axis"})->UseRealTime();
}

void BM_ReduceSum(benchmark::State& state) { reduce_bench(state, "Sum"); }
BENCHMARK(BM_ReduceSum)->MeasureProcessCPUTime()->Apply(reduce_args);
void BM_ReduceMean(benchmark::State& state) { reduce_bench(state, "Mean"); }
BENCHMARK(BM_ReduceMean)->MeasureProcessCPUTime()->Apply(reduce_args);
void BM_ReduceMax(benchmark::State& state) { reduce_bench(state, "Max"); }
BENCHMARK(BM_ReduceMax)->MeasureProcessCPUTime()->Apply(reduce_args);
void BM_ReduceMin(benchmark::State& state) { reduce_bench(state, "Min"); }
BENCHMARK(BM_ReduceMin)->MeasureProcessCPUTime()->Apply(reduce_args);
void BM_ReduceProd(benchmark::State& state) { reduce_bench(state, "Prod"); }
BENCHMARK(BM_ReduceProd)->MeasureProcessCPUTime()->Apply(reduce_args);

void BM_Softmax(benchmark::State& state) {
  tfe::Eager eager;
  const tfe::Value x{tfe::normal({1024, 1000}, 4)};
  eager.op1("Softmax", {x});  // builds the kernel
  for (auto _ : state) benchmark::DoNotOptimize(eager.op1("Softmax", {x}));
  state.SetBytesProcessed(state.iterations() * 1024 * 1000 * 4);
}
BENCHMARK(BM_Softmax)->MeasureProcessCPUTime()->UseRealTime();

// The loss and its backprop, both computed by TensorFlow's one kernel.
void BM_SparseCrossEntropy(benchmark::State& state) {
  tfe::Eager eager;
  const std::int64_t rows = state.range(0), classes = state.range(1);
  const tfe::Value logits{tfe::normal({rows, classes}, 5)}, labels{tfe::labels(rows, static_cast<int>(classes), 6)};
  eager.op("SparseSoftmaxCrossEntropyWithLogits", {logits, labels}, {}, 2);  // builds the kernel
  for (auto _ : state) benchmark::DoNotOptimize(eager.op("SparseSoftmaxCrossEntropyWithLogits", {logits, labels}, {}, 2));
  state.SetBytesProcessed(state.iterations() * rows * classes * 4);
}
BENCHMARK(BM_SparseCrossEntropy)->MeasureProcessCPUTime()->Args({128, 10})->Args({128, 1000})->ArgNames({"rows", "classes"})->UseRealTime();

}  // namespace
