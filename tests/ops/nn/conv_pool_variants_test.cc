// conv1d, convolution, separable_conv2d and the 1-D and rank-generic pools: equal to the 2-D
// ops they are built on, hand-computed values, errors, static shapes when traced, and
// gradients against finite differences.
#include <gtest/gtest.h>

#include "autodiff/grad_cases.h"
#include "ops/nn/nn_test_util.h"
#include "tfpp/nn_conv_pool_variants.h"

namespace {

using tf::None;
using tf::Tensor;
using tf::testing::error_of;
using tf::testing::expect_close;
using tf::testing::GradCase;
using tf::testing::to_doubles;
using tf::testing::weighted;
using V = std::vector<Tensor>;

Tensor ramp(const tf::TensorShape& shape, tf::DType dtype = tf::float32) {
  std::vector<double> v(shape.num_elements());
  for (std::size_t k = 0; k < v.size(); ++k) v[k] = static_cast<double>((k * 37) % 23) * 0.25 - 2.75;
  return tf::testing::make_tensor(v, shape, dtype);
}

TEST(Conv1d, IsConv2dOverAnAddedAxis) {
  const Tensor x = ramp({2, 7, 3}), w = ramp({3, 3, 4});
  for (const char* padding : {"SAME", "VALID"}) {
    const Tensor want = tf::squeeze(tf::nn::conv2d(tf::expand_dims(x, 1), tf::expand_dims(w, 0), {1, 2}, padding), {1});
    expect_close(to_doubles(tf::nn::conv1d(x, w, 2, padding)), to_doubles(want), 0, padding);
  }
  // NCW gives the transpose of NWC; convolution picks conv1d by the filters' rank.
  const Tensor ncw = tf::nn::conv1d(tf::transpose(x, {0, 2, 1}), w, 1, "SAME", {.data_format = "NCW"});
  expect_close(to_doubles(tf::transpose(ncw, {0, 2, 1})), to_doubles(tf::nn::conv1d(x, w, 1, "SAME")), 0);
  expect_close(to_doubles(tf::nn::convolution(x, w, "SAME", {.strides = 2})), to_doubles(tf::nn::conv1d(x, w, 2, "SAME")), 0);
  EXPECT_EQ(tf::nn::conv1d(x, w, {1, 1, 1}, "VALID", {.dilations = 2}).shape(), tf::TensorShape({2, 3, 4}));
}

TEST(Conv1d, Errors) {
  const Tensor x = ramp({2, 7, 3}), w = ramp({3, 3, 4});
  EXPECT_EQ(error_of([&] { tf::nn::conv1d(x, w, {2, 2}, "SAME"); }),
            "[conv1d] stride must be 1 value, or 3 with 1 at the batch and channel positions, got [2,2]");
  EXPECT_EQ(error_of([&] { tf::nn::conv1d(x, w, 1, "SAME", {.data_format = "NHW"}); }),
            "[conv1d] data_format must be NWC or NCW, got NHW");
  EXPECT_NE(error_of([&] { tf::nn::conv1d(x, ramp({3, 2, 4}), 1, "SAME"); }), "no error");
  EXPECT_EQ(error_of([&] { tf::nn::convolution(x, ramp({1, 1, 1, 1, 3, 4})); }),
            "[convolution] filters must have rank 3 (1-D), 4 (2-D) or 5 (3-D), got shape [1,1,1,1,3,4]");
}

TEST(SeparableConv2d, IsDepthwiseThenPointwise) {
  const Tensor x = ramp({1, 5, 6, 2}), d = ramp({3, 3, 2, 2}), p = ramp({1, 1, 4, 3});
  const Tensor want = tf::nn::conv2d(tf::nn::depthwise_conv2d(x, d, 2, "SAME"), p, 1, "VALID");
  expect_close(to_doubles(tf::nn::separable_conv2d(x, d, p, 2, "SAME")), to_doubles(want), 0);
  EXPECT_EQ(error_of([&] { tf::nn::separable_conv2d(x, d, ramp({2, 2, 4, 3}), 1, "SAME"); }),
            "[separable_conv2d] pointwise_filter must have shape [1, 1, in, out], got [2,2,4,3]");
}

TEST(Pool1d, ValuesAndRankGenericDispatch) {
  const Tensor x = tf::reshape(tf::constant({1.0f, 5.0f, 2.0f, 4.0f, 3.0f}), {1, 5, 1});
  EXPECT_EQ(tf::nn::max_pool1d(x, 2, 2, "VALID").numpy<float>(), (std::vector<float>{5, 4}));
  EXPECT_EQ(tf::nn::max_pool1d(x, 2, 2, "SAME").numpy<float>(), (std::vector<float>{5, 4, 3}));
  EXPECT_EQ(tf::nn::avg_pool1d(x, 2, 2, "SAME").numpy<float>(), (std::vector<float>{3, 3, 3}));
  EXPECT_EQ(tf::nn::max_pool(x, 3, 1, "VALID").numpy<float>(), (std::vector<float>{5, 5, 4}));
  EXPECT_EQ(tf::nn::avg_pool(x, {1, 3, 1}, {1, 2, 1}, "VALID").shape(), tf::TensorShape({1, 2, 1}));
  EXPECT_EQ(tf::nn::max_pool1d(tf::reshape(x, {1, 1, 5}), 2, 1, "VALID", "NCW").numpy<float>(), (std::vector<float>{5, 5, 4, 4}));
  const Tensor images = ramp({2, 4, 4, 3});
  EXPECT_EQ(tf::nn::max_pool(images, 2, 2, "VALID").numpy<float>(), tf::nn::max_pool2d(images, 2, 2, "VALID").numpy<float>());
  EXPECT_EQ(error_of([] { tf::nn::max_pool(tf::ones({2, 3}), 2, 2, "VALID"); }),
            "[max_pool] input must have rank 3 (1-D pooling), 4 (2-D pooling) or 5 (3-D pooling), got shape [2,3]");
  EXPECT_EQ(error_of([&] { tf::nn::max_pool1d(x, {1, 2, 2}, 1, "VALID"); }),
            "[max_pool1d] ksize must be 1 value, or 3 with 1 at the batch and channel positions, got [1,2,2]");
}

TEST(ConvPoolVariants, TracedStaticShapes) {
  std::vector<tf::TensorShape> shapes;
  auto f = tf::function([&shapes](Tensor signal, Tensor images) {
    const std::vector<Tensor> out{tf::nn::conv1d(signal, ramp({3, 3, 4}), 2, "SAME"), tf::nn::avg_pool(signal, 2, 2, "VALID"),
                                  tf::nn::separable_conv2d(images, ramp({3, 3, 3, 2}), ramp({1, 1, 6, 4}), 1, "SAME")};
    for (const Tensor& t : out) shapes.push_back(t.shape());
    return out;
  });
  f.get_concrete_function(tf::TensorSpec({None, 7, 3}), tf::TensorSpec({None, 5, None, 3}));
  EXPECT_EQ(shapes, (std::vector<tf::TensorShape>{{None, 4, 4}, {None, 3, 3}, {None, 5, None, 4}}));
}

std::vector<GradCase> grad_cases() {
  return {
      {"Conv1dSame", {{{2, 5, 2}}, {{3, 2, 3}}}, [](const V& x) { return weighted(tf::nn::conv1d(x[0], x[1], 1, "SAME")); }, true},
      {"Conv1dStrideNCW", {{{1, 2, 6}}, {{2, 2, 2}}},
       [](const V& x) { return weighted(tf::nn::conv1d(x[0], x[1], 2, "VALID", {.data_format = "NCW"})); }},
      {"SeparableConv2d", {{{1, 4, 4, 2}}, {{2, 2, 2, 2}}, {{1, 1, 4, 3}}},
       [](const V& x) { return weighted(tf::nn::separable_conv2d(x[0], x[1], x[2], 1, "SAME")); }},
      {"MaxPool1d", {tf::testing::distinct({2, 6, 2})}, [](const V& x) { return weighted(tf::nn::max_pool1d(x[0], 3, 2, "SAME")); }},
      {"AvgPool1d", {{{2, 6, 2}}}, [](const V& x) { return weighted(tf::nn::avg_pool1d(x[0], 2, 1, "VALID")); }},
  };
}

class ConvPoolVariantGradient : public ::testing::TestWithParam<GradCase> {};
TEST_P(ConvPoolVariantGradient, MatchesFiniteDifferences) { tf::testing::check_gradient_case(GetParam()); }
INSTANTIATE_TEST_SUITE_P(Ops, ConvPoolVariantGradient, ::testing::ValuesIn(grad_cases()), tf::testing::case_name);

}  // namespace
