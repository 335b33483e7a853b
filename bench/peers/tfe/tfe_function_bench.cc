// TensorFlow C API twins of bench/function_bench.cc, with the same benchmark names: ops one
// at a time through TFE_Execute for the *Eager benchmarks; for the *Traced ones, the same ops
// recorded into a graph, registered as a function (TF_GraphToFunction) and called as one op,
// which is what tf.function does.
#include <benchmark/benchmark.h>

#include <string>

#include "tfe.h"
#include "tfe_chain.h"

namespace {

void BM_Chain100Eager(benchmark::State& state) {
  tfe::Eager eager;
  const tfe::Value x{tfe::fill({state.range(0)}, 1.0f)}, c{tfe::fill({state.range(0)}, 1.0001f)};
  tfe_peer::chain(eager, x, c);  // builds the kernels
  for (auto _ : state) benchmark::DoNotOptimize(tfe_peer::chain(eager, x, c));
  state.SetItemsProcessed(state.iterations() * 100);
}
BENCHMARK(BM_Chain100Eager)->MeasureProcessCPUTime()->Arg(16)->Arg(1000)->Arg(100000);

void BM_Chain100Traced(benchmark::State& state) {
  const std::string name = "chain" + std::to_string(state.range(0));
  {
    tfe::Graph graph;
    const tfe::Value y = graph.input(TF_FLOAT), c = graph.input(TF_FLOAT);
    graph.function(name.c_str(), {tfe_peer::chain(graph, y, c)});
  }
  const tfe::Handle x = tfe::fill({state.range(0)}, 1.0f), c = tfe::fill({state.range(0)}, 1.0001f);
  tfe::call(name.c_str(), {x, c});  // optimizes and instantiates the function
  for (auto _ : state) benchmark::DoNotOptimize(tfe::call(name.c_str(), {x, c}));
  state.SetItemsProcessed(state.iterations() * 100);
}
BENCHMARK(BM_Chain100Traced)->MeasureProcessCPUTime()->Arg(16)->Arg(1000)->Arg(100000);

tfe::Value conv(tfe::Builder& b, const tfe::Value& x, const tfe::Value& w) {
  return b.op1("Conv2D", {x, w}, {{"strides", std::vector<std::int64_t>{1, 1, 1, 1}}, {"padding", std::string("VALID")}});
}

void BM_Conv2DDocsEager(benchmark::State& state) {
  tfe::Eager eager;
  const tfe::Value x{tfe::normal({1, 200, 200, 100}, 1)}, w{tfe::normal({3, 3, 100, 100}, 2)};
  conv(eager, x, w);  // builds the kernel
  for (auto _ : state) benchmark::DoNotOptimize(conv(eager, x, w));
}
BENCHMARK(BM_Conv2DDocsEager)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Conv2DDocsTraced(benchmark::State& state) {
  {
    tfe::Graph graph;
    const tfe::Value x = graph.input(TF_FLOAT), w = graph.input(TF_FLOAT);
    graph.function("conv", {conv(graph, x, w)});
  }
  const tfe::Handle x = tfe::normal({1, 200, 200, 100}, 1), w = tfe::normal({3, 3, 100, 100}, 2);
  tfe::call("conv", {x, w});  // optimizes and instantiates the function
  for (auto _ : state) benchmark::DoNotOptimize(tfe::call("conv", {x, w}));
}
BENCHMARK(BM_Conv2DDocsTraced)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
