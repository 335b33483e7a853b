// bias_add, leaky_relu, silu, crelu, the logistic and Poisson losses, l2_loss, the moments and
// the loss-averaging helpers: values, dtypes, errors and static shapes.
#include <gtest/gtest.h>

#include "ops/nn/nn_test_util.h"
#include "tfpp/bias_add.h"
#include "tfpp/nn_activations.h"
#include "tfpp/nn_losses.h"
#include "tfpp/nn_moments.h"

namespace {

using tf::None;
using tf::Tensor;
using tf::testing::error_of;
using tf::testing::expect_close;
using tf::testing::inferred_shape;
using tf::testing::symbolic;
using tf::testing::to_doubles;

TEST(BiasAdd, AddsAlongTheChannels) {
  const Tensor x = tf::reshape(tf::range(0, 12, 1), {2, 3, 2});
  EXPECT_EQ(tf::nn::bias_add(x, tf::constant({10, 20})).numpy<std::int32_t>(),
            (std::vector<std::int32_t>{10, 21, 12, 23, 14, 25, 16, 27, 18, 29, 20, 31}));
  EXPECT_EQ(tf::nn::bias_add(x, tf::constant({10, 20, 30}), "NCHW").numpy<std::int32_t>(),
            (std::vector<std::int32_t>{10, 11, 22, 23, 34, 35, 16, 17, 28, 29, 40, 41}));
  // "N...C" and "NC..." spellings, as tf.nn.bias_add accepts.
  EXPECT_EQ(tf::nn::bias_add(x, tf::constant({10, 20, 30}), "NCW").numpy<std::int32_t>()[2], 22);
  EXPECT_EQ(tf::nn::bias_add(tf::ones({2, 2}, tf::float64), tf::constant({1.0, 2.0}), "NWC").numpy<double>(),
            (std::vector<double>{2, 3, 2, 3}));
}

TEST(BiasAdd, Errors) {
  EXPECT_EQ(error_of([] { tf::nn::bias_add(tf::ones({2, 3}), tf::ones({2})); }),
            "[BiasAdd] Must provide as many biases as the last dimension of the input tensor: [2] vs. [2,3]");
  EXPECT_EQ(error_of([] { tf::nn::bias_add(tf::ones({3}), tf::ones({3})); }), "[BiasAdd] Input tensor must be at least 2D: [3]");
  EXPECT_EQ(error_of([] { tf::nn::bias_add(tf::ones({2, 3}), tf::ones({1, 3})); }), "[BiasAdd] Biases must be 1D: [1,3]");
  EXPECT_NE(error_of([] { tf::nn::bias_add(tf::ones({2, 3}), tf::ones({3}, tf::float64)); }), "no error");
  EXPECT_NE(error_of([] { tf::nn::bias_add(tf::ones({2, 3}, tf::bool_), tf::ones({3}, tf::bool_)); }), "no error");
  EXPECT_EQ(error_of([] { tf::nn::bias_add(tf::ones({2, 3}), tf::ones({3}), "HWC"); }),
            "[bias_add] data_format must be of the form N...C or NC..., got HWC");
}

TEST(BiasAdd, StaticShapes) {
  const std::vector<tf::ops::AttrValue> nhwc{std::string("NHWC")}, nchw{std::string("NCHW")};
  EXPECT_EQ(inferred_shape("BiasAdd", {symbolic(tf::float32, {None, None}), symbolic(tf::float32, {4})}, nhwc),
            tf::TensorShape({None, 4}));
  EXPECT_EQ(inferred_shape("BiasAdd", {symbolic(tf::float32, {None, None, 5}), symbolic(tf::float32, {3})}, nchw),
            tf::TensorShape({None, 3, 5}));
  EXPECT_EQ(inferred_shape("BiasAddGrad", {symbolic(tf::float32, {None, 7, 5})}, nchw), tf::TensorShape({7}));
  EXPECT_EQ(inferred_shape("BiasAddGrad", {symbolic(tf::float32, tf::TensorShape::unknown_rank())}, nhwc),
            tf::TensorShape({None}));
}

TEST(LeakyRelu, ValuesAndDtypes) {
  EXPECT_EQ(tf::nn::leaky_relu(tf::constant({-2.0f, 0.0f, 3.0f})).numpy<float>(), (std::vector<float>{-0.4f, 0.0f, 3.0f}));
  EXPECT_EQ(tf::nn::leaky_relu(tf::constant({-1.0, 2.0}), 2.0).numpy<double>(), (std::vector<double>{-2.0, 2.0}));
  // Integers become float32, as in TensorFlow.
  const Tensor i = tf::nn::leaky_relu(tf::constant({-2, 3}));
  EXPECT_EQ(i.dtype(), tf::float32);
  EXPECT_EQ(i.numpy<float>(), (std::vector<float>{-0.4f, 3.0f}));
  EXPECT_NE(error_of([] { tf::nn::leaky_relu(tf::constant({true})); }), "no error");
}

TEST(SiluCrelu, Values) {
  const Tensor x = tf::constant({-1.0, 0.5, 2.0});
  expect_close(to_doubles(tf::nn::silu(x)), {-1 / (1 + std::exp(1.0)), 0.5 / (1 + std::exp(-0.5)), 2 / (1 + std::exp(-2.0))}, 1e-15);
  expect_close(to_doubles(tf::nn::swish(x, 2.0)), {-1 / (1 + std::exp(2.0)), 0.5 / (1 + std::exp(-1.0)), 2 / (1 + std::exp(-4.0))}, 1e-15);
  const Tensor c = tf::nn::crelu(tf::constant({{-1.0f, 2.0f}}));
  EXPECT_EQ(c.shape(), tf::TensorShape({1, 4}));
  EXPECT_EQ(c.numpy<float>(), (std::vector<float>{0, 2, 1, 0}));
  EXPECT_EQ(tf::nn::crelu(tf::constant({{-1.0f, 2.0f}}), 0).shape(), tf::TensorShape({2, 2}));
}

TEST(Losses, LogisticValues) {
  const Tensor z = tf::constant({0.0, 1.0, 0.5, 1.0}), x = tf::constant({-2.0, 0.0, 3.0, 800.0});
  auto logistic = [](double z, double x) { return std::max(x, 0.0) - x * z + std::log1p(std::exp(-std::abs(x))); };
  expect_close(to_doubles(tf::nn::sigmoid_cross_entropy_with_logits(z, x)),
               {logistic(0, -2), logistic(1, 0), logistic(0.5, 3), 0.0}, 1e-15);
  // pos_weight 1 is the plain logistic loss; 3 triples the positive term.
  expect_close(to_doubles(tf::nn::weighted_cross_entropy_with_logits(z, x, tf::constant(1.0))),
               to_doubles(tf::nn::sigmoid_cross_entropy_with_logits(z, x)), 1e-14);
  expect_close(to_doubles(tf::nn::weighted_cross_entropy_with_logits(tf::constant({1.0}), tf::constant({0.0}), tf::constant(3.0))),
               {3 * std::log(2.0)}, 1e-15);
  EXPECT_EQ(error_of([] { tf::nn::sigmoid_cross_entropy_with_logits(tf::ones({2}), tf::ones({3})); }),
            "[sigmoid_cross_entropy_with_logits] logits and labels must have the same shape, received ([3] vs [2])");
}

TEST(Losses, LogPoissonAndL2) {
  const Tensor t = tf::constant({0.0, 1.0, 4.0}), l = tf::constant({0.5, -1.0, 1.0});
  std::vector<double> want{std::exp(0.5), std::exp(-1.0) + 1.0, std::exp(1.0) - 4.0};
  expect_close(to_doubles(tf::nn::log_poisson_loss(t, l)), want, 1e-15);
  want[2] += 4 * std::log(4.0) - 4 + 0.5 * std::log(2 * std::numbers::pi * 4);
  expect_close(to_doubles(tf::nn::log_poisson_loss(t, l, true)), want, 1e-15);
  EXPECT_EQ(tf::nn::l2_loss(tf::constant({{1.0f, 2.0f}, {3.0f, 4.0f}})).numpy<float>(), (std::vector<float>{15.0f}));
  EXPECT_EQ(tf::nn::l2_loss(tf::constant(3.0)).item<double>(), 4.5);
  EXPECT_EQ(tf::nn::l2_loss(tf::zeros({0, 2})).item<float>(), 0.0f);
  EXPECT_EQ(error_of([] { tf::nn::l2_loss(tf::constant({1, 2})); }).substr(0, 30), "[L2Loss] does not support dtyp");
}

TEST(Moments, MeanAndVariance) {
  const Tensor x = tf::constant({{1.0f, 2.0f}, {3.0f, 6.0f}});
  const tf::nn::Moments m = tf::nn::moments(x, {0});
  EXPECT_EQ(m.mean.numpy<float>(), (std::vector<float>{2, 4}));
  EXPECT_EQ(m.variance.numpy<float>(), (std::vector<float>{1, 4}));
  const tf::nn::Moments k = tf::nn::moments(x, {0, 1}, true);
  EXPECT_EQ(k.mean.shape(), tf::TensorShape({1, 1}));
  EXPECT_EQ(k.variance.numpy<float>(), (std::vector<float>{3.5f}));
  // Weights 1 and 3 along axis 0; a zero weight sum gives 0, not NaN.
  const tf::nn::Moments w = tf::nn::weighted_moments(x, {0}, tf::constant({{1.0f}, {3.0f}}));
  EXPECT_EQ(w.mean.numpy<float>(), (std::vector<float>{2.5f, 5.0f}));
  EXPECT_EQ(w.variance.numpy<float>(), (std::vector<float>{0.75f, 3.0f}));
  EXPECT_EQ(tf::nn::weighted_moments(x, {0}, tf::zeros({2, 1})).variance.numpy<float>(), (std::vector<float>{0, 0}));
  const tf::nn::Moments n = tf::nn::normalize_moments(tf::constant(2.0f), tf::constant({2.0f}), tf::constant({10.0f}), tf::constant({1.0f}));
  EXPECT_EQ(n.mean.numpy<float>(), (std::vector<float>{2.0f}));
  EXPECT_EQ(n.variance.numpy<float>(), (std::vector<float>{4.0f}));
}

TEST(AverageLoss, DividesByTheGlobalBatch) {
  const Tensor l = tf::constant({1.0f, 2.0f, 3.0f, 6.0f});
  EXPECT_EQ(tf::nn::compute_average_loss(l).item<float>(), 3.0f);
  EXPECT_EQ(tf::nn::compute_average_loss(l, {.global_batch_size = 6}).item<float>(), 2.0f);
  EXPECT_EQ(tf::nn::compute_average_loss(l, {.global_batch_size = 0}).item<float>(), 0.0f);
  EXPECT_EQ(tf::nn::compute_average_loss(l, {.sample_weight = tf::constant(2.0)}).item<float>(), 6.0f);
  EXPECT_EQ(tf::nn::compute_average_loss(tf::zeros({0})).item<float>(), 0.0f);
  EXPECT_EQ(tf::nn::compute_average_loss(tf::constant({{1.0, 3.0}}), {.sample_weight = tf::constant({2.0})}).item<double>(), 8.0);
  EXPECT_NE(error_of([] { tf::nn::compute_average_loss(tf::constant(1.0f)); }), "no error");
  EXPECT_NE(error_of([] { tf::nn::compute_average_loss(tf::constant({1.0f}), {.global_batch_size = -1}); }), "no error");
  EXPECT_EQ(tf::nn::scale_regularization_loss(tf::constant({1.0f, 2.5f})).item<float>(), 3.5f);
}

TEST(NnLossesActivations, TracedStaticShapesAndValues) {
  std::vector<tf::TensorShape> shapes;
  auto f = tf::function([&shapes](Tensor x, Tensor b) {
    const std::vector<Tensor> out{tf::nn::bias_add(x, b), tf::nn::l2_loss(x), tf::nn::leaky_relu(x), tf::nn::crelu(x),
                                  tf::nn::moments(x, {0}).mean, tf::nn::sigmoid_cross_entropy_with_logits(x, x),
                                  tf::nn::compute_average_loss(tf::reduce_sum(x, 1))};
    for (const Tensor& t : out) shapes.push_back(t.shape());
    return out;
  });
  f.get_concrete_function(tf::TensorSpec({None, 3}), tf::TensorSpec({3}));
  EXPECT_EQ(shapes, (std::vector<tf::TensorShape>{{None, 3}, {}, {None, 3}, {None, 6}, {3}, {None, 3}, {}}));
  const Tensor x = tf::constant({{1.0f, -2.0f, 3.0f}, {0.5f, 4.0f, -1.0f}}), b = tf::constant({1.0f, 2.0f, 3.0f});
  const std::vector<Tensor> traced = f(x, b);
  EXPECT_EQ(traced[0].numpy<float>(), tf::nn::bias_add(x, b).numpy<float>());
  EXPECT_EQ(traced[1].item<float>(), tf::nn::l2_loss(x).item<float>());
  EXPECT_EQ(traced[6].item<float>(), tf::nn::compute_average_loss(tf::reduce_sum(x, 1)).item<float>());
}

}  // namespace
