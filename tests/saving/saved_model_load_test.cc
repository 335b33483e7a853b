// tf::saved_model::load on SavedModels that TensorFlow 2.21 and Keras 3 write in the same run
// (tests/saving/make_saved_models.py): outputs equal TensorFlow's, gradients flow, bad files fail.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "reference_env.h"
#include "tfpp/tfpp.h"

namespace tf {
namespace {

namespace fs = std::filesystem;

class SavedModelLoadTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new std::string(fs::temp_directory_path() / ("tfpp_saved_model_load_" + std::to_string(::getpid())));
    fs::remove_all(*dir_);
    const std::string script = std::string(testing::source_dir()) + "/tests/saving/make_saved_models.py";
    testing::run_command(testing::reference_python() + " " + script + " " + *dir_ + " 2>/dev/null");
  }
  static void TearDownTestSuite() {
    fs::remove_all(*dir_);
    delete dir_;
  }
  static std::string path(const std::string& name) { return *dir_ + "/" + name; }

  // The outputs TensorFlow computed, by name.
  static std::map<std::string, std::vector<double>> expected(const std::string& name) {
    std::ifstream in(path(name) + "/expected.txt");
    EXPECT_TRUE(in) << "TensorFlow did not write " << name;
    std::map<std::string, std::vector<double>> out;
    std::string line;
    while (std::getline(in, line)) {
      std::istringstream s(line);
      std::string key;
      s >> key;
      double v;
      while (s >> v) out[key].push_back(v);
    }
    return out;
  }

  // The inputs make_saved_models.py feeds: sin(0.37 i) * 1.5.
  static Tensor inputs(const std::vector<std::int64_t>& shape) {
    std::int64_t n = 1;
    for (std::int64_t d : shape) n *= d;
    std::vector<float> v(static_cast<std::size_t>(n));
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = std::sin(static_cast<float>(i) * 0.37f) * 1.5f;
    return constant(v, TensorShape(std::span<const std::int64_t>(shape)));
  }

  static void expect_near(const Tensor& actual, const std::vector<double>& want, double tol = 1e-5) {
    std::vector<float> got = cast(actual, float32).numpy<float>();
    ASSERT_EQ(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], tol * (1 + std::abs(want[i]))) << "at " << i;
  }

  static std::string* dir_;
};

std::string* SavedModelLoadTest::dir_ = nullptr;

TEST_F(SavedModelLoadTest, ModuleMlpSignatureAndCallMatchTensorFlow) {
  saved_model::Loaded loaded = saved_model::load(path("mlp"));
  const Tensor x = inputs({5, 3});
  const auto want = expected("mlp");
  ASSERT_TRUE(loaded.signatures.contains("serving_default"));
  const saved_model::LoadedFunction& serve = loaded.signatures.at("serving_default");
  EXPECT_EQ(serve.input_names(), std::vector<std::string>{"x"});
  EXPECT_EQ(serve.output_names(), std::vector<std::string>{"output_0"});
  std::map<std::string, Tensor> out = serve({{"x", x}});
  ASSERT_TRUE(out.contains("output_0"));
  expect_near(out.at("output_0"), want.at("output_0"));
  expect_near(loaded.function("__call__")({x}).at(0), want.at("output_0"));
  // Another batch size runs through the same signature (its first dimension is None).
  EXPECT_EQ(serve({{"x", inputs({2, 3})}}).at("output_0").shape(), TensorShape({2, 2}));
  EXPECT_EQ(loaded.variables().size(), 3u);
  EXPECT_EQ(loaded.variable("w1").shape(), TensorShape({3, 4}));
  EXPECT_EQ(loaded.variable("w1").name(), "w1:0");
}

TEST_F(SavedModelLoadTest, RestoredFunctionIsDifferentiable) {
  saved_model::Loaded loaded = saved_model::load(path("mlp"));
  const Tensor x = inputs({5, 3});
  Variable w1 = loaded.variable("w1");
  Tensor loss, grad;
  {
    GradientTape tape;
    loss = reduce_sum(square(loaded.function("__call__")({x}).at(0)));
    grad = tape.gradient(loss, w1);
  }
  ASSERT_TRUE(grad.defined());
  EXPECT_EQ(grad.shape(), TensorShape({3, 4}));
  // Central differences on one weight.
  const float h = 1e-2f;
  std::vector<float> w = w1.numpy<float>();
  auto loss_at = [&](float value) {
    std::vector<float> v = w;
    v[5] = value;
    w1.assign(constant(v, TensorShape({3, 4})));
    return reduce_sum(square(loaded.function("__call__")({x}).at(0))).item<float>();
  };
  const float numeric = (loss_at(w[5] + h) - loss_at(w[5] - h)) / (2 * h);
  w1.assign(constant(w, TensorShape({3, 4})));
  EXPECT_NEAR(grad.numpy<float>()[5], numeric, 2e-2 * (1 + std::abs(numeric)));
}

