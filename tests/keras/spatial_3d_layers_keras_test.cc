// Conv3D, the 1-D and 3-D transposed convolutions, 3-D pooling, the 1-D and 3-D padding,
// cropping and upsampling layers and GroupNormalization compared with Keras 3 on TensorFlow
// 2.21 in the same test run (layer_case_reference.h): outputs, output shapes, gradients with
// respect to the input and every trainable weight, weight names and config arguments.
#include <gtest/gtest.h>

#include <tfpp/keras/layers/convolutional_3d.h>
#include <tfpp/keras/layers/group_normalization.h>
#include <tfpp/keras/layers/pooling_3d.h>
#include <tfpp/keras/layers/reshaping_1d_3d.h>

#include "keras/layer_case_reference.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::pattern_tensor;

// conv3d_cf's output width (4) differs from its filters (3): Keras 3.15's TensorFlow ops.add takes
// a (1, C, 1, 1, 1) bias for a channels-last one when the last dimension also has C elements.
const char* kCases = R"PY(
case('conv3d_basic', layers.Conv3D(3, 2), pattern((2, 4, 5, 4, 2), 0.1))
case('conv3d_same_stride', layers.Conv3D(4, (3, 2, 2), strides=2, padding='same', activation='relu'), pattern((2, 5, 4, 5, 3), 0.2))
case('conv3d_dilated', layers.Conv3D(2, 2, dilation_rate=2, padding='same', use_bias=False), pattern((1, 5, 5, 5, 2), 0.3))
case('conv3d_groups', layers.Conv3D(4, 2, groups=2), pattern((1, 4, 4, 4, 4), 0.4))
case('conv3d_cf', layers.Conv3D(3, 2, data_format='channels_first'), pattern((2, 2, 4, 4, 5), 0.5))
case('conv1dt_basic', layers.Conv1DTranspose(3, 3), pattern((2, 5, 2), 0.6))
case('conv1dt_same_stride', layers.Conv1DTranspose(2, 3, strides=2, padding='same'), pattern((2, 4, 3), 0.7))
case('conv1dt_outpad', layers.Conv1DTranspose(2, 3, strides=2, output_padding=1, activation='tanh'), pattern((1, 4, 2), 0.8))
case('conv3dt_basic', layers.Conv3DTranspose(2, 2), pattern((2, 3, 3, 4, 2), 0.9))
case('conv3dt_same_stride', layers.Conv3DTranspose(2, 3, strides=2, padding='same'), pattern((1, 2, 3, 3, 3), 1.0))
case('conv3dt_outpad_cf', layers.Conv3DTranspose(2, 3, strides=(2, 1, 2), output_padding=(1, 0, 1), data_format='channels_first'), pattern((1, 2, 2, 3, 2), 1.05))
case('maxpool3d', layers.MaxPooling3D(), pattern((2, 4, 5, 4, 3), 1.1))
case('maxpool3d_same', layers.MaxPooling3D(3, strides=2, padding='same'), pattern((1, 5, 4, 5, 2), 1.2))
case('avgpool3d', layers.AveragePooling3D(2), pattern((2, 4, 4, 5, 2), 1.3))
case('avgpool3d_same', layers.AveragePooling3D((2, 3, 2), strides=1, padding='same'), pattern((1, 3, 4, 3, 2), 1.4))
case('avgpool3d_cf', layers.AveragePooling3D(2, data_format='channels_first'), pattern((1, 2, 4, 4, 4), 1.45))
case('gmax3d', layers.GlobalMaxPooling3D(keepdims=True), pattern((2, 3, 4, 3, 2), 1.5))
case('gavg3d', layers.GlobalAveragePooling3D(), pattern((2, 3, 4, 3, 2), 1.6))
case('gavg3d_cf', layers.GlobalAveragePooling3D(data_format='channels_first'), pattern((2, 2, 3, 4, 3), 1.7))
case('zeropad1d', layers.ZeroPadding1D(), pattern((2, 3, 2), 1.8))
case('zeropad1d_asym', layers.ZeroPadding1D((2, 1)), pattern((2, 3, 2), 1.9))
case('zeropad3d', layers.ZeroPadding3D(((1, 0), (0, 2), (1, 1))), pattern((1, 2, 3, 2, 2), 2.0))
case('zeropad3d_cf', layers.ZeroPadding3D(1, data_format='channels_first'), pattern((1, 2, 2, 3, 2), 2.1))
case('crop1d', layers.Cropping1D((1, 2)), pattern((2, 6, 2), 2.2))
case('crop3d', layers.Cropping3D(((1, 0), (0, 1), (1, 1))), pattern((1, 3, 4, 5, 2), 2.3))
case('upsample1d', layers.UpSampling1D(3), pattern((2, 3, 2), 2.4))
case('upsample3d', layers.UpSampling3D((2, 1, 3)), pattern((1, 2, 3, 2, 2), 2.5))
case('upsample3d_cf', layers.UpSampling3D(2, data_format='channels_first'), pattern((1, 2, 2, 2, 3), 2.6))
case('groupnorm', layers.GroupNormalization(groups=2), pattern((2, 3, 4), 2.7))
case('groupnorm_img', layers.GroupNormalization(groups=3, epsilon=0.01), pattern((2, 3, 3, 6), 2.8))
case('groupnorm_axis1', layers.GroupNormalization(groups=2, axis=1, center=False), pattern((2, 4, 3, 2), 2.9))
case('groupnorm_per_channel', layers.GroupNormalization(groups=-1, scale=False), pattern((2, 5, 4), 3.0))
)PY";

