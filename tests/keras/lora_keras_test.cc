// LoRA of Dense, EinsumDense and Embedding compared with Keras 3 in the same test run: outputs and
// gradients with nonzero adapters, weight order and paths, the frozen kernel, configs, .keras
// files both ways (Keras saves the merged kernel and zeroes the adapters on load), finite-
// difference gradients, and enable_lora's errors.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/layers/core.h>
#include <tfpp/keras/layers/deserialize.h>
#include <tfpp/keras/layers/einsum_dense.h>
#include <tfpp/keras/layers/embedding.h>
#include <tfpp/keras/layers/lora.h>

#include <filesystem>
#include <functional>

#include <unistd.h>

#include "autodiff/gradient_checker.h"
#include "keras/keras_file_exchange.h"
#include "keras/layer_case_reference.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::pattern_tensor;

// lora() prints the LoRA config keys and which weights train; the Embedding and enable_lora cases
// set weight i to pattern(shape, 1 + i) * 0.5 as case() does.
const char* kCases = R"PY(
def lora(name, layer):
    c = layer.get_config()
    print('lora', name, json.dumps({k: c.get(k) for k in ['lora_rank', 'lora_alpha']}, sort_keys=True),
          ' '.join(w.path.split('/')[-1] for w in layer.trainable_weights), '|',
          ' '.join(w.path.split('/')[-1] for w in layer.non_trainable_weights))
dense = layers.Dense(3, lora_rank=2, lora_alpha=8, name='dense_lora')
case('dense_lora', dense, pattern((4, 5), 0.1))
lora('dense_lora', dense)
einsum = layers.EinsumDense('abc,cde->abde', (None, 2, 3), bias_axes='e', lora_rank=2, lora_alpha=6, name='einsum_lora')
case('einsum_lora', einsum, pattern((2, 4, 5), 0.2))
lora('einsum_lora', einsum)
def set_patterns(layer):
    layer.set_weights([pattern(w.shape, 1.0 + i) * 0.5 for i, w in enumerate(layer.weights)])
emb = layers.Embedding(6, 3, lora_rank=2, name='embedding_lora')
emb.build(None)
set_patterns(emb)
ids = np.array([[0, 5, 2], [3, 1, 4]], dtype=np.int32)
with tf.GradientTape() as tape:
    y = emb(ids)
    loss = tf.reduce_sum(y * pattern(tuple(y.shape), 9.0))
emit('embedding_lora', y)
for i, g in enumerate(tape.gradient(loss, emb.trainable_weights)):
    emit('embedding_lora_g' + str(i), tf.convert_to_tensor(g))
lora('embedding_lora', emb)
late = layers.Dense(3, name='dense_enable')
late.build((None, 5))
late.enable_lora(3, lora_alpha=1.5)
set_patterns(late)
emit('dense_enable', late(pattern((2, 5), 0.4)))
lora('dense_enable', late)
)PY";

std::string lora_line(const keras::Layer& layer) {
  const keras::Config c = layer.get_config();
  keras::Config picked;
  for (const char* k : {"lora_rank", "lora_alpha"}) picked[k] = c.count(k) ? c.at(k) : keras::ConfigValue();
  std::string out = keras::to_json(picked) + " ";
  const auto last = [](const tf::Variable& w) {
    const std::string n = w.name().substr(0, w.name().rfind(':'));
    return n.substr(n.rfind('/') + 1);
  };
  for (const tf::Variable& w : layer.trainable_weights()) out += last(w) + " ";
  out += "|";
  for (const tf::Variable& w : layer.non_trainable_weights()) out += " " + last(w);
  return out;
}

void set_patterns(keras::Layer& layer) {
  std::vector<tf::Tensor> values;
  const std::vector<tf::Variable> weights = layer.weights();
  for (std::size_t i = 0; i < weights.size(); ++i)
    values.push_back(tf::cast(pattern_tensor(weights[i].shape(), 1.0 + double(i)) * 0.5f, weights[i].dtype()));
  layer.set_weights(values);
}

class LoraKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { reference_ = new tf::testing::LayerCaseReference(kCases); }
  void SetUp() override { ASSERT_FALSE(reference_->empty()) << "the Keras script printed nothing"; }
  static inline tf::testing::LayerCaseReference* reference_ = nullptr;  // for the whole suite
};

