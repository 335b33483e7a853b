// tf::saved_model::save: TensorFlow 2.21 loads what tfpp writes (in the same run) and its serving
// signature gives tfpp's results; tfpp loads it back too.
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cmath>
#include <cstdlib>
#include <thread>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "test_child.h"
#include "reference_env.h"
#include "saving/saved_model_python.h"
#include "tfpp/keras/keras.h"
#include "tfpp/module.h"
#include "tfpp/tfpp.h"

namespace tf {
namespace {

namespace fs = std::filesystem;

struct Dense : Module {
  Variable w, b;
  Dense(std::int64_t in, std::int64_t out, float seed)
      : Module("dense"),
        w(add_variable("w", reshape(sin(cast(range(in * out), float32) * seed), {in, out}))),
        b(add_variable("b", cos(cast(range(out), float32) * seed) * 0.1f)) {}
  Tensor operator()(const Tensor& x) const { return matmul(x, w) + b; }
};

struct Mlp : Module {
  std::shared_ptr<Dense> hidden = std::make_shared<Dense>(3, 4, 0.7f);
  std::shared_ptr<Dense> out = std::make_shared<Dense>(4, 2, 1.3f);
  Variable scale{add_variable("scale", constant(0.5f), /*trainable=*/false)};
  Mlp() : Module("mlp") {
    add_module("hidden", *hidden);
    add_module("out", *out);
  }
};

Tensor inputs(std::int64_t rows) {
  return reshape(sin(cast(range(rows * 3), float32) * 0.37f) * 1.5f, {rows, 3});
}

std::string temp_dir(const std::string& name) { return testing::saved_model_temp_dir(name); }

using testing::expect_near;
using testing::run_python;
using testing::values;

// The Python expression of inputs(rows).
std::string inputs_py(std::int64_t rows) {
  return "tf.constant(np.reshape(np.sin(np.arange(" + std::to_string(rows * 3) +
         ", dtype=np.float32) * np.float32(0.37)) * np.float32(1.5), (" + std::to_string(rows) + ", 3)))";
}

TEST(SavedModelSave, TensorFlowServesTfppsModuleWithItsResults) {
  Mlp mlp;
  auto forward = function(
      [&](const Tensor& x) {
        Tensor logits = (*mlp.out)(nn::relu((*mlp.hidden)(x))) * mlp.scale;
        return std::map<std::string, Tensor>{{"logits", logits}, {"total", reduce_sum(logits, 1)}};
      },
      {.input_signature = {TensorSpec({None, 3}, float32, "x")}});
  ConcreteFunction cf = forward.get_concrete_function(TensorSpec({None, 3}, float32, "x"));
  const std::string dir = temp_dir("mlp");
  saved_model::save(mlp, dir, {.signatures = {{"serving_default", cf}}});
  for (const char* f : {"saved_model.pb", "fingerprint.pb", "variables/variables.index", "assets"})
    EXPECT_TRUE(fs::exists(fs::path(dir) / f)) << f;

  const Tensor x = inputs(5);
  std::map<std::string, Tensor> mine = forward(x);
  auto theirs = run_python("mlp", "m = tf.saved_model.load('" + dir + "')\n"
                                  "out = m.signatures['serving_default'](x=" + inputs_py(5) + ")\n"
                                  "for k in out: show(k, out[k])\n"
                                  "for p in ['hidden.w', 'hidden.b', 'out.w', 'out.b', 'scale']:\n"
                                  "  v = eval('m.' + p)\n"
                                  "  show(p, v)\n"
                                  "  print(p + '.trainable', int(v.trainable))\n");
  ASSERT_TRUE(theirs.contains("logits")) << "TensorFlow did not load " << dir;
  expect_near(mine.at("logits"), theirs.at("logits"));
  expect_near(mine.at("total"), theirs.at("total"));
  // Variables restore bit for bit.
  EXPECT_EQ(theirs.at("hidden.w"), values(mlp.hidden->w.read_value()));
  EXPECT_EQ(theirs.at("out.b"), values(mlp.out->b.read_value()));
  EXPECT_EQ(theirs.at("scale"), std::vector<double>{0.5});
  EXPECT_EQ(theirs.at("hidden.w.trainable"), std::vector<double>{1});
  EXPECT_EQ(theirs.at("scale.trainable"), std::vector<double>{0});

  // tfpp loads it back.
  saved_model::Loaded loaded = saved_model::load(dir);
  std::map<std::string, Tensor> again = loaded.signatures.at("serving_default")({{"x", x}});
  expect_near(again.at("logits"), values(mine.at("logits")));
  EXPECT_EQ(loaded.variable("hidden/w").shape(), TensorShape({3, 4}));
  EXPECT_FALSE(loaded.variable("scale").trainable());
  fs::remove_all(dir);
}

// The same module and signature in TensorFlow, saved by tf.saved_model.save.
constexpr const char* kTensorFlowMlp = R"py(
class Dense(tf.Module):
  def __init__(self, i, o, seed):
    super().__init__(name='dense')
    self.w = tf.Variable(np.reshape(np.sin(np.arange(i * o, dtype=np.float32) * np.float32(seed)), (i, o)))
    self.b = tf.Variable(np.cos(np.arange(o, dtype=np.float32) * np.float32(seed)) * np.float32(0.1))
  def __call__(self, x): return tf.matmul(x, self.w) + self.b
class Mlp(tf.Module):
  def __init__(self):
    super().__init__(name='mlp')
    self.hidden, self.out = Dense(3, 4, 0.7), Dense(4, 2, 1.3)
    self.scale = tf.Variable(0.5, trainable=False)
m = Mlp()
@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32, name='x')])
def forward(x):
  logits = m.out(tf.nn.relu(m.hidden(x))) * m.scale
  return {'logits': logits, 'total': tf.reduce_sum(logits, 1)}
)py";