class Spatial3DLayersKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { reference_ = new tf::testing::LayerCaseReference(kCases); }
  void SetUp() override { ASSERT_FALSE(reference_->empty()) << "the Keras script printed nothing"; }
  static void check(const std::string& name, keras::Layer& layer, const tf::Tensor& x, double tol = 2e-5) {
    reference_->check(name, layer, x, false, tol);
  }
  static inline tf::testing::LayerCaseReference* reference_ = nullptr;  // for the whole suite
};

TEST_F(Spatial3DLayersKeras, Conv3D) {
  layers::Conv3D basic(3, 2);
  check("conv3d_basic", basic, pattern_tensor({2, 4, 5, 4, 2}, 0.1));
  layers::Conv3D strided(4, {3, 2, 2}, {.strides = 2, .padding = "same", .activation = "relu"});
  check("conv3d_same_stride", strided, pattern_tensor({2, 5, 4, 5, 3}, 0.2));
  layers::Conv3D dilated(2, 2, {.padding = "same", .dilation_rate = 2, .use_bias = false});
  check("conv3d_dilated", dilated, pattern_tensor({1, 5, 5, 5, 2}, 0.3));
  layers::Conv3D grouped(4, 2, {.groups = 2});
  check("conv3d_groups", grouped, pattern_tensor({1, 4, 4, 4, 4}, 0.4));
  layers::Conv3D first(3, 2, {.data_format = "channels_first"});
  check("conv3d_cf", first, pattern_tensor({2, 2, 4, 4, 5}, 0.5));
}

TEST_F(Spatial3DLayersKeras, TransposedConvolutions) {
  layers::Conv1DTranspose basic1(3, 3);
  check("conv1dt_basic", basic1, pattern_tensor({2, 5, 2}, 0.6));
  layers::Conv1DTranspose strided1(2, 3, {.strides = 2, .padding = "same"});
  check("conv1dt_same_stride", strided1, pattern_tensor({2, 4, 3}, 0.7));
  layers::Conv1DTranspose padded1(2, 3, {.strides = 2, .output_padding = 1, .activation = "tanh"});
  check("conv1dt_outpad", padded1, pattern_tensor({1, 4, 2}, 0.8));
  layers::Conv3DTranspose basic3(2, 2);
  check("conv3dt_basic", basic3, pattern_tensor({2, 3, 3, 4, 2}, 0.9));
  layers::Conv3DTranspose strided3(2, 3, {.strides = 2, .padding = "same"});
  check("conv3dt_same_stride", strided3, pattern_tensor({1, 2, 3, 3, 3}, 1.0));
  layers::Conv3DTranspose padded3(2, 3, {.strides = {2, 1, 2}, .output_padding = tf::nn::Sizes({1, 0, 1}),
                                         .data_format = "channels_first"});
  check("conv3dt_outpad_cf", padded3, pattern_tensor({1, 2, 2, 3, 2}, 1.05));
}

