// tf.data throughput: the Fashion-MNIST input pipeline (from_tensor_slices -> shuffle ->
// map(normalize) -> batch(32) -> prefetch), a training step with and without that pipeline
// feeding it, and TFRecord reading.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <map>

#include <tfpp/tfpp.h>

namespace {

// Fashion-MNIST's training set as float32 images [60000, 28, 28] (0..255) and int32 labels.
const std::pair<tf::Tensor, tf::Tensor>& fashion_mnist() {
  static const std::pair<tf::Tensor, tf::Tensor> data = [] {
    auto [train, test] = tf::keras::datasets::fashion_mnist::load_data();
    std::vector<std::int32_t> px = train.first.numpy<std::int32_t>();
    return std::pair{tf::constant(std::vector<float>(px.begin(), px.end()), train.first.shape()), train.second};
  }();
  return data;
}

tf::data::Dataset pipeline(bool map_after_batch) {
  const auto& [x, y] = fashion_mnist();
  auto normalize = [](const tf::Tensor& image, const tf::Tensor& label) { return std::pair{image / 255.0f, label}; };
  auto ds = tf::data::Dataset::from_tensor_slices({x, y}).shuffle(10000, {.seed = 1});
  if (map_after_batch) ds = ds.batch(32).map(normalize, {.num_parallel_calls = tf::data::AUTOTUNE});
  else ds = ds.map(normalize, {.num_parallel_calls = tf::data::AUTOTUNE}).batch(32);
  return ds.prefetch(tf::data::AUTOTUNE);
}

// One epoch of the pipeline per iteration; items are images.
void BM_FashionMnistPipeline(benchmark::State& state) {
  const bool batch_first = state.range(0) != 0;
  auto ds = pipeline(batch_first);
  std::int64_t images = 0;
  for (auto _ : state) {
    for (const auto& batch : ds) images += batch[0].shape().dim(0);
  }
  state.SetItemsProcessed(images);
  state.SetLabel(batch_first ? "batch then map" : "map then batch");
}
BENCHMARK(BM_FashionMnistPipeline)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// A small training-like step on a [32, 784] batch: two matmuls.
tf::Tensor step(const tf::Tensor& images, const tf::Tensor& w1, const tf::Tensor& w2) {
  return tf::matmul(tf::matmul(tf::reshape(images, {images.shape().dim(0), 784}), w1), w2);
}

// Steps over batches already in memory: the time a step takes with no input pipeline.
void BM_StepWithoutPipeline(benchmark::State& state) {
  tf::Tensor w1 = tf::ones({784, 256}), w2 = tf::ones({256, 10});
  std::vector<tf::Tensor> batches;
  for (const auto& b : pipeline(false).take(100)) batches.push_back(b[0]);
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(step(batches[i++ % batches.size()], w1, w2));
  state.SetItemsProcessed(state.iterations() * 32);
}
BENCHMARK(BM_StepWithoutPipeline)->Unit(benchmark::kMicrosecond)->UseRealTime();

// The same steps fed by the pipeline: equal time means the pipeline never stalls training.
void BM_StepWithPipeline(benchmark::State& state) {
  tf::Tensor w1 = tf::ones({784, 256}), w2 = tf::ones({256, 10});
  auto ds = pipeline(false).repeat();
  auto it = ds.begin();
  for (auto _ : state) {
    benchmark::DoNotOptimize(step((*it)[0], w1, w2));
    ++it;
  }
  state.SetItemsProcessed(state.iterations() * 32);
}
BENCHMARK(BM_StepWithPipeline)->Unit(benchmark::kMicrosecond)->UseRealTime();

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
BENCHMARK(BM_TFRecordRead)->Arg(1 << 10)->Arg(100 << 10)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
