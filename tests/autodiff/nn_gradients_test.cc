// Gradients of the nn ops (softmax family, convolutions, pooling and their backprop ops)
// against central finite differences (float64), over shapes and attribute settings; second
// order where TensorFlow supports it, and its PreventGradient error where it does not.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "autodiff/grad_cases.h"
#include "autodiff/prevent_gradient.h"
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "ops/nn/nn_grad_ops.h"

namespace {

using tf::Tensor;
using tf::TensorShape;
using tf::testing::GradCase;
using tf::testing::InputSpec;
using tf::testing::TensorFn;
using tf::testing::weighted;
using V = std::vector<Tensor>;

std::vector<std::int64_t> dims(const TensorShape& s) { return {s.dims().begin(), s.dims().end()}; }
Tensor sizes_of(const TensorShape& s) { return tf::ops::array::int_tensor(s.dims()); }

// The attributes of a convolution call, in the ops' order.
std::vector<tf::ops::AttrValue> conv_attrs(std::vector<std::int64_t> strides, const std::string& padding,
                                           std::vector<std::int64_t> dilations = {1, 1, 1, 1},
                                           const std::string& format = "NHWC") {
  return {strides, padding, std::vector<std::int64_t>{}, format, dilations};
}
std::vector<tf::ops::AttrValue> pool_attrs(std::vector<std::int64_t> ksize, std::vector<std::int64_t> strides,
                                           const std::string& padding) {
  return {ksize, strides, padding, std::string("NHWC")};
}

}  // namespace

