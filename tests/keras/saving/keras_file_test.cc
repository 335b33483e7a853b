// Model::save / models::load_model in Keras 3's .keras format: Keras 3.15 loads tfpp's files and
// tfpp loads Keras' (weights and optimizer variables equal bit for bit, predictions equal within
// float tolerance, and one more epoch of fit on both sides gives the same state, so training
// resumes where it stopped); compile arguments, custom layers, to_json / model_from_json, and
// damaged files rejected with errors naming the file.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "error_of.h"
#include "keras/saving/keras_files_models.h"
#include "tfpp/errors.h"
#include "tfpp/keras/keras.h"

namespace tf::keras {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("tfpp_keras_file_" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir / name;
}

std::string file_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void write_bytes(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

void expect_near(const std::vector<float>& a, const std::vector<float>& b, float tolerance = 1e-5f) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], tolerance * (1 + std::abs(b[i]))) << "at " << i;
}

std::vector<float> predictions(Model& model, const std::string& kind) {
  return model.predict(testing::saving_inputs(kind, 5, 3), {.verbose = 0}).numpy<float>();
}

// The script's resume(): one more epoch on other fixed data.
void resume(Model& model, const std::string& kind) {
  model.fit(testing::saving_inputs(kind, 8, 5), testing::saving_data({8, 3}, 2), {.batch_size = 4, .epochs = 1, .verbose = 0, .shuffle = false});
}

// Two describe_state texts hold the same names and values within float tolerance (after
// training, where each side's float rounding may differ in the last bits).
void expect_same_state(const std::string& ours, const std::string& theirs) {
  std::istringstream a(ours), b(theirs);
  std::string la, lb;
  while (std::getline(a, la)) {
    ASSERT_TRUE(static_cast<bool>(std::getline(b, lb))) << "Keras has fewer lines; tfpp's: " << la;
    const std::size_t cut_a = la.rfind(' '), cut_b = lb.rfind(' ');
    ASSERT_EQ(la.substr(0, cut_a), lb.substr(0, cut_b));
    if (la.rfind("opt 0 ", 0) == 0) {  // the iteration counter, an int64
      EXPECT_EQ(la, lb);
      continue;
    }
    SCOPED_TRACE(la.substr(0, cut_a));
    expect_near(testing::floats_of_hex(la.substr(cut_a + 1)), testing::floats_of_hex(lb.substr(cut_b + 1)), 1e-4f);
  }
  EXPECT_FALSE(static_cast<bool>(std::getline(b, lb))) << "Keras has more lines: " << lb;
}

struct ScriptRun {
  std::string saved_state;
  std::vector<float> saved_predictions;
  std::string resumed_state;
};

ScriptRun run_script(const std::string& mode, const std::string& kind, const fs::path& path) {
  const std::string out = testing::run_keras_files_script(mode, kind, path);
  const std::size_t split = out.find("---\n");
  if (split == std::string::npos) {
    ADD_FAILURE() << "the Keras script failed:\n" << out;
    return {};
  }
  const auto [state, preds] = testing::split_script_output(out.substr(0, split));
  return {state, preds, testing::split_script_output(out.substr(split + 4)).first};
}

// Dropout makes the mlp's training random on each side; the other models train the same.
bool trains_deterministically(const std::string& kind) { return kind != "mlp"; }

class KerasFileInterop : public ::testing::TestWithParam<std::string> {};

TEST_P(KerasFileInterop, KerasLoadsWhatTfppSaves) {
  const std::string kind = GetParam();
  const std::shared_ptr<Model> model = testing::saving_model(kind);
  testing::compile_saving_model(*model);
  model->fit(testing::saving_inputs(kind, 8, 0), testing::saving_data({8, 3}, 1), {.batch_size = 4, .epochs = 1, .verbose = 0, .shuffle = false});
  const fs::path path = scratch(kind + "_tfpp.keras");
  model->save(path);
  const ScriptRun keras = run_script("model-load", kind, path);
  EXPECT_EQ(keras.saved_state, testing::describe_state(*model));
  expect_near(keras.saved_predictions, predictions(*model, kind));
  if (!trains_deterministically(kind)) return;
  resume(*model, kind);
  expect_same_state(testing::describe_state(*model), keras.resumed_state);
}

