// Keras mixed precision in tfpp alone (tests/python/programs/mixed_precision.py compares it with
// Keras 3): policies and the global policy, layers computing in float16 / bfloat16 with float32
// variables, the float32 output layer, LossScaleOptimizer's dynamic scaling, fit, configs.
#include <gtest/gtest.h>

#include <cmath>

#include <tfpp/tfpp.h>
#include <tfpp/keras/keras.h>
#include <tfpp/keras/mixed_precision.h>

#include "error_of.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
namespace mp = tf::keras::mixed_precision;

// Restores the float32 global policy after each test.
class MixedPrecision : public ::testing::Test {
 protected:
  void TearDown() override { mp::set_global_policy("float32"); }
};

TEST_F(MixedPrecision, PoliciesNameTheirDtypes) {
  const mp::Policy mixed("mixed_float16");
  EXPECT_EQ(mixed.compute_dtype(), tf::float16);
  EXPECT_EQ(mixed.variable_dtype(), tf::float32);
  EXPECT_EQ(mp::Policy("mixed_bfloat16").compute_dtype(), tf::bfloat16);
  EXPECT_EQ(mp::Policy("float64").variable_dtype(), tf::float64);
  EXPECT_EQ(mp::Policy(tf::bfloat16).name(), "bfloat16");
  EXPECT_EQ(mixed.repr(), "<DTypePolicy \"mixed_float16\">");
  EXPECT_EQ(mp::Policy::from_config(mixed.get_config()), mixed);
  EXPECT_EQ(mp::global_policy().name(), "float32");
  const std::string error = tf::testing::error_of([] { mp::Policy("mixed_int8"); });
  EXPECT_NE(error.find("Cannot convert 'mixed_int8' to a mixed precision DTypePolicy"), std::string::npos) << error;
}

TEST_F(MixedPrecision, LayersComputeInFloat16WithFloat32Variables) {
  mp::set_global_policy("mixed_float16");
  layers::Dense dense(3, {.activation = "relu"});
  layers::Activation softmax("softmax");
  mp::set_dtype_policy(softmax, mp::Policy("float32"));  // Keras' guide: the output layer in float32
  const tf::Tensor x = tf::ones({2, 4});
  const tf::Tensor h = dense(x);
  EXPECT_EQ(h.dtype(), tf::float16);
  EXPECT_EQ(dense.weights()[0].dtype(), tf::float32);
  EXPECT_EQ(dense.dtype(), tf::float32);
  EXPECT_EQ(mp::compute_dtype(dense), tf::float16);
  EXPECT_EQ(mp::dtype_policy(dense).name(), "mixed_float16");
  EXPECT_EQ(tf::keras::to_json(dense.get_config().at("dtype")),
            R"({"class_name": "DTypePolicy", "config": {"name": "mixed_float16"}, "module": "keras", "registered_name": null})");
  const tf::Tensor y = softmax(h);
  EXPECT_EQ(y.dtype(), tf::float32);
  EXPECT_NEAR(tf::reduce_sum(y, tf::Axes{1}).numpy<float>()[0], 1.0f, 1e-3);
  // Gradients reach the float32 variables through the casts.
  tf::GradientTape tape;
  const tf::Tensor loss = tf::reduce_sum(tf::cast(dense(x), tf::float32));
  const tf::Tensor g = tape.gradient(loss, dense.weights()[0]);
  EXPECT_EQ(g.dtype(), tf::float32);
  EXPECT_THROW(mp::set_dtype_policy(dense, mp::Policy("float32")), tf::FailedPreconditionError);
}

TEST_F(MixedPrecision, LayersMadeBeforeThePolicyKeepFloat32) {
  layers::Dense before(2);
  mp::set_global_policy("mixed_bfloat16");
  layers::Dense after(2);
  EXPECT_EQ(mp::dtype_policy(before).name(), "float32");
  EXPECT_EQ(before(tf::ones({1, 3})).dtype(), tf::float32);
  EXPECT_EQ(after(tf::ones({1, 3})).dtype(), tf::bfloat16);
  // A float32 layer takes a bfloat16 input in float32 (Keras' input autocast).
  EXPECT_EQ(before(tf::ones({1, 3}, tf::bfloat16)).dtype(), tf::float32);
}