std::vector<GradCase> tf::testing::nn_grad_cases() {
  using tf::ops::nn::ConvKind;
  std::vector<GradCase> c;
  // Softmax and LogSoftmax, along the last and other axes.
  for (const auto& [name, shape, axis] : std::vector<std::tuple<std::string, TensorShape, int>>{
           {"Vector", {5}, -1}, {"Matrix", {2, 3}, -1}, {"Rank3", {2, 3, 4}, -1}, {"Axis0", {3, 2}, 0}, {"Axis1Of3", {2, 3, 2}, 1}}) {
    c.push_back({"Softmax" + name, {{shape}}, [axis](const V& x) { return weighted(tf::nn::softmax(x[0], axis)); }, true});
    c.push_back({"LogSoftmax" + name, {{shape}}, [axis](const V& x) { return weighted(tf::nn::log_softmax(x[0], axis)); },
                 true});
  }
  c.push_back({"SoftmaxSingleClass", {{{3, 1}}}, [](const V& x) { return tf::nn::softmax(x[0]); }, true});
  // Dense cross-entropy: labels = softmax(raw) keep each row a distribution.
  c.push_back({"SoftmaxXent", {{{3, 4}}, {{3, 4}}}, [](const V& x) {
                 return weighted(tf::nn::softmax_cross_entropy_with_logits(tf::nn::softmax(x[1]), x[0]));
               }, true});
  c.push_back({"SoftmaxXentAxis0", {{{4, 2}}, {{4, 2}}}, [](const V& x) {
                 return weighted(tf::nn::softmax_cross_entropy_with_logits(tf::nn::softmax(x[1], 0), x[0], 0));
               }, true});
  c.push_back({"SoftmaxXentRank3", {{{2, 2, 3}}, {{2, 2, 3}}}, [](const V& x) {
                 return tf::nn::softmax_cross_entropy_with_logits(tf::nn::softmax(x[1]), x[0] * x[0]);
               }, true});
  c.push_back({"SparseSoftmaxXent", {{{3, 4}}}, [](const V& x) {
                 return weighted(tf::nn::sparse_softmax_cross_entropy_with_logits(tf::constant({3, 0, 1}), x[0]));
               }});
  c.push_back({"SparseSoftmaxXentInt64Rank3", {{{2, 2, 3}}}, [](const V& x) {
                 const Tensor labels = tf::reshape(tf::constant(std::vector<std::int64_t>{2, 0, 1, 1}), {2, 2});
                 return weighted(tf::nn::sparse_softmax_cross_entropy_with_logits(labels, x[0]));
               }});

  // Conv2D: padding, strides, dilation, layout, and a 1x1 filter.
  struct ConvCase {
    std::string name;
    TensorShape input, filter;
    tf::nn::Sizes strides;
    tf::nn::Padding padding;
    tf::nn::ConvOptions options;
  };
  const std::vector<ConvCase> convs = {
      {"Valid", {2, 4, 4, 2}, {3, 3, 2, 3}, 1, "VALID", {}},
      {"Same", {1, 5, 4, 2}, {3, 2, 2, 2}, 1, "SAME", {}},
      {"SameStride2", {1, 5, 5, 2}, {3, 3, 2, 2}, 2, "SAME", {}},
      {"ValidStride2x1", {1, 6, 5, 1}, {2, 2, 1, 2}, std::vector<std::int64_t>{2, 1}, "VALID", {}},
      {"SameDilation2", {1, 5, 5, 1}, {2, 2, 1, 2}, 1, "SAME", {.dilations = 2}},
      {"Explicit", {1, 3, 3, 1}, {2, 2, 1, 2}, 1, tf::nn::Padding{{0, 0}, {1, 0}, {0, 2}, {0, 0}}, {}},
      {"ExplicitStride2Dilation2", {1, 5, 4, 2}, {2, 2, 2, 2}, 2, tf::nn::Padding{{0, 0}, {1, 2}, {3, 0}, {0, 0}},
       {.dilations = 2}},
      {"ExplicitNchw", {1, 2, 4, 3}, {3, 2, 2, 2}, 1, tf::nn::Padding{{0, 0}, {0, 0}, {2, 1}, {0, 1}}, {.data_format = "NCHW"}},
      {"Nchw", {1, 2, 4, 4}, {3, 3, 2, 2}, 1, "SAME", {.data_format = "NCHW"}},
      {"OneByOne", {2, 3, 3, 3}, {1, 1, 3, 2}, 1, "VALID", {}},
  };
  for (const ConvCase& k : convs) {
    c.push_back({"Conv2D" + k.name, {{k.input}, {k.filter}},
                 [k](const V& x) { return weighted(tf::nn::conv2d(x[0], x[1], k.strides, k.padding, k.options)); },
                 true});
  }
  // Depthwise: channel multiplier 1 and 2, strides, SAME/VALID.
  c.push_back({"DepthwiseValid", {{{1, 4, 4, 2}}, {{2, 2, 2, 1}}},
               [](const V& x) { return weighted(tf::nn::depthwise_conv2d(x[0], x[1], 1, "VALID")); }, true});
  c.push_back({"DepthwiseSameMultiplier2", {{{2, 3, 3, 2}}, {{3, 3, 2, 2}}},
               [](const V& x) { return weighted(tf::nn::depthwise_conv2d(x[0], x[1], 1, "SAME")); }, true});
  c.push_back({"DepthwiseStride2", {{{1, 5, 5, 1}}, {{3, 3, 1, 2}}},
               [](const V& x) { return weighted(tf::nn::depthwise_conv2d(x[0], x[1], 2, "SAME")); }, true});
  c.push_back({"DepthwiseExplicit", {{{1, 4, 3, 2}}, {{2, 3, 2, 2}}}, [](const V& x) {
                 return weighted(tf::nn::depthwise_conv2d(x[0], x[1], 1, {{0, 0}, {2, 1}, {0, 3}, {0, 0}}));
               }, true});
  c.push_back({"Conv2DTransposeExplicit", {{{1, 4, 4, 2}}, {{2, 3, 3, 2}}}, [](const V& x) {
                 // conv2d of a [1, 4, 3, 3] image with these pads gives a [1, 4, 4, 2] output.
                 return weighted(tf::nn::conv2d_transpose(x[0], x[1], tf::constant({1, 4, 3, 3}), 1, {{0, 0}, {1, 0}, {1, 2}, {0, 0}}));
               }, true});
  // The backprop ops called directly: each is differentiated in both of its tensor inputs.
  for (ConvKind kind : {ConvKind::kConv2D, ConvKind::kDepthwise}) {
    const std::string k = kind == ConvKind::kConv2D ? "Conv2D" : "DepthwiseConv2dNative";
    const TensorShape input{1, 4, 4, 2}, filter{3, 3, 2, kind == ConvKind::kConv2D ? 3 : 1};
    const TensorShape out{1, 2, 2, kind == ConvKind::kConv2D ? 3 : 2};
    const auto attrs = conv_attrs({1, 1, 1, 1}, "VALID");
    c.push_back({k + "BackpropInput", {{filter}, {out}}, [=](const V& x) {
                   return weighted(tf::ops::nn::conv_backprop_input(kind, sizes_of(input), x[0], x[1], attrs));
                 }, true});
    c.push_back({k + "BackpropFilter", {{input}, {out}}, [=](const V& x) {
                   return weighted(tf::ops::nn::conv_backprop_filter(kind, x[0], sizes_of(filter), x[1], attrs));
                 }, true});
    const auto strided = conv_attrs({1, 2, 2, 1}, "SAME");
    const TensorShape out2{1, 2, 2, kind == ConvKind::kConv2D ? 3 : 2};
    c.push_back({k + "BackpropInputStride2Same", {{filter}, {out2}}, [=](const V& x) {
                   return weighted(tf::ops::nn::conv_backprop_input(kind, sizes_of(input), x[0], x[1], strided));
                 }});
  }

  // Pooling: windows, strides, padding. Max pooling's inputs are spread apart (no ties).
  struct PoolCase {
    std::string name;
    TensorShape input;
    tf::nn::Sizes ksize, strides;
    std::string padding;
  };
  const std::vector<PoolCase> pools = {
      {"2x2Stride2Valid", {2, 4, 4, 2}, 2, 2, "VALID"},
      {"3x3Stride1Same", {1, 4, 5, 2}, 3, 1, "SAME"},
      {"3x3Stride2Same", {1, 5, 5, 1}, 3, 2, "SAME"},
      {"2x3Stride1x2Valid", {1, 4, 6, 1}, std::vector<std::int64_t>{2, 3}, std::vector<std::int64_t>{1, 2}, "VALID"},
      {"Global", {2, 3, 3, 2}, 3, 1, "VALID"},
  };
  for (const PoolCase& p : pools) {
    c.push_back({"MaxPool" + p.name, {{p.input, -2, 2, 0.01}},
                 [p](const V& x) { return weighted(tf::nn::max_pool2d(x[0], p.ksize, p.strides, p.padding)); }, true});
    c.push_back({"AvgPool" + p.name, {{p.input}},
                 [p](const V& x) { return weighted(tf::nn::avg_pool2d(x[0], p.ksize, p.strides, p.padding)); }, true});
  }
  c.push_back({"MaxPoolNchw", {{{1, 2, 4, 5}, -2, 2, 0.01}}, [](const V& x) {
                 return weighted(tf::nn::max_pool2d(x[0], 2, 1, "SAME", {.data_format = "NCHW"}));
               }, true});
  // The pooling backprop ops called directly (for their gradients in `grad`).
  for (const auto& [name, ksize, strides, padding] : std::vector<std::tuple<std::string, std::int64_t, std::int64_t, std::string>>{
           {"2x2Stride2Valid", 2, 2, "VALID"}, {"3x3Stride1Same", 3, 1, "SAME"}}) {
    const auto attrs = pool_attrs({1, ksize, ksize, 1}, {1, strides, strides, 1}, padding);
    const TensorShape input{1, 4, 4, 2};
    const TensorShape out = tf::nn::max_pool2d(tf::zeros(input, tf::float64), ksize, strides, padding).shape();
    const Tensor x = tf::testing::random_tensor(input, 9, -2, 2, 0.01);
    c.push_back({"MaxPoolGrad" + name, {{out}}, [=](const V& g) {
                   return weighted(tf::ops::nn::max_pool_grad(x, tf::nn::max_pool2d(x, ksize, strides, padding), g[0], attrs));
                 }, true});
    c.push_back({"MaxPoolGradGrad" + name, {{input}}, [=](const V& g) {
                   return weighted(tf::ops::nn::max_pool_grad_grad(x, tf::nn::max_pool2d(x, ksize, strides, padding), g[0], attrs));
                 }, true});
    c.push_back({"AvgPoolGrad" + name, {{out}}, [=](const V& g) {
                   return weighted(tf::ops::nn::avg_pool_grad(sizes_of(input), g[0], attrs));
                 }, true});
    // MaxPool's recorded form's gradient ops, with the argmax of x.
    const Tensor argmax = tf::ops::execute(*tf::ops::find_op("_MaxPoolWithArgmax"), {x}, attrs)[1];
    c.push_back({"MaxPoolGradWithArgmax" + name, {{out}}, [=](const V& g) {
                   return weighted(tf::ops::nn::max_pool_grad_with_argmax(sizes_of(input), g[0], argmax, attrs));
                 }, true});
    c.push_back({"MaxPoolGradGradWithArgmax" + name, {{input}}, [=](const V& g) {
                   return weighted(tf::ops::nn::max_pool_grad_grad_with_argmax(g[0], argmax, attrs));
                 }, true});
  }

  // Composites, differentiable through their pieces.
  c.push_back({"BatchNormalization", {{{4, 3}}, {{3}}, {{3}}, {{3}}}, [](const V& x) {
                 const Tensor variance = tf::constant({0.5, 1.0, 2.0});
                 return weighted(tf::nn::batch_normalization(x[0], x[1], variance, x[2], x[3], 1e-3));
               }});
  c.push_back({"BatchNormalizationNoScaleOffset", {{{2, 3}}, {{3}}}, [](const V& x) {
                 return weighted(tf::nn::batch_normalization(x[0], x[1], tf::constant({0.5, 1.0, 2.0}), Tensor(), Tensor(), 1e-3));
               }});
  return c;
}

