// Attention and AdditiveAttention against Keras 3 on TensorFlow 2.21 in the same run: outputs,
// attention scores and the gradients of a weighted sum with respect to the inputs and every
// weight, eagerly and inside tf::function, for every score mode, scale, key, mask and causal
// combination; and the configs Keras writes.
#include <gtest/gtest.h>

#include <sstream>

#include <tfpp/function.h>
#include <tfpp/gradient_tape.h>
#include <tfpp/keras/layers/score_attention.h>
#include <tfpp/keras/mask.h>
#include <tfpp/math_ops.h>
#include <tfpp/reduction_ops.h>

#include "keras/keras_reference.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::pattern_tensor;

// Each case prints outputs (out0, ...), input gradients (gx0, ...) and weight gradients (gw0, ...)
// of sum_k sum(out_k * pattern(out_k.shape, 9 + k)); `cfg.<name>` lines hold get_config() without
// the dtype (a DTypePolicy in Keras), as sorted JSON.
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
    config = {k: v for k, v in layer.get_config().items() if k != 'dtype'}
    print('cfg.' + name, json.dumps(config, sort_keys=True))
q = pattern((2, 4, 5), 0.5); v = pattern((2, 3, 5), 2.5); k = pattern((2, 3, 5), 3.5); v7 = pattern((2, 3, 7), 4.5)
qm = tf.constant([[True, True, True, False], [True, False, True, True]])
vm = tf.constant([[True, True, False], [False, True, True]])
case('dot', layers.Attention(name='dot'), [q, v], lambda l, a, b: l([a, b]))
case('dot_scale_key', layers.Attention(use_scale=True, name='dot_scale_key'), [q, v7, k],
     lambda l, a, b, c: l([a, b, c], return_attention_scores=True))
case('concat', layers.Attention(score_mode='concat', name='concat'), [q, v], lambda l, a, b: l([a, b]))
case('concat_scale_causal', layers.Attention(use_scale=True, score_mode='concat', seed=4, name='concat_scale_causal'),
     [q, q], lambda l, a, b: l([a, b], use_causal_mask=True, return_attention_scores=True))
case('dot_masks', layers.Attention(dropout=0.5, name='dot_masks'), [q, v7, k],
     lambda l, a, b, c: l([a, b, c], mask=[qm, vm], return_attention_scores=True))
case('dot_masks_causal', layers.Attention(use_scale=True, name='dot_masks_causal'), [q, q],
     lambda l, a, b: l([a, b], mask=[qm, qm], use_causal_mask=True, return_attention_scores=True))
case('additive', layers.AdditiveAttention(name='additive'), [q, v7, k],
     lambda l, a, b, c: l([a, b, c], return_attention_scores=True))
case('additive_noscale_masks', layers.AdditiveAttention(use_scale=False, name='additive_noscale_masks'), [q, v],
     lambda l, a, b: l([a, b], mask=[qm, vm], use_causal_mask=True))
)PY";

using Fn = std::function<std::vector<tf::Tensor>(const std::vector<tf::Tensor>&)>;

class ScoreAttentionKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    output_ = tf::testing::run_reference(std::string(tf::testing::kPythonPattern) + kScript);
    values_ = tf::testing::parse_values(output_);
  }
  void SetUp() override { ASSERT_FALSE(values_.empty()) << "the Keras script printed nothing"; }

  static void expect_close(const std::string& name, const tf::Tensor& got, double tol = 2e-5) {
    ASSERT_TRUE(values_.count(name)) << name << " missing from Keras' output";
    ASSERT_TRUE(got.defined()) << name << " is undefined";
    const std::vector<double>& want = values_.at(name);
    std::vector<float> g = tf::cast(got, tf::float32).numpy<float>();
    ASSERT_EQ(g.size(), want.size()) << name;
    for (std::size_t i = 0; i < g.size(); ++i)
      ASSERT_NEAR(g[i], want[i], tol * (1 + std::abs(want[i]))) << name << " at " << i;
  }

  // The text after "cfg.<name> " in Keras' output.
  static std::string keras_config(const std::string& name) {
    std::istringstream lines(output_);
    const std::string head = "cfg." + name + " ";
    for (std::string line; std::getline(lines, line);)
      if (line.rfind(head, 0) == 0) return line.substr(head.size());
    return "<missing>";
  }

  static std::vector<tf::Tensor> run(keras::Layer& layer, const std::vector<tf::Tensor>& xs, const Fn& fn) {
    tf::GradientTape tape({.persistent = true});
    for (const tf::Tensor& x : xs) tape.watch(x);
    std::vector<tf::Tensor> outs = fn(xs);
    tf::Tensor loss = tf::zeros({});
    for (std::size_t k = 0; k < outs.size(); ++k) loss = loss + tf::reduce_sum(outs[k] * pattern_tensor(outs[k].shape(), 9.0 + k));
    std::vector<tf::Tensor> result = outs;
    for (const tf::Tensor& x : xs) result.push_back(tape.gradient(loss, x));
    for (const tf::Tensor& g : tape.gradient(loss, layer.trainable_weights())) result.push_back(g);
    return result;
  }

  // Builds `layer` with one call, sets the pattern weights, then compares eagerly and traced.
  static void check(const std::string& name, keras::Layer& layer, const std::vector<tf::Tensor>& xs, const Fn& fn) {
    SCOPED_TRACE(name);
    const std::size_t outputs = fn(xs).size();
    std::vector<tf::Tensor> values;
    double seed = 1.0;
    for (const tf::Variable& w : layer.weights()) values.push_back(pattern_tensor(w.shape(), seed++) * 0.5f);
    layer.set_weights(values);
    auto traced = tf::function([&](std::vector<tf::Tensor> in) { return run(layer, in, fn); });
    for (bool use_function : {false, true}) {
      SCOPED_TRACE(use_function ? "traced" : "eager");
      std::vector<tf::Tensor> got = use_function ? traced(xs) : run(layer, xs, fn);
      std::size_t i = 0;
      for (; i < outputs; ++i) expect_close(name + ".out" + std::to_string(i), got[i]);
      for (std::size_t k = 0; k < xs.size(); ++k, ++i) expect_close(name + ".gx" + std::to_string(k), got[i]);
      std::size_t w = 0;
      for (; i < got.size(); ++i, ++w) expect_close(name + ".gw" + std::to_string(w), got[i]);
      EXPECT_EQ(w, layer.trainable_weights().size());
    }
    keras::Config config = layer.get_config();
    config.erase("dtype");
    EXPECT_EQ(keras::to_json(config), keras_config(name));
  }

  static std::string output_;
  static std::map<std::string, std::vector<double>> values_;
};

