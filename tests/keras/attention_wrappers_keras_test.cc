// Bidirectional, TimeDistributed, MultiHeadAttention and Normalization against Keras 3 on
// TensorFlow 2.21 in the same run: outputs and the gradients of a weighted sum with respect to
// the inputs and every weight, eagerly and inside tf::function.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/keras.h>

#include "keras/keras_reference.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using tf::testing::pattern_tensor;

// Each case prints outputs (out0, ...), input gradients (gx0, ...) and weight gradients (gw0, ...)
// of sum_k sum(out_k * pattern(out_k.shape, 9 + k)).
const char* kScript = R"PY(
import tensorflow as tf
import keras
from keras import layers
def case(name, layer, xs, fn, build=None):
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
x = pattern((2, 4, 5), 0.5)
mask = tf.constant([[True, True, True, False], [True, False, True, True]])
call = lambda l, a: l(a)
case('bi_concat', layers.Bidirectional(layers.LSTM(3, return_sequences=True)), [x], call)
case('bi_sum_state', layers.Bidirectional(layers.GRU(3, return_state=True), merge_mode='sum'), [x], call)
case('bi_none', layers.Bidirectional(layers.SimpleRNN(2, return_sequences=True), merge_mode=None), [x], call)
case('bi_ave_masked', layers.Bidirectional(layers.LSTM(3, return_sequences=True), merge_mode='ave'), [x], lambda l, a: l(a, mask=mask))
case('bi_mul', layers.Bidirectional(layers.GRU(2), merge_mode='mul'), [x], call)
case('td_dense', layers.TimeDistributed(layers.Dense(3, activation='tanh')), [x], call)
case('mha_self', layers.MultiHeadAttention(2, 3), [x], lambda l, a: l(a, a))
v = pattern((2, 3, 5), 2.5); k = pattern((2, 3, 6), 3.5)
case('mha_cross', layers.MultiHeadAttention(3, 2, value_dim=4, output_shape=6), [x, v, k],
     lambda l, q, vv, kk: l(q, vv, key=kk, return_attention_scores=True))
case('mha_causal', layers.MultiHeadAttention(2, 3, use_bias=False), [x], lambda l, a: l(a, a, use_causal_mask=True))
am = tf.constant([[[True, False, True], [True, True, True], [False, True, True], [True, True, False]]] * 2)
vmask = tf.constant([[True, True, False], [True, True, True]])
# Masks ride on the tensors, as tfpp's with_keras_mask puts them (Keras 3.15 reads the query's
# mask from the tensor only).
from keras.src.backend import set_keras_mask
def masked(t, m):
    t = tf.identity(t)
    set_keras_mask(t, m)
    return t
case('mha_masks', layers.MultiHeadAttention(2, 3), [x, v],
     lambda l, q, vv: l(masked(q, mask), masked(vv, vmask), attention_mask=am, return_attention_scores=True))
data = pattern((6, 3), 4.5) * 3 + 1
norm = layers.Normalization(); norm.adapt(data)
emit('norm.mean', norm.mean); emit('norm.variance', norm.variance); emit('norm.out', norm(x[:, :, :3]))
norm_ds = layers.Normalization(axis=None); norm_ds.adapt(tf.data.Dataset.from_tensor_slices(data).batch(4))
emit('norm_ds.mean', norm_ds.mean); emit('norm_ds.variance', norm_ds.variance)
norm_axes = layers.Normalization(axis=(1, 2)); norm_axes.adapt(x)
emit('norm_axes.out', norm_axes(x * 2))
emit('norm_fixed_invert', layers.Normalization(mean=[1.0, 2.0, 3.0], variance=[4.0, 1.0, 0.25], invert=True)(data))
norm_steps = layers.Normalization(); norm_steps.adapt([data[:2], data[2:5], data[5:]])
emit('norm_steps.mean', norm_steps.mean); emit('norm_steps.variance', norm_steps.variance)
norm_scalar = layers.Normalization(mean=2.0, variance=4.0); norm_scalar.build((None, 3))
emit('norm_scalar.mean', norm_scalar.mean); emit('norm_scalar.variance', norm_scalar.variance)
)PY";

using Fn = std::function<std::vector<tf::Tensor>(const std::vector<tf::Tensor>&)>;

class AttentionWrappersKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    values_ = tf::testing::parse_values(tf::testing::run_reference(std::string(tf::testing::kPythonPattern) + kScript));
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
      for (std::size_t w = 0; i < got.size(); ++i, ++w) expect_close(name + ".gw" + std::to_string(w), got[i]);
    }
  }

  static std::map<std::string, std::vector<double>> values_;
};

std::map<std::string, std::vector<double>> AttentionWrappersKeras::values_;

tf::Tensor step_mask() { return tf::constant({{true, true, true, false}, {true, false, true, true}}); }

