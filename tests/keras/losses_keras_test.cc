// Losses against Keras 3 (run in the same test), their gradients by finite differences,
// eager versus traced values, get(), configs and error messages.
#include <gtest/gtest.h>

#include <tfpp/keras/losses.h>
#include <tfpp/tfpp.h>

#include "autodiff/gradient_checker.h"
#include "error_of.h"
#include "keras/losses_cases.h"
#include "keras/losses_metrics_reference.h"

namespace {

namespace losses = tf::keras::losses;
using tf::testing::error_of;
using tf::testing::loss_cases;

tf::Tensor as_float32(const tf::Tensor& t) {
  return t.defined() && t.dtype() == tf::float64 ? tf::cast(t, tf::float32) : t;
}

TEST(KerasLosses, MatchKeras) {
  tf::testing::KerasReference reference;
  const auto cases = loss_cases();
  for (const auto& c : cases) {
    // Keras builds each loss from tfpp's config, so its values show delta and axis carried over.
    reference.add_loss(c.id, c.class_name, c.make(std::nullopt)->get_config(),
                       {as_float32(c.y_true), as_float32(c.y_pred), as_float32(c.sample_weight)});
  }
  const auto results = reference.run();
  for (const auto& c : cases) {
    SCOPED_TRACE(c.id);
    const auto it = results.find(c.id);
    ASSERT_NE(it, results.end()) << "Keras gave no result";
    const auto loss = c.make(std::nullopt);
    const tf::Tensor value = (*loss)(as_float32(c.y_true), as_float32(c.y_pred), as_float32(c.sample_weight));
    EXPECT_EQ(value.dtype(), tf::float32);
    tf::testing::expect_matches_keras(c.id, it->second, value);
    EXPECT_EQ(tf::keras::to_json(tf::testing::without_keys_keras_3_15_drops(loss->get_config(), c.class_name)),
              it->second.config_json);
  }
}

TEST(KerasLosses, GradientsMatchFiniteDifferences) {
  for (const auto& c : loss_cases()) {
    SCOPED_TRACE(c.id);
    const auto loss = c.make(tf::float64);
    const auto f = [&](const std::vector<tf::Tensor>& x) { return (*loss)(c.y_true, x[0], c.sample_weight); };
    EXPECT_LT(tf::testing::max_gradient_error(f, {c.y_pred}), 1e-6);
  }
}

TEST(KerasLosses, TracedEqualsEager) {
  for (const auto& c : loss_cases()) {
    SCOPED_TRACE(c.id);
    const auto loss = c.make(std::nullopt);
    const tf::Tensor eager = (*loss)(c.y_true, c.y_pred, c.sample_weight);
    auto traced = tf::function([&](tf::Tensor y_true, tf::Tensor y_pred) { return (*loss)(y_true, y_pred, c.sample_weight); });
    const tf::Tensor graph = traced(c.y_true, c.y_pred);
    ASSERT_EQ(graph.shape(), eager.shape());
    const auto a = eager.numpy<float>(), b = graph.numpy<float>();
    for (std::size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], 1e-6 * std::max(1.0f, std::abs(a[i])));
  }
}

TEST(KerasLosses, SparseCategoricalCrossentropyFromLogitsTracesTheFusedOp) {
  losses::SparseCategoricalCrossentropy scce({.from_logits = true});
  auto step = tf::function([&](tf::Tensor labels, tf::Tensor logits) { return scce(labels, logits); });
  const std::string graph =
      step.get_concrete_function(tf::TensorSpec({tf::None}, tf::int32), tf::TensorSpec({tf::None, 10}, tf::float32))
          .graph()
          .to_string();
  EXPECT_NE(graph.find("SparseSoftmaxCrossEntropyWithLogits"), std::string::npos) << graph;
  EXPECT_EQ(graph.find("Cast(args_0"), std::string::npos) << "integer labels need no cast\n" << graph;
}

