// DepthwiseConv1D and SeparableConv1D compared with Keras 3 on TensorFlow 2.21 in the same test
// run (outputs, gradients with respect to the input and every weight, weight names, configs),
// their finite-difference gradients, config round trip and errors.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/layers/deserialize.h>
#include <tfpp/keras/layers/separable_conv_1d.h>

#include "keras/layer_case_reference.h"
#include "keras/layer_gradient_check.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::pattern_tensor;

const char* kCases = R"PY(
case('dw1d', layers.DepthwiseConv1D(3), pattern((2, 8, 3), 0.1))
case('dw1d_multiplier_same', layers.DepthwiseConv1D(2, strides=2, padding='same', depth_multiplier=2), pattern((2, 9, 2), 0.2))
case('dw1d_dilated', layers.DepthwiseConv1D(3, dilation_rate=2, use_bias=False, activation='tanh'), pattern((1, 10, 2), 0.3))
case('dw1d_channels_first', layers.DepthwiseConv1D(3, data_format='channels_first'), pattern((2, 3, 7), 0.4))
case('sep1d', layers.SeparableConv1D(4, 3), pattern((2, 8, 3), 0.5))
case('sep1d_same', layers.SeparableConv1D(2, 3, strides=2, padding='same', depth_multiplier=2, activation='relu'), pattern((2, 9, 3), 0.6))
case('sep1d_channels_first', layers.SeparableConv1D(3, 2, data_format='channels_first', dilation_rate=2), pattern((2, 2, 8), 0.7))
)PY";

class SeparableConv1DKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { reference_ = new tf::testing::LayerCaseReference(kCases); }
  void SetUp() override { ASSERT_FALSE(reference_->empty()) << "the Keras script printed nothing"; }
  static void check(const std::string& name, keras::Layer& layer, const tf::Tensor& x) {
    reference_->check(name, layer, x, false, 2e-5);
  }
  static inline tf::testing::LayerCaseReference* reference_ = nullptr;  // for the whole suite
};

TEST_F(SeparableConv1DKeras, DepthwiseConv1D) {
  layers::DepthwiseConv1D basic(3);
  check("dw1d", basic, pattern_tensor({2, 8, 3}, 0.1));
  layers::DepthwiseConv1D same(2, {.strides = 2, .padding = "same", .depth_multiplier = 2});
  check("dw1d_multiplier_same", same, pattern_tensor({2, 9, 2}, 0.2));
  layers::DepthwiseConv1D dilated(3, {.dilation_rate = 2, .activation = "tanh", .use_bias = false});
  check("dw1d_dilated", dilated, pattern_tensor({1, 10, 2}, 0.3));
  layers::DepthwiseConv1D first(3, {.data_format = "channels_first"});
  check("dw1d_channels_first", first, pattern_tensor({2, 3, 7}, 0.4));
}

TEST_F(SeparableConv1DKeras, SeparableConv1D) {
  layers::SeparableConv1D basic(4, 3);
  check("sep1d", basic, pattern_tensor({2, 8, 3}, 0.5));
  layers::SeparableConv1D same(2, 3, {.strides = 2, .padding = "same", .depth_multiplier = 2, .activation = "relu"});
  check("sep1d_same", same, pattern_tensor({2, 9, 3}, 0.6));
  layers::SeparableConv1D first(3, 2, {.data_format = "channels_first", .dilation_rate = 2});
  check("sep1d_channels_first", first, pattern_tensor({2, 2, 8}, 0.7));
}

TEST(SeparableConv1D, FiniteDifferenceGradients) {
  layers::DepthwiseConv1D depthwise(2, {.padding = "same", .depth_multiplier = 2, .dtype = tf::float64});
  EXPECT_LT(tf::testing::layer_gradient_error(depthwise, tf::testing::random_tensor({2, 5, 2}, 1)), 1e-6);
  layers::SeparableConv1D separable(3, 2, {.strides = 2, .dtype = tf::float64});
  EXPECT_LT(tf::testing::layer_gradient_error(separable, tf::testing::random_tensor({2, 7, 2}, 2)), 1e-6);
}

TEST(SeparableConv1D, ConfigRoundTrip) {
  layers::SeparableConv1D separable(5, 3, {.padding = "same", .depth_multiplier = 2, .name = "sep"});
  separable.build_for({tf::TensorShape({tf::None, 6, 2})});
  EXPECT_EQ(separable.weights()[0].shape(), tf::TensorShape({3, 2, 2}));
  EXPECT_EQ(separable.weights()[1].shape(), tf::TensorShape({1, 4, 5}));
  auto copy = layers::deserialize(layers::serialize(separable));
  EXPECT_EQ(copy->class_name(), "SeparableConv1D");
  EXPECT_EQ(keras::to_json(copy->get_config()), keras::to_json(separable.get_config()));
  layers::DepthwiseConv1D depthwise(4, {.strides = 2, .name = "dw"});
  EXPECT_EQ(keras::to_json(layers::deserialize(layers::serialize(depthwise))->get_config()),
            keras::to_json(depthwise.get_config()));
}

TEST(SeparableConv1D, Errors) {
  EXPECT_THROW(layers::DepthwiseConv1D(3, {.padding = "causal"}), tf::InvalidArgumentError);
  EXPECT_THROW(layers::SeparableConv1D(0, 3), tf::InvalidArgumentError);
  EXPECT_THROW(layers::DepthwiseConv1D(3, {.depth_multiplier = 0}), tf::InvalidArgumentError);
  EXPECT_THROW(layers::SeparableConv1D(2, std::vector<std::int64_t>{2, 2}), tf::InvalidArgumentError);
  layers::DepthwiseConv1D rank4(2);
  EXPECT_THROW(rank4(tf::ones({1, 4, 4, 2})), tf::InvalidArgumentError);
}

}  // namespace
