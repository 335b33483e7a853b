// Gradients of bias_add (and BiasAddGrad, second order), leaky_relu, silu, crelu, the
// logistic and Poisson losses, l2_loss and the moments against central finite differences.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "autodiff/grad_cases.h"
#include "tfpp/bias_add.h"
#include "tfpp/nn_activations.h"
#include "tfpp/nn_losses.h"
#include "tfpp/nn_moments.h"

namespace {

using tf::Tensor;
using tf::testing::distinct;
using tf::testing::GradCase;
using tf::testing::positive;
using tf::testing::weighted;
using V = std::vector<Tensor>;

std::vector<GradCase> cases() {
  std::vector<GradCase> c;
  c.push_back({"BiasAddNHWC", {{{2, 3, 4}}, {{4}}}, [](const V& x) { return weighted(tf::nn::bias_add(x[0], x[1])); }, true});
  c.push_back({"BiasAddNCHW", {{{2, 3, 2, 2}}, {{3}}},
               [](const V& x) { return weighted(tf::nn::bias_add(x[0], x[1], "NCHW")); }, true});
  c.push_back({"BiasAddMatrixNCHW", {{{3, 2}}, {{2}}},
               [](const V& x) { return weighted(tf::nn::bias_add(x[0], x[1], "NCHW")); }, true});
  c.push_back({"BiasAddOfSquare", {{{2, 3}}, {{3}}},
               [](const V& x) { return weighted(tf::math::square(tf::nn::bias_add(x[0] * x[0], x[1]))); }, true});
  c.push_back({"LeakyRelu", {distinct({2, 5})}, [](const V& x) { return weighted(tf::nn::leaky_relu(x[0])); }, true});
  c.push_back({"LeakyReluAlpha2", {distinct({7})}, [](const V& x) { return weighted(tf::nn::leaky_relu(x[0], 2.0)); }, true});
  c.push_back({"Silu", {{{2, 3}}}, [](const V& x) { return weighted(tf::nn::silu(x[0])); }, true});
  c.push_back({"SwishBeta", {{{5}}}, [](const V& x) { return weighted(tf::nn::swish(x[0], 1.7)); }, true});
  c.push_back({"Crelu", {distinct({2, 3})}, [](const V& x) { return weighted(tf::nn::crelu(x[0])); }, true});
  c.push_back({"CreluAxis0", {distinct({2, 3})}, [](const V& x) { return weighted(tf::nn::crelu(x[0], 0)); }, true});
  c.push_back({"SigmoidCrossEntropy", {{{2, 3}, 0.0, 1.0}, {{2, 3}, -4.0, 4.0}},
               [](const V& x) { return weighted(tf::nn::sigmoid_cross_entropy_with_logits(x[0], x[1])); }, true});
  c.push_back({"WeightedCrossEntropy", {{{2, 3}, 0.0, 1.0}, {{2, 3}, -4.0, 4.0}, positive({})},
               [](const V& x) { return weighted(tf::nn::weighted_cross_entropy_with_logits(x[0], x[1], x[2])); }, true});
  c.push_back({"LogPoissonLoss", {{{6}, 0.0, 3.0}, {{6}}},
               [](const V& x) { return weighted(tf::nn::log_poisson_loss(x[0], x[1])); }, true});
  c.push_back({"LogPoissonLossFull", {{{6}, 1.2, 3.0}, {{6}}},
               [](const V& x) { return weighted(tf::nn::log_poisson_loss(x[0], x[1], true)); }, true});
  c.push_back({"L2Loss", {{{2, 3}}}, [](const V& x) { return tf::nn::l2_loss(x[0]); }, true});
  c.push_back({"L2LossScalar", {{{}}}, [](const V& x) { return tf::nn::l2_loss(x[0]); }, true});
  // moments' variance does not differentiate through its mean (stop_gradient, as TensorFlow),
  // which is exact: d/dmean of sum((x - mean)^2) is 0 at the mean.
  c.push_back({"MomentsMean", {{{3, 4}}}, [](const V& x) { return weighted(tf::nn::moments(x[0], {0}).mean); }, true});
  c.push_back({"MomentsVariance", {{{3, 4}}}, [](const V& x) { return weighted(tf::nn::moments(x[0], {0, 1}, true).variance); }});
  c.push_back({"WeightedMoments", {{{3, 4}}, positive({3, 1})},
               [](const V& x) {
                 const tf::nn::Moments m = tf::nn::weighted_moments(x[0], {0}, x[1]);
                 return weighted(m.mean) + weighted(m.variance);
               }, true});
  c.push_back({"NormalizeMoments", {positive({}), {{3}}, positive({3}), {{3}}},
               [](const V& x) {
                 const tf::nn::Moments m = tf::nn::normalize_moments(x[0], x[1], x[2], x[3]);
                 return weighted(m.mean) + weighted(m.variance);
               }, true});
  c.push_back({"ComputeAverageLoss", {{{4}}, positive({4})},
               [](const V& x) { return tf::nn::compute_average_loss(x[0] * x[1]); }, true});
  return c;
}

class NnLossActivationGradient : public ::testing::TestWithParam<GradCase> {};
TEST_P(NnLossActivationGradient, MatchesFiniteDifferences) { tf::testing::check_gradient_case(GetParam()); }
INSTANTIATE_TEST_SUITE_P(Ops, NnLossActivationGradient, ::testing::ValuesIn(cases()), tf::testing::case_name);

// The gradient of f at x.
Tensor grad_at(const std::function<Tensor(const Tensor&)>& f, const Tensor& x) {
  tf::GradientTape tape;
  tape.watch(x);
  return tape.gradient(f(x), x);
}

TEST(NnLossActivationGradientValues, KinksFollowTensorFlow) {
  const Tensor x = tf::constant({-1.0f, 0.0f, 2.0f});
  // LeakyReluGrad passes alpha * dy at 0; the logistic loss takes the x >= 0 branch there.
  EXPECT_EQ(grad_at([](const Tensor& t) { return tf::nn::leaky_relu(t, 0.25); }, x).numpy<float>(),
            (std::vector<float>{0.25f, 0.25f, 1.0f}));
  const auto g = grad_at([](const Tensor& t) { return tf::nn::sigmoid_cross_entropy_with_logits(tf::ones_like(t), t); }, x)
                     .numpy<float>();
  EXPECT_FLOAT_EQ(g[1], -0.5f);
}

TEST(NnLossActivationGradientValues, BiasGradientSumsAllButChannels) {
  const Tensor x = tf::reshape(tf::cast(tf::range(0, 12, 1), tf::float32), {2, 3, 2});
  const Tensor b = tf::constant({0.0f, 0.0f, 0.0f});
  tf::GradientTape tape;
  tape.watch(b);
  const Tensor y = tf::nn::bias_add(x, b, "NCHW") * x;
  EXPECT_EQ(tape.gradient(y, b).numpy<float>(), (std::vector<float>{0 + 1 + 6 + 7, 2 + 3 + 8 + 9, 4 + 5 + 10 + 11}));
}

TEST(NnLossActivationGradientValues, TracedEqualsEager) {
  const Tensor x = tf::random::normal({4, 3}, {.dtype = tf::float64, .seed = 3});
  const Tensor b = tf::random::normal({3}, {.dtype = tf::float64, .seed = 4});
  auto grads = [](Tensor x, Tensor b) {
    tf::GradientTape tape;
    tape.watch(x);
    tape.watch(b);
    const Tensor h = tf::nn::leaky_relu(tf::nn::bias_add(x, b)) + tf::nn::silu(x);
    const Tensor loss = tf::nn::l2_loss(h) + tf::reduce_sum(tf::nn::sigmoid_cross_entropy_with_logits(tf::nn::sigmoid(x), h));
    return tape.gradient(loss, std::vector<Tensor>{x, b});
  };
  const std::vector<Tensor> eager = grads(x, b), traced = tf::function(grads)(x, b);
  for (int i = 0; i < 2; ++i) {
    const auto e = eager[i].numpy<double>(), t = traced[i].numpy<double>();
    ASSERT_EQ(e.size(), t.size());
    for (std::size_t j = 0; j < e.size(); ++j) EXPECT_NEAR(e[j], t[j], 1e-12);
  }
}

}  // namespace
