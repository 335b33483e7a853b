// AugMix against Keras 3 in the same test run where its randomness is pinned: a given
// transformation (chain weights, original weight, chains of augmentations that are deterministic
// at factor 0) mixes as Keras' transform_images does; chain depth 0 and inference return the
// images; configs match both ways. Otherwise its draws are checked for range, shape and seeding.
#include <gtest/gtest.h>

#include <set>

#include "error_of.h"
#include "keras/augmentation_reference.h"
#include "tfpp/array_ops.h"
#include "tfpp/function.h"
#include "tfpp/keras/layers/image_augmentation_augmix.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::Tensor;
using tf::testing::pattern_tensor;

const char* kScript = R"PY(
x = pattern((2, 6, 7, 3), 0.1) * 100 + 100
am = layers.AugMix(factor=0.0, all_ops=False, chain_depth=2, seed=1)
am.build(x.shape)
def step(name):
    return {'layer_name': name, 'transformation': getattr(am, name).get_random_transformation(x, training=True)}
pinned = {'chain_mixing_weights': np.array([0.2, 0.5, 0.3], 'float32'), 'weight_sample': np.float32(0.4),
          'chain_transforms': [[step('solarization'), step('equalization')],
                               [step('auto_contrast'), step('random_posterization')], [step('random_rotation')]]}
emit('augmix_pinned', am.transform_images(tf.constant(x), pinned))
unit = layers.AugMix(value_range=(0, 1), factor=0.0, seed=1)
unit.build(x.shape)
def unit_step(name):
    return {'layer_name': name, 'transformation': getattr(unit, name).get_random_transformation(x / 255, training=True)}
pinned_unit = {'chain_mixing_weights': np.array([0.7, 0.3], 'float32'), 'weight_sample': np.float32(0.25),
               'chain_transforms': [[unit_step('random_brightness'), unit_step('random_contrast'), unit_step('random_shear')],
                                    [unit_step('random_translation'), unit_step('equalization')]]}
emit('augmix_pinned_unit', unit.transform_images(tf.constant(x / 255), pinned_unit))
case('augmix_depth0', layers.AugMix(chain_depth=0, seed=2), x)
case('augmix_inference', layers.AugMix(), x, False)
config('AugMix', layers.AugMix(value_range=(0, 1), num_chains=2, chain_depth=4, factor=(0.1, 0.4), alpha=0.5, all_ops=False,
                               interpolation='nearest', seed=4))
config('AugMixDefault', layers.AugMix())
print('names', 'all', ' '.join(layers.AugMix()._augment_layers))
print('names', 'some', ' '.join(layers.AugMix(all_ops=False)._augment_layers))
)PY";

class AugMixKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    keras_ = new tf::testing::KerasScript(std::string(tf::testing::kAugmentationHelpers) + kScript, "augmix");
  }
  static void TearDownTestSuite() { delete keras_; }
  void SetUp() override { ASSERT_FALSE(keras_->values().empty()) << "the Keras script printed nothing:\n" << keras_->output(); }

  static Tensor x() { return pattern_tensor({2, 6, 7, 3}, 0.1) * 100.0f + 100.0f; }
  static std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : " ") + n;
    return out;
  }

  static inline tf::testing::KerasScript* keras_ = nullptr;
};

TEST_F(AugMixKeras, PinnedTransformationMixesAsKeras) {
  layers::AugMix augmix({.factor = 0.0, .all_ops = false, .seed = 1});
  const layers::AugMixTransformation pinned{
      .chain_mixing_weights = tf::constant({0.2f, 0.5f, 0.3f}),
      .weight_sample = tf::constant(0.4f),
      .chain_transforms = {{"solarization", "equalization"}, {"auto_contrast", "random_posterization"}, {"random_rotation"}}};
  tf::testing::expect_values(keras_->values(), "augmix_pinned", augmix.transform_images(x(), pinned), 1e-4);

  layers::AugMix unit({.value_range = {0, 1}, .factor = 0.0, .seed = 1});
  const layers::AugMixTransformation pinned_unit{
      .chain_mixing_weights = tf::constant({0.7f, 0.3f}),
      .weight_sample = tf::constant(0.25f),
      .chain_transforms = {{"random_brightness", "random_contrast", "random_shear"}, {"random_translation", "equalization"}}};
  tf::testing::expect_values(keras_->values(), "augmix_pinned_unit", unit.transform_images(x() / 255.0f, pinned_unit), 1e-4);
}

TEST_F(AugMixKeras, DepthZeroAndInferenceKeepTheImages) {
  tf::testing::expect_case(*keras_, "augmix_depth0", layers::AugMix({.chain_depth = 0, .seed = 2}), x(), true, 1e-4);
  tf::testing::expect_case(*keras_, "augmix_inference", layers::AugMix(), x(), false);
}

TEST_F(AugMixKeras, ConfigsAndAugmentationsAreKeras) {
  tf::testing::expect_configs(*keras_, "AugMix", "AugMix",
                              layers::AugMix({.value_range = {0, 1}, .num_chains = 2, .chain_depth = 4, .factor = {0.1, 0.4},
                                              .alpha = 0.5, .all_ops = false, .interpolation = "nearest", .seed = 4}));
  tf::testing::expect_configs(*keras_, "AugMixDefault", "AugMix", layers::AugMix());
  EXPECT_EQ(joined(layers::AugMix().augmentation_names()), tf::testing::line_of(keras_->output(), "names", "all"));
  EXPECT_EQ(joined(layers::AugMix({.all_ops = false}).augmentation_names()),
            tf::testing::line_of(keras_->output(), "names", "some"));
}

