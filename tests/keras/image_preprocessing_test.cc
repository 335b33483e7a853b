// Structural facts of the random image layers, whose draws cannot equal Keras' own: identity
// when not training and for zero factors, Keras' resolution of `training`, flips that are exact flips, contrast and brightness changes
// of one factor per image within the factor's range, crops that are windows of the input,
// seeded layers repeating their draws and drawing anew at every call (eagerly and traced);
// and the argument errors.
#include <gtest/gtest.h>

#include <cmath>

#include <tfpp/keras/keras.h>
#include <tfpp/keras/layers/image_preprocessing.h>
#include <tfpp/tfpp.h>

#include "error_of.h"
#include "keras/keras_reference.h"

namespace {

namespace layers = tf::keras::layers;
using tf::Tensor;
using tf::testing::error_of;
using tf::testing::pattern_tensor;

Tensor images() { return pattern_tensor({16, 4, 5, 3}, 0.2) * 50.0f + 100.0f; }

// Image i of a batch.
Tensor at(const Tensor& batch, std::int64_t i) { return tf::squeeze(tf::slice(batch, {i, 0, 0, 0}, {1, -1, -1, -1}), {0}); }

bool same(const Tensor& a, const Tensor& b) { return a.shape() == b.shape() && a.numpy<float>() == b.numpy<float>(); }

bool close(const Tensor& a, const Tensor& b) {
  return a.shape() == b.shape() && tf::reduce_max(tf::abs(a - b)).item<float>() < 1e-3f;
}

TEST(ImagePreprocessing, RandomLayersAreTheIdentityOnlyWhenNotTraining) {
  const Tensor x = images();
  const std::vector<tf::keras::LayerRef> all = {layers::RandomFlip(), layers::RandomRotation(0.4), layers::RandomZoom(0.3),
                                                layers::RandomTranslation(0.2, 0.3), layers::RandomContrast(0.5),
                                                layers::RandomBrightness(0.4), layers::RandomCrop(2, 2)};
  for (const tf::keras::LayerRef& layer : all) {
    EXPECT_TRUE(same((*layer)(x, false), x)) << layer->class_name();
    // As in Keras 3, a call without `training` augments.
    EXPECT_FALSE(same((*layer)(x), x)) << layer->class_name();
  }
}

// Keras 3 resolves `training` from the call's argument, else the enclosing call's, else the
// layer's own default; the default of one layer does not reach the next.
TEST(ImagePreprocessing, AModelCalledWithoutTrainingAugmentsButDoesNotDropOut) {
  const Tensor x = tf::ones({16, 4, 5, 1});
  tf::keras::Sequential flip_then_drop({tf::keras::InputLayer({4, 5, 1}), layers::RandomFlip("horizontal", {.seed = 1}),
                                        layers::Dropout(0.5)});
  EXPECT_TRUE(same(flip_then_drop(x), x));  // flips of a constant image change nothing; no dropout
  EXPECT_FALSE(same(flip_then_drop(x, true), x));
  const Tensor ramp = images();
  tf::keras::Sequential flip({tf::keras::InputLayer({4, 5, 3}), layers::RandomFlip("horizontal", {.seed = 1})});
  EXPECT_FALSE(same(flip(ramp), ramp));
  EXPECT_TRUE(same(flip(ramp, false), ramp));
  EXPECT_TRUE(same(flip.predict(ramp, {.verbose = 0}), ramp));
}

TEST(ImagePreprocessing, ZeroFactorsLeaveImagesUnchangedWhenTraining) {
  const Tensor x = images();
  EXPECT_TRUE(same(layers::RandomRotation(0.0)(x, true), x));
  EXPECT_TRUE(same(layers::RandomRotation({0.0, 0.0})(at(x, 3), true), at(x, 3)));
  EXPECT_TRUE(same(layers::RandomZoom(0.0)(x, true), x));
  EXPECT_TRUE(same(layers::RandomTranslation(0.0, 0.0)(x, true), x));
  EXPECT_TRUE(same(layers::RandomBrightness(0.0)(x, true), x));
  EXPECT_TRUE(same(layers::RandomCrop(4, 5)(x, true), x));
}

TEST(ImagePreprocessing, FlipsAreExactFlipsOfSomeImages) {
  const Tensor x = images();
  for (const std::string mode : {"horizontal", "vertical", "horizontal_and_vertical"}) {
    const Tensor y = layers::RandomFlip(mode, {.seed = 5})(x, true);
    int flipped = 0;
    for (std::int64_t i = 0; i < 16; ++i) {
      Tensor mirrored = at(x, i);
      if (mode != "vertical") mirrored = tf::reverse(mirrored, {1});
      if (mode != "horizontal") mirrored = tf::reverse(mirrored, {0});
      const bool is_flipped = same(at(y, i), mirrored);
      EXPECT_TRUE(is_flipped || same(at(y, i), at(x, i))) << mode << " image " << i;
      flipped += is_flipped;
    }
    EXPECT_GT(flipped, 0) << mode;  // 16 fair draws: all the same has probability 2^-15
    EXPECT_LT(flipped, 16) << mode;
  }
}

TEST(ImagePreprocessing, SeedsRepeatTheDrawsAndEachCallDrawsAnew) {
  const Tensor x = images();
  layers::RandomFlip a("horizontal", {.seed = 11}), b("horizontal", {.seed = 11});
  const Tensor a1 = a(x, true), a2 = a(x, true);
  EXPECT_TRUE(same(a1, b(x, true)));
  EXPECT_TRUE(same(a2, b(x, true)));
  EXPECT_FALSE(same(a1, a2));
  layers::RandomRotation r1(0.2, {.seed = 3}), r2(0.2, {.seed = 3});
  EXPECT_TRUE(same(r1(x, true), r2(x, true)));
  EXPECT_FALSE(same(r1(x, true), layers::RandomRotation(0.2, {.seed = 4})(x, true)));
}

TEST(ImagePreprocessing, TracedCallsDrawAnewAtEveryCall) {
  layers::RandomTranslation shift(0.3, 0.3, {.seed = 2});
  auto step = tf::function([&](Tensor x) { return shift(x, true); });
  const Tensor x = images();
  const Tensor first = step(x), second = step(x);
  EXPECT_EQ(step.tracing_count(), 1);
  EXPECT_FALSE(same(first, second));
  layers::RandomTranslation eager(0.3, 0.3, {.seed = 2});
  EXPECT_TRUE(close(first, eager(x, true)));  // the same generator stream, traced or not
}

// In a model, fit's traced steps augment (training) and predict does not.
TEST(ImagePreprocessing, AugmentsInFitAndNotInPredict) {
  tf::keras::Sequential model({tf::keras::InputLayer({4, 5, 3}), layers::RandomFlip("horizontal", {.seed = 1}),
                               layers::RandomRotation(0.1, {.seed = 2}), layers::RandomZoom(0.1, std::nullopt, {.seed = 3}),
                               layers::Resizing(3, 3), layers::Rescaling(1.0 / 150), layers::Flatten(), layers::Dense(1)});
  model.compile({.optimizer = tf::keras::optimizers::SGD(), .loss = tf::keras::losses::MeanSquaredError()});
  const Tensor x = images(), y = tf::reduce_mean(x, {1, 2, 3}) / 150.0f;
  const tf::keras::History history = model.fit(x, y, {.batch_size = 8, .epochs = 2, .verbose = 0});
  ASSERT_EQ(history.history().at("loss").size(), 2u);
  for (double loss : history.history().at("loss")) EXPECT_TRUE(std::isfinite(loss));
  const Tensor plain = tf::keras::Sequential({tf::keras::InputLayer({4, 5, 3}), layers::Resizing(3, 3)})(x);
  const Tensor through = tf::keras::Sequential({tf::keras::InputLayer({4, 5, 3}), layers::RandomFlip(), layers::RandomRotation(0.3),
                                                layers::Resizing(3, 3)}).predict(x, {.verbose = 0});
  EXPECT_TRUE(close(through, plain));
}

// Images whose height and width are known only as the traced function runs (decoded files in a
// tf.data pipeline) are cropped, padded and resized as those of known size.
TEST(ImagePreprocessing, CropsAndPadsImagesOfSizesKnownAtRunTime) {
  const std::vector<tf::keras::LayerRef> all = {layers::Resizing(3, 3, {.crop_to_aspect_ratio = true}),
                                                layers::Resizing(4, 2, {.pad_to_aspect_ratio = true, .fill_value = 7}),
                                                layers::Resizing(2, 6, {.pad_to_aspect_ratio = true}), layers::CenterCrop(3, 2)};
  const Tensor x = at(images(), 0);
  for (const tf::keras::LayerRef& layer : all) {
    auto traced = tf::function([&](Tensor image) { return (*layer)(image); },
                               {.input_signature = {tf::TensorSpec({tf::None, tf::None, 3}, tf::float32)}});
    EXPECT_TRUE(close(traced(x), (*layer)(x))) << layer->name();
  }
}

TEST(ImagePreprocessing, ContrastScalesEachImageAboutItsMeanWithinTheRange) {
  const Tensor x = images();
  const Tensor y = layers::RandomContrast({0.2, 0.5}, {.value_range = {-1e6, 1e6}, .seed = 1})(x, true);
  const Tensor mean = tf::reduce_mean(x, {1, 2}, {.keepdims = true});
  const Tensor ratio = (y - mean) / (x - mean);
  for (std::int64_t i = 0; i < 16; ++i) {
    const std::vector<float> r = at(ratio, i).numpy<float>();
    const auto [lo, hi] = std::minmax_element(r.begin(), r.end());
    EXPECT_NEAR(*lo, *hi, 1e-3) << "image " << i;
    EXPECT_GE(*lo, 0.8f - 1e-4f);
    EXPECT_LE(*hi, 1.5f + 1e-4f);
  }
  const Tensor clipped = layers::RandomContrast(1.0, {.value_range = {90, 110}})(x, true);
  EXPECT_GE(tf::reduce_min(clipped).item<float>(), 90.0f);
  EXPECT_LE(tf::reduce_max(clipped).item<float>(), 110.0f);
}

TEST(ImagePreprocessing, BrightnessAddsOneDeltaPerImageWithinTheRange) {
  const Tensor x = images();
  const Tensor delta = layers::RandomBrightness({-0.2, 0.1}, {.value_range = {-1e3, 1e3}})(x, true) - x;
  for (std::int64_t i = 0; i < 16; ++i) {
    const std::vector<float> d = at(delta, i).numpy<float>();
    const auto [lo, hi] = std::minmax_element(d.begin(), d.end());
    EXPECT_NEAR(*lo, *hi, 1e-3) << "image " << i;
    EXPECT_GE(*lo, -400.0f - 1e-2f);
    EXPECT_LE(*hi, 200.0f + 1e-2f);
  }
  const Tensor u8 = tf::cast(x, tf::uint8);
  const Tensor bright = layers::RandomBrightness({0.5, 0.5})(u8, true);
  EXPECT_EQ(bright.dtype(), tf::uint8);
  EXPECT_EQ(tf::reduce_max(tf::cast(bright, tf::int32)).item<std::int32_t>(), 255);
}

TEST(ImagePreprocessing, RandomCropTakesOneWindowOfTheBatch) {
  const Tensor x = images();
  const Tensor y = layers::RandomCrop(2, 3, {.seed = 9})(x, true);
  ASSERT_EQ(y.shape(), (tf::TensorShape{16, 2, 3, 3}));
  bool found = false;
  for (std::int64_t top = 0; top <= 2; ++top)
    for (std::int64_t left = 0; left <= 2; ++left) found |= same(y, tf::slice(x, {0, top, left, 0}, {-1, 2, 3, -1}));
  EXPECT_TRUE(found);
  EXPECT_EQ(layers::RandomCrop(2, 3)(at(x, 0), true).shape(), (tf::TensorShape{2, 3, 3}));
  EXPECT_TRUE(layers::RandomCrop(2, 3).get_config().at("seed").holds<std::int64_t>());  // Keras draws a seed when none is given
}

TEST(ImagePreprocessing, OutputDtypesAreKeras) {
  const Tensor u8 = tf::cast(images(), tf::uint8);
  EXPECT_EQ(layers::Resizing(2, 2)(u8).dtype(), tf::uint8);
  EXPECT_EQ(layers::CenterCrop(2, 2)(u8).dtype(), tf::float32);
  EXPECT_EQ(layers::RandomFlip()(u8, true).dtype(), tf::float32);
  EXPECT_EQ(layers::RandomRotation(0.1)(u8, true).dtype(), tf::float32);
  EXPECT_EQ(layers::RandomContrast(0.1)(u8, false).dtype(), tf::uint8);
  EXPECT_EQ(layers::RandomCrop(2, 2)(u8, true).dtype(), tf::float32);
  EXPECT_EQ(layers::Resizing(2, 2)(tf::cast(images(), tf::float64)).dtype(), tf::float32);
}

TEST(ImagePreprocessing, RejectsBadArguments) {
  const auto has = [](const std::string& message, const std::string& part) {
    return message.find(part) != std::string::npos ? ::testing::AssertionSuccess() : ::testing::AssertionFailure() << message;
  };
  EXPECT_TRUE(has(error_of([] { layers::RandomRotation(1.5); }), "in the range [-1, 1]. Received: factor=1.5"));
  EXPECT_TRUE(has(error_of([] { layers::RandomContrast(-0.5); }), "in the range [0, 1]"));
  EXPECT_TRUE(has(error_of([] { layers::RandomZoom({-1.0, 0.2}); }), "`height_factor` argument should be"));
  EXPECT_TRUE(has(error_of([] { layers::RandomTranslation(0.1, 1.2); }), "`width_factor` argument should be"));
  EXPECT_TRUE(has(error_of([] { layers::RandomRotation(0.1, {.fill_mode = "mirror"}); }), "Unknown `fill_mode` mirror"));
  EXPECT_TRUE(has(error_of([] { layers::RandomZoom(0.1, std::nullopt, {.interpolation = "bicubic"}); }), "Unknown `interpolation`"));
  EXPECT_TRUE(has(error_of([] { layers::RandomFlip("diagonal"); }), "Unknown `mode` diagonal"));
  EXPECT_TRUE(has(error_of([] { layers::Resizing(2, 2, {.crop_to_aspect_ratio = true, .pad_to_aspect_ratio = true})(images()); }),
                  "Only one of `pad_to_aspect_ratio` & `crop_to_aspect_ratio`"));
  EXPECT_TRUE(has(error_of([] { layers::Resizing(2, 2, {.interpolation = "cubic"}); }), "Unknown `interpolation` cubic"));
  EXPECT_TRUE(has(error_of([] { layers::CenterCrop(2, 2, {.data_format = "nhwc"}); }), "`data_format`"));
  EXPECT_TRUE(has(error_of([] { layers::CenterCrop(0, 2); }), "must be positive"));
  EXPECT_TRUE(has(error_of([] { layers::RandomFlip()(tf::ones({4, 5}), true); }),
                  "Expected image tensor to have rank 3 (single image) or 4 (batch of images). Received: data.shape=(4, 5)"));
}

// A batch size known only when the traced function runs (tf.data's batches) gets a draw per image too.
TEST(ImagePreprocessing, DrawsPerImageForABatchSizeKnownAtRunTime) {
  layers::RandomFlip flip("horizontal", {.seed = 4});
  layers::RandomRotation rotate({0.5, 0.5});
  auto traced = tf::function([&](Tensor x) { return std::vector<Tensor>{flip(x, true), rotate(x, true)}; },
                             {.input_signature = {tf::TensorSpec({tf::None, 4, 5, 3}, tf::float32)}});
  const Tensor x = images();
  const std::vector<Tensor> out = traced(x);
  int flipped = 0;
  for (std::int64_t i = 0; i < 16; ++i) {
    const bool is_flipped = same(at(out[0], i), tf::reverse(at(x, i), {1}));
    EXPECT_TRUE(is_flipped || same(at(out[0], i), at(x, i))) << "image " << i;
    flipped += is_flipped;
  }
  EXPECT_GT(flipped, 0);
  EXPECT_LT(flipped, 16);
  EXPECT_TRUE(close(out[1], tf::reverse(x, {1, 2})));  // half a turn
}

}  // namespace
