// .keras files exchanged with Keras 3.15 in the same test run, for models whose compile
// arguments, layers, call arguments or dicts of inputs and outputs go beyond the plain ones of
// keras_file_test.cc: Keras (tests/keras/saving/keras_exchange_reference.py) trains a model one
// epoch and saves it; tfpp loads the file (same predictions, same compile config: optimizer,
// learning-rate schedule, metric objects), saves it again, and Keras loads tfpp's file (same
// predictions and config); then one more epoch on each of the three gives the same weights,
// optimizer variables and evaluate() results, so training resumes the same on either side.
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "io/npy.h"
#include "keras/saving/file_bytes.h"
#include "keras/saving/keras_files_models.h"
#include "keras/saving/zip_archive.h"
#include "tfpp/errors.h"
#include "tfpp/keras/callbacks.h"
#include "tfpp/keras/input.h"
#include "tfpp/keras/layers/core.h"
#include "tfpp/keras/layers/score_attention.h"
#include "tfpp/keras/saving.h"

namespace tf::keras {
namespace {

namespace fs = std::filesystem;
using List = ConfigValue::List;

fs::path scratch_dir(const std::string& kind) {
  fs::path dir = fs::temp_directory_path() / ("tfpp_keras_exchange_" + std::to_string(getpid())) / kind;
  fs::create_directories(dir);
  return dir;
}

// What the script printed: predictions, the compile config, and the state after one more epoch.
struct KerasState {
  std::vector<std::vector<float>> predictions;
  ConfigValue compile_config;
  std::vector<std::vector<float>> weights;
  std::vector<std::string> optimizer_variables;  // hex: the iteration counter compares exactly
  Logs evaluation;
  bool resumed = false;
};

KerasState parse(const std::string& out) {
  KerasState s;
  std::istringstream lines(out);
  std::string line;
  bool seen_compile = false;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string tag, key, value;
    words >> tag;
    if (tag == "pred" && words >> key >> value) s.predictions.push_back(testing::floats_of_hex(value));
    else if (tag == "compile") s.compile_config = from_json(line.substr(8)), seen_compile = true;
    else if (tag == "---") s.resumed = true;
    else if (tag == "weight" && words >> key >> value) s.weights.push_back(testing::floats_of_hex(value));
    else if (tag == "opt" && words >> key >> value) s.optimizer_variables.push_back(value);
    else if (tag == "eval" && words >> key >> value) s.evaluation[key] = std::stod(value);
  }
  if (!seen_compile || (s.resumed && s.evaluation.empty())) ADD_FAILURE() << "the Keras script failed:\n" << out;
  return s;
}

KerasState run_script(const std::string& args) {
  return parse(testing::run_command(testing::reference_python() + " " + testing::source_dir() +
                                    "/tests/keras/saving/keras_exchange_reference.py " + args + " 2>&1"));
}

void expect_near(const std::vector<float>& a, const std::vector<float>& b, float tolerance) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], tolerance * (1 + std::abs(b[i]))) << "at " << i;
}

// Two configs hold the same keys and values; numbers compare by value (Keras writes [2, 4]
// where tfpp keeps floats) within float tolerance.
void expect_same_config(const ConfigValue& a, const ConfigValue& b, const std::string& at) {
  const auto number = [](const ConfigValue& v) { return v.holds<double>() || v.holds<std::int64_t>(); };
  // tfpp keeps a metric's thresholds as a list: a single number given to Keras comes back as [x].
  if (a.holds<List>() && a.get<List>().size() == 1 && number(b)) return expect_same_config(a.get<List>()[0], b, at);
  if (number(a) && number(b)) {
    EXPECT_NEAR(a.as_double(), b.as_double(), 1e-12 * (1 + std::abs(b.as_double()))) << at;
  } else if (a.holds<List>() && b.holds<List>()) {
    ASSERT_EQ(a.get<List>().size(), b.get<List>().size()) << at;
    for (std::size_t i = 0; i < a.get<List>().size(); ++i)
      expect_same_config(a.get<List>()[i], b.get<List>()[i], at + "[" + std::to_string(i) + "]");
  } else if (a.holds<Config>() && b.holds<Config>()) {
    const Config &ca = a.get<Config>(), &cb = b.get<Config>();
    for (const auto& [key, value] : cb) {
      if (!ca.count(key)) {
        ADD_FAILURE() << at << "." << key << " is missing in tfpp's config (Keras: " << to_json(value) << ")";
        continue;
      }
      expect_same_config(ca.at(key), value, at + "." + key);
    }
    for (const auto& [key, value] : ca)
      if (!cb.count(key)) ADD_FAILURE() << at << "." << key << " = " << to_json(value) << " is not in Keras' config";
  } else {
    EXPECT_EQ(to_json(a), to_json(b)) << at;
  }
}

