// Conv2D, DepthwiseConv2dNative and their backprop ops against nested-loop references.
#include <gtest/gtest.h>

#include "ops/nn/nn_test_util.h"

namespace {

using namespace tf::testing;
using I64 = std::int64_t;

struct ConvCase {
  I64 n, h, w, c, kh, kw, oc;  // oc is the channel multiplier for depthwise cases
  I64 sh, sw, dh, dw;
  std::string padding;           // "SAME", "VALID" or "EXPLICIT"
  std::array<I64, 4> pads{};     // top, bottom, left, right for EXPLICIT
};

// Output size and leading pad of one dimension, by TensorFlow's rules.
std::pair<I64, I64> out_and_pad(const ConvCase& k, I64 in, I64 size, I64 stride, I64 dilation, I64 before, I64 after) {
  const I64 eff = (size - 1) * dilation + 1;
  if (k.padding == "VALID") return {(in - eff) / stride + 1, 0};
  if (k.padding == "EXPLICIT") return {(in + before + after - eff) / stride + 1, before};
  const I64 out = (in + stride - 1) / stride;
  return {out, std::max<I64>((out - 1) * stride + eff - in, 0) / 2};
}

struct Geometry {
  I64 oh, ow, pt, pl;
};
Geometry geometry(const ConvCase& k) {
  auto [oh, pt] = out_and_pad(k, k.h, k.kh, k.sh, k.dh, k.pads[0], k.pads[1]);
  auto [ow, pl] = out_and_pad(k, k.w, k.kw, k.sw, k.dw, k.pads[2], k.pads[3]);
  return {oh, ow, pt, pl};
}

// Calls fn(n, oy, ox, y, x, iy, ix) for every output position and filter tap that reads an
// input pixel inside the image.
template <class Fn>
void for_each_tap(const ConvCase& k, const Geometry& g, Fn fn) {
  for (I64 n = 0; n < k.n; ++n)
    for (I64 oy = 0; oy < g.oh; ++oy)
      for (I64 ox = 0; ox < g.ow; ++ox)
        for (I64 y = 0; y < k.kh; ++y)
          for (I64 x = 0; x < k.kw; ++x) {
            const I64 iy = oy * k.sh - g.pt + y * k.dh, ix = ox * k.sw - g.pl + x * k.dw;
            if (iy >= 0 && iy < k.h && ix >= 0 && ix < k.w) fn(n, oy, ox, y, x, iy, ix);
          }
}

// Output channels of a case, and the offset helpers (NHWC images, HWIO / HWCM filters).
struct Index {
  const ConvCase& k;
  const Geometry& g;
  bool depthwise;
  I64 out_c() const { return depthwise ? k.c * k.oc : k.oc; }
  I64 in(I64 n, I64 y, I64 x, I64 c) const { return ((n * k.h + y) * k.w + x) * k.c + c; }
  I64 out(I64 n, I64 y, I64 x, I64 c) const { return ((n * g.oh + y) * g.ow + x) * out_c() + c; }
  I64 filter(I64 y, I64 x, I64 i, I64 o) const { return ((y * k.kw + x) * k.c + i) * k.oc + o; }
};

// Calls fn(in_index, filter_index, out_index) for every multiply-add of the convolution.
template <class Fn>
void for_each_product(const ConvCase& k, bool depthwise, Fn fn) {
  const Geometry g = geometry(k);
  const Index ix{k, g, depthwise};
  for_each_tap(k, g, [&](I64 n, I64 oy, I64 ox, I64 y, I64 x, I64 iy, I64 jx) {
    for (I64 i = 0; i < k.c; ++i)
      for (I64 o = 0; o < k.oc; ++o)
        fn(ix.in(n, iy, jx, i), ix.filter(y, x, i, o), ix.out(n, oy, ox, depthwise ? i * k.oc + o : o));
  });
}

tf::nn::Padding padding_of(const ConvCase& k) {
  if (k.padding != "EXPLICIT") return k.padding;
  return {{0, 0}, {k.pads[0], k.pads[1]}, {k.pads[2], k.pads[3]}, {0, 0}};
}

std::vector<tf::ops::AttrValue> attrs_of(const ConvCase& k) {
  std::vector<I64> explicit_pads;
  if (k.padding == "EXPLICIT") explicit_pads = {0, 0, k.pads[0], k.pads[1], k.pads[2], k.pads[3], 0, 0};
  return {std::vector<I64>{1, k.sh, k.sw, 1}, k.padding, explicit_pads, std::string("NHWC"),
          std::vector<I64>{1, k.dh, k.dw, 1}};
}

const std::vector<ConvCase> kCases = {
    {1, 5, 5, 1, 3, 3, 1, 1, 1, 1, 1, "VALID"},
    {2, 7, 6, 3, 3, 3, 4, 1, 1, 1, 1, "SAME"},
    {2, 9, 8, 5, 3, 2, 3, 2, 2, 1, 1, "SAME"},
    {3, 10, 11, 4, 3, 3, 6, 2, 3, 1, 1, "VALID"},
    {1, 12, 10, 3, 3, 3, 2, 1, 1, 2, 2, "SAME"},
    {2, 13, 9, 2, 2, 3, 5, 1, 2, 3, 1, "VALID"},
    {2, 8, 7, 3, 3, 3, 4, 2, 1, 1, 1, "EXPLICIT", {1, 2, 0, 3}},
    {1, 4, 4, 2, 5, 5, 3, 1, 1, 1, 1, "SAME"},   // filter larger than the image
    {2, 6, 6, 16, 1, 1, 32, 1, 1, 1, 1, "VALID"},  // pointwise
    {1, 17, 15, 8, 4, 4, 8, 3, 3, 1, 1, "SAME"},   // even filter, odd image
};

std::string name_of(const ConvCase& k) {
  return "case n=" + std::to_string(k.n) + " h=" + std::to_string(k.h) + " c=" + std::to_string(k.c) + " k=" +
         std::to_string(k.kh) + "x" + std::to_string(k.kw) + " s=" + std::to_string(k.sh) + "," + std::to_string(k.sw) +
         " d=" + std::to_string(k.dh) + "," + std::to_string(k.dw) + " " + k.padding;
}

void check_conv_case(const ConvCase& k, bool depthwise, tf::DType dtype) {
  const Geometry g = geometry(k);
  const Index ix{k, g, depthwise};
  const I64 out_c = ix.out_c();
  const auto x = random_values(k.n * k.h * k.w * k.c, 1), f = random_values(k.kh * k.kw * k.c * k.oc, 2);
  const auto dy = random_values(k.n * g.oh * g.ow * out_c, 3);
  std::vector<double> y(dy.size()), dx(x.size()), df(f.size());
  for_each_product(k, depthwise, [&](I64 i, I64 w, I64 o) {
    y[o] += x[i] * f[w];
    dx[i] += f[w] * dy[o];
    df[w] += x[i] * dy[o];
  });
  const tf::Tensor xt = make_tensor(x, {k.n, k.h, k.w, k.c}, dtype), ft = make_tensor(f, {k.kh, k.kw, k.c, k.oc}, dtype);
  const tf::Tensor dyt = make_tensor(dy, {k.n, g.oh, g.ow, out_c}, dtype);
  const double tol = dtype == tf::float32 ? 1e-4 : 1e-12;
  const std::string what = name_of(k) + (depthwise ? " depthwise " : " ") + std::string(tf::dtype_name(dtype));
  const tf::Tensor yt = depthwise ? tf::nn::depthwise_conv2d(xt, ft, {1, k.sh, k.sw, 1}, padding_of(k), {.dilations = {k.dh, k.dw}})
                                  : tf::nn::conv2d(xt, ft, {k.sh, k.sw}, padding_of(k), {.dilations = {k.dh, k.dw}});
  EXPECT_EQ(yt.shape(), tf::TensorShape({k.n, g.oh, g.ow, out_c})) << what;
  expect_close(to_doubles(yt), y, tol, what + " forward");
  const std::string base = depthwise ? "DepthwiseConv2dNative" : "Conv2D";
  const tf::Tensor dxt = run_op((base + "BackpropInput").c_str(), {tf::constant({k.n, k.h, k.w, k.c}), ft, dyt}, attrs_of(k));
  expect_close(to_doubles(dxt), dx, tol, what + " backprop input");
  const tf::Tensor dft =
      run_op((base + "BackpropFilter").c_str(), {xt, tf::constant({k.kh, k.kw, k.c, k.oc}), dyt}, attrs_of(k));
  expect_close(to_doubles(dft), df, tol, what + " backprop filter");
}

TEST(Conv2D, MatchesNestedLoopReference) {
  for (tf::DType dtype : {tf::float32, tf::float64})
    for (const ConvCase& k : kCases) check_conv_case(k, false, dtype);
}

TEST(DepthwiseConv2D, MatchesNestedLoopReference) {
  for (tf::DType dtype : {tf::float32, tf::float64})
    for (ConvCase k : kCases) {
      k.oc = k.oc % 3 + 1;  // channel multiplier
      check_conv_case(k, true, dtype);
    }
}

TEST(Conv2D, LargeInputTakesTheParallelPath) {
  const ConvCase k{4, 32, 32, 16, 3, 3, 24, 1, 1, 1, 1, "SAME"};
  check_conv_case(k, false, tf::float32);
  check_conv_case(k, false, tf::float64);
}

TEST(Conv2D, HandComputedValues) {
  // 3x3 image of 1..9, 2x2 filter of ones: each output sums a 2x2 block.
  tf::Tensor x = tf::constant(std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 3, 3, 1});
  tf::Tensor w = tf::ones({2, 2, 1, 1});
  EXPECT_EQ(tf::nn::conv2d(x, w, 1, "VALID").numpy<float>(), (std::vector<float>{12, 16, 24, 28}));
  // SAME pads the bottom/right first: the last row and column see zeros.
  EXPECT_EQ(tf::nn::conv2d(x, w, 1, "SAME").numpy<float>(), (std::vector<float>{12, 16, 9, 24, 28, 15, 15, 17, 9}));
  EXPECT_EQ(tf::nn::conv2d(x, w, 2, "SAME").numpy<float>(), (std::vector<float>{12, 9, 15, 9}));
}

