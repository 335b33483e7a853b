// Convolution, pooling, normalization and image reshaping layers: gradients against float64
// finite differences, config round trips, errors naming the layer and shapes, moving
// statistics updated inside fit's traced step, symbolic shapes, and a small CNN trained with fit.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/keras.h>

#include "autodiff/gradient_checker.h"
#include "error_of.h"
#include "keras/layer_gradient_check.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::error_of;
using tf::testing::layer_gradient_error;
using tf::testing::random_tensor;

constexpr tf::DType f64 = tf::float64;

TEST(SpatialLayerGradients, Convolutions) {
  layers::Conv2D conv(3, {3, 2}, {.strides = 2, .padding = "same", .activation = "tanh", .dtype = f64});
  EXPECT_LT(layer_gradient_error(conv, random_tensor({2, 5, 6, 2}, 1)), 1e-6);
  layers::Conv2D grouped(4, 2, {.dilation_rate = 2, .groups = 2, .dtype = f64});
  EXPECT_LT(layer_gradient_error(grouped, random_tensor({1, 5, 5, 4}, 2)), 1e-6);
  layers::Conv1D causal(2, 3, {.padding = "causal", .dilation_rate = 2, .dtype = f64});
  EXPECT_LT(layer_gradient_error(causal, random_tensor({2, 6, 3}, 3)), 1e-6);
  layers::Conv2DTranspose transpose(2, 3, {.strides = 2, .padding = "same", .dtype = f64});
  EXPECT_LT(layer_gradient_error(transpose, random_tensor({1, 3, 3, 2}, 4)), 1e-6);
  layers::DepthwiseConv2D depthwise(2, {.depth_multiplier = 2, .dtype = f64});
  EXPECT_LT(layer_gradient_error(depthwise, random_tensor({2, 4, 4, 2}, 5)), 1e-6);
  layers::SeparableConv2D separable(3, 2, {.padding = "same", .dtype = f64});
  EXPECT_LT(layer_gradient_error(separable, random_tensor({1, 4, 4, 2}, 6)), 1e-6);
}

TEST(SpatialLayerGradients, PoolingAndReshaping) {
  // Spread-out values so that no two elements of a max window are within the finite difference.
  const tf::Tensor x = random_tensor({2, 5, 6, 2}, 7, -2, 2, 0.05);
  layers::MaxPooling2D max2(2, {.strides = 1});
  layers::AveragePooling2D avg2(3, {.strides = 2, .padding = "same"});
  layers::GlobalMaxPooling2D gmax;
  layers::GlobalAveragePooling2D gavg;
  layers::ZeroPadding2D pad(layers::Margins2D{.height = {1, 0}, .width = {2, 1}});
  layers::Cropping2D crop(1);
  layers::UpSampling2D up({2, 3});
  for (keras::Layer* layer : std::vector<keras::Layer*>{&max2, &avg2, &gmax, &gavg, &pad, &crop, &up})
    EXPECT_LT(layer_gradient_error(*layer, x), 1e-6) << layer->name();
  const tf::Tensor seq = random_tensor({2, 7, 3}, 8, -2, 2, 0.05);
  layers::MaxPooling1D max1;
  layers::AveragePooling1D avg1(2, {.padding = "same"});
  for (keras::Layer* layer : std::vector<keras::Layer*>{&max1, &avg1})
    EXPECT_LT(layer_gradient_error(*layer, seq), 1e-6) << layer->name();
}

TEST(SpatialLayerGradients, Normalization) {
  const tf::Tensor x = random_tensor({4, 3, 2, 3}, 9);
  layers::BatchNormalization training({.dtype = f64});
  EXPECT_LT(layer_gradient_error(training, x, true), 1e-6);
  layers::BatchNormalization axis1({.axis = 1, .dtype = f64});
  EXPECT_LT(layer_gradient_error(axis1, x, true), 1e-6);
  layers::BatchNormalization inference({.dtype = f64});
  EXPECT_LT(layer_gradient_error(inference, x, false), 1e-6);
  layers::LayerNormalization ln({.axis = {1, 3}, .dtype = f64});
  EXPECT_LT(layer_gradient_error(ln, x), 1e-6);
  layers::LayerNormalization rms({.rms_scaling = true, .dtype = f64});
  EXPECT_LT(layer_gradient_error(rms, x), 1e-6);
}

