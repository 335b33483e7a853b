// MaxPool and AvgPool over NHWC images (the channel-vectorized loops of kernels/cpu/pool_nhwc.cc),
// and AvgPoolGrad, against TensorFlow 2.21 in the same run (pool_nhwc_tf.py): channel
// counts around each vector width, odd sizes, SAME and VALID edges, strides, rectangular windows,
// NaN, infinities and signed-zero ties, in every dtype the ops have; and against the float64
// nested loops on 1, 2 and 4 threads.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>

#include "kernels/cpu/parallel.h"
#include "kernels/cpu/pool.h"
#include "ops/nn/nn_test_util.h"
#include "reference_env.h"

namespace tf {
namespace {

using I64 = std::int64_t;
constexpr double kNan = std::numeric_limits<double>::quiet_NaN(), kInf = std::numeric_limits<double>::infinity();

const std::string& tensorflow_results() {
  static const std::string out = testing::run_command(testing::reference_python() + " " + testing::source_dir() +
                                                      "/tests/ops/nn/pool_nhwc_tf.py 2>/dev/null");
  return out;
}

// A tensor's values as the Python side prints them: "%.17g", NaN as "nan", -0 with its sign.
std::string text(const Tensor& t) {
  std::string out;
  for (const double v : cast(t, float64).numpy<double>()) {
    char buffer[40];
    if (std::isnan(v)) std::snprintf(buffer, sizeof buffer, "nan");
    else std::snprintf(buffer, sizeof buffer, "%.17g", v);
    out += (out.empty() ? "" : " ") + std::string(buffer);
  }
  return out + "\n";
}

// ((i * 37) % 11) - 5 for the i-th element (many ties), with NaN, -inf, -0 and +inf sprinkled in,
// as the Python side makes it.
Tensor pattern(const TensorShape& shape, DType dtype) {
  std::vector<double> v(static_cast<std::size_t>(shape.num_elements()));
  for (std::size_t i = 0; i < v.size(); ++i) {
    v[i] = static_cast<double>(static_cast<I64>(i * 37 % 11) - 5);
    if (i % 13 == 5) v[i] = kNan;
    else if (i % 17 == 3) v[i] = -kInf;
    else if (i % 19 == 7) v[i] = -0.0;
    else if (i % 101 == 50) v[i] = kInf;
  }
  return cast(constant(v, shape), dtype);
}

// Per pixel (y, x) and channel c: NaN in columns 0-1, -inf in 2-3, NaN or -inf in 4-5 and zeros of
// either sign in 6-7, as the Python side makes it.
Tensor special(const TensorShape& shape, DType dtype) {
  std::vector<double> v;
  for (I64 n = 0; n < shape.dim(0); ++n)
    for (I64 y = 0; y < shape.dim(1); ++y)
      for (I64 x = 0; x < shape.dim(2); ++x)
        for (I64 c = 0; c < shape.dim(3); ++c) {
          const I64 kind = x % 8 / 2;
          v.push_back(kind == 0   ? kNan
                      : kind == 1 ? -kInf
                      : kind == 2 ? ((y + x + c) % 2 ? kNan : -kInf)
                                  : ((y * 2 + x + c) % 2 ? 0.0 : -0.0));
        }
  return cast(constant(v, shape), dtype);
}

struct Case {
  std::string name;
  TensorShape shape;
  DType dtype;
  nn::Sizes ksize, strides;
  std::string padding;
  bool special = false;
};

std::vector<Case> cases() {
  std::vector<Case> out;
  for (const I64 c : {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 64, 65})
    out.push_back({"channels_" + std::to_string(c) + "_float32", {2, 7, 9, c}, float32, 3, 2, "SAME"});
  for (const I64 c : {1, 2, 3, 5, 8, 9, 17})
    out.push_back({"channels_" + std::to_string(c) + "_float64", {2, 7, 9, c}, float64, 3, 2, "SAME"});
  for (const DType d : {float16, bfloat16}) {
    const std::string name(dtype_name(d));
    out.push_back({"channels_40_" + name, {3, 13, 12, 40}, d, {3, 2}, {2, 3}, "SAME"});
    out.push_back({"channels_3_" + name, {1, 6, 5, 3}, d, 2, 1, "VALID"});
  }
  out.push_back({"rectangular_valid", {1, 6, 5, 16}, float32, {2, 3}, {1, 2}, "VALID"});
  out.push_back({"stride_1_same", {2, 11, 10, 20}, float32, 3, 1, "SAME"});
  out.push_back({"wide_window_stride_3", {1, 5, 5, 24}, float64, 5, 3, "SAME"});
  out.push_back({"window_is_image", {1, 4, 4, 16}, float32, 4, 4, "VALID"});
  out.push_back({"window_past_image", {1, 2, 3, 8}, float32, 5, 1, "SAME"});
  out.push_back({"unread_last_row", {2, 8, 7, 6}, float32, 3, 3, "VALID"});
  for (const DType d : {float32, float64, float16, bfloat16}) {
    const std::string name(dtype_name(d));
    out.push_back({"special_" + name, {1, 4, 8, 18}, d, 2, 2, "VALID", true});
    out.push_back({"special_overlapping_" + name, {1, 4, 8, 18}, d, {2, 3}, 1, "SAME", true});
  }
  return out;
}

// ((i * 29) % 13) - 6 for the i-th element, as the Python side makes AvgPoolGrad's gradient.
Tensor grad_pattern(const TensorShape& shape, DType dtype) {
  std::vector<double> v(static_cast<std::size_t>(shape.num_elements()));
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>(static_cast<I64>(i * 29 % 13) - 6);
  return cast(constant(v, shape), dtype);
}

std::vector<double> numbers(const std::string& line) {
  std::vector<double> out;
  std::size_t pos = 0;
  while (pos < line.size()) {
    std::size_t end = line.find_first_of(" \n", pos);
    if (end == std::string::npos) end = line.size();
    if (end > pos) out.push_back(line.compare(pos, end - pos, "nan") == 0 ? kNan : std::stod(line.substr(pos, end - pos)));
    pos = end + 1;
  }
  return out;
}

// Averages sum in an order TensorFlow does not promise: equal up to a few of the dtype's roundings,
// NaN where TensorFlow has NaN.
void expect_near(const Tensor& t, const std::string& expected, const std::string& what) {
  const std::vector<double> ours = numbers(text(t)), theirs = numbers(expected);
  ASSERT_EQ(ours.size(), theirs.size()) << what << ": " << expected;
  const double tol = t.dtype() == float64 ? 1e-14 : t.dtype() == float32 ? 1e-6 : 1e-2;
  for (std::size_t i = 0; i < ours.size(); ++i) {
    if (std::isnan(theirs[i]) || std::isinf(theirs[i])) {
      EXPECT_EQ(text(constant(ours[i])), text(constant(theirs[i]))) << what << " at " << i;
      continue;
    }
    ASSERT_NEAR(ours[i], theirs[i], tol * (1 + std::abs(theirs[i]))) << what << " at " << i;
  }
}

std::vector<I64> four(const nn::Sizes& s) {
  const std::vector<I64>& v = s.values();
  return v.size() == 1 ? std::vector<I64>{1, v[0], v[0], 1} : std::vector<I64>{1, v[0], v[1], 1};
}

TEST(PoolNhwc, ValuesAreTensorFlows) {
  const std::string& results = tensorflow_results();
  for (const Case& k : cases()) {
    const Tensor x = k.special ? special(k.shape, k.dtype) : pattern(k.shape, k.dtype);
    const Tensor y = nn::max_pool2d(x, k.ksize, k.strides, k.padding);
    EXPECT_EQ(y.dtype(), k.dtype) << k.name;
    EXPECT_EQ(text(y), testing::block(results, k.name + "/max")) << k.name;
    if (k.special) {  // under a tape MaxPool runs as _MaxPoolWithArgmax, with its own kernels
      GradientTape tape;
      tape.watch(x);
      EXPECT_EQ(text(nn::max_pool2d(x, k.ksize, k.strides, k.padding)), testing::block(results, k.name + "/max"))
          << k.name << " under a tape";
    }
    expect_near(nn::avg_pool2d(x, k.ksize, k.strides, k.padding), testing::block(results, k.name + "/avg"),
                k.name + " avg");
    const std::vector<ops::AttrValue> attrs{four(k.ksize), four(k.strides), k.padding, std::string("NHWC")};
    const Tensor dx = testing::run_op("AvgPoolGrad", {constant(std::vector<I64>(k.shape.dims().begin(), k.shape.dims().end())), grad_pattern(y.shape(), k.dtype)}, attrs);
    EXPECT_EQ(dx.dtype(), k.dtype) << k.name;
    expect_near(dx, testing::block(results, k.name + "/avg_grad"), k.name + " avg_grad");
  }
}

// Sets the calling thread's intra-op thread count for a scope.
class IntraOpThreads {
 public:
  explicit IntraOpThreads(int threads) : saved_(kernels::intra_op_threads()) { kernels::set_intra_op_threads(threads); }
  ~IntraOpThreads() { kernels::set_intra_op_threads(saved_); }

