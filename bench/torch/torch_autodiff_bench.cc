// libtorch C++ twin of bench/autodiff_bench.cc, with the same benchmark names: forward +
// backward of the docs' MLP, gradients by torch::autograd::grad (nothing accumulates).
#include <benchmark/benchmark.h>
#include <torch/torch.h>

namespace {

void BM_MlpForwardBackward(benchmark::State& state) {
  const std::int64_t batch = state.range(0);
  torch::manual_seed(1);
  const torch::Tensor x = torch::rand({batch, 784});
  const torch::Tensor labels = torch::randint(0, 10, {batch}, torch::kLong);
  std::vector<torch::Tensor> params = {
      (torch::randn({784, 100}) * 0.05).requires_grad_(), torch::zeros({100}).requires_grad_(),
      (torch::randn({100, 100}) * 0.1).requires_grad_(),  torch::zeros({100}).requires_grad_(),
      (torch::randn({100, 10}) * 0.1).requires_grad_(),   torch::zeros({10}).requires_grad_()};
  for (auto _ : state) {
    torch::Tensor h = torch::relu(torch::addmm(params[1], x, params[0]));
    h = torch::relu(torch::addmm(params[3], h, params[2]));
    const torch::Tensor loss = torch::nn::functional::cross_entropy(torch::addmm(params[5], h, params[4]), labels);
    benchmark::DoNotOptimize(torch::autograd::grad({loss}, params));
  }
}
BENCHMARK(BM_MlpForwardBackward)->Arg(32)->Arg(128)->Unit(benchmark::kMicrosecond)->UseRealTime();

}  // namespace
