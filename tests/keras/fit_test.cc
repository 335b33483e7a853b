// compile / fit / evaluate / predict: learning a small task, inputs from tensors, datasets and
// Sequences, validation, weights, multi-output models, custom train_step, errors.
#include <gtest/gtest.h>

#include <cmath>

#include <tfpp/tfpp.h>
#include <tfpp/keras/keras.h>

#include "error_of.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;

// Two Gaussian-ish blobs per class on a circle: class = quadrant of (x0, x1).
std::pair<tf::Tensor, tf::Tensor> quadrants(int n, int seed) {
  std::vector<float> x(n * 2);
  std::vector<std::int32_t> y(n);
  for (int i = 0; i < n; ++i) {
    const double a = std::sin(12.9898 * (i + seed)) * 43758.5453;
    const double b = std::sin(78.233 * (i + seed)) * 12345.6789;
    x[2 * i] = static_cast<float>(2 * (a - std::floor(a)) - 1);
    x[2 * i + 1] = static_cast<float>(2 * (b - std::floor(b)) - 1);
    y[i] = (x[2 * i] > 0 ? 1 : 0) + (x[2 * i + 1] > 0 ? 2 : 0);
  }
  return {tf::constant(x, {n, 2}), tf::constant(y, {n})};
}

keras::Sequential small_classifier() {
  return keras::Sequential({layers::Dense(16, {.activation = "relu", .input_shape = {2}}), layers::Dense(4)});
}

TEST(FitTest, LearnsASmallTaskToAFixedAccuracy) {
  tf::random::set_seed(1);
  auto [x, y] = quadrants(2000, 0);
  auto [xt, yt] = quadrants(500, 5000);
  keras::Sequential model = small_classifier();
  model.compile({.optimizer = keras::optimizers::Adam({.learning_rate = 0.01}),
                 .loss = keras::losses::SparseCategoricalCrossentropy({.from_logits = true}),
                 .metrics = {"accuracy"}});
  keras::History h = model.fit(x, y, {.batch_size = 32, .epochs = 8, .verbose = 0, .shuffle_seed = 3});
  ASSERT_EQ(h.history().at("loss").size(), 8u);
  EXPECT_LT(h.history().at("loss").back(), h.history().at("loss").front());
  keras::Logs result = model.evaluate(xt, yt, {.verbose = 0});
  EXPECT_GT(result.at("accuracy"), 0.95);
  tf::Tensor logits = model.predict(xt, {.batch_size = 64, .verbose = 0});
  EXPECT_EQ(logits.shape(), tf::TensorShape({500, 4}));
  const float acc = tf::reduce_mean(tf::cast(tf::equal(tf::argmax(logits, 1, tf::int32), yt), tf::float32)).item<float>();
  EXPECT_NEAR(acc, result.at("accuracy"), 1e-6);
}

TEST(FitTest, TheGlobalSeedFixesTheShuffledOrder) {
  // As keras.utils.set_random_seed makes Keras' fit reproducible: the same seed, the same
  // batches, the same weights; without a seed the order is drawn anew.
  auto [x, y] = quadrants(96, 0);
  auto train = [&, x = x, y = y] {
    keras::Sequential model({layers::Dense(4, {.kernel_initializer = keras::initializers::GlorotUniform({.seed = 7}),
                                               .input_shape = {2}})});
    model.compile({.optimizer = keras::optimizers::SGD({.learning_rate = 0.5}),
                   .loss = keras::losses::SparseCategoricalCrossentropy({.from_logits = true})});
    model.fit(x, y, {.batch_size = 8, .epochs = 2, .verbose = 0});
    return model.get_weights()[0].numpy<float>();
  };
  tf::random::set_seed(11);
  const std::vector<float> first = train();
  tf::random::set_seed(11);
  EXPECT_EQ(train(), first);
  tf::random::set_seed(12);
  EXPECT_NE(train(), first);
  tf::random::set_seed(std::nullopt);
}

TEST(FitTest, TheTrainStepIsOneTracedFunctionPerSignature) {
  auto [x, y] = quadrants(100, 0);
  keras::Sequential model = small_classifier();
  model.compile({.optimizer = "sgd", .loss = "sparse_categorical_crossentropy", .metrics = {"accuracy"}});
  auto before = model.get_weights();
  model.fit(x, y, {.batch_size = 32, .epochs = 2, .verbose = 0, .shuffle = false});
  auto after = model.get_weights();
  EXPECT_NE(before[0].numpy<float>(), after[0].numpy<float>());
  EXPECT_EQ(model.optimizer().iterations().read_value().item<std::int64_t>(), 8);  // 4 batches x 2 epochs
}