TEST_F(SavedModelLoadTest, CondAndWhileLoopMatchTensorFlow) {
  saved_model::Loaded loaded = saved_model::load(path("control"));
  const auto want = expected("control");
  std::map<std::string, Tensor> out = loaded.signatures.at("serving_default")({{"n", constant(4)}, {"x", inputs({6})}});
  expect_near(out.at("acc"), want.at("acc"));
  expect_near(out.at("y"), want.at("y"));
  // The other branch and another trip count run too.
  std::vector<Tensor> flat = loaded.function("__call__")(std::vector<Tensor>{constant(0), -inputs({6})});
  ASSERT_EQ(flat.size(), 2u);
  expect_near(flat[0], std::vector<double>(6, 0.0));
}

TEST_F(SavedModelLoadTest, KerasDenseExportMatchesKeras) {
  saved_model::Loaded loaded = saved_model::load(path("keras_dense"));
  const auto want = expected("keras_dense");
  const saved_model::LoadedFunction& serve = loaded.signatures.at("serving_default");
  ASSERT_EQ(serve.input_names().size(), 1u);
  std::map<std::string, Tensor> out = serve({{serve.input_names()[0], inputs({5, 4})}});
  ASSERT_EQ(out.size(), 1u);
  expect_near(out.begin()->second, want.at("output_0"));
  expect_near(loaded.function("serve")({inputs({5, 4})}).at(0), want.at("output_0"));
}

TEST_F(SavedModelLoadTest, KerasCnnExportMatchesKeras) {
  saved_model::Loaded loaded = saved_model::load(path("keras_cnn"));
  expect_near(loaded.function("serve")({inputs({2, 8, 8, 2})}).at(0), expected("keras_cnn").at("output_0"), 1e-4);
}

TEST_F(SavedModelLoadTest, KerasLstmExportMatchesKeras) {
  saved_model::Loaded loaded = saved_model::load(path("keras_lstm"));
  expect_near(loaded.function("serve")({inputs({2, 5, 3})}).at(0), expected("keras_lstm").at("output_0"), 1e-4);
}

TEST_F(SavedModelLoadTest, MissingDirectoryAndFilesAreNotFound) {
  EXPECT_THROW(saved_model::load(path("no_such_model")), NotFoundError);
  const std::string empty = path("empty_dir");
  fs::create_directories(empty);
  EXPECT_THROW(saved_model::load(empty), NotFoundError);
  EXPECT_THROW(saved_model::load(path("mlp"), {.tags = {"train"}}), NotFoundError);
}

// Every truncation and a bit flip in each region of saved_model.pb and the variables fail with
// a tf:: error (or, for a flip that still parses, load a model): never a crash.
TEST_F(SavedModelLoadTest, DamagedFilesRaiseErrors) {
  const std::string copy = path("damaged");
  for (const std::string file : {"saved_model.pb", "variables/variables.index", "variables/variables.data-00000-of-00001"}) {
    const fs::path original = fs::path(path("mlp")) / file;
    std::ifstream in(original, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_FALSE(bytes.empty());
    const std::size_t step = std::max<std::size_t>(1, bytes.size() / 23);
    for (std::size_t cut = 0; cut < bytes.size(); cut += step) {
      for (int flip = 0; flip < 2; ++flip) {
        fs::remove_all(copy);
        fs::copy(path("mlp"), copy, fs::copy_options::recursive);
        std::string damaged = flip ? bytes : bytes.substr(0, cut);
        if (flip) damaged[cut] = static_cast<char>(damaged[cut] ^ 0x5a);
        std::ofstream(fs::path(copy) / file, std::ios::binary | std::ios::trunc) << damaged;
        try {
          saved_model::load(copy).signatures.at("serving_default")({{"x", inputs({1, 3})}});
        } catch (const Error&) {
        } catch (const std::out_of_range&) {
        }
      }
    }
    // A variables file cut inside the first variable's bytes names itself.
    if (file != "saved_model.pb") {
      fs::remove_all(copy);
      fs::copy(path("mlp"), copy, fs::copy_options::recursive);
      std::ofstream(fs::path(copy) / file, std::ios::binary | std::ios::trunc) << bytes.substr(0, 8);
      try {
        saved_model::load(copy);
        ADD_FAILURE() << "a truncated " << file << " loaded";
      } catch (const DataLossError& e) {
        EXPECT_NE(std::string(e.what()).find("variables"), std::string::npos) << e.what();
      }
    }
  }
  fs::remove_all(copy);
}

TEST_F(SavedModelLoadTest, MissingOpsAreListedWithTheFunctionsUsingThem) {
  const std::string script =
      "import tensorflow as tf\n"
      "class M(tf.Module):\n"
      "  @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])\n"
      "  def __call__(self, x):\n"
      "    return tf.math.special.dawsn(x) + tf.math.special.spence(x)\n"
      "tf.saved_model.save(M(), '" + path("unsupported") + "')\n";
  const std::string file = path("make_unsupported.py");
  std::ofstream(file) << script;
  testing::run_command(testing::reference_python() + " " + file + " 2>/dev/null");
  try {
    saved_model::load(path("unsupported"));
    ADD_FAILURE() << "a SavedModel using Dawsn loaded";
  } catch (const UnimplementedError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("Dawsn"), std::string::npos) << message;
    EXPECT_NE(message.find("Spence"), std::string::npos) << message;
    EXPECT_NE(message.find("__inference___call__"), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace tf