// saved_model_cli show --all, without TensorFlow's log lines.
std::string saved_model_cli_show(const std::string& dir) {
  const std::string cli = fs::path(testing::reference_python()).parent_path() / "saved_model_cli";
  return testing::run_command("TF_CPP_MIN_LOG_LEVEL=3 " + cli + " show --all --dir " + dir + " 2>/dev/null");
}

TEST(SavedModelSave, AFunctionWithACustomGradientSavesItsForward) {
  // The IdentityN node carrying the traced gradient is TensorFlow's IdentityN in the file (its
  // extra inputs are extra outputs there); the gradient stays in this process.
  auto clipped_triple = custom_gradient([](const Tensor& x) {
    return std::pair{x * 3.0f, [](const Tensor& dy) { return clip_by_value(dy, -1.0f, 1.0f); }};
  });
  Module root("root");
  auto f = root.add_function("f", function([&](const Tensor& x) { return clipped_triple(x) * 2.0f; },
                                           {.input_signature = {TensorSpec({None}, float32, "x")}}));
  ConcreteFunction cf = f.get_concrete_function(TensorSpec({None}, float32, "x"));
  const std::string dir = temp_dir("custom_gradient");
  saved_model::save(root, dir, {.signatures = {{"serving_default", cf}}});
  auto theirs = run_python("custom_gradient", "m = tf.saved_model.load('" + dir + "')\n"
                                              "show('f', m.f(tf.constant([1.0, -2.0])))\n");
  ASSERT_TRUE(theirs.contains("f")) << "TensorFlow did not load " << dir;
  EXPECT_EQ(theirs.at("f"), (std::vector<double>{6.0, -12.0}));
  saved_model::Loaded loaded = saved_model::load(dir);
  EXPECT_EQ(loaded.signatures.at("serving_default")({{"x", constant({1.0f, -2.0f})}}).at("output_0").numpy<float>(),
            (std::vector<float>{6.0f, -12.0f}));
}