TEST_F(LoraKeras, DenseFromTheConstructor) {
  // Keras' Dense.build enables LoRA with the rank alone: lora_alpha 8 becomes 2.
  layers::Dense dense(3, {.lora_rank = 2, .lora_alpha = 8, .name = "dense_lora"});
  reference_->check("dense_lora", dense, pattern_tensor({4, 5}, 0.1));
  EXPECT_TRUE(dense.lora_enabled());
  EXPECT_EQ(lora_line(dense), reference_->raw_line("lora", "dense_lora"));
}

TEST_F(LoraKeras, EinsumDenseKeepsItsAlpha) {
  layers::EinsumDense einsum("abc,cde->abde", {-1, 2, 3},
                             {.bias_axes = "e", .lora_rank = 2, .lora_alpha = 6, .name = "einsum_lora"});
  reference_->check("einsum_lora", einsum, pattern_tensor({2, 4, 5}, 0.2));
  EXPECT_EQ(einsum.weights()[2].shape(), tf::TensorShape({5, 2, 2}));  // lora_kernel_a: kernel dims but the last, rank
  EXPECT_EQ(lora_line(einsum), reference_->raw_line("lora", "einsum_lora"));
}

TEST_F(LoraKeras, Embedding) {
  layers::Embedding embedding(6, 3, {.lora_rank = 2, .name = "embedding_lora"});
  embedding.build_for({tf::TensorShape({2, 3})});
  set_patterns(embedding);
  const tf::Tensor ids = tf::constant({{0, 5, 2}, {3, 1, 4}});
  tf::Tensor y;
  std::vector<tf::Tensor> grads;
  {
    tf::GradientTape tape;
    y = embedding(ids);
    const tf::Tensor loss = tf::reduce_sum(y * pattern_tensor(y.shape(), 9.0));
    grads = tape.gradient(loss, embedding.trainable_weights());
  }
  reference_->expect_values("embedding_lora", y, 2e-5);
  ASSERT_EQ(grads.size(), 2u);
  for (std::size_t i = 0; i < grads.size(); ++i)
    reference_->expect_values("embedding_lora_g" + std::to_string(i), grads[i], 1e-4);
  EXPECT_EQ(lora_line(embedding), reference_->raw_line("lora", "embedding_lora"));
}

TEST_F(LoraKeras, EnableLoraOnABuiltDense) {
  layers::Dense late(3, {.name = "dense_enable"});
  late.build_for({tf::TensorShape({2, 5})});
  EXPECT_FALSE(late.lora_enabled());
  EXPECT_EQ(late.get_config().count("lora_rank"), 0u);
  late.enable_lora(3, {.lora_alpha = 1.5});
  set_patterns(late);
  reference_->expect_values("dense_enable", late(pattern_tensor({2, 5}, 0.4)), 2e-5);
  EXPECT_EQ(lora_line(late), reference_->raw_line("lora", "dense_enable"));
}

TEST(Lora, AdaptersStartAsHeUniformAndZeros) {
  layers::Dense dense(4);
  dense.build_for({tf::TensorShape({1, 6})});
  dense.enable_lora(2);
  const std::vector<tf::Variable> w = dense.weights();
  ASSERT_EQ(w.size(), 4u);
  EXPECT_EQ(w[2].dtype(), tf::float32);
  const float limit = std::sqrt(6.0f / 6.0f);  // he_uniform over fan_in 6
  float largest = 0;
  for (float v : w[2].numpy<float>()) largest = std::max(largest, std::abs(v));
  EXPECT_GT(largest, 0.0f);
  EXPECT_LE(largest, limit);
  for (float v : w[3].numpy<float>()) EXPECT_EQ(v, 0.0f);
  // b = 0: the layer computes what it did before.
  const tf::Tensor x = pattern_tensor({3, 6}, 0.5);
  const std::vector<float> before = tf::matmul(x, dense.kernel()).numpy<float>();
  const std::vector<float> after = (dense(x) - dense.bias()).numpy<float>();
  for (std::size_t i = 0; i < before.size(); ++i) EXPECT_NEAR(after[i], before[i], 1e-6);
}