TEST(Conv2D, NchwMatchesNhwc) {
  const I64 n = 2, h = 6, w = 5, c = 3, oc = 4;
  const auto xv = random_values(n * h * w * c, 5);
  std::vector<float> nhwc(xv.begin(), xv.end()), nchw(nhwc.size());
  for (I64 b = 0; b < n; ++b)
    for (I64 y = 0; y < h; ++y)
      for (I64 x = 0; x < w; ++x)
        for (I64 k = 0; k < c; ++k) nchw[((b * c + k) * h + y) * w + x] = nhwc[((b * h + y) * w + x) * c + k];
  const auto fv = random_values(3 * 3 * c * oc, 6);
  tf::Tensor f = tf::constant(std::vector<float>(fv.begin(), fv.end()), {3, 3, c, oc});
  const auto a = tf::nn::conv2d(tf::constant(nhwc, {n, h, w, c}), f, 2, "SAME").numpy<float>();
  tf::Tensor b = tf::nn::conv2d(tf::constant(nchw, {n, c, h, w}), f, 2, "SAME", {.data_format = "NCHW"});
  ASSERT_EQ(b.shape(), tf::TensorShape({n, oc, 3, 3}));
  const auto bv = b.numpy<float>();
  for (I64 bi = 0; bi < n; ++bi)
    for (I64 y = 0; y < 3; ++y)
      for (I64 x = 0; x < 3; ++x)
        for (I64 k = 0; k < oc; ++k)
          EXPECT_NEAR(bv[((bi * oc + k) * 3 + y) * 3 + x], a[((bi * 3 + y) * 3 + x) * oc + k], 1e-5);
}

