// tf::nn::nce_loss and sampled_softmax_loss with given sampled values against TensorFlow 2.21 in
// the same run (losses and tape gradients for weights, biases and inputs: one table or its
// partitions in the "div" and "mod" layouts, num_true 1 and 2, accidental hits removed or kept,
// subtract_log_q off through TensorFlow's _compute_sampled_logits), float64 finite differences,
// the default sampler with a seed, and errors.
#include <gtest/gtest.h>

#include <tfpp/candidate_sampling.h>
#include <tfpp/tfpp.h>

#include "autodiff/gradient_checker.h"
#include "error_of.h"
#include "keras/keras_reference.h"

namespace {

using tf::Tensor;
using tf::testing::error_of;
using tf::testing::pattern_tensor;

const char* kScript = R"PY(
import tensorflow as tf
from tensorflow.python.ops import nn_impl
W = tf.constant(pattern([10, 4], 0.3)); b = tf.constant(pattern([10], 1.7)); x = tf.constant(pattern([3, 4], 2.9))
labels = {1: tf.constant([[1], [3], [7]], tf.int64), 2: tf.constant([[1, 2], [3, 5], [7, 0]], tf.int64)}
true_expected = {1: tf.constant([[0.1], [0.3], [0.7]]), 2: tf.constant([[0.1, 0.2], [0.3, 0.5], [0.7, 0.05]])}
sampled = (tf.constant([2, 3, 5, 9], tf.int64), tf.constant([0.2, 0.3, 0.5, 0.9]))
def nce_no_log_q(weights, biases, labels, inputs, num_sampled, num_classes, num_true, sampled_values,
                 remove_accidental_hits, partition_strategy):
    logits, out = nn_impl._compute_sampled_logits(weights, biases, labels, inputs, num_sampled, num_classes, num_true,
        sampled_values, subtract_log_q=False, remove_accidental_hits=remove_accidental_hits,
        partition_strategy=partition_strategy)
    return tf.reduce_sum(tf.nn.sigmoid_cross_entropy_with_logits(labels=out, logits=logits), 1)
cases = {
  'nce1': (tf.nn.nce_loss, [W], 1, {}),
  'nce2_hits': (tf.nn.nce_loss, [W], 2, {'remove_accidental_hits': True}),
  'ssm1': (tf.nn.sampled_softmax_loss, [W], 1, {}),
  'ssm2_div': (tf.nn.sampled_softmax_loss, [W[0:4], W[4:7], W[7:10]], 2, {}),
  'ssm1_mod': (tf.compat.v1.nn.sampled_softmax_loss, [W[0::3], W[1::3], W[2::3]], 1,
               {'partition_strategy': 'mod', 'remove_accidental_hits': False}),
  'nce2_mod': (tf.compat.v1.nn.nce_loss, [W[0::2], W[1::2]], 2, {'partition_strategy': 'mod', 'remove_accidental_hits': True}),
  'nce1_nologq': (nce_no_log_q, [W], 1, {'remove_accidental_hits': False, 'partition_strategy': 'div'}),
}
for name, (fn, parts, num_true, kw) in cases.items():
    with tf.GradientTape() as tape:
        tape.watch(parts); tape.watch(b); tape.watch(x)
        loss = fn(parts if len(parts) > 1 else parts[0], b, labels[num_true], x, 4, 10, num_true=num_true,
                  sampled_values=(sampled[0], true_expected[num_true], sampled[1]), **kw)
    grads = tape.gradient(loss, parts + [b, x])
    emit(name + '_loss', loss)
    for i, g in enumerate(grads):
        emit(name + '_grad%d' % i, tf.convert_to_tensor(g))
)PY";

struct Case {
  std::string name;
  bool nce;
  std::vector<std::vector<std::int64_t>> rows;  // each partition's rows of W
  std::int64_t num_true;
  tf::nn::SampledLossOptions options;
};

Tensor labels_for(std::int64_t num_true) {
  return num_true == 1 ? tf::constant(std::vector<std::int64_t>{1, 3, 7}, {3, 1})
                       : tf::constant(std::vector<std::int64_t>{1, 2, 3, 5, 7, 0}, {3, 2});
}

