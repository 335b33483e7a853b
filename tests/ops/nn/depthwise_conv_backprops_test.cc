// The public depthwise backprops equal the gradients a tape takes of depthwise_conv2d.
#include <gtest/gtest.h>

#include <tfpp/depthwise_conv_backprops.h>
#include <tfpp/tfpp.h>

#include "autodiff/gradient_checker.h"

namespace {

using tf::Tensor;

TEST(DepthwiseConvBackprops, EqualTheTapesGradients) {
  const Tensor x = tf::testing::random_tensor({2, 5, 6, 3}, 1), k = tf::testing::random_tensor({3, 2, 3, 2}, 2);
  for (const char* padding : {"SAME", "VALID"}) {
    const tf::nn::ConvOptions options{.dilations = tf::nn::Sizes({1, 2}), .data_format = "NHWC"};
    tf::GradientTape tape({.persistent = true});
    tape.watch(x);
    tape.watch(k);
    const Tensor y = tf::nn::depthwise_conv2d(x, k, {1, 1}, padding, options);
    const Tensor dy = tf::testing::random_tensor(y.shape(), 3);
    const Tensor dx = tape.gradient(y, x, dy), dk = tape.gradient(y, k, dy);
    const Tensor bx = tf::nn::depthwise_conv2d_backprop_input(tf::constant(std::vector<std::int32_t>{2, 5, 6, 3}), k, dy,
                                                              {1, 1}, padding, options);
    const Tensor bk = tf::nn::depthwise_conv2d_backprop_filter(x, tf::constant(std::vector<std::int32_t>{3, 2, 3, 2}), dy,
                                                               {1, 1}, padding, options);
    const std::vector<double> ex = dx.numpy<double>(), gx = bx.numpy<double>(), ek = dk.numpy<double>(), gk = bk.numpy<double>();
    ASSERT_EQ(ex.size(), gx.size());
    for (std::size_t i = 0; i < ex.size(); ++i) EXPECT_NEAR(ex[i], gx[i], 1e-12) << padding << " input " << i;
    ASSERT_EQ(ek.size(), gk.size());
    for (std::size_t i = 0; i < ek.size(); ++i) EXPECT_NEAR(ek[i], gk[i], 1e-12) << padding << " filter " << i;
  }
}

}  // namespace
