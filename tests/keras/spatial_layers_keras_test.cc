// Convolution, pooling, normalization and image reshaping layers compared with Keras 3 on
// TensorFlow 2.21, computed in the same test run: the same weights (set_weights), the same
// inputs; outputs, output shapes, gradients with respect to the input and every trainable
// weight, moving statistics, and the layers' config arguments.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/keras.h>

#include "keras/layer_case_reference.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::pattern_tensor;

// The Keras side: case() lines (tests/keras/layer_case_reference.h).
const char* kCases = R"PY(
case('conv2d_basic', layers.Conv2D(3, 3, name='c'), pattern((2, 6, 7, 2), 0.1))
case('conv2d_same_stride', layers.Conv2D(4, (3, 2), strides=2, padding='same', activation='relu'), pattern((2, 7, 6, 3), 0.2))
case('conv2d_dilated', layers.Conv2D(2, 3, dilation_rate=2, padding='same', use_bias=False), pattern((1, 8, 8, 2), 0.3))
case('conv2d_groups', layers.Conv2D(4, 3, groups=2), pattern((2, 6, 6, 4), 0.4))
case('conv2d_channels_first', layers.Conv2D(3, 2, data_format='channels_first'), pattern((2, 3, 5, 5), 0.5))
case('conv1d_basic', layers.Conv1D(3, 3), pattern((2, 9, 2), 0.6))
case('conv1d_causal', layers.Conv1D(2, 3, padding='causal', dilation_rate=2), pattern((2, 8, 3), 0.7))
case('conv1d_same_stride', layers.Conv1D(4, 2, strides=2, padding='same', activation='tanh'), pattern((2, 9, 3), 0.8))
case('convt_basic', layers.Conv2DTranspose(3, 3), pattern((2, 4, 5, 2), 0.9))
case('convt_same_stride', layers.Conv2DTranspose(2, 3, strides=2, padding='same'), pattern((2, 4, 4, 3), 1.0))
case('convt_outpad', layers.Conv2DTranspose(2, 3, strides=2, output_padding=1), pattern((1, 3, 4, 2), 1.1))
case('depthwise', layers.DepthwiseConv2D(3, depth_multiplier=2), pattern((2, 6, 6, 3), 1.2))
case('depthwise_same_stride', layers.DepthwiseConv2D(2, strides=2, padding='same'), pattern((2, 7, 7, 2), 1.3))
case('separable', layers.SeparableConv2D(4, 3, depth_multiplier=2, padding='same', activation='tanh'), pattern((2, 6, 6, 3), 1.4))
case('maxpool2d', layers.MaxPooling2D(), pattern((2, 6, 7, 3), 1.5))
case('maxpool2d_same', layers.MaxPooling2D(3, strides=2, padding='same'), pattern((2, 7, 6, 2), 1.6))
case('avgpool2d', layers.AveragePooling2D(2), pattern((2, 6, 7, 3), 1.7))
case('avgpool2d_same', layers.AveragePooling2D(3, strides=1, padding='same'), pattern((2, 5, 4, 2), 1.8))
case('maxpool1d', layers.MaxPooling1D(), pattern((2, 9, 3), 1.9))
case('avgpool1d_same', layers.AveragePooling1D(3, strides=2, padding='same'), pattern((2, 9, 3), 2.0))
case('gmax1d', layers.GlobalMaxPooling1D(), pattern((2, 9, 3), 2.1))
case('gavg1d', layers.GlobalAveragePooling1D(keepdims=True), pattern((2, 9, 3), 2.2))
case('gmax2d', layers.GlobalMaxPooling2D(keepdims=True), pattern((2, 5, 4, 3), 2.3))
case('gavg2d', layers.GlobalAveragePooling2D(), pattern((2, 5, 4, 3), 2.4))
case('gavg2d_cf', layers.GlobalAveragePooling2D(data_format='channels_first'), pattern((2, 3, 5, 4), 2.5))
case('bn_inference', layers.BatchNormalization(), pattern((4, 3, 3, 2), 2.6))
case('bn_training', layers.BatchNormalization(momentum=0.9), pattern((4, 3, 3, 2), 2.7), training=True)
case('bn_axis1', layers.BatchNormalization(axis=1, epsilon=0.01), pattern((4, 3, 2, 2), 2.8), training=True)
case('bn_plain', layers.BatchNormalization(center=False, scale=False), pattern((6, 4), 2.9), training=True)
case('ln', layers.LayerNormalization(), pattern((2, 3, 4), 3.0))
case('ln_axes', layers.LayerNormalization(axis=[-2, -1], epsilon=0.01), pattern((2, 3, 4), 3.1))
case('ln_rms', layers.LayerNormalization(rms_scaling=True), pattern((2, 3, 4), 3.2))
case('zeropad', layers.ZeroPadding2D(), pattern((2, 3, 4, 2), 3.3))
case('zeropad_asym', layers.ZeroPadding2D(((1, 2), (0, 3))), pattern((2, 3, 4, 2), 3.4))
case('crop', layers.Cropping2D(((1, 0), (2, 1))), pattern((2, 5, 6, 2), 3.5))
case('upsample', layers.UpSampling2D((2, 3)), pattern((2, 3, 2, 2), 3.6))
case('upsample_cf', layers.UpSampling2D(2, data_format='channels_first'), pattern((2, 2, 3, 2), 3.7))
)PY";

class SpatialLayersKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { reference_ = new tf::testing::LayerCaseReference(kCases); }
  void SetUp() override { ASSERT_FALSE(reference_->empty()) << "the Keras script printed nothing"; }
  static void check(const std::string& name, keras::Layer& layer, const tf::Tensor& x, bool training = false,
                    double tol = 2e-5) {
    reference_->check(name, layer, x, training, tol);
  }
  static inline tf::testing::LayerCaseReference* reference_ = nullptr;  // for the whole suite
};

TEST_F(SpatialLayersKeras, Conv2D) {
  layers::Conv2D basic(3, 3, {.name = "c"});
  check("conv2d_basic", basic, pattern_tensor({2, 6, 7, 2}, 0.1));
  layers::Conv2D strided(4, {3, 2}, {.strides = 2, .padding = "same", .activation = "relu"});
  check("conv2d_same_stride", strided, pattern_tensor({2, 7, 6, 3}, 0.2));
  layers::Conv2D dilated(2, 3, {.padding = "same", .dilation_rate = 2, .use_bias = false});
  check("conv2d_dilated", dilated, pattern_tensor({1, 8, 8, 2}, 0.3));
  layers::Conv2D grouped(4, 3, {.groups = 2});
  check("conv2d_groups", grouped, pattern_tensor({2, 6, 6, 4}, 0.4));
  layers::Conv2D first(3, 2, {.data_format = "channels_first"});
  check("conv2d_channels_first", first, pattern_tensor({2, 3, 5, 5}, 0.5));
}

TEST_F(SpatialLayersKeras, Conv1D) {
  layers::Conv1D basic(3, 3);
  check("conv1d_basic", basic, pattern_tensor({2, 9, 2}, 0.6));
  layers::Conv1D causal(2, 3, {.padding = "causal", .dilation_rate = 2});
  check("conv1d_causal", causal, pattern_tensor({2, 8, 3}, 0.7));
  layers::Conv1D strided(4, 2, {.strides = 2, .padding = "same", .activation = "tanh"});
  check("conv1d_same_stride", strided, pattern_tensor({2, 9, 3}, 0.8));
}

TEST_F(SpatialLayersKeras, Conv2DTranspose) {
  layers::Conv2DTranspose basic(3, 3);
  check("convt_basic", basic, pattern_tensor({2, 4, 5, 2}, 0.9));
  layers::Conv2DTranspose strided(2, 3, {.strides = 2, .padding = "same"});
  check("convt_same_stride", strided, pattern_tensor({2, 4, 4, 3}, 1.0));
  layers::Conv2DTranspose padded(2, 3, {.strides = 2, .output_padding = 1});
  check("convt_outpad", padded, pattern_tensor({1, 3, 4, 2}, 1.1));
}

TEST_F(SpatialLayersKeras, DepthwiseAndSeparable) {
  layers::DepthwiseConv2D depthwise(3, {.depth_multiplier = 2});
  check("depthwise", depthwise, pattern_tensor({2, 6, 6, 3}, 1.2));
  layers::DepthwiseConv2D strided(2, {.strides = 2, .padding = "same"});
  check("depthwise_same_stride", strided, pattern_tensor({2, 7, 7, 2}, 1.3));
  layers::SeparableConv2D separable(4, 3, {.padding = "same", .depth_multiplier = 2, .activation = "tanh"});
  check("separable", separable, pattern_tensor({2, 6, 6, 3}, 1.4));
}