namespace {

class NnGradient : public ::testing::TestWithParam<GradCase> {};

TEST_P(NnGradient, MatchesFiniteDifferences) { tf::testing::check_gradient_case(GetParam()); }

INSTANTIATE_TEST_SUITE_P(NnOps, NnGradient, ::testing::ValuesIn(tf::testing::nn_grad_cases()), tf::testing::case_name);

TEST(NnGradients, SoftmaxXentGradientIsSoftmaxMinusLabels) {
  const Tensor logits = tf::constant({{1.0f, 2.0f, 3.0f}, {0.0f, 0.0f, 0.0f}});
  const Tensor labels = tf::constant({{0.0f, 0.0f, 1.0f}, {0.5f, 0.5f, 0.0f}});
  tf::GradientTape tape({.persistent = true});
  tape.watch(logits);
  tape.watch(labels);
  const Tensor loss = tf::nn::softmax_cross_entropy_with_logits(labels, logits);
  const std::vector<float> g = tape.gradient(loss, logits).numpy<float>();
  const double e1 = std::exp(1.0), e2 = std::exp(2.0), e3 = std::exp(3.0), z = e1 + e2 + e3;
  const std::vector<double> expected = {e1 / z, e2 / z, e3 / z - 1, 1.0 / 3 - 0.5, 1.0 / 3 - 0.5, 1.0 / 3};
  for (int i = 0; i < 6; ++i) EXPECT_NEAR(g[i], expected[i], 1e-6) << i;
  // d loss / d labels = -log_softmax(logits).
  const std::vector<float> gl = tape.gradient(loss, labels).numpy<float>();
  EXPECT_NEAR(gl[2], -(3.0 - std::log(z)), 1e-6);
  EXPECT_NEAR(gl[3], std::log(3.0), 1e-6);
}

TEST(NnGradients, SparseSoftmaxXentGradientAndNoLabelGradient) {
  const Tensor logits = tf::constant({{0.0f, 0.0f}, {0.0f, std::log(3.0f)}});
  const Tensor labels = tf::constant({1, 1});
  tf::GradientTape tape;
  tape.watch(logits);
  const Tensor loss = tf::nn::sparse_softmax_cross_entropy_with_logits(labels, logits);
  const std::vector<float> g = tape.gradient(loss, logits).numpy<float>();
  const std::vector<float> expected = {0.5f, -0.5f, 0.25f, -0.25f};
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(g[i], expected[i], 1e-6) << i;
}

// TensorFlow: "Gradient explicitly disabled" (PreventGradient) for the sparse op's second order.
TEST(NnGradients, SparseSoftmaxXentSecondOrderRaisesLookupError) {
  const Tensor logits = tf::testing::random_tensor({2, 3}, 1);
  const Tensor labels = tf::constant({0, 2});
  tf::GradientTape outer;
  outer.watch(logits);
  Tensor g;
  {
    tf::GradientTape inner;
    inner.watch(logits);
    g = inner.gradient(tf::nn::sparse_softmax_cross_entropy_with_logits(labels, logits), logits);
  }
  try {
    outer.gradient(g, logits);
    FAIL() << "expected LookupError";
  } catch (const tf::LookupError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("[PreventGradient] Gradient explicitly disabled"), std::string::npos) << what;
    EXPECT_NE(what.find("SparseSoftmaxCrossEntropyWithLogits"), std::string::npos) << what;
  }
}

