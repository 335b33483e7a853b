// layers::serialize / deserialize: every built-in layer round-trips through Keras 3's serialized
// form with its config unchanged, a build_config builds the copy with the same weight shapes,
// Keras' DTypePolicy dicts are read, registered classes are found, and bad input is a clear error.
#include <gtest/gtest.h>

#include <set>

#include <tfpp/tfpp.h>
#include <tfpp/keras/keras.h>
#include <tfpp/keras/layers/activation_layers.h>
#include <tfpp/keras/layers/adaptive_pooling.h>
#include <tfpp/keras/layers/audio_preprocessing.h>
#include <tfpp/keras/layers/conv_lstm.h>
#include <tfpp/keras/layers/einsum_dense.h>
#include <tfpp/keras/layers/grouped_query_attention.h>
#include <tfpp/keras/layers/image_augmentation.h>
#include <tfpp/keras/layers/image_augmentation_augmix.h>
#include <tfpp/keras/layers/image_augmentation_color.h>
#include <tfpp/keras/layers/image_augmentation_geometry.h>
#include <tfpp/keras/layers/image_augmentation_mixing.h>
#include <tfpp/keras/layers/image_augmentation_pipeline.h>
#include <tfpp/keras/layers/reversible_embedding.h>
#include <tfpp/keras/layers/spectral_normalization.h>
#include <tfpp/keras/layers/stacked_rnn_cells.h>
#include <tfpp/keras/layers/image_preprocessing.h>
#include <tfpp/keras/layers/categorical.h>
#include <tfpp/keras/layers/discretization.h>
#include <tfpp/keras/layers/index_lookup.h>
#include <tfpp/keras/layers/convolutional_3d.h>
#include <tfpp/keras/layers/group_normalization.h>
#include <tfpp/keras/layers/noise.h>
#include <tfpp/keras/layers/pass_through.h>
#include <tfpp/keras/layers/pooling_3d.h>
#include <tfpp/keras/layers/reshaping_1d_3d.h>
#include <tfpp/keras/layers/rms_normalization.h>
#include <tfpp/keras/layers/score_attention.h>
#include <tfpp/keras/layers/separable_conv_1d.h>
#include <tfpp/keras/layers/text_vectorization.h>
#include <tfpp/keras/layers/unit_normalization.h>

#include "error_of.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::error_of;

std::vector<tf::TensorShape> weight_shapes(const keras::Layer& layer) {
  std::vector<tf::TensorShape> shapes;
  for (const tf::Variable& w : layer.weights()) shapes.push_back(w.shape());
  return shapes;
}

// One instance of every built-in layer class, with non-default arguments where it has them,
// and an input shape to build it for (empty: the layer takes several inputs, given apart).
struct Case {
  std::shared_ptr<keras::Layer> layer;
  std::vector<tf::TensorShape> inputs;
};

template <class L>
Case make(L layer, std::vector<tf::TensorShape> inputs) {
  return {std::make_shared<L>(std::move(layer)), std::move(inputs)};
}