std::vector<Tensor> read_inputs(const fs::path& dir, const std::string& stem) {
  std::vector<Tensor> out;
  for (int i = 0; fs::exists(dir / (stem + "_" + std::to_string(i) + ".npy")); ++i)
    out.push_back(io::read_npy(dir / (stem + "_" + std::to_string(i) + ".npy")));
  return out;
}

std::vector<std::vector<float>> predictions(Model& model, const std::vector<Tensor>& x) {
  std::vector<std::vector<float>> out;
  for (const Tensor& t : model.predict_all(x, {.verbose = 0})) out.push_back(cast(t, float32).numpy<float>());
  return out;
}

void expect_same_predictions(const std::vector<std::vector<float>>& ours, const std::vector<std::vector<float>>& theirs) {
  ASSERT_EQ(ours.size(), theirs.size());
  for (std::size_t i = 0; i < ours.size(); ++i) {
    SCOPED_TRACE("output " + std::to_string(i));
    expect_near(ours[i], theirs[i], 1e-5f);
  }
}

// One more epoch in tfpp as the script's resume(), compared with Keras' state after it.
void expect_resumes_as(Model& model, const fs::path& dir, const KerasState& keras) {
  ASSERT_TRUE(keras.resumed);
  const std::vector<Tensor> x = read_inputs(dir, "train");
  const Tensor y = io::read_npy(dir / "target.npy");
  model.fit(x, {y}, {.batch_size = 4, .epochs = 1, .verbose = 0, .shuffle = false});
  const std::vector<Variable> weights = model.weights();
  ASSERT_EQ(weights.size(), keras.weights.size());
  for (std::size_t j = 0; j < weights.size(); ++j) {
    SCOPED_TRACE("weight " + weights[j].name());
    expect_near(weights[j].read_value().numpy<float>(), keras.weights[j], 1e-4f);
  }
  const std::vector<Variable> vars = model.optimizer().variables();
  ASSERT_EQ(vars.size(), keras.optimizer_variables.size());
  EXPECT_EQ(testing::hex_bytes(vars[0].read_value()), keras.optimizer_variables[0]) << "iterations";
  for (std::size_t j = 1; j < vars.size(); ++j) {
    SCOPED_TRACE("optimizer variable " + vars[j].name());
    expect_near(vars[j].read_value().numpy<float>(), testing::floats_of_hex(keras.optimizer_variables[j]), 1e-4f);
  }
  const Logs logs = model.evaluate(x, {y}, {.batch_size = 4, .verbose = 0});
  EXPECT_EQ(logs.size(), keras.evaluation.size());
  for (const auto& [name, value] : keras.evaluation) {
    ASSERT_TRUE(logs.count(name)) << "tfpp's evaluate has no " << name;
    EXPECT_NEAR(logs.at(name), value, 1e-4 * (1 + std::abs(value))) << name;
  }
}

class KerasExchange : public ::testing::TestWithParam<std::string> {};

TEST_P(KerasExchange, KerasFileLoadsSavesAndResumesOnBothSides) {
  const std::string kind = GetParam();
  const fs::path dir = scratch_dir(kind);
  const KerasState keras = run_script("save " + kind + " '" + dir.string() + "'");
  const std::vector<Tensor> x = read_inputs(dir, "pred");
  Model model = models::load_model(dir / "keras.keras");
  expect_same_predictions(predictions(model, x), keras.predictions);
  if (keras.compile_config.is_null()) {
    EXPECT_FALSE(model.compiled());
  } else {
    ASSERT_TRUE(model.compiled());
    expect_same_config(model.get_compile_config(), keras.compile_config, "compile_config");
  }
  const fs::path ours = dir / "tfpp.keras";
  model.save(ours);
  const KerasState keras_of_ours = run_script("load " + kind + " '" + ours.string() + "' '" + dir.string() + "'");
  expect_same_predictions(keras_of_ours.predictions, keras.predictions);
  expect_same_config(keras_of_ours.compile_config, keras.compile_config, "Keras' compile_config of tfpp's file");
  if (!model.compiled()) return;
  {
    SCOPED_TRACE("tfpp resumes the file Keras wrote");
    expect_resumes_as(model, dir, keras);
  }
  {
    SCOPED_TRACE("Keras resumes the file tfpp wrote");
    ASSERT_TRUE(keras_of_ours.resumed);
    ASSERT_EQ(keras_of_ours.weights.size(), keras.weights.size());
    for (std::size_t j = 0; j < keras.weights.size(); ++j) expect_near(keras_of_ours.weights[j], keras.weights[j], 1e-5f);
    EXPECT_EQ(keras_of_ours.optimizer_variables, keras.optimizer_variables);
    EXPECT_EQ(keras_of_ours.evaluation, keras.evaluation);
  }
}

