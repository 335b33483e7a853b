// Conv3D, the transposed convolutions of 1 and 3 dimensions, 3-D pooling, the 1-D and 3-D
// reshaping layers and GroupNormalization: gradients against float64 finite differences, traced
// calls with unknown sizes equal to eager calls, a small volume model trained with fit, and
// errors naming the layer and the shapes.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/keras.h>
#include <tfpp/keras/layers/convolutional_3d.h>
#include <tfpp/keras/layers/group_normalization.h>
#include <tfpp/keras/layers/pooling_3d.h>
#include <tfpp/keras/layers/reshaping_1d_3d.h>

#include "error_of.h"
#include "keras/layer_gradient_check.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::None;
using tf::testing::error_of;
using tf::testing::layer_gradient_error;
using tf::testing::random_tensor;

constexpr tf::DType f64 = tf::float64;

TEST(Spatial3DLayerGradients, ConvolutionsAndNormalization) {
  layers::Conv3D conv(2, {2, 3, 2}, {.strides = {1, 2, 1}, .padding = "same", .activation = "tanh", .dtype = f64});
  EXPECT_LT(layer_gradient_error(conv, random_tensor({1, 3, 4, 3, 2}, 1)), 1e-6);
  layers::Conv3D grouped(4, 2, {.groups = 2, .dtype = f64});
  EXPECT_LT(layer_gradient_error(grouped, random_tensor({1, 3, 3, 3, 4}, 2)), 1e-6);
  layers::Conv3DTranspose transposed(2, 2, {.strides = 2, .output_padding = 1, .dtype = f64});
  EXPECT_LT(layer_gradient_error(transposed, random_tensor({1, 2, 2, 2, 2}, 3)), 1e-6);
  layers::Conv1DTranspose transposed1(3, 3, {.strides = 2, .padding = "same", .dtype = f64});
  EXPECT_LT(layer_gradient_error(transposed1, random_tensor({2, 4, 2}, 4)), 1e-6);
  layers::GroupNormalization norm({.groups = 2, .dtype = f64});
  EXPECT_LT(layer_gradient_error(norm, random_tensor({2, 3, 3, 4}, 5)), 1e-6);
}

TEST(Spatial3DLayers, TracedWithUnknownSizesMatchesEager) {
  layers::Conv3DTranspose transposed(3, 2, {.strides = {1, 2, 2}});
  layers::Conv1DTranspose transposed1(2, 3, {.strides = 2});
  layers::GroupNormalization norm({.groups = 2});
  const tf::Tensor volumes = random_tensor({2, 3, 4, 3, 2}, 6), sequences = random_tensor({3, 5, 4}, 7);
  const tf::Tensor v32 = tf::cast(volumes, tf::float32), s32 = tf::cast(sequences, tf::float32);
  const std::vector<tf::Tensor> eager{transposed(v32), transposed1(s32), norm(s32)};
  // The batch (and GroupNormalization's steps) unknown while tracing: sizes come from the run-time shapes.
  auto f = tf::function(
      [&](tf::Tensor v, tf::Tensor s, tf::Tensor t) {
        return std::vector<tf::Tensor>{transposed(v), transposed1(s), norm(t)};
      },
      {.input_signature = {tf::TensorSpec({None, 3, 4, 3, 2}), tf::TensorSpec({None, 5, 4}), tf::TensorSpec({None, None, 4})}});
  const std::vector<tf::Tensor> traced = f(v32, s32, s32);
  for (std::size_t i = 0; i < eager.size(); ++i) {
    EXPECT_EQ(traced[i].shape(), eager[i].shape());
    const std::vector<float> want = eager[i].numpy<float>(), got = traced[i].numpy<float>();
    for (std::size_t k = 0; k < want.size(); ++k) ASSERT_NEAR(got[k], want[k], 1e-5) << i << " at " << k;
  }
}

TEST(Spatial3DLayers, VolumeModelTrainsWithFit) {
  tf::random::set_seed(1);
  keras::Sequential model({layers::Conv3D(4, 3, {.padding = "same", .activation = "relu", .input_shape = {4, 6, 6, 2}}),
                           layers::GroupNormalization({.groups = 2}), layers::MaxPooling3D({1, 2, 2}),
                           layers::ZeroPadding3D(1), layers::Conv3DTranspose(2, 2), layers::Cropping3D(1),
                           layers::UpSampling3D({1, 2, 1}), layers::AveragePooling3D(2), layers::GlobalAveragePooling3D(),
                           layers::Dense(1)});
  const tf::Tensor x = tf::cast(random_tensor({8, 4, 6, 6, 2}, 8, -1, 1), tf::float32);
  const tf::Tensor y = tf::cast(random_tensor({8, 1}, 9, -1, 1), tf::float32);
  model.compile({.optimizer = keras::optimizers::Adam({.learning_rate = 0.01}), .loss = keras::losses::MeanSquaredError()});
  const double before = model.evaluate(x, y, {.verbose = 0})["loss"];
  model.fit(x, y, {.batch_size = 4, .epochs = 10, .verbose = 0});
  EXPECT_LT(model.evaluate(x, y, {.verbose = 0})["loss"], before);
  EXPECT_EQ(model.predict(x, {.verbose = 0}).shape(), tf::TensorShape({8, 1}));
  tf::random::set_seed(std::nullopt);
}

TEST(Spatial3DLayers, Errors) {
  EXPECT_NE(error_of([] { layers::Conv3D(2, 2, {.name = "c3"})(tf::ones({1, 4, 4, 2})); }).find("[c3]"), std::string::npos);
  EXPECT_NE(error_of([] { layers::Conv3D(2, {2, 2}); }).find("kernel_size=(2, 2)"), std::string::npos);
  EXPECT_NE(error_of([] { layers::Conv1DTranspose(2, 3, {.strides = 2, .output_padding = 2}); })
                .find("strides must be greater than output padding. Received strides=(2,), output_padding=(2,)"),
            std::string::npos);
  EXPECT_NE(error_of([] { layers::GroupNormalization({.groups = 3, .name = "gn"})(tf::ones({1, 2, 4})); })
                .find("[gn] Number of groups (3) must be a multiple of the number of channels (4)."),
            std::string::npos);
  EXPECT_NE(error_of([] { layers::GroupNormalization({.groups = 8})(tf::ones({1, 2, 4})); })
                .find("Number of groups (8) cannot be more than the number of channels (4)."),
            std::string::npos);
  EXPECT_NE(error_of([] { layers::Cropping1D(3, {.name = "c1"})(tf::ones({1, 5, 2})); })
                .find("[c1] `cropping` parameter of `Cropping1D` layer must be smaller than the input length. "
                      "Received: input_shape="),
            std::string::npos);
  EXPECT_NE(error_of([] { layers::Cropping3D(layers::Margins3D{.height = {2, 2}})(tf::ones({1, 3, 4, 5, 1})); })
                .find("Values in `cropping` argument should be smaller than the corresponding spatial dimension"),
            std::string::npos);
  EXPECT_NE(error_of([] { layers::ZeroPadding3D(-1); }).find("`padding` must hold non-negative integers"), std::string::npos);
  EXPECT_NE(error_of([] { layers::UpSampling1D(0); }).find("Received: size=0"), std::string::npos);
  EXPECT_NE(error_of([] { layers::MaxPooling3D(2, {.name = "mp3"})(tf::ones({1, 4, 4, 4})); }).find("[mp3]"),
            std::string::npos);
}

}  // namespace