TEST(SavedModelSave, SavedModelCliShowsWhatItShowsForTensorFlowsOwn) {
  Mlp mlp;
  auto forward = function(
      [&](const Tensor& x) {
        Tensor logits = (*mlp.out)(nn::relu((*mlp.hidden)(x))) * mlp.scale;
        return std::map<std::string, Tensor>{{"logits", logits}, {"total", reduce_sum(logits, 1)}};
      },
      {.input_signature = {TensorSpec({None, 3}, float32, "x")}});
  const std::string mine = temp_dir("cli_tfpp"), theirs = temp_dir("cli_tf");
  saved_model::save(mlp, mine, {.signatures = {{"serving_default", forward.get_concrete_function(TensorSpec({None, 3}, float32, "x"))}}});
  run_python("cli", std::string(kTensorFlowMlp) + "tf.saved_model.save(m, '" + theirs + "', signatures={'serving_default': forward})\n");
  const std::string want = saved_model_cli_show(theirs), got = saved_model_cli_show(mine);
  ASSERT_NE(want.find("signature_def['serving_default']"), std::string::npos) << want;
  // The same text, but for the set of ops (printed in Python's set order): tfpp's are a subset
  // (it writes no save and restore functions).
  const std::string ops_line = "contains the following ops: {";
  const std::size_t want_ops = want.find(ops_line), got_ops = got.find(ops_line);
  ASSERT_NE(got_ops, std::string::npos) << got;
  EXPECT_EQ(got.substr(0, got_ops), want.substr(0, want_ops));
  EXPECT_EQ(got.substr(got.find('}', got_ops)), want.substr(want.find('}', want_ops)));
  auto op_set = [&](const std::string& text, std::size_t at) {
    std::set<std::string> ops;
    std::istringstream list(text.substr(at + ops_line.size(), text.find('}', at) - at - ops_line.size()));
    for (std::string op; std::getline(list, op, ',');) ops.insert(op.substr(op.find('\'') + 1, op.rfind('\'') - op.find('\'') - 1));
    return ops;
  };
  const std::set<std::string> tf_ops = op_set(want, want_ops);
  for (const std::string& op : op_set(got, got_ops)) EXPECT_TRUE(tf_ops.contains(op)) << op;
  fs::remove_all(mine);
  fs::remove_all(theirs);
}

// `saved_model_cli run` output: the values printed after "Result for output key <key>:".
std::map<std::string, std::vector<double>> saved_model_cli_results(const std::string& text) {
  std::map<std::string, std::vector<double>> out;
  const std::string marker = "Result for output key ";
  for (std::size_t at = text.find(marker); at != std::string::npos;) {
    const std::size_t colon = text.find(":\n", at);
    if (colon == std::string::npos) break;
    const std::string key = text.substr(at + marker.size(), colon - at - marker.size());
    const std::size_t next = text.find(marker, colon);
    std::string numbers = text.substr(colon + 2, next == std::string::npos ? std::string::npos : next - colon - 2);
    std::replace_if(numbers.begin(), numbers.end(), [](char c) { return c == '[' || c == ']'; }, ' ');
    std::istringstream values(numbers);
    for (double v; values >> v;) out[key].push_back(v);
    at = next;
  }
  return out;
}

// A tensor as a Python literal (nested lists; floats with enough digits to round-trip).
std::string python_literal(const Tensor& t) {
  const std::vector<float> v = t.numpy<float>();
  const std::int64_t cols = t.shape().dim(1);
  std::string out = "[";
  for (std::size_t i = 0; i < v.size(); ++i) {
    char number[32];
    std::snprintf(number, sizeof number, "%.9g", static_cast<double>(v[i]));
    out += std::string(i % cols == 0 ? (i == 0 ? "[" : "], [") : ", ") + number;
  }
  return out + "]]";
}

