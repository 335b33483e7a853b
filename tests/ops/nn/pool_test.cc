// MaxPool, AvgPool, MaxPoolGrad, AvgPoolGrad and MaxPoolGradGrad against nested-loop references.
#include <gtest/gtest.h>

#include <limits>

#include "ops/nn/nn_test_util.h"

namespace {

using namespace tf::testing;
using I64 = std::int64_t;

struct PoolCase {
  I64 n, h, w, c, kh, kw, sh, sw;
  std::string padding;
};

struct Reference {
  I64 oh, ow;
  std::vector<double> max, avg, max_grad, avg_grad;
  std::vector<I64> argmax;  ///< per output element, the input element of its window's first maximum
};

// Forward and backward of both poolings, NHWC, by TensorFlow's rules (SAME averages exclude padding).
Reference reference(const PoolCase& k, const std::vector<double>& x, const std::vector<double>& dy_max,
                    const std::vector<double>& dy_avg) {
  auto dim = [&](I64 in, I64 size, I64 stride) -> std::pair<I64, I64> {
    if (k.padding == "VALID") return {(in - size) / stride + 1, 0};
    const I64 out = (in + stride - 1) / stride;
    return {out, std::max<I64>((out - 1) * stride + size - in, 0) / 2};
  };
  const auto [oh, pt] = dim(k.h, k.kh, k.sh);
  const auto [ow, pl] = dim(k.w, k.kw, k.sw);
  Reference r{oh, ow, {}, {}, std::vector<double>(x.size()), std::vector<double>(x.size())};
  for (I64 n = 0; n < k.n; ++n)
    for (I64 oy = 0; oy < oh; ++oy)
      for (I64 ox = 0; ox < ow; ++ox)
        for (I64 c = 0; c < k.c; ++c) {
          double best = -std::numeric_limits<double>::infinity(), sum = 0;
          I64 best_i = -1, count = 0;
          std::vector<I64> members;
          for (I64 y = oy * k.sh - pt; y < oy * k.sh - pt + k.kh; ++y)
            for (I64 x_ = ox * k.sw - pl; x_ < ox * k.sw - pl + k.kw; ++x_) {
              if (y < 0 || y >= k.h || x_ < 0 || x_ >= k.w) continue;
              const I64 i = ((n * k.h + y) * k.w + x_) * k.c + c;
              if (x[i] > best) best = x[i], best_i = i;
              sum += x[i];
              ++count;
              members.push_back(i);
            }
          const I64 o = ((n * oh + oy) * ow + ox) * k.c + c;
          r.max.push_back(best);
          r.argmax.push_back(best_i);
          r.avg.push_back(sum / count);
          r.max_grad[best_i] += dy_max[o];
          for (I64 i : members) r.avg_grad[i] += dy_avg[o] / count;
        }
  return r;
}

std::vector<tf::ops::AttrValue> attrs_of(const PoolCase& k) {
  return {std::vector<I64>{1, k.kh, k.kw, 1}, std::vector<I64>{1, k.sh, k.sw, 1}, k.padding, std::string("NHWC")};
}

const std::vector<PoolCase> kCases = {
    {1, 4, 4, 1, 2, 2, 2, 2, "VALID"}, {2, 5, 7, 3, 2, 2, 2, 2, "SAME"},  {2, 7, 6, 4, 3, 3, 2, 2, "SAME"},
    {3, 9, 8, 5, 3, 2, 1, 2, "VALID"}, {1, 6, 6, 2, 3, 3, 1, 1, "SAME"},  {2, 5, 5, 3, 5, 5, 3, 3, "SAME"},
    {1, 11, 9, 17, 4, 3, 3, 2, "SAME"}, {2, 8, 8, 16, 1, 1, 2, 2, "VALID"}, {4, 33, 31, 24, 3, 3, 2, 2, "SAME"},
};

TEST(Pool2D, MatchesNestedLoopReference) {
  for (tf::DType dtype : {tf::float32, tf::float64})
    for (const PoolCase& k : kCases) {
      const std::string what = "pool " + std::to_string(k.h) + "x" + std::to_string(k.w) + " k" + std::to_string(k.kh) +
                               "x" + std::to_string(k.kw) + " s" + std::to_string(k.sh) + "," + std::to_string(k.sw) +
                               " " + k.padding + " " + std::string(tf::dtype_name(dtype));
      const auto x = random_values(k.n * k.h * k.w * k.c, 1);
      const Reference probe = reference(k, x, std::vector<double>(x.size() * 4), std::vector<double>(x.size() * 4));
      const auto dy_max = random_values(probe.max.size(), 2), dy_avg = random_values(probe.max.size(), 3);
      const Reference r = reference(k, x, dy_max, dy_avg);
      const tf::Tensor xt = make_tensor(x, {k.n, k.h, k.w, k.c}, dtype);
      const double tol = dtype == tf::float32 ? 1e-5 : 1e-12;
      const tf::Tensor mx = tf::nn::max_pool2d(xt, {k.kh, k.kw}, {k.sh, k.sw}, k.padding);
      ASSERT_EQ(mx.shape(), tf::TensorShape({k.n, r.oh, r.ow, k.c})) << what;
      expect_close(to_doubles(mx), r.max, tol, what + " max");
      expect_close(to_doubles(tf::nn::avg_pool2d(xt, {k.kh, k.kw}, {k.sh, k.sw}, k.padding)), r.avg, tol, what + " avg");
      const tf::TensorShape out_shape{k.n, r.oh, r.ow, k.c};
      const tf::Tensor gmax = run_op("MaxPoolGrad", {xt, mx, make_tensor(dy_max, out_shape, dtype)}, attrs_of(k));
      expect_close(to_doubles(gmax), r.max_grad, tol, what + " max grad");
      const tf::Tensor gavg = run_op("AvgPoolGrad", {tf::constant({k.n, k.h, k.w, k.c}), make_tensor(dy_avg, out_shape, dtype)}, attrs_of(k));
      expect_close(to_doubles(gavg), r.avg_grad, tol, what + " avg grad");
      // MaxPoolGradGrad reads a gradient shaped like x at each window's maximum.
      const auto g = random_values(x.size(), 4);
      std::vector<double> picked;
      for (I64 i : r.argmax) picked.push_back(g[i]);
      const tf::Tensor gg = run_op("MaxPoolGradGrad", {xt, mx, make_tensor(g, xt.shape(), dtype)}, attrs_of(k));
      ASSERT_EQ(gg.shape(), out_shape) << what;
      expect_close(to_doubles(gg), picked, tol, what + " max grad grad");
    }
}

TEST(Pool2D, HandComputedValues) {
  tf::Tensor x = tf::constant(std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 3, 3, 1});
  EXPECT_EQ(tf::nn::max_pool2d(x, 2, 2, "SAME").numpy<float>(), (std::vector<float>{5, 6, 8, 9}));
  EXPECT_EQ(tf::nn::max_pool2d(x, 2, 1, "VALID").numpy<float>(), (std::vector<float>{5, 6, 8, 9}));
  // SAME average pooling divides by the number of real pixels: (3+6)/2, (7+8)/2, 9/1.
  EXPECT_EQ(tf::nn::avg_pool2d(x, 2, 2, "SAME").numpy<float>(), (std::vector<float>{3, 4.5f, 7.5f, 9}));
  // Negative values: padding never wins a max.
  EXPECT_EQ(tf::nn::max_pool2d(0.0f - x, 2, 2, "SAME").numpy<float>(), (std::vector<float>{-1, -3, -7, -9}));
}

