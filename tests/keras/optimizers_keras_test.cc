// Every optimizer, clipping mode, weight decay and schedule against Keras 3 on TensorFlow 2.21,
// run in the same test run: the same initial values and gradients over several steps give the
// same variables and slot variables (names and values), and the same config keys and values.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include <tfpp/tfpp.h>
#include <tfpp/keras/optimizers/cosine_decay_restarts.h>

#include "keras/optimizers_reference.h"

namespace {

namespace optimizers = tf::keras::optimizers;
namespace schedules = tf::keras::optimizers::schedules;
using tf::Tensor;
using tf::Variable;

constexpr int kSteps = 4;

std::vector<float> initial_kernel() { return {0.5f, -0.25f, 1.0f, -1.5f, 0.125f, 2.0f}; }
std::vector<float> initial_bias() { return {0.3f, -0.7f, 0.05f}; }

// Gradients of mixed signs and magnitudes, different at every step (some elements zero).
std::vector<float> gradient(int size, int step, int salt) {
  std::vector<float> g;
  for (int i = 0; i < size; ++i)
    g.push_back(i == step % size ? 0.0f : static_cast<float>(std::sin(1.3 * i + 0.7 * step + salt) * (1.0 + 0.5 * step)));
  return g;
}

std::string python_list(const std::vector<float>& values) {
  std::ostringstream s;
  s.precision(9);
  s << "[";
  for (float v : values) s << v << ",";
  s << "]";
  return s.str();
}

struct Case {
  std::string name;    // the optimizer's name on both sides, and the results' key
  std::string python;  // the Keras constructor, without its name argument
  std::function<optimizers::Optimizer(const std::string& name)> make;
};

const std::vector<Case>& cases() {
  static const std::vector<Case> all = {
      {"sgd", "SGD(learning_rate=0.1", [](auto n) { return optimizers::SGD({.learning_rate = 0.1, .name = n}); }},
      {"sgd_momentum", "SGD(learning_rate=0.1, momentum=0.9",
       [](auto n) { return optimizers::SGD({.learning_rate = 0.1, .momentum = 0.9, .name = n}); }},
      {"sgd_nesterov", "SGD(learning_rate=0.1, momentum=0.9, nesterov=True",
       [](auto n) { return optimizers::SGD({.learning_rate = 0.1, .momentum = 0.9, .nesterov = true, .name = n}); }},
      {"adam", "Adam(learning_rate=0.01", [](auto n) { return optimizers::Adam({.learning_rate = 0.01, .name = n}); }},
      {"adam_defaults", "Adam(", [](auto n) { return optimizers::Adam({.name = n}); }},
      {"adam_amsgrad", "Adam(learning_rate=0.01, amsgrad=True",
       [](auto n) { return optimizers::Adam({.learning_rate = 0.01, .amsgrad = true, .name = n}); }},
      {"adamw", "AdamW(learning_rate=0.01, weight_decay=0.1",
       [](auto n) { return optimizers::AdamW({.learning_rate = 0.01, .weight_decay = 0.1, .name = n}); }},
      {"adamax", "Adamax(learning_rate=0.01", [](auto n) { return optimizers::Adamax({.learning_rate = 0.01, .name = n}); }},
      {"nadam", "Nadam(learning_rate=0.01", [](auto n) { return optimizers::Nadam({.learning_rate = 0.01, .name = n}); }},
      {"rmsprop", "RMSprop(learning_rate=0.01", [](auto n) { return optimizers::RMSprop({.learning_rate = 0.01, .name = n}); }},
      {"rmsprop_centered", "RMSprop(learning_rate=0.01, momentum=0.5, centered=True",
       [](auto n) {
         return optimizers::RMSprop({.learning_rate = 0.01, .momentum = 0.5, .centered = true, .name = n});
       }},
      {"adagrad", "Adagrad(learning_rate=0.1", [](auto n) { return optimizers::Adagrad({.learning_rate = 0.1, .name = n}); }},
      {"adadelta", "Adadelta(learning_rate=1.0", [](auto n) { return optimizers::Adadelta({.learning_rate = 1.0, .name = n}); }},
      {"ftrl", "Ftrl(learning_rate=0.1, l1_regularization_strength=0.01, l2_regularization_strength=0.02, "
               "l2_shrinkage_regularization_strength=0.01, beta=0.1",
       [](auto n) {
         return optimizers::Ftrl({.learning_rate = 0.1, .l1_regularization_strength = 0.01,
                                  .l2_regularization_strength = 0.02, .l2_shrinkage_regularization_strength = 0.01,
                                  .beta = 0.1, .name = n});
       }},
      {"sgd_clipnorm", "SGD(learning_rate=0.1, clipnorm=0.5",
       [](auto n) { return optimizers::SGD({.learning_rate = 0.1, .clipnorm = 0.5, .name = n}); }},
      {"adam_clipvalue", "Adam(learning_rate=0.01, clipvalue=0.3",
       [](auto n) { return optimizers::Adam({.learning_rate = 0.01, .clipvalue = 0.3, .name = n}); }},
      {"sgd_global_clipnorm", "SGD(learning_rate=0.1, global_clipnorm=0.7",
       [](auto n) { return optimizers::SGD({.learning_rate = 0.1, .global_clipnorm = 0.7, .name = n}); }},
      {"sgd_weight_decay", "SGD(learning_rate=0.1, weight_decay=0.05",
       [](auto n) { return optimizers::SGD({.learning_rate = 0.1, .weight_decay = 0.05, .name = n}); }},
      {"adam_schedule",
       "Adam(learning_rate=keras.optimizers.schedules.ExponentialDecay(0.01, decay_steps=2, decay_rate=0.5)",
       [](auto n) {
         return optimizers::Adam(
             {.learning_rate = schedules::ExponentialDecay({.initial_learning_rate = 0.01, .decay_steps = 2, .decay_rate = 0.5}),
              .name = n});
       }},
  };
  return all;
}

struct ScheduleCase {
  std::string name;
  std::string python;
  std::shared_ptr<const schedules::LearningRateSchedule> schedule;
};

const std::vector<ScheduleCase>& schedule_cases() {
  static const std::vector<ScheduleCase> all = {
      {"exponential", "ExponentialDecay(0.1, decay_steps=3, decay_rate=0.5)",
       std::make_shared<schedules::ExponentialDecay>(
           schedules::ExponentialDecayOptions{.initial_learning_rate = 0.1, .decay_steps = 3, .decay_rate = 0.5})},
      {"exponential_staircase", "ExponentialDecay(0.1, decay_steps=3, decay_rate=0.5, staircase=True)",
       std::make_shared<schedules::ExponentialDecay>(schedules::ExponentialDecayOptions{
           .initial_learning_rate = 0.1, .decay_steps = 3, .decay_rate = 0.5, .staircase = true})},
      {"piecewise", "PiecewiseConstantDecay([3, 7], [1.0, 0.5, 0.1])",
       std::make_shared<schedules::PiecewiseConstantDecay>(
           schedules::PiecewiseConstantDecayOptions{.boundaries = {3, 7}, .values = {1.0, 0.5, 0.1}})},
      {"piecewise_four", "PiecewiseConstantDecay([2, 5, 9], [0.4, 0.3, 0.2, 0.1])",
       std::make_shared<schedules::PiecewiseConstantDecay>(
           schedules::PiecewiseConstantDecayOptions{.boundaries = {2, 5, 9}, .values = {0.4, 0.3, 0.2, 0.1}})},
      {"polynomial", "PolynomialDecay(0.1, decay_steps=5, end_learning_rate=0.01, power=2.0)",
       std::make_shared<schedules::PolynomialDecay>(schedules::PolynomialDecayOptions{
           .initial_learning_rate = 0.1, .decay_steps = 5, .end_learning_rate = 0.01, .power = 2.0})},
      {"polynomial_cycle", "PolynomialDecay(0.1, decay_steps=4, end_learning_rate=0.01, power=0.5, cycle=True)",
       std::make_shared<schedules::PolynomialDecay>(schedules::PolynomialDecayOptions{
           .initial_learning_rate = 0.1, .decay_steps = 4, .end_learning_rate = 0.01, .power = 0.5, .cycle = true})},
      {"inverse_time", "InverseTimeDecay(0.1, decay_steps=2, decay_rate=0.5)",
       std::make_shared<schedules::InverseTimeDecay>(
           schedules::InverseTimeDecayOptions{.initial_learning_rate = 0.1, .decay_steps = 2, .decay_rate = 0.5})},
      {"inverse_time_staircase", "InverseTimeDecay(0.1, decay_steps=2, decay_rate=0.5, staircase=True)",
       std::make_shared<schedules::InverseTimeDecay>(schedules::InverseTimeDecayOptions{
           .initial_learning_rate = 0.1, .decay_steps = 2, .decay_rate = 0.5, .staircase = true})},
      {"cosine", "CosineDecay(0.1, decay_steps=6, alpha=0.1)",
       std::make_shared<schedules::CosineDecay>(
           schedules::CosineDecayOptions{.initial_learning_rate = 0.1, .decay_steps = 6, .alpha = 0.1})},
      {"cosine_warmup", "CosineDecay(0.0, decay_steps=6, alpha=0.1, warmup_target=0.2, warmup_steps=4)",
       std::make_shared<schedules::CosineDecay>(schedules::CosineDecayOptions{
           .initial_learning_rate = 0.0, .decay_steps = 6, .alpha = 0.1, .warmup_target = 0.2, .warmup_steps = 4})},
      {"cosine_restarts", "CosineDecayRestarts(0.1, first_decay_steps=3, alpha=0.1)",
       std::make_shared<schedules::CosineDecayRestarts>(
           schedules::CosineDecayRestartsOptions{.initial_learning_rate = 0.1, .first_decay_steps = 3, .alpha = 0.1})},
      {"cosine_restarts_equal", "CosineDecayRestarts(0.2, first_decay_steps=4, t_mul=1.0, m_mul=0.5)",
       std::make_shared<schedules::CosineDecayRestarts>(schedules::CosineDecayRestartsOptions{
           .initial_learning_rate = 0.2, .first_decay_steps = 4, .t_mul = 1.0, .m_mul = 0.5})},
  };
  return all;
}

constexpr int kScheduleSteps = 14;

std::string reference_script() {
  std::ostringstream s;
  s << "import numpy as np, keras\n"
       "def out(key, values):\n"
       "    print('R:' + key, *[repr(float(x)) for x in np.ravel(np.asarray(values, dtype=np.float64))])\n"
       "K0 = np.array(" << python_list(initial_kernel()) << ", np.float32).reshape(2, 3)\n"
       "B0 = np.array(" << python_list(initial_bias()) << ", np.float32)\n"
       "GK = [";
  for (int step = 0; step < kSteps; ++step) s << python_list(gradient(6, step, 0)) << ",";
  s << "]\nGB = [";
  for (int step = 0; step < kSteps; ++step) s << python_list(gradient(3, step, 1)) << ",";
  s << "]\n"
       "def run(key, opt):\n"
       "    k = keras.Variable(K0, name='kernel')\n"
       "    b = keras.Variable(B0, name='bias')\n"
       "    for step in range(" << kSteps << "):\n"
       "        opt.apply_gradients([(np.array(GK[step], np.float32).reshape(2, 3), k), (np.array(GB[step], np.float32), b)])\n"
       "        out(key + '/step' + str(step) + '/kernel', k.numpy())\n"
       "        out(key + '/step' + str(step) + '/bias', b.numpy())\n"
       "    for v in opt.variables:\n"
       "        out(key + '/var/' + v.path, v.numpy())\n"
       "    for name, value in opt.get_config().items():\n"
       "        if value is None: out(key + '/config/' + name, [float('nan')])\n"
       "        elif isinstance(value, (bool, int, float)): out(key + '/config/' + name, [float(value)])\n"
       "        else: out(key + '/config/' + name, [])\n";
  for (const Case& c : cases())
    s << "run('" << c.name << "', keras.optimizers." << c.python << (c.python.back() == '(' ? "" : ", ") << "name='"
      << c.name << "'))\n";
  s << "S = keras.optimizers.schedules\n";
  for (const ScheduleCase& c : schedule_cases())
    s << "out('schedule/" << c.name << "', [float(S." << c.python << "(np.int64(i))) for i in range(" << kScheduleSteps
      << ")])\n";
  return s.str();
}

class KerasReference : public testing::Test {
 protected:
  static void SetUpTestSuite() { results_ = new std::map<std::string, std::vector<double>>(tf::testing::run_reference_numbers(reference_script())); }
  static void TearDownTestSuite() {
    delete results_;
    results_ = nullptr;
  }
  static const std::vector<double>& expected(const std::string& key) {
    static const std::vector<double> none;
    const auto it = results_->find(key);
    if (it == results_->end()) {
      std::string printed;
      for (const auto& [k, v] : *results_) printed += " " + k;
      ADD_FAILURE() << "Keras printed no result '" << key << "'; it printed:" << printed;
      return none;
    }
    return it->second;
  }
  static bool has(const std::string& key) { return results_->contains(key); }
  static void expect_values(const std::string& key, const std::vector<double>& actual, double rtol = 2e-5) {
    const std::vector<double>& want = expected(key);
    ASSERT_EQ(actual.size(), want.size()) << key;
    for (std::size_t i = 0; i < want.size(); ++i)
      EXPECT_NEAR(actual[i], want[i], 1e-6 + rtol * std::abs(want[i])) << key << "[" << i << "]";
  }
  static std::map<std::string, std::vector<double>>* results_;
};

std::map<std::string, std::vector<double>>* KerasReference::results_ = nullptr;

std::vector<double> values_of(const Tensor& t) {
  const Tensor d = tf::cast(t, tf::float64);
  return d.numpy<double>();
}

TEST_F(KerasReference, UpdatesSlotsAndConfigsMatchKeras) {
  for (const Case& c : cases()) {
    SCOPED_TRACE(c.name);
    Variable kernel(tf::constant(initial_kernel(), {2, 3}), {.name = "kernel"});
    Variable bias(tf::constant(initial_bias()), {.name = "bias"});
    optimizers::Optimizer opt = c.make(c.name);
    for (int step = 0; step < kSteps; ++step) {
      opt.apply_gradients({{tf::constant(gradient(6, step, 0), {2, 3}), kernel}, {tf::constant(gradient(3, step, 1)), bias}});
      const std::string prefix = c.name + "/step" + std::to_string(step) + "/";
      expect_values(prefix + "kernel", values_of(kernel));
      expect_values(prefix + "bias", values_of(bias));
    }
    // The same optimizer variables, by name, in Keras' order, with the same values.
    std::vector<std::string> keras_names;
    for (const auto& [key, values] : *results_)
      if (key.rfind(c.name + "/var/", 0) == 0) keras_names.push_back(key);
    EXPECT_EQ(opt.variables().size(), keras_names.size());
    for (const Variable& v : opt.variables()) {
      expect_values(c.name + "/var/" + v.name().substr(0, v.name().size() - 2), values_of(v));
    }
    // The same config keys; numbers, bools and None (NaN here) equal.
    std::set<std::string> keras_keys;
    for (const auto& [key, values] : *results_)
      if (key.rfind(c.name + "/config/", 0) == 0) keras_keys.insert(key.substr(c.name.size() + 8));
    std::set<std::string> keys;
    for (const auto& [key, value] : opt.get_config()) {
      keys.insert(key);
      const std::vector<double>& want = expected(c.name + "/config/" + key);
      if (const auto* d = std::get_if<double>(&value)) {
        ASSERT_EQ(want.size(), 1u) << key;
        EXPECT_NEAR(*d, want[0], 1e-12) << key;
      } else if (const auto* b = std::get_if<bool>(&value)) {
        ASSERT_EQ(want.size(), 1u) << key;
        EXPECT_EQ(*b ? 1.0 : 0.0, want[0]) << key;
      } else if (std::holds_alternative<std::nullptr_t>(value)) {
        ASSERT_EQ(want.size(), 1u) << key;
        EXPECT_TRUE(std::isnan(want[0])) << key << " is None in tfpp but not in Keras";
      }
    }
    EXPECT_EQ(keys, keras_keys);
  }
}

TEST_F(KerasReference, OptimizerVariablesKeepKerasOrder) {
  // Adam with AMSGrad: iteration, learning_rate, then per variable momentum and velocity, then
  // the velocity_hats (Keras creates them in a second pass).
  Variable kernel(tf::zeros({2, 3}), {.name = "dense/kernel"});
  Variable bias(tf::zeros({3}), {.name = "dense/bias"});
  optimizers::Adam opt({.amsgrad = true, .name = "adam_order"});
  opt.build({kernel, bias});
  std::vector<std::string> names;
  for (const Variable& v : opt.variables()) names.push_back(v.name());
  EXPECT_EQ(names, (std::vector<std::string>{"adam_order/iteration:0", "adam_order/learning_rate:0",
                                             "adam_order/dense_kernel_momentum:0", "adam_order/dense_kernel_velocity:0",
                                             "adam_order/dense_bias_momentum:0", "adam_order/dense_bias_velocity:0",
                                             "adam_order/dense_kernel_velocity_hat:0",
                                             "adam_order/dense_bias_velocity_hat:0"}));
  EXPECT_EQ(opt.iterations().dtype(), tf::int64);
}

TEST_F(KerasReference, SchedulesMatchKerasAtEveryStep) {
  for (const ScheduleCase& c : schedule_cases()) {
    SCOPED_TRACE(c.name);
    std::vector<double> values;
    for (int step = 0; step < kScheduleSteps; ++step)
      values.push_back(values_of((*c.schedule)(tf::constant(std::int64_t{step})))[0]);
    expect_values("schedule/" + c.name, values, 1e-6);
  }
}

TEST_F(KerasReference, SchedulesEvaluateInsideTfFunction) {
  for (const ScheduleCase& c : schedule_cases()) {
    SCOPED_TRACE(c.name);
    auto traced = tf::function([&](const Tensor& step) { return (*c.schedule)(step); });
    std::vector<double> values;
    for (int step = 0; step < kScheduleSteps; ++step) values.push_back(values_of(traced(tf::constant(std::int64_t{step})))[0]);
    expect_values("schedule/" + c.name, values, 1e-6);
  }
}

}  // namespace
