// Max pooling under a tape runs as _MaxPoolWithArgmax (Note [Recorded forms], execute.h) and its
// gradient reads the argmax (Note [Max pooling's argmax], kernels/cpu/pool.h): the same forward
// values as MaxPool, and the same gradients on every path (eager, traced, through a function
// call, MaxPoolGrad) on inputs full of ties, NaNs and infinities, routed by TensorFlow's rule.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "ops/execute.h"
#include "ops/nn/nn_grad_ops.h"

namespace {

using tf::Tensor;
using tf::TensorShape;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// Values that make ties, NaN windows, infinities and signed zeros common: small integers (exact in
// float32), NaN, +-Inf, -0.
Tensor awkward_values(const TensorShape& shape, tf::DType dtype, unsigned seed) {
  std::vector<double> v(static_cast<std::size_t>(shape.num_elements()));
  unsigned s = seed;
  for (double& x : v) {
    s = s * 1103515245u + 12345u;
    const unsigned r = (s >> 16) % 12;
    x = r < 6 ? static_cast<double>(r % 3) : r == 6 ? kNaN : r == 7 ? -kInf : r == 8 ? kInf : r == 9 ? -0.0 : -1.0;
  }
  return tf::cast(tf::constant(v, shape), dtype);
}

// The bits of a tensor's values, so NaNs and signed zeros compare exactly.
std::vector<std::uint64_t> bits(const Tensor& t) {
  const Tensor d = tf::cast(t, tf::float64);
  std::vector<std::uint64_t> out;
  for (double x : d.numpy<double>()) {
    std::uint64_t b;
    std::memcpy(&b, &x, sizeof b);
    out.push_back(std::isnan(x) ? 0x7ff8000000000000ull : b);
  }
  return out;
}

struct PoolCall {
  std::vector<std::int64_t> ksize, strides;  // rows, columns
  std::string padding;
  std::string format = "NHWC";
};

Tensor pool(const Tensor& x, const PoolCall& p) {
  return tf::nn::max_pool2d(x, p.ksize, p.strides, p.padding, {.data_format = p.format});
}

// The gradient of sum(max_pool(x) * weights) with respect to x, under an eager tape.
Tensor eager_gradient(const Tensor& x, const Tensor& weights, const PoolCall& p) {
  tf::GradientTape tape;
  tape.watch(x);
  return tape.gradient(tf::reduce_sum(pool(x, p) * weights), x);
}

std::vector<tf::ops::AttrValue> attrs_of(const PoolCall& p) {
  auto four = [&](std::int64_t a, std::int64_t b) {
    return p.format == "NHWC" ? std::vector<std::int64_t>{1, a, b, 1} : std::vector<std::int64_t>{1, 1, a, b};
  };
  return {four(p.ksize[0], p.ksize[1]), four(p.strides[0], p.strides[1]), p.padding, p.format};
}

const std::vector<std::pair<TensorShape, PoolCall>> kCalls = {
    {{2, 6, 7, 5}, {{3, 3}, {2, 2}, "SAME"}},
    {{1, 5, 5, 3}, {{2, 2}, {1, 1}, "VALID"}},
    {{2, 7, 6, 70}, {{3, 2}, {1, 2}, "SAME"}},  // more channels than one block of the kernel
    {{1, 4, 4, 2}, {{4, 4}, {1, 1}, "VALID"}},  // one global window
    {{2, 3, 6, 5}, {{3, 3}, {2, 2}, "SAME", "NCHW"}},
    {{1, 9, 9, 4}, {{1, 1}, {3, 3}, "VALID"}},  // pixels no window reads
    {{2, 7, 6, 32}, {{3, 3}, {2, 2}, "SAME"}},   // float32 NHWC in 16-channel vectors
    {{1, 5, 5, 16}, {{2, 2}, {1, 1}, "VALID"}},
};

TEST(MaxPoolGradient, ForwardUnderATapeIsMaxPoolsForward) {
  for (const tf::DType dtype : {tf::float32, tf::float64})
    for (const auto& [shape, p] : kCalls) {
      const Tensor x = awkward_values(shape, dtype, 7);
      const Tensor plain = pool(x, p);
      tf::GradientTape tape;
      tape.watch(x);
      EXPECT_EQ(bits(pool(x, p)), bits(plain)) << shape.debug_string() << " " << p.format;
    }
}

TEST(MaxPoolGradient, EveryPathRoutesTheSameWay) {
  for (const auto& [shape, p] : kCalls) {
    const Tensor x64 = awkward_values(shape, tf::float64, 3);
    const TensorShape out = pool(x64, p).shape();
    const Tensor w64 = tf::cast(tf::range(tf::constant(1), tf::constant(static_cast<int>(out.num_elements()) + 1),
                                          tf::constant(1)), tf::float64);
    const Tensor w = tf::reshape(w64, std::vector<std::int64_t>(out.dims().begin(), out.dims().end()));
    const std::string what = shape.debug_string() + " " + p.format;
    const Tensor expected = eager_gradient(x64, w, p);
    // float32 routes as float64 does (the values are exact in both).
    EXPECT_EQ(bits(eager_gradient(tf::cast(x64, tf::float32), tf::cast(w, tf::float32), p)), bits(expected)) << what;
    // MaxPoolGrad, which finds the argmax again.
    EXPECT_EQ(bits(tf::ops::nn::max_pool_grad(x64, pool(x64, p), w, attrs_of(p))), bits(expected)) << what;
    // A tape inside a traced function.
    auto traced = tf::function([p](Tensor x, Tensor weights) { return eager_gradient(x, weights, p); });
    EXPECT_EQ(bits(traced(x64, w)), bits(expected)) << what;
    // A traced function called under an eager tape (its forward graph is rebuilt under a tape).
    auto forward = tf::function([p](Tensor x, Tensor weights) { return tf::reduce_sum(pool(x, p) * weights); });
    tf::GradientTape tape;
    tape.watch(x64);
    const Tensor loss = forward(x64, w);
    EXPECT_EQ(bits(tape.gradient(loss, x64)), bits(expected)) << what;
  }
}

// TensorFlow 2.21's eager gradients (tf.GradientTape over tf.nn.max_pool2d, float32 and float64):
// the first element of a window, replaced by each later one strictly greater than the current.
TEST(MaxPoolGradient, TiesAndNaNsGoWhereTensorFlowSendsThem) {
  struct Window {
    std::vector<double> x, forward, gradient;
  };
  const double lowest32 = std::numeric_limits<float>::lowest();
  const std::vector<Window> windows = {
      {{1, 3, 3, 2}, {3}, {0, 1, 0, 0}},
      {{1, kNaN, 3, -kInf}, {3}, {0, 0, 1, 0}},
      {{kNaN, 1, 3, 2}, {3}, {1, 0, 0, 0}},  // a leading NaN keeps the gradient
      {{1, 2, 3, kNaN}, {3}, {0, 0, 1, 0}},
      {{kNaN, kNaN, kNaN, kNaN}, {lowest32}, {1, 0, 0, 0}},
      {{-kInf, -kInf, -kInf, -kInf}, {lowest32}, {1, 0, 0, 0}},
      {{3, kNaN, 3, kNaN}, {3}, {1, 0, 0, 0}},
      {{2, 2, 2, 2}, {2}, {1, 0, 0, 0}},
  };
  for (const Window& win : windows) {
    const Tensor x = tf::constant(std::vector<float>(win.x.begin(), win.x.end()), {1, 2, 2, 1});
    tf::GradientTape tape;
    tape.watch(x);
    const Tensor y = tf::nn::max_pool2d(x, 2, 1, "VALID");
    EXPECT_EQ(tf::cast(y, tf::float64).numpy<double>(), win.forward) << ::testing::PrintToString(win.x);
    EXPECT_EQ(tf::cast(tape.gradient(y, x), tf::float64).numpy<double>(), win.gradient) << ::testing::PrintToString(win.x);
  }
  // Overlapping SAME windows add up where several choose one pixel.
  const Tensor x = tf::constant(std::vector<double>{kNaN, 5, 2, 5, 0, 5, 3, 5, 4}, {1, 3, 3, 1});
  tf::GradientTape tape;
  tape.watch(x);
  const Tensor y = tf::nn::max_pool2d(x, 2, 1, "SAME");
  EXPECT_EQ(y.numpy<double>(), (std::vector<double>{5, 5, 5, 5, 5, 5, 5, 5, 4}));
  EXPECT_EQ(tape.gradient(y, x).numpy<double>(), (std::vector<double>{1, 1, 0, 1, 0, 3, 0, 2, 1}));
}

TEST(MaxPoolGradient, TracedGraphsKeepTheArgmaxOnlyUnderATape) {
  const tf::TensorSpec spec({1, 4, 4, 2}, tf::float32);
  auto inference = tf::function([](Tensor x) { return tf::nn::max_pool2d(x, 2, 2, "VALID"); });
  const std::string plain = inference.get_concrete_function(spec).graph().to_string();
  EXPECT_NE(plain.find("= MaxPool("), std::string::npos) << plain;
  EXPECT_EQ(plain.find("_MaxPoolWithArgmax"), std::string::npos) << plain;
  auto training = tf::function([](Tensor x) {
    tf::GradientTape tape;
    tape.watch(x);
    return tape.gradient(tf::reduce_sum(tf::nn::max_pool2d(x, 2, 2, "VALID")), x);
  });
  const std::string taped = training.get_concrete_function(spec).graph().to_string();
  EXPECT_NE(taped.find("_MaxPoolWithArgmax"), std::string::npos) << taped;
  EXPECT_NE(taped.find("_MaxPoolGradWithArgmax"), std::string::npos) << taped;
  EXPECT_EQ(taped.find("= MaxPool"), std::string::npos) << taped;
}

TEST(MaxPoolGradient, ArgmaxOpsRejectBadArguments) {
  const std::vector<tf::ops::AttrValue> attrs = {std::vector<std::int64_t>{1, 2, 2, 1}, std::vector<std::int64_t>{1, 2, 2, 1},
                                                 std::string("VALID"), std::string("NHWC")};
  const Tensor sizes = tf::constant({1, 4, 4, 1}), dy = tf::ones({1, 2, 2, 1});
  auto expect_error = [](auto&& call, const std::string& expected) {
    try {
      call();
      ADD_FAILURE() << "expected InvalidArgumentError containing " << expected;
    } catch (const tf::InvalidArgumentError& e) {
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    }
  };
  expect_error([&] { tf::ops::nn::max_pool_grad_with_argmax(sizes, dy, tf::zeros({1, 2, 2, 1}, tf::int64), attrs); },
               "[_MaxPoolGradWithArgmax] argmax has dtype int64; expected int32");
  expect_error([&] { tf::ops::nn::max_pool_grad_with_argmax(sizes, dy, tf::zeros({1, 2, 1, 1}, tf::int32), attrs); },
               "[_MaxPoolGradWithArgmax] argmax has shape [1,2,1,1] but the pooling's output is [1,2,2,1]");
  expect_error([&] { tf::ops::nn::max_pool_grad_grad_with_argmax(tf::ones({1, 4, 4, 1}), tf::fill({1, 2, 2, 1}, tf::constant(4)), attrs); },
               "[_MaxPoolGradGradWithArgmax] argmax holds a position outside its window");
  // Positions inside their windows pick those pixels: window (0,1) covers rows 0-1, columns 2-3.
  const Tensor grad = tf::reshape(tf::cast(tf::range(tf::constant(0), tf::constant(16), tf::constant(1)), tf::float32), {1, 4, 4, 1});
  const Tensor picked = tf::ops::nn::max_pool_grad_grad_with_argmax(grad, tf::reshape(tf::constant({0, 1, 2, 3}), {1, 2, 2, 1}), attrs);
  EXPECT_EQ(picked.numpy<float>(), (std::vector<float>{0, 3, 12, 15}));
}

}  // namespace