TEST(Pool2D, NchwMatchesNhwc) {
  const I64 n = 2, h = 5, w = 6, c = 3;
  const auto xv = random_values(n * h * w * c, 4);
  std::vector<float> nhwc(xv.begin(), xv.end()), nchw(nhwc.size());
  for (I64 b = 0; b < n; ++b)
    for (I64 y = 0; y < h; ++y)
      for (I64 x = 0; x < w; ++x)
        for (I64 k = 0; k < c; ++k) nchw[((b * c + k) * h + y) * w + x] = nhwc[((b * h + y) * w + x) * c + k];
  for (bool max : {true, false}) {
    auto pool = max ? tf::nn::max_pool2d : tf::nn::avg_pool2d;
    const auto a = pool(tf::constant(nhwc, {n, h, w, c}), 2, 2, "SAME", {}).numpy<float>();
    tf::Tensor b = pool(tf::constant(nchw, {n, c, h, w}), 2, 2, "SAME", {.data_format = "NCHW"});
    ASSERT_EQ(b.shape(), tf::TensorShape({n, c, 3, 3}));
    const auto bv = b.numpy<float>();
    for (I64 bi = 0; bi < n; ++bi)
      for (I64 y = 0; y < 3; ++y)
        for (I64 x = 0; x < 3; ++x)
          for (I64 k = 0; k < c; ++k) EXPECT_FLOAT_EQ(bv[((bi * c + k) * 3 + y) * 3 + x], a[((bi * 3 + y) * 3 + x) * c + k]);
  }
}

