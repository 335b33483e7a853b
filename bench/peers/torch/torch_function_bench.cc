// libtorch C++ twins of bench/function_bench.cc, with the same benchmark names: eager libtorch
// for the *Eager benchmarks, TorchScript (torch::jit::compile, the C++ form of
// torch.jit.script) for the *Traced ones.
#include <benchmark/benchmark.h>
#include <torch/script.h>
#include <torch/torch.h>

namespace {

torch::Tensor chain(torch::Tensor y, const torch::Tensor& c) {
  for (int i = 0; i < 25; ++i) y = ((y * c + c) - c) / c;
  return y;
}

void BM_Chain100Eager(benchmark::State& state) {
  torch::NoGradGuard no_grad;
  torch::Tensor x = torch::ones({state.range(0)}), c = torch::full({state.range(0)}, 1.0001f);
  for (auto _ : state) benchmark::DoNotOptimize(chain(x, c));
  state.SetItemsProcessed(state.iterations() * 100);
}
BENCHMARK(BM_Chain100Eager)->MeasureProcessCPUTime()->Arg(16)->Arg(1000)->Arg(100000);

// The chain unrolled in TorchScript source, as torch.jit.trace records it.
std::string chain_source() {
  std::string s = "def chain(y, c):\n";
  for (int i = 0; i < 25; ++i) s += "    y = ((y * c + c) - c) / c\n";
  return s + "    return y\n";
}

void BM_Chain100Traced(benchmark::State& state) {
  torch::NoGradGuard no_grad;
  torch::Tensor x = torch::ones({state.range(0)}), c = torch::full({state.range(0)}, 1.0001f);
  auto unit = torch::jit::compile(chain_source());
  for (int i = 0; i < 5; ++i) unit->run_method("chain", x, c);  // the profiling executor optimizes after warm-up
  for (auto _ : state) benchmark::DoNotOptimize(unit->run_method("chain", x, c));
  state.SetItemsProcessed(state.iterations() * 100);
}
BENCHMARK(BM_Chain100Traced)->MeasureProcessCPUTime()->Arg(16)->Arg(1000)->Arg(100000);

void BM_Conv2DDocsEager(benchmark::State& state) {
  torch::NoGradGuard no_grad;
  torch::Tensor x = torch::randn({1, 100, 200, 200}).contiguous(torch::MemoryFormat::ChannelsLast);
  torch::Tensor w = torch::randn({100, 100, 3, 3});
  for (auto _ : state) benchmark::DoNotOptimize(torch::conv2d(x, w));
}
BENCHMARK(BM_Conv2DDocsEager)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Conv2DDocsTraced(benchmark::State& state) {
  torch::NoGradGuard no_grad;
  torch::Tensor x = torch::randn({1, 100, 200, 200}).contiguous(torch::MemoryFormat::ChannelsLast);
  torch::Tensor w = torch::randn({100, 100, 3, 3});
  auto unit = torch::jit::compile("def conv(x, w):\n    return torch.conv2d(x, w)\n");
  for (int i = 0; i < 3; ++i) unit->run_method("conv", x, w);
  for (auto _ : state) benchmark::DoNotOptimize(unit->run_method("conv", x, w));
}
BENCHMARK(BM_Conv2DDocsTraced)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