std::vector<Case> every_builtin() {
  const tf::TensorShape seq{-1, 5, 4}, img{-1, 6, 6, 3}, flat{-1, 4}, vol{-1, 4, 5, 6, 2};
  return {
      make(keras::InputLayer({5, 4}, {.name = "in_cfg"}), {}),
      make(layers::Dense(3, {.activation = "relu", .use_bias = false}), {flat}),
      make(layers::Activation("tanh"), {flat}),
      make(layers::ReLU({.max_value = 6.0}), {flat}),
      make(layers::LeakyReLU({.negative_slope = 0.2}), {flat}),
      make(layers::Softmax({.axis = -1}), {flat}),
      make(layers::Dropout(0.25), {flat}),
      make(layers::PReLU({.shared_axes = {1}}), {seq}),
      make(layers::ELU(0.5), {flat}),
      make(layers::Identity(), {flat}),
      make(layers::ActivityRegularization(0.1, 0.2), {flat}),
      make(layers::GaussianNoise(0.2, {.seed = 3}), {flat}),
      make(layers::GaussianDropout(0.3), {flat}),
      make(layers::AlphaDropout(0.1, {.noise_shape = std::vector<std::int64_t>{-1, 1}}), {flat}),
      make(layers::Reshape({2, 2}), {flat}),
      make(layers::Flatten(), {seq}),
      make(layers::Permute({2, 1}), {seq}),
      make(layers::RepeatVector(3), {flat}),
      make(layers::Rescaling(0.5, {.offset = 1.0}), {flat}),
      make(layers::Resizing(3, 4, {.interpolation = "nearest", .pad_to_aspect_ratio = true}), {img}),
      make(layers::CenterCrop(4, 2), {img}),
      make(layers::RandomFlip("vertical", {.seed = 1}), {img}),
      make(layers::RandomRotation({-0.1, 0.2}, {.fill_mode = "constant", .fill_value = 1.0}), {img}),
      make(layers::RandomZoom(0.2, layers::Factor(-0.1, 0.1)), {img}),
      make(layers::RandomTranslation(0.1, {0.0, 0.3}, {.interpolation = "nearest"}), {img}),
      make(layers::RandomContrast(0.4, {.value_range = {0, 1}}), {img}),
      make(layers::RandomBrightness({-0.2, 0.1}, {.seed = 5}), {img}),
      make(layers::RandomCrop(3, 3), {img}),
      make(layers::AutoContrast({.value_range = {0, 1}}), {img}),
      make(layers::Equalization({.bins = 64}), {img}),
      make(layers::ContrastLimitedAdaptiveHistogramEqualization({.clip_limit = 2.0, .tile_grid_size = {2, 3}}), {img}),
      make(layers::MaxNumBoundingBoxes(4, {.bounding_box_format = "xyxy"}), {img}),
      make(layers::Solarization({.addition_factor = 0.2, .threshold_factor = {0.1, 0.3}, .seed = 1}), {img}),
      make(layers::RandomGrayscale(0.3, {.seed = 2}), {img}),
      make(layers::RandomInvert({0.2, 0.6}, {.value_range = {0, 1}}), {img}),
      make(layers::RandomPosterization(4), {img}),
      make(layers::RandomHue(0.3), {img}),
      make(layers::RandomSaturation({0.2, 0.5}), {img}),
      make(layers::RandomColorDegeneration(0.4), {img}),
      make(layers::RandomSharpness(0.5, {.seed = 3}), {img}),
      make(layers::RandomColorJitter({.brightness_factor = 0.1, .hue_factor = layers::Factor(0.1, 0.2)}), {img}),
      make(layers::RandomShear(0.2, {0.1, 0.3}, {.fill_mode = "constant"}), {img}),
      make(layers::RandomPerspective({.factor = 0.5, .scale = 0.3}), {img}),
      make(layers::RandomElasticTransform({.scale = 0.5, .fill_mode = "constant"}), {img}),
      make(layers::RandomErasing({.fill_value = std::vector<double>{1, 2, 3}}), {img}),
      make(layers::RandomGaussianBlur({.kernel_size = {5, 5}, .sigma = 0.5}), {img}),
      make(layers::MixUp({.alpha = 0.4}), {img}),
      make(layers::CutMix({0.2, 0.8}), {img}),
      make(layers::RandAugment({.num_ops = 3, .factor = 0.3}), {img}),
      make(layers::AugMix({.num_chains = 2, .chain_depth = 1, .alpha = 0.5, .all_ops = false, .seed = 4}), {img}),
      make(layers::Pipeline({layers::AutoContrast(), layers::RandomInvert(0.5)}), {img}),
      make(layers::MelSpectrogram({.fft_length = 64, .sequence_stride = 32, .num_mel_bins = 8}), {tf::TensorShape{-1, 400}}),
      make(layers::STFTSpectrogram({.mode = "magnitude", .frame_length = 32}), {tf::TensorShape{-1, 100, 2}}),
      make(layers::Add(), {flat, flat}),
      make(layers::Subtract(), {flat, flat}),
      make(layers::Multiply(), {flat, flat}),
      make(layers::Average(), {flat, flat}),
      make(layers::Maximum(), {flat, flat}),
      make(layers::Minimum(), {flat, flat}),
      make(layers::Concatenate({.axis = 1}), {flat, flat}),
      make(layers::Dot({1, 1}, {.normalize = true}), {flat, flat}),
      make(layers::Conv1D(2, 3, {.padding = "causal"}), {seq}),
      make(layers::Conv2D(2, {3, 2}, {.strides = 2, .padding = "same"}), {img}),
      make(layers::Conv2DTranspose(2, 3), {img}),
      make(layers::DepthwiseConv2D(3, {.depth_multiplier = 2}), {img}),
      make(layers::SeparableConv2D(4, 3), {img}),
      make(layers::MaxPooling1D(2), {seq}),
      make(layers::MaxPooling2D(2), {img}),
      make(layers::AveragePooling1D(2), {seq}),
      make(layers::AveragePooling2D(3, {.padding = "same"}), {img}),
      make(layers::GlobalMaxPooling1D(), {seq}),
      make(layers::GlobalMaxPooling2D({.keepdims = true}), {img}),
      make(layers::GlobalAveragePooling1D(), {seq}),
      make(layers::GlobalAveragePooling2D(), {img}),
      make(layers::BatchNormalization({.momentum = 0.9}), {img}),
      make(layers::LayerNormalization({.epsilon = 1e-4}), {seq}),
      make(layers::SpatialDropout2D(0.1), {img}),
      make(layers::SpatialDropout1D(0.1), {seq}),
      make(layers::SpatialDropout3D(0.1), {}),
      make(layers::ZeroPadding2D(2), {img}),
      make(layers::Cropping2D(1), {img}),
      make(layers::UpSampling2D(2), {img}),
      make(layers::Conv3D(2, {3, 2, 1}, {.padding = "same", .groups = 2}), {vol}),
      make(layers::Conv1DTranspose(3, 2, {.strides = 2, .output_padding = 1}), {seq}),
      make(layers::Conv3DTranspose(2, 2, {.strides = {1, 2, 1}, .use_bias = false}), {vol}),
      make(layers::MaxPooling3D({2, 2, 1}), {vol}),
      make(layers::AveragePooling3D(2, {.padding = "same"}), {vol}),
      make(layers::GlobalMaxPooling3D({.keepdims = true}), {vol}),
      make(layers::GlobalAveragePooling3D(), {vol}),
      make(layers::ZeroPadding1D({2, 1}), {seq}),
      make(layers::ZeroPadding3D({.depth = {1, 0}, .width = {0, 2}}), {vol}),
      make(layers::Cropping1D(2), {seq}),
      make(layers::Cropping3D(1, {.data_format = "channels_first"}), {tf::TensorShape{-1, 2, 4, 5, 6}}),
      make(layers::UpSampling1D(3), {seq}),
      make(layers::UpSampling3D({1, 2, 3}), {vol}),
      make(layers::GroupNormalization({.groups = 2, .epsilon = 1e-4, .center = false}), {seq}),
      make(layers::UnitNormalization({.axis = std::vector<std::int64_t>{1, 2}}), {seq}),
      make(layers::RMSNormalization({.epsilon = 1e-3}), {seq}),
      make(layers::DepthwiseConv1D(3, {.depth_multiplier = 2}), {seq}),
      make(layers::SeparableConv1D(2, 3, {.padding = "same"}), {seq}),
      make(layers::Embedding(7, 3, {.mask_zero = true}), {tf::TensorShape{-1, 5}}),
      make(layers::Masking({.mask_value = 1.0}), {seq}),
      make(layers::SimpleRNNCell(3), {}),
      make(layers::LSTMCell(3), {}),
      make(layers::GRUCell(3, {.reset_after = false}), {}),
      make(layers::RNN(layers::LSTMCell(2), {.return_sequences = true}), {seq}),
      make(layers::SimpleRNN(3, {.go_backwards = true}), {seq}),
      make(layers::LSTM(3, {.return_state = true}), {seq}),
      make(layers::GRU(3, {.return_sequences = true}), {seq}),
      make(layers::Bidirectional(layers::LSTM(2, {.return_sequences = true}), {.merge_mode = "sum"}), {seq}),
      make(layers::TimeDistributed(layers::Dense(2)), {seq}),
      make(layers::MultiHeadAttention(2, 3, {.value_dim = 4}), {seq, tf::TensorShape{-1, 3, 4}, tf::TensorShape{-1, 3, 6}}),
      make(layers::Attention({.use_scale = true, .score_mode = "concat", .seed = 2}), {seq, tf::TensorShape{-1, 3, 4}}),
      make(layers::AdditiveAttention({.dropout = 0.25}), {seq, tf::TensorShape{-1, 3, 4}, tf::TensorShape{-1, 3, 4}}),
      make(layers::Normalization({.axis = {1, 2}}), {seq}),
      make(layers::Hashing(5, {.salt = std::vector<std::int64_t>{1, 2}, .output_mode = "count"}), {flat}),
      make(layers::HashedCrossing(8, {.output_mode = "one_hot"}), {tf::TensorShape{-1, 1}, tf::TensorShape{-1, 1}}),
      make(layers::CategoryEncoding(4, {.output_mode = "count"}), {flat}),
      make(layers::StringLookup({.num_oov_indices = 2, .mask_token = "", .vocabulary = std::vector<std::string>{"a", "b"}}), {flat}),
      make(layers::IntegerLookup({.max_tokens = 5, .oov_token = -7}), {flat}),
      make(layers::TextVectorization({.max_tokens = 10, .ngrams = {1, 2}, .output_sequence_length = 4}), {tf::TensorShape{-1}}),
      make(layers::Discretization({.bin_boundaries = std::vector<double>{0.0, 1.5}, .output_mode = "one_hot"}), {flat}),
      make(layers::EinsumDense("abc,cde->abde", {-1, 2, 3}, {.activation = "relu", .bias_axes = "de"}), {seq}),
      make(layers::AdaptiveAveragePooling1D({3}), {seq}),
      make(layers::AdaptiveMaxPooling1D({2}, {.data_format = "channels_first"}), {seq}),
      make(layers::AdaptiveAveragePooling2D({2, 3}), {img}),
      make(layers::AdaptiveMaxPooling2D({4}), {img}),
      make(layers::AdaptiveAveragePooling3D({2}), {vol}),
      make(layers::AdaptiveMaxPooling3D({1, 2, 3}), {vol}),
      make(layers::ConvLSTM1D(2, {2}, {.padding = "same", .return_sequences = true}), {img}),
      make(layers::ConvLSTM2D(2, {3}, {.strides = {2}, .go_backwards = true}), {vol}),
      make(layers::ConvLSTM3D(2, {2}, {.return_state = true}), {tf::TensorShape{-1, 2, 3, 4, 4, 1}}),
      make(layers::GroupedQueryAttention(2, 4, 2, {.sliding_window = 2, .use_gate = true}), {seq, seq}),
      make(layers::StackedRNNCells({layers::LSTMCell(3), layers::GRUCell(2)}), {flat}),
      make(layers::ReversibleEmbedding(6, 4, {.tie_weights = false, .logit_soft_cap = 2.0}), {flat}),
      make(layers::SpectralNormalization(layers::Dense(3), {.power_iterations = 2}), {flat}),
  };
}

