// RandomShear, RandomPerspective, RandomErasing, RandomGaussianBlur, MixUp and CutMix against
// Keras 3 in the same test run: configs, dtypes, the paths that draw nothing (RandomPerspective
// with scale 0: the identity homography), RandomGaussianBlur at pinned factors,
// and RandomShear's transform at a pinned shear (Keras' own transform applied with +s and -s:
// tfpp's draw flips the sign at random, so each image must be one of the two). The rest is what the draws do, checked on tfpp's output alone.
#include <gtest/gtest.h>

#include <set>

#include "error_of.h"
#include "keras/augmentation_reference.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/function.h"
#include "tfpp/keras/layers/image_augmentation_geometry.h"
#include "tfpp/keras/layers/image_augmentation_mixing.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::Tensor;
using tf::testing::pattern_tensor;

const char* kScript = R"PY(
x = pattern((2, 5, 6, 3), 0.1) * 100 + 100
u8 = np.round(pattern((2, 5, 6, 3), 0.2) * 120 + 125).astype('uint8')
def shear(name, layer, factors, x=x):
    # Keras' transform at shear (sx, sy) and at (-sx, -sy) for every image.
    for sign, tag in ((1, 'plus'), (-1, 'minus')):
        f = tf.constant([[sign * factors[0], sign * factors[1]]] * x.shape[0], dtype='float32')
        emit(name + '_' + tag, layer.transform_images(tf.constant(x), {'shear_factor': f}, training=True))
shear('shear_x', layers.RandomShear((0.3, 0.3)), (0.3, 0.0))
shear('shear_xy_constant', layers.RandomShear((0.2, 0.2), (0.1, 0.1), fill_mode='constant', fill_value=7.0), (0.2, 0.1))
shear('shear_nearest_wrap', layers.RandomShear(0.0, (0.4, 0.4), fill_mode='wrap', interpolation='nearest'), (0.0, 0.4))
case('shear_zero', layers.RandomShear(), x)
case('shear_inference_u8', layers.RandomShear(0.5), u8, False)
case('erasing_never', layers.RandomErasing(0.0), x)
case('erasing_inference_u8', layers.RandomErasing(), u8, False)
case('mixup_inference_u8', layers.MixUp(), u8, False)
case('mixup_single_image', layers.MixUp(), x[:1])
case('cutmix_single_image_u8', layers.CutMix(), u8[0])
case('cutmix_inference_u8', layers.CutMix(), u8, False)
case('blur', layers.RandomGaussianBlur((1, 1), 5, (0.6, 0.6)), x)
case('blur_uneven_cf', layers.RandomGaussianBlur((1, 1), (3, 5), (0.9, 0.9), value_range=(100, 180), data_format='channels_first'),
     pattern((2, 3, 5, 6), 0.4) * 100 + 120)
case('blur_never', layers.RandomGaussianBlur(0.0, value_range=(90, 160)), x)
case('blur_inference_u8', layers.RandomGaussianBlur(), u8, False)
config('RandomGaussianBlur', layers.RandomGaussianBlur(0.5, (3, 7), 0.8, value_range=(0, 1), seed=5))
config('RandomGaussianBlurDefault', layers.RandomGaussianBlur())
case('perspective_still', layers.RandomPerspective((1, 1), 0.0, fill_value=5.0), x)
case('perspective_never', layers.RandomPerspective(0.0), x)
case('perspective_inference_u8', layers.RandomPerspective(), u8, False)
config('RandomPerspective', layers.RandomPerspective(0.5, 0.3, interpolation='nearest', fill_value=2.0, seed=6, data_format='channels_first'))
config('RandomPerspectiveDefault', layers.RandomPerspective())
case('elastic_never', layers.RandomElasticTransform(0.0, value_range=(120, 130)), x)
case('elastic_still', layers.RandomElasticTransform((1, 1), 0.0, value_range=(120, 130)), x)
case('elastic_inference_u8', layers.RandomElasticTransform(), u8, False)
config('RandomElasticTransform', layers.RandomElasticTransform(0.5, (0.2, 0.4), interpolation='nearest', fill_mode='constant',
                                                               fill_value=3.0, value_range=(0, 1), seed=7))
