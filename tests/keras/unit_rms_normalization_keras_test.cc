// UnitNormalization and RMSNormalization compared with Keras 3 on TensorFlow 2.21 in the same
// test run (outputs, gradients, weight names, configs), their finite-difference gradients, the
// config round trip through keras::layers::deserialize, and their errors.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/layers/deserialize.h>
#include <tfpp/keras/layers/rms_normalization.h>
#include <tfpp/keras/layers/unit_normalization.h>

#include "keras/layer_case_reference.h"
#include "keras/layer_gradient_check.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::pattern_tensor;

const char* kCases = R"PY(
case('unit', layers.UnitNormalization(), pattern((2, 3, 4), 0.1))
case('unit_axes', layers.UnitNormalization(axis=[1, 2]), pattern((2, 3, 4), 0.2))
case('unit_axis1', layers.UnitNormalization(axis=1), pattern((3, 5), 0.3))
case('rms', layers.RMSNormalization(), pattern((2, 3, 4), 0.4))
case('rms_axes', layers.RMSNormalization(axis=[-2, -1], epsilon=0.01), pattern((2, 3, 4), 0.5))
case('rms_2d', layers.RMSNormalization(epsilon=1e-3), pattern((4, 6), 0.6))
)PY";

class UnitRmsNormalizationKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { reference_ = new tf::testing::LayerCaseReference(kCases); }
  void SetUp() override { ASSERT_FALSE(reference_->empty()) << "the Keras script printed nothing"; }
  static void check(const std::string& name, keras::Layer& layer, const tf::Tensor& x) {
    reference_->check(name, layer, x, false, 2e-5);
  }
  static inline tf::testing::LayerCaseReference* reference_ = nullptr;  // for the whole suite
};

TEST_F(UnitRmsNormalizationKeras, UnitNormalization) {
  layers::UnitNormalization last;
  check("unit", last, pattern_tensor({2, 3, 4}, 0.1));
  layers::UnitNormalization axes({.axis = std::vector<std::int64_t>{1, 2}});
  check("unit_axes", axes, pattern_tensor({2, 3, 4}, 0.2));
  layers::UnitNormalization axis1({.axis = std::int64_t{1}});
  check("unit_axis1", axis1, pattern_tensor({3, 5}, 0.3));
}

TEST_F(UnitRmsNormalizationKeras, RMSNormalization) {
  layers::RMSNormalization last;
  check("rms", last, pattern_tensor({2, 3, 4}, 0.4));
  layers::RMSNormalization axes({.axis = std::vector<std::int64_t>{-2, -1}, .epsilon = 0.01});
  check("rms_axes", axes, pattern_tensor({2, 3, 4}, 0.5));
  layers::RMSNormalization two_d({.epsilon = 1e-3});
  check("rms_2d", two_d, pattern_tensor({4, 6}, 0.6));
}

TEST(UnitRmsNormalization, UnitNormHasNormOne) {
  layers::UnitNormalization unit({.axis = std::int64_t{1}});
  const tf::Tensor y = unit(tf::constant(std::vector<float>{3, 4, 0, 0, 1, 0}, {3, 2}));
  EXPECT_EQ(y.numpy<float>(), (std::vector<float>{0.6f, 0.8f, 0, 0, 1, 0}));  // a zero row stays zero
  EXPECT_TRUE(unit.supports_masking());
  EXPECT_TRUE(unit.weights().empty());
}

TEST(UnitRmsNormalization, FiniteDifferenceGradients) {
  layers::UnitNormalization unit({.axis = std::vector<std::int64_t>{1, 2}, .dtype = tf::float64});
  EXPECT_LT(tf::testing::layer_gradient_error(unit, tf::testing::random_tensor({2, 3, 4}, 1)), 1e-6);
  layers::RMSNormalization rms({.axis = std::vector<std::int64_t>{1, 2}, .epsilon = 0.01, .dtype = tf::float64});
  EXPECT_LT(tf::testing::layer_gradient_error(rms, tf::testing::random_tensor({2, 3, 4}, 2)), 1e-6);
}

TEST(UnitRmsNormalization, RmsComputesHalfInFloat32) {
  layers::RMSNormalization rms({.dtype = tf::float16});
  const tf::Tensor x = tf::cast(tf::constant(std::vector<float>{300, 400, 1, 2}, {2, 2}), tf::float16);
  const tf::Tensor y = rms(x);
  EXPECT_EQ(y.dtype(), tf::float16);
  const std::vector<float> values = tf::cast(y, tf::float32).numpy<float>();
  EXPECT_NEAR(values[0], 300 / std::sqrt((300.0 * 300 + 400 * 400) / 2), 1e-3);  // 300^2 + 400^2 overflows float16
}

TEST(UnitRmsNormalization, ConfigRoundTrip) {
  layers::RMSNormalization rms({.axis = std::vector<std::int64_t>{-1, -2}, .epsilon = 0.5, .name = "rn"});
  EXPECT_EQ(keras::to_json(rms.get_config().at("axis")), "[-1, -2]");
  rms.build_for({tf::TensorShape({2, 3, 4})});
  EXPECT_EQ(keras::to_json(rms.get_config().at("axis")), "[-2, -1]");  // Keras' build sorts the axes
  EXPECT_EQ(rms.weights()[0].name(), "rn/scale:0");
  auto copy = layers::deserialize(layers::serialize(rms));
  EXPECT_EQ(copy->class_name(), "RMSNormalization");
  EXPECT_EQ(keras::to_json(copy->get_config()), keras::to_json(rms.get_config()));
  layers::UnitNormalization unit({.name = "un"});
  EXPECT_EQ(keras::to_json(unit.get_config().at("axis")), "-1");
  EXPECT_EQ(keras::to_json(layers::deserialize(layers::serialize(unit))->get_config()), keras::to_json(unit.get_config()));
}

TEST(UnitRmsNormalization, Errors) {
  layers::UnitNormalization unit({.axis = std::int64_t{3}});
  EXPECT_THROW(unit(tf::ones({2, 3})), tf::InvalidArgumentError);
  layers::RMSNormalization rms({.axis = std::int64_t{-3}});
  EXPECT_THROW(rms(tf::ones({2, 3})), tf::InvalidArgumentError);
  try {
    layers::RMSNormalization named({.axis = std::int64_t{2}, .name = "rms_bad"});
    named(tf::ones({2, 3}));
    FAIL() << "no error";
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("rms_bad"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("out of bounds"), std::string::npos) << e.what();
  }
}

}  // namespace