TEST(Pool2D, EmptyInputs) {
  EXPECT_EQ(tf::nn::max_pool2d(tf::zeros({0, 4, 4, 3}), 2, 2, "VALID").shape(), tf::TensorShape({0, 2, 2, 3}));
  EXPECT_EQ(tf::nn::avg_pool2d(tf::zeros({2, 4, 4, 0}), 2, 2, "SAME").shape(), tf::TensorShape({2, 2, 2, 0}));
}

TEST(Pool2D, IntegerMaxPoolMatchesFloat64) {
  std::vector<double> v(2 * 5 * 6 * 3);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>(static_cast<I64>(i * 37 % 23) - 11);
  const tf::Tensor x = tf::constant(v, {2, 5, 6, 3});
  for (tf::DType dtype : {tf::int8, tf::uint8, tf::int16, tf::uint16, tf::int32, tf::int64}) {
    const tf::Tensor xi = tf::cast(x, dtype);
    const std::vector<double> expected = tf::nn::max_pool2d(tf::cast(xi, tf::float64), {2, 3}, 2, "SAME").numpy<double>();
    const tf::Tensor y = tf::nn::max_pool2d(xi, {2, 3}, 2, "SAME");
    ASSERT_EQ(y.dtype(), dtype);
    EXPECT_EQ(tf::cast(y, tf::float64).numpy<double>(), expected) << tf::dtype_name(dtype);
    tf::GradientTape tape;  // a recording tape runs MaxPool as _MaxPoolWithArgmax
    EXPECT_EQ(tf::cast(tf::nn::max_pool2d(xi, {2, 3}, 2, "SAME"), tf::float64).numpy<double>(), expected)
        << tf::dtype_name(dtype) << " under a tape";
  }
  EXPECT_EQ(error_of([] { tf::nn::max_pool2d(tf::zeros({1, 4, 4, 2}, tf::bool_), 2, 2, "SAME"); }),
            "[MaxPool] Value for attr 'T' of bool is not in the list of allowed values: half, bfloat16, float, double, "
            "int32, int64, uint8, int16, int8, uint16, qint8");
}