// Session-based loaders restore variables through the MetaGraph's saver_def (its RestoreV2
// sub-graph): saved_model_cli run serves tfpp's model with tfpp's results.
TEST(SavedModelSave, SavedModelCliRunRestoresTheVariables) {
  Mlp mlp;
  auto forward = function(
      [&](const Tensor& x) {
        Tensor logits = (*mlp.out)(nn::relu((*mlp.hidden)(x))) * mlp.scale;
        return std::map<std::string, Tensor>{{"logits", logits}, {"total", reduce_sum(logits, 1)}};
      },
      {.input_signature = {TensorSpec({None, 3}, float32, "x")}});
  const std::string dir = temp_dir("cli_run");
  saved_model::save(mlp, dir, {.signatures = {{"serving_default", forward.get_concrete_function(TensorSpec({None, 3}, float32, "x"))}}});
  const Tensor x = inputs(4);
  const std::string cli = fs::path(testing::reference_python()).parent_path() / "saved_model_cli";
  const std::string text = testing::run_command("TF_CPP_MIN_LOG_LEVEL=3 " + cli + " run --dir " + dir +
                                                " --tag_set serve --signature_def serving_default --input_exprs 'x=" +
                                                python_literal(x) + "' 2>/dev/null");
  const auto results = saved_model_cli_results(text);
  ASSERT_TRUE(results.contains("logits")) << text;
  std::map<std::string, Tensor> mine = forward(x);
  expect_near(mine.at("logits"), results.at("logits"));
  expect_near(mine.at("total"), results.at("total"));
  fs::remove_all(dir);
}

TEST(SavedModelSave, UntrackedVariableIsAnError) {
  Mlp mlp;
  Variable stray(constant(2.0f), {.name = "stray"});
  auto f = function([&](const Tensor& x) { return x * stray; });
  ConcreteFunction cf = f.get_concrete_function(TensorSpec({2}, float32, "x"));
  const std::string dir = temp_dir("stray");
  const saved_model::SaveOptions options{.signatures = {{"serving_default", cf}}};
  EXPECT_THROW(saved_model::save(mlp, dir, options), InvalidArgumentError);
  EXPECT_FALSE(fs::exists(fs::path(dir) / "saved_model.pb"));
  fs::remove_all(dir);
}

// A Dense model in Keras 3 beside tfpp's, for saved_model_cli's view of the serving signature.
TEST(SavedModelSave, KerasModelServesWithKerasDefaultSignature) {
  namespace layers = keras::layers;
  keras::Sequential model({layers::Dense(4, {.activation = "relu", .input_shape = {3}}), layers::Dense(2)});
  const std::string dir = temp_dir("keras"), theirs = temp_dir("keras_tf");
  saved_model::save(model, dir);
  const Tensor x = inputs(6);
  const Tensor mine = model.predict(x);
  auto tf_out = run_python("keras", "m = tf.saved_model.load('" + dir + "')\n"
                                    "out = m.signatures['serving_default'](inputs=" + inputs_py(6) + ")\n"
                                    "for k in out: show(k, out[k])\n"
                                    "import keras\n"
                                    "k = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation='relu'), keras.layers.Dense(2)])\n"
                                    "tf.saved_model.save(k, '" + theirs + "')\n");
  ASSERT_TRUE(tf_out.contains("output_0")) << "TensorFlow did not serve " << dir;
  expect_near(mine, tf_out.at("output_0"));
  // saved_model_cli lists the signatures as for Keras' own model (the op lists differ: Keras
  // uses BiasAdd and writes save/restore functions).
  auto signatures = [](const std::string& text) { return text.substr(0, text.find("The MetaGraph with tag set")); };
  const std::string want = saved_model_cli_show(theirs);
  ASSERT_NE(want.find("serving_default_inputs:0"), std::string::npos) << want;
  EXPECT_EQ(signatures(saved_model_cli_show(dir)), signatures(want));
  // tfpp loads it back.
  saved_model::Loaded loaded = saved_model::load(dir);
  expect_near(loaded.signatures.at("serving_default")({{"inputs", x}}).at("output_0"), values(mine));
  EXPECT_EQ(loaded.trainable_variables().size(), 4u);
  fs::remove_all(dir);
  fs::remove_all(theirs);
}