config('RandomElasticTransformDefault', layers.RandomElasticTransform())
config('RandomShear', layers.RandomShear(0.3, (0.2, 0.1), interpolation='nearest', fill_mode='constant', fill_value=2.0, seed=1))
config('RandomErasing', layers.RandomErasing(0.5, 0.2, fill_value=3, value_range=(0, 1), seed=2))
config('RandomErasingChannels', layers.RandomErasing((0.2, 0.8), (0.1, 0.3), fill_value=(1, 2, 3), data_format='channels_first'))
config('RandomErasingNoise', layers.RandomErasing())
config('MixUp', layers.MixUp(0.4, seed=3))
config('CutMix', layers.CutMix((0.7, 0.2), seed=4))
config('CutMixNumber', layers.CutMix(0.5))
)PY";

class ImageMixingAugmentationKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    keras_ = new tf::testing::KerasScript(std::string(tf::testing::kAugmentationHelpers) + kScript, "image_mixing_augmentation");
  }
  static void TearDownTestSuite() { delete keras_; }
  void SetUp() override { ASSERT_FALSE(keras_->values().empty()) << "the Keras script printed nothing:\n" << keras_->output(); }

  static void expect_case(const std::string& name, keras::LayerRef layer, const Tensor& x, bool training = true, double tol = 1e-5) {
    tf::testing::expect_case(*keras_, name, std::move(layer), x, training, tol);
  }
  static void expect_configs(const std::string& name, const std::string& class_name, const keras::Layer& built) {
    tf::testing::expect_configs(*keras_, name, class_name, built);
  }
  // Each image of `y` is the same image of Keras' "<name>_plus" or of "<name>_minus"; both occur.
  static void expect_either_sign(const std::string& name, const Tensor& y) {
    SCOPED_TRACE(name);
    ASSERT_TRUE(keras_->values().count(name + "_plus") && keras_->values().count(name + "_minus"));
    const std::vector<double>& plus = keras_->values().at(name + "_plus");
    const std::vector<double>& minus = keras_->values().at(name + "_minus");
    const std::vector<double> got = tf::cast(y, tf::float64).numpy<double>();
    ASSERT_EQ(got.size(), plus.size());
    const std::size_t per_image = got.size() / static_cast<std::size_t>(y.shape().dim(0));
    for (std::size_t start = 0; start < got.size(); start += per_image) {
      bool is_plus = true, is_minus = true;
      for (std::size_t i = start; i < start + per_image; ++i) {
        is_plus = is_plus && std::abs(got[i] - plus[i]) < 1e-3 * (1 + std::abs(plus[i]));
        is_minus = is_minus && std::abs(got[i] - minus[i]) < 1e-3 * (1 + std::abs(minus[i]));
      }
      EXPECT_TRUE(is_plus || is_minus) << "image " << start / per_image;
    }
  }

  static Tensor x() { return pattern_tensor({2, 5, 6, 3}, 0.1) * 100.0f + 100.0f; }
  static Tensor u8() { return tf::cast(tf::round(pattern_tensor({2, 5, 6, 3}, 0.2) * 120.0f + 125.0f), tf::uint8); }

  static inline tf::testing::KerasScript* keras_ = nullptr;
};

TEST_F(ImageMixingAugmentationKeras, ShearAtAPinnedFactorIsKerasEitherWayRound) {
  // Many calls on the two images: both signs show up, each image always one of Keras' two.
  layers::RandomShear sx({0.3, 0.3}, 0.0, {.seed = 1});
  layers::RandomShear sxy({0.2, 0.2}, {0.1, 0.1}, {.fill_mode = "constant", .seed = 2, .fill_value = 7.0});
  layers::RandomShear sy(0.0, {0.4, 0.4}, {.fill_mode = "wrap", .interpolation = "nearest", .seed = 3});
  for (int call = 0; call < 4; ++call) {
    expect_either_sign("shear_x", sx(x()));
    expect_either_sign("shear_xy_constant", sxy(x()));
    expect_either_sign("shear_nearest_wrap", sy(x()));
  }
  expect_case("shear_zero", layers::RandomShear(), x(), true, 1e-4);
  expect_case("shear_inference_u8", layers::RandomShear(0.5), u8(), false, 0);
}