TEST(NnGradients, PreventGradientPassesValuesAndRefusesGradients) {
  const Tensor x = tf::constant({1.0, -2.0});
  tf::GradientTape tape;
  tape.watch(x);
  const Tensor y = tf::autodiff::prevent_gradient(x, "a reason");
  EXPECT_EQ(y.numpy<double>(), (std::vector<double>{1.0, -2.0}));
  try {
    tape.gradient(y * 2.0, x);
    FAIL() << "expected LookupError";
  } catch (const tf::LookupError& e) {
    EXPECT_EQ(std::string(e.what()), "[PreventGradient] Gradient explicitly disabled. Reason: a reason");
  }
}

TEST(NnGradients, MaxPoolRoutesGradientToTheMaximum) {
  const Tensor x = tf::reshape(tf::constant({1.0f, 5.0f, 2.0f, 3.0f, 0.0f, 7.0f, 6.0f, 4.0f}), {1, 2, 4, 1});
  tf::GradientTape tape;
  tape.watch(x);
  const Tensor y = tf::nn::max_pool2d(x, 2, 2, "VALID");  // windows {1,5,0,7} and {2,3,6,4}
  const std::vector<float> g = tape.gradient(y * tf::reshape(tf::constant({10.0f, 20.0f}), {1, 1, 2, 1}), x).numpy<float>();
  EXPECT_EQ(g, (std::vector<float>{0, 0, 0, 0, 0, 10, 20, 0}));
}