TEST_F(AttentionWrappersKeras, BidirectionalAndTimeDistributed) {
  const tf::Tensor x = pattern_tensor({2, 4, 5}, 0.5);
  auto plain = [](keras::Layer& l) { return [&l](const std::vector<tf::Tensor>& v) { return l.call_all({v[0]}); }; };
  layers::Bidirectional concat(layers::LSTM(3, {.return_sequences = true}));
  check("bi_concat", concat, {x}, plain(concat));
  layers::Bidirectional sum(layers::GRU(3, {.return_state = true}), {.merge_mode = "sum"});
  check("bi_sum_state", sum, {x}, plain(sum));
  layers::Bidirectional none(layers::SimpleRNN(2, {.return_sequences = true}), {.merge_mode = std::nullopt});
  check("bi_none", none, {x}, plain(none));
  layers::Bidirectional ave(layers::LSTM(3, {.return_sequences = true}), {.merge_mode = "ave"});
  check("bi_ave_masked", ave, {x}, [&](const std::vector<tf::Tensor>& v) {
    return ave.call_all({keras::with_keras_mask(v[0], step_mask())});
  });
  layers::Bidirectional mul(layers::GRU(2), {.merge_mode = "mul"});
  check("bi_mul", mul, {x}, plain(mul));
  layers::TimeDistributed td(layers::Dense(3, {.activation = "tanh"}));
  check("td_dense", td, {x}, plain(td));
}

TEST_F(AttentionWrappersKeras, MultiHeadAttention) {
  const tf::Tensor x = pattern_tensor({2, 4, 5}, 0.5), v = pattern_tensor({2, 3, 5}, 2.5), k = pattern_tensor({2, 3, 6}, 3.5);
  layers::MultiHeadAttention self(2, 3);
  check("mha_self", self, {x}, [&](const std::vector<tf::Tensor>& in) { return self.call_all({in[0], in[0]}); });
  layers::MultiHeadAttention cross(3, 2, {.value_dim = 4, .output_shape = 6});
  check("mha_cross", cross, {x, v, k}, [&](const std::vector<tf::Tensor>& in) {
    return cross.attend(in[0], in[1], {.key = in[2], .return_attention_scores = true});
  });
  layers::MultiHeadAttention causal(2, 3, {.use_bias = false});
  check("mha_causal", causal, {x},
        [&](const std::vector<tf::Tensor>& in) { return causal.attend(in[0], in[0], {.use_causal_mask = true}); });
  std::vector<bool> am_rows{true, false, true, true, true, true, false, true, true, true, true, false};
  std::vector<bool> am;
  for (int b = 0; b < 2; ++b) am.insert(am.end(), am_rows.begin(), am_rows.end());
  const tf::Tensor attention_mask = tf::constant(am, {2, 4, 3});
  const tf::Tensor value_mask = tf::constant({{true, true, false}, {true, true, true}});
  layers::MultiHeadAttention masked(2, 3);
  check("mha_masks", masked, {x, v}, [&](const std::vector<tf::Tensor>& in) {
    return masked.attend(keras::with_keras_mask(in[0], step_mask()), keras::with_keras_mask(in[1], value_mask),
                         {.attention_mask = attention_mask, .return_attention_scores = true});
  });
}

TEST_F(AttentionWrappersKeras, NormalizationAdapt) {
  const tf::Tensor data = pattern_tensor({6, 3}, 4.5) * 3.0f + 1.0f;
  const tf::Tensor x = pattern_tensor({2, 4, 5}, 0.5);
  layers::Normalization norm;
  norm.adapt(data);
  expect_close("norm.mean", norm.weights()[0]);
  expect_close("norm.variance", norm.weights()[1]);
  expect_close("norm.out", norm(tf::slice(x, {0, 0, 0}, {-1, -1, 3})));
  layers::Normalization by_batches({.axis = {}});
  by_batches.adapt(tf::data::Dataset::from_tensor_slices(data).batch(4));
  expect_close("norm_ds.mean", by_batches.weights()[0]);
  expect_close("norm_ds.variance", by_batches.weights()[1]);
  layers::Normalization axes({.axis = {1, 2}});
  axes.adapt(x);
  expect_close("norm_axes.out", axes(x * 2.0f));
  layers::Normalization fixed({.mean = std::vector<double>{1, 2, 3}, .variance = std::vector<double>{4, 1, 0.25}, .invert = true});
  expect_close("norm_fixed_invert", fixed(data));
}

TEST_F(AttentionWrappersKeras, NormalizationAdaptInStepsAndStatistics) {
  // Batches of 2, 3 and 1 rows merged as Keras' adapt() merges an iterable's batches.
  const tf::Tensor data = pattern_tensor({6, 3}, 4.5) * 3.0f + 1.0f;
  layers::Normalization steps;
  steps.reset_state();
  for (auto [begin, size] : {std::pair{0, 2}, {2, 3}, {5, 1}}) steps.update_state(tf::slice(data, {begin, 0}, {size, -1}));
  steps.finalize_state();
  auto [mean, variance] = steps.statistics(tf::float32);
  EXPECT_EQ(mean.shape(), tf::TensorShape({1, 3}));
  expect_close("norm_steps.mean", mean);
  expect_close("norm_steps.variance", variance);
  // A fixed scalar mean and variance, broadcast over the kept axis as Keras' attributes hold them.
  layers::Normalization scalar({.mean = std::vector<double>{2}, .variance = std::vector<double>{4}});
  scalar.build_for({tf::TensorShape({-1, 3})});
  auto [fixed_mean, fixed_variance] = scalar.statistics(tf::float32);
  EXPECT_EQ(fixed_mean.shape(), tf::TensorShape({1, 3}));
  expect_close("norm_scalar.mean", fixed_mean);
  expect_close("norm_scalar.variance", fixed_variance);
}

}  // namespace