TEST(SavedModelSave, UnbuiltKerasModelNeedsSignatures) {
  keras::Sequential model({keras::layers::Dense(2)});
  const std::string dir = temp_dir("unbuilt");
  EXPECT_THROW(saved_model::save(model, dir), InvalidArgumentError);
  EXPECT_FALSE(fs::exists(dir));
}

// Every directory entry beside `dir` whose name starts with dir's.
std::vector<std::string> siblings(const std::string& dir) {
  std::vector<std::string> out;
  const std::string base = fs::path(dir).filename().string();
  for (const auto& e : fs::directory_iterator(fs::path(dir).parent_path()))
    if (e.path().filename().string().starts_with(base)) out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(SavedModelSave, AFailedSaveLeavesTheModelThatWasThere) {
  Mlp mlp;
  auto call = function([&](const Tensor& x) { return (*mlp.hidden)(x); });
  const std::string dir = temp_dir("replace");
  saved_model::save(mlp, dir, {.signatures = {{"serving_default", call.get_concrete_function(TensorSpec({None, 3}, float32, "x"))}}});
  const Tensor x = inputs(2);
  const std::vector<double> before = values(call(x));

  // An op with no TensorFlow form: the error names the signature, the function and the op.
  auto with_gelu = function([&](const Tensor& x) { return nn::gelu((*mlp.out)(x)); });
  const saved_model::SaveOptions bad{.signatures = {{"serving_default", with_gelu.get_concrete_function(TensorSpec({None, 4}, float32, "x"))}}};
  try {
    saved_model::save(mlp, dir, bad);
    ADD_FAILURE() << "saved a Gelu";
  } catch (const UnimplementedError& e) {
    EXPECT_NE(std::string(e.what()).find("signature serving_default"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("Gelu"), std::string::npos) << e.what();
  }
  // ... also when another op consumes its result (regression: the exporter raised out_of_range).
  auto gelu_consumed = function([&](const Tensor& x) { return nn::gelu((*mlp.out)(x)) * 2.0f; });
  try {
    saved_model::save(mlp, dir, {.signatures = {{"serving_default", gelu_consumed.get_concrete_function(TensorSpec({None, 4}, float32, "x"))}}});
    ADD_FAILURE() << "saved a Gelu";
  } catch (const UnimplementedError& e) {
    EXPECT_NE(std::string(e.what()).find("Gelu"), std::string::npos) << e.what();
  }
  EXPECT_EQ(siblings(dir), std::vector<std::string>{fs::path(dir).filename().string()});
  expect_near(saved_model::load(dir).signatures.at("serving_default")({{"x", x}}).at("output_0"), before);

  // A save over it replaces it as a whole.
  mlp.hidden->w.assign(mlp.hidden->w.read_value() * 2.0f);
  saved_model::save(mlp, dir, {.signatures = {{"serving_default", call.get_concrete_function(TensorSpec({None, 3}, float32, "x"))}}});
  expect_near(saved_model::load(dir).signatures.at("serving_default")({{"x", x}}).at("output_0"), values(call(x)));
  EXPECT_EQ(siblings(dir), std::vector<std::string>{fs::path(dir).filename().string()});

  // A directory holding other files is not replaced.
  std::ofstream(dir + "/notes.txt") << "mine";
  EXPECT_THROW(saved_model::save(mlp, dir), FailedPreconditionError);
  EXPECT_TRUE(fs::exists(dir + "/notes.txt"));
  fs::remove_all(dir);
}

TEST(SavedModelSave, DamagedFilesAreRejected) {
  Mlp mlp;
  auto call = function([&](const Tensor& x) { return (*mlp.hidden)(x); });
  const std::string dir = temp_dir("damage");
  saved_model::save(mlp, dir, {.signatures = {{"serving_default", call.get_concrete_function(TensorSpec({None, 3}, float32, "x"))}}});
  for (const char* name : {"saved_model.pb", "variables/variables.index", "variables/variables.data-00000-of-00001"}) {
    const std::string path = dir + "/" + name, copy = dir + "_copy";
    fs::copy_file(path, copy, fs::copy_options::overwrite_existing);
    const auto size = fs::file_size(path);
    for (std::uintmax_t keep : {std::uintmax_t{0}, size / 3, size - 1}) {
      fs::resize_file(path, keep);
      EXPECT_THROW(saved_model::load(dir), Error) << name << " cut to " << keep << " bytes";
      fs::copy_file(copy, path, fs::copy_options::overwrite_existing);
    }
    fs::remove(copy);
  }
  // A flipped bit in the last variable's bytes fails its checksum.
  {
    const std::string data_file = dir + "/variables/variables.data-00000-of-00001";
    const auto last = static_cast<std::streamoff>(fs::file_size(data_file)) - 1;
    std::fstream data(data_file, std::ios::in | std::ios::out | std::ios::binary);
    char byte = 0;
    data.seekg(last);
    data.read(&byte, 1);
    byte = static_cast<char>(byte ^ 0x10);
    data.seekp(last);
    data.write(&byte, 1);
  }
  EXPECT_THROW(saved_model::load(dir), DataLossError);
  fs::remove_all(dir);
}

// Saves forever into $TFPP_SAVED_MODEL_KILL_DIR; run by the test below, which kills it.
TEST(SavedModelSave, KilledSaverChild) {
  const char* dir = std::getenv("TFPP_SAVED_MODEL_KILL_DIR");
  if (!dir) GTEST_SKIP() << "run by SavesKilledAtManyPointsLeaveAWholeModel";
  Module module("big");
  Variable big = module.add_variable("big", zeros({256, 1024}));  // 1 MiB, so a save takes a while
  Variable step = module.add_variable("step", constant(0.0f));
  auto call = function([&](const Tensor& x) { return x * step + reduce_max(big); });
  const ConcreteFunction cf = call.get_concrete_function(TensorSpec({None}, float32, "x"));
  for (;;) {
    step.assign_add(1.0f);
    big.assign(fill({256, 1024}, step.read_value()));
    saved_model::save(module, dir, {.signatures = {{"serving_default", cf}}});
  }
}

// The inode of `path`, 0 if it does not exist.
ino_t inode(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 ? st.st_ino : 0;
}

TEST(SavedModelSave, SavesKilledAtManyPointsLeaveAWholeModel) {
  const std::string dir = temp_dir("kill");
  fs::remove_all(dir);
  const std::string env_dir = "TFPP_SAVED_MODEL_KILL_DIR=" + dir;
  float last_step = 0;
  for (int round = 0; round < 16; ++round) {
    const pid_t pid = tf::testing::spawn_test_child("SavedModelSave.KilledSaverChild", env_dir);
    ASSERT_GT(pid, 0);
    // Once the child has replaced the model (the directory's inode changes), kill it a varying
    // time later: at points spread over its next save.
    const ino_t before = inode(dir);
    while (inode(dir) == before) {
      int status = 0;
      ASSERT_EQ(waitpid(pid, &status, WNOHANG), 0) << "the saver died by itself in round " << round;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    std::this_thread::sleep_for(std::chrono::microseconds((round * 2777) % 40000));
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the saver exited by itself in round " << round;
    saved_model::Loaded loaded = saved_model::load(dir);
    const float step = loaded.variable("step").read_value().item<float>();
    EXPECT_GE(step, 1.0f) << "round " << round;
    EXPECT_EQ(reduce_min(loaded.variable("big").read_value()).item<float>(), step) << "round " << round;
    EXPECT_EQ(loaded.signatures.at("serving_default")({{"x", constant({2.0f})}}).at("output_0").numpy<float>(),
              std::vector<float>{3 * step});
    last_step = step;
  }
  EXPECT_GE(last_step, 1.0f);
  for (const std::string& name : siblings(dir)) fs::remove_all(fs::path(dir).parent_path() / name);
}

}  // namespace
}  // namespace tf