TEST(DeserializeTest, EveryBuiltinLayerRoundTrips) {
  std::set<std::string> covered;
  for (Case& c : every_builtin()) {
    keras::Layer& layer = *c.layer;
    SCOPED_TRACE(layer.class_name());
    covered.insert(layer.class_name());
    if (!c.inputs.empty()) layer.build_for(c.inputs);
    const keras::Config s = layers::serialize(layer);
    EXPECT_EQ(s.at("module").get<std::string>(), "keras.layers");
    EXPECT_TRUE(s.at("registered_name").is_null());
    // A built layer has a build_config, except those Keras builds at creation (no build() of
    // their own: Activation, Dropout, Flatten, pooling, ...), whose copies build at their first call.
    const bool has_build_config = s.count("build_config") > 0;
    if (c.inputs.empty()) EXPECT_FALSE(has_build_config);
    if (!c.inputs.empty() && !layer.weights().empty()) EXPECT_TRUE(has_build_config);
    if (layer.class_name() == "Dropout" || layer.class_name() == "Flatten") EXPECT_FALSE(has_build_config);
    std::shared_ptr<keras::Layer> copy = layers::deserialize(s);
    EXPECT_EQ(copy->class_name(), layer.class_name());
    EXPECT_EQ(keras::to_json(copy->get_config()), keras::to_json(layer.get_config()));
    if (has_build_config) EXPECT_TRUE(copy->built());
    EXPECT_EQ(weight_shapes(*copy), weight_shapes(layer));
    EXPECT_EQ(keras::to_json(layers::serialize(*copy)), keras::to_json(s));
  }
  // Every registered layer class is exercised above (Lambda holds C++ code and has no config to
  // rebuild from; models have their own tests in model_config_keras_test.cc).
  for (const std::string& name : layers::registered_layer_classes())
    if (name != "Functional" && name != "Sequential") EXPECT_TRUE(covered.count(name)) << name;
}