INSTANTIATE_TEST_SUITE_P(Models, KerasExchange,
                         ::testing::Values("schedule_exponential", "schedule_piecewise", "schedule_cosine",
                                           "schedule_polynomial", "schedule_inverse_time", "bidirectional",
                                           "time_distributed", "embedding_mask", "masking", "attention_call",
                                           "attention_mask", "mha_call", "ops", "dict_io"));

// The message of the tf::Error fn throws, or "no error".
std::string error_of(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

// The .keras file at `path` with `from` replaced by `to` in its config.json.
void edit_config(const fs::path& path, const std::string& from, const std::string& to) {
  const std::string bytes = saving::detail::read_file_bytes(path, "[test]");
  const saving::detail::ZipReader zip(bytes, path, "[test]");
  std::string config = zip.read("config.json");
  const std::size_t at = config.find(from);
  ASSERT_NE(at, std::string::npos) << config;
  config.replace(at, from.size(), to);
  std::vector<std::pair<std::string, std::string>> members;
  for (const std::string& name : zip.names()) members.emplace_back(name, name == "config.json" ? config : zip.read(name));
  const std::string edited = saving::detail::make_zip(members, path, "[test]");
  std::ofstream(path, std::ios::binary | std::ios::trunc).write(edited.data(), static_cast<std::streamsize>(edited.size()));
}

TEST(KerasExchange, SchedulesAndMetricObjectsRoundTripThroughTfppFiles) {
  namespace schedules = optimizers::schedules;
  const std::shared_ptr<Model> model = testing::saving_model("mlp");
  model->compile({.optimizer = optimizers::Adam({.learning_rate = schedules::CosineDecay(
                      {.initial_learning_rate = 0.02, .decay_steps = 4, .warmup_target = 0.04, .warmup_steps = 2})}),
                  .loss = "mse",
                  .metrics = {metrics::AUC({.num_thresholds = 20, .curve = "PR", .multi_label = true}),
                              metrics::MeanIoU({.num_classes = 3, .ignore_class = 0}),
                              metrics::Recall({.thresholds = {0.2, 0.7}, .class_id = 1})}});
  const fs::path path = scratch_dir("round_trip") / "m.keras";
  model->save(path);
  Model loaded = models::load_model(path);
  EXPECT_EQ(to_json(loaded.get_compile_config()), to_json(model->get_compile_config()));
  const ConfigValue lr = optimizers::serialize(loaded.optimizer()).at("config").get<Config>().at("learning_rate");
  EXPECT_EQ(to_json(lr),
            R"({"class_name": "CosineDecay", "config": {"alpha": 0.0, "decay_steps": 4, "initial_learning_rate": 0.02, )"
            R"("name": "CosineDecay", "warmup_steps": 2, "warmup_target": 0.04}, "module": "keras.optimizers.schedules", )"
            R"("registered_name": null})");
}

TEST(KerasExchange, SchedulesAndMetricsTfppLacksAreErrorsNamingClassAndFile) {
  const std::shared_ptr<Model> model = testing::saving_model("mlp");
  model->compile({.optimizer = optimizers::SGD({.learning_rate = optimizers::schedules::ExponentialDecay()}),
                  .loss = "mse", .metrics = {metrics::Precision()}});
  const fs::path path = scratch_dir("errors") / "m.keras";
  model->save(path);
  // A schedule class neither Keras nor any registration defines.
  edit_config(path, R"("class_name": "ExponentialDecay")", R"("class_name": "StairwayDecay")");
  std::string error = error_of([&] { models::load_model(path); });
  EXPECT_EQ(error.rfind("[load_model] '" + path.string() +
                            "': [schedules.deserialize] learning-rate schedule class 'StairwayDecay' is not one tfpp has",
                        0),
            0u)
      << error;
  EXPECT_THROW(models::load_model(path), UnimplementedError);
  // Without compile, the model itself loads.
  EXPECT_FALSE(models::load_model(path, {.compile = false}).compiled());
  edit_config(path, R"("class_name": "StairwayDecay")", R"("class_name": "ExponentialDecay")");
  edit_config(path, R"("class_name": "Precision")", R"("class_name": "PearsonCorrelation")");
  error = error_of([&] { models::load_model(path); });
  EXPECT_EQ(error.rfind("[load_model] '" + path.string() + "': [metrics.deserialize] metric class 'PearsonCorrelation'", 0), 0u) << error;
  edit_config(path, R"("class_name": "PearsonCorrelation")", R"("class_name": "Precision")");
  edit_config(path, R"("top_k": null)", R"("top_k": null, "sparse": true)");
  error = error_of([&] { models::load_model(path); });
  EXPECT_EQ(error.rfind("[load_model] '" + path.string() + "': [metrics.deserialize] Precision: the config's 'sparse' (true)", 0), 0u)
      << error;
}

TEST(KerasExchange, LoadWeightsSkipMismatchKeepsTheLayersThatDoNotMatch) {
  namespace layers = keras::layers;
  Sequential saved({layers::Dense(4, {.input_shape = {3}}), layers::Dense(3), layers::Dense(2)});
  const fs::path path = scratch_dir("skip_mismatch") / "m.weights.h5";
  saved.save_weights(path);
  Sequential other({layers::Dense(4, {.input_shape = {3}, .name = "a"}), layers::Dense(5, {.name = "b"}),
                    layers::Dense(2, {.name = "c"})});
  const std::vector<Tensor> before = other.get_weights();
  // Without skip_mismatch: an error naming the layer, and nothing changes.
  const std::string error = error_of([&] { other.load_weights(path); });
  EXPECT_NE(error.find("layer 'b': weight " + other.layers()[1]->weights()[0].name() +
                       " has shape (4, 5), the file's layers/dense_1/vars/0 has shape (4, 3)"),
            std::string::npos)
      << error;
  for (std::size_t i = 0; i < before.size(); ++i) EXPECT_EQ(other.get_weights()[i].numpy<float>(), before[i].numpy<float>());
  // With it: the first layer loads; the second (5 units, not 3) and the third (its kernel now
  // has 5 rows) keep their weights, with one warning.
  ::testing::internal::CaptureStderr();
  other.load_weights(path, true);
  const std::string warning = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(warning.rfind("UserWarning: A total of 2 objects could not be loaded. Example error message for layer 'b':", 0), 0u)
      << warning;
  EXPECT_NE(warning.find("List of objects that could not be loaded:\n[layer 'b', layer 'c']"), std::string::npos) << warning;
  const std::vector<Tensor> after = other.get_weights(), want = saved.get_weights();
  EXPECT_EQ(after[0].numpy<float>(), want[0].numpy<float>());
  EXPECT_EQ(after[1].numpy<float>(), want[1].numpy<float>());
  EXPECT_EQ(after[2].numpy<float>(), before[2].numpy<float>());
  EXPECT_EQ(after[3].numpy<float>(), before[3].numpy<float>());
  EXPECT_EQ(after[4].numpy<float>(), before[4].numpy<float>());
  EXPECT_EQ(after[5].numpy<float>(), before[5].numpy<float>());
}

TEST(KerasExchange, CallArgumentsAndOpsTfppCannotTakeAreErrorsNamingThemAndTheFile) {
  const fs::path dir = scratch_dir("bad_calls");
  auto q = Input({4, 3}, {.name = "q"});
  auto v = Input({5, 3}, {.name = "v"});
  Model model(std::vector<KerasTensor>{q, v}, {layers::Attention({.name = "att"})({q, v})}, {.name = "attention"});
  const fs::path path = dir / "m.keras";
  model.save(path);
  edit_config(path, R"("kwargs": {"mask": null})", R"("kwargs": {"mask": null, "use_causal_mask": 3})");
  std::string error = error_of([&] { models::load_model(path); });
  EXPECT_EQ(error, "[load_model] '" + path.string() +
                       "': [Functional.from_config] the call of 'att' (Attention) passes use_causal_mask=3, not a bool")
      << error;
  edit_config(path, R"("use_causal_mask": 3)", R"("dropout_rate": 0.5)");
  error = error_of([&] { models::load_model(path); });
  EXPECT_EQ(error, "[load_model] '" + path.string() +
                       "': [Functional.from_config] the call of 'att' (Attention) passes 'dropout_rate' (0.5), which tfpp's "
                       "Attention does not take")
      << error;
}

}  // namespace
}  // namespace tf::keras