// get_config -> from_config -> get_config gives the same config (names included).
template <class L>
void expect_round_trip(const L& layer) {
  const keras::Config config = layer.get_config();
  const L copy = L::from_config(config);
  EXPECT_EQ(keras::to_json(copy.get_config()), keras::to_json(config));
}

TEST(SpatialLayerConfigs, RoundTrips) {
  expect_round_trip(layers::Conv1D(4, 3, {.padding = "causal", .dilation_rate = 2, .activation = "relu", .name = "c1"}));
  expect_round_trip(layers::Conv2D(8, {3, 5}, {.strides = {1, 2}, .padding = "same", .groups = 2, .use_bias = false,
                                               .kernel_initializer = "he_normal",
                                               .kernel_regularizer = keras::regularizers::L2(0.01),
                                               .bias_constraint = keras::constraints::NonNeg(), .name = "c2"}));
  expect_round_trip(layers::Conv2DTranspose(3, 2, {.strides = 2, .output_padding = 1, .data_format = "channels_first"}));
  expect_round_trip(layers::DepthwiseConv2D(3, {.depth_multiplier = 3, .depthwise_initializer = "ones"}));
  expect_round_trip(layers::SeparableConv2D(5, 3, {.padding = "same", .pointwise_initializer = "zeros"}));
  expect_round_trip(layers::MaxPooling1D(3, {.strides = 1}));
  expect_round_trip(layers::MaxPooling2D({2, 3}, {.padding = "same"}));
  expect_round_trip(layers::AveragePooling1D(4));
  expect_round_trip(layers::AveragePooling2D(2, {.data_format = "channels_first"}));
  expect_round_trip(layers::GlobalMaxPooling1D({.keepdims = true}));
  expect_round_trip(layers::GlobalMaxPooling2D());
  expect_round_trip(layers::GlobalAveragePooling1D());
  expect_round_trip(layers::GlobalAveragePooling2D({.data_format = "channels_first", .keepdims = true}));
  expect_round_trip(layers::BatchNormalization({.axis = 1, .momentum = 0.9, .epsilon = 1e-5, .center = false,
                                                .gamma_regularizer = keras::regularizers::L1(0.1)}));
  expect_round_trip(layers::LayerNormalization({.axis = {-2, -1}, .rms_scaling = true}));
  expect_round_trip(layers::ZeroPadding2D(layers::Margins2D{.height = {1, 2}, .width = {3, 4}}));
  expect_round_trip(layers::Cropping2D(2));
  expect_round_trip(layers::UpSampling2D({2, 3}));
  expect_round_trip(layers::SpatialDropout2D(0.3, {.seed = 4}));
  const keras::Config c = layers::Conv2D(8, 3, {.name = "named_conv"}).get_config();
  EXPECT_EQ(c.at("name").get<std::string>(), "named_conv");
  EXPECT_EQ(layers::Conv2D::from_config(c).name(), "named_conv");
}