TEST_P(KerasFileInterop, TfppLoadsWhatKerasSaves) {
  const std::string kind = GetParam();
  const fs::path path = scratch(kind + "_keras.keras");
  const ScriptRun keras = run_script("model-save", kind, path);
  Model model = models::load_model(path);
  EXPECT_EQ(model.class_name(), kind == "functional" ? "Functional" : "Sequential");
  ASSERT_TRUE(model.compiled());
  EXPECT_EQ(model.optimizer().class_name(), "Adam");
  EXPECT_NEAR(model.optimizer().learning_rate(), 0.01, 1e-9);
  EXPECT_EQ(testing::describe_state(model), keras.saved_state);
  expect_near(predictions(model, kind), keras.saved_predictions);
  if (!trains_deterministically(kind)) return;
  resume(model, kind);
  expect_same_state(testing::describe_state(model), keras.resumed_state);
}

INSTANTIATE_TEST_SUITE_P(Models, KerasFileInterop, ::testing::Values("mlp", "functional", "conv", "rnn"));

TEST(KerasFile, RoundTripKeepsArchitectureWeightsOptimizerAndCompileArguments) {
  const std::shared_ptr<Model> trained = testing::saving_model("functional");
  trained->compile({.optimizer = optimizers::SGD({.learning_rate = 0.05, .momentum = 0.9}),
                    .loss = losses::MeanAbsoluteError({.reduction = "sum"}),
                    .metrics = {"mae", metrics::CosineSimilarity()}});
  trained->fit(testing::saving_inputs("functional", 8, 0), testing::saving_data({8, 3}, 1), {.batch_size = 4, .epochs = 2, .verbose = 0});
  const fs::path path = scratch("round_trip.keras");
  trained->save(path);
  Model loaded = models::load_model(path);
  EXPECT_EQ(loaded.to_json(), trained->to_json());
  EXPECT_EQ(testing::describe_state(loaded), testing::describe_state(*trained));
  EXPECT_EQ(loaded.optimizer().iterations().read_value().item<std::int64_t>(), 4);
  EXPECT_EQ(to_json(loaded.get_compile_config()), to_json(trained->get_compile_config()));
  const std::vector<float> saved_predictions = predictions(*trained, "functional");
  // Both continue identically: same loss and metrics, same updates.
  const Tensor x = testing::saving_inputs("functional", 8, 5), y = testing::saving_data({8, 3}, 2);
  const History a = trained->fit(x, y, {.batch_size = 4, .epochs = 1, .verbose = 0, .shuffle = false});
  const History b = loaded.fit(x, y, {.batch_size = 4, .epochs = 1, .verbose = 0, .shuffle = false});
  EXPECT_EQ(a.history(), b.history());
  EXPECT_EQ(testing::describe_state(loaded), testing::describe_state(*trained));
  // Without compile, the same architecture and weights and no training state.
  Model plain = models::load_model(path, {.compile = false});
  EXPECT_FALSE(plain.compiled());
  EXPECT_EQ(predictions(plain, "functional"), saved_predictions);
}

TEST(KerasFile, ToJsonAndModelFromJson) {
  const std::shared_ptr<Model> model = testing::saving_model("conv");
  const std::string json = model->to_json();
  Model copy = models::model_from_json(json);
  EXPECT_EQ(copy.to_json(), json);
  EXPECT_EQ(copy.count_params(), model->count_params());
  EXPECT_EQ(testing::error_of([] { models::model_from_json(R"({"class_name": "Dense", "config": {"units": 2}})"); }),
            "[model_from_json] holds a Dense, not a model");
}

// A custom layer: y = x * scale, with `scale` in its config.
class Scale : public Layer {
 public:
  explicit Scale(double scale, LayerOptions options = {}) : Layer(layer_options(options, "Scale")), scale_(scale) {}
  Tensor call(const Tensor& x, bool) override { return x * static_cast<float>(scale_); }
  Config get_config() const override {
    Config c = Layer::get_config();
    c["scale"] = scale_;
    return c;
  }
  std::string class_name() const override { return "Scale"; }
  TFPP_KERAS_LAYER(Scale)

