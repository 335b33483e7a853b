// A full training step of the TensorFlow docs' MLP (784-100-100-10, relu, softmax
// cross-entropy with integer labels): forward, tape.gradient, and an SGD update of every
// weight and bias held in tf::Variables. Traced (the whole step is one tf::function) and
// eager, at batch 32 and 128. Run side by side with TensorFlow (eager and tf.function) and
// PyTorch eager (forward, backward, optimizer step, zero_grad) by bench/compare_peers.py.
#include <benchmark/benchmark.h>

#include <tfpp/tfpp.h>

namespace {

constexpr float kLearningRate = 0.01f;

struct Mlp {
  std::vector<tf::Variable> vars = {
      tf::Variable(tf::random::normal({784, 100}, {.stddev = 0.05, .seed = 3})), tf::Variable(tf::zeros({100})),
      tf::Variable(tf::random::normal({100, 100}, {.stddev = 0.1, .seed = 4})), tf::Variable(tf::zeros({100})),
      tf::Variable(tf::random::normal({100, 10}, {.stddev = 0.1, .seed = 5})), tf::Variable(tf::zeros({10}))};

  // One SGD step on (x, labels); returns the loss before the update.
  tf::Tensor step(const tf::Tensor& x, const tf::Tensor& labels) {
    tf::GradientTape tape;
    tf::Tensor h = tf::nn::relu(tf::matmul(x, vars[0]) + vars[1]);
    h = tf::nn::relu(tf::matmul(h, vars[2]) + vars[3]);
    const tf::Tensor logits = tf::matmul(h, vars[4]) + vars[5];
    const tf::Tensor loss = tf::reduce_mean(tf::nn::sparse_softmax_cross_entropy_with_logits(labels, logits));
    const std::vector<tf::Tensor> grads = tape.gradient(loss, vars);
    for (std::size_t i = 0; i < vars.size(); ++i) vars[i].assign_sub(grads[i] * kLearningRate);
    return loss;
  }
};

struct Batch {
  tf::Tensor x, labels;
  explicit Batch(std::int64_t n)
      : x(tf::random::uniform({n, 784}, {.seed = 1})),
        labels(tf::random::uniform({n}, {.minval = 0, .maxval = 10, .dtype = tf::int32, .seed = 2})) {}
};

void BM_MlpTrainStepEager(benchmark::State& state) {
  const Batch batch(state.range(0));
  Mlp model;
  for (auto _ : state) benchmark::DoNotOptimize(model.step(batch.x, batch.labels));
}
BENCHMARK(BM_MlpTrainStepEager)->MeasureProcessCPUTime()->Arg(32)->Arg(128)->Unit(benchmark::kMicrosecond)->UseRealTime();

// The whole step, gradients and updates included, as one traced graph.
void BM_MlpTrainStepTraced(benchmark::State& state) {
  const Batch batch(state.range(0));
  Mlp model;
  auto step = tf::function([&model](const tf::Tensor& x, const tf::Tensor& labels) { return model.step(x, labels); });
  step(batch.x, batch.labels);  // traces
  for (auto _ : state) benchmark::DoNotOptimize(step(batch.x, batch.labels));
}
BENCHMARK(BM_MlpTrainStepTraced)->MeasureProcessCPUTime()->Arg(32)->Arg(128)->Unit(benchmark::kMicrosecond)->UseRealTime();

}  // namespace