TEST(FitTest, RunEagerlyAndStepsPerExecutionGiveTheSameWeights) {
  auto [x, y] = quadrants(96, 0);
  std::vector<std::vector<float>> results;
  for (int mode = 0; mode < 3; ++mode) {
    keras::Sequential model({layers::Dense(4, {.kernel_initializer = keras::initializers::GlorotUniform({.seed = 7}),
                                               .input_shape = {2}})});
    model.compile({.optimizer = keras::optimizers::SGD({.learning_rate = 0.1}),
                   .loss = keras::losses::SparseCategoricalCrossentropy({.from_logits = true}),
                   .run_eagerly = mode == 1,
                   .steps_per_execution = mode == 2 ? 3 : 1});
    model.fit(x, y, {.batch_size = 16, .epochs = 2, .verbose = 0, .shuffle = false});
    results.push_back(model.get_weights()[0].numpy<float>());
  }
  for (std::size_t i = 0; i < results[0].size(); ++i) {
    EXPECT_NEAR(results[1][i], results[0][i], 1e-5);
    EXPECT_NEAR(results[2][i], results[0][i], 1e-5);
  }
}

TEST(FitTest, ValidationSplitAndData) {
  auto [x, y] = quadrants(200, 0);
  keras::Sequential model = small_classifier();
  model.compile({.optimizer = "adam", .loss = keras::losses::SparseCategoricalCrossentropy({.from_logits = true}),
                 .metrics = {"accuracy"}});
  keras::History h = model.fit(x, y, {.epochs = 3, .verbose = 0, .validation_split = 0.25});
  EXPECT_EQ(h.history().at("val_loss").size(), 3u);
  EXPECT_EQ(h.history().count("val_accuracy"), 1u);
  auto [xv, yv] = quadrants(50, 900);
  keras::History h2 = model.fit(x, y, {.epochs = 4, .verbose = 0, .validation_data = {xv, yv}, .validation_freq = 2});
  EXPECT_EQ(h2.history().at("val_loss").size(), 2u);
  EXPECT_EQ(h2.history().at("loss").size(), 4u);
  // The validation logs are evaluate()'s numbers for the final weights.
  keras::Logs ev = model.evaluate(xv, yv, {.verbose = 0});
  EXPECT_NEAR(ev.at("loss"), h2.history().at("val_loss").back(), 1e-5);
}

TEST(FitTest, InitialEpochAndEpochNumbers) {
  auto [x, y] = quadrants(64, 0);
  keras::Sequential model = small_classifier();
  model.compile({.optimizer = "adam", .loss = keras::losses::SparseCategoricalCrossentropy({.from_logits = true})});
  keras::History h = model.fit(x, y, {.epochs = 5, .verbose = 0, .initial_epoch = 3});
  EXPECT_EQ(h.epoch(), (std::vector<int>{3, 4}));
}

TEST(FitTest, DatasetAndSequenceInputs) {
  auto [x, y] = quadrants(128, 0);
  auto ds = tf::data::Dataset::from_tensor_slices({x, y}).batch(32);
  keras::Sequential model = small_classifier();
  model.compile({.optimizer = "adam", .loss = keras::losses::SparseCategoricalCrossentropy({.from_logits = true}),
                 .metrics = {"accuracy"}});
  keras::History h = model.fit(ds, {.epochs = 2, .verbose = 0, .validation_dataset = ds});
  EXPECT_EQ(h.history().at("val_accuracy").size(), 2u);
  EXPECT_EQ(model.predict(ds, {.verbose = 0}).shape(), tf::TensorShape({128, 4}));
  EXPECT_EQ(model.evaluate(ds, {.verbose = 0}).count("loss"), 1u);

  struct Batches : keras::utils::Sequence {
    tf::Tensor x, y;
    int epochs_ended = 0;
    std::int64_t size() const override { return 4; }
    std::vector<tf::Tensor> get(std::int64_t i) override {
      return {tf::slice(x, {i * 32, 0}, {32, 2}), tf::slice(y, {i * 32}, {32})};
    }
    void on_epoch_end() override { ++epochs_ended; }
  } seq;
  seq.x = x;
  seq.y = y;
  model.fit(seq, {.epochs = 3, .verbose = 0});
  EXPECT_EQ(seq.epochs_ended, 3);
}