TEST(SpatialLayerErrors, NameTheLayerAndShapes) {
  layers::Conv2D conv(4, 3, {.name = "conv_e"});
  EXPECT_EQ(error_of([&] { conv(tf::ones({2, 8, 8})); }),
            "[conv_e] input 0 is incompatible with the layer: expected min_ndim=4, found ndim=3. Full shape received: (2, 8, 8)");
  conv(tf::ones({2, 8, 8, 3}));
  EXPECT_EQ(error_of([&] { conv(tf::ones({2, 8, 8, 5})); }),
            "[conv_e] input 0 is incompatible with the layer: expected axis -1 of input shape to have value 3, but "
            "received input with shape (2, 8, 8, 5)");
  EXPECT_NE(error_of([&] { layers::Conv2D(4, 3, {.groups = 2, .name = "g"})(tf::ones({1, 5, 5, 3})); })
                .find("[g] the number of input channels must be evenly divisible by the number of groups. Received "
                      "groups=2, but the input has 3 channels (full input shape is (1, 5, 5, 3))"),
            std::string::npos);
  EXPECT_NE(error_of([] { layers::Conv2D(4, 3, {.strides = 2, .dilation_rate = 2}); })
                .find("`strides > 1` not supported in conjunction with `dilation_rate > 1`. Received: strides=(2, 2) "
                      "and dilation_rate=(2, 2)"),
            std::string::npos);
  EXPECT_NE(error_of([] { layers::Conv2D(4, 3, {.padding = "causal"}); }).find("Received: causal"), std::string::npos);
  EXPECT_NE(error_of([] { layers::Conv2D(0, 3); }).find("Received filters=0"), std::string::npos);
  EXPECT_NE(error_of([] { layers::Conv2D(4, {3, 3, 3}); }).find("kernel_size=(3, 3, 3)"), std::string::npos);
  EXPECT_NE(error_of([] { layers::Conv2D(3, 3, {.data_format = "nhwc"}); }).find("data_format=nhwc"), std::string::npos);
  // A kernel larger than the image: the op's error, inside the layer's name.
  EXPECT_NE(error_of([] { layers::Conv2D(1, 5, {.name = "big"})(tf::ones({1, 3, 3, 1})); }).find("[big]"), std::string::npos);
  EXPECT_NE(error_of([] { layers::MaxPooling2D(2, {.name = "mp"})(tf::ones({2, 4, 4})); })
                .find("[mp] input 0 is incompatible with the layer: expected ndim=4, found ndim=3"),
            std::string::npos);
  EXPECT_NE(error_of([] { layers::BatchNormalization({.axis = 3, .name = "bn_e"})(tf::ones({2, 3})); })
                .find("[bn_e] axis 3 is out of bounds for an input of shape (2, 3)"),
            std::string::npos);
  EXPECT_NE(error_of([] { layers::Cropping2D(2, {.name = "crop_e"})(tf::ones({1, 4, 6, 1})); })
                .find("[crop_e] `cropping` parameter of `Cropping2D` layer must be smaller than the input shape"),
            std::string::npos);
  EXPECT_NE(error_of([] { layers::UpSampling2D(2, {.interpolation = "bilinear"}); }).find("'bilinear'"), std::string::npos);
  EXPECT_NE(error_of([] { layers::SpatialDropout2D(1.5); }).find("rate=1.5"), std::string::npos);
}

TEST(SpatialLayers, WeightNamesAndLazyBuild) {
  // The seed's example: no variables until the first call.
  layers::Conv2D conv(1, {1, 1});
  EXPECT_TRUE(conv.trainable_variables().empty());
  conv(tf::ones({1, 2, 2, 1}));
  ASSERT_EQ(conv.trainable_variables().size(), 2u);
  EXPECT_EQ(conv.trainable_variables()[0].shape(), tf::TensorShape({1, 1, 1, 1}));
  EXPECT_EQ(conv.trainable_variables()[0].name(), conv.name() + "/kernel:0");
  EXPECT_EQ(conv.trainable_variables()[1].name(), conv.name() + "/bias:0");
  layers::BatchNormalization bn;
  bn(tf::ones({2, 3}));
  EXPECT_EQ(bn.trainable_weights().size(), 2u);
  ASSERT_EQ(bn.non_trainable_weights().size(), 2u);
  EXPECT_EQ(bn.non_trainable_weights()[0].name(), bn.name() + "/moving_mean:0");
  EXPECT_EQ(bn.non_trainable_weights()[1].name(), bn.name() + "/moving_variance:0");
}

TEST(SpatialLayers, BatchNormalizationModes) {
  layers::BatchNormalization bn({.momentum = 0.5});
  const tf::Tensor x = tf::constant({{1.0f, 10.0f}, {3.0f, 30.0f}});
  const tf::Tensor inference = bn(x);  // moving statistics 0 and 1: x / sqrt(1 + eps)
  EXPECT_NEAR(inference.numpy<float>()[1], 10.0f / std::sqrt(1.001f), 1e-4);
  EXPECT_EQ(bn.moving_mean().numpy<float>(), (std::vector<float>{0.0f, 0.0f}));
  const tf::Tensor trained = bn(x, true);  // batch mean (2, 20), variance (1, 100)
  EXPECT_NEAR(trained.numpy<float>()[0], -1.0f / std::sqrt(1.001f), 1e-5);
  EXPECT_EQ(bn.moving_mean().numpy<float>(), (std::vector<float>{1.0f, 10.0f}));
  EXPECT_EQ(bn.moving_variance().numpy<float>(), (std::vector<float>{1.0f, 50.5f}));
  bn.set_trainable(false);  // a frozen layer normalizes with its moving statistics, as Keras 3 does
  bn(x, true);
  EXPECT_EQ(bn.moving_mean().numpy<float>(), (std::vector<float>{1.0f, 10.0f}));
}

