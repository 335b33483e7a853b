// TensorFlow C API twins of bench/eager_bench.cc, with the same benchmark names: each op
// through TFE_Execute.
#include <benchmark/benchmark.h>

#include "tfe.h"
#include "tfe_chain.h"

namespace {

void BM_EagerAddScalar(benchmark::State& state) {
  tfe::Eager eager;
  const tfe::Value a{tfe::fill({}, 1.0f)}, b{tfe::fill({}, 2.0f)};
  eager.op1("AddV2", {a, b});  // builds the kernel
  for (auto _ : state) benchmark::DoNotOptimize(eager.op1("AddV2", {a, b}));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EagerAddScalar)->MeasureProcessCPUTime();

void BM_EagerChain100(benchmark::State& state) {
  tfe::Eager eager;
  const tfe::Value x{tfe::fill({state.range(0)}, 1.0f)}, c{tfe::fill({state.range(0)}, 1.0001f)};
  tfe_peer::chain(eager, x, c);  // builds the kernels
  for (auto _ : state) benchmark::DoNotOptimize(tfe_peer::chain(eager, x, c));
  state.SetItemsProcessed(state.iterations() * 100);
}
BENCHMARK(BM_EagerChain100)->MeasureProcessCPUTime()->Arg(16)->Arg(1000);

}  // namespace