TEST(FitTest, StepsPerEpochGoOnWhereTheLastEpochStopped) {
  // As Keras' epoch iterator: epoch 0 reads batches 0 and 1, epoch 1 the pass's last batch 2,
  // epoch 2 starts a new pass. A zero model and learning rate make each batch's loss its y².
  keras::Sequential model({layers::Dense(1, {.kernel_initializer = "zeros", .input_shape = {1}})});
  model.compile({.optimizer = keras::optimizers::SGD({.learning_rate = 0.0}), .loss = "mse"});
  const tf::Tensor x = tf::ones({6, 1});
  const tf::Tensor y = tf::constant(std::vector<float>{1, 1, 2, 2, 3, 3}, {6, 1});
  const keras::History h = model.fit(x, y, {.batch_size = 2, .epochs = 3, .verbose = 0, .shuffle = false, .steps_per_epoch = 2});
  EXPECT_EQ(h.history().at("loss"), (std::vector<double>{2.5, 9.0, 2.5}));
}

// A model whose every loss comes from add_loss trains on inputs alone, as in Keras.
TEST(FitTest, AddedLossesAloneNeedNoTargets) {
  keras::Sequential model({layers::Dense(1, {.kernel_initializer = "ones", .input_shape = {2},
                                             .activity_regularizer = keras::regularizers::L2(0.5)})});
  model.compile({.optimizer = keras::optimizers::SGD({.learning_rate = 0.1})});
  const keras::History h = model.fit(std::vector<tf::Tensor>{tf::ones({4, 2})}, {}, {.batch_size = 4, .epochs = 1, .verbose = 0});
  EXPECT_DOUBLE_EQ(h.history().at("loss")[0], 2.0);  // 0.5 * 2² per sample
  EXPECT_LT(model.get_weights()[0].numpy<float>()[0], 1.0f);
}

TEST(FitTest, SampleAndClassWeightsScaleTheLoss) {
  // With SGD at learning rate 0 the weights stay put, so losses are comparable exactly.
  auto [x, y] = quadrants(64, 0);
  keras::Sequential model({layers::Dense(4, {.kernel_initializer = keras::initializers::GlorotUniform({.seed = 2}),
                                             .input_shape = {2}})});
  model.compile({.optimizer = keras::optimizers::SGD({.learning_rate = 0.0}),
                 .loss = keras::losses::SparseCategoricalCrossentropy({.from_logits = true})});
  const double plain = model.evaluate(x, y, {.batch_size = 64, .verbose = 0}).at("loss");
  const double doubled = model.evaluate(x, y, {.batch_size = 64, .verbose = 0, .sample_weight = tf::fill({64}, 2.0f)}).at("loss");
  EXPECT_NEAR(doubled, 2 * plain, 1e-5);
  keras::History h = model.fit(x, y, {.batch_size = 64, .epochs = 1, .verbose = 0, .shuffle = false,
                                      .class_weight = {{0, 2.0}, {1, 2.0}, {2, 2.0}, {3, 2.0}}});
  EXPECT_NEAR(h.history().at("loss")[0], 2 * plain, 1e-5);
  // Per-class weights equal to the loss computed by hand.
  keras::History h0 = model.fit(x, y, {.batch_size = 64, .epochs = 1, .verbose = 0, .shuffle = false,
                                       .class_weight = {{0, 1.0}, {1, 0.0}, {2, 0.0}, {3, 0.0}}});
  tf::Tensor per_sample = tf::nn::sparse_softmax_cross_entropy_with_logits(y, model(x));
  tf::Tensor mask = tf::cast(tf::equal(y, 0), tf::float32);
  EXPECT_NEAR(h0.history().at("loss")[0], (tf::reduce_sum(per_sample * mask) / 64.0f).item<float>(), 1e-5);
}

