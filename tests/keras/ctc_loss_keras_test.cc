// CTC against Keras 3 and TensorFlow 2.21, run in the same test: keras.losses.ctc / CTC (every
// reduction, sample weights, float64 logits) and tf.nn.ctc_loss (time-major logits, per-sample
// logit lengths, other blank indices) give Keras' and TensorFlow's values and gradients; the
// gradients also match finite differences; traced equals eager; bad ranks are clear errors.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <tfpp/ctc_loss.h>
#include <tfpp/keras/ctc_loss.h>
#include <tfpp/keras/saving.h>
#include <tfpp/tfpp.h>

#include "autodiff/gradient_checker.h"
#include "keras/optimizers_reference.h"

namespace {

namespace losses = tf::keras::losses;
using tf::Tensor;

constexpr int kBatch = 4, kSteps = 6, kClasses = 5, kMaxLabels = 4;

// Keras' labels: 0 is the blank and pads; the last row has no labels at all.
const std::vector<std::int32_t> kLabels = {1, 2, 2, 0, 3, 0, 0, 0, 4, 1, 3, 2, 0, 0, 0, 0};
// tf.nn.ctc_loss's labels with blank_index 4 (0 is a class then), their lengths and logit lengths.
const std::vector<std::int32_t> kLabelsBlank4 = {0, 2, 2, 1, 3, 3, 0, 0, 1, 0, 1, 0, 2, 0, 0, 0};
const std::vector<std::int32_t> kLabelLengths = {3, 2, 4, 1};
const std::vector<std::int32_t> kLogitLengths = {6, 4, 5, 6};
const std::vector<double> kSampleWeight = {1.0, 0.5, 2.0, 0.25};

std::vector<double> logit_values(int salt) {
  std::vector<double> v;
  for (int i = 0; i < kBatch * kSteps * kClasses; ++i) v.push_back(std::sin(0.37 * i + salt) * 2.0 + std::cos(1.1 * i));
  return v;
}

template <class T>
std::string python_list(const std::vector<T>& values) {
  std::ostringstream s;
  s.precision(17);
  s << "[";
  for (T v : values) s << v << ",";
  return s.str() + "]";
}

std::string reference_script() {
  std::ostringstream s;
  s << "import numpy as np, keras, tensorflow as tf\n"
       "def out(key, values):\n"
       "    print('R:' + key, *[repr(float(x)) for x in np.ravel(np.asarray(values, dtype=np.float64))])\n"
       "B, T, C, L = " << kBatch << ", " << kSteps << ", " << kClasses << ", " << kMaxLabels << "\n"
       "y_true = np.array(" << python_list(kLabels) << ", np.int32).reshape(B, L)\n"
       "y_pred = np.array(" << python_list(logit_values(0)) << ", np.float32).reshape(B, T, C)\n"
       "w = np.array(" << python_list(kSampleWeight) << ", np.float32)\n"
       "out('ctc', keras.losses.ctc(y_true, y_pred))\n"
       "out('ctc64', keras.losses.ctc(y_true, y_pred.astype(np.float64)))\n"
       "for r in ['sum_over_batch_size', 'sum', 'mean', 'mean_with_sample_weight', None]:\n"
       "    out('CTC/' + str(r), keras.losses.CTC(reduction=r)(y_true, y_pred))\n"
       "    out('CTC/' + str(r) + '/weighted', keras.losses.CTC(reduction=r)(y_true, y_pred, sample_weight=w))\n"
       "x = tf.constant(y_pred)\n"
       "with tf.GradientTape() as tape:\n"
       "    tape.watch(x)\n"
       "    loss = keras.losses.CTC()(y_true, x, sample_weight=w)\n"
       "out('CTC/grad', tape.gradient(loss, x))\n"
       "logits = tf.constant(np.array(" << python_list(logit_values(3)) << ", np.float32).reshape(T, B, C))\n"
       "labels = np.array(" << python_list(kLabelsBlank4) << ", np.int32).reshape(B, L)\n"
       "label_length = np.array(" << python_list(kLabelLengths) << ", np.int32)\n"
       "logit_length = np.array(" << python_list(kLogitLengths) << ", np.int32)\n"
       "for key, blank in [('blank4', 4), ('blank_minus1', -1)]:\n"
       "    with tf.GradientTape() as tape:\n"
       "        tape.watch(logits)\n"
       "        loss = tf.nn.ctc_loss(labels, logits, label_length, logit_length, logits_time_major=True, blank_index=blank)\n"
       "        weighted = tf.reduce_sum(loss * np.arange(1, B + 1, dtype=np.float32))\n"
       "    out('nn/' + key, loss)\n"
       "    out('nn/' + key + '/grad', tape.gradient(weighted, logits))\n";
  return s.str();
}

class CtcReference : public testing::Test {
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
    ASSERT_NE(it, results_->end()) << "TensorFlow printed no result '" << key << "'";
    const std::vector<double> got = tf::cast(actual, tf::float64).numpy<double>();
    ASSERT_EQ(got.size(), it->second.size()) << key;
    for (std::size_t i = 0; i < got.size(); ++i)
      EXPECT_NEAR(got[i], it->second[i], tolerance * (1.0 + std::abs(it->second[i]))) << key << "[" << i << "]";
  }
  static std::map<std::string, std::vector<double>>* results_;
};