TEST(KerasLosses, UnknownBatchSizeInsideFunction) {
  losses::SparseCategoricalCrossentropy scce({.from_logits = true, .ignore_class = 0});
  losses::MeanSquaredError mse;
  auto f = tf::function([&](tf::Tensor labels, tf::Tensor logits) {
    return std::vector<tf::Tensor>{scce(labels, logits), mse(tf::one_hot(labels, 3), logits)};
  });
  const auto cf = f.get_concrete_function(tf::TensorSpec({tf::None}, tf::int32), tf::TensorSpec({tf::None, 3}, tf::float32));
  const tf::Tensor labels = tf::constant({0, 1, 2});
  const tf::Tensor logits = tf::constant({{1.0f, 2.0f, 3.0f}, {0.5f, 0.1f, 0.2f}, {2.0f, 1.0f, 0.0f}});
  const std::vector<tf::Tensor> traced = f(labels, logits);
  EXPECT_NEAR(traced[0].item<float>(), scce(labels, logits).item<float>(), 1e-6);
  EXPECT_NEAR(traced[1].item<float>(), mse(tf::one_hot(labels, 3), logits).item<float>(), 1e-6);
}

TEST(KerasLosses, GetResolvesNamesAsKeras) {
  EXPECT_EQ(losses::get("sparse_categorical_crossentropy")->name(), "sparse_categorical_crossentropy");
  EXPECT_EQ(losses::get("mse")->name(), "mse");
  EXPECT_EQ(losses::get("MeanSquaredError")->name(), "mean_squared_error");
  EXPECT_EQ(losses::get("Huber")->name(), "huber_loss");
  EXPECT_NE(dynamic_cast<losses::LossFunctionWrapper*>(losses::get("mae").get()), nullptr);
  EXPECT_NE(dynamic_cast<losses::CategoricalCrossentropy*>(losses::get("CategoricalCrossentropy").get()), nullptr);
  const tf::Tensor y = tf::constant({1.0f, 2.0f}), p = tf::constant({1.5f, 2.5f});
  EXPECT_FLOAT_EQ((*losses::get("mse"))(y, p).item<float>(), 0.25f);
  EXPECT_NE(error_of([] { losses::get("no_such_loss"); }).find("[losses::get] could not interpret loss identifier 'no_such_loss'"),
            std::string::npos);
}

TEST(KerasLosses, CrossentropyShortcutPicksFromShapes) {
  using losses::get;
  EXPECT_EQ(get("crossentropy", {32}, {32, 10})->name(), "crossentropy");
  const tf::Tensor labels = tf::constant({1, 0});
  const tf::Tensor probs = tf::constant({{0.2f, 0.8f}, {0.6f, 0.4f}});
  const float sparse = (*get("ce", {2}, {2, 2}))(labels, probs).item<float>();
  EXPECT_NEAR(sparse, (*get("sparse_categorical_crossentropy"))(labels, probs).item<float>(), 1e-7);
  const tf::Tensor one_hot = tf::one_hot(labels, 2);
  const float categorical = (*get("crossentropy", {2, 2}, {2, 2}))(one_hot, probs).item<float>();
  EXPECT_NEAR(categorical, (*get("categorical_crossentropy"))(one_hot, probs).item<float>(), 1e-7);
  const tf::Tensor binary_p = tf::constant({{0.7f}, {0.2f}});
  const float binary = (*get("crossentropy", {2, 1}, {2, 1}))(tf::constant({{1.0f}, {0.0f}}), binary_p).item<float>();
  EXPECT_NEAR(binary, (*get("binary_crossentropy"))(tf::constant({{1.0f}, {0.0f}}), binary_p).item<float>(), 1e-7);
}

// A custom loss as a function, and as a Loss subclass with a parameter.
tf::Tensor scaled_squared_error(const tf::Tensor& y_true, const tf::Tensor& y_pred) {
  return tf::reduce_mean(tf::square(y_true - y_pred), -1) * 3.0;
}

