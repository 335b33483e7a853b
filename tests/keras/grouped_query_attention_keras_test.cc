// GroupedQueryAttention compared with Keras 3's GroupQueryAttention on TensorFlow 2.21 in the same
// test run (outputs, attention scores, gradients of inputs and weights, eager and traced, configs,
// weight names, .keras files both ways), its finite-difference gradients, round trip and errors.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/layers/deserialize.h>
#include <tfpp/keras/layers/grouped_query_attention.h>
#include <tfpp/keras/mask.h>

#include <functional>

#include "keras/keras_file_exchange.h"
#include "keras/keras_reference.h"
#include "keras/layer_gradient_check.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::pattern_tensor;

// case(name, layer, xs, fn): builds the layer with one call, sets weight i to pattern(shape, 1 + i)
// * 0.5, calls fn(layer, *xs) under a tape, prints every output, the gradients of
// sum_k sum(out_k * pattern(out_k.shape, 9 + k)) for the inputs and weights, the weight paths and
// get_config() without dtype (sorted JSON).
const char* kScript = R"PY(
import json
import tensorflow as tf
import keras
from keras import layers
def case(name, layer, xs, fn):
    xs = [tf.constant(x) for x in xs]
    with tf.GradientTape(persistent=True) as tape:
        for x in xs: tape.watch(x)
        if not layer.built:
            fn(layer, *xs)
            layer.set_weights([pattern(w.shape, 1.0 + i) * 0.5 for i, w in enumerate(layer.weights)])
        outs = fn(layer, *xs)
        outs = list(outs) if isinstance(outs, (list, tuple)) else [outs]
        loss = sum(tf.reduce_sum(o * pattern(tuple(o.shape), 9.0 + k)) for k, o in enumerate(outs))
    for k, o in enumerate(outs): emit(name + '.out' + str(k), o)
    for k, x in enumerate(xs): emit(name + '.gx' + str(k), tape.gradient(loss, x))
    for i, g in enumerate(tape.gradient(loss, layer.trainable_weights)): emit(name + '.gw' + str(i), tf.convert_to_tensor(g))
    print('names.' + name, ' '.join(w.path + str(list(w.shape)) for w in layer.weights))
    config = {k: v for k, v in layer.get_config().items() if k != 'dtype'}
    config = {k: (v['class_name'] if isinstance(v, dict) else v) for k, v in config.items()}
    print('cfg.' + name, json.dumps(config, sort_keys=True))
q = pattern((2, 4, 6), 0.5); v = pattern((2, 3, 5), 2.5); k = pattern((2, 3, 7), 3.5)
qm = tf.constant([[True, True, True, False], [True, False, True, True]])
vm = tf.constant([[True, True, False], [False, True, True]])
am = tf.constant(np.array([[[1, 0, 1], [1, 1, 0], [0, 1, 1], [1, 1, 1]]] * 2, bool))
GQA = layers.GroupQueryAttention
case('plain', GQA(2, 4, 2, name='plain'), [q, v], lambda l, a, b: l(a, b))
case('key_scores', GQA(3, 2, 1, name='key_scores'), [q, v, k], lambda l, a, b, c: l(a, b, c, return_attention_scores=True))
case('self_causal', GQA(2, 4, 4, use_bias=False, name='self_causal'), [q], lambda l, a: l(a, a, use_causal_mask=True))
case('masks', GQA(2, 6, 3, name='masks'), [q, v], lambda l, a, b: l(a, b, query_mask=qm, value_mask=vm))
case('masks_scores', GQA(2, 2, 2, name='masks_scores'), [q, v],
     lambda l, a, b: l(a, b, attention_mask=am, return_attention_scores=True))
case('gate_window', GQA(2, 4, 2, use_gate=True, sliding_window=2, name='gate_window'), [q],
     lambda l, a: l(a, a, use_causal_mask=True, return_attention_scores=True))
)PY";

using Fn = std::function<std::vector<tf::Tensor>(layers::GroupedQueryAttention&, const std::vector<tf::Tensor>&)>;

class GroupedQueryAttentionKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    output_ = new std::string(tf::testing::run_reference(std::string(tf::testing::kPythonPattern) + kScript));
    values_ = new std::map<std::string, std::vector<double>>(tf::testing::parse_values(*output_));
  }
  void SetUp() override { ASSERT_FALSE(values_->empty()) << "the Keras script printed nothing"; }

  static void expect_close(const std::string& name, const tf::Tensor& got, double tol = 2e-5) {
    ASSERT_TRUE(values_->count(name)) << name << " missing from Keras' output:\n" << *output_;
    ASSERT_TRUE(got.defined()) << name << " is undefined";
    const std::vector<double>& want = values_->at(name);
    const std::vector<float> g = tf::cast(got, tf::float32).numpy<float>();
    ASSERT_EQ(g.size(), want.size()) << name;
    for (std::size_t i = 0; i < g.size(); ++i) ASSERT_NEAR(g[i], want[i], tol * (1 + std::abs(want[i]))) << name << " at " << i;
  }
  // The text after "<kind>.<name> " in Keras' output.
  static std::string line(const std::string& kind, const std::string& name) {
    std::istringstream lines(*output_);
    const std::string head = kind + "." + name + " ";
    for (std::string l; std::getline(lines, l);)
      if (l.rfind(head, 0) == 0) return l.substr(head.size());
    return "<missing>";
  }
  static std::vector<tf::Tensor> run(layers::GroupedQueryAttention& layer, const std::vector<tf::Tensor>& xs, const Fn& fn,
                                     std::size_t* outputs) {
    tf::GradientTape tape({.persistent = true});
    for (const tf::Tensor& x : xs) tape.watch(x);
    std::vector<tf::Tensor> outs = fn(layer, xs);
    tf::Tensor loss = tf::zeros({});
    for (std::size_t k = 0; k < outs.size(); ++k) loss = loss + tf::reduce_sum(outs[k] * pattern_tensor(outs[k].shape(), 9.0 + k));
    *outputs = outs.size();
    for (const tf::Tensor& x : xs) outs.push_back(tape.gradient(loss, x));
    for (const tf::Tensor& g : tape.gradient(loss, layer.trainable_weights())) outs.push_back(g);
    return outs;
  }
  static void check(const std::string& name, layers::GroupedQueryAttention& layer, const std::vector<tf::Tensor>& xs,
                    const Fn& fn) {
    SCOPED_TRACE(name);
    fn(layer, xs);
    std::vector<tf::Tensor> values;
    double seed = 1.0;
    for (const tf::Variable& w : layer.weights()) values.push_back(pattern_tensor(w.shape(), seed++) * 0.5f);
    layer.set_weights(values);
    std::size_t outputs = 0;
    auto traced = tf::function([&](std::vector<tf::Tensor> in) { return run(layer, in, fn, &outputs); });
    for (bool use_function : {false, true}) {
      SCOPED_TRACE(use_function ? "traced" : "eager");
      const std::vector<tf::Tensor> got = use_function ? traced(xs) : run(layer, xs, fn, &outputs);
      std::size_t i = 0;
      for (; i < outputs; ++i) expect_close(name + ".out" + std::to_string(i), got[i]);
      for (std::size_t k = 0; k < xs.size(); ++k, ++i) expect_close(name + ".gx" + std::to_string(k), got[i]);
      for (std::size_t w = 0; i < got.size(); ++i, ++w) expect_close(name + ".gw" + std::to_string(w), got[i]);
    }
    std::string names;
    for (const tf::Variable& w : layer.weights()) {
      std::string n = w.name();
      n = n.substr(0, n.rfind(':'));
      std::string dims;
      for (std::size_t d = 0; d < w.shape().dims().size(); ++d) dims += (d ? ", " : "") + std::to_string(w.shape()[d]);
      names += (names.empty() ? "" : " ") + n + "[" + dims + "]";
    }
    EXPECT_EQ(names, line("names", name));
    keras::Config config = layer.get_config();
    config.erase("dtype");
    for (auto& [key, value] : config)
      if (value.holds<keras::Config>()) value = value.get<keras::Config>().at("class_name");
    EXPECT_EQ(keras::to_json(config), line("cfg", name));
  }
  static inline std::string* output_ = nullptr;
  static inline std::map<std::string, std::vector<double>>* values_ = nullptr;
};

tf::Tensor query() { return pattern_tensor({2, 4, 6}, 0.5); }
tf::Tensor value() { return pattern_tensor({2, 3, 5}, 2.5); }
tf::Tensor key() { return pattern_tensor({2, 3, 7}, 3.5); }

TEST_F(GroupedQueryAttentionKeras, PlainKeyAndScores) {
  layers::GroupedQueryAttention plain(2, 4, 2, {.name = "plain"});
  check("plain", plain, {query(), value()}, [](auto& l, const auto& x) { return l.attend(x[0], x[1]); });
  layers::GroupedQueryAttention key_scores(3, 2, 1, {.name = "key_scores"});
  check("key_scores", key_scores, {query(), value(), key()}, [](auto& l, const auto& x) {
    return l.attend(x[0], x[1], {.key = x[2], .return_attention_scores = true});
  });
  layers::GroupedQueryAttention causal(2, 4, 4, {.use_bias = false, .name = "self_causal"});
  check("self_causal", causal, {query()}, [](auto& l, const auto& x) { return l.attend(x[0], x[0], {.use_causal_mask = true}); });
}

