// ReversibleEmbedding compared with Keras 3 in the same test run (lookups, reverse logits tied and
// untied, soft cap, gradients, weight names, config, .keras files both ways), finite-difference
// gradients of reverse(), masks, round trip and errors.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/layers/deserialize.h>
#include <tfpp/keras/layers/reversible_embedding.h>
#include <tfpp/keras/mask.h>

#include "autodiff/gradient_checker.h"
#include "keras/keras_file_exchange.h"
#include "keras/keras_reference.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::pattern_tensor;

// run(): weight i = pattern(shape, 1 + i) * 0.5; emits the lookup of ids, the reverse logits of h,
// the gradients of sum(logits * pattern(9)) for h and the weights, the weight paths and config.
const char* kScript = R"PY(
import json
import tensorflow as tf
import keras
from keras import layers
ids = np.array([[1, 0, 3], [4, 2, 0]], np.int32)
h = pattern((2, 3, 4), 0.5)
def run(name, layer):
    layer.build(ids.shape)
    layer.set_weights([pattern(w.shape, 1.0 + i) * 0.5 for i, w in enumerate(layer.weights)])
    emit(name + '.lookup', layer(ids))
    ht = tf.constant(h)
    with tf.GradientTape() as tape:
        tape.watch(ht)
        logits = layer(ht, reverse=True)
        loss = tf.reduce_sum(logits * pattern(tuple(logits.shape), 9.0))
    emit(name + '.logits', logits)
    for i, g in enumerate(tape.gradient(loss, [ht] + list(layer.trainable_weights))):
        print('connected.' + name + '.g' + str(i), g is not None)
        if g is not None: emit(name + '.g' + str(i), tf.convert_to_tensor(g))
    print('names.' + name, ' '.join(w.path for w in layer.weights))
    c = layer.get_config()
    print('cfg.' + name, json.dumps({k: c[k] for k in ['input_dim', 'output_dim', 'mask_zero', 'tie_weights', 'reverse_dtype',
                                                        'logit_soft_cap', 'quantization_config']}, sort_keys=True))
run('tied', layers.ReversibleEmbedding(6, 4, name='tied'))
run('untied_cap', layers.ReversibleEmbedding(6, 4, tie_weights=False, logit_soft_cap=0.5, name='untied_cap'))
run('float64', layers.ReversibleEmbedding(6, 4, reverse_dtype='float64', mask_zero=True, name='float64'))
)PY";

class ReversibleEmbeddingKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    output_ = new std::string(tf::testing::run_reference(std::string(tf::testing::kPythonPattern) + kScript));
    values_ = new std::map<std::string, std::vector<double>>(tf::testing::parse_values(*output_));
  }
  void SetUp() override { ASSERT_FALSE(values_->empty()) << "the Keras script printed nothing"; }
  static void expect_close(const std::string& name, const tf::Tensor& got) {
    ASSERT_TRUE(values_->count(name)) << name << " missing from Keras' output:\n" << *output_;
    const std::vector<double>& want = values_->at(name);
    const std::vector<double> g = tf::cast(got, tf::float64).numpy<double>();
    ASSERT_EQ(g.size(), want.size()) << name;
    for (std::size_t i = 0; i < g.size(); ++i) ASSERT_NEAR(g[i], want[i], 2e-5 * (1 + std::abs(want[i]))) << name << " at " << i;
  }
  static std::string line(const std::string& kind, const std::string& name) {
    std::istringstream lines(*output_);
    const std::string head = kind + "." + name + " ";
    for (std::string l; std::getline(lines, l);)
      if (l.rfind(head, 0) == 0) return l.substr(head.size());
    return "<missing>";
  }
  static void check(const std::string& name, layers::ReversibleEmbedding& layer) {
    SCOPED_TRACE(name);
    const tf::Tensor ids = tf::constant({{1, 0, 3}, {4, 2, 0}});
    layer.build_for({ids.shape()});
    std::vector<tf::Tensor> ws;
    double seed = 1.0;
    for (const tf::Variable& w : layer.weights()) ws.push_back(pattern_tensor(w.shape(), seed++) * 0.5f);
    layer.set_weights(ws);
    expect_close(name + ".lookup", layer(ids));
    const tf::Tensor h = pattern_tensor({2, 3, 4}, 0.5);
    tf::GradientTape tape({.persistent = true});
    tape.watch(h);
    const tf::Tensor logits = layer.reverse(h);
    const tf::Tensor loss = tf::reduce_sum(logits * tf::cast(pattern_tensor(logits.shape(), 9.0), logits.dtype()));
    expect_close(name + ".logits", logits);
    expect_close(name + ".g0", tape.gradient(loss, h));
    std::size_t i = 1;
    for (const tf::Variable& w : layer.trainable_weights()) {
      // Without tie_weights the reverse pass does not use the embeddings: no gradient on either side.
      const std::string g = name + ".g" + std::to_string(i++);
      const tf::Tensor grad = tape.gradient(loss, w);
      EXPECT_EQ(grad.defined() ? "True" : "False", line("connected", g));
      if (grad.defined()) expect_close(g, grad);
    }
    std::string names;
    for (const tf::Variable& w : layer.weights()) names += (names.empty() ? "" : " ") + w.name().substr(0, w.name().rfind(':'));
    EXPECT_EQ(names, line("names", name));
    const keras::Config c = layer.get_config();
    keras::Config picked;
    for (const char* k : {"input_dim", "output_dim", "mask_zero", "tie_weights", "reverse_dtype", "logit_soft_cap",
                          "quantization_config"})
      picked[k] = c.at(k);
    EXPECT_EQ(keras::to_json(picked), line("cfg", name));
  }
  static inline std::string* output_ = nullptr;
  static inline std::map<std::string, std::vector<double>>* values_ = nullptr;
};

