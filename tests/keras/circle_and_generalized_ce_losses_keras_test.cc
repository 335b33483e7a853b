// Circle and CategoricalGeneralizedCrossEntropy against Keras 3 (run in the same test): values of
// the functions and classes (Circle's mean leaves out samples of loss 0, as Keras' mask does),
// reference embeddings, configs, gradients against TensorFlow's and finite differences, traced
// equals eager, get / deserialize, and the error of a bad q.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <tfpp/keras/circle_and_generalized_ce_losses.h>
#include <tfpp/keras/saving.h>
#include <tfpp/tfpp.h>

#include "autodiff/gradient_checker.h"
#include "keras/optimizers_reference.h"

namespace {

namespace losses = tf::keras::losses;
using tf::Tensor;

const std::vector<std::int32_t> kLabels = {0, 1, 0, 2, 1, 3};  // label 3 has no pair: its loss is 0
const std::vector<std::int32_t> kClassLabels = {0, 2, 1, 1};
const std::vector<float> kProbabilities = {0.7f, 0.2f, 0.1f, 0.1f, 0.3f, 0.6f, 0.25f, 0.5f, 0.25f, 0.05f, 0.9f, 0.05f};
const std::vector<double> kWeights = {1.0, 0.5, 2.0, 1.0, 0.0, 3.0};

std::vector<float> embedding_values() {
  std::vector<float> v;
  for (int row = 0; row < 6; ++row) {
    double norm = 0;
    for (int j = 0; j < 4; ++j) norm += std::pow(std::sin((row * 4 + j) * 0.7), 2);
    for (int j = 0; j < 4; ++j) v.push_back(static_cast<float>(std::sin((row * 4 + j) * 0.7) / std::sqrt(norm)));
  }
  return v;
}

template <class T>
std::string python_list(const std::vector<T>& values) {
  std::ostringstream s;
  s.precision(9);
  s << "[";
  for (T v : values) s << v << ",";
  return s.str() + "]";
}

std::string reference_script() {
  std::ostringstream s;
  s << "import numpy as np, keras, tensorflow as tf\n"
       "def out(key, values):\n"
       "    print('R:' + key, *[repr(float(x)) for x in np.ravel(np.asarray(values, dtype=np.float64))])\n"
       "e = np.array(" << python_list(embedding_values()) << ", np.float32).reshape(6, 4)\n"
       "y = np.array(" << python_list(kLabels) << ", np.int32)\n"
       "w = np.array(" << python_list(kWeights) << ", np.float32)\n"
       "p = np.array(" << python_list(kProbabilities) << ", np.float32).reshape(4, 3)\n"
       "c = np.array(" << python_list(kClassLabels) << ", np.int32)\n"
       "L = keras.losses\n"
       "out('circle', L.circle(y, e))\n"
       "out('circle/ref', L.circle(y, e, ref_labels=y[:3], ref_embeddings=e[:3], gamma=20.0, margin=0.3))\n"
       "out('circle/keep_diagonal', L.circle(y, e, remove_diagonal=False))\n"
       "for r in ['sum_over_batch_size', 'sum', 'mean_with_sample_weight', None]:\n"
       "    out('Circle/' + str(r), L.Circle(reduction=r)(y, e))\n"
       "    out('Circle/' + str(r) + '/weighted', L.Circle(gamma=10.0, margin=0.25, reduction=r)(y, e, sample_weight=w))\n"
       "out('gce', L.categorical_generalized_cross_entropy(c, p, q=0.7))\n"
       "for r in ['sum_over_batch_size', 'sum', None]:\n"
       "    out('GCE/' + str(r), L.CategoricalGeneralizedCrossEntropy(q=0.3, reduction=r)(c, p))\n"
       "x = tf.constant(e)\n"
       "with tf.GradientTape() as tape:\n"
       "    tape.watch(x)\n"
       "    loss = L.Circle(gamma=10.0)(y, x)\n"
       "out('Circle/grad', tape.gradient(loss, x))\n"
       "x = tf.constant(p)\n"
       "with tf.GradientTape() as tape:\n"
       "    tape.watch(x)\n"
       "    loss = L.CategoricalGeneralizedCrossEntropy()(c, x)\n"
       "out('GCE/grad', tape.gradient(loss, x))\n";
  return s.str();
}

class Reference : public testing::Test {
 public:
  static void SetUpTestSuite() {
    results_ = new std::map<std::string, std::vector<double>>(tf::testing::run_reference_numbers(reference_script()));
  }
  static void TearDownTestSuite() {
    delete results_;
    results_ = nullptr;
  }
  static void expect_values(const std::string& key, const Tensor& actual, double tolerance = 2e-5) {
    const auto it = results_->find(key);
    ASSERT_NE(it, results_->end()) << "Keras printed no result '" << key << "'";
    const std::vector<double> got = tf::cast(actual, tf::float64).numpy<double>();
    ASSERT_EQ(got.size(), it->second.size()) << key;
    for (std::size_t i = 0; i < got.size(); ++i)
      EXPECT_NEAR(got[i], it->second[i], tolerance * (1.0 + std::abs(it->second[i]))) << key << "[" << i << "]";
  }
  static std::map<std::string, std::vector<double>>* results_;
};

std::map<std::string, std::vector<double>>* Reference::results_ = nullptr;

Tensor labels() { return tf::constant(kLabels); }
Tensor embeddings(tf::DType dtype = tf::float32) { return tf::cast(tf::constant(embedding_values(), {6, 4}), dtype); }
Tensor class_labels() { return tf::constant(kClassLabels); }
Tensor probabilities(tf::DType dtype = tf::float32) { return tf::cast(tf::constant(kProbabilities, {4, 3}), dtype); }

TEST_F(Reference, CircleMatchesKeras) {
  expect_values("circle", losses::circle(labels(), embeddings()));
  expect_values("circle/ref", losses::circle(labels(), embeddings(),
                                             {.ref_labels = tf::slice(labels(), {0}, {3}),
                                              .ref_embeddings = tf::slice(embeddings(), {0, 0}, {3, -1}),
                                              .gamma = 20.0, .margin = 0.3}));
  expect_values("circle/keep_diagonal", losses::circle(labels(), embeddings(), {.remove_diagonal = false}));
  for (const std::string reduction : {"sum_over_batch_size", "sum", "mean_with_sample_weight", "none"}) {
    SCOPED_TRACE(reduction);
    const std::string key = "Circle/" + (reduction == "none" ? std::string("None") : reduction);
    expect_values(key, losses::Circle({.reduction = reduction})(labels(), embeddings()));
    expect_values(key + "/weighted", losses::Circle({.gamma = 10.0, .margin = 0.25, .reduction = reduction})(
                                         labels(), embeddings(), tf::constant(kWeights)));
  }
  const Tensor x = embeddings();
  tf::GradientTape tape;
  tape.watch(x);
  const Tensor loss = losses::Circle({.gamma = 10.0})(labels(), x);
  expect_values("Circle/grad", tape.gradient(loss, x), 1e-4);
}

TEST_F(Reference, GeneralizedCrossEntropyMatchesKeras) {
  expect_values("gce", losses::categorical_generalized_cross_entropy(class_labels(), probabilities(), 0.7));
  for (const std::string reduction : {"sum_over_batch_size", "sum", "none"}) {
    SCOPED_TRACE(reduction);
    const std::string key = "GCE/" + (reduction == "none" ? std::string("None") : reduction);
    expect_values(key, losses::CategoricalGeneralizedCrossEntropy({.q = 0.3, .reduction = reduction})(class_labels(),
                                                                                                      probabilities()));
  }
  const Tensor x = probabilities();
  tf::GradientTape tape;
  tape.watch(x);
  const Tensor loss = losses::CategoricalGeneralizedCrossEntropy()(class_labels(), x);
  expect_values("GCE/grad", tape.gradient(loss, x), 1e-4);
}

TEST(CircleAndGeneralizedCrossEntropy, GradientsMatchFiniteDifferences) {
  const losses::Circle circle({.gamma = 10.0, .dtype = tf::float64});
  EXPECT_LT(tf::testing::max_gradient_error([&](const auto& x) { return circle(labels(), x[0]); }, {embeddings(tf::float64)}),
            1e-6);
  const losses::CategoricalGeneralizedCrossEntropy gce({.q = 0.7, .reduction = "none", .dtype = tf::float64});
  EXPECT_LT(tf::testing::max_gradient_error([&](const auto& x) { return gce(class_labels(), x[0]); },
                                            {probabilities(tf::float64)}),
            1e-6);
}

TEST(CircleAndGeneralizedCrossEntropy, ConfigsTracingGetAndErrors) {
  EXPECT_EQ(tf::keras::to_json(losses::Circle().get_config()),
            R"({"gamma": 80.0, "margin": 0.4, "name": "circle", "reduction": "sum_over_batch_size", "remove_diagonal": true})");
  EXPECT_EQ(tf::keras::to_json(losses::CategoricalGeneralizedCrossEntropy().get_config()),
            R"({"name": "categorical_generalized_cross_entropy", "q": 0.5, "reduction": "sum_over_batch_size"})");
  const auto circle = losses::deserialize(losses::serialize(losses::Circle({.gamma = 12.0, .remove_diagonal = false})));
  EXPECT_EQ(tf::keras::to_json(circle->get_config()),
            tf::keras::to_json(losses::Circle({.gamma = 12.0, .remove_diagonal = false}).get_config()));
  const auto gce = losses::deserialize(losses::serialize(losses::CategoricalGeneralizedCrossEntropy({.q = 0.25})));
  EXPECT_EQ(tf::keras::to_json(gce->get_config()),
            tf::keras::to_json(losses::CategoricalGeneralizedCrossEntropy({.q = 0.25}).get_config()));
  for (const char* name : {"Circle", "circle", "CategoricalGeneralizedCrossEntropy", "categorical_generalized_cross_entropy"})
    EXPECT_NO_THROW(losses::get(name)) << name;

  // Traced with an unknown batch size equals eager.
  const losses::Circle loss;
  auto traced = tf::function([&](const Tensor& t, const Tensor& p) { return loss(t, p); },
                             {.input_signature = {tf::TensorSpec({tf::None}, tf::int32), tf::TensorSpec({tf::None, 4}, tf::float32)}});
  EXPECT_NEAR(traced(labels(), embeddings()).item<float>(), loss(labels(), embeddings()).item<float>(), 1e-3);

  for (double q : {0.0, 1.0, -0.5, 2.0}) {
    try {
      losses::CategoricalGeneralizedCrossEntropy({.q = q});
      ADD_FAILURE() << "q=" << q << " was accepted";
    } catch (const tf::InvalidArgumentError& e) {
      EXPECT_NE(std::string(e.what()).find("q must be in the interval (0, 1)"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
