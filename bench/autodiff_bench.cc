// Forward + backward of the TensorFlow docs' MLP (784-100-100-10, relu, softmax
// cross-entropy with integer labels) through tf::Variable and tf::GradientTape, at batch 32
// and 128. Run side by side with TensorFlow and PyTorch by bench/compare_peers.py.
#include <benchmark/benchmark.h>

#include <tfpp/tfpp.h>

namespace {

void BM_MlpForwardBackward(benchmark::State& state) {
  const std::int64_t batch = state.range(0);
  const tf::Tensor x = tf::random::uniform({batch, 784}, {.seed = 1});
  const tf::Tensor labels = tf::random::uniform({batch}, {.minval = 0, .maxval = 10, .dtype = tf::int32, .seed = 2});
  std::vector<tf::Variable> vars = {
      tf::Variable(tf::random::normal({784, 100}, {.stddev = 0.05, .seed = 3})), tf::Variable(tf::zeros({100})),
      tf::Variable(tf::random::normal({100, 100}, {.stddev = 0.1, .seed = 4})), tf::Variable(tf::zeros({100})),
      tf::Variable(tf::random::normal({100, 10}, {.stddev = 0.1, .seed = 5})), tf::Variable(tf::zeros({10}))};
  for (auto _ : state) {
    tf::GradientTape tape;
    tf::Tensor h = tf::nn::relu(tf::matmul(x, vars[0]) + vars[1]);
    h = tf::nn::relu(tf::matmul(h, vars[2]) + vars[3]);
    const tf::Tensor logits = tf::matmul(h, vars[4]) + vars[5];
    const tf::Tensor loss = tf::reduce_mean(tf::nn::sparse_softmax_cross_entropy_with_logits(labels, logits));
    benchmark::DoNotOptimize(tape.gradient(loss, vars));
  }
}
BENCHMARK(BM_MlpForwardBackward)->MeasureProcessCPUTime()->Arg(32)->Arg(128)->Unit(benchmark::kMicrosecond)->UseRealTime();

}  // namespace

// The per-read cost of variables under a recording tape (every eager training step reads each
// weight once): 100 adds `va + vb` of two scalar variables under one tape, against the same adds
// on two watched tensors. Time per add: real_time / 100.
void BM_TapeVariableAdd(benchmark::State& state) {
  const tf::Variable va(tf::constant(1.0f)), vb(tf::constant(2.0f));
  for (auto _ : state) {
    tf::GradientTape tape;
    for (int i = 0; i < 100; ++i) benchmark::DoNotOptimize(va + vb);
  }
  state.SetItemsProcessed(state.iterations() * 100);
}
BENCHMARK(BM_TapeVariableAdd)->MeasureProcessCPUTime()->Unit(benchmark::kMicrosecond)->UseRealTime();

void BM_TapeWatchedTensorAdd(benchmark::State& state) {
  const tf::Tensor a = tf::constant(1.0f), b = tf::constant(2.0f);
  for (auto _ : state) {
    tf::GradientTape tape;
    tape.watch(a);
    tape.watch(b);
    for (int i = 0; i < 100; ++i) benchmark::DoNotOptimize(a + b);
  }
  state.SetItemsProcessed(state.iterations() * 100);
}
BENCHMARK(BM_TapeWatchedTensorAdd)->MeasureProcessCPUTime()->Unit(benchmark::kMicrosecond)->UseRealTime();
