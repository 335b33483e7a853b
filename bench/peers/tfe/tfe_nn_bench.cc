// TensorFlow C API twins of bench/nn_bench.cc, with the same benchmark names: each op through
// TFE_Execute; gradients by TensorFlow's gradient kernels, as tf.GradientTape runs them.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "tfe.h"

namespace {

using Ints = std::vector<std::int64_t>;

tfe::Attrs conv_attrs(const char* padding) { return {{"strides", Ints{1, 1, 1, 1}}, {"padding", std::string(padding)}}; }
tfe::Attrs pool_attrs() {
  return {{"ksize", Ints{1, 3, 3, 1}}, {"strides", Ints{1, 2, 2, 1}}, {"padding", std::string("SAME")}};
}

void BM_Conv2DDocs(benchmark::State& state) {
  tfe::Eager eager;
  const tfe::Value x{tfe::normal({1, 200, 200, 100}, 1)}, w{tfe::normal({3, 3, 100, 100}, 2)};
  eager.op1("Conv2D", {x, w}, conv_attrs("VALID"));  // builds the kernel
  for (auto _ : state) benchmark::DoNotOptimize(eager.op1("Conv2D", {x, w}, conv_attrs("VALID")));
  state.SetItemsProcessed(state.iterations() * 2LL * 198 * 198 * 100 * 100 * 9);
}
BENCHMARK(BM_Conv2DDocs)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_MaxPoolStem(benchmark::State& state) {
  tfe::Eager eager;
  const tfe::Value x{tfe::normal({32, 112, 112, 64}, 1)};
  eager.op1("MaxPool", {x}, pool_attrs());  // builds the kernel
  for (auto _ : state) benchmark::DoNotOptimize(eager.op1("MaxPool", {x}, pool_attrs()));
}
BENCHMARK(BM_MaxPoolStem)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Conv2DBatch(benchmark::State& state) {
  tfe::Eager eager;
  const tfe::Value x{tfe::normal({16, 28, 28, 64}, 1)}, w{tfe::normal({3, 3, 64, 64}, 2, 0.05f)};
  eager.op1("Conv2D", {x, w}, conv_attrs("SAME"));  // builds the kernel
  for (auto _ : state) benchmark::DoNotOptimize(eager.op1("Conv2D", {x, w}, conv_attrs("SAME")));
  state.SetItemsProcessed(state.iterations() * 2LL * 16 * 28 * 28 * 64 * 64 * 9);
}
BENCHMARK(BM_Conv2DBatch)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond)->UseRealTime();

// Forward, a ones upstream gradient (the tape's default), and both backprops.
void BM_Conv2DBatchGradients(benchmark::State& state) {
  tfe::Eager eager;
  const tfe::Value x{tfe::normal({16, 28, 28, 64}, 1)}, w{tfe::normal({3, 3, 64, 64}, 2, 0.05f)};
  const tfe::Value x_shape{tfe::ints({16, 28, 28, 64})}, w_shape{tfe::ints({3, 3, 64, 64})};
  for (auto _ : state) {
    const tfe::Value dy = eager.op1("OnesLike", {eager.op1("Conv2D", {x, w}, conv_attrs("SAME"))});
    benchmark::DoNotOptimize(eager.op1("Conv2DBackpropInput", {x_shape, w, dy}, conv_attrs("SAME")));
    benchmark::DoNotOptimize(eager.op1("Conv2DBackpropFilter", {x, w_shape, dy}, conv_attrs("SAME")));
  }
}
BENCHMARK(BM_Conv2DBatchGradients)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond)->UseRealTime();

// Arg 0: average pooling, 1: max pooling (whose gradient kernel takes the forward output).
void BM_PoolGradients(benchmark::State& state) {
  tfe::Eager eager;
  const tfe::Value x{tfe::normal({8, 112, 112, 64}, 1)}, x_shape{tfe::ints({8, 112, 112, 64})};
  for (auto _ : state) {
    if (state.range(0)) {
      const tfe::Value y = eager.op1("MaxPool", {x}, pool_attrs());
      benchmark::DoNotOptimize(eager.op1("MaxPoolGrad", {x, y, eager.op1("OnesLike", {y})}, pool_attrs()));
    } else {
      const tfe::Value y = eager.op1("AvgPool", {x}, pool_attrs());
      benchmark::DoNotOptimize(eager.op1("AvgPoolGrad", {x_shape, eager.op1("OnesLike", {y})}, pool_attrs()));
    }
  }
}
BENCHMARK(BM_PoolGradients)->MeasureProcessCPUTime()->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