TEST(Lora, Float64LayersKeepFloat32Adapters) {
  layers::Dense dense(3, {.lora_rank = 2, .dtype = tf::float64});
  const tf::Tensor y = dense(tf::ones({2, 4}, tf::float64));
  EXPECT_EQ(y.dtype(), tf::float64);
  EXPECT_EQ(dense.weights()[2].dtype(), tf::float32);
  EXPECT_EQ(dense.weights()[3].dtype(), tf::float32);
}

// The adapters are float32 as in Keras, so their differences are taken in float32 steps of a
// bilinear function (exact up to rounding); the input's gradient is a float64 check.
TEST(Lora, FiniteDifferenceGradients) {
  layers::Dense dense(3, {.activation = "tanh", .lora_rank = 2, .dtype = tf::float64});
  const tf::Tensor x = tf::testing::random_tensor({4, 5}, 3);
  dense.build_for({x.shape()});
  set_patterns(dense);
  const tf::Tensor mix = tf::testing::random_tensor({4, 3}, 4);
  const auto f = [&](const tf::Tensor& in) { return tf::reduce_sum(dense(in) * mix); };
  EXPECT_LT(tf::testing::max_gradient_error([&](const std::vector<tf::Tensor>& v) { return f(v[0]); }, {x}), 1e-6);
  for (tf::Variable w : dense.trainable_weights()) {
    tf::Tensor analytic;
    {
      tf::GradientTape tape;
      analytic = tf::cast(tape.gradient(f(x), w), tf::float64);
    }
    const std::vector<double> g = analytic.numpy<double>();
    const tf::Tensor original = w.read_value();
    const double h = w.dtype() == tf::float32 ? 1e-2 : 1e-6;
    for (std::size_t j = 0; j < g.size(); ++j) {
      const auto shifted = [&](double by) {
        std::vector<double> v = tf::cast(original, tf::float64).numpy<double>();
        v[j] += by;
        w.assign(tf::cast(tf::constant(v, w.shape()), w.dtype()));
        return f(x).item<double>();
      };
      const double numeric = (shifted(h) - shifted(-h)) / (2 * h);
      w.assign(original);
      EXPECT_NEAR(g[j], numeric, w.dtype() == tf::float32 ? 2e-3 * (1 + std::abs(numeric)) : 1e-6) << w.name() << " at " << j;
    }
  }
}

TEST(Lora, TrainingMovesTheAdaptersNotTheKernel) {
  layers::Dense dense(2, {.lora_rank = 1, .input_shape = {3}});
  keras::Sequential model({dense});
  model(pattern_tensor({1, 3}, 0.1));
  set_patterns(dense);
  const std::vector<float> kernel = dense.kernel().numpy<float>();
  const std::vector<float> a = dense.weights()[2].numpy<float>();
  model.compile({.optimizer = keras::optimizers::SGD({.learning_rate = 0.1}), .loss = "mse"});
  model.fit(pattern_tensor({8, 3}, 0.2), pattern_tensor({8, 2}, 0.7), {.epochs = 1, .verbose = 0});
  EXPECT_EQ(dense.kernel().numpy<float>(), kernel);
  EXPECT_NE(dense.weights()[2].numpy<float>(), a);
  EXPECT_EQ(model.trainable_weights().size(), 3u);
}

TEST(Lora, ConfigRoundTrip) {
  layers::EinsumDense einsum("ab,bc->ac", {4}, {.lora_rank = 3, .lora_alpha = 2.5, .name = "e"});
  EXPECT_EQ(keras::to_json(einsum.get_config().at("lora_alpha")), "2.5");
  auto copy = layers::deserialize(layers::serialize(einsum));
  EXPECT_EQ(keras::to_json(copy->get_config()), keras::to_json(einsum.get_config()));
  copy->build_for({tf::TensorShape({2, 5})});
  EXPECT_EQ(copy->weights().size(), 3u);
  EXPECT_TRUE(dynamic_cast<layers::EinsumDense&>(*copy).lora_enabled());

  layers::Embedding plain(4, 2);
  EXPECT_EQ(plain.get_config().count("lora_rank"), 0u);
  keras::Config c = plain.get_config();
  c["lora_rank"] = keras::ConfigValue();  // None: no LoRA
  layers::Embedding from_none = layers::Embedding::from_config(c);
  from_none.build_for({tf::TensorShape({2})});
  EXPECT_EQ(from_none.weights().size(), 1u);
}