class WeightedAbsoluteError : public losses::Loss {
 public:
  explicit WeightedAbsoluteError(double factor) : Loss("weighted_absolute_error"), factor_(factor) {}
  tf::Tensor call(const tf::Tensor& y_true, const tf::Tensor& y_pred) const override {
    return tf::reduce_mean(tf::abs(y_true - y_pred), -1) * factor_;
  }
  tf::keras::Config get_config() const override {
    tf::keras::Config config = Loss::get_config();
    config["factor"] = factor_;
    return config;
  }

 private:
  double factor_;
};

TEST(KerasLosses, CustomLossesAsFunctionAndSubclass) {
  const tf::Tensor y = tf::constant({{1.0f, 2.0f}, {3.0f, 4.0f}});
  const tf::Tensor p = tf::constant({{1.5f, 2.0f}, {2.0f, 4.0f}});
  losses::LossFunctionWrapper wrapped(scaled_squared_error, {.name = "scaled"});
  EXPECT_EQ(wrapped.name(), "scaled");
  EXPECT_FLOAT_EQ(wrapped(y, p).item<float>(), (0.125f * 3 + 0.5f * 3) / 2);
  EXPECT_FLOAT_EQ(wrapped(y, p, tf::constant({2.0f, 0.0f})).item<float>(), 0.125f * 3 * 2 / 2);
  WeightedAbsoluteError custom(10.0);
  EXPECT_FLOAT_EQ(custom(y, p).item<float>(), (0.25f * 10 + 0.5f * 10) / 2);
  EXPECT_EQ(tf::keras::to_json(custom.get_config()),
            R"({"factor": 10.0, "name": "weighted_absolute_error", "reduction": "sum_over_batch_size"})");
  tf::Variable w(tf::constant({{1.5f, 2.0f}, {2.0f, 4.0f}}));
  tf::GradientTape tape;
  const tf::Tensor value = custom(y, w);
  const auto grad = tape.gradient(value, w).numpy<float>();
  EXPECT_EQ(grad, (std::vector<float>{2.5f, 0.0f, -2.5f, 0.0f}));  // sign(e) * 10 / 2 (dims) / 2 (batch); |0|' = 0
}

TEST(KerasLosses, BadInputsNameTheLoss) {
  losses::MeanSquaredError mse;
  const std::string shapes = error_of([&] { mse(tf::ones({2, 3}), tf::ones({2, 4})); });
  EXPECT_EQ(shapes.rfind("[mean_squared_error] y_true is [2,3] float32, y_pred is [2,4] float32: ", 0), 0u) << shapes;
  losses::SparseCategoricalCrossentropy scce({.from_logits = true});
  const std::string rank = error_of([&] { scce(tf::constant({1, 2, 0}), tf::ones({4, 3})); });
  EXPECT_EQ(rank.rfind("[sparse_categorical_crossentropy] y_true is [3] int32, y_pred is [4,3] float32: ", 0), 0u) << rank;
  EXPECT_NE(rank.find("same shape up until the last dimension"), std::string::npos) << rank;
  losses::CategoricalCrossentropy cce;
  const std::string cce_shapes = error_of([&] { cce(tf::ones({2, 4}), tf::ones({2, 3})); });
  EXPECT_NE(cce_shapes.find("[categorical_crossentropy]"), std::string::npos) << cce_shapes;
  EXPECT_NE(cce_shapes.find("must have the same shape"), std::string::npos) << cce_shapes;
  const std::string weights = error_of([&] { mse(tf::ones({4, 3}), tf::ones({4, 3}), tf::ones({3})); });
  EXPECT_EQ(weights.rfind("[mean_squared_error] y_true is [4,3] float32, y_pred is [4,3] float32, sample_weight is [3] float32: ", 0), 0u) << weights;
  const std::string label = error_of([&] { scce(tf::constant({1, 7}), tf::ones({2, 3})); });
  EXPECT_NE(label.find("[sparse_categorical_crossentropy]"), std::string::npos) << label;
  EXPECT_NE(error_of([] { losses::MeanSquaredError({.reduction = "average"}); }).find("[mean_squared_error] invalid reduction 'average'"),
            std::string::npos);
}

}  // namespace