std::map<std::string, std::vector<double>>* CtcReference::results_ = nullptr;

Tensor y_true() { return tf::constant(kLabels, {kBatch, kMaxLabels}); }
Tensor y_pred(tf::DType dtype = tf::float32) {
  return tf::cast(tf::constant(logit_values(0), {kBatch, kSteps, kClasses}), dtype);
}
Tensor time_major_logits(tf::DType dtype = tf::float32) {
  return tf::cast(tf::constant(logit_values(3), {kSteps, kBatch, kClasses}), dtype);
}

TEST_F(CtcReference, KerasFunctionAndClassMatchKeras) {
  const Tensor per_sample = losses::ctc(y_true(), y_pred());
  EXPECT_EQ(per_sample.dtype(), tf::float32);
  expect_values("ctc", per_sample);
  const Tensor per_sample64 = losses::ctc(y_true(), y_pred(tf::float64));
  EXPECT_EQ(per_sample64.dtype(), tf::float64);
  expect_values("ctc64", per_sample64);
  const Tensor weight = tf::constant(kSampleWeight);
  for (const std::string reduction : {"sum_over_batch_size", "sum", "mean", "mean_with_sample_weight", "none"}) {
    SCOPED_TRACE(reduction);
    const losses::CTC loss({.reduction = reduction});
    const std::string key = "CTC/" + std::string(reduction == "none" ? "None" : reduction);
    expect_values(key, loss(y_true(), y_pred()));
    expect_values(key + "/weighted", loss(y_true(), y_pred(), weight));
  }
  // Labels may arrive as floats (Keras casts y_true to the loss's dtype first).
  expect_values("ctc", losses::ctc(tf::cast(y_true(), tf::float32), y_pred()));
}

TEST_F(CtcReference, KerasGradientMatchesTensorFlow) {
  const Tensor x = y_pred();
  tf::GradientTape tape;
  tape.watch(x);
  const Tensor loss = losses::CTC()(y_true(), x, tf::constant(kSampleWeight));
  expect_values("CTC/grad", tape.gradient(loss, x), 1e-4);
}

TEST_F(CtcReference, NnCtcLossMatchesTensorFlow) {
  const Tensor labels = tf::constant(kLabelsBlank4, {kBatch, kMaxLabels});
  const Tensor label_length = tf::constant(kLabelLengths), logit_length = tf::constant(kLogitLengths);
  for (const auto& [key, blank] : std::map<std::string, std::int64_t>{{"blank4", 4}, {"blank_minus1", -1}}) {
    SCOPED_TRACE(key);
    const Tensor logits = time_major_logits();
    tf::GradientTape tape;
    tape.watch(logits);
    const Tensor loss = tf::nn::ctc_loss(labels, logits, label_length, logit_length, {.blank_index = blank});
    EXPECT_EQ(loss.shape(), tf::TensorShape({kBatch}));
    expect_values("nn/" + key, loss);
    const Tensor weighted = tf::reduce_sum(loss * tf::constant(std::vector<float>{1, 2, 3, 4}));
    expect_values("nn/" + key + "/grad", tape.gradient(weighted, logits), 1e-4);
  }
}