std::string error_of(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const tf::InvalidArgumentError& e) {
    return e.what();
  }
  return "<no InvalidArgumentError>";
}

TEST(Lora, Errors) {
  layers::Dense unbuilt(3, {.name = "unbuilt"});
  std::string e = error_of([&] { unbuilt.enable_lora(2); });
  EXPECT_NE(e.find("[unbuilt] Cannot enable lora on a layer that isn't yet built."), std::string::npos) << e;
  layers::Dense twice(3, {.lora_rank = 2, .name = "twice"});
  twice.build_for({tf::TensorShape({1, 4})});
  e = error_of([&] { twice.enable_lora(2); });
  EXPECT_NE(e.find("[twice] lora is already enabled. This can only be done once per layer."), std::string::npos) << e;
  layers::Dense constrained(3, {.kernel_constraint = keras::constraints::NonNeg(), .name = "constrained"});
  constrained.build_for({tf::TensorShape({1, 4})});
  e = error_of([&] { constrained.enable_lora(2); });
  EXPECT_NE(e.find("Lora is incompatible with kernel constraints"), std::string::npos) << e;
  layers::Embedding table(5, 2, {.embeddings_constraint = keras::constraints::NonNeg(), .name = "table"});
  table.build_for({tf::TensorShape({1})});
  e = error_of([&] { table.enable_lora(2); });
  EXPECT_NE(e.find("`embeddings_constraint`"), std::string::npos) << e;
  layers::EinsumDense einsum("ab,bc->ac", {4}, {.name = "zero_rank"});
  einsum.build_for({tf::TensorShape({1, 4})});
  e = error_of([&] { einsum.enable_lora(0); });
  EXPECT_NE(e.find("[zero_rank] the lora rank must be positive, got 0"), std::string::npos) << e;
  EXPECT_FALSE(einsum.lora_enabled());
}

TEST(LoraFile, KerasFilesBothWays) {
  // Keras saves the merged kernels; on load the adapters are zero and the predictions unchanged.
  tf::testing::expect_keras_file_exchange(
      "lora_dense",
      "keras.Sequential([keras.Input((3, 5)), layers.EinsumDense('abc,cd->abd', (3, 4), bias_axes='d', lora_rank=2, "
      "lora_alpha=4), layers.Flatten(), layers.Dense(2, lora_rank=1)])",
      tf::TensorShape({2, 3, 5}));
  tf::testing::expect_keras_file_exchange(
      "lora_embedding",
      "keras.Sequential([keras.Input((4,)), layers.Embedding(3, 2, lora_rank=1), layers.Flatten(), layers.Dense(2)])",
      tf::TensorShape({3, 4}));
}

TEST(LoraFile, TfppSavesTheMergedKernel) {
  namespace fs = std::filesystem;
  const fs::path path = fs::temp_directory_path() / ("tfpp_lora_" + std::to_string(::getpid()) + ".keras");
  layers::Dense dense(2, {.lora_rank = 2, .lora_alpha = 3, .input_shape = {4}});
  keras::Sequential model({dense});
  const tf::Tensor x = pattern_tensor({3, 4}, 0.6);
  model(x);
  set_patterns(dense);  // nonzero adapters
  const tf::Tensor want = model.predict(x, {.verbose = 0});
  model.save(path.string());
  const std::string out = tf::testing::run_reference(
      std::string(tf::testing::kPythonPattern) + "import keras\nm = keras.models.load_model('" + path.string() + "')\n" +
      "emit('pred', m.predict(pattern((3, 4), 0.6), verbose=0))\n"
      "emit('adapters', [float(abs(w).max()) for w in m.get_weights()[2:]])\n");
  const auto values = tf::testing::parse_values(out);
  ASSERT_TRUE(values.count("pred")) << out;
  const std::vector<float> w = want.numpy<float>();
  ASSERT_EQ(values.at("pred").size(), w.size());
  for (std::size_t i = 0; i < w.size(); ++i) EXPECT_NEAR(values.at("pred")[i], w[i], 2e-5 * (1 + std::abs(w[i])));
  EXPECT_EQ(values.at("adapters"), (std::vector<double>{0.0, 0.0}));
  fs::remove(path);
}

}  // namespace
