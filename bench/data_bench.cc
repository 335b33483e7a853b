// tf.data throughput: the Fashion-MNIST input pipeline (from_tensor_slices -> shuffle ->
// map(normalize) -> batch(32) -> prefetch), a training step with and without that pipeline
// feeding it, and TFRecord reading. Run side by side with tf.data itself (TensorFlow 2.21, Python)
// by bench/compare_peers.py.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <vector>

#include <tfpp/tfpp.h>

namespace {

// Fashion-MNIST's training set as float32 images [60000, 28, 28] (0..255) and int32 labels (the
// sparse cross-entropy takes int32 or int64 labels, as TensorFlow's).
const std::pair<tf::Tensor, tf::Tensor>& fashion_mnist() {
  static const std::pair<tf::Tensor, tf::Tensor> data = [] {
    auto [train, test] = tf::keras::datasets::fashion_mnist::load_data();
    return std::pair{tf::cast(train.first, tf::float32), tf::cast(train.second, tf::int32)};
  }();
  return data;
}

// The pipeline's shapes the benchmarks compare.
enum Shape { kMapThenBatch, kBatchThenMap, kInline };
const char* const kShapeNames[] = {"map then batch", "batch then map", "inline (no pipeline threads)"};

tf::data::Dataset pipeline(int shape) {
  const auto& [x, y] = fashion_mnist();
  auto normalize = [](const tf::Tensor& image, const tf::Tensor& label) { return std::pair{image / 255.0f, label}; };
  auto ds = tf::data::Dataset::from_tensor_slices({x, y}).shuffle(10000, {.seed = 1});
  if (shape == kInline) return ds.map(normalize).batch(32);
  if (shape == kBatchThenMap) ds = ds.batch(32).map(normalize, {.num_parallel_calls = tf::data::AUTOTUNE});
  else ds = ds.map(normalize, {.num_parallel_calls = tf::data::AUTOTUNE}).batch(32);
  return ds.prefetch(tf::data::AUTOTUNE);
}

// One epoch of the pipeline per iteration; items are images.
void BM_FashionMnistPipeline(benchmark::State& state) {
  const int shape = static_cast<int>(state.range(0));
  auto ds = pipeline(shape);
  std::int64_t images = 0;
  for (auto _ : state) {
    for (const auto& batch : ds) images += batch[0].shape().dim(0);
  }
  state.SetItemsProcessed(images);
  state.SetLabel(kShapeNames[shape]);
}
BENCHMARK(BM_FashionMnistPipeline)->MeasureProcessCPUTime()->DenseRange(0, 2)->Unit(benchmark::kMillisecond)->UseRealTime();

// The per-element pipeline's stages on the calling thread alone (no map workers, no
// prefetch): arg 0 slices, 1 adds shuffle, 2 adds map(normalize), 3 adds batch(32). Items are
// images; the time per image is what one core's worth of pipeline costs.
void BM_PipelineStagesInline(benchmark::State& state) {
  const auto& [x, y] = fashion_mnist();
  const std::int64_t stages = state.range(0);
  auto normalize = [](const tf::Tensor& image, const tf::Tensor& label) { return std::pair{image / 255.0f, label}; };
  auto ds = tf::data::Dataset::from_tensor_slices({x, y});
  if (stages >= 1) ds = ds.shuffle(10000, {.seed = 1});
  if (stages >= 2) ds = ds.map(normalize);
  if (stages >= 3) ds = ds.batch(32);
  std::int64_t images = 0;
  for (auto _ : state) {
    for (const auto& e : ds) images += stages >= 3 ? e[0].shape().dim(0) : 1;
  }
  state.SetItemsProcessed(images);
  static const char* labels[] = {"slices", "+shuffle", "+map", "+batch"};
  state.SetLabel(labels[stages]);
}
BENCHMARK(BM_PipelineStagesInline)->MeasureProcessCPUTime()->DenseRange(0, 3)->Unit(benchmark::kMillisecond)->UseRealTime();

// The TensorFlow classification tutorial's model (Flatten, Dense(128, relu), Dense(10)) as
// variables, trained with plain SGD: the step the pipeline has to keep fed.
class TrainStep {
 public:
  TrainStep()
      : w1_(tf::random::truncated_normal({784, 128}, {.stddev = 0.05, .seed = 1})), b1_(tf::zeros({128})),
        w2_(tf::random::truncated_normal({128, 10}, {.stddev = 0.05, .seed = 2})), b2_(tf::zeros({10})) {}

