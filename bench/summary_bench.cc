// TensorBoard summaries, eagerly and inside tf::function: scalar summaries (the step's value as
// float32), histograms of one 1 MB tensor (262144 float32 values), and the TensorFlow docs' MLP
// training step (train_step_bench.cc's) with no summary, with the loss as a scalar summary, and
// with the loss plus a histogram of every weight, at every step. bench/summary_compare.py runs
// TensorFlow 2.21's tf.summary on the same work. The counts come from TFPP_SUMMARY_SCALARS and
// TFPP_SUMMARY_HISTOGRAMS (default 1000000 and 1000).
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include <tfpp/tfpp.h>

namespace {

std::int64_t count_from_env(const char* name, std::int64_t fallback) {
  const char* value = std::getenv(name);
  return value ? std::atoll(value) : fallback;
}

std::string fresh_logdir(const std::string& name) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("tfpp_summary_bench_" + name + "_" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  return dir.string();
}

// One iteration writes state.range(0) scalars and flushes the file: eagerly, one call each
// (range(1) = 0), or in one tf::function whose loop writes them all (range(1) = 1), as
// `for step in tf.range(n)` in a tf.function does.
void BM_ScalarSummaries(benchmark::State& state) {
  const std::int64_t count = state.range(0);
  const bool traced = state.range(1) != 0;
  const std::string logdir = fresh_logdir("scalars");
  auto writer = tf::summary::create_file_writer(logdir);
  auto scope = writer.as_default();
  auto write_all = tf::function([](const tf::Tensor& n) {
    return std::get<0>(tf::for_range(
        n,
        [](const tf::Tensor& step, const tf::Tensor& written) {
          tf::summary::scalar("loss", tf::cast(step, tf::float32), step);
          return std::tuple{written + std::int64_t{1}};
        },
        std::tuple{tf::constant(std::int64_t{0})}));
  });
  if (traced) write_all(tf::constant(std::int64_t{1}));  // traces
  for (auto _ : state) {
    if (traced) {
      benchmark::DoNotOptimize(write_all(tf::constant(count)));
    } else {
      for (std::int64_t step = 0; step < count; ++step)
        tf::summary::scalar("loss", tf::constant(static_cast<float>(step)), step);
    }
    writer.flush();
  }
  writer.close();
  std::filesystem::remove_all(logdir);
}
BENCHMARK(BM_ScalarSummaries)->MeasureProcessCPUTime()
    ->ArgNames({"count", "traced"})
    ->Args({count_from_env("TFPP_SUMMARY_SCALARS", 1000000), 0})
    ->Args({count_from_env("TFPP_SUMMARY_SCALARS", 1000000), 1})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// One iteration writes state.range(0) histograms of the same 1 MB tensor and flushes the file:
// eagerly (range(1) = 0) or each by a call of a tf::function (range(1) = 1).
void BM_HistogramSummaries(benchmark::State& state) {
  const std::int64_t count = state.range(0);
  const bool traced = state.range(1) != 0;
  const std::string logdir = fresh_logdir("histograms");
  const tf::Tensor data = tf::random::normal({262144}, {.seed = 1});
  auto writer = tf::summary::create_file_writer(logdir);
  auto scope = writer.as_default();
  // The tensor is an argument, as the weights a training step logs: a captured constant would
  // let constant folding bucket it once.
  auto write_one = tf::function([](const tf::Tensor& values, const tf::Tensor& step) {
    tf::summary::histogram("weights", values, step);
    return step;
  });
  if (traced) write_one(data, tf::constant(std::int64_t{0}));  // traces
  for (auto _ : state) {
    for (std::int64_t step = 0; step < count; ++step) {
      if (traced) write_one(data, tf::constant(step));
      else tf::summary::histogram("weights", data, step);
    }
    writer.flush();
  }
  writer.close();
  std::filesystem::remove_all(logdir);
}
BENCHMARK(BM_HistogramSummaries)->MeasureProcessCPUTime()
    ->ArgNames({"count", "traced"})
    ->Args({count_from_env("TFPP_SUMMARY_HISTOGRAMS", 1000), 0})
    ->Args({count_from_env("TFPP_SUMMARY_HISTOGRAMS", 1000), 1})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

struct Mlp {
  std::vector<tf::Variable> vars = {
      tf::Variable(tf::random::normal({784, 100}, {.stddev = 0.05, .seed = 3}), {.name = "dense/kernel"}),
      tf::Variable(tf::zeros({100}), {.name = "dense/bias"}),
      tf::Variable(tf::random::normal({100, 100}, {.stddev = 0.1, .seed = 4}), {.name = "dense_1/kernel"}),
      tf::Variable(tf::zeros({100}), {.name = "dense_1/bias"}),
      tf::Variable(tf::random::normal({100, 10}, {.stddev = 0.1, .seed = 5}), {.name = "dense_2/kernel"}),
      tf::Variable(tf::zeros({10}), {.name = "dense_2/bias"})};

  tf::Tensor step(const tf::Tensor& x, const tf::Tensor& labels) {
    tf::GradientTape tape;
    tf::Tensor h = tf::nn::relu(tf::matmul(x, vars[0]) + vars[1]);
    h = tf::nn::relu(tf::matmul(h, vars[2]) + vars[3]);
    const tf::Tensor logits = tf::matmul(h, vars[4]) + vars[5];
    const tf::Tensor loss = tf::reduce_mean(tf::nn::sparse_softmax_cross_entropy_with_logits(labels, logits));
    const std::vector<tf::Tensor> grads = tape.gradient(loss, vars);
    for (std::size_t i = 0; i < vars.size(); ++i) vars[i].assign_sub(grads[i] * 0.01f);
    return loss;
  }
};

// The MLP step at batch 32, eagerly (range(0) = 0) or traced (range(0) = 1); range(1) says what
// it writes at the step counter's value (a variable the step increments), as a training loop
// logs: 0 nothing, 1 the loss as a scalar, 2 the loss and a histogram of each of the 6 weights.
void BM_TrainStep(benchmark::State& state) {
  const bool traced = state.range(0) != 0;
  const std::int64_t summaries = state.range(1);
  const tf::Tensor x = tf::random::uniform({32, 784}, {.seed = 1});
  const tf::Tensor labels = tf::random::uniform({32}, {.minval = 0, .maxval = 10, .dtype = tf::int32, .seed = 2});
  const std::string logdir = fresh_logdir("train_step");
  auto writer = tf::summary::create_file_writer(logdir);
  auto scope = writer.as_default();
  tf::Variable counter(std::int64_t{0}, {.trainable = false});
  Mlp model;
  auto step = [&](const tf::Tensor& xs, const tf::Tensor& ys) {
    tf::Tensor loss = model.step(xs, ys);
    if (summaries >= 1) tf::summary::scalar("loss", loss, counter);
    if (summaries >= 2)
      for (const tf::Variable& v : model.vars) tf::summary::histogram(v.name(), v.read_value(), counter);
    counter.assign_add(tf::constant(std::int64_t{1}));
    return loss;
  };
  auto traced_step = tf::function(step);
  auto run = [&] { return traced ? traced_step(x, labels) : step(x, labels); };
  run();  // traces
  for (auto _ : state) benchmark::DoNotOptimize(run());
  writer.close();
  std::filesystem::remove_all(logdir);
}
BENCHMARK(BM_TrainStep)->MeasureProcessCPUTime()
    ->ArgNames({"traced", "summaries"})
    ->ArgsProduct({{0, 1}, {0, 1, 2}})
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();

}  // namespace