TEST(CtcLoss, GradientsMatchFiniteDifferences) {
  const Tensor labels = tf::constant(kLabelsBlank4, {kBatch, kMaxLabels});
  const Tensor label_length = tf::constant(kLabelLengths), logit_length = tf::constant(kLogitLengths);
  const auto nn_loss = [&](const std::vector<Tensor>& x) {
    return tf::nn::ctc_loss(labels, x[0], label_length, logit_length, {.blank_index = 4});
  };
  EXPECT_LT(tf::testing::max_gradient_error(nn_loss, {time_major_logits(tf::float64)}), 1e-6);
  // Batch-major logits with blank 0, as Keras calls it.
  const Tensor keras_labels = y_true();
  const auto keras_style = [&](const std::vector<Tensor>& x) {
    return tf::nn::ctc_loss(keras_labels, x[0], tf::constant(std::vector<std::int32_t>{3, 1, 4, 0}),
                            tf::constant(std::vector<std::int32_t>(kBatch, kSteps)), {.logits_time_major = false});
  };
  EXPECT_LT(tf::testing::max_gradient_error(keras_style, {y_pred(tf::float64)}), 1e-6);
}

TEST(CtcLoss, TracedEqualsEagerAndGetKnowsIt) {
  const losses::CTC loss;
  const Tensor eager = loss(y_true(), y_pred());
  auto traced = tf::function([&](const Tensor& t, const Tensor& p) { return loss(t, p); });
  EXPECT_NEAR(traced(y_true(), y_pred()).item<float>(), eager.item<float>(), 1e-5);
  // An unknown batch size traces too.
  auto any_batch = tf::function([&](const Tensor& t, const Tensor& p) { return losses::ctc(t, p); },
                                {.input_signature = {tf::TensorSpec({tf::None, kMaxLabels}, tf::int32),
                                                     tf::TensorSpec({tf::None, kSteps, kClasses}, tf::float32)}});
  const std::vector<float> want = losses::ctc(y_true(), y_pred()).numpy<float>();
  const std::vector<float> got = any_batch(y_true(), y_pred()).numpy<float>();
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-5);

  EXPECT_NEAR((*losses::get("CTC"))(y_true(), y_pred()).item<float>(), eager.item<float>(), 1e-6);
  EXPECT_NEAR((*losses::get("ctc"))(y_true(), y_pred()).item<float>(), eager.item<float>(), 1e-6);
  const auto copy = losses::deserialize(losses::serialize(losses::CTC({.reduction = "sum", .name = "my_ctc"})));
  EXPECT_EQ(copy->name(), "my_ctc");
  EXPECT_EQ(copy->reduction(), "sum");
  EXPECT_EQ(tf::keras::to_json(losses::serialize(*copy)),
            R"({"class_name": "CTC", "config": {"name": "my_ctc", "reduction": "sum"}, "module": "keras.losses", )"
            R"("registered_name": null})");
}

TEST(CtcLoss, BadRanksAndDtypesAreClearErrors) {
  const auto message = [](const auto& fn) {
    try {
      fn();
    } catch (const tf::InvalidArgumentError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message([] { losses::ctc(tf::constant(std::vector<std::int32_t>{1, 2, 0}), y_pred()); })
                .find("Targets `y_true` are expected to be a tensor of shape `(batch_size, max_length)` in integer format. "
                      "Received: y_true.shape=(3,)"),
            std::string::npos);
  EXPECT_NE(message([] { losses::ctc(y_true(), tf::zeros({5, 4})); })
                .find("Received: y_pred.shape=(5, 4)"),
            std::string::npos);
  EXPECT_NE(message([] {
              tf::nn::ctc_loss(y_true(), tf::zeros({2, 4, 3}), tf::constant(std::vector<float>{1, 1, 1, 1}),
                               tf::constant(std::vector<std::int32_t>{2, 2, 2, 2}));
            }).find("[CTCLoss]"),
            std::string::npos);
  EXPECT_NE(message([] {
              tf::nn::ctc_loss(y_true(), tf::zeros({2, 4, 3}), tf::constant(std::vector<std::int32_t>{1, 1, 1, 1}),
                               tf::constant(std::vector<std::int32_t>{2, 2, 2, 2}), {.blank_index = 3});
            }).find("blank_index 3 is out of range for 3 classes"),
            std::string::npos);
}

}  // namespace
