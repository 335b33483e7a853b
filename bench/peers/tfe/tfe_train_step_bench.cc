// TensorFlow C API twin of bench/train_step_bench.cc, with the same benchmark names: one SGD
// step of the docs' MLP, op by op through TFE_Execute (eager), or as one registered function
// called through TFE_Execute (traced, what tf.function does).
#include <benchmark/benchmark.h>

#include <string>

#include "tfe.h"
#include "tfe_mlp.h"

namespace {

void BM_MlpTrainStepEager(benchmark::State& state) {
  const tfe_peer::Mlp mlp(state.range(0));
  tfe::Eager eager;
  const std::vector<tfe::Value> vars = mlp.variable_values();
  mlp.step(eager, {mlp.x}, {mlp.labels}, vars);  // builds the kernels
  for (auto _ : state) benchmark::DoNotOptimize(mlp.step(eager, {mlp.x}, {mlp.labels}, vars));
}
BENCHMARK(BM_MlpTrainStepEager)->MeasureProcessCPUTime()->Arg(32)->Arg(128)->Unit(benchmark::kMicrosecond)->UseRealTime();

void BM_MlpTrainStepTraced(benchmark::State& state) {
  const tfe_peer::Mlp mlp(state.range(0));
  const std::string name = "train_step" + std::to_string(state.range(0));
  mlp.trace_step(name);
  const std::vector<tfe::Handle> args = mlp.step_arguments();
  tfe::call(name.c_str(), args);  // optimizes and instantiates the function
  for (auto _ : state) benchmark::DoNotOptimize(tfe::call(name.c_str(), args));
}
BENCHMARK(BM_MlpTrainStepTraced)->MeasureProcessCPUTime()->Arg(32)->Arg(128)->Unit(benchmark::kMicrosecond)->UseRealTime();

}  // namespace