 private:
  int saved_;
};

// Output size and padding before of one dimension, by TensorFlow's SAME or VALID rule.
std::pair<I64, I64> dim(I64 in, I64 window, I64 stride, bool same) {
  if (!same) return {(in - window) / stride + 1, 0};
  const I64 out = (in + stride - 1) / stride;
  return {out, std::max<I64>((out - 1) * stride + window - in, 0) / 2};
}

// Images big enough for parallel_for to split their rows over every thread allowed, with odd
// channel counts (of at least 4, nhwc_forward_vectorizes): the kernel's float32 and float64
// results equal the float64 nested loops'.
TEST(PoolNhwc, MatchesNestedLoopsOnEveryThreadCount) {
  struct Shape {
    I64 n, h, w, c, k, s;
    bool same;
  };
  for (const Shape& s : {Shape{3, 41, 39, 19, 3, 2, true}, Shape{2, 37, 30, 5, 2, 2, false},
                         Shape{1, 64, 65, 40, 3, 1, true}, Shape{4, 30, 31, 9, 4, 3, true}}) {
    const auto [oh, pt] = dim(s.h, s.k, s.s, s.same);
    const auto [ow, pl] = dim(s.w, s.k, s.s, s.same);
    const I64 pb = std::max<I64>((oh - 1) * s.s + s.k - s.h - pt, 0), pr = std::max<I64>((ow - 1) * s.s + s.k - s.w - pl, 0);
    const kernels::PoolGeometry g{s.n, s.c, s.h, s.w, oh, ow, s.k, s.k, s.s, s.s, pt, pb, pl, pr, 0};
    std::vector<double> x = testing::random_values(s.n * s.h * s.w * s.c, 11), expected(s.n * oh * ow * s.c);
    for (double& v : x) v = static_cast<float>(v);  // the same values in both dtypes
    x[5] = kNan;  // skipped by the max
    kernels::pool2d_forward_direct(kernels::PoolKind::kMax, g, x.data(), expected.data());
    const std::vector<float> xf(x.begin(), x.end());
    for (const int threads : {1, 2, 4}) {
      IntraOpThreads scope(threads);
      const std::string what = "c=" + std::to_string(s.c) + " k=" + std::to_string(s.k) + " with " +
                               std::to_string(threads) + " threads";
      std::vector<double> y(expected.size());
      kernels::pool2d_forward_nhwc(kernels::PoolKind::kMax, g, x.data(), y.data());
      EXPECT_EQ(y, expected) << what;
      std::vector<float> yf(expected.size());
      kernels::pool2d_forward_nhwc(kernels::PoolKind::kMax, g, xf.data(), yf.data());
      EXPECT_EQ(std::vector<double>(yf.begin(), yf.end()), expected) << what << " float32";
    }
  }
}

}  // namespace
}  // namespace tf