TEST(FitTest, MultiOutputLossesWeightsAndMetrics) {
  auto in = keras::Input({2}, {.name = "features"});
  auto h = layers::Dense(8, {.activation = "relu"})(in);
  auto cls = layers::Dense(4, {.name = "cls"})(h);
  auto reg = layers::Dense(1, {.name = "reg"})(h);
  keras::Model model({in}, {cls, reg});
  model.compile({.optimizer = "adam",
                 .loss_by_output = {{"cls", keras::losses::SparseCategoricalCrossentropy({.from_logits = true})}, {"reg", "mse"}},
                 .metrics_by_output = {{"cls", {"accuracy"}}, {"reg", {"mse"}}},
                 .loss_weights_by_output = {{"cls", 1.0}, {"reg", 0.5}}});
  auto [x, y] = quadrants(64, 0);
  tf::Tensor target = tf::reshape(tf::reduce_sum(x, {1}), {64, 1});
  keras::History hist = model.fit({x}, {y, target}, {.epochs = 2, .verbose = 0});
  for (const char* key : {"loss", "cls_loss", "reg_loss", "cls_accuracy", "reg_mse"})
    EXPECT_EQ(hist.history().count(key), 1u) << key;
  keras::Logs ev = model.evaluate({x}, {y, target}, {.verbose = 0});
  // As Keras 3: each output's logged loss is before its loss weight.
  EXPECT_NEAR(ev.at("loss"), ev.at("cls_loss") + 0.5 * ev.at("reg_loss"), 1e-4);
  std::vector<tf::Tensor> preds = model.predict_all({x}, {.verbose = 0});
  ASSERT_EQ(preds.size(), 2u);
  EXPECT_EQ(preds[1].shape(), tf::TensorShape({64, 1}));
}

TEST(FitTest, WeightedMetricsUseTheSampleWeightsAndMetricsDoNot) {
  // Predictions are the row sums [1, 1, 2, 0] against zeros: absolute errors [1, 1, 2, 0].
  tf::Tensor x = tf::constant({{1.0f, 0.0f}, {0.0f, 1.0f}, {1.0f, 1.0f}, {0.0f, 0.0f}});
  tf::Tensor y = tf::zeros({4, 1});
  tf::Tensor weights = tf::constant({1.0f, 0.0f, 3.0f, 0.0f});
  keras::Sequential model({layers::Dense(1, {.kernel_initializer = "ones", .input_shape = {2}})});
  model.compile({.optimizer = keras::optimizers::SGD({.learning_rate = 0.0}), .loss = "mse", .metrics = {"mae"},
                 .weighted_metrics = {"mae", "mse"}});
  keras::Logs logs = model.evaluate(x, y, {.verbose = 0, .sample_weight = weights});
  EXPECT_NEAR(logs.at("mae"), 1.0, 1e-6);           // (1 + 1 + 2 + 0) / 4
  EXPECT_NEAR(logs.at("weighted_mae"), 1.75, 1e-6);  // (1 + 6) / 4: the name "mae" was taken
  EXPECT_NEAR(logs.at("mse"), 3.25, 1e-6);           // (1 + 12) / 4
  EXPECT_EQ(logs.size(), 4u);
  // get_compile_config keeps them, and a model compiled from it logs the same.
  keras::Config config = model.get_compile_config();
  keras::Sequential again({layers::Dense(1, {.kernel_initializer = "ones", .input_shape = {2}})});
  again.compile_from_config(config);
  keras::Logs again_logs = again.evaluate(x, y, {.verbose = 0, .sample_weight = weights});
  for (const auto& [name, value] : logs) EXPECT_NEAR(again_logs.at(name), value, 1e-6) << name;
}

TEST(FitTest, RegularizationAndAddLossJoinTheLoss) {
  auto [x, y] = quadrants(32, 0);
  keras::Sequential model({layers::Dense(4, {.kernel_initializer = "ones", .kernel_regularizer = keras::regularizers::L2(0.5),
                                             .input_shape = {2}})});
  model.compile({.optimizer = keras::optimizers::SGD({.learning_rate = 0.0}),
                 .loss = keras::losses::SparseCategoricalCrossentropy({.from_logits = true})});
  const double with_penalty = model.evaluate(x, y, {.batch_size = 32, .verbose = 0}).at("loss");
  const double data_loss = tf::reduce_mean(tf::nn::sparse_softmax_cross_entropy_with_logits(y, model(x))).item<float>();
  EXPECT_NEAR(with_penalty, data_loss + 0.5 * 8, 1e-4);
}

// The "customize what happens in fit" guide: a train_step computing its own loss.
class CustomStepModel : public keras::Model {
 public:
  CustomStepModel() : Model({.name = "custom_step"}) {}
  tf::Tensor call(const tf::Tensor& x, bool) override { return dense_(x); }
  keras::TensorLogs train_step(const keras::Batch& batch) override {
    std::vector<tf::Variable> vars = trainable_weights();
    std::vector<tf::Tensor> grads;
    tf::Tensor loss;
    {
      tf::GradientTape tape;
      tf::Tensor pred = (*this)(batch.x[0], true);
      loss = tf::reduce_mean(tf::math::square(pred - batch.y[0]));
      grads = tape.gradient(loss, vars);
    }
    optimizer().apply_gradients(grads, vars);
    tracker_.update_state(loss);
    ++steps_traced_;
    return {{"loss", tracker_.result()}};
  }
  keras::metrics::Mean tracker_{{.name = "loss"}};
  int steps_traced_ = 0;
  TFPP_KERAS_LAYER(CustomStepModel)