TEST_F(ImageMixingAugmentationKeras, GaussianBlurAtPinnedFactorsIsKeras) {
  using Blur = layers::RandomGaussianBlur;
  expect_case("blur", Blur({.factor = {1, 1}, .kernel_size = {5, 5}, .sigma = {0.6, 0.6}}), x(), true, 1e-4);
  expect_case("blur_uneven_cf",
              Blur({.factor = {1, 1}, .kernel_size = {3, 5}, .sigma = {0.9, 0.9}, .value_range = {100, 180}, .data_format = "channels_first"}),
              pattern_tensor({2, 3, 5, 6}, 0.4) * 100.0f + 120.0f, true, 1e-4);
  expect_case("blur_never", Blur({.factor = 0.0, .value_range = {90, 160}}), x());
  expect_case("blur_inference_u8", Blur(), u8(), false, 0);
  expect_configs("RandomGaussianBlur", "RandomGaussianBlur",
                 Blur({.factor = 0.5, .kernel_size = {3, 7}, .sigma = 0.8, .value_range = {0, 1}, .seed = 5}));
  expect_configs("RandomGaussianBlurDefault", "RandomGaussianBlur", Blur());
  using tf::testing::error_of;
  EXPECT_NE(error_of([] { Blur({.kernel_size = {4, 4}}); }).find("kernel_size must be an odd number"), std::string::npos);
  EXPECT_NE(error_of([] { Blur({.sigma = 1.5}); }).find("in the range [0, 1]"), std::string::npos);
}

TEST_F(ImageMixingAugmentationKeras, PerspectiveIsKerasWhereItDrawsNothingAndWarpsOtherwise) {
  using Perspective = layers::RandomPerspective;
  expect_case("perspective_still", Perspective({.factor = {1, 1}, .scale = 0.0, .fill_value = 5.0}), x(), true, 1e-4);
  expect_case("perspective_never", Perspective({.factor = 0.0}), x());
  expect_case("perspective_inference_u8", Perspective(), u8(), false, 0);
  expect_configs("RandomPerspective", "RandomPerspective",
                 Perspective({.factor = 0.5, .scale = 0.3, .interpolation = "nearest", .fill_value = 2.0, .seed = 6, .data_format = "channels_first"}));
  expect_configs("RandomPerspectiveDefault", "RandomPerspective", Perspective());
  // A warp keeps the top-left corner (it moves by a fraction of its coordinates, which are 0) and
  // fills what comes from outside the image with fill_value.
  const Tensor ramp = tf::reshape(tf::range(0.0f, 64.0f, 1.0f), {1, 8, 8, 1}) + 1.0f;
  const Tensor batch = tf::tile(ramp, {16, 1, 1, 1});
  const std::vector<float> out = Perspective({.factor = {1, 1}, .scale = 0.6, .fill_value = -1.0, .seed = 3})(batch).numpy<float>();
  int filled = 0, changed = 0;
  for (std::size_t i = 0; i < 16; ++i) {
    EXPECT_NEAR(out[i * 64], 1.0f, 1e-3f) << i;
    for (std::size_t p = 0; p < 64; ++p) filled += out[i * 64 + p] == -1.0f, changed += std::abs(out[i * 64 + p] - float(p + 1)) > 1e-3f;
  }
  EXPECT_GT(filled, 0);
  EXPECT_GT(changed, 16 * 8);
  using tf::testing::error_of;
  EXPECT_NE(error_of([] { Perspective({.scale = 1.5}); }).find("The `scale` argument should be a number in the range [0,1]. Received: scale=1.5"),
            std::string::npos);
  EXPECT_NE(error_of([] { Perspective({.interpolation = "bicubic"}); }).find("Unknown `interpolation` bicubic"), std::string::npos);
}