TEST(SpatialLayers, SpatialDropoutDropsWholeChannels) {
  layers::SpatialDropout2D drop(0.5, {.seed = 3});
  const tf::Tensor x = tf::ones({4, 3, 3, 8});
  EXPECT_EQ(drop(x).numpy<float>(), x.numpy<float>());
  const std::vector<float> y = drop(x, true).numpy<float>();
  int dropped = 0;
  for (int n = 0; n < 4; ++n)
    for (int c = 0; c < 8; ++c) {
      const float first = y[static_cast<std::size_t>(n * 72 + c)];
      EXPECT_TRUE(first == 0.0f || first == 2.0f);
      dropped += first == 0.0f;
      for (int p = 1; p < 9; ++p) EXPECT_EQ(y[static_cast<std::size_t>(n * 72 + p * 8 + c)], first);
    }
  EXPECT_GT(dropped, 0);
  EXPECT_LT(dropped, 32);
}

TEST(SpatialLayers, SymbolicShapesWithUnknownBatch) {
  auto in = keras::Input({28, 28, 1});
  auto h = layers::Conv2D(4, 3, {.padding = "same"})(in);
  h = layers::Conv2DTranspose(2, 3, {.strides = 2})(h);
  h = layers::MaxPooling2D()(h);
  h = layers::BatchNormalization()(h);
  h = layers::UpSampling2D(2)(layers::Cropping2D(1)(layers::ZeroPadding2D(2)(h)));
  EXPECT_EQ(h.shape(), tf::TensorShape({tf::None, 60, 60, 2}));
  keras::Model model(in, layers::GlobalAveragePooling2D()(h));
  EXPECT_EQ(model(tf::ones({3, 28, 28, 1})).shape(), tf::TensorShape({3, 2}));
}

TEST(SpatialLayers, TransposedConvolutionKeepsStaticSizesInPredict) {
  // predict's trace knows the batch size; the output_shape tensor built from it must not hide
  // the spatial sizes UpSampling2D needs.
  keras::Sequential model({layers::Conv2DTranspose(2, 2, {.input_shape = {4, 6, 2}}), layers::UpSampling2D(2)});
  EXPECT_EQ(model.predict(tf::ones({8, 4, 6, 2}), {.verbose = 0}).shape(), tf::TensorShape({8, 10, 14, 2}));
}

// Images whose class is where a bright square sits (left or right half): a CNN learns it.
std::pair<tf::Tensor, tf::Tensor> squares(int n, std::uint32_t seed) {
  std::vector<float> pixels(static_cast<std::size_t>(n) * 8 * 8, 0.0f);
  std::vector<std::int32_t> labels(static_cast<std::size_t>(n));
  std::uint32_t state = seed;
  const auto next = [&] { return state = state * 1664525u + 1013904223u; };
  for (int i = 0; i < n; ++i) {
    const int label = static_cast<int>(next() >> 31);
    const int row = static_cast<int>(next() % 6), col = static_cast<int>(next() % 2) + (label ? 4 : 0);
    for (int y = row; y < row + 2; ++y)
      for (int x = col; x < col + 2; ++x) pixels[static_cast<std::size_t>((i * 8 + y) * 8 + x)] = 1.0f;
    labels[static_cast<std::size_t>(i)] = label;
  }
  return {tf::constant(pixels, {n, 8, 8, 1}), tf::constant(labels, {n})};
}

TEST(SpatialLayers, SmallCnnLearnsWithFitAndUpdatesMovingStatistics) {
  tf::random::set_seed(1);
  keras::Sequential model({layers::Conv2D(4, 3, {.padding = "same", .activation = "relu", .input_shape = {8, 8, 1}}),
                           layers::BatchNormalization(), layers::MaxPooling2D(), layers::Flatten(), layers::Dense(2)});
  model.compile({.optimizer = keras::optimizers::Adam({.learning_rate = 0.01}),
                 .loss = keras::losses::SparseCategoricalCrossentropy({.from_logits = true}),
                 .metrics = {"accuracy"}});
  auto [x, y] = squares(256, 7);
  auto& bn = dynamic_cast<layers::BatchNormalization&>(model.get_layer(1));
  model.fit(x, y, {.batch_size = 32, .epochs = 8, .verbose = 0});
  // The traced train step ran the moving averages' updates.
  EXPECT_NE(bn.moving_mean().numpy<float>(), std::vector<float>(4, 0.0f));
  auto [x_test, y_test] = squares(128, 11);
  EXPECT_GE(model.evaluate(x_test, y_test, {.verbose = 0})["accuracy"], 0.95);
  tf::random::set_seed(std::nullopt);
}

}  // namespace
