// The adaptive pooling layers compared with Keras 3 on TensorFlow 2.21 in the same test run
// (outputs, input gradients, configs, .keras files both ways), their finite-difference gradients,
// config round trips and errors.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/layers/adaptive_pooling.h>
#include <tfpp/keras/layers/deserialize.h>

#include "keras/keras_file_exchange.h"
#include "keras/layer_case_reference.h"
#include "keras/layer_gradient_check.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::pattern_tensor;

const char* kCases = R"PY(
def both(name, layer, x):
    case(name, layer, x)
    print('osize', name, json.dumps(list(layer.get_config()['output_size'])))
both('avg1', layers.AdaptiveAveragePooling1D(3), pattern((2, 7, 3), 0.1))
both('max1', layers.AdaptiveMaxPooling1D(3), pattern((2, 7, 3), 0.2))
both('avg1_up', layers.AdaptiveAveragePooling1D(5, data_format='channels_first'), pattern((2, 3, 3), 0.3))
both('avg2', layers.AdaptiveAveragePooling2D((3, 4)), pattern((2, 5, 6, 2), 0.4))
both('max2_first', layers.AdaptiveMaxPooling2D(2, data_format='channels_first'), pattern((2, 3, 5, 5), 0.5))
both('max2_up', layers.AdaptiveMaxPooling2D((4, 5)), pattern((1, 3, 3, 2), 0.6))
both('avg3', layers.AdaptiveAveragePooling3D((2, 3, 2)), pattern((1, 4, 5, 3, 2), 0.7))
both('max3_first', layers.AdaptiveMaxPooling3D(2, data_format='channels_first'), pattern((1, 2, 3, 5, 4), 1.3))
)PY";

class AdaptivePoolingKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { reference_ = new tf::testing::LayerCaseReference(kCases); }
  void SetUp() override { ASSERT_FALSE(reference_->empty()) << "the Keras script printed nothing"; }
  static void check(const std::string& name, layers::BaseAdaptivePooling& layer, const tf::TensorShape& shape, double seed) {
    reference_->check(name, layer, pattern_tensor(shape, seed), false, 2e-5);
    EXPECT_EQ(keras::to_json(layer.get_config().at("output_size")), reference_->raw_line("osize", name));
  }
  static inline tf::testing::LayerCaseReference* reference_ = nullptr;  // for the whole suite
};

TEST_F(AdaptivePoolingKeras, OneD) {
  layers::AdaptiveAveragePooling1D avg({3});
  check("avg1", avg, {2, 7, 3}, 0.1);
  layers::AdaptiveMaxPooling1D max({3});
  check("max1", max, {2, 7, 3}, 0.2);
  layers::AdaptiveAveragePooling1D up({5}, {.data_format = "channels_first"});
  check("avg1_up", up, {2, 3, 3}, 0.3);
}

TEST_F(AdaptivePoolingKeras, TwoD) {
  layers::AdaptiveAveragePooling2D avg({3, 4});
  check("avg2", avg, {2, 5, 6, 2}, 0.4);
  layers::AdaptiveMaxPooling2D first({2}, {.data_format = "channels_first"});
  check("max2_first", first, {2, 3, 5, 5}, 0.5);
  layers::AdaptiveMaxPooling2D up({4, 5});
  check("max2_up", up, {1, 3, 3, 2}, 0.6);
}

TEST_F(AdaptivePoolingKeras, ThreeD) {
  layers::AdaptiveAveragePooling3D avg({2, 3, 2});
  check("avg3", avg, {1, 4, 5, 3, 2}, 0.7);
  layers::AdaptiveMaxPooling3D first({2}, {.data_format = "channels_first"});
  check("max3_first", first, {1, 2, 3, 5, 4}, 1.3);
}

TEST(AdaptivePoolingFile, KerasFilesBothWays) {
  tf::testing::expect_keras_file_exchange(
      "adaptive_pooling",
      "keras.Sequential([keras.Input((7, 6, 2)), layers.Conv2D(3, 2), layers.AdaptiveMaxPooling2D((4, 3)), "
      "layers.AdaptiveAveragePooling2D(2, data_format='channels_first'), layers.Reshape((4, 4)), "
      "layers.AdaptiveAveragePooling1D(3), layers.AdaptiveMaxPooling1D(2), layers.Flatten(), layers.Dense(2)])",
      tf::TensorShape({3, 7, 6, 2}));
}

TEST(AdaptivePooling, BinsAreKerasEdges) {
  // 5 into 3 bins: [0, 2), [1, 4), [3, 5).
  layers::AdaptiveAveragePooling1D avg({3});
  const tf::Tensor x = tf::reshape(tf::constant(std::vector<float>{1, 2, 4, 8, 16}), {1, 5, 1});
  const std::vector<float> means = avg(x).numpy<float>();
  ASSERT_EQ(means.size(), 3u);
  EXPECT_FLOAT_EQ(means[0], 1.5f);
  EXPECT_FLOAT_EQ(means[1], 14.0f / 3);
  EXPECT_FLOAT_EQ(means[2], 12.0f);
  layers::AdaptiveMaxPooling1D max({3});
  EXPECT_EQ(max(x).numpy<float>(), (std::vector<float>{2, 8, 16}));
  layers::AdaptiveMaxPooling1D up({4});  // 2 into 4: each input twice
  EXPECT_EQ(up(tf::reshape(tf::constant(std::vector<float>{3, 5}), {1, 2, 1})).numpy<float>(),
            (std::vector<float>{3, 3, 5, 5}));
}

