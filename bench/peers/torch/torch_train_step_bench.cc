// libtorch C++ twin of bench/train_step_bench.cc, with the same benchmark names: one SGD
// training step of the docs' MLP in eager mode (forward, backward, optimizer step,
// zero_grad). The peer has no traced training step, so both names run its eager step: the
// traced tfpp step is measured against PyTorch eager, as issue 4 asks.
#include <benchmark/benchmark.h>
#include <torch/torch.h>

#include "torch_mlp.h"

namespace {

void train_step(benchmark::State& state) {
  torch_peer::Mlp mlp(state.range(0));
  torch::optim::SGD optimizer(mlp.params, torch::optim::SGDOptions(0.01));
  for (auto _ : state) {
    torch::Tensor loss = mlp.loss();
    loss.backward();
    optimizer.step();
    optimizer.zero_grad();
    benchmark::DoNotOptimize(loss);
  }
}

void BM_MlpTrainStepEager(benchmark::State& state) { train_step(state); }
BENCHMARK(BM_MlpTrainStepEager)->MeasureProcessCPUTime()->Arg(32)->Arg(128)->Unit(benchmark::kMicrosecond)->UseRealTime();
void BM_MlpTrainStepTraced(benchmark::State& state) { train_step(state); }
BENCHMARK(BM_MlpTrainStepTraced)->MeasureProcessCPUTime()->Arg(32)->Arg(128)->Unit(benchmark::kMicrosecond)->UseRealTime();

}  // namespace