TEST(NnGradients, AvgPoolSameCountsOnlyRealElements) {
  const Tensor x = tf::ones({1, 3, 3, 1});
  tf::GradientTape tape;
  tape.watch(x);
  const Tensor y = tf::nn::avg_pool2d(x, 2, 2, "SAME");  // windows of 4, 2, 2 and 1 elements
  const std::vector<float> g = tape.gradient(y, x).numpy<float>();
  EXPECT_EQ(g, (std::vector<float>{0.25f, 0.25f, 0.5f, 0.25f, 0.25f, 0.5f, 0.5f, 0.5f, 1.0f}));
}

TEST(NnGradients, ConvGradientOfEmptyBatchIsEmpty) {
  const Tensor x = tf::zeros({0, 3, 3, 1}), w = tf::ones({2, 2, 1, 2});
  tf::GradientTape tape({.persistent = true});
  tape.watch(x);
  tape.watch(w);
  const Tensor y = tf::nn::conv2d(x, w, 1, "VALID");
  EXPECT_EQ(tape.gradient(y, x).shape(), TensorShape({0, 3, 3, 1}));
  EXPECT_EQ(tape.gradient(y, w).numpy<float>(), std::vector<float>(8, 0.0f));
}

// Float32 runs on oneDNN: its gradients agree with the float64 direct loops.
TEST(NnGradients, Float32ConvAndPoolGradientsMatchFloat64) {
  const Tensor x64 = tf::testing::random_tensor({2, 6, 6, 3}, 3, -2, 2, 0.001), w64 = tf::testing::random_tensor({3, 3, 3, 4}, 4);
  auto grads = [](const Tensor& x, const Tensor& w) {
    tf::GradientTape tape({.persistent = true});
    tape.watch(x);
    tape.watch(w);
    const Tensor h = tf::nn::conv2d(tf::nn::max_pool2d(x, 2, 1, "SAME"), w, 2, "SAME");
    const Tensor y = tf::reduce_sum(tf::nn::avg_pool2d(h * h, 2, 1, "VALID"));
    return std::pair{tape.gradient(y, x), tape.gradient(y, w)};
  };
  const auto [gx64, gw64] = grads(x64, w64);
  const auto [gx32, gw32] = grads(tf::cast(x64, tf::float32), tf::cast(w64, tf::float32));
  const std::vector<double> a = gx64.numpy<double>(), b = gw64.numpy<double>();
  const std::vector<float> a32 = gx32.numpy<float>(), b32 = gw32.numpy<float>();
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a32[i], a[i], 1e-3 * (1 + std::abs(a[i]))) << i;
  for (std::size_t i = 0; i < b.size(); ++i) EXPECT_NEAR(b32[i], b[i], 1e-3 * (1 + std::abs(b[i]))) << i;
}