TEST(Conv2D, EmptyTensors) {
  EXPECT_EQ(tf::nn::conv2d(tf::zeros({0, 5, 5, 3}), tf::ones({3, 3, 3, 2}), 1, "SAME").shape(),
            tf::TensorShape({0, 5, 5, 2}));
  // No input channels: every output is an empty sum.
  EXPECT_EQ(tf::nn::conv2d(tf::zeros({1, 4, 4, 0}), tf::ones({3, 3, 0, 2}), 1, "VALID").numpy<float>(),
            std::vector<float>(8, 0.0f));
}

TEST(Conv2D, RepeatedCallsReuseThePlanAndAgree) {
  tf::Tensor x = tf::random::normal({2, 9, 9, 4}, {.seed = 1}), w = tf::random::normal({3, 3, 4, 5}, {.seed = 2});
  const auto first = tf::nn::conv2d(x, w, 1, "SAME").numpy<float>();
  for (int i = 0; i < 3; ++i) EXPECT_EQ(tf::nn::conv2d(x, w, 1, "SAME").numpy<float>(), first);
}

TEST(Conv2D, ErrorsNameTheOpShapesAndDtypes) {
  tf::Tensor x = tf::zeros({1, 5, 5, 3}), w = tf::zeros({3, 3, 3, 2});
  EXPECT_EQ(error_of([&] { tf::nn::conv2d(tf::zeros({5, 5, 3}), w, 1, "SAME"); }), "[Conv2D] input must be 4-D, got shape [5,5,3]");
  EXPECT_EQ(error_of([&] { tf::nn::conv2d(x, tf::zeros({3, 3, 3}), 1, "SAME"); }), "[Conv2D] filter must be 4-D, got shape [3,3,3]");
  EXPECT_EQ(error_of([&] { tf::nn::conv2d(x, tf::zeros({3, 3, 4, 2}), 1, "SAME"); }),
            "[Conv2D] input depth 3 does not match filter in_channels 4: input [1,5,5,3], filter [3,3,4,2]");
  EXPECT_EQ(error_of([&] { tf::nn::conv2d(x, w, 1, "FULL"); }),
            "[Conv2D] padding must be \"SAME\", \"VALID\" or explicit pairs, got \"FULL\"");
  EXPECT_EQ(error_of([&] { tf::nn::conv2d(x, tf::zeros({3, 3, 3, 2}, tf::float64), 1, "SAME"); }).rfind("[Conv2D] ", 0), 0u);
  EXPECT_EQ(error_of([&] { tf::nn::conv2d(x, w, {1, 2, 3}, "SAME"); }), "[Conv2D] strides must have 1, 2 or 4 values, got [1,2,3]");
  EXPECT_THROW(tf::nn::conv2d(x, w, {2, 1, 1, 1}, "SAME"), tf::UnimplementedError);  // as TensorFlow
  EXPECT_EQ(error_of([&] { tf::nn::conv2d(x, w, 0, "SAME"); }), "[Conv2D] strides must be positive, got [1,0,0,1]");
  EXPECT_EQ(error_of([&] { tf::nn::conv2d(x, w, 1, "SAME", {.dilations = 0}); }),
            "[Conv2D] dilations must be positive, got [1,0,0,1]");
  EXPECT_EQ(error_of([&] { tf::nn::conv2d(x, w, 1, "SAME", {.data_format = "NWHC"}); }),
            "[Conv2D] data_format must be \"NHWC\" or \"NCHW\", got \"NWHC\"");
  EXPECT_EQ(tf::nn::conv2d(x, tf::zeros({6, 6, 3, 2}), 1, "VALID").shape(), tf::TensorShape({1, 0, 0, 2}));
  EXPECT_EQ(error_of([&] { tf::nn::conv2d(x, tf::zeros({7, 7, 3, 2}), 1, "VALID"); }),
            "[Conv2D] the height 5 is too small for the (dilated) window size 7 and stride 1 with VALID padding");
  EXPECT_EQ(error_of([&] { tf::nn::conv2d(x, w, 1, "VALID", {.dilations = 3}); }),
            "[Conv2D] the height 5 is too small for the (dilated) window size 7 and stride 1 with VALID padding");
  EXPECT_EQ(error_of([&] { tf::nn::conv2d(x, w, 1, {{0, 0}, {1, 1}, {1, 1}}); }),
            "[Conv2D] explicit_paddings attribute must contain 8 values, but got: [0,0,1,1,1,1]");
  EXPECT_EQ(error_of([&] { tf::nn::conv2d(x, w, 1, {{0, 0}, {1, -1}, {1, 1}, {0, 0}}); }),
            "[Conv2D] All elements of explicit_paddings must be nonnegative, got [0,0,1,-1,1,1,0,0]");
  EXPECT_EQ(error_of([&] { tf::nn::conv2d(x, w, 1, {{1, 0}, {1, 1}, {1, 1}, {0, 0}}); }),
            "[Conv2D] Nonzero explicit padding in the batch or depth dimensions is not supported, got [1,0,1,1,1,1,0,0]");
  EXPECT_EQ(error_of([&] { tf::nn::depthwise_conv2d(x, tf::zeros({3, 3, 2, 2}), 1, "SAME"); }),
            "[DepthwiseConv2dNative] input depth 3 does not match filter in_channels 2: input [1,5,5,3], filter [3,3,2,2]");
}