TEST(AugMix, DrawsAreInRangeAndSeeded) {
  layers::AugMix augmix({.num_chains = 4, .chain_depth = 3, .alpha = 0.7, .seed = 5});
  const std::vector<std::string> names = augmix.augmentation_names();
  std::set<std::string> seen;
  std::set<std::size_t> depths;
  for (int i = 0; i < 20; ++i) {
    const layers::AugMixTransformation t = augmix.get_random_transformation();
    const std::vector<float> w = t.chain_mixing_weights.numpy<float>();
    ASSERT_EQ(w.size(), 4u);
    float sum = 0;
    for (float v : w) {
      EXPECT_GE(v, 0.0f);
      sum += v;
    }
    EXPECT_NEAR(sum, 1.0f, 1e-5);
    const float original = t.weight_sample.item<float>();
    EXPECT_GE(original, 0.0f);
    EXPECT_LE(original, 1.0f);
    ASSERT_EQ(t.chain_transforms.size(), 4u);
    for (const auto& chain : t.chain_transforms) {
      EXPECT_LE(chain.size(), 3u);
      depths.insert(chain.size());
      for (const std::string& n : chain) {
        EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
        seen.insert(n);
      }
    }
  }
  EXPECT_GE(seen.size(), 8u);   // 240 picks over 11 augmentations and "none"
  EXPECT_GE(depths.size(), 3u);  // chains of 0 to 3 augmentations

  // The same seed gives the same images; another seed others; all within value_range.
  const Tensor images = pattern_tensor({2, 8, 8, 3}, 0.3) * 120.0f + 120.0f;
  const Tensor a = layers::AugMix({.seed = 9})(images);
  const Tensor b = layers::AugMix({.seed = 9})(images);
  const Tensor c = layers::AugMix({.seed = 10})(images);
  EXPECT_EQ(a.numpy<float>(), b.numpy<float>());
  EXPECT_NE(a.numpy<float>(), c.numpy<float>());
  EXPECT_EQ(a.shape(), images.shape());
  EXPECT_EQ(a.dtype(), tf::float32);
  EXPECT_GE(tf::reduce_min(a).item<float>(), 0.0f);
  EXPECT_LE(tf::reduce_max(a).item<float>(), 255.0f);
  // Unbatched uint8 images: float32 output in range.
  const Tensor single = layers::AugMix({.value_range = {0, 255}, .seed = 3})(tf::cast(tf::reshape(tf::slice(images, {0, 0, 0, 0}, {1, 8, 8, 3}), {8, 8, 3}), tf::uint8));
  EXPECT_EQ(single.dtype(), tf::float32);
  EXPECT_EQ(single.shape(), tf::TensorShape({8, 8, 3}));
}

TEST(AugMix, TracedCallKeepsItsPicksAndDrawsItsWeights) {
  layers::AugMix augmix({.chain_depth = 0, .seed = 1});
  auto fn = tf::function([&](const Tensor& images) { return augmix(images, true); });
  const Tensor images = pattern_tensor({1, 5, 5, 3}, 0.2) * 100.0f + 100.0f;
  const std::vector<float> got = fn(images).numpy<float>();
  const std::vector<float> want = images.numpy<float>();
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-3);
}

TEST(AugMix, Errors) {
  using tf::testing::error_of;
  const auto has = [](const std::string& error, const std::string& part) { EXPECT_NE(error.find(part), std::string::npos) << error; };
  has(error_of([] { layers::AugMix({.factor = 1.5}); }), "in the range [0, 1]. Received: factor=1.5");
  has(error_of([] { layers::AugMix({.interpolation = "bicubic"}); }), "Unknown `interpolation` bicubic");
  has(error_of([] { layers::AugMix({.num_chains = 0, .name = "chains"}); }), "[chains] `num_chains` must be positive");
  has(error_of([] { layers::AugMix({.chain_depth = -1}); }), "`chain_depth` must be non-negative");
  has(error_of([] { layers::AugMix({.alpha = 0}); }), "`alpha` must be positive");
  layers::AugMix augmix({.name = "mix"});
  has(error_of([&] { augmix(tf::ones({4, 4})); }), "mix");
  has(error_of([&] {
        augmix.transform_images(tf::ones({1, 4, 4, 3}), {.chain_mixing_weights = tf::constant({1.0f}), .weight_sample = tf::constant(0.5f),
                                                          .chain_transforms = {{"random_blur"}}});
      }),
      "[mix] has no augmentation 'random_blur'");
  has(error_of([&] {
        augmix.transform_images(tf::ones({1, 4, 4, 3}),
                                {.chain_mixing_weights = tf::constant({0.5f, 0.5f}), .weight_sample = tf::constant(0.5f), .chain_transforms = {{}}});
      }),
      "does not give one weight to each of the 1 chains");
}

}  // namespace
