// TensorFlow C API twin of bench/autodiff_bench.cc, with the same benchmark names: forward +
// backward of the docs' MLP through TFE_Execute, reading the parameters from resource variables.
#include <benchmark/benchmark.h>

#include "tfe.h"
#include "tfe_mlp.h"

namespace {

void BM_MlpForwardBackward(benchmark::State& state) {
  const tfe_peer::Mlp mlp(state.range(0));
  tfe::Eager eager;
  const std::vector<tfe::Value> vars = mlp.variable_values();
  mlp.loss_and_gradients(eager, {mlp.x}, {mlp.labels}, vars);  // builds the kernels
  for (auto _ : state) benchmark::DoNotOptimize(mlp.loss_and_gradients(eager, {mlp.x}, {mlp.labels}, vars));
}
BENCHMARK(BM_MlpForwardBackward)->MeasureProcessCPUTime()->Arg(32)->Arg(128)->Unit(benchmark::kMicrosecond)->UseRealTime();

}  // namespace