TEST(Conv2DBackprop, ErrorsOnBadSizesAndGradients) {
  const ConvCase k{1, 5, 5, 3, 3, 3, 2, 1, 1, 1, 1, "VALID"};
  tf::Tensor w = tf::zeros({3, 3, 3, 2}), dy = tf::zeros({1, 3, 3, 2});
  EXPECT_EQ(error_of([&] { run_op("Conv2DBackpropInput", {tf::constant({1, 5, 5}), w, dy}, attrs_of(k)); }),
            "[Conv2DBackpropInput] input_sizes must be an int32 or int64 vector of 4 values, got int32 [3]");
  EXPECT_EQ(error_of([&] { run_op("Conv2DBackpropInput", {tf::constant({1, 6, 5, 3}), w, dy}, attrs_of(k)); }),
            "[Conv2DBackpropInput] out_backprop has shape [1,3,3,2] but the convolution's output is [1,4,3,2]");
  EXPECT_EQ(error_of([&] { run_op("Conv2DBackpropFilter", {tf::zeros({1, 5, 5, 3}), tf::constant({3, 3, 3, 2}), tf::zeros({1, 3, 3, 2}, tf::float64)}, attrs_of(k)); }).rfind("[Conv2DBackpropFilter] ", 0), 0u);
  EXPECT_EQ(error_of([&] { run_op("Conv2DBackpropFilter", {tf::zeros({1, 5, 5, 3}), tf::constant({3, 3, -3, 2}), dy}, attrs_of(k)); }),
            "[Conv2DBackpropFilter] filter_sizes must be non-negative, got [3,3,-3,2]");
}

