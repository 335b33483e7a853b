// Pipeline and RandAugment against Keras 3 in the same test run: a Pipeline of deterministic
// layers gives Keras' values (trained and in inference), Keras' Pipeline config loads with the
// same layers, configs match; RandAugment at factor 0, where each of its eleven augmentations is
// deterministic, gives one of Keras' eleven results per call (which one is tfpp's draw).
#include <gtest/gtest.h>

#include <set>

#include "error_of.h"
#include "keras/augmentation_reference.h"
#include "tfpp/array_ops.h"
#include "tfpp/keras/layers/image_augmentation.h"
#include "tfpp/keras/layers/image_augmentation_pipeline.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::Tensor;
using tf::testing::pattern_tensor;

const char* kScript = R"PY(
x = pattern((2, 5, 6, 3), 0.1) * 100 + 100
def pipeline():
    return layers.Pipeline([layers.AutoContrast(), layers.RandomInvert((1, 1)), layers.Solarization(value_range=(0, 255))],
                           name='augment')
case('pipeline', pipeline(), x)
case('pipeline_inference', pipeline(), x, False)
print('config_json pipeline', json.dumps(pipeline().get_config()))
ra = layers.RandAugment(factor=0.0)
for i, name in enumerate(ra._AUGMENT_LAYERS):
    emit('rand_augment_op_%d' % i, getattr(ra, name)(x, training=True))
case('rand_augment_inference', layers.RandAugment(), x, False)
config('RandAugment', layers.RandAugment(value_range=(0, 1), num_ops=3, factor=0.3, interpolation='nearest', seed=4))
config('RandAugmentDefault', layers.RandAugment())
)PY";

class ImagePipelineKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    keras_ = new tf::testing::KerasScript(std::string(tf::testing::kAugmentationHelpers) + kScript, "image_pipeline");
  }
  static void TearDownTestSuite() { delete keras_; }
  void SetUp() override { ASSERT_FALSE(keras_->values().empty()) << "the Keras script printed nothing:\n" << keras_->output(); }

  static Tensor x() { return pattern_tensor({2, 5, 6, 3}, 0.1) * 100.0f + 100.0f; }
  static layers::Pipeline pipeline() {
    return layers::Pipeline({layers::AutoContrast(), layers::RandomInvert({1, 1}), layers::Solarization()}, {.name = "augment"});
  }

  static inline tf::testing::KerasScript* keras_ = nullptr;
};

TEST_F(ImagePipelineKeras, PipelineRunsItsLayersAsKeras) {
  tf::testing::expect_case(*keras_, "pipeline", pipeline(), x());
  tf::testing::expect_case(*keras_, "pipeline_inference", pipeline(), x(), false);
  // Keras' config loads: the same layers, the same values, and Keras' config written back.
  const keras::Config config = keras::from_json(tf::testing::line_of(keras_->output(), "config_json", "pipeline")).get<keras::Config>();
  layers::Pipeline loaded = layers::Pipeline::from_config(config);
  ASSERT_EQ(loaded.layers().size(), 3u);
  EXPECT_EQ(loaded.layers()[1]->class_name(), "RandomInvert");
  EXPECT_EQ(loaded.name(), "augment");
  tf::testing::expect_values(keras_->values(), "pipeline", loaded(x()), 1e-5);
  const keras::Config written = loaded.get_config();
  EXPECT_EQ(written.size(), 2u);  // layers and name only, as Keras writes (its from_config takes nothing else)
  const keras::ConfigValue::List& mine = written.at("layers").get<keras::ConfigValue::List>();
  const keras::ConfigValue::List& theirs = config.at("layers").get<keras::ConfigValue::List>();
  for (std::size_t i = 0; i < mine.size(); ++i) {
    keras::Config a = mine[i].get<keras::Config>().at("config").get<keras::Config>();
    keras::Config b = theirs[i].get<keras::Config>().at("config").get<keras::Config>();
    for (keras::Config* c : {&a, &b}) c->erase("dtype");
    EXPECT_EQ(keras::to_json(tf::testing::numbers_as_doubles(a)), keras::to_json(tf::testing::numbers_as_doubles(b))) << i;
  }
}

TEST_F(ImagePipelineKeras, RandAugmentAtFactorZeroPicksAmongKerasAugmentations) {
  std::vector<std::vector<double>> ops;
  for (int i = 0; i < 11; ++i) {
    ASSERT_TRUE(keras_->values().count("rand_augment_op_" + std::to_string(i))) << i;
    ops.push_back(keras_->values().at("rand_augment_op_" + std::to_string(i)));
  }
  layers::RandAugment augment({.num_ops = 1, .factor = 0.0, .seed = 7});
  std::set<int> seen;
  for (int call = 0; call < 30; ++call) {
    const std::vector<double> got = tf::cast(augment(x()), tf::float64).numpy<double>();
    int match = -1;
    for (int i = 0; i < 11 && match < 0; ++i) {
      bool same = got.size() == ops[i].size();
      for (std::size_t k = 0; same && k < got.size(); ++k) same = std::abs(got[k] - ops[i][k]) < 1e-3 * (1 + std::abs(ops[i][k]));
      if (same) match = i;
    }
    ASSERT_GE(match, 0) << "call " << call << " matches none of Keras' augmentations";
    seen.insert(match);
  }
  EXPECT_GE(seen.size(), 4u);
  tf::testing::expect_case(*keras_, "rand_augment_inference", layers::RandAugment(), x(), false);
}

TEST_F(ImagePipelineKeras, ConfigsAreKeras) {
  tf::testing::expect_configs(*keras_, "RandAugment", "RandAugment",
                              layers::RandAugment({.value_range = {0, 1}, .num_ops = 3, .factor = 0.3, .interpolation = "nearest", .seed = 4}));
  tf::testing::expect_configs(*keras_, "RandAugmentDefault", "RandAugment", layers::RandAugment());
}

TEST(ImagePipeline, ErrorsNameTheLayer) {
  using tf::testing::error_of;
  const auto has = [](const std::string& error, const std::string& part) { EXPECT_NE(error.find(part), std::string::npos) << error; };
  has(error_of([] { layers::RandAugment({.factor = 1.5}); }), "in the range [0, 1]. Received: factor=1.5");
  has(error_of([] { layers::RandAugment({.interpolation = "bicubic"}); }), "Unknown `interpolation` bicubic");
  has(error_of([] { layers::RandAugment({.num_ops = 0}); }), "`num_ops` must be positive");
  has(error_of([] { layers::Pipeline::from_config({{"layers", 3}}); }), "`Pipeline` config must contain a `layers` key");
}

}  // namespace