TEST(AdaptivePooling, FiniteDifferenceGradients) {
  layers::AdaptiveAveragePooling2D avg({3, 2}, {.dtype = tf::float64});
  EXPECT_LT(tf::testing::layer_gradient_error(avg, tf::testing::random_tensor({2, 5, 4, 2}, 1)), 1e-6);
  layers::AdaptiveMaxPooling3D max({2, 3, 2}, {.data_format = "channels_first", .dtype = tf::float64});
  EXPECT_LT(tf::testing::layer_gradient_error(max, tf::testing::random_tensor({1, 2, 3, 5, 4}, 2)), 1e-6);
  layers::AdaptiveAveragePooling1D up({5}, {.dtype = tf::float64});
  EXPECT_LT(tf::testing::layer_gradient_error(up, tf::testing::random_tensor({2, 3, 2}, 3)), 1e-6);
}

TEST(AdaptivePooling, MaxGradientGoesToEachBinsMaximum) {
  // On this input TensorFlow's two-pool gradient (Keras') also sends output (1, 0, 0, 1)'s gradient
  // to input 70, which is not that bin's maximum (two inputs differ by 9e-7 there, too close for
  // finite differences); each input must get the upstream gradients of the bins it is the maximum of.
  layers::AdaptiveMaxPooling3D max({2}, {.data_format = "channels_first"});
  const tf::Tensor x = pattern_tensor({1, 2, 3, 5, 4}, 0.8);
  const tf::Tensor upstream = pattern_tensor({1, 2, 2, 2, 2}, 9.0);
  tf::Tensor grad;
  {
    tf::GradientTape tape;
    tape.watch(x);
    grad = tape.gradient(tf::reduce_sum(max(x) * upstream), x);
  }
  const std::vector<float> xs = x.numpy<float>(), ups = upstream.numpy<float>();
  std::vector<float> want(xs.size(), 0.0f);
  const int bins[3][2][2] = {{{0, 2}, {1, 3}}, {{0, 3}, {2, 5}}, {{0, 2}, {2, 4}}};  // Keras' edges of 3, 5, 4 into 2
  for (int c = 0, out = 0; c < 2; ++c)
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j)
        for (int k = 0; k < 2; ++k, ++out) {
          int best = -1;
          for (int d = bins[0][i][0]; d < bins[0][i][1]; ++d)
            for (int h = bins[1][j][0]; h < bins[1][j][1]; ++h)
              for (int w = bins[2][k][0]; w < bins[2][k][1]; ++w) {
                const int at = ((c * 3 + d) * 5 + h) * 4 + w;
                if (best < 0 || xs[std::size_t(at)] > xs[std::size_t(best)]) best = at;
              }
          want[std::size_t(best)] += ups[std::size_t(out)];
        }
  const std::vector<float> got = grad.numpy<float>();
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-6) << "at " << i;
}

TEST(AdaptivePooling, SymbolicShapesAndConfigRoundTrip) {
  layers::AdaptiveMaxPooling2D pool({3}, {.data_format = "channels_first", .name = "amp"});
  EXPECT_EQ(pool(keras::Input({4, 9, 7})).shape(), tf::TensorShape({tf::None, 4, 3, 3}));
  EXPECT_EQ(keras::to_json(pool.get_config().at("output_size")), "[3, 3]");
  EXPECT_EQ(pool.get_config().at("data_format").get<std::string>(), "channels_first");
  auto copy = layers::deserialize(layers::serialize(pool));
  EXPECT_EQ(copy->class_name(), "AdaptiveMaxPooling2D");
  EXPECT_EQ(keras::to_json(copy->get_config()), keras::to_json(pool.get_config()));
  EXPECT_EQ(layers::AdaptiveAveragePooling3D({2}).name().rfind("adaptive_average_pooling3d", 0), 0u);
}

std::string error_of(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const tf::InvalidArgumentError& e) {
    return e.what();
  }
  return "<no InvalidArgumentError>";
}

TEST(AdaptivePooling, Errors) {
  std::string e = error_of([] { layers::AdaptiveAveragePooling2D({1, 2, 3}, {.name = "ap"}); });
  EXPECT_NE(e.find("[ap] `output_size` must be an integer or a tuple of 2 integers"), std::string::npos) << e;
  e = error_of([] { layers::AdaptiveMaxPooling1D({0}, {.name = "ap"}); });
  EXPECT_NE(e.find("must be positive"), std::string::npos) << e;
  e = error_of([] { layers::AdaptiveMaxPooling1D({2}, {.data_format = "x", .name = "ap"}); });
  EXPECT_NE(e.find("Invalid data_format: x. Expected 'channels_first' or 'channels_last'."), std::string::npos) << e;
  e = error_of([] { layers::AdaptiveMaxPooling2D({2}, {.name = "ap"})(tf::ones({2, 3, 4})); });
  EXPECT_NE(e.find("ap"), std::string::npos) << e;
  e = error_of([] { layers::AdaptiveMaxPooling2D({2}, {.name = "ap"})(keras::Input({-1, 4, 1})); });
  EXPECT_NE(e.find("Input spatial dimensions must be statically known"), std::string::npos) << e;
}

}  // namespace