TEST(DeserializeTest, ReadsKerasDTypePoliciesAndBuildConfigs) {
  // The form Keras 3 writes: a DTypePolicy dict, module and registered_name, a build_config.
  keras::Config policy{{"module", "keras"},
                       {"class_name", "DTypePolicy"},
                       {"config", keras::Config{{"name", "float64"}}},
                       {"registered_name", nullptr}};
  keras::Config s{{"module", "keras.layers"},
                  {"class_name", "Dense"},
                  {"config", keras::Config{{"name", "dense_from_keras"}, {"trainable", false}, {"dtype", policy}, {"units", 3}}},
                  {"registered_name", nullptr},
                  {"build_config", keras::Config{{"input_shape", keras::ConfigValue::List{nullptr, 4}}}}};
  std::shared_ptr<keras::Layer> dense = layers::deserialize(s);
  EXPECT_EQ(dense->name(), "dense_from_keras");
  EXPECT_EQ(dense->dtype(), tf::float64);
  EXPECT_FALSE(dense->trainable());
  ASSERT_TRUE(dense->built());
  EXPECT_EQ(weight_shapes(*dense), (std::vector<tf::TensorShape>{{4, 3}, {3}}));
  // A layer of several inputs keeps a list of shapes.
  keras::Config add{{"class_name", "Add"},
                    {"config", keras::Config{{"name", "add_from_keras"}}},
                    {"build_config", keras::Config{{"input_shape", keras::ConfigValue::List{
                                                                      keras::ConfigValue::List{nullptr, 2},
                                                                      keras::ConfigValue::List{nullptr, 2}}}}}};
  std::shared_ptr<keras::Layer> merged = layers::deserialize(add);
  EXPECT_TRUE(merged->built());
  EXPECT_EQ(merged->get_build_config().at("input_shape").get<keras::ConfigValue::List>().size(), 2u);
  std::shared_ptr<keras::Layer> input = layers::deserialize(keras::Config{
      {"class_name", "InputLayer"},
      {"config", keras::Config{{"batch_shape", keras::ConfigValue::List{nullptr, 3, 2}}, {"dtype", "int32"},
                               {"sparse", false}, {"ragged", false}, {"name", "input_from_keras"}, {"optional", false}}}});
  EXPECT_EQ(input->get_config().at("batch_shape"), (keras::ConfigValue(keras::ConfigValue::List{nullptr, 3, 2})));
  EXPECT_EQ(input->get_config().at("dtype").get<std::string>(), "int32");
}