 private:
  layers::Dense dense_{1};
};

TEST(FitTest, CustomTrainStep) {
  CustomStepModel model;
  model.compile({.optimizer = keras::optimizers::SGD({.learning_rate = 0.1})});
  tf::Tensor x = tf::reshape(tf::cast(tf::range(32), tf::float32) / 32.0f, {32, 1});
  tf::Tensor y = x * 3.0f + 1.0f;
  keras::History h = model.fit(x, y, {.batch_size = 8, .epochs = 20, .verbose = 0});
  EXPECT_LT(h.history().at("loss").back(), 0.05);
  EXPECT_LE(model.steps_traced_, 2);  // traced, not run eagerly per batch
}

// A train_step returning metrics the model does not list (its own trackers).
class OwnMetricsModel : public keras::Model {
 public:
  OwnMetricsModel() : Model({.name = "own_metrics"}) {}
  tf::Tensor call(const tf::Tensor& x, bool) override { return dense_(x); }
  keras::TensorLogs train_step(const keras::Batch& batch) override {
    std::vector<tf::Variable> vars = trainable_weights();
    std::vector<tf::Tensor> grads;
    tf::Tensor pred;
    {
      tf::GradientTape tape;
      pred = (*this)(batch.x[0], true);
      grads = tape.gradient(tf::reduce_mean(tf::math::square(pred - batch.y[0])), vars);
    }
    optimizer().apply_gradients(grads, vars);
    mae_.update_state(batch.y[0], pred);
    return {{"mae", mae_.result()}};
  }
  keras::metrics::MeanAbsoluteError mae_{{.name = "mae"}};
  TFPP_KERAS_LAYER(OwnMetricsModel)

 private:
  layers::Dense dense_{1};
};

// As Keras' _get_metrics_result_or_logs: the epoch's and the evaluation's logs are the model's
// metric values when they have the step's names, else the last step's logs.
TEST(FitTest, StepLogsNamingOtherMetricsBecomeTheEpochLogs) {
  OwnMetricsModel model;
  model.compile({.optimizer = keras::optimizers::SGD({.learning_rate = 0.1})});
  tf::Tensor x = tf::reshape(tf::cast(tf::range(16), tf::float32) / 16.0f, {16, 1});
  tf::Tensor y = x * 2.0f;
  keras::History h = model.fit(x, y, {.batch_size = 8, .epochs = 2, .verbose = 0});
  ASSERT_EQ(h.history().size(), 1u);
  ASSERT_EQ(h.history().at("mae").size(), 2u);
  EXPECT_FLOAT_EQ(h.history().at("mae").back(), model.mae_.result().item<float>());
  EXPECT_GT(h.history().at("mae").back(), 0.0);
}

TEST(FitTest, BadInputRaisesBeforeWeightsChange) {
  keras::Sequential model = small_classifier();
  model.compile({.optimizer = "adam", .loss = keras::losses::SparseCategoricalCrossentropy({.from_logits = true})});
  auto [x, y] = quadrants(10, 0);
  model(x);
  auto before = model.get_weights()[0].numpy<float>();
  std::string msg = tf::testing::error_of([&] { model.fit(x, tf::slice(y, {0}, {9}), {.verbose = 0}); });
  EXPECT_NE(msg.find("x' sizes: 10"), std::string::npos) << msg;
  EXPECT_NE(msg.find("'y' sizes: 9"), std::string::npos) << msg;
  msg = tf::testing::error_of([&] { model.fit(tf::ones({10, 3}), y, {.verbose = 0}); });
  EXPECT_NE(msg.find("(None, 3)"), std::string::npos) << msg;
  EXPECT_EQ(model.get_weights()[0].numpy<float>(), before);
  EXPECT_THROW(model.compile({.optimizer = "adam", .loss = "no_such_loss"}), tf::InvalidArgumentError);
  keras::Sequential fresh = small_classifier();
  EXPECT_THROW(fresh.fit(x, y, {.verbose = 0}), tf::FailedPreconditionError);
  fresh.compile({.optimizer = "adam", .metrics = {"accuracy"}});
  msg = tf::testing::error_of([&] { fresh.fit(x, y, {.verbose = 0}); });
  EXPECT_NE(msg.find("no loss"), std::string::npos) << msg;
}

}  // namespace