TEST_F(ImageMixingAugmentationKeras, ElasticTransformIsKerasWhereItDrawsNothingAndDisplacesOtherwise) {
  using Elastic = layers::RandomElasticTransform;
  expect_case("elastic_never", Elastic({.factor = 0.0, .value_range = {120, 130}}), x());
  expect_case("elastic_still", Elastic({.factor = {1, 1}, .scale = 0.0, .value_range = {120, 130}}), x());
  expect_case("elastic_inference_u8", Elastic(), u8(), false, 0);
  expect_configs("RandomElasticTransform", "RandomElasticTransform",
                 Elastic({.factor = 0.5, .scale = {0.2, 0.4}, .interpolation = "nearest", .fill_mode = "constant", .fill_value = 3.0,
                          .value_range = {0, 1}, .seed = 7}));
  expect_configs("RandomElasticTransformDefault", "RandomElasticTransform", Elastic());
  // A constant image stays constant under any displacement (reflect fill); a ramp moves, within its range.
  const Tensor flat = tf::fill({4, 40, 40, 2}, 50.0f);
  EXPECT_LT(tf::reduce_max(tf::abs(Elastic({.factor = {1, 1}, .seed = 1})(flat) - 50.0f)).item<float>(), 1e-3f);
  const Tensor ramp = tf::tile(tf::reshape(tf::range(0.0f, 1600.0f, 1.0f) / 8.0f, {1, 40, 40, 1}), {4, 1, 1, 2});
  const Tensor moved = Elastic({.factor = {1, 1}, .scale = {1, 1}, .seed = 2})(ramp);
  EXPECT_GT(tf::reduce_max(tf::abs(moved - ramp)).item<float>(), 1.0f);
  EXPECT_GE(tf::reduce_min(moved).item<float>(), 0.0f);
  EXPECT_LE(tf::reduce_max(moved).item<float>(), 200.0f);
  // Both channels move alike (one displacement field per image).
  EXPECT_LT(tf::reduce_max(tf::abs(tf::slice(moved, {0, 0, 0, 0}, {-1, -1, -1, 1}) - tf::slice(moved, {0, 0, 0, 1}, {-1, -1, -1, 1})))
                .item<float>(), 1e-4f);
  using tf::testing::error_of;
  EXPECT_NE(error_of([] { Elastic({.fill_mode = "mirror"}); }).find("Unknown `fill_mode` mirror"), std::string::npos);
  EXPECT_NE(error_of([] { Elastic({.scale = 2}); }).find("in the range [0, 1]"), std::string::npos);
}

TEST_F(ImageMixingAugmentationKeras, PathsThatDrawNothingAreKeras) {
  expect_case("erasing_never", layers::RandomErasing({.factor = 0.0}), x());
  expect_case("erasing_inference_u8", layers::RandomErasing(), u8(), false, 0);
  expect_case("mixup_inference_u8", layers::MixUp(), u8(), false, 0);
  expect_case("mixup_single_image", layers::MixUp(), tf::slice(x(), {0, 0, 0, 0}, {1, -1, -1, -1}), true, 1e-4);
  expect_case("cutmix_single_image_u8", layers::CutMix(), tf::squeeze(tf::slice(u8(), {0, 0, 0, 0}, {1, -1, -1, -1}), {0}), true, 0);
  expect_case("cutmix_inference_u8", layers::CutMix(), u8(), false, 0);
}

TEST_F(ImageMixingAugmentationKeras, ConfigsAreKeras) {
  expect_configs("RandomShear", "RandomShear",
                 layers::RandomShear(0.3, {0.2, 0.1}, {.fill_mode = "constant", .interpolation = "nearest", .seed = 1, .fill_value = 2.0}));
  expect_configs("RandomErasing", "RandomErasing",
                 layers::RandomErasing({.factor = 0.5, .scale = 0.2, .fill_value = std::vector<double>{3}, .value_range = {0, 1}, .seed = 2}));
  expect_configs("RandomErasingChannels", "RandomErasing",
                 layers::RandomErasing({.factor = {0.2, 0.8}, .scale = {0.1, 0.3}, .fill_value = std::vector<double>{1, 2, 3},
                                        .data_format = "channels_first"}));
  expect_configs("RandomErasingNoise", "RandomErasing", layers::RandomErasing());
  expect_configs("MixUp", "MixUp", layers::MixUp({.alpha = 0.4, .seed = 3}));
  expect_configs("CutMix", "CutMix", layers::CutMix({0.7, 0.2}, {.seed = 4}));
  expect_configs("CutMixNumber", "CutMix", layers::CutMix(0.5));
}

