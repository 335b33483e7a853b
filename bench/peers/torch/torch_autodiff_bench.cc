// libtorch C++ twin of bench/autodiff_bench.cc, with the same benchmark names: forward +
// backward of the docs' MLP, gradients by torch::autograd::grad (nothing accumulates).
#include <benchmark/benchmark.h>
#include <torch/torch.h>

#include "torch_mlp.h"

namespace {

void BM_MlpForwardBackward(benchmark::State& state) {
  const torch_peer::Mlp mlp(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(torch::autograd::grad({mlp.loss()}, mlp.params));
}
BENCHMARK(BM_MlpForwardBackward)->MeasureProcessCPUTime()->Arg(32)->Arg(128)->Unit(benchmark::kMicrosecond)->UseRealTime();

}  // namespace