TEST_F(MixedPrecision, ConfigsCarryThePolicy) {
  mp::set_global_policy("mixed_float16");
  keras::Sequential model({layers::Dense(3, {.input_shape = {4}}), layers::Dense(2)});
  mp::set_global_policy("float32");
  const keras::Config config = keras::layers::serialize(model);
  const auto loaded = keras::layers::deserialize(config);
  const auto& sublayers = loaded->sublayers();
  ASSERT_FALSE(sublayers.empty());
  EXPECT_EQ(mp::dtype_policy(*sublayers.back()).name(), "mixed_float16");
  EXPECT_EQ((*loaded)(tf::ones({1, 4})).dtype(), tf::float16);
}

TEST_F(MixedPrecision, LossScaleOptimizerScalesAndSkipsNonFiniteSteps) {
  tf::Variable v(tf::constant({1.0f, 2.0f}));
  mp::LossScaleOptimizer opt(keras::optimizers::SGD({.learning_rate = 1.0}), {.initial_scale = 8.0, .dynamic_growth_steps = 2});
  EXPECT_EQ(opt.scale_loss(tf::constant(3.0f)).item<float>(), 24.0f);  // the initial scale before build
  opt.build({v});
  EXPECT_EQ(opt.dynamic_scale().read_value().item<float>(), 8.0f);
  // Gradients of the scaled loss are divided by the scale before the inner step.
  opt.apply_gradients({tf::constant({8.0f, 16.0f})}, {v});
  EXPECT_EQ(v.numpy<float>(), (std::vector<float>{0.0f, 0.0f}));
  EXPECT_EQ(opt.step_counter().read_value().item<std::int64_t>(), 1);
  opt.apply_gradients({tf::constant({8.0f, 8.0f})}, {v});  // the second finite step doubles the scale
  EXPECT_EQ(opt.dynamic_scale().read_value().item<float>(), 16.0f);
  EXPECT_EQ(opt.step_counter().read_value().item<std::int64_t>(), 0);
  EXPECT_EQ(opt.iterations().read_value().item<std::int64_t>(), 2);
  opt.apply_gradients({tf::constant({INFINITY, 1.0f})}, {v});  // skipped, the scale halves
  EXPECT_EQ(v.numpy<float>(), (std::vector<float>{-1.0f, -1.0f}));
  EXPECT_EQ(opt.dynamic_scale().read_value().item<float>(), 8.0f);
  EXPECT_EQ(opt.iterations().read_value().item<std::int64_t>(), 2);
  const auto config = opt.get_config();
  EXPECT_EQ(std::get<double>(config.at("initial_scale")), 8.0);
  EXPECT_EQ(std::get<std::int64_t>(config.at("dynamic_growth_steps")), 2);
  EXPECT_EQ(opt.class_name(), "LossScaleOptimizer");
}

void fits_under(const std::string& policy) {
  mp::set_global_policy(policy);
  tf::random::set_seed(3);
  const int n = 256;
  std::vector<float> xs(n * 2);
  std::vector<std::int32_t> ys(n);
  for (int i = 0; i < n; ++i) {
    xs[2 * i] = std::sin(0.37f * i);
    xs[2 * i + 1] = std::cos(0.91f * i);
    ys[i] = (xs[2 * i] > 0) + 2 * (xs[2 * i + 1] > 0);
  }
  keras::Sequential model({layers::Dense(32, {.activation = "relu", .input_shape = {2}}), layers::Dense(4),
                           mp::with_policy(layers::Activation("softmax"), mp::Policy("float32"))});
  model.compile({.optimizer = mp::LossScaleOptimizer(keras::optimizers::Adam({.learning_rate = 0.02})),
                 .loss = "sparse_categorical_crossentropy",
                 .metrics = {"accuracy"}});
  const keras::History h = model.fit(tf::constant(xs, {n, 2}), tf::constant(ys, {n}), {.batch_size = 32, .epochs = 6, .verbose = 0});
  const auto& loss = h.history().at("loss");
  EXPECT_TRUE(std::isfinite(loss.back())) << policy;
  EXPECT_LT(loss.back(), loss.front()) << policy;
  EXPECT_GT(h.history().at("accuracy").back(), 0.8) << policy;
  EXPECT_EQ(model.predict(tf::constant(xs, {n, 2}), {.verbose = 0}).dtype(), tf::float32);
  EXPECT_EQ(model.trainable_weights()[0].dtype(), tf::float32);
}

TEST_F(MixedPrecision, FitTrainsUnderMixedFloat16) { fits_under("mixed_float16"); }
TEST_F(MixedPrecision, FitTrainsUnderMixedBFloat16) { fits_under("mixed_bfloat16"); }

}  // namespace
