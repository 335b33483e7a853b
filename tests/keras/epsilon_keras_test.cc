// keras.config.set_epsilon reaches the C++ losses, metrics and Normalization, against Keras 3 with the
// same epsilon in the same test run: clipped crossentropies, MAPE, Poisson, KL divergence, Dice,
// F1Score and a zero-variance Normalization change as Keras' do; a traced loss reads the value at
// tracing time; the default is 1e-7.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <tfpp/keras/epsilon.h>
#include <tfpp/keras/focal_and_overlap_losses.h>
#include <tfpp/keras/layers/preprocessing.h>
#include <tfpp/keras/score_metrics.h>
#include <tfpp/tfpp.h>

#include "keras/optimizers_reference.h"

namespace {

namespace losses = tf::keras::losses;
using tf::Tensor;

constexpr double kEpsilon = 1e-3;

const char* kScript = R"(import numpy as np, keras
def out(key, values):
    print('R:' + key, *[repr(float(x)) for x in np.ravel(np.asarray(values, dtype=np.float64))])
keras.config.set_epsilon(1e-3)
t = np.array([[1.0, 0.0], [0.0, 1.0]], np.float32)
p = np.array([[1.0, 0.0], [0.3, 0.7]], np.float32)
out('bce', keras.losses.binary_crossentropy(t, p))
out('cce', keras.losses.categorical_crossentropy(t, p))
out('mape', keras.losses.mean_absolute_percentage_error(np.array([[0.0, 2.0]], np.float32), np.array([[0.5, 1.0]], np.float32)))
out('poisson', keras.losses.poisson(t, p))
out('kld', keras.losses.kl_divergence(t, p))
out('dice', keras.losses.dice(t, p))
m = keras.metrics.F1Score()
m.update_state(t, p)
out('f1', m.result())
n = keras.layers.Normalization(mean=[1.0, 2.0], variance=[0.0, 4.0])
out('normalization', n(np.array([[1.5, 4.0]], np.float32)))
)";

class EpsilonReference : public testing::Test {
 public:
  static void SetUpTestSuite() { results_ = new std::map<std::string, std::vector<double>>(tf::testing::run_reference_numbers(kScript)); }
  static void TearDownTestSuite() {
    delete results_;
    results_ = nullptr;
  }
  void SetUp() override { tf::keras::config::set_epsilon(kEpsilon); }
  void TearDown() override { tf::keras::config::set_epsilon(1e-7); }
  static void expect_values(const std::string& key, const Tensor& actual) {
    const auto it = results_->find(key);
    ASSERT_NE(it, results_->end()) << "Keras printed no result '" << key << "'";
    const std::vector<double> got = tf::cast(actual, tf::float64).numpy<double>();
    ASSERT_EQ(got.size(), it->second.size()) << key;
    for (std::size_t i = 0; i < got.size(); ++i)
      EXPECT_NEAR(got[i], it->second[i], 1e-5 * (1.0 + std::abs(it->second[i]))) << key << "[" << i << "]";
  }
  static std::map<std::string, std::vector<double>>* results_;
};

std::map<std::string, std::vector<double>>* EpsilonReference::results_ = nullptr;

Tensor y_true() { return tf::constant({{1.0f, 0.0f}, {0.0f, 1.0f}}); }
Tensor y_pred() { return tf::constant({{1.0f, 0.0f}, {0.3f, 0.7f}}); }

TEST_F(EpsilonReference, LossesMetricsAndNormalizationUseIt) {
  EXPECT_EQ(tf::keras::config::epsilon(), kEpsilon);
  expect_values("bce", losses::binary_crossentropy(y_true(), y_pred()));
  expect_values("cce", losses::categorical_crossentropy(y_true(), y_pred()));
  expect_values("mape", losses::mean_absolute_percentage_error(tf::constant({{0.0f, 2.0f}}), tf::constant({{0.5f, 1.0f}})));
  expect_values("poisson", losses::poisson(y_true(), y_pred()));
  expect_values("kld", losses::kl_divergence(y_true(), y_pred()));
  expect_values("dice", losses::dice(y_true(), y_pred()));
  tf::keras::metrics::F1Score f1;
  f1.update_state(y_true(), y_pred());
  expect_values("f1", f1.result());
  tf::keras::layers::Normalization normalization({.mean = std::vector<double>{1.0, 2.0}, .variance = std::vector<double>{0.0, 4.0}});
  expect_values("normalization", normalization(tf::constant({{1.5f, 4.0f}})));
}

TEST(Epsilon, DefaultAndTracingTime) {
  EXPECT_EQ(tf::keras::config::epsilon(), 1e-7);
  // log(1e-7) at the default, log(1e-3) once set: the clipping bound moves.
  const Tensor p = tf::constant({{0.0f, 1.0f}}), t = tf::constant({{1.0f, 0.0f}});
  const double at_default = losses::categorical_crossentropy(t, p).numpy<float>()[0];
  EXPECT_NEAR(at_default, -std::log(1e-7), 1e-3);
  auto traced = tf::function([](const Tensor& a, const Tensor& b) { return losses::categorical_crossentropy(a, b); });
  tf::keras::config::set_epsilon(1e-3);
  EXPECT_NEAR(losses::categorical_crossentropy(t, p).numpy<float>()[0], -std::log(1e-3), 1e-3);
  EXPECT_NEAR(traced(t, p).numpy<float>()[0], -std::log(1e-3), 1e-3);  // traced now, with 1e-3
  tf::keras::config::set_epsilon(1e-7);
  EXPECT_NEAR(traced(t, p).numpy<float>()[0], -std::log(1e-3), 1e-3);  // the trace keeps its constant, as Keras'
}

}  // namespace
