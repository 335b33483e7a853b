// libtorch C++ twin of bench/train_step_bench.cc, with the same benchmark names: one SGD
// training step of the docs' MLP in eager mode (forward, backward, optimizer step,
// zero_grad). The peer has no traced training step, so both names run its eager step: the
// traced tfpp step is measured against PyTorch eager, as issue 4 asks.
#include <benchmark/benchmark.h>
#include <torch/torch.h>

namespace {

void train_step(benchmark::State& state) {
  const std::int64_t batch = state.range(0);
  torch::manual_seed(1);
  const torch::Tensor x = torch::rand({batch, 784});
  const torch::Tensor labels = torch::randint(0, 10, {batch}, torch::kLong);
  std::vector<torch::Tensor> params = {
      (torch::randn({784, 100}) * 0.05).requires_grad_(), torch::zeros({100}).requires_grad_(),
      (torch::randn({100, 100}) * 0.1).requires_grad_(),  torch::zeros({100}).requires_grad_(),
      (torch::randn({100, 10}) * 0.1).requires_grad_(),   torch::zeros({10}).requires_grad_()};
  torch::optim::SGD optimizer(params, torch::optim::SGDOptions(0.01));
  for (auto _ : state) {
    torch::Tensor h = torch::relu(torch::addmm(params[1], x, params[0]));
    h = torch::relu(torch::addmm(params[3], h, params[2]));
    torch::Tensor loss = torch::nn::functional::cross_entropy(torch::addmm(params[5], h, params[4]), labels);
    loss.backward();
    optimizer.step();
    optimizer.zero_grad();
    benchmark::DoNotOptimize(loss);
  }
}

void BM_MlpTrainStepEager(benchmark::State& state) { train_step(state); }
BENCHMARK(BM_MlpTrainStepEager)->Arg(32)->Arg(128)->Unit(benchmark::kMicrosecond)->UseRealTime();
void BM_MlpTrainStepTraced(benchmark::State& state) { train_step(state); }
BENCHMARK(BM_MlpTrainStepTraced)->Arg(32)->Arg(128)->Unit(benchmark::kMicrosecond)->UseRealTime();

}  // namespace