// Small integers (-11..11), exact in every dtype, so int32 results can be compared with float64's.
tf::Tensor small_integers(const tf::TensorShape& shape, tf::DType dtype) {
  std::vector<double> v(shape.num_elements());
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>(static_cast<I64>(i * 37 % 23) - 11);
  return tf::cast(tf::constant(v, shape), dtype);
}

TEST(Conv2D, Int32MatchesFloat64OnSmallIntegers) {
  for (const ConvCase& k : kCases) {
    const tf::TensorShape x{k.n, k.h, k.w, k.c}, f{k.kh, k.kw, k.c, k.oc};
    auto conv = [&](tf::DType dtype) {
      return tf::nn::conv2d(small_integers(x, dtype), small_integers(f, dtype), {k.sh, k.sw}, padding_of(k),
                            {.dilations = {k.dh, k.dw}});
    };
    const tf::Tensor y = conv(tf::int32);
    ASSERT_EQ(y.dtype(), tf::int32) << name_of(k);
    EXPECT_EQ(tf::cast(y, tf::float64).numpy<double>(), conv(tf::float64).numpy<double>()) << name_of(k);
  }
}

TEST(Conv2D, Int32ValuesAreTensorFlows) {
  // TensorFlow 2.21: tf.nn.conv2d(tf.reshape(tf.range(32), [1,4,4,2]) - 10, tf.reshape(tf.range(24), [2,2,2,3]) - 7, 1, "VALID")
  const tf::Tensor x = tf::reshape(tf::range(32) - 10, {1, 4, 4, 2}), f = tf::reshape(tf::range(24) - 7, {2, 2, 2, 3});
  ASSERT_EQ(x.dtype(), tf::int32);
  const std::vector<std::int32_t> first = {96, 60, 24, 152, 132, 112, 208, 204, 200, 320, 348, 376};
  const auto y = tf::nn::conv2d(x, f, 1, "VALID").numpy<std::int32_t>();
  EXPECT_EQ(std::vector<std::int32_t>(y.begin(), y.begin() + 12), first);
  // Products and sums wrap around as TensorFlow's do: 2^30 * 4 is 0.
  EXPECT_EQ(tf::nn::conv2d(tf::fill({1, 2, 2, 1}, std::int32_t{1 << 30}), tf::fill({1, 1, 1, 1}, std::int32_t{4}), 1, "VALID")
                .numpy<std::int32_t>(),
            (std::vector<std::int32_t>{0, 0, 0, 0}));
  // Empty batches and channels give empty or zero results.
  EXPECT_EQ(tf::nn::conv2d(tf::zeros({0, 5, 5, 3}, tf::int32), tf::ones({3, 3, 3, 2}, tf::int32), 1, "SAME").shape(),
            tf::TensorShape({0, 5, 5, 2}));
  EXPECT_EQ(tf::nn::conv2d(tf::zeros({1, 2, 2, 0}, tf::int32), tf::ones({1, 1, 0, 2}, tf::int32), 1, "VALID")
                .numpy<std::int32_t>(),
            std::vector<std::int32_t>(8, 0));
}

