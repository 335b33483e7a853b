// ModelCheckpoint in a real fit: the best epochs' weights land in files named by epoch and
// validation loss, and batch-frequency saves hold the weights of the batch that triggered them.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <map>

#include "keras/callbacks/tiny_model.h"
#include "tfpp/keras/callbacks.h"
#include "tfpp/keras/saving.h"

namespace tf::keras::callbacks {
namespace {

namespace fs = std::filesystem;

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("tfpp_checkpoint_fit_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::map<std::string, float> saved_files(const fs::path& dir) {
  std::map<std::string, float> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    auto model = testing::tiny_model();
    model.load_weights(entry.path().string());
    files[entry.path().filename().string()] = testing::weight_of(model);
  }
  return files;
}

// Records the weight and the logs after every epoch and every batch (it runs after the checkpoint).
struct Recorder : Callback {
  std::vector<float> epoch_weights;
  std::vector<double> val_losses;
  std::vector<std::pair<int, float>> batch_weights;  // (epoch, weight) per batch
  int epoch = 0;
  void on_epoch_begin(int e, Logs&) override { epoch = e; }
  void on_train_batch_end(std::int64_t, Logs&) override { batch_weights.emplace_back(epoch, testing::weight_of(*model())); }
  void on_epoch_end(int, Logs& logs) override {
    epoch_weights.push_back(testing::weight_of(*model()));
    val_losses.push_back(logs.at("val_loss"));
  }
};

Tensor inputs(int n, float offset) {
  std::vector<float> v;
  for (int i = 0; i < n; ++i) v.push_back(offset + 0.25f * static_cast<float>(i % 5));
  return constant(v, {n, 1});
}

TEST(ModelCheckpointFitTest, SavesTheBestEpochsNamedByEpochAndValidationLoss) {
  const fs::path dir = fresh_dir("best");
  auto model = testing::compiled_tiny_model(0.05);
  testing::set_weight(model, -1.0f);
  auto checkpoint = std::make_shared<ModelCheckpoint>((dir / "{epoch:02d}-{val_loss:.4f}.weights.h5").string(),
                                                      ModelCheckpointOptions{.save_best_only = true, .save_weights_only = true});
  auto recorder = std::make_shared<Recorder>();
  // The target is 2x; the validation inputs lie elsewhere, and a large rate overshoots at times.
  const Tensor x = inputs(16, 0.5f), x_val = inputs(8, -1.0f);
  model.fit(x, x * 2.0f, {.batch_size = 4, .epochs = 8, .verbose = 0, .callbacks = {checkpoint, recorder},
                          .validation_data = {x_val, x_val * 2.0f}, .shuffle = false});
  std::map<std::string, float> expected;
  std::optional<double> best;
  for (std::size_t e = 0; e < recorder->val_losses.size(); ++e) {
    const double loss = recorder->val_losses[e];
    if (best && !(loss < *best)) continue;
    best = loss;
    char name[64];
    std::snprintf(name, sizeof name, "%02d-%.4f.weights.h5", static_cast<int>(e + 1), loss);
    expected[name] = recorder->epoch_weights[e];
  }
  EXPECT_GE(expected.size(), 2u);
  EXPECT_EQ(saved_files(dir), expected);
  fs::remove_all(dir);
}

TEST(ModelCheckpointFitTest, SavesEveryFewBatchesAcrossEpochs) {
  const fs::path dir = fresh_dir("batches");
  auto model = testing::compiled_tiny_model(0.05);
  auto checkpoint = std::make_shared<ModelCheckpoint>((dir / "e{epoch}-b{batch}.weights.h5").string(),
                                                      ModelCheckpointOptions{.save_weights_only = true, .save_freq = 3});
  auto recorder = std::make_shared<Recorder>();
  const Tensor x = inputs(16, 0.5f);
  model.fit(x, x * 2.0f, {.batch_size = 4, .epochs = 3, .verbose = 0, .callbacks = {checkpoint, recorder},
                          .validation_data = {x, x * 2.0f}, .shuffle = false});
  // 4 batches an epoch: the 3rd, 6th, 9th and 12th batches save.
  ASSERT_EQ(recorder->batch_weights.size(), 12u);
  const std::map<std::string, float> expected{{"e1-b3.weights.h5", recorder->batch_weights[2].second},
                                              {"e2-b2.weights.h5", recorder->batch_weights[5].second},
                                              {"e3-b1.weights.h5", recorder->batch_weights[8].second},
                                              {"e3-b4.weights.h5", recorder->batch_weights[11].second}};
  EXPECT_EQ(saved_files(dir), expected);
  fs::remove_all(dir);
}

TEST(ModelCheckpointFitTest, SavesWholeModelsThatResumeTraining) {
  const fs::path dir = fresh_dir("models");
  auto model = testing::compiled_tiny_model(0.05);
  auto checkpoint = std::make_shared<ModelCheckpoint>((dir / "model-{epoch}.keras").string());
  auto recorder = std::make_shared<Recorder>();
  const Tensor x = inputs(16, 0.5f);
  model.fit(x, x * 2.0f, {.batch_size = 4, .epochs = 2, .verbose = 0, .callbacks = {checkpoint, recorder},
                          .validation_data = {x, x * 2.0f}, .shuffle = false});
  // Each file is the whole model of its epoch: loading the first and training one more epoch
  // gives the second's weights, the optimizer's state included.
  Model first = models::load_model((dir / "model-1.keras").string());
  Model second = models::load_model((dir / "model-2.keras").string());
  EXPECT_EQ(testing::weight_of(first), recorder->epoch_weights[0]);
  EXPECT_EQ(testing::weight_of(second), recorder->epoch_weights[1]);
  EXPECT_EQ(first.optimizer().iterations().read_value().item<std::int64_t>(), 4);
  first.fit(x, x * 2.0f, {.batch_size = 4, .epochs = 1, .verbose = 0, .shuffle = false});
  EXPECT_EQ(testing::weight_of(first), recorder->epoch_weights[1]);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tf::keras::callbacks