TEST_F(Spatial3DLayersKeras, Pooling3D) {
  layers::MaxPooling3D max3;
  check("maxpool3d", max3, pattern_tensor({2, 4, 5, 4, 3}, 1.1));
  layers::MaxPooling3D max3_same(3, {.strides = 2, .padding = "same"});
  check("maxpool3d_same", max3_same, pattern_tensor({1, 5, 4, 5, 2}, 1.2));
  layers::AveragePooling3D avg3(2);
  check("avgpool3d", avg3, pattern_tensor({2, 4, 4, 5, 2}, 1.3));
  layers::AveragePooling3D avg3_same({2, 3, 2}, {.strides = 1, .padding = "same"});
  check("avgpool3d_same", avg3_same, pattern_tensor({1, 3, 4, 3, 2}, 1.4));
  layers::AveragePooling3D avg3_cf(2, {.data_format = "channels_first"});
  check("avgpool3d_cf", avg3_cf, pattern_tensor({1, 2, 4, 4, 4}, 1.45));
  layers::GlobalMaxPooling3D gmax({.keepdims = true});
  check("gmax3d", gmax, pattern_tensor({2, 3, 4, 3, 2}, 1.5));
  layers::GlobalAveragePooling3D gavg;
  check("gavg3d", gavg, pattern_tensor({2, 3, 4, 3, 2}, 1.6));
  layers::GlobalAveragePooling3D gavg_cf({.data_format = "channels_first"});
  check("gavg3d_cf", gavg_cf, pattern_tensor({2, 2, 3, 4, 3}, 1.7));
}

TEST_F(Spatial3DLayersKeras, PaddingCroppingUpSampling) {
  layers::ZeroPadding1D pad1;
  check("zeropad1d", pad1, pattern_tensor({2, 3, 2}, 1.8));
  layers::ZeroPadding1D pad1_asym(layers::Margins1D{2, 1});
  check("zeropad1d_asym", pad1_asym, pattern_tensor({2, 3, 2}, 1.9));
  layers::ZeroPadding3D pad3(layers::Margins3D{.depth = {1, 0}, .height = {0, 2}, .width = {1, 1}});
  check("zeropad3d", pad3, pattern_tensor({1, 2, 3, 2, 2}, 2.0));
  layers::ZeroPadding3D pad3_cf(1, {.data_format = "channels_first"});
  check("zeropad3d_cf", pad3_cf, pattern_tensor({1, 2, 2, 3, 2}, 2.1));
  layers::Cropping1D crop1(layers::Margins1D{1, 2});
  check("crop1d", crop1, pattern_tensor({2, 6, 2}, 2.2));
  layers::Cropping3D crop3(layers::Margins3D{.depth = {1, 0}, .height = {0, 1}, .width = {1, 1}});
  check("crop3d", crop3, pattern_tensor({1, 3, 4, 5, 2}, 2.3));
  layers::UpSampling1D up1(3);
  check("upsample1d", up1, pattern_tensor({2, 3, 2}, 2.4));
  layers::UpSampling3D up3({2, 1, 3});
  check("upsample3d", up3, pattern_tensor({1, 2, 3, 2, 2}, 2.5));
  layers::UpSampling3D up3_cf(2, {.data_format = "channels_first"});
  check("upsample3d_cf", up3_cf, pattern_tensor({1, 2, 2, 2, 3}, 2.6));
}

TEST_F(Spatial3DLayersKeras, GroupNormalization) {
  layers::GroupNormalization two({.groups = 2});
  check("groupnorm", two, pattern_tensor({2, 3, 4}, 2.7));
  layers::GroupNormalization image({.groups = 3, .epsilon = 0.01});
  check("groupnorm_img", image, pattern_tensor({2, 3, 3, 6}, 2.8));
  layers::GroupNormalization axis1({.groups = 2, .axis = 1, .center = false});
  check("groupnorm_axis1", axis1, pattern_tensor({2, 4, 3, 2}, 2.9));
  layers::GroupNormalization per_channel({.groups = -1, .scale = false});
  check("groupnorm_per_channel", per_channel, pattern_tensor({2, 5, 4}, 3.0));
}

}  // namespace