TEST_F(SpatialLayersKeras, Pooling) {
  layers::MaxPooling2D max2;
  check("maxpool2d", max2, pattern_tensor({2, 6, 7, 3}, 1.5));
  layers::MaxPooling2D max2_same(3, {.strides = 2, .padding = "same"});
  check("maxpool2d_same", max2_same, pattern_tensor({2, 7, 6, 2}, 1.6));
  layers::AveragePooling2D avg2(2);
  check("avgpool2d", avg2, pattern_tensor({2, 6, 7, 3}, 1.7));
  layers::AveragePooling2D avg2_same(3, {.strides = 1, .padding = "same"});
  check("avgpool2d_same", avg2_same, pattern_tensor({2, 5, 4, 2}, 1.8));
  layers::MaxPooling1D max1;
  check("maxpool1d", max1, pattern_tensor({2, 9, 3}, 1.9));
  layers::AveragePooling1D avg1(3, {.strides = 2, .padding = "same"});
  check("avgpool1d_same", avg1, pattern_tensor({2, 9, 3}, 2.0));
  layers::GlobalMaxPooling1D gmax1;
  check("gmax1d", gmax1, pattern_tensor({2, 9, 3}, 2.1));
  layers::GlobalAveragePooling1D gavg1({.keepdims = true});
  check("gavg1d", gavg1, pattern_tensor({2, 9, 3}, 2.2));
  layers::GlobalMaxPooling2D gmax2({.keepdims = true});
  check("gmax2d", gmax2, pattern_tensor({2, 5, 4, 3}, 2.3));
  layers::GlobalAveragePooling2D gavg2;
  check("gavg2d", gavg2, pattern_tensor({2, 5, 4, 3}, 2.4));
  layers::GlobalAveragePooling2D gavg2_cf({.data_format = "channels_first"});
  check("gavg2d_cf", gavg2_cf, pattern_tensor({2, 3, 5, 4}, 2.5));
}

TEST_F(SpatialLayersKeras, BatchNormalization) {
  layers::BatchNormalization inference;
  check("bn_inference", inference, pattern_tensor({4, 3, 3, 2}, 2.6));
  layers::BatchNormalization training({.momentum = 0.9});
  check("bn_training", training, pattern_tensor({4, 3, 3, 2}, 2.7), true);
  layers::BatchNormalization axis1({.axis = 1, .epsilon = 0.01});
  check("bn_axis1", axis1, pattern_tensor({4, 3, 2, 2}, 2.8), true);
  layers::BatchNormalization plain({.center = false, .scale = false});
  check("bn_plain", plain, pattern_tensor({6, 4}, 2.9), true);
}

TEST_F(SpatialLayersKeras, LayerNormalization) {
  layers::LayerNormalization ln;
  check("ln", ln, pattern_tensor({2, 3, 4}, 3.0));
  layers::LayerNormalization axes({.axis = {-2, -1}, .epsilon = 0.01});
  check("ln_axes", axes, pattern_tensor({2, 3, 4}, 3.1));
  layers::LayerNormalization rms({.rms_scaling = true});
  check("ln_rms", rms, pattern_tensor({2, 3, 4}, 3.2));
}

TEST_F(SpatialLayersKeras, ImageReshaping) {
  layers::ZeroPadding2D pad;
  check("zeropad", pad, pattern_tensor({2, 3, 4, 2}, 3.3));
  layers::ZeroPadding2D asym(layers::Margins2D{.height = {1, 2}, .width = {0, 3}});
  check("zeropad_asym", asym, pattern_tensor({2, 3, 4, 2}, 3.4));
  layers::Cropping2D crop(layers::Margins2D{.height = {1, 0}, .width = {2, 1}});
  check("crop", crop, pattern_tensor({2, 5, 6, 2}, 3.5));
  layers::UpSampling2D up({2, 3});
  check("upsample", up, pattern_tensor({2, 3, 2, 2}, 3.6));
  layers::UpSampling2D up_cf(2, {.data_format = "channels_first"});
  check("upsample_cf", up_cf, pattern_tensor({2, 2, 3, 2}, 3.7));
}

}  // namespace
