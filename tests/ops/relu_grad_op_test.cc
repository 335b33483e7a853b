// ReluGrad: values (including 0, the parallel path and float64), shape and dtype errors.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "ops/elementwise_test_util.h"
#include "ops/execute.h"
#include "ops/math/relu_grad_op.h"

namespace {

using tf::Tensor;

Tensor relu_grad(const Tensor& g, const Tensor& f) { return tf::ops::execute1(tf::ops::relu_grad_op(), {g, f}); }

TEST(ReluGradOp, PassesGradientsWhereFeaturesArePositive) {
  const Tensor g = tf::constant({1.0f, 2.0f, 3.0f, 4.0f}), f = tf::constant({-1.0f, 0.0f, 0.5f, 7.0f});
  EXPECT_EQ(relu_grad(g, f).numpy<float>(), (std::vector<float>{0, 0, 3, 4}));
  EXPECT_EQ(relu_grad(tf::constant({{5.0}, {6.0}}), tf::constant({{1.0}, {-1.0}})).numpy<double>(),
            (std::vector<double>{5, 0}));
  EXPECT_EQ(relu_grad(tf::zeros({0, 3}), tf::zeros({0, 3})).shape(), tf::TensorShape({0, 3}));
  EXPECT_EQ(relu_grad(tf::constant(2.0f), tf::constant(1.0f)).item<float>(), 2.0f);
}

TEST(ReluGradOp, LargeTensorsTakeTheParallelPath) {
  const std::int64_t n = 300001;
  const Tensor f = tf::random::normal({n}, {.seed = 1}), g = tf::random::normal({n}, {.seed = 2});
  const auto out = relu_grad(g, f).numpy<float>(), fv = f.numpy<float>(), gv = g.numpy<float>();
  for (std::int64_t i = 0; i < n; ++i) ASSERT_EQ(out[i], fv[i] > 0 ? gv[i] : 0.0f) << i;
}

TEST(ReluGradOp, Errors) {
  tfpp_test::expect_invalid([] { relu_grad(tf::zeros({2}), tf::zeros({3})); },
                            "[ReluGrad] gradients [2] and features [3] must have the same shape");
  tfpp_test::expect_invalid([] { relu_grad(tf::zeros({2}), tf::zeros({2}, tf::float64)); }, "[ReluGrad]");
  tfpp_test::expect_invalid([] { relu_grad(tf::constant({1, 2}), tf::constant({1, 2})); },
                            "[ReluGrad] does not support dtype int32 for gradients");
}

}  // namespace