tf::random::SampledCandidates sampled_values(std::int64_t num_true, tf::DType dtype = tf::float32) {
  const Tensor true_expected = num_true == 1 ? tf::constant(std::vector<float>{0.1f, 0.3f, 0.7f}, {3, 1})
                                             : tf::constant(std::vector<float>{0.1f, 0.2f, 0.3f, 0.5f, 0.7f, 0.05f}, {3, 2});
  return {tf::constant(std::vector<std::int64_t>{2, 3, 5, 9}), tf::cast(true_expected, dtype),
          tf::cast(tf::constant(std::vector<float>{0.2f, 0.3f, 0.5f, 0.9f}), dtype)};
}

Tensor loss_of(const Case& c, const std::vector<Tensor>& parts, const Tensor& b, const Tensor& x) {
  tf::nn::SampledLossOptions options = c.options;
  options.num_true = c.num_true;
  options.sampled_values = sampled_values(c.num_true, x.dtype());
  return c.nce ? tf::nn::nce_loss(parts, b, labels_for(c.num_true), x, 4, 10, options)
               : tf::nn::sampled_softmax_loss(parts, b, labels_for(c.num_true), x, 4, 10, options);
}

std::vector<Case> cases() {
  const std::vector<std::vector<std::int64_t>> whole{{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}};
  return {
      {"nce1", true, whole, 1, {}},
      {"nce2_hits", true, whole, 2, {.remove_accidental_hits = true}},
      {"ssm1", false, whole, 1, {}},
      {"ssm2_div", false, {{0, 1, 2, 3}, {4, 5, 6}, {7, 8, 9}}, 2, {}},
      {"ssm1_mod", false, {{0, 3, 6, 9}, {1, 4, 7}, {2, 5, 8}}, 1,
       {.remove_accidental_hits = false, .partition_strategy = "mod"}},
      {"nce2_mod", true, {{0, 2, 4, 6, 8}, {1, 3, 5, 7, 9}}, 2, {.remove_accidental_hits = true, .partition_strategy = "mod"}},
      {"nce1_nologq", true, whole, 1, {.subtract_log_q = false}},
  };
}

std::vector<Tensor> partitions(const Tensor& w, const Case& c) {
  std::vector<Tensor> parts;
  for (const auto& rows : c.rows) parts.push_back(tf::gather(w, rows));
  return parts;
}

void expect_near(const std::vector<double>& want, const Tensor& got, const std::string& what) {
  const std::vector<double> g = tf::cast(got, tf::float64).numpy<double>();
  ASSERT_EQ(g.size(), want.size()) << what;
  for (std::size_t i = 0; i < g.size(); ++i) EXPECT_NEAR(g[i], want[i], 2e-5 * std::max(1.0, std::abs(want[i]))) << what << " " << i;
}

TEST(SampledLosses, MatchTensorFlowWithGradients) {
  const std::string out = tf::testing::run_reference(std::string(tf::testing::kPythonPattern) + kScript);
  const auto want = tf::testing::parse_values(out);
  const Tensor w = pattern_tensor({10, 4}, 0.3), b = pattern_tensor({10}, 1.7), x = pattern_tensor({3, 4}, 2.9);
  for (const Case& c : cases()) {
    SCOPED_TRACE(c.name);
    ASSERT_TRUE(want.count(c.name + "_loss")) << out;
    const std::vector<Tensor> parts = partitions(w, c);
    std::vector<Tensor> sources = parts;
    sources.push_back(b);
    sources.push_back(x);
    tf::GradientTape tape;
    for (const Tensor& s : sources) tape.watch(s);
    const Tensor loss = loss_of(c, parts, b, x);
    EXPECT_EQ(loss.shape(), tf::TensorShape({3}));
    EXPECT_EQ(loss.dtype(), tf::float32);
    expect_near(want.at(c.name + "_loss"), loss, "loss");
    const std::vector<Tensor> grads = tape.gradient(loss, sources);
    for (std::size_t i = 0; i < grads.size(); ++i)
      expect_near(want.at(c.name + "_grad" + std::to_string(i)), grads[i], "gradient " + std::to_string(i));
  }
}

TEST(SampledLosses, FiniteDifferenceGradients) {
  const Tensor w = tf::testing::random_tensor({10, 4}, 1), b = tf::testing::random_tensor({10}, 2);
  const Tensor x = tf::testing::random_tensor({3, 4}, 3);
  for (const Case& c : cases()) {
    SCOPED_TRACE(c.name);
    const auto f = [&](const std::vector<Tensor>& in) { return loss_of(c, partitions(in[0], c), in[1], in[2]); };
    EXPECT_LT(tf::testing::max_gradient_error(f, {w, b, x}), 1e-6);
  }
}

