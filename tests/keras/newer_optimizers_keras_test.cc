// Lion, Lamb, Adafactor, ScheduleFreeAdamW, Muon and the optimizers' EMA against Keras 3 on TensorFlow 2.21, run in the same test run: the
// same initial values and gradients over several steps give the same variables, the same
// optimizer variables (names, dtypes, values, in Keras' order, which checkpoints and .keras files
// follow) and the same configs, both eagerly and in a traced step.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include <tfpp/tfpp.h>
#include <tfpp/keras/optimizers/adafactor.h>
#include <tfpp/keras/optimizers/ema.h>
#include <tfpp/keras/optimizers/lamb.h>
#include <tfpp/keras/optimizers/lion.h>
#include <tfpp/keras/optimizers/muon.h>
#include <tfpp/keras/optimizers/schedule_free_adamw.h>
#include <tfpp/keras/saving.h>

#include "keras/optimizers_reference.h"

namespace {

namespace optimizers = tf::keras::optimizers;
namespace schedules = tf::keras::optimizers::schedules;
using tf::Tensor;
using tf::Variable;

constexpr int kSteps = 5;

// Variables of rank 2, 1, 3 and 2 (Adafactor factors the second moment of ranks >= 2; Muon
// orthogonalizes matrices, wide and tall).
struct VariableSpec {
  std::string name;
  std::vector<std::int64_t> shape;
};
const std::vector<VariableSpec>& specs() {
  static const std::vector<VariableSpec> all = {{"kernel", {2, 3}}, {"bias", {3}}, {"conv", {2, 2, 3}}, {"proj", {3, 2}}};
  return all;
}

std::int64_t size_of(const VariableSpec& s) {
  std::int64_t n = 1;
  for (std::int64_t d : s.shape) n *= d;
  return n;
}

std::vector<float> initial_value(std::size_t which) {
  std::vector<float> v;
  for (std::int64_t i = 0; i < size_of(specs()[which]); ++i)
    v.push_back(static_cast<float>(std::cos(0.9 * i + 2.0 * which) * (1.0 + 0.25 * i)));
  return v;
}

// Gradients of mixed signs and magnitudes, different at every step (one element zero).
std::vector<float> gradient(std::size_t which, int step) {
  const std::int64_t size = size_of(specs()[which]);
  std::vector<float> g;
  for (std::int64_t i = 0; i < size; ++i)
    g.push_back(i == step % size ? 0.0f
                                 : static_cast<float>(std::sin(1.3 * i + 0.7 * step + static_cast<double>(which)) *
                                                      (1.0 + 0.5 * step)));
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

std::string python_shape(const std::vector<std::int64_t>& shape) {
  std::string s = "(";
  for (std::int64_t d : shape) s += std::to_string(d) + ",";
  return s + ")";
}

struct Case {
  std::string name;    // the optimizer's name on both sides, and the results' key
  std::string python;  // the Keras constructor, without its name argument
  std::function<optimizers::Optimizer(const std::string& name)> make;
};

const std::vector<Case>& cases() {
  static const std::vector<Case> all = {
      {"lion", "Lion(learning_rate=0.01", [](auto n) { return optimizers::Lion({.learning_rate = 0.01, .name = n}); }},
      {"lion_options", "Lion(learning_rate=0.05, beta_1=0.5, beta_2=0.9, weight_decay=0.1",
       [](auto n) {
         return optimizers::Lion({.learning_rate = 0.05, .beta_1 = 0.5, .beta_2 = 0.9, .weight_decay = 0.1, .name = n});
       }},
      {"lamb", "Lamb(learning_rate=0.01", [](auto n) { return optimizers::Lamb({.learning_rate = 0.01, .name = n}); }},
      {"lamb_options", "Lamb(learning_rate=0.02, beta_1=0.8, beta_2=0.99, epsilon=1e-5, clipnorm=0.5",
       [](auto n) {
         return optimizers::Lamb(
             {.learning_rate = 0.02, .beta_1 = 0.8, .beta_2 = 0.99, .epsilon = 1e-5, .clipnorm = 0.5, .name = n});
       }},
      {"adafactor", "Adafactor(learning_rate=0.01",
       [](auto n) { return optimizers::Adafactor({.learning_rate = 0.01, .name = n}); }},
      {"adafactor_options",
       "Adafactor(learning_rate=0.5, beta_2_decay=-0.5, epsilon_1=1e-20, epsilon_2=0.01, clip_threshold=0.5, "
       "relative_step=False, global_clipnorm=2.0",
       [](auto n) {
         return optimizers::Adafactor({.learning_rate = 0.5, .beta_2_decay = -0.5, .epsilon_1 = 1e-20, .epsilon_2 = 0.01,
                                       .clip_threshold = 0.5, .relative_step = false, .global_clipnorm = 2.0, .name = n});
       }},
      {"adafactor_schedule",
       "Adafactor(learning_rate=keras.optimizers.schedules.ExponentialDecay(0.1, decay_steps=2, decay_rate=0.5)",
       [](auto n) {
         return optimizers::Adafactor(
             {.learning_rate = schedules::ExponentialDecay({.initial_learning_rate = 0.1, .decay_steps = 2, .decay_rate = 0.5}),
              .name = n});
       }},
      {"sf_adamw", "ScheduleFreeAdamW(learning_rate=0.01",
       [](auto n) { return optimizers::ScheduleFreeAdamW({.learning_rate = 0.01, .name = n}); }},
      {"sf_adamw_options",
       "ScheduleFreeAdamW(learning_rate=0.05, beta_1=0.8, beta_2=0.99, epsilon=1e-6, warmup_steps=3, weight_decay=0.01",
       [](auto n) {
         return optimizers::ScheduleFreeAdamW({.learning_rate = 0.05, .beta_1 = 0.8, .beta_2 = 0.99, .epsilon = 1e-6,
                                               .warmup_steps = 3, .weight_decay = 0.01, .name = n});
       }},
      {"muon", "Muon(learning_rate=0.01", [](auto n) { return optimizers::Muon({.learning_rate = 0.01, .name = n}); }},
      {"muon_options",
       "Muon(learning_rate=0.02, adam_beta_1=0.8, adam_weight_decay=None, weight_decay=0.1, exclude_layers=['proj'], "
       "muon_a=3.0, muon_b=-4.0, muon_c=1.5, adam_lr_ratio=0.5, momentum=0.9, ns_steps=3, nesterov=False, rms_rate=None",
       [](auto n) {
         return optimizers::Muon({.learning_rate = 0.02, .adam_beta_1 = 0.8, .adam_weight_decay = std::nullopt,
                                  .weight_decay = 0.1, .name = n, .exclude_layers = {"proj"}, .muon_a = 3.0,
                                  .muon_b = -4.0, .muon_c = 1.5, .adam_lr_ratio = 0.5, .momentum = 0.9, .ns_steps = 3,
                                  .nesterov = false, .rms_rate = std::nullopt});
       }},
      // Keras' EMA, on an older and a newer optimizer.
      {"adam_ema", "Adam(learning_rate=0.05, use_ema=True, ema_momentum=0.5",
       [](auto n) {
         optimizers::Optimizer o = optimizers::Adam({.learning_rate = 0.05, .name = n});
         optimizers::set_ema(o, {.momentum = 0.5});
         return o;
       }},
      {"lion_ema_overwrite", "Lion(learning_rate=0.01, use_ema=True, ema_momentum=0.9, ema_overwrite_frequency=2",
       [](auto n) {
         optimizers::Optimizer o = optimizers::Lion({.learning_rate = 0.01, .name = n});
         optimizers::set_ema(o, {.momentum = 0.9, .overwrite_frequency = 2});
         return o;
       }},
  };
  return all;
}

std::string reference_script() {
  std::ostringstream s;
  s << "import numpy as np, keras\n"
       "def out(key, values):\n"
       "    print('R:' + key, *[repr(float(x)) for x in np.ravel(np.asarray(values, dtype=np.float64))])\n"
       "SPECS = [";
  for (std::size_t i = 0; i < specs().size(); ++i)
    s << "('" << specs()[i].name << "', " << python_shape(specs()[i].shape) << ", " << python_list(initial_value(i)) << "),";
  s << "]\nGRADS = [";
  for (int step = 0; step < kSteps; ++step) {
    s << "[";
    for (std::size_t i = 0; i < specs().size(); ++i) s << python_list(gradient(i, step)) << ",";
    s << "],";
  }
  s << "]\n"
       "def run(key, opt):\n"
       "    vs = [keras.Variable(np.array(v, np.float32).reshape(shape), name=name) for name, shape, v in SPECS]\n"
       "    for step in range(" << kSteps << "):\n"
       "        opt.apply_gradients([(np.array(g, np.float32).reshape(v.shape), v) for g, v in zip(GRADS[step], vs)])\n"
       "        for v in vs: out(key + '/step' + str(step) + '/' + v.name, v.numpy())\n"
       "    for i, v in enumerate(opt.variables):\n"
       "        out(key + '/var/' + str(i) + '/' + v.path + '/' + str(v.dtype), v.numpy())\n"
       "    for name, value in opt.get_config().items():\n"
       "        if value is None: out(key + '/config/' + name, [float('nan')])\n"
       "        elif isinstance(value, (bool, int, float)): out(key + '/config/' + name, [float(value)])\n"
       "        else: out(key + '/config/' + name, [])\n";
  for (const Case& c : cases())
    s << "run('" << c.name << "', keras.optimizers." << c.python << ", name='" << c.name << "'))\n";
  return s.str();
}

class NewerOptimizersReference : public testing::Test {
 public:
  static void SetUpTestSuite() {
    results_ = new std::map<std::string, std::vector<double>>(tf::testing::run_reference_numbers(reference_script()));
  }
  static void TearDownTestSuite() {
    delete results_;
    results_ = nullptr;
  }
  static const std::vector<double>& expected(const std::string& key) {
    static const std::vector<double> none;
    const auto it = results_->find(key);
    if (it == results_->end()) {
      ADD_FAILURE() << "Keras printed no result '" << key << "'";
      return none;
    }
    return it->second;
  }
  static void expect_values(const std::string& key, const std::vector<double>& actual, double rtol = 2e-5) {
    const std::vector<double>& want = expected(key);
    ASSERT_EQ(actual.size(), want.size()) << key;
    for (std::size_t i = 0; i < want.size(); ++i)
      EXPECT_NEAR(actual[i], want[i], 1e-6 + rtol * std::abs(want[i])) << key << "[" << i << "]";
  }
  static std::map<std::string, std::vector<double>>* results_;
};

std::map<std::string, std::vector<double>>* NewerOptimizersReference::results_ = nullptr;

std::vector<double> values_of(const Tensor& t) { return tf::cast(t, tf::float64).numpy<double>(); }

std::vector<Variable> make_variables() {
  std::vector<Variable> vars;
  for (std::size_t i = 0; i < specs().size(); ++i)
    vars.emplace_back(tf::constant(initial_value(i), tf::TensorShape(specs()[i].shape)), tf::VariableOptions{.name = specs()[i].name});
  return vars;
}

std::vector<Tensor> step_gradients(int step) {
  std::vector<Tensor> grads;
  for (std::size_t i = 0; i < specs().size(); ++i) grads.push_back(tf::constant(gradient(i, step), tf::TensorShape(specs()[i].shape)));
  return grads;
}

std::string without_suffix(const std::string& name) { return name.substr(0, name.size() - 2); }

void expect_steps(const Case& c, const std::vector<Variable>& vars, int step) {
  for (std::size_t i = 0; i < vars.size(); ++i) {
    SCOPED_TRACE(specs()[i].name);
    const std::vector<double>& want = NewerOptimizersReference::expected(c.name + "/step" + std::to_string(step) + "/" + specs()[i].name);
    const std::vector<double> got = values_of(vars[i]);
    ASSERT_EQ(got.size(), want.size());
    for (std::size_t j = 0; j < want.size(); ++j) EXPECT_NEAR(got[j], want[j], 1e-6 + 2e-5 * std::abs(want[j])) << "step " << step;
  }
}

TEST_F(NewerOptimizersReference, UpdatesVariablesAndConfigsMatchKeras) {
  for (const Case& c : cases()) {
    SCOPED_TRACE(c.name);
    std::vector<Variable> vars = make_variables();
    optimizers::Optimizer opt = c.make(c.name);
    for (int step = 0; step < kSteps; ++step) {
      opt.apply_gradients(step_gradients(step), vars);
      expect_steps(c, vars, step);
    }
    // The optimizer's variables: Keras' order, paths, dtypes and values.
    std::set<std::string> keras_keys, keys;
    for (const auto& [key, values] : *results_)
      if (key.rfind(c.name + "/var/", 0) == 0) keras_keys.insert(key);
    const std::vector<Variable> opt_vars = opt.variables();
    for (std::size_t i = 0; i < opt_vars.size(); ++i) {
      const std::string key = c.name + "/var/" + std::to_string(i) + "/" + without_suffix(opt_vars[i].name()) + "/" +
                              std::string(tf::dtype_name(opt_vars[i].dtype()));
      keys.insert(key);
      if (keras_keys.contains(key)) expect_values(key, values_of(opt_vars[i]));
    }
    EXPECT_EQ(keys, keras_keys);
    // The same config keys; numbers, bools and None (NaN here) equal.
    std::set<std::string> keras_config, config_keys;
    for (const auto& [key, values] : *results_)
      if (key.rfind(c.name + "/config/", 0) == 0) keras_config.insert(key.substr(c.name.size() + 8));
    for (const auto& [key, value] : opt.get_config()) {
      config_keys.insert(key);
      const std::vector<double>& want = expected(c.name + "/config/" + key);
      if (const auto* d = std::get_if<double>(&value)) {
        ASSERT_EQ(want.size(), 1u) << key;
        EXPECT_NEAR(*d, want[0], 1e-12 + 1e-7 * std::abs(want[0])) << key;
      } else if (const auto* b = std::get_if<bool>(&value)) {
        ASSERT_EQ(want.size(), 1u) << key;
        EXPECT_EQ(*b ? 1.0 : 0.0, want[0]) << key;
      } else if (std::holds_alternative<std::nullptr_t>(value)) {
        ASSERT_EQ(want.size(), 1u) << key;
        EXPECT_TRUE(std::isnan(want[0])) << key << " is None in tfpp but not in Keras";
      }
    }
    EXPECT_EQ(config_keys, keras_config);
  }
}

TEST_F(NewerOptimizersReference, TracedStepsMatchKeras) {
  for (const Case& c : cases()) {
    SCOPED_TRACE(c.name);
    std::vector<Variable> vars = make_variables();
    optimizers::Optimizer opt = c.make(c.name + "_traced");
    opt.build(vars);
    auto train_step = tf::function([&](const std::vector<Tensor>& grads) {
      opt.apply_gradients(grads, vars);
      return opt.iterations().read_value();
    });
    for (int step = 0; step < kSteps; ++step) {
      train_step(step_gradients(step));
      expect_steps(c, vars, step);
    }
    EXPECT_EQ(train_step.tracing_count(), 1);
    EXPECT_EQ(opt.iterations().read_value().item<std::int64_t>(), kSteps);
  }
}

TEST(NewerOptimizers, SerializeRoundTripsAndGetKnowsThem) {
  for (const Case& c : cases()) {
    SCOPED_TRACE(c.name);
    const optimizers::Optimizer opt = c.make(c.name + "_round_trip");
    const optimizers::Optimizer copy = optimizers::deserialize(optimizers::serialize(opt));
    EXPECT_EQ(copy.class_name(), opt.class_name());
    EXPECT_EQ(tf::keras::to_json(optimizers::serialize(copy)), tf::keras::to_json(optimizers::serialize(opt)));
  }
  for (const auto& [identifier, class_name] : std::map<std::string, std::string>{
           {"lion", "Lion"}, {"Lion", "Lion"}, {"lamb", "Lamb"}, {"Lamb", "Lamb"}, {"adafactor", "Adafactor"},
           {"Adafactor", "Adafactor"}, {"ScheduleFreeAdamW", "ScheduleFreeAdamW"}, {"muon", "Muon"}}) {
    const auto opt = optimizers::get(identifier);
    EXPECT_EQ(opt->class_name(), class_name) << identifier;
    EXPECT_EQ(optimizers::deserialize(identifier).class_name(), class_name) << identifier;
  }
  EXPECT_EQ(optimizers::get("adafactor")->name().rfind("adafactor", 0), 0u);
  // Muon's exclude_layers is a list in serialized (and .keras) configs, as Keras writes it.
  const optimizers::Optimizer muon = optimizers::Muon({.name = "muon_layers", .exclude_layers = {"proj", "dense_\\d"}});
  const tf::keras::Config serialized = optimizers::serialize(muon);
  EXPECT_EQ(tf::keras::to_json(serialized.at("config").get<tf::keras::Config>().at("exclude_layers")), R"(["proj", "dense_\\d"])");
  EXPECT_EQ(tf::keras::to_json(optimizers::serialize(optimizers::deserialize(serialized))), tf::keras::to_json(serialized));
}

TEST(NewerOptimizers, EmaSwapsFinalizesAndComesFromConfigs) {
  Variable w(tf::constant(std::vector<float>{1.0f, 2.0f}), {.name = "w"});
  optimizers::Optimizer opt = optimizers::SGD({.learning_rate = 0.5, .name = "sgd_ema"});
  optimizers::set_ema(opt, {.momentum = 0.5});
  opt.apply_gradients({tf::constant(std::vector<float>{1.0f, 1.0f})}, {w});  // w 0.5, 1.5; average = w
  opt.apply_gradients({tf::constant(std::vector<float>{1.0f, 1.0f})}, {w});  // w 0, 1; average 0.25, 1.25
  EXPECT_EQ(w.read_value().numpy<float>(), (std::vector<float>{0.0f, 1.0f}));
  optimizers::swap_ema_weights(opt);
  EXPECT_EQ(w.read_value().numpy<float>(), (std::vector<float>{0.25f, 1.25f}));
  optimizers::swap_ema_weights(opt);
  EXPECT_EQ(w.read_value().numpy<float>(), (std::vector<float>{0.0f, 1.0f}));
  optimizers::finalize_ema_values(opt);
  optimizers::swap_ema_weights(opt);
  EXPECT_EQ(w.read_value().numpy<float>(), (std::vector<float>{0.0f, 1.0f}));
  EXPECT_THROW(optimizers::set_ema(opt, {}), tf::FailedPreconditionError);  // already built

  const optimizers::Optimizer from_config = optimizers::deserialize(tf::keras::Config{
      {"class_name", "Adam"},
      {"config", tf::keras::Config{{"use_ema", true}, {"ema_momentum", 0.8}, {"ema_overwrite_frequency", std::int64_t{3}}}}});
  const auto config = from_config.get_config();
  EXPECT_EQ(std::get<bool>(config.at("use_ema")), true);
  EXPECT_EQ(std::get<double>(config.at("ema_momentum")), 0.8);
  EXPECT_EQ(std::get<std::int64_t>(config.at("ema_overwrite_frequency")), 3);
  optimizers::Optimizer plain = optimizers::Adam();
  EXPECT_THROW(optimizers::swap_ema_weights(plain), tf::InvalidArgumentError);
  EXPECT_THROW(optimizers::set_ema(plain, {.momentum = 1.5}), tf::InvalidArgumentError);
  EXPECT_THROW(optimizers::set_ema(plain, {.overwrite_frequency = -1}), tf::InvalidArgumentError);
  EXPECT_NO_THROW(optimizers::set_ema(plain, {.overwrite_frequency = 0}));  // none, as Keras takes 0
}

TEST(NewerOptimizers, BadArgumentsAreClearErrors) {
  for (double beta_1 : {0.0, -0.1, 1.5}) {
    try {
      optimizers::Lion({.beta_1 = beta_1, .name = "bad_lion"});
      ADD_FAILURE() << "beta_1=" << beta_1 << " was accepted";
    } catch (const tf::InvalidArgumentError& e) {
      EXPECT_NE(std::string(e.what()).find("Argument `beta_1` must be in the [0, 1] range"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("[Lion 'bad_lion']"), std::string::npos) << e.what();
    }
  }
  EXPECT_NO_THROW(optimizers::Lion({.beta_1 = 1.0}));
  // A gradient of the wrong shape names the optimizer and both shapes.
  Variable v(tf::zeros({2, 3}), {.name = "w"});
  optimizers::Adafactor opt({.name = "af"});
  try {
    opt.apply_gradients({tf::zeros({3, 2})}, {v});
    ADD_FAILURE() << "a [3,2] gradient for a [2,3] variable was accepted";
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("[Adafactor 'af']"), std::string::npos) << e.what();
  }
}

}  // namespace