TEST(Conv2D, Int32TransposeAndTracedCallsMatchFloat64) {
  const tf::Tensor dy = small_integers({2, 3, 3, 4}, tf::int32), f = small_integers({3, 3, 3, 4}, tf::int32);
  const tf::Tensor sizes = tf::constant({2, 5, 6, 3});
  const tf::Tensor y = tf::nn::conv2d_transpose(dy, f, sizes, 2, "SAME");
  ASSERT_EQ(y.dtype(), tf::int32);
  const tf::Tensor expected = tf::nn::conv2d_transpose(tf::cast(dy, tf::float64), tf::cast(f, tf::float64), sizes, 2, "SAME");
  EXPECT_EQ(tf::cast(y, tf::float64).numpy<double>(), expected.numpy<double>());

  auto traced = tf::function([](tf::Tensor x, tf::Tensor w) { return tf::nn::conv2d(x, w, 1, {{0, 0}, {1, 2}, {0, 1}, {0, 0}}); });
  const tf::Tensor x = small_integers({1, 4, 5, 3}, tf::int32);
  EXPECT_EQ(traced(x, f).numpy<std::int32_t>(),
            tf::nn::conv2d(x, f, 1, {{0, 0}, {1, 2}, {0, 1}, {0, 0}}).numpy<std::int32_t>());
}