TEST(NnGradients, DropoutGradientIsTheKeptMaskScaled) {
  const Tensor x = tf::testing::random_tensor({64}, 5, 0.5, 2.0);
  tf::GradientTape tape;
  tape.watch(x);
  const Tensor y = tf::nn::dropout(x, 0.25, {.seed = 3});
  const std::vector<double> g = tape.gradient(y, x).numpy<double>(), yv = y.numpy<double>();
  int kept = 0;
  for (std::size_t i = 0; i < g.size(); ++i) {
    EXPECT_DOUBLE_EQ(g[i], yv[i] != 0 ? 1.0 / 0.75 : 0.0) << i;
    kept += yv[i] != 0;
  }
  EXPECT_GT(kept, 0);
  EXPECT_LT(kept, 64);
}

}  // namespace

namespace {

// A training step's gradients, computed inside tf::function (a traced graph) and eagerly.
std::vector<Tensor> conv_net_gradients(const Tensor& x, const Tensor& w, const Tensor& dw, const Tensor& labels) {
  tf::GradientTape tape({.persistent = true});
  tape.watch(x);
  tape.watch(w);
  tape.watch(dw);
  Tensor h = tf::nn::conv2d(x, w, 1, "SAME");
  h = tf::nn::depthwise_conv2d(tf::nn::max_pool2d(h, 2, 2, "VALID"), dw, 1, "SAME");
  h = tf::reshape(tf::nn::avg_pool2d(h, 2, 1, "VALID"), {2, -1});
  const Tensor loss = tf::reduce_mean(tf::nn::sparse_softmax_cross_entropy_with_logits(labels, tf::nn::log_softmax(h))) +
                      tf::reduce_mean(tf::nn::softmax_cross_entropy_with_logits(tf::nn::softmax(h * 0.5), h));
  return {tape.gradient(loss, x), tape.gradient(loss, w), tape.gradient(loss, dw)};
}

TEST(NnGradients, TracedGradientsMatchEager) {
  const Tensor x = tf::testing::random_tensor({2, 4, 4, 2}, 1, -2, 2, 0.001), w = tf::testing::random_tensor({3, 3, 2, 3}, 2);
  const Tensor dw = tf::testing::random_tensor({2, 2, 3, 1}, 3), labels = tf::constant({1, 2});
  auto traced = tf::function([](Tensor a, Tensor b, Tensor c, Tensor l) { return conv_net_gradients(a, b, c, l); });
  const std::vector<Tensor> expected = conv_net_gradients(x, w, dw, labels);
  const std::vector<Tensor> actual = traced(x, w, dw, labels);
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t i = 0; i < actual.size(); ++i) {
    const std::vector<double> a = actual[i].numpy<double>(), e = expected[i].numpy<double>();
    ASSERT_EQ(a.size(), e.size());
    for (std::size_t j = 0; j < a.size(); ++j) EXPECT_NEAR(a[j], e[j], 1e-12) << i << "," << j;
  }
}

}  // namespace