// ---- what the draws do ----

constexpr std::int64_t kBatch = 32;
Tensor batch() { return pattern_tensor({kBatch, 6, 7, 3}, 0.3) * 100.0f + 120.0f; }
std::vector<float> image(const Tensor& t, std::int64_t i) { return tf::slice(t, {i, 0, 0, 0}, {1, -1, -1, -1}).numpy<float>(); }

TEST(ImageMixingAugmentation, ErasingFillsOneBoxOfTheScaledArea) {
  const Tensor x = batch();
  const Tensor out = layers::RandomErasing({.factor = {1, 1}, .scale = {0.25, 0.25}, .fill_value = std::vector<double>{-1}, .value_range = {-1, 255}, .seed = 1})(x);
  for (std::int64_t i = 0; i < kBatch; ++i) {
    const std::vector<float> in = image(x, i), got = image(out, i);
    int rows_lo = 99, rows_hi = -1, cols_lo = 99, cols_hi = -1, erased = 0;
    for (std::size_t j = 0; j < got.size(); ++j) {
      if (got[j] == in[j]) continue;
      ASSERT_EQ(got[j], -1.0f);
      const int pixel = static_cast<int>(j / 3), r = pixel / 7, c = pixel % 7;
      rows_lo = std::min(rows_lo, r), rows_hi = std::max(rows_hi, r), cols_lo = std::min(cols_lo, c), cols_hi = std::max(cols_hi, c);
      ++erased;
    }
    // Sides of sqrt(0.25) = half the image (3 or 4 pixels of 6 or 7 as the box straddles them), all channels.
    ASSERT_GT(erased, 0) << i;
    EXPECT_EQ(erased, (rows_hi - rows_lo + 1) * (cols_hi - cols_lo + 1) * 3) << i;
    EXPECT_LE(rows_hi - rows_lo + 1, 4) << i;
    EXPECT_LE(cols_hi - cols_lo + 1, 4) << i;
  }
  // Noise fill (normal * value_range[1]) is clipped to value_range.
  const Tensor noisy = layers::RandomErasing({.value_range = {0, 1}, .seed = 2})(x / 255.0f);
  EXPECT_GE(tf::reduce_min(noisy).item<float>(), 0.0f);
  EXPECT_LE(tf::reduce_max(noisy).item<float>(), 1.0f);
}

TEST(ImageMixingAugmentation, MixUpBlendsEachImageWithOneOtherAndItsLabel) {
  const Tensor x = batch();
  const Tensor labels = tf::one_hot(tf::range(static_cast<int>(kBatch)), kBatch);
  layers::MixUp mix({.alpha = 0.5, .seed = 3});
  const auto [mixed, mixed_labels] = mix.call_with_labels(x, labels);
  EXPECT_EQ(mixed.dtype(), tf::float32);
  const std::vector<float> y = mixed_labels.numpy<float>();
  std::set<int> partners;
  for (std::int64_t i = 0; i < kBatch; ++i) {
    // The label row holds w at i and 1 - w at the partner j: the image is w * x_i + (1 - w) * x_j.
    const float w = y[i * kBatch + i];
    int j = static_cast<int>(i);
    for (std::int64_t k = 0; k < kBatch; ++k)
      if (k != i && y[i * kBatch + k] > 0) j = static_cast<int>(k);
    partners.insert(j);
    const std::vector<float> xi = image(x, i), xj = image(x, j), got = image(mixed, i);
    for (std::size_t p = 0; p < got.size(); ++p) ASSERT_NEAR(got[p], w * xi[p] + (1 - w) * xj[p], 1e-2f) << i;
  }
  EXPECT_EQ(partners.size(), static_cast<std::size_t>(kBatch));  // a permutation
}