TEST(Pool2D, ErrorsNameTheOpShapesAndDtypes) {
  tf::Tensor x = tf::zeros({1, 4, 4, 2});
  EXPECT_EQ(error_of([&] { tf::nn::max_pool2d(tf::zeros({4, 4, 2}), 2, 2, "SAME"); }), "[MaxPool] input must be 4-D, got shape [4,4,2]");
  EXPECT_EQ(error_of([&] { tf::nn::avg_pool2d(tf::zeros({1, 4, 4, 2}, tf::int32), 2, 2, "SAME"); }),
            "[AvgPool] Value for attr 'T' of int32 is not in the list of allowed values: half, bfloat16, float, double");
  EXPECT_EQ(error_of([&] { tf::nn::max_pool2d(x, 2, 2, "same"); }), "[MaxPool] padding must be \"SAME\" or \"VALID\", got \"same\"");
  EXPECT_EQ(error_of([&] { tf::nn::max_pool2d(x, 2, 2, {{0, 0}, {1, 1}, {1, 1}, {0, 0}}); }),
            "[MaxPool] padding must be \"SAME\" or \"VALID\", got explicit pairs");
  // A window up to stride - 1 wider than the input gives an empty output, as in TensorFlow.
  EXPECT_EQ(tf::nn::max_pool2d(x, 5, 1, "VALID").shape(), tf::TensorShape({1, 0, 0, 2}));
  EXPECT_EQ(error_of([&] { tf::nn::max_pool2d(x, 6, 1, "VALID"); }),
            "[MaxPool] the height 4 is too small for the (dilated) window size 6 and stride 1 with VALID padding");
  EXPECT_THROW(tf::nn::max_pool2d(x, {1, 2, 2, 2}, 1, "VALID"), tf::UnimplementedError);
  EXPECT_EQ(error_of([&] { tf::nn::avg_pool2d(x, 0, 1, "VALID"); }), "[AvgPool] ksize must be positive, got [1,0,0,1]");
  EXPECT_EQ(error_of([&] { tf::nn::avg_pool2d(x, 2, {1, 1, 1}, "VALID"); }), "[AvgPool] strides must have 1, 2 or 4 values, got [1,1,1]");
  EXPECT_EQ(error_of([&] { tf::nn::avg_pool2d(x, 2, 2, "VALID", {.data_format = "HWCN"}); }),
            "[AvgPool] data_format must be \"NHWC\" or \"NCHW\", got \"HWCN\"");
  const PoolCase k{1, 4, 4, 2, 2, 2, 2, 2, "VALID"};
  EXPECT_EQ(error_of([&] { run_op("MaxPoolGrad", {x, tf::zeros({1, 2, 2, 2}), tf::zeros({1, 3, 2, 2})}, attrs_of(k)); }),
            "[MaxPoolGrad] grad has shape [1,3,2,2] but the pooling's output is [1,2,2,2]");
  EXPECT_EQ(error_of([&] { run_op("AvgPoolGrad", {tf::constant({1, 4, 4}), tf::zeros({1, 2, 2, 2})}, attrs_of(k)); }),
            "[AvgPoolGrad] orig_input_shape must be an int32 or int64 vector of 4 values, got int32 [3]");
  EXPECT_EQ(error_of([&] { run_op("AvgPoolGrad", {tf::constant({1, 4, -4, 2}), tf::zeros({1, 2, 2, 2})}, attrs_of(k)); }),
            "[AvgPoolGrad] orig_input_shape must be non-negative, got [ 1  4 -4  2]");
  EXPECT_EQ(error_of([&] { run_op("MaxPoolGradGrad", {x, tf::zeros({1, 2, 2, 2}), tf::zeros({1, 2, 2, 2})}, attrs_of(k)); }),
            "[MaxPoolGradGrad] grad has shape [1,2,2,2] but orig_input has shape [1,4,4,2]");
  EXPECT_EQ(error_of([&] { run_op("MaxPoolGradGrad", {x, tf::zeros({1, 3, 3, 2}), x}, attrs_of(k)); }),
            "[MaxPoolGradGrad] orig_output has shape [1,3,3,2] but the pooling's output is [1,2,2,2]");
  EXPECT_EQ(error_of([&] { run_op("MaxPoolGradGrad", {x, tf::zeros({1, 2, 2, 2}), tf::zeros({1, 4, 4, 2}, tf::float64)}, attrs_of(k)); }),
            "[MaxPoolGradGrad] inputs must have the same dtype, got float32 [1,4,4,2] and float64 [1,4,4,2]");
  EXPECT_EQ(run_op("MaxPoolGradGrad", {tf::zeros({0, 4, 4, 2}), tf::zeros({0, 2, 2, 2}), tf::zeros({0, 4, 4, 2})}, attrs_of(k)).shape(),
            tf::TensorShape({0, 2, 2, 2}));
}

TEST(Pool2D, ShapeFunctionHandlesUnknownDims) {
  using tf::None;
  const PoolCase k{1, 4, 4, 2, 3, 3, 2, 2, "SAME"};
  EXPECT_EQ(inferred_shape("MaxPool", {symbolic(tf::float32, {None, 9, None, 3})}, attrs_of(k)), tf::TensorShape({None, 5, None, 3}));
  EXPECT_EQ(inferred_shape("AvgPool", {symbolic(tf::float32, tf::TensorShape::unknown_rank())}, attrs_of(k)),
            tf::TensorShape({None, None, None, None}));
  EXPECT_EQ(inferred_shape("AvgPoolGrad", {symbolic(tf::int32, {4}), symbolic(tf::float32, {None, 5, 5, 3})}, attrs_of(k)),
            tf::TensorShape({None, None, None, None}));
  EXPECT_EQ(inferred_shape("MaxPoolGradGrad", {symbolic(tf::float32, {None, 9, 9, 3}), symbolic(tf::float32, {None, 5, 5, 3}),
                                               symbolic(tf::float32, {2, 9, 9, None})}, attrs_of(k)),
            tf::TensorShape({None, 5, 5, 3}));
}

}  // namespace

namespace {

TEST(Pool, WindowsPastTheInputGiveEmptyOutputsAndZeroGradients) {
  for (bool max : {true, false}) {
    tf::Tensor x = tf::ones({1, 2, 2, 1});
    tf::GradientTape tape;
    tape.watch(x);
    tf::Tensor y = max ? tf::nn::max_pool2d(x, 3, 2, "VALID") : tf::nn::avg_pool2d(x, 3, 2, "VALID");
    EXPECT_EQ(y.shape(), tf::TensorShape({1, 0, 0, 1}));
    EXPECT_EQ(tape.gradient(y, x).numpy<float>(), std::vector<float>(4, 0.0f));
  }
}

}  // namespace