TEST_F(GroupedQueryAttentionKeras, MasksGateAndSlidingWindow) {
  const tf::Tensor qm = tf::constant({{true, true, true, false}, {true, false, true, true}});
  const tf::Tensor vm = tf::constant({{true, true, false}, {false, true, true}});
  layers::GroupedQueryAttention masks(2, 6, 3, {.name = "masks"});
  check("masks", masks, {query(), value()}, [&](auto& l, const auto& x) {
    return l.attend(keras::with_keras_mask(x[0], qm), keras::with_keras_mask(x[1], vm));
  });
  std::vector<bool> am_values;
  const int am[4][3] = {{1, 0, 1}, {1, 1, 0}, {0, 1, 1}, {1, 1, 1}};
  for (int b = 0; b < 2; ++b)
    for (const auto& row : am)
      for (int v : row) am_values.push_back(v != 0);
  const tf::Tensor attention_mask = tf::constant(am_values, {2, 4, 3});
  layers::GroupedQueryAttention masks_scores(2, 2, 2, {.name = "masks_scores"});
  check("masks_scores", masks_scores, {query(), value()}, [&](auto& l, const auto& x) {
    return l.attend(x[0], x[1], {.attention_mask = attention_mask, .return_attention_scores = true});
  });
  layers::GroupedQueryAttention gate(2, 4, 2, {.sliding_window = 2, .use_gate = true, .name = "gate_window"});
  check("gate_window", gate, {query()}, [](auto& l, const auto& x) {
    return l.attend(x[0], x[0], {.use_causal_mask = true, .return_attention_scores = true});
  });
}

TEST(GroupedQueryAttentionFile, KerasFilesBothWays) {
  tf::testing::expect_keras_file_exchange(
      "gqa",
      "(lambda q: keras.Model(q, layers.Dense(2)(layers.GroupQueryAttention(2, 4, 2, use_gate=True)(q, q))))"
      "(keras.Input((3, 5)))",
      tf::TensorShape({2, 3, 5}));
}

TEST(GroupedQueryAttention, FiniteDifferenceGradients) {
  // Query, value and key (the weights' gradients are compared with Keras' above).
  layers::GroupedQueryAttention gqa(2, 4, 2, {.sliding_window = 2, .use_gate = true, .dtype = tf::float64});
  const tf::Tensor mix = tf::testing::random_tensor({2, 3, 4}, 9);
  const auto f = [&](const std::vector<tf::Tensor>& x) {
    return tf::reduce_sum(gqa.attend(x[0], x[1], {.key = x[2], .use_causal_mask = true})[0] * mix);
  };
  const std::vector<tf::Tensor> inputs{tf::testing::random_tensor({2, 3, 4}, 1), tf::testing::random_tensor({2, 5, 3}, 2),
                                       tf::testing::random_tensor({2, 5, 6}, 3)};
  EXPECT_LT(tf::testing::max_gradient_error(f, inputs), 1e-6);
}

TEST(GroupedQueryAttention, ConfigRoundTripAndName) {
  layers::GroupedQueryAttention gqa(4, 8, 2, {.dropout = 0.25, .sliding_window = 3, .seed = 5});
  EXPECT_EQ(gqa.name().rfind("grouped_query_attention", 0), 0u) << gqa.name();
  EXPECT_EQ(gqa.class_name(), "GroupQueryAttention");
  auto copy = layers::deserialize(layers::serialize(gqa));
  EXPECT_EQ(copy->class_name(), "GroupQueryAttention");
  EXPECT_EQ(keras::to_json(copy->get_config()), keras::to_json(gqa.get_config()));
  keras::Config flash = gqa.get_config();
  flash["flash_attention"] = true;
  EXPECT_THROW(layers::GroupedQueryAttention::from_config(flash), tf::UnimplementedError);
}

TEST(GroupedQueryAttention, Errors) {
  EXPECT_THROW(layers::GroupedQueryAttention(2, 5, 2), tf::InvalidArgumentError);
  EXPECT_THROW(layers::GroupedQueryAttention(2, 4, 2, {.sliding_window = 0}), tf::InvalidArgumentError);
  layers::GroupedQueryAttention gqa(2, 4, 2, {.name = "gqa_bad"});
  try {
    gqa.attend(tf::ones({2, 3}), tf::ones({2, 3, 4}));
    FAIL() << "no error";
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("gqa_bad"), std::string::npos) << e.what();
  }
  EXPECT_THROW(gqa.attend(tf::ones({2, 3, 4}), tf::ones({2, 5, 4}), {.key = tf::ones({2, 4, 4})}), tf::InvalidArgumentError);
}

}  // namespace
