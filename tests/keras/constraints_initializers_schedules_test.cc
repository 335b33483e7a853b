// MinMaxNorm, the Identity initializer, VarianceScaling and Identity read from layer configs, the
// registries of custom constraint, regularizer, initializer and schedule classes, and schedules::deserialize.
#include <gtest/gtest.h>

#include <cmath>
#include <tfpp/tfpp.h>
#include <tfpp/keras/constraint_classes.h>
#include <tfpp/keras/identity_initializer.h>
#include <tfpp/keras/initializer_classes.h>
#include <tfpp/keras/min_max_norm.h>
#include <tfpp/keras/optimizers/cosine_decay_restarts.h>
#include <tfpp/keras/optimizers/schedules_serialization.h>
#include <tfpp/keras/regularizer_classes.h>

#include "keras/layers/config_util.h"

namespace {

namespace keras = tf::keras;
namespace constraints = tf::keras::constraints;

TEST(MinMaxNorm, MovesColumnNormsIntoTheRange) {
  // Columns of norms 5, sqrt(0.2) and 0: clipped to [1, 2] at rate 1, halfway at rate 0.5.
  tf::Tensor w = tf::constant(std::vector<float>{3, 0.4f, 0, 4, 0.2f, 0}, {2, 3});
  std::vector<float> full = constraints::MinMaxNorm(1.0, 2.0)(w).numpy<float>();
  EXPECT_NEAR(full[0], 3 * 2 / 5.0, 1e-5);
  EXPECT_NEAR(full[3], 4 * 2 / 5.0, 1e-5);
  EXPECT_NEAR(full[1], 0.4 / std::sqrt(0.2), 1e-5);
  EXPECT_EQ(full[2], 0.0f);
  std::vector<float> half = constraints::MinMaxNorm(1.0, 2.0, 0.5)(w).numpy<float>();
  EXPECT_NEAR(half[0], 3 * 3.5 / 5.0, 1e-5);  // desired norm 0.5 * 2 + 0.5 * 5
  constraints::Constraint rows = constraints::MinMaxNorm(0.0, 1.0, 1.0, 1);
  EXPECT_EQ(rows.class_name(), "MinMaxNorm");
  EXPECT_EQ(rows.config().at("axis"), 1.0);
  EXPECT_NEAR(rows(w).numpy<float>()[0], 3 / std::sqrt(9 + 0.16), 1e-5);
  EXPECT_EQ(constraints::get("min_max_norm").class_name(), "MinMaxNorm");
}

TEST(NonNeg, GivesPositiveZeros) {
  std::vector<float> out = constraints::NonNeg()(tf::constant({-2.0f, 3.0f})).numpy<float>();
  EXPECT_EQ(out[0], 0.0f);
  EXPECT_FALSE(std::signbit(out[0]));
  EXPECT_EQ(out[1], 3.0f);
}

TEST(ConstraintFromConfig, ReadsNamesMinMaxNormAndRegisteredClasses) {
  EXPECT_EQ(keras::detail::constraint_from(keras::ConfigValue("non_neg"))->class_name(), "NonNeg");
  auto min_max = keras::detail::constraint_from(keras::Config{
      {"class_name", "MinMaxNorm"}, {"config", keras::Config{{"min_value", 0.5}, {"max_value", 2.0}}}});
  EXPECT_EQ(min_max->config().at("max_value"), 2.0);
  EXPECT_THROW(keras::detail::constraint_from(keras::Config{{"class_name", "Halve"}, {"config", keras::Config{}}}),
               tf::InvalidArgumentError);
  constraints::register_constraint_class("Halve", [](const keras::Config& c) {
    const double factor = c.at("factor").as_double();
    return constraints::Constraint("Halve", {{"factor", factor}}, [factor](const tf::Tensor& w) { return w * factor; });
  });
  auto halve = keras::detail::constraint_from(
      keras::Config{{"class_name", "Halve"}, {"config", keras::Config{{"factor", 0.5}}}});
  EXPECT_EQ((*halve)(tf::constant({4.0f})).numpy<float>()[0], 2.0f);
  EXPECT_FALSE(constraints::registered_constraint_class("Unknown"));
}

TEST(RegularizerFromConfig, ReadsRegisteredClasses) {
  const keras::Config serialized{{"class_name", "SumPenalty"}, {"config", keras::Config{{"factor", 0.5}}}};
  EXPECT_THROW(keras::detail::regularizer_from(serialized), tf::InvalidArgumentError);
  keras::regularizers::register_regularizer_class("SumPenalty", [](const keras::Config& c) {
    const double factor = c.at("factor").as_double();
    return keras::regularizers::Regularizer("SumPenalty", {{"factor", factor}},
                                            [factor](const tf::Tensor& w) { return tf::reduce_sum(w) * factor; });
  });
  auto penalty = keras::detail::regularizer_from(serialized);
  EXPECT_EQ((*penalty)(tf::constant({1.0f, 3.0f})).item<float>(), 2.0f);
  EXPECT_EQ(penalty->class_name(), "SumPenalty");
}

TEST(InitializerFromConfig, ReadsRegisteredClasses) {
  const keras::Config serialized{{"class_name", "Fives"}, {"config", keras::Config{{"value", 5.0}}}};
  EXPECT_THROW(keras::detail::initializer_from(serialized), tf::InvalidArgumentError);
  keras::initializers::register_initializer_class("Fives", [](const keras::Config& c) {
    const double value = c.at("value").as_double();
    return keras::initializers::Initializer(
        "Fives", {{"value", value}}, [value](const tf::TensorShape& shape, tf::DType dtype) { return tf::cast(tf::fill(shape, value), dtype); });
  });
  keras::initializers::Initializer fives = keras::detail::initializer_from(serialized);
  EXPECT_EQ(fives(tf::TensorShape({2}), tf::float64).numpy<double>(), (std::vector<double>{5, 5}));
  EXPECT_EQ(fives.class_name(), "Fives");
}

TEST(ScheduleClasses, AreFoundByClassOrRegisteredName) {
  namespace schedules = keras::optimizers::schedules;
  schedules::register_schedule_class(
      "Fixed", {.factory = [](const keras::Config& c) -> std::shared_ptr<const schedules::LearningRateSchedule> {
                  return std::make_shared<schedules::ExponentialDecay>(
                      schedules::ExponentialDecayOptions{.initial_learning_rate = c.at("rate").as_double(), .decay_rate = 1.0});
                },
                .module = std::nullopt,
                .registered_name = "Test>Fixed"});
  const keras::Config config{{"rate", 0.25}};
  for (const char* name : {"Fixed", "Test>Fixed"}) {
    auto s = schedules::deserialize(keras::Config{{"class_name", "Other"}, {"config", config}, {"registered_name", name}});
    EXPECT_NEAR((*s)(tf::constant(std::int64_t{5})).item<float>(), 0.25, 1e-7);
  }
  EXPECT_EQ(schedules::registered_schedule_class("Test>Fixed")->registered_name, "Test>Fixed");
  EXPECT_FALSE(schedules::registered_schedule_class("Unregistered"));
}

TEST(IdentityInitializer, ScalesTheIdentityAndRejectsOtherRanks) {
  std::vector<double> eye = keras::initializers::Identity(2.0)(tf::TensorShape({2, 3}), tf::float64).numpy<double>();
  EXPECT_EQ(eye, (std::vector<double>{2, 0, 0, 0, 2, 0}));
  EXPECT_THROW(keras::initializers::Identity()(tf::TensorShape({2, 2, 2})), tf::InvalidArgumentError);
  keras::initializers::Initializer from_config =
      keras::detail::initializer_from(keras::Config{{"class_name", "Identity"}, {"config", keras::Config{{"gain", 3.0}}}});
  EXPECT_EQ(from_config(tf::TensorShape({2, 2})).numpy<float>(), (std::vector<float>{3, 0, 0, 3}));
}

TEST(VarianceScalingFromConfig, ReadsModeAndDistribution) {
  keras::initializers::Initializer init = keras::detail::initializer_from(keras::Config{
      {"class_name", "VarianceScaling"},
      {"config", keras::Config{{"scale", 3.0}, {"mode", "fan_out"}, {"distribution", "uniform"}, {"seed", std::int64_t{4}},
                               {"input_axes", nullptr}}}});
  // Uniform within sqrt(3 * scale / fan_out) = sqrt(9 / 10).
  for (float v : init(tf::TensorShape({40, 10})).numpy<float>()) EXPECT_LE(std::abs(v), std::sqrt(0.9) + 1e-6);
  EXPECT_THROW(keras::detail::initializer_from(keras::Config{{"class_name", "VarianceScaling"},
                                                             {"config", keras::Config{{"mode", "sideways"}}}}),
               tf::InvalidArgumentError);
  EXPECT_THROW(keras::detail::initializer_from(keras::Config{{"class_name", "VarianceScaling"},
                                                             {"config", keras::Config{{"unknown", 1.0}}}}),
               tf::InvalidArgumentError);
}

TEST(ConstantInitializer, BroadcastsAnArrayAndKeepsItsConfig) {
  // Keras 3: value * ones(shape), so a bias of 3 from one value and a 2 x 2 kernel from a matrix.
  keras::initializers::Initializer one = keras::initializers::Constant(tf::constant(std::vector<double>{-1.5}));
  EXPECT_EQ(one(tf::TensorShape({3})).numpy<float>(), (std::vector<float>{-1.5f, -1.5f, -1.5f}));
  const keras::ConfigValue numpy = one.other_config().at("value");
  EXPECT_EQ(numpy.get<keras::Config>().at("class_name").get<std::string>(), "__numpy__");
  keras::Config written = keras::detail::object_config(one).get<keras::Config>();
  keras::initializers::Initializer again = keras::detail::initializer_from(written);
  EXPECT_EQ(again(tf::TensorShape({2})).numpy<float>(), (std::vector<float>{-1.5f, -1.5f}));

  // A Python list of lists in the config, kept as written; int32 arrays keep integer values.
  keras::ConfigValue rows = keras::ConfigValue::List{keras::ConfigValue::List{1.0, 2.0}, keras::ConfigValue::List{3.0, 4.0}};
  keras::initializers::Initializer matrix =
      keras::detail::initializer_from(keras::Config{{"class_name", "Constant"}, {"config", keras::Config{{"value", rows}}}});
  EXPECT_EQ(matrix(tf::TensorShape({2, 2}), tf::float64).numpy<double>(), (std::vector<double>{1, 2, 3, 4}));
  EXPECT_EQ(matrix.other_config().at("value").get<keras::ConfigValue::List>().size(), 2u);
  keras::Config ints = keras::initializers::Constant(tf::constant(std::vector<std::int32_t>{1, 2})).other_config();
  const keras::Config& array = ints.at("value").get<keras::Config>().at("config").get<keras::Config>();
  EXPECT_EQ(array.at("dtype").get<std::string>(), "int32");
  EXPECT_TRUE(array.at("value").get<keras::ConfigValue::List>()[1].holds<std::int64_t>());

  // Shapes that do not broadcast, ragged lists and non-numbers are InvalidArgumentError.
  EXPECT_THROW(keras::initializers::Constant(tf::constant(std::vector<float>{1, 2}))(tf::TensorShape({3})),
               tf::InvalidArgumentError);
  keras::ConfigValue ragged = keras::ConfigValue::List{keras::ConfigValue::List{1.0}, keras::ConfigValue::List{}};
  EXPECT_THROW(keras::detail::initializer_from(keras::Config{{"class_name", "Constant"}, {"config", keras::Config{{"value", ragged}}}}),
               tf::InvalidArgumentError);
  EXPECT_THROW(keras::detail::initializer_from(keras::Config{{"class_name", "Constant"}, {"config", keras::Config{{"value", "two"}}}}),
               tf::InvalidArgumentError);
}

TEST(SchedulesDeserialize, MakesBuiltInSchedulesAndNamesUnknownOnes) {
  namespace schedules = keras::optimizers::schedules;
  auto restarts = schedules::deserialize(keras::Config{
      {"module", "keras.optimizers.schedules"},
      {"class_name", "CosineDecayRestarts"},
      {"config", keras::Config{{"initial_learning_rate", 0.1}, {"first_decay_steps", std::int64_t{3}}, {"alpha", 0.1}}}});
  EXPECT_EQ(restarts->class_name(), "CosineDecayRestarts");
  EXPECT_NEAR((*restarts)(tf::constant(std::int64_t{3})).item<float>(), 0.1, 1e-7);  // the first restart
  EXPECT_NEAR((*restarts)(tf::constant(std::int64_t{1})).item<float>(), 0.0775, 1e-6);
  EXPECT_THROW(schedules::deserialize(keras::Config{{"class_name", "Nope"}, {"config", keras::Config{}}}),
               tf::UnimplementedError);
  EXPECT_THROW(schedules::CosineDecayRestarts({.first_decay_steps = 0}), tf::InvalidArgumentError);
}

}  // namespace