std::string ScoreAttentionKeras::output_;
std::map<std::string, std::vector<double>> ScoreAttentionKeras::values_;

tf::Tensor query_mask() { return tf::constant({{true, true, true, false}, {true, false, true, true}}); }
tf::Tensor value_mask() { return tf::constant({{true, true, false}, {false, true, true}}); }

// A new query tensor per call: the same data given twice must be two tensors for the tape, as in Keras.
tf::Tensor q() { return pattern_tensor({2, 4, 5}, 0.5); }

TEST_F(ScoreAttentionKeras, DotScores) {
  const tf::Tensor v = pattern_tensor({2, 3, 5}, 2.5), k = pattern_tensor({2, 3, 5}, 3.5), v7 = pattern_tensor({2, 3, 7}, 4.5);
  layers::Attention dot({.name = "dot"});
  check("dot", dot, {q(), v}, [&](const std::vector<tf::Tensor>& in) { return dot.call_all({in[0], in[1]}); });
  layers::Attention scaled({.use_scale = true, .name = "dot_scale_key"});
  check("dot_scale_key", scaled, {q(), v7, k}, [&](const std::vector<tf::Tensor>& in) {
    return scaled.attend(in[0], in[1], {.key = in[2], .return_attention_scores = true});
  });
}

TEST_F(ScoreAttentionKeras, ConcatScores) {
  const tf::Tensor v = pattern_tensor({2, 3, 5}, 2.5);
  layers::Attention concat({.score_mode = "concat", .name = "concat"});
  check("concat", concat, {q(), v}, [&](const std::vector<tf::Tensor>& in) { return concat.call_all({in[0], in[1]}); });
  layers::Attention causal({.use_scale = true, .score_mode = "concat", .seed = 4, .name = "concat_scale_causal"});
  check("concat_scale_causal", causal, {q(), q()}, [&](const std::vector<tf::Tensor>& in) {
    return causal.attend(in[0], in[1], {.use_causal_mask = true, .return_attention_scores = true});
  });
}

TEST_F(ScoreAttentionKeras, MasksAndCausalMasks) {
  const tf::Tensor k = pattern_tensor({2, 3, 5}, 3.5), v7 = pattern_tensor({2, 3, 7}, 4.5);
  // Dropout is off outside training, as in Keras' call.
  layers::Attention masked({.dropout = 0.5, .name = "dot_masks"});
  check("dot_masks", masked, {q(), v7, k}, [&](const std::vector<tf::Tensor>& in) {
    return masked.attend(in[0], in[1],
                         {.key = in[2], .query_mask = query_mask(), .value_mask = value_mask(),
                          .return_attention_scores = true});
  });
  // Masks carried by the tensors work as masks given to the call.
  layers::Attention causal({.use_scale = true, .name = "dot_masks_causal"});
  check("dot_masks_causal", causal, {q(), q()}, [&](const std::vector<tf::Tensor>& in) {
    const tf::Tensor carried = keras::with_keras_mask(in[0], query_mask());
    return causal.attend(carried, keras::with_keras_mask(in[1], query_mask()),
                         {.use_causal_mask = true, .return_attention_scores = true});
  });
}

TEST_F(ScoreAttentionKeras, AdditiveAttention) {
  const tf::Tensor v = pattern_tensor({2, 3, 5}, 2.5), k = pattern_tensor({2, 3, 5}, 3.5), v7 = pattern_tensor({2, 3, 7}, 4.5);
  layers::AdditiveAttention additive({.name = "additive"});
  check("additive", additive, {q(), v7, k}, [&](const std::vector<tf::Tensor>& in) {
    return additive.attend(in[0], in[1], {.key = in[2], .return_attention_scores = true});
  });
  layers::AdditiveAttention plain({.use_scale = false, .name = "additive_noscale_masks"});
  check("additive_noscale_masks", plain, {q(), v}, [&](const std::vector<tf::Tensor>& in) {
    return plain.attend(in[0], in[1],
                        {.query_mask = query_mask(), .value_mask = value_mask(), .use_causal_mask = true});
  });
}

}  // namespace