TEST(ImageMixingAugmentation, CutMixPastesABoxOfThePartnerAndWeighsLabelsByItsArea) {
  const Tensor x = batch();
  const Tensor labels = tf::one_hot(tf::range(static_cast<int>(kBatch)), kBatch);
  layers::CutMix cut(1.0, {.seed = 4});
  const auto [mixed, mixed_labels] = cut.call_with_labels(x, labels);
  const std::vector<float> y = mixed_labels.numpy<float>();
  int boxes = 0;
  for (std::int64_t i = 0; i < kBatch; ++i) {
    int j = static_cast<int>(i);
    for (std::int64_t k = 0; k < kBatch; ++k)
      if (k != i && y[i * kBatch + k] > 0) j = static_cast<int>(k);
    const std::vector<float> xi = image(x, i), xj = image(x, j), got = image(mixed, i);
    int pasted = 0;
    for (std::size_t p = 0; p < got.size(); ++p) {
      ASSERT_TRUE(got[p] == xi[p] || got[p] == xj[p]) << i;
      pasted += got[p] != xi[p];
    }
    boxes += pasted > 0;
    // The label weight is 1 - the box's (fractional) area: within a pixel row and column of the pasted pixels.
    if (j != i) {
      EXPECT_NEAR(1.0f - y[i * kBatch + i], pasted / 3.0f / 42.0f, 13.0f / 42.0f) << i;
    }
  }
  EXPECT_GT(boxes, kBatch / 2);
}

// Traced with an unknown batch size (tf.data pipelines, fit), the layers still draw per image.
TEST(ImageMixingAugmentation, LayersTraceWithAnUnknownBatchSize) {
  const Tensor x = batch();
  layers::MixUp mix({.seed = 5});
  layers::CutMix cut(1.0, {.seed = 6});
  layers::RandomElasticTransform elastic({.factor = {1, 1}, .seed = 7});
  layers::RandomErasing erase({.factor = {1, 1}, .seed = 8});
  const tf::TensorSpec spec({tf::None, 6, 7, 3}, tf::float32);
  for (tf::keras::Layer* layer : std::vector<tf::keras::Layer*>{&mix, &cut, &elastic, &erase}) {
    SCOPED_TRACE(layer->class_name());
    auto traced = tf::function([layer](const Tensor& t) { return (*layer)(t, true); }, {.input_signature = {spec}});
    const Tensor y = traced(x);
    EXPECT_EQ(y.shape(), x.shape());
    EXPECT_GT(tf::reduce_max(tf::abs(y - x)).item<float>(), 0.0f);
  }
}

TEST(ImageMixingAugmentation, ArgumentErrorsAreKeras) {
  using tf::testing::error_of;
  const auto has = [](const std::string& error, const std::string& part) { EXPECT_NE(error.find(part), std::string::npos) << error; };
  has(error_of([] { layers::RandomShear(-0.1); }),
      "The `factor` argument should be a number (or a list of two numbers) in the range [0, 1.0]. Received: input_number=-0.1");
  has(error_of([] { layers::RandomShear(0.1, 0.1, {.fill_mode = "x"}); }), "Unknown `fill_mode` x. Expected of one");
  has(error_of([] { layers::RandomErasing({.scale = 2}); }),
      "The `scale` argument should be a number (or a list of two numbers) in the range [0, 1]. Received: factor=2");
  has(error_of([] { layers::RandomErasing({.factor = 1.5}); }), "in the range [0, 1]. Received: factor=1.5");
  has(error_of([] { layers::RandomErasing({.fill_value = std::vector<double>{1, 2}}); }), "The `fill_value` argument should be a number (or a list of three numbers)");
  has(error_of([] { layers::CutMix(2); }), "in the range [0, 1]. Received: factor=2");
  has(error_of([] { layers::MixUp({.alpha = 0}); }), "`alpha` must be positive");
  has(error_of([] { layers::MixUp()(tf::ones({4, 4})); }), "Expected image tensor to have rank 3 (single image) or 4 (batch of images)");
}

}  // namespace