TEST_F(ReversibleEmbeddingKeras, TiedUntiedSoftCapAndReverseDtype) {
  layers::ReversibleEmbedding tied(6, 4, {.name = "tied"});
  check("tied", tied);
  layers::ReversibleEmbedding untied(6, 4, {.tie_weights = false, .logit_soft_cap = 0.5, .name = "untied_cap"});
  check("untied_cap", untied);
  layers::ReversibleEmbedding wide(6, 4, {.mask_zero = true, .reverse_dtype = tf::float64, .name = "float64"});
  check("float64", wide);
  EXPECT_EQ(wide.reverse(pattern_tensor({2, 4}, 0.1)).dtype(), tf::float64);
}

TEST(ReversibleEmbeddingFile, KerasFilesBothWays) {
  // Rescaling maps the pattern's [-1, 1] to [0, 6], ids 0..5 once cast to int32 as Keras' Embedding
  // casts float ids; the untied tables travel with the file.
  tf::testing::expect_keras_file_exchange(
      "reversible_embedding",
      "keras.Sequential([keras.Input((3,)), layers.Rescaling(3.0, 3.0), "
      "layers.ReversibleEmbedding(6, 4, tie_weights=False), layers.Flatten(), layers.Dense(2)])",
      tf::TensorShape({2, 3}));
}

TEST(ReversibleEmbedding, FiniteDifferenceGradientsOfReverse) {
  // With respect to the inputs (the tables' gradients are compared with Keras' above).
  layers::ReversibleEmbedding layer(5, 3, {.logit_soft_cap = 2.0, .dtype = tf::float64});
  layer.build_for({tf::TensorShape({2})});
  const tf::Tensor mix = tf::testing::random_tensor({2, 4, 5}, 9);
  const auto f = [&](const std::vector<tf::Tensor>& x) { return tf::reduce_sum(layer.reverse(x[0]) * mix); };
  EXPECT_LT(tf::testing::max_gradient_error(f, {tf::testing::random_tensor({2, 4, 3}, 1)}), 1e-6);
}

TEST(ReversibleEmbedding, MaskRoundTripAndErrors) {
  layers::ReversibleEmbedding layer(6, 4, {.mask_zero = true, .logit_soft_cap = 3.0, .name = "re"});
  const tf::Tensor out = layer(tf::constant({{1, 0, 3}}));
  EXPECT_EQ(keras::get_keras_mask(out).numpy<bool>(), (std::vector<bool>{true, false, true}));
  auto copy = layers::deserialize(layers::serialize(layer));
  EXPECT_EQ(copy->class_name(), "ReversibleEmbedding");
  EXPECT_EQ(keras::to_json(copy->get_config()), keras::to_json(layer.get_config()));
  EXPECT_THROW(layer.reverse(tf::ones({2, 5})), tf::InvalidArgumentError);
  EXPECT_THROW(layers::ReversibleEmbedding(0, 4), tf::InvalidArgumentError);
}

}  // namespace