  // Forward pass, gradients and update for one batch; returns the loss.
  tf::Tensor operator()(const tf::Tensor& images, const tf::Tensor& labels) {
    tf::GradientTape tape;
    tf::Tensor x = tf::reshape(images, {images.shape().dim(0), 784});
    tf::Tensor hidden = tf::nn::relu(tf::matmul(x, w1_) + b1_);
    tf::Tensor logits = tf::matmul(hidden, w2_) + b2_;
    tf::Tensor loss = tf::reduce_mean(tf::nn::sparse_softmax_cross_entropy_with_logits(labels, logits));
    std::vector<tf::Tensor> grads = tape.gradient(loss, {w1_, b1_, w2_, b2_});
    w1_.assign_sub(grads[0] * 0.01f);
    b1_.assign_sub(grads[1] * 0.01f);
    w2_.assign_sub(grads[2] * 0.01f);
    b2_.assign_sub(grads[3] * 0.01f);
    return loss;
  }

 private:
  tf::Variable w1_, b1_, w2_, b2_;
};

// Steps over batches already in memory: the time a step takes with no input pipeline.
void BM_StepWithoutPipeline(benchmark::State& state) {
  TrainStep step;
  std::vector<tf::data::Element> batches;
  for (const auto& b : pipeline(kInline).take(100)) batches.push_back(b);
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& batch = batches[i++ % batches.size()];
    benchmark::DoNotOptimize(step(batch[0], batch[1]));
  }
  state.SetItemsProcessed(state.iterations() * 32);
}
BENCHMARK(BM_StepWithoutPipeline)->MeasureProcessCPUTime()->Unit(benchmark::kMicrosecond)->UseRealTime();

// The same steps fed by the pipeline: equal time means the pipeline never stalls training.
// Arg 1 batches before mapping (the tf.data guide's vectorized map); arg 2 runs the pipeline
// on the step's thread between steps.
void BM_StepWithPipeline(benchmark::State& state) {
  const int shape = static_cast<int>(state.range(0));
  TrainStep step;
  auto ds = pipeline(shape).repeat();
  auto it = ds.begin();
  for (auto _ : state) {
    benchmark::DoNotOptimize(step((*it)[0], (*it)[1]));
    ++it;
  }
  state.SetItemsProcessed(state.iterations() * 32);
  state.SetLabel(kShapeNames[shape]);
}
BENCHMARK(BM_StepWithPipeline)->MeasureProcessCPUTime()->DenseRange(0, 2)->Unit(benchmark::kMicrosecond)->UseRealTime();

// A ~200 MB TFRecord file of records of `record_size` bytes, written once per size.
const std::string& tfrecord_file(std::int64_t record_size) {
  // Removed when the program exits.
  static struct Files : std::map<std::int64_t, std::string> {
    ~Files() {
      for (const auto& [size, name] : *this) std::remove(name.c_str());
    }
  } files;
  auto& path = files[record_size];
  if (path.empty()) {
    path = (std::filesystem::temp_directory_path() / ("tfpp_bench_" + std::to_string(record_size) + ".tfrecord")).string();
    tf::io::TFRecordWriter w(path);
    std::string record(static_cast<std::size_t>(record_size), 'x');
    for (std::int64_t written = 0; written < (200 << 20); written += record_size) {
      record[written % record_size] ^= 1;
      w.write(record);
    }
    w.close();
  }
  return path;
}

void BM_TFRecordRead(benchmark::State& state) {
  const std::string& path = tfrecord_file(state.range(0));
  std::int64_t bytes = 0;
  for (auto _ : state) {
    for (const auto& r : tf::data::TFRecordDataset(path)) bytes += static_cast<std::int64_t>(r[0].data<std::string>()->size());
  }
  state.SetBytesProcessed(bytes);
}
BENCHMARK(BM_TFRecordRead)->MeasureProcessCPUTime()->Arg(1 << 10)->Arg(100 << 10)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
