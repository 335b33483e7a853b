// Conv3D, its backprops, the 3-D pools and their gradients: values against nested-loop
// references, float32 (oneDNN) against float64 (direct loops), NCDHW against NDHWC, gradients
// and second order against finite differences, TensorFlow's tie rule for max pooling, shape
// functions with unknown sizes, errors, and the rank-generic functions' dispatch to 3-D.
#include <gtest/gtest.h>

#include <array>

#include "autodiff/grad_cases.h"
#include "ops/nn/nn_test_util.h"
#include "tfpp/nn_conv3d.h"
#include "tfpp/nn_conv_pool_variants.h"
#include "tfpp/nn_pool.h"

namespace {

using tf::None;
using tf::Tensor;
using tf::testing::error_of;
using tf::testing::expect_close;
using tf::testing::GradCase;
using tf::testing::to_doubles;
using tf::testing::weighted;
using I64 = std::int64_t;
using V = std::vector<Tensor>;
using Triple = std::array<I64, 3>;

Tensor values(const tf::TensorShape& shape, unsigned seed, tf::DType dtype = tf::float32) {
  return tf::testing::make_tensor(tf::testing::random_values(shape.num_elements(), seed), shape, dtype);
}

// Output size and leading pad of one dimension, by TensorFlow's rules.
std::pair<I64, I64> out_and_pad(bool same, I64 in, I64 window, I64 stride) {
  if (!same) return {(in - window) / stride + 1, 0};
  const I64 out = (in + stride - 1) / stride;
  return {out, std::max<I64>((out - 1) * stride + window - in, 0) / 2};
}

// A nested-loop NDHWC convolution with DHWIO filters.
std::vector<double> reference_conv3d(const Tensor& x, const Tensor& w, Triple stride, Triple dilation, bool same) {
  const auto xs = x.shape(), ws = w.shape();
  const std::vector<double> xv = to_doubles(x), wv = to_doubles(w);
  const I64 n = xs[0], ic = xs[4], oc = ws[4];
  Triple out{}, pad{};
  for (int i = 0; i < 3; ++i)
    std::tie(out[i], pad[i]) = out_and_pad(same, xs[i + 1], (ws[i] - 1) * dilation[i] + 1, stride[i]);
  std::vector<double> y(n * out[0] * out[1] * out[2] * oc, 0.0);
  for (I64 b = 0; b < n; ++b)
    for (I64 z = 0; z < out[0]; ++z)
      for (I64 r = 0; r < out[1]; ++r)
        for (I64 c = 0; c < out[2]; ++c)
          for (I64 o = 0; o < oc; ++o) {
            double acc = 0;
            for (I64 a = 0; a < ws[0]; ++a)
              for (I64 e = 0; e < ws[1]; ++e)
                for (I64 f = 0; f < ws[2]; ++f) {
                  const I64 iz = z * stride[0] - pad[0] + a * dilation[0], iy = r * stride[1] - pad[1] + e * dilation[1],
                            ix = c * stride[2] - pad[2] + f * dilation[2];
                  if (iz < 0 || iz >= xs[1] || iy < 0 || iy >= xs[2] || ix < 0 || ix >= xs[3]) continue;
                  for (I64 i = 0; i < ic; ++i)
                    acc += xv[(((b * xs[1] + iz) * xs[2] + iy) * xs[3] + ix) * ic + i] *
                           wv[(((a * ws[1] + e) * ws[2] + f) * ic + i) * oc + o];
                }
            y[(((b * out[0] + z) * out[1] + r) * out[2] + c) * oc + o] = acc;
          }
  return y;
}

// A nested-loop NDHWC max or average pooling (padding left out of windows).
std::vector<double> reference_pool3d(const Tensor& x, bool max, Triple window, Triple stride, bool same) {
  const auto xs = x.shape();
  const std::vector<double> xv = to_doubles(x);
  Triple out{}, pad{};
  for (int i = 0; i < 3; ++i) std::tie(out[i], pad[i]) = out_and_pad(same, xs[i + 1], window[i], stride[i]);
  std::vector<double> y;
  for (I64 b = 0; b < xs[0]; ++b)
    for (I64 z = 0; z < out[0]; ++z)
      for (I64 r = 0; r < out[1]; ++r)
        for (I64 c = 0; c < out[2]; ++c)
          for (I64 ch = 0; ch < xs[4]; ++ch) {
            double acc = max ? -1e300 : 0.0;
            I64 count = 0;
            for (I64 iz = z * stride[0] - pad[0]; iz < z * stride[0] - pad[0] + window[0]; ++iz)
              for (I64 iy = r * stride[1] - pad[1]; iy < r * stride[1] - pad[1] + window[1]; ++iy)
                for (I64 ix = c * stride[2] - pad[2]; ix < c * stride[2] - pad[2] + window[2]; ++ix) {
                  if (iz < 0 || iz >= xs[1] || iy < 0 || iy >= xs[2] || ix < 0 || ix >= xs[3]) continue;
                  const double v = xv[(((b * xs[1] + iz) * xs[2] + iy) * xs[3] + ix) * xs[4] + ch];
                  acc = max ? std::max(acc, v) : acc + v;
                  ++count;
                }
            y.push_back(max ? acc : acc / count);
          }
  return y;
}

Tensor to_ncdhw(const Tensor& t) { return tf::transpose(t, {0, 4, 1, 2, 3}); }
Tensor to_ndhwc(const Tensor& t) { return tf::transpose(t, {0, 2, 3, 4, 1}); }

struct ConvCase {
  tf::TensorShape input, filter;
  Triple stride, dilation;
  bool same;
};

const std::vector<ConvCase> kConvCases = {
    {{2, 4, 5, 6, 3}, {2, 3, 2, 3, 4}, {1, 1, 1}, {1, 1, 1}, false},
    {{2, 4, 5, 6, 3}, {2, 3, 2, 3, 4}, {1, 1, 1}, {1, 1, 1}, true},
    {{1, 5, 6, 7, 2}, {3, 3, 3, 2, 5}, {2, 1, 3}, {1, 1, 1}, true},
    {{1, 5, 6, 7, 2}, {2, 2, 3, 2, 2}, {1, 2, 2}, {1, 1, 1}, false},
    {{1, 6, 6, 5, 2}, {2, 3, 2, 2, 3}, {1, 1, 1}, {2, 1, 2}, true},
    {{3, 3, 4, 4, 1}, {1, 1, 1, 1, 2}, {1, 1, 1}, {1, 1, 1}, false},
};

TEST(Conv3d, MatchesNestedLoopsInBothDtypesAndLayouts) {
  unsigned seed = 1;
  for (const ConvCase& k : kConvCases) {
    const char* padding = k.same ? "SAME" : "VALID";
    for (tf::DType dtype : {tf::float32, tf::float64}) {
      const Tensor x = values(k.input, seed, dtype), w = values(k.filter, seed + 1, dtype);
      const tf::nn::Sizes strides({k.stride[0], k.stride[1], k.stride[2]});
      const tf::nn::Sizes dilations({k.dilation[0], k.dilation[1], k.dilation[2]});
      const Tensor y = tf::nn::conv3d(x, w, strides, padding, {.dilations = dilations});
      expect_close(to_doubles(y), reference_conv3d(x, w, k.stride, k.dilation, k.same), 1e-5, k.input.debug_string());
      const Tensor y_first = tf::nn::conv3d(to_ncdhw(x), w, strides, padding, {.dilations = dilations, .data_format = "NCDHW"});
      expect_close(to_doubles(to_ndhwc(y_first)), to_doubles(y), 1e-5, "NCDHW");
    }
    seed += 2;
  }
}

TEST(Conv3d, Float32BackpropsMatchFloat64) {
  unsigned seed = 20;
  for (const ConvCase& k : kConvCases) {
    std::array<std::vector<double>, 2> dx, dw;
    for (int d = 0; d < 2; ++d) {
      const tf::DType dtype = d ? tf::float64 : tf::float32;
      const Tensor x = values(k.input, seed, dtype), w = values(k.filter, seed + 1, dtype);
      tf::GradientTape tape({.persistent = true});
      tape.watch(x);
      tape.watch(w);
      const Tensor y = tf::nn::conv3d(x, w, tf::nn::Sizes({k.stride[0], k.stride[1], k.stride[2]}), k.same ? "SAME" : "VALID",
                                      {.dilations = tf::nn::Sizes({k.dilation[0], k.dilation[1], k.dilation[2]})});
      const Tensor loss = tf::reduce_sum(y * values(y.shape(), seed + 2, dtype));
      dx[d] = to_doubles(tape.gradient(loss, x));
      dw[d] = to_doubles(tape.gradient(loss, w));
    }
    expect_close(dx[0], dx[1], 1e-5, "input gradient " + k.input.debug_string());
    expect_close(dw[0], dw[1], 1e-5, "filter gradient " + k.input.debug_string());
    seed += 3;
  }
}

TEST(Conv3dTranspose, IsTheInputGradientOfConv3d) {
  const Tensor x = values({2, 3, 4, 3, 2}, 40), w = values({2, 3, 2, 4, 2}, 41);
  const Tensor y = tf::nn::conv3d_transpose(x, w, tf::constant(std::vector<std::int32_t>{2, 6, 8, 5, 4}), 2, "SAME");
  EXPECT_EQ(y.shape(), tf::TensorShape({2, 6, 8, 5, 4}));
  // <conv3d(u, w), x> = <u, conv3d_transpose(x, w)> for every u: check one.
  const Tensor u = values({2, 6, 8, 5, 4}, 42);
  const double lhs = tf::reduce_sum(tf::nn::conv3d(u, w, 2, "SAME") * x).item<float>();
  const double rhs = tf::reduce_sum(u * y).item<float>();
  EXPECT_NEAR(lhs, rhs, 1e-4 * (1 + std::abs(lhs)));
}

struct PoolCase {
  tf::TensorShape input;
  Triple window, stride;
  bool same;
};

const std::vector<PoolCase> kPoolCases = {
    {{2, 4, 5, 6, 3}, {2, 2, 2}, {2, 2, 2}, false},
    {{2, 5, 5, 5, 2}, {3, 2, 3}, {2, 1, 2}, true},
    {{1, 3, 4, 5, 2}, {1, 3, 2}, {1, 3, 1}, true},
    {{1, 4, 4, 4, 1}, {3, 3, 3}, {1, 1, 1}, false},
};

TEST(Pool3d, MatchesNestedLoopsInBothDtypesAndLayouts) {
  unsigned seed = 60;
  for (const PoolCase& k : kPoolCases)
    for (bool max : {true, false})
      for (tf::DType dtype : {tf::float32, tf::float64}) {
        const Tensor x = values(k.input, seed++, dtype);
        const tf::nn::Sizes window({k.window[0], k.window[1], k.window[2]}), stride({k.stride[0], k.stride[1], k.stride[2]});
        const char* padding = k.same ? "SAME" : "VALID";
        const auto pool = max ? tf::nn::max_pool3d : tf::nn::avg_pool3d;
        const Tensor y = pool(x, window, stride, padding, "NDHWC");
        expect_close(to_doubles(y), reference_pool3d(x, max, k.window, k.stride, k.same), 1e-6, k.input.debug_string());
        expect_close(to_doubles(to_ndhwc(pool(to_ncdhw(x), window, stride, padding, "NCDHW"))), to_doubles(y), 1e-6, "NCDHW");
      }
}

TEST(Pool3d, AverageGradientFloat32MatchesFloat64) {
  for (const PoolCase& k : kPoolCases) {
    std::array<std::vector<double>, 2> dx;
    for (int d = 0; d < 2; ++d) {
      const tf::DType dtype = d ? tf::float64 : tf::float32;
      const Tensor x = values(k.input, 80, dtype);
      tf::GradientTape tape;
      tape.watch(x);
      const Tensor y = tf::nn::avg_pool3d(x, tf::nn::Sizes({k.window[0], k.window[1], k.window[2]}),
                                          tf::nn::Sizes({k.stride[0], k.stride[1], k.stride[2]}), k.same ? "SAME" : "VALID");
      dx[d] = to_doubles(tape.gradient(tf::reduce_sum(y * values(y.shape(), 81, dtype)), x));
    }
    expect_close(dx[0], dx[1], 1e-6, k.input.debug_string());
  }
}

TEST(Pool3d, MaxGradientGoesToEveryTiedMaximum) {
  // TensorFlow's CPU MaxPool3DGrad: each element equal to its window's maximum gets the gradient.
  const Tensor x = tf::reshape(tf::constant({1.0f, 3.0f, 3.0f, 0.0f, 2.0f, 3.0f, 1.0f, 1.0f}), {1, 2, 2, 2, 1});
  tf::GradientTape tape;
  tape.watch(x);
  const Tensor y = tf::nn::max_pool3d(x, 2, 2, "VALID");
  EXPECT_EQ(y.numpy<float>(), std::vector<float>{3});
  EXPECT_EQ(tape.gradient(y, x).numpy<float>(), (std::vector<float>{0, 1, 1, 0, 0, 1, 0, 0}));
}

TEST(Conv3dPool3d, TracedStaticShapes) {
  std::vector<tf::TensorShape> shapes;
  auto f = tf::function([&shapes](Tensor volumes) {
    const std::vector<Tensor> out{tf::nn::conv3d(volumes, values({2, 2, 2, 3, 4}, 1), {1, 2, 1}, "SAME"),
                                  tf::nn::max_pool3d(volumes, 2, 2, "VALID"), tf::nn::avg_pool3d(volumes, 3, 1, "SAME")};
    for (const Tensor& t : out) shapes.push_back(t.shape());
    return out;
  });
  f.get_concrete_function(tf::TensorSpec({None, 5, None, 6, 3}));
  EXPECT_EQ(shapes, (std::vector<tf::TensorShape>{{None, 5, None, 6, 4}, {None, 2, None, 3, 3}, {None, 5, None, 6, 3}}));
  // The traced function computes what eager execution does.
  const Tensor x = values({2, 5, 4, 6, 3}, 90);
  const V eager{tf::nn::conv3d(x, values({2, 2, 2, 3, 4}, 1), {1, 2, 1}, "SAME"), tf::nn::max_pool3d(x, 2, 2, "VALID"),
                tf::nn::avg_pool3d(x, 3, 1, "SAME")};
  const V traced = f(x);
  for (std::size_t i = 0; i < eager.size(); ++i) expect_close(to_doubles(traced[i]), to_doubles(eager[i]), 1e-6);
}

TEST(Conv3dPool3d, ShapeFunctions) {
  using tf::testing::inferred_shape;
  using tf::testing::symbolic;
  const std::vector<I64> ones{1, 1, 1, 1, 1};
  const tf::ops::AttrValue same = std::string("SAME"), ndhwc = std::string("NDHWC");
  EXPECT_EQ(inferred_shape("Conv3D", {symbolic(tf::float32, {None, 4, None, 6, 3}), symbolic(tf::float32, {2, 2, 2, 3, 5})},
                           {std::vector<I64>{1, 2, 2, 2, 1}, same, ndhwc, ones}),
            tf::TensorShape({None, 2, None, 3, 5}));
  EXPECT_EQ(inferred_shape("Conv3DBackpropFilterV2",
                           {symbolic(tf::float32, {2, 4, 4, 4, 3}), tf::constant(std::vector<std::int32_t>{1, 2, 3, 3, 5}),
                            symbolic(tf::float32, {2, 4, 4, 4, 5})},
                           {ones, same, ndhwc, ones}),
            tf::TensorShape({1, 2, 3, 3, 5}));
  EXPECT_EQ(inferred_shape("MaxPool3D", {symbolic(tf::float64, {2, 7, 7, 7, None})},
                           {std::vector<I64>{1, 3, 3, 3, 1}, std::vector<I64>{1, 2, 2, 2, 1}, std::string("VALID"), ndhwc}),
            tf::TensorShape({2, 3, 3, 3, None}));
  EXPECT_EQ(inferred_shape("AvgPool3DGrad", {symbolic(tf::int32, {5}), symbolic(tf::float32, {None, 2, 2, 2, 4})},
                           {std::vector<I64>{1, 2, 2, 2, 1}, std::vector<I64>{1, 2, 2, 2, 1}, same, ndhwc}),
            tf::TensorShape({None, None, None, None, None}));
}

TEST(Conv3dPool3d, Errors) {
  const Tensor x = values({1, 4, 4, 4, 2}, 3), w = values({2, 2, 2, 2, 3}, 4);
  EXPECT_EQ(error_of([&] { tf::nn::conv3d(x, values({2, 2, 2, 3, 3}, 4), 1, "SAME"); }),
            "[Conv3D] input depth 2 does not match filter in_channels 3: input [1,4,4,4,2], filter [2,2,2,3,3]");
  EXPECT_EQ(error_of([&] { tf::nn::conv3d(x, w, 1, "FULL"); }), "[Conv3D] padding must be \"SAME\" or \"VALID\", got \"FULL\"");
  // TensorFlow: "not yet supported", an UnimplementedError.
  EXPECT_THROW(tf::nn::conv3d(x, w, {2, 1, 1, 1, 1}, "SAME"), tf::UnimplementedError);
  EXPECT_THROW(tf::nn::avg_pool3d(x, {1, 2, 2, 2, 2}, 1, "VALID"), tf::UnimplementedError);
  EXPECT_EQ(error_of([&] { tf::nn::conv3d(x, w, {1, 1}, "SAME"); }), "[Conv3D] strides must have 1, 3 or 5 values, got [1,1]");
  EXPECT_EQ(error_of([&] { tf::nn::conv3d(values({4, 4, 4, 2}, 3), w, 1, "SAME"); }),
            "[Conv3D] input must be 5-D, got shape [4,4,4,2]");
  EXPECT_EQ(error_of([&] { tf::nn::conv3d(x, w, 1, "SAME", {.data_format = "NHWC"}); }),
            "[Conv3D] data_format must be \"NDHWC\" or \"NCDHW\", got \"NHWC\"");
  EXPECT_EQ(error_of([&] { tf::nn::conv3d(tf::cast(x, tf::int32), tf::cast(w, tf::int32), 1, "SAME"); }),
            "[Conv3D] Value for attr 'T' of int32 is not in the list of allowed values: half, bfloat16, float, double");
  EXPECT_EQ(error_of([&] { tf::nn::conv3d(x, tf::cast(w, tf::float64), 1, "SAME"); }),
            "[Conv3D] cannot compute Conv3D as input #1(zero-based) was expected to be a float tensor but is a double tensor");
  EXPECT_EQ(error_of([&] { tf::nn::avg_pool3d(tf::cast(x, tf::int32), 2, 1, "SAME"); }),
            "[AvgPool3D] Value for attr 'T' of int32 is not in the list of allowed values: half, bfloat16, float, double");
  EXPECT_EQ(error_of([&] { tf::nn::max_pool3d(x, 6, 1, "VALID"); }),
            "[MaxPool3D] the depth 4 is too small for the (dilated) window size 6 and stride 1 with VALID padding");
  EXPECT_EQ(error_of([&] { tf::nn::conv3d_transpose(x, w, tf::constant(std::vector<std::int32_t>{1, 4, 4, 4}), 1); }),
            "[Conv3DBackpropInputV2] input_sizes must be an int32 or int64 vector of 5 values, got int32 [4]");
}

TEST(RankGeneric, DispatchesTo3d) {
  const Tensor x = values({2, 4, 5, 4, 3}, 5), w = values({2, 2, 2, 3, 2}, 6);
  EXPECT_EQ(tf::nn::convolution(x, w, "SAME", {.strides = 2}).numpy<float>(), tf::nn::conv3d(x, w, 2, "SAME").numpy<float>());
  EXPECT_EQ(tf::nn::max_pool(x, 2, 2, "VALID").numpy<float>(), tf::nn::max_pool3d(x, 2, 2, "VALID").numpy<float>());
  EXPECT_EQ(tf::nn::avg_pool(x, {1, 2, 2, 2, 1}, 1, "SAME").numpy<float>(), tf::nn::avg_pool3d(x, 2, 1, "SAME").numpy<float>());
  EXPECT_EQ(tf::nn::pool(x, {2, 2, 2}, "MAX", {.strides = 2, .padding = "SAME"}).numpy<float>(),
            tf::nn::max_pool3d(x, 2, 2, "SAME").numpy<float>());
  const Tensor images = values({2, 5, 5, 3}, 7), signal = values({2, 7, 3}, 8);
  EXPECT_EQ(tf::nn::pool(images, {2, 3}, "AVG").numpy<float>(), tf::nn::avg_pool2d(images, {2, 3}, 1, "VALID").numpy<float>());
  EXPECT_EQ(tf::nn::pool(tf::transpose(signal, {0, 2, 1}), {3}, "MAX", {.strides = 2, .data_format = "NCW"}).numpy<float>(),
            tf::nn::max_pool1d(tf::transpose(signal, {0, 2, 1}), 3, 2, "VALID", "NCW").numpy<float>());
  // Dilated windows: the taps every d-th element apart.
  const Tensor y = tf::nn::pool(x, {2, 2, 1}, "MAX", {.dilations = {2, 3, 1}});
  ASSERT_EQ(y.shape(), tf::TensorShape({2, 2, 2, 4, 3}));
  std::vector<double> want;
  const std::vector<double> xv = to_doubles(x);
  const auto at = [&](I64 b, I64 d, I64 h, I64 w, I64 c) { return xv[(((b * 4 + d) * 5 + h) * 4 + w) * 3 + c]; };
  for (I64 b = 0; b < 2; ++b)
    for (I64 d = 0; d < 2; ++d)
      for (I64 h = 0; h < 2; ++h)
        for (I64 w = 0; w < 4; ++w)
          for (I64 c = 0; c < 3; ++c)
            want.push_back(std::max({at(b, d, h, w, c), at(b, d + 2, h, w, c), at(b, d, h + 3, w, c), at(b, d + 2, h + 3, w, c)}));
  expect_close(to_doubles(y), want, 0);
  EXPECT_EQ(error_of([&] { tf::nn::pool(x, {2, 2, 2}, "AVG", {.padding = "SAME", .dilations = 2}); }),
            "[pool] pooling with \"SAME\" padding is not implemented for dilations > 1, got dilations [2,2,2]");
  EXPECT_EQ(error_of([&] { tf::nn::pool(x, {2, 2, 2}, "AVG", {.strides = 2, .dilations = 2}); }),
            "[pool] strides > 1 are not supported with dilations > 1, got strides [2,2,2] and dilations [2,2,2]");
  EXPECT_EQ(error_of([&] { tf::nn::pool(x, {3, 1, 1}, "MAX", {.dilations = {2, 1, 1}}); }),
            "[pool] the dilated window [3,1,1] with dilations [2,1,1] is larger than the input [2,4,5,4,3]");
  EXPECT_EQ(error_of([&] { tf::nn::pool(x, {2, 2, 2}, "MIN"); }),
            "[pool] 3-D MIN pooling is not supported (pooling_type is \"MAX\" or \"AVG\")");
  EXPECT_EQ(error_of([&] { tf::nn::pool(x, {2, 2}, "MAX"); }),
            "[pool] input must have rank 4 for a window of 2 dimensions, got shape [2,4,5,4,3]");
  EXPECT_EQ(error_of([&] { tf::nn::pool(x, {2, 2, 2}, "MAX", {.strides = {3, 1, 1}}); }),
            "[pool] strides > window_shape is not supported (TensorFlow's CPU and GPU kernels disagree there), got strides "
            "[3,1,1] and window_shape [2,2,2]");
  EXPECT_EQ(error_of([&] { tf::nn::convolution(x, values({1, 1, 1, 1, 3, 2}, 9)); }),
            "[convolution] filters must have rank 3 (1-D), 4 (2-D) or 5 (3-D), got shape [1,1,1,1,3,2]");
  EXPECT_EQ(error_of([&] { tf::nn::max_pool(tf::ones({1, 2, 2, 2, 2, 2}), 2, 2, "SAME"); }),
            "[max_pool] input must have rank 3 (1-D pooling), 4 (2-D pooling) or 5 (3-D pooling), got shape [1,2,2,2,2,2]");
}

// The checker's Jacobians have rank outputs + inputs (at most 8): cases take flat inputs and
// give flat outputs, shaped inside the function.
Tensor shaped(const Tensor& flat, const tf::TensorShape& shape) {
  return tf::reshape(flat, std::vector<I64>(shape.dims().begin(), shape.dims().end()));
}
Tensor flat(const Tensor& y) { return tf::reshape(weighted(y), {-1}); }
tf::testing::InputSpec flat_spec(const tf::TensorShape& shape, bool distinct = false) {
  const tf::TensorShape n{shape.num_elements()};
  return distinct ? tf::testing::distinct(n) : tf::testing::InputSpec{n};
}

std::vector<GradCase> grad_cases() {
  return {
      {"Conv3dSame", {flat_spec({1, 3, 3, 2, 2}), flat_spec({2, 2, 2, 2, 2})},
       [](const V& x) { return flat(tf::nn::conv3d(shaped(x[0], {1, 3, 3, 2, 2}), shaped(x[1], {2, 2, 2, 2, 2}), 1, "SAME")); },
       true},
      {"Conv3dStridedDilatedNCDHW", {flat_spec({1, 2, 4, 3, 4}), flat_spec({2, 2, 2, 2, 1})},
       [](const V& x) {
         return flat(tf::nn::conv3d(shaped(x[0], {1, 2, 4, 3, 4}), shaped(x[1], {2, 2, 2, 2, 1}), {1, 2, 1}, "VALID",
                                    {.dilations = {1, 1, 2}, .data_format = "NCDHW"}));
       }},
      {"Conv3dTranspose", {flat_spec({1, 2, 2, 3, 2}), flat_spec({2, 2, 2, 3, 2})},
       [](const V& x) {
         return flat(tf::nn::conv3d_transpose(shaped(x[0], {1, 2, 2, 3, 2}), shaped(x[1], {2, 2, 2, 3, 2}),
                                              tf::constant(std::vector<std::int32_t>{1, 4, 4, 5, 3}), 2, "SAME"));
       },
       true},
      {"MaxPool3d", {flat_spec({1, 4, 3, 4, 2}, true)},
       [](const V& x) { return flat(tf::nn::max_pool3d(shaped(x[0], {1, 4, 3, 4, 2}), 2, {2, 1, 2}, "SAME")); }, true},
      {"AvgPool3d", {flat_spec({2, 3, 4, 3, 2})},
       [](const V& x) { return flat(tf::nn::avg_pool3d(shaped(x[0], {2, 3, 4, 3, 2}), {2, 3, 2}, 1, "SAME")); }, true},
      {"DilatedAvgPool", {flat_spec({1, 4, 5, 3, 2})},
       [](const V& x) { return flat(tf::nn::pool(shaped(x[0], {1, 4, 5, 3, 2}), {2, 2, 2}, "AVG", {.dilations = {2, 2, 1}})); },
       true},
      {"AvgPool3dNCDHW", {flat_spec({1, 2, 4, 4, 3})},
       [](const V& x) { return flat(tf::nn::avg_pool3d(shaped(x[0], {1, 2, 4, 4, 3}), 2, 2, "VALID", "NCDHW")); }},
  };
}

class Conv3dPool3dGradient : public ::testing::TestWithParam<GradCase> {};
TEST_P(Conv3dPool3dGradient, MatchesFiniteDifferences) { tf::testing::check_gradient_case(GetParam()); }
INSTANTIATE_TEST_SUITE_P(Ops, Conv3dPool3dGradient, ::testing::ValuesIn(grad_cases()), tf::testing::case_name);

}  // namespace