class Doubler : public keras::Layer {
 public:
  explicit Doubler(layers::BasicOptions options = {}) : Layer(keras::layer_options(options, "Doubler")) {}
  tf::Tensor call(const tf::Tensor& x, bool) override { return x * 2.0f; }
  TFPP_KERAS_LAYER(Doubler)
};

TEST(DeserializeTest, RegisteredClassesAreFound) {
  layers::register_layer_class("Doubler", [](const keras::Config& c) -> std::shared_ptr<keras::Layer> {
    return std::make_shared<Doubler>(layers::BasicOptions{.name = c.at("name").get<std::string>()});
  });
  std::shared_ptr<keras::Layer> d = layers::deserialize(layers::serialize(Doubler(layers::BasicOptions{.name = "doubler_cfg"})));
  EXPECT_EQ(d->name(), "doubler_cfg");
  EXPECT_EQ((*d)(tf::constant({1.0f, 2.0f})).numpy<float>(), (std::vector<float>{2, 4}));
}

// Keras looks a custom class up by its registered name ("Package>Name"), then by its class name.
TEST(DeserializeTest, RegisteredNamesComeFirst) {
  const auto doubler_named = [](const std::string& prefix) {
    return [prefix](const keras::Config& c) -> std::shared_ptr<keras::Layer> {
      return std::make_shared<Doubler>(layers::BasicOptions{.name = prefix + c.at("name").get<std::string>()});
    };
  };
  layers::register_layer_class("Twice", doubler_named("by_class_"));
  layers::register_layer_class("Pkg>Twice", doubler_named("by_registered_name_"));
  const auto serialized = [](const keras::ConfigValue& registered_name) {
    return keras::Config{{"class_name", "Twice"}, {"config", keras::Config{{"name", "t"}}}, {"registered_name", registered_name}};
  };
  EXPECT_EQ(layers::deserialize(serialized("Pkg>Twice"))->name(), "by_registered_name_t");
  EXPECT_EQ(layers::deserialize(serialized("Elsewhere>Twice"))->name(), "by_class_t");
  EXPECT_EQ(layers::deserialize(serialized(nullptr))->name(), "by_class_t");
  {
    const keras::saving::CustomObjectScope scope({{"Pkg>Twice", doubler_named("scoped_")}});
    EXPECT_EQ(layers::deserialize(serialized("Pkg>Twice"))->name(), "scoped_t");
  }
  EXPECT_NE(error_of([] {
              layers::deserialize(keras::Config{{"class_name", "Nowhere"}, {"config", keras::Config{}},
                                                {"registered_name", "Pkg>Nowhere"}});
            }).find("[deserialize] unknown layer class 'Nowhere' (registered name 'Pkg>Nowhere'); register it"),
            std::string::npos);
}

