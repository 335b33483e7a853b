// tf::train::Checkpoint, load_checkpoint, list_variables, latest_checkpoint: round trips in tfpp,
// TensorFlow 2.21 + Keras 3 restoring tfpp's checkpoints and tfpp restoring theirs, deferred
// restoration (layers' weights, optimizers' slots), the load status' assertions and bad input.
#include "tfpp/train/checkpoint.h"

#include <unistd.h>

#include <filesystem>

#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/keras.h>

#include "reference_env.h"

namespace tf::train {
namespace {

namespace fs = std::filesystem;
namespace keras = tf::keras;
namespace layers = tf::keras::layers;

fs::path fresh_dir(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("tfpp_ckpt_" + name + "_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string hex(const Tensor& t) {
  static const char* digits = "0123456789abcdef";
  const auto* p = static_cast<const unsigned char*>(t.raw_data());
  const std::size_t n = static_cast<std::size_t>(t.num_elements()) * (t.dtype() == DType::kBool ? 1 : dtype_size(t.dtype()));
  std::string out;
  for (std::size_t i = 0; i < n; ++i) {
    out.push_back(digits[p[i] >> 4]);
    out.push_back(digits[p[i] & 15]);
  }
  return out;
}

std::string reference(const std::string& mode, const std::string& prefix) {
  const fs::path script = fs::path(testing::source_dir()) / "tests/checkpoint/checkpoint_reference.py";
  return testing::run_command(testing::reference_python() + " " + script.string() + " " + mode + " " + prefix);
}

// The structure of checkpoint_reference.py's Mod: w, b, sub.v, flags.
struct Mod {
  Module root{"mod"};
  Module sub{"sub"};
  Variable w, b, v, flags;
  Mod(const Tensor& w0, const Tensor& b0, const Tensor& v0, const Tensor& flags0) {
    w = root.add_variable("w", w0);
    b = root.add_variable("b", b0);
    v = sub.add_variable("v", v0);
    root.add_module("sub", sub);
    flags = root.add_variable("flags", flags0);
  }
  static Mod zeros() {
    return Mod(tf::zeros({2, 3}), tf::zeros({3}, float64), constant(std::int64_t{0}), constant(std::vector<bool>{false, false}));
  }
  static Mod sample() {
    return Mod(constant({{0.5f, -1.25f, 3.0f}, {1e-3f, 7.0f, -0.0f}}), constant({3.141592653589793, -2.718281828459045, 1e300}),
               constant((std::int64_t{1} << 40) + 5), constant(std::vector<bool>{true, false}));
  }
  std::string describe() const {
    return "w " + hex(w.read_value()) + "\nb " + hex(b.read_value()) + "\nsub/v " + hex(v.read_value()) + "\nflags " +
           hex(flags.read_value()) + "\n";
  }
};

TEST(Checkpoint, ModuleRoundTripAndKeysAsTensorFlowNamesThem) {
  const fs::path dir = fresh_dir("module");
  Mod saved = Mod::sample();
  Checkpoint ckpt({{"module", saved.root}});
  const std::string path = ckpt.save((dir / "ckpt").string());
  EXPECT_EQ(path, (dir / "ckpt-1").string());
  EXPECT_EQ(ckpt.save((dir / "ckpt").string()), (dir / "ckpt-2").string());
  EXPECT_EQ(latest_checkpoint(dir.string()), (dir / "ckpt-2").string());

  std::vector<std::pair<std::string, std::vector<std::int64_t>>> expected = {
      {"_CHECKPOINTABLE_OBJECT_GRAPH", {}},
      {"module/b/.ATTRIBUTES/VARIABLE_VALUE", {3}},
      {"module/flags/.ATTRIBUTES/VARIABLE_VALUE", {2}},
      {"module/sub/v/.ATTRIBUTES/VARIABLE_VALUE", {}},
      {"module/w/.ATTRIBUTES/VARIABLE_VALUE", {2, 3}},
      {"save_counter/.ATTRIBUTES/VARIABLE_VALUE", {}}};
  EXPECT_EQ(list_variables(path), expected);
  CheckpointReader reader = load_checkpoint(dir.string());
  EXPECT_EQ(reader.get_tensor("save_counter/.ATTRIBUTES/VARIABLE_VALUE").item<std::int64_t>(), 2);
  EXPECT_EQ(reader.get_variable_to_dtype_map().at("module/b/.ATTRIBUTES/VARIABLE_VALUE"), float64);
  EXPECT_EQ(hex(reader.get_tensor("module/w/.ATTRIBUTES/VARIABLE_VALUE")), hex(saved.w.read_value()));

  Mod restored = Mod::zeros();
  Checkpoint target({{"module", restored.root}});
  target.restore(path).assert_consumed();
  EXPECT_EQ(restored.describe(), saved.describe());
  EXPECT_EQ(target.save_counter().read_value().item<std::int64_t>(), 1);  // ckpt-1 holds the first count
}

TEST(Checkpoint, TensorFlowRestoresWhatTfppWrites) {
  Mod saved = Mod::sample();
  const std::string path = Checkpoint({{"module", saved.root}}).save((fresh_dir("tf_restores") / "ckpt").string());
  EXPECT_EQ(reference("module_restore", path), saved.describe());
}

TEST(Checkpoint, TfppRestoresWhatTensorFlowWrites) {
  const std::string prefix = (fresh_dir("tf_writes") / "ckpt").string();
  const std::string tf_values = reference("module_write", prefix);
  ASSERT_NE(tf_values, "");
  Mod restored = Mod::zeros();
  Checkpoint({{"module", restored.root}}).restore(prefix).assert_consumed();
  EXPECT_EQ(restored.describe(), tf_values);
}

keras::Sequential dense_model() {
  return keras::Sequential({layers::Dense(4, {.activation = "relu", .input_shape = {3}}), layers::Dense(2)});
}

std::string describe_keras(const keras::Sequential& model, const keras::optimizers::Optimizer& optimizer) {
  std::string out;
  const auto weights = model.weights();
  for (std::size_t i = 0; i < weights.size(); ++i) out += "model/" + std::to_string(i) + " " + hex(weights[i].read_value()) + "\n";
  const auto variables = optimizer.variables();
  for (std::size_t i = 0; i < variables.size(); ++i) out += "optimizer/" + std::to_string(i) + " " + hex(variables[i].read_value()) + "\n";
  return out;
}

TEST(Checkpoint, KerasDenseAndAdamBothWaysWithTensorFlow) {
  // tfpp trains, TensorFlow restores.
  keras::Sequential model = dense_model();
  model.compile({.optimizer = keras::optimizers::Adam({.learning_rate = 0.01}), .loss = "mse"});
  Tensor x = tf::reshape(tf::linspace(-1.0f, 1.0f, 24), {8, 3});
  Tensor s = tf::reduce_sum(x, 1, {.keepdims = true});
  Tensor y = tf::concat(std::vector<Tensor>{s, s * 0.5f}, 1);
  model.fit(x, y, {.batch_size = 4, .epochs = 2, .verbose = 0, .shuffle = false});
  const auto& optimizer = model.optimizer();
  ASSERT_EQ(optimizer.iterations().read_value().item<std::int64_t>(), 4);
  const std::string path = Checkpoint({{"model", model}, {"optimizer", optimizer}}).write((fresh_dir("keras") / "tfpp").string());
  const auto keys = load_checkpoint(path).get_variable_to_shape_map();
  EXPECT_TRUE(keys.count("model/layer_with_weights-0/kernel/.ATTRIBUTES/VARIABLE_VALUE"));
  EXPECT_TRUE(keys.count("optimizer/_iterations/.ATTRIBUTES/VARIABLE_VALUE"));
  EXPECT_TRUE(keys.count("optimizer/_variables/9/.ATTRIBUTES/VARIABLE_VALUE"));
  EXPECT_EQ(reference("keras_restore", path), describe_keras(model, optimizer));

  // TensorFlow trains, tfpp restores.
  const std::string tf_prefix = (fresh_dir("keras_tf") / "tf").string();
  const std::string tf_values = reference("keras_write", tf_prefix);
  ASSERT_NE(tf_values, "");
  keras::Sequential fresh = dense_model();
  keras::optimizers::Adam adam({.learning_rate = 0.01});
  adam.build(fresh.trainable_weights());
  Checkpoint({{"model", fresh}, {"optimizer", adam}}).restore(tf_prefix).expect_partial();
  EXPECT_EQ(describe_keras(fresh, adam), tf_values);
}

TEST(Checkpoint, RestoreBeforeTheFirstCallIsDeferredUntilTheLayersBuild) {
  keras::Sequential model({layers::Dense(3), layers::Dense(1)});
  model(tf::ones({2, 5}));
  const std::string path = Checkpoint({{"model", model}}).write((fresh_dir("deferred") / "ckpt").string());

  keras::Sequential later({layers::Dense(3), layers::Dense(1)});
  ASSERT_TRUE(later.weights().empty());
  Checkpoint ckpt({{"model", later}});
  CheckpointLoadStatus status = ckpt.restore(path);
  EXPECT_THROW(status.assert_consumed(), AssertionError);  // nothing to put the values in yet
  status.assert_existing_objects_matched();
  later(tf::ones({2, 5}));
  status.assert_consumed();
  const auto a = model.weights(), b = later.weights();
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(hex(a[i].read_value()), hex(b[i].read_value())) << i;
}

TEST(Checkpoint, RestoreBeforeTheOptimizerBuildsIsDeferredUntilItsSlotsExist) {
  keras::Sequential model = dense_model();
  model.compile({.optimizer = keras::optimizers::Adam({.learning_rate = 0.01}), .loss = "mse"});
  Tensor x = tf::reshape(tf::linspace(-1.0f, 1.0f, 24), {8, 3});
  model.fit(x, tf::slice(x, {0, 0}, {8, 2}) * 0.5f, {.batch_size = 4, .epochs = 1, .verbose = 0, .shuffle = false});
  const std::string path =
      Checkpoint({{"model", model}, {"optimizer", model.optimizer()}}).write((fresh_dir("deferred_slots") / "ckpt").string());

  keras::Sequential fresh = dense_model();
  keras::optimizers::Adam adam({.learning_rate = 0.01});
  ASSERT_EQ(adam.variables().size(), 2u);  // iterations and the learning rate: no slots before build()
  CheckpointLoadStatus status = Checkpoint({{"model", fresh}, {"optimizer", adam}}).restore(path);
  EXPECT_THROW(status.assert_consumed(), AssertionError);  // the moments wait for their variables
  status.assert_existing_objects_matched();
  adam.build(fresh.trainable_weights());
  status.assert_consumed();
  EXPECT_EQ(describe_keras(fresh, adam), describe_keras(model, model.optimizer()));

  // A slot of another shape than the saved one is refused when it is created.
  keras::Sequential wider({layers::Dense(5, {.activation = "relu", .input_shape = {3}}), layers::Dense(2)});
  keras::optimizers::Adam other({.learning_rate = 0.01});
  Checkpoint({{"optimizer", other}}).restore(path).expect_partial();
  EXPECT_THROW(other.build(wider.trainable_weights()), InvalidArgumentError);
}

TEST(Checkpoint, StatusAssertionsAndBadInput) {
  const fs::path dir = fresh_dir("status");
  Mod saved = Mod::sample();
  const std::string path = Checkpoint({{"module", saved.root}}).write((dir / "ckpt").string());

  // A structure with a variable the checkpoint lacks, and without one it has.
  Module partial("partial");
  partial.add_variable("w", tf::zeros({2, 3}));
  partial.add_variable("extra", tf::zeros({1}));
  CheckpointLoadStatus status = Checkpoint({{"module", partial}}).restore(path);
  EXPECT_THROW(status.assert_consumed(), AssertionError);
  EXPECT_THROW(status.assert_existing_objects_matched(), AssertionError);
  status.expect_partial();
  EXPECT_EQ(hex(partial.named_variables()[0].second.read_value()), hex(saved.w.read_value()));

  Module wrong_shape("wrong");
  wrong_shape.add_variable("w", tf::zeros({3, 2}));
  EXPECT_THROW(Checkpoint({{"module", wrong_shape}}).restore(path), InvalidArgumentError);
  EXPECT_THROW(Checkpoint({{"module", saved.root}}).restore((dir / "missing").string()), NotFoundError);
  EXPECT_THROW(Checkpoint({{"save_counter", saved.w}}), InvalidArgumentError);
  EXPECT_EQ(latest_checkpoint((dir / "nowhere").string()), std::nullopt);
  EXPECT_THROW(load_checkpoint((dir / "nowhere").string()), NotFoundError);
}

}  // namespace
}  // namespace tf::train