TEST(SampledLosses, DefaultSamplerIsSeeded) {
  const Tensor w = pattern_tensor({50, 4}, 0.3), b = pattern_tensor({50}, 1.7), x = pattern_tensor({3, 4}, 2.9);
  const Tensor labels = tf::constant(std::vector<std::int64_t>{1, 3, 7}, {3, 1});
  const auto loss = [&](std::int64_t seed) {
    return tf::nn::sampled_softmax_loss({w}, b, labels, x, 8, 50, {.seed = seed}).numpy<float>();
  };
  const auto first = loss(1);
  tf::random::set_seed(std::nullopt);  // restarts the sampler's stream
  EXPECT_EQ(loss(1), first);
  EXPECT_NE(loss(2), first);
  // The default sampler is log-uniform and unique: the same loss as with its values given.
  tf::random::set_seed(std::nullopt);
  const tf::random::SampledCandidates s = tf::random::log_uniform_candidate_sampler(labels, 1, 8, true, 50, 1);
  EXPECT_EQ(tf::nn::sampled_softmax_loss({w}, b, labels, x, 8, 50, {.sampled_values = s}).numpy<float>(), first);
  const std::vector<float> nce = tf::nn::nce_loss({w}, b, labels, x, 8, 50, {.seed = 4}).numpy<float>();
  for (float v : nce) EXPECT_TRUE(std::isfinite(v) && v > 0);
}

TEST(SampledLosses, Errors) {
  const Tensor w = pattern_tensor({10, 4}, 0.3), b = pattern_tensor({10}, 1.7), x = pattern_tensor({3, 4}, 2.9);
  const Tensor labels = tf::constant(std::vector<std::int64_t>{1, 3, 7}, {3, 1});
  EXPECT_EQ(error_of([&] { tf::nn::nce_loss({w}, b, labels, tf::reshape(x, {-1}), 4, 10); }),
            "[nce_loss] inputs must be [batch_size, dim], got shape [12]");
  EXPECT_EQ(error_of([&] { tf::nn::sampled_softmax_loss({w}, b, labels, x, 4, 10, {.num_true = 2}); }),
            "[sampled_softmax_loss] labels must be [batch_size, num_true] with num_true 2, got shape [3,1]");
  // Float labels are cast as TensorFlow casts them; the strategy is checked for partitions only.
  EXPECT_EQ(tf::nn::nce_loss({w}, b, tf::cast(labels, tf::float32), x, 4, 10, {.sampled_values = sampled_values(1)}).numpy<float>(),
            tf::nn::nce_loss({w}, b, labels, x, 4, 10, {.sampled_values = sampled_values(1)}).numpy<float>());
  EXPECT_NO_THROW(tf::nn::nce_loss({w}, b, labels, x, 4, 10, {.sampled_values = sampled_values(1), .partition_strategy = "rows"}));
  EXPECT_EQ(error_of([&] {
              tf::nn::nce_loss({tf::slice(w, {0, 0}, {5, 4}), tf::slice(w, {5, 0}, {5, 4})}, b, labels, x, 4, 10,
                               {.sampled_values = sampled_values(1), .partition_strategy = "rows"});
            }),
            "[nce_loss] Unrecognized partition strategy: rows.Must be one of either `mod` or `div`.");
  EXPECT_EQ(error_of([&] { tf::nn::nce_loss({}, b, labels, x, 4, 10); }),
            "[nce_loss] weights is an empty list; give the table or its partitions");
  // num_sampled past the range of the default unique sampler.
  EXPECT_EQ(error_of([&] { tf::nn::sampled_softmax_loss({w}, b, labels, x, 11, 10); }),
            "[LogUniformCandidateSampler] Sampler's range is too small.");
  EXPECT_THROW(tf::nn::nce_loss({tf::gather(w, std::vector<std::int64_t>{0, 2, 4, 6, 8, 9}), tf::gather(w, std::vector<std::int64_t>{1, 3, 5, 7})},
                                b, labels, x, 4, 10, {.sampled_values = sampled_values(1), .partition_strategy = "mod"}),
               tf::InvalidArgumentError);
}

}  // namespace