 private:
  double scale_;
};

std::shared_ptr<Layer> scale_from_config(const Config& c) {
  return std::make_shared<Scale>(c.at("scale").as_double(), LayerOptions{.name = c.at("name").get<std::string>()});
}

TEST(KerasFile, CustomLayersLoadThroughCustomObjectsAndUnknownOnesAreNamed) {
  auto x = Input({3}, {.name = "x"});
  Model model(x, Scale(2.5)(layers::Dense(2, {.name = "d"})(x)), {.name = "custom"});
  const fs::path path = scratch("custom.keras");
  model.save(path);
  const std::string error = testing::error_of([&] { models::load_model(path); });
  EXPECT_EQ(error.rfind("[load_model] '" + path.string() + "': [deserialize] unknown layer class 'Scale'", 0), 0u) << error;
  Model loaded = models::load_model(path, {.custom_objects = {{"Scale", scale_from_config}}});
  const Tensor in = testing::saving_data({2, 3}, 0);
  EXPECT_EQ(loaded.predict(in, {.verbose = 0}).numpy<float>(), model.predict(in, {.verbose = 0}).numpy<float>());
}

TEST(KerasFile, BadNamesAndMissingFilesAreErrors) {
  const std::shared_ptr<Model> model = testing::saving_model("mlp");
  EXPECT_EQ(testing::error_of([&] { model->save(scratch("m.h5")); }),
            "[save] the filename must end in `.keras` (use save_weights for `.weights.h5`). Received: filepath=" + scratch("m.h5").string());
  EXPECT_THROW(models::load_model(scratch("m.weights.h5")), InvalidArgumentError);
  EXPECT_THROW(models::load_model(scratch("missing.keras")), NotFoundError);
}

TEST(KerasFile, AFailedSaveLeavesTheEarlierFile) {
  const fs::path path = scratch("kept.keras");
  const std::shared_ptr<Model> saved = testing::saving_model("mlp");
  saved->save(path);
  const std::string before = file_bytes(path);
  Sequential failing({layers::Dense(8, {.input_shape = {4}}), testing::BoolState()});
  EXPECT_THROW(failing.save(path), InvalidArgumentError);
  EXPECT_EQ(file_bytes(path), before);
  for (const auto& entry : fs::directory_iterator(path.parent_path()))
    EXPECT_EQ(entry.path().string().find(".tmp"), std::string::npos) << "left behind: " << entry.path();
  Model loaded = models::load_model(path);
  EXPECT_EQ(testing::describe_state(loaded), testing::describe_state(*saved));
}

TEST(KerasFile, DamagedFilesAreRejectedNamingTheFile) {
  const std::shared_ptr<Model> saved = testing::saving_model("mlp");
  const fs::path path = scratch("whole.keras");
  saved->save(path);
  const std::string bytes = file_bytes(path);
  const fs::path damaged = scratch("damaged.keras");
  const auto expect_rejected = [&](const std::string& what) {
    try {
      models::load_model(damaged);
      ADD_FAILURE() << what << " loaded";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(damaged.string()), std::string::npos) << what << ": " << e.what();
    }
  };
  // Truncations at about a hundred points, and a flipped bit in each of as many bytes: the
  // archive's directory, the local headers, config.json (CRC-32) and the weights.
  for (std::size_t cut = 0; cut < bytes.size(); cut += std::max<std::size_t>(1, bytes.size() / 97)) {
    write_bytes(damaged, bytes.substr(0, cut));
    expect_rejected("a file cut at " + std::to_string(cut));
  }
  for (std::size_t at = 0; at < bytes.size(); at += std::max<std::size_t>(1, bytes.size() / 101)) {
    std::string flipped = bytes;
    flipped[at] = static_cast<char>(flipped[at] ^ 0x10);
    write_bytes(damaged, flipped);
    try {
      Model m = models::load_model(damaged);
      // A flip in a byte no reader checks (a timestamp, a zip comment field) changes nothing.
      EXPECT_EQ(testing::describe_state(m), testing::describe_state(*saved)) << "flip at " << at;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(damaged.string()), std::string::npos) << "flip at " << at << ": " << e.what();
    }
  }
}

}  // namespace
}  // namespace tf::keras