TEST(Conv2D, DtypesOutsideTensorFlowsListsFailWithItsMessage) {
  auto image = [](tf::DType d) { return tf::zeros({1, 5, 5, 3}, d); };
  auto filter = [](tf::DType d) { return tf::zeros({3, 3, 3, 2}, d); };
  for (tf::DType d : {tf::int8, tf::int64, tf::uint8, tf::bool_, tf::complex64})
    EXPECT_EQ(error_of([&] { tf::nn::conv2d(image(d), filter(d), 1, "SAME"); }),
              "[Conv2D] Value for attr 'T' of " + std::string(tf::dtype_name(d)) +
                  " is not in the list of allowed values: half, bfloat16, float, double, int32");
  EXPECT_EQ(error_of([&] { tf::nn::depthwise_conv2d(image(tf::int32), filter(tf::int32), 1, "SAME"); }),
            "[DepthwiseConv2dNative] Value for attr 'T' of int32 is not in the list of allowed values: half, bfloat16, float, double");
  const ConvCase k{1, 5, 5, 3, 3, 3, 2, 1, 1, 1, 1, "VALID"};
  EXPECT_EQ(error_of([&] { run_op("Conv2DBackpropFilter", {image(tf::int32), tf::constant({3, 3, 3, 2}), tf::zeros({1, 3, 3, 2}, tf::int32)}, attrs_of(k)); }),
            "[Conv2DBackpropFilter] Value for attr 'T' of int32 is not in the list of allowed values: half, bfloat16, float, double");
  EXPECT_EQ(error_of([&] { run_op("Conv2DBackpropInput", {tf::constant({1, 5, 5, 3}), filter(tf::int64), tf::zeros({1, 3, 3, 2}, tf::int64)}, attrs_of(k)); }),
            "[Conv2DBackpropInput] Value for attr 'T' of int64 is not in the list of allowed values: half, bfloat16, float, double, int32");
  EXPECT_EQ(error_of([&] { tf::nn::conv2d(image(tf::int32), filter(tf::float32), 1, "SAME"); }),
            "[Conv2D] cannot compute Conv2D as input #1(zero-based) was expected to be a int32 tensor but is a float tensor");
  auto traced = tf::function([](tf::Tensor x, tf::Tensor w) { return tf::nn::conv2d(x, w, 1, "SAME"); });
  EXPECT_THROW(traced(image(tf::int64), filter(tf::int64)), tf::InvalidArgumentError);
}

TEST(Conv2D, ShapeFunctionHandlesUnknownDims) {
  const ConvCase k{1, 5, 5, 3, 3, 3, 2, 2, 2, 1, 1, "SAME"};
  using tf::None;
  EXPECT_EQ(inferred_shape("Conv2D", {symbolic(tf::float32, {None, 9, None, 3}), symbolic(tf::float32, {3, 3, 3, 8})}, attrs_of(k)),
            tf::TensorShape({None, 5, None, 8}));
  EXPECT_EQ(inferred_shape("Conv2D", {symbolic(tf::float32, tf::TensorShape::unknown_rank()), symbolic(tf::float32, {3, 3, 3, 8})}, attrs_of(k)),
            tf::TensorShape({None, None, None, 8}));
  EXPECT_EQ(inferred_shape("Conv2D", {symbolic(tf::float32, {2, 9, 9, 3}), symbolic(tf::float32, {None, 3, None, None})}, attrs_of(k)),
            tf::TensorShape({2, None, 5, None}));
  EXPECT_EQ(inferred_shape("DepthwiseConv2dNative", {symbolic(tf::float32, {2, 9, 9, 3}), symbolic(tf::float32, {3, 3, 3, 2})}, attrs_of(k)),
            tf::TensorShape({2, 5, 5, 6}));
  EXPECT_EQ(inferred_shape("Conv2DBackpropInput",
                           {symbolic(tf::int32, {4}), symbolic(tf::float32, {3, 3, 3, 8}), symbolic(tf::float32, {None, 5, 5, 8})}, attrs_of(k)),
            tf::TensorShape({None, None, None, None}));
  EXPECT_EQ(error_of([&] { inferred_shape("Conv2D", {symbolic(tf::float32, {None, 9, 9, 4}), symbolic(tf::float32, {3, 3, 3, 8})}, attrs_of(k)); }),
            "[Conv2D] input depth 4 does not match filter in_channels 3: input [?,9,9,4], filter [3,3,3,8]");
}

}  // namespace
