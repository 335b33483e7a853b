// batch_normalization and dropout, composed from other ops.
#include <gtest/gtest.h>

#include "ops/nn/nn_test_util.h"

namespace {

using tf::testing::error_of;

TEST(BatchNormalization, ElementwiseFormulaWithBroadcasting) {
  tf::Tensor x = tf::constant({{1.0f, 2.0f}, {3.0f, 4.0f}});
  tf::Tensor mean = tf::constant({1.0f, 2.0f}), var = tf::constant({4.0f, 16.0f});
  tf::Tensor offset = tf::constant({0.5f, -0.5f}), scale = tf::constant({2.0f, 3.0f});
  // (x - mean) / sqrt(var + 0) * scale + offset
  EXPECT_EQ(tf::nn::batch_normalization(x, mean, var, offset, scale, 0.0).numpy<float>(),
            (std::vector<float>{0.5f, -0.5f, 2.5f, 1.0f}));
  // Without offset and scale (TensorFlow's None).
  EXPECT_EQ(tf::nn::batch_normalization(x, mean, var, tf::Tensor(), tf::Tensor(), 0.0).numpy<float>(),
            (std::vector<float>{0.0f, 0.0f, 1.0f, 0.5f}));
  EXPECT_NEAR(tf::nn::batch_normalization(tf::constant(2.0), tf::constant(1.0), tf::constant(0.0), tf::Tensor(),
                                          tf::Tensor(), 0.25).item<double>(), 2.0, 1e-12);
}

TEST(Dropout, KeepsAboutOneMinusRateAndScalesThem) {
  tf::Tensor x = tf::ones({100000});
  const auto y = tf::nn::dropout(x, 0.25, {.seed = 3}).numpy<float>();
  int kept = 0;
  for (float v : y) {
    ASSERT_TRUE(v == 0.0f || std::abs(v - 4.0f / 3.0f) < 1e-6f) << v;
    kept += v != 0.0f;
  }
  EXPECT_NEAR(kept / 100000.0, 0.75, 0.01);
}

TEST(Dropout, SeededMasksContinueAndRestartAfterSetSeed) {
  tf::Tensor x = tf::random::normal({64, 32}, {.seed = 1});
  const auto first = tf::nn::dropout(x, 0.5, {.seed = 7}).numpy<float>();
  EXPECT_NE(tf::nn::dropout(x, 0.5, {.seed = 7}).numpy<float>(), first);  // the op's stream continues
  tf::random::set_seed(std::nullopt);
  EXPECT_EQ(tf::nn::dropout(x, 0.5, {.seed = 7}).numpy<float>(), first);
  EXPECT_NE(tf::nn::dropout(x, 0.5, {.seed = 8}).numpy<float>(), first);
  EXPECT_EQ(tf::nn::dropout(x, 0.0).numpy<float>(), x.numpy<float>());
  EXPECT_EQ(tf::nn::dropout(tf::zeros({0, 3}), 0.5, {.seed = 1}).shape(), tf::TensorShape({0, 3}));
}

TEST(Dropout, TracedWithAnUnknownBatchDrawsInTheRunTimeShape) {
  auto f = tf::function([](tf::Tensor x) { return tf::nn::dropout(x, 0.5, {.seed = 4}); },
                        {.input_signature = {tf::TensorSpec({tf::None, 3})}});
  auto g = tf::function([](tf::Tensor x) { return tf::nn::dropout(x, 0.5, {.seed = 4, .noise_shape = {-1, 1}}); },
                        {.input_signature = {tf::TensorSpec({tf::None, 3})}});
  for (int batch : {1, 5}) {
    const auto y = f(tf::ones({batch, 3}));
    EXPECT_EQ(y.shape(), tf::TensorShape({batch, 3}));
    for (float v : y.numpy<float>()) EXPECT_TRUE(v == 0.0f || v == 2.0f) << v;
    const auto rows = g(tf::ones({batch, 3})).numpy<float>();  // one draw per row, broadcast along it
    for (int r = 0; r < batch; ++r) EXPECT_TRUE(rows[r * 3] == rows[r * 3 + 1] && rows[r * 3] == rows[r * 3 + 2]);
  }
  EXPECT_EQ(f.tracing_count(), 1);
}

TEST(Dropout, Errors) {
  EXPECT_EQ(error_of([] { tf::nn::dropout(tf::ones({2}), 1.0); }), "[Dropout] rate must be in [0, 1), got 1.000000");
  EXPECT_EQ(error_of([] { tf::nn::dropout(tf::ones({2}), -0.1); }), "[Dropout] rate must be in [0, 1), got -0.100000");
  EXPECT_EQ(error_of([] { tf::nn::dropout(tf::ones({2}, tf::int32), 0.5); }), "[Dropout] x has dtype int32; expected float32 or float64");
}

}  // namespace