TEST(DeserializeTest, BadInputIsAClearError) {
  EXPECT_NE(error_of([] { layers::deserialize(keras::Config{{"class_name", "NoSuchLayer"}, {"config", keras::Config{}}}); })
                .find("[deserialize] unknown layer class 'NoSuchLayer'; register it"),
            std::string::npos);
  EXPECT_NE(error_of([] { layers::deserialize(keras::ConfigValue("Dense")); })
                .find("[deserialize] expects {\"class_name\": ..., \"config\": ...}, got a str"),
            std::string::npos);
  try {
    layers::deserialize(keras::Config{{"class_name", "Dense"}});
    ADD_FAILURE() << "no error";
  } catch (const tf::NotFoundError& e) {
    EXPECT_NE(std::string(e.what()).find("[deserialize] config has no 'config'"), std::string::npos);
  }
  EXPECT_NE(error_of([] {
              layers::deserialize(keras::Config{{"class_name", "Dense"},
                                                {"config", keras::Config{{"units", 2}, {"dtype", "float17"}}}});
            }).find("unknown dtype 'float17'"),
            std::string::npos);
  EXPECT_NE(error_of([] {
              layers::deserialize(keras::Config{
                  {"class_name", "Dense"},
                  {"config", keras::Config{{"units", 2}, {"name", "dense_bad_build"}}},
                  {"build_config", keras::Config{{"input_shape", "four"}}}});
            }).find("[dense_bad_build] build_config holds a str where a shape"),
            std::string::npos);
  EXPECT_NE(error_of([] {
              layers::deserialize(keras::Config{{"class_name", "InputLayer"},
                                                {"config", keras::Config{{"batch_shape", keras::ConfigValue::List{}}}}});
            }).find("[InputLayer] batch_shape must include the batch dimension"),
            std::string::npos);
}

}  // namespace
