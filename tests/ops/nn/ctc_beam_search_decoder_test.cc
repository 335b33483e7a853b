// tf::nn::ctc_beam_search_decoder against TensorFlow 2.21's CTCBeamSearchDecoder, computed in the same
// test run: several top paths, repeats merged and kept, sequence lengths shorter than the time axis,
// equally likely prefixes (integer logits), a beam of one and the default beam, float64; traced use
// with static shapes; TensorFlow's errors. tests/python/programs/ctc_beam_search.py compares the
// Python functions with TensorFlow's.
#include <gtest/gtest.h>

#include <tfpp/ctc_beam_search.h>
#include <tfpp/ctc_decoders.h>
#include <tfpp/tfpp.h>

#include "error_of.h"
#include "keras/keras_reference.h"

namespace {

using tf::Tensor;
using tf::testing::error_of;
using tf::testing::pattern_tensor;

// Each case: logits (a pattern, or rounded to integers for ties), lengths, beam_width, top_paths,
// merge_repeated, dtype. Every array is printed as its size followed by its values.
const char* kScript = R"PY(
import tensorflow as tf
def logits(shape, seed, ties):
    x = pattern(shape, seed) * 3
    return np.round(x) if ties else x
cases = {
  'paths':        ((7, 3, 4), 0.1, False, [7, 5, 2], 4, 3, False, tf.float32),
  'merged':       ((7, 3, 4), 0.1, False, [7, 5, 2], 4, 3, True, tf.float32),
  'ties':         ((8, 2, 4), 1.1, True, [8, 6], 3, 3, False, tf.float32),
  'ties_merged':  ((8, 2, 4), 2.3, True, [8, 3], 5, 2, True, tf.float32),
  'narrow':       ((6, 2, 4), 0.9, False, [6, 6], 1, 1, False, tf.float32),
  'default_beam': ((9, 2, 6), 0.2, False, [9, 4], 100, 5, False, tf.float32),
  'float64':      ((7, 3, 4), 0.1, False, [7, 5, 2], 4, 3, False, tf.float64),
  'one_class':    ((3, 2, 1), 0.0, False, [3, 0], 2, 1, False, tf.float32),
}
for name, (shape, seed, ties, lengths, width, top, merge, dtype) in cases.items():
    x = tf.constant(logits(shape, seed, ties), dtype)
    decoded, log_prob = tf.compat.v1.nn.ctc_beam_search_decoder(x, tf.constant(lengths, tf.int32), beam_width=width,
                                                                top_paths=top, merge_repeated=merge)
    for p, d in enumerate(decoded):
        for part, value in (('indices', d.indices), ('values', d.values), ('shape', d.dense_shape)):
            v = np.asarray(value, np.float64).ravel()
            emit('%s_%s%d' % (name, part, p), np.concatenate([[v.size], v]))
    emit(name + '_log_probability', np.concatenate([[np.size(log_prob)], np.asarray(log_prob, np.float64).ravel()]))
    print(name + '_dtype', 1 if log_prob.dtype == dtype else 0)
)PY";

struct Case {
  std::string name;
  tf::TensorShape shape;
  double seed;
  bool ties;
  std::vector<std::int32_t> lengths;
  tf::nn::CtcBeamSearchOptions options;
  tf::DType dtype = tf::float32;
};

class CtcBeamSearchDecoder : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    output_ = tf::testing::run_reference(std::string(tf::testing::kPythonPattern) + kScript);
    values_ = tf::testing::parse_values(output_);
  }
  // The case's logits as the script makes them: pattern * 3, rounded for ties.
  static Tensor logits(const Case& c) {
    Tensor x = pattern_tensor(c.shape, c.seed) * 3.0f;
    if (c.ties) x = tf::math::round(x);
    return tf::cast(x, c.dtype);
  }
  // TensorFlow's array `name`, without its leading size.
  static std::vector<double> want(const std::string& name) {
    EXPECT_TRUE(values_.count(name)) << name << " missing from TensorFlow's output:\n" << output_;
    if (!values_.count(name)) return {};
    std::vector<double> v = values_.at(name);
    EXPECT_EQ(v.size(), static_cast<std::size_t>(v.at(0)) + 1) << name;
    return {v.begin() + 1, v.end()};
  }
  static void expect_matches(const Case& c, const tf::nn::CtcBeamSearchDecoded& got) {
    ASSERT_EQ(got.decoded.size(), static_cast<std::size_t>(c.options.top_paths)) << c.name;
    for (std::size_t p = 0; p < got.decoded.size(); ++p) {
      const std::string suffix = std::to_string(p);
      const tf::SparseTensor& d = got.decoded[p];
      EXPECT_EQ(d.values.dtype(), tf::int64);
      EXPECT_EQ(tf::cast(d.indices, tf::float64).numpy<double>(), want(c.name + "_indices" + suffix)) << c.name << " path " << p;
      EXPECT_EQ(tf::cast(d.values, tf::float64).numpy<double>(), want(c.name + "_values" + suffix)) << c.name << " path " << p;
      EXPECT_EQ(tf::cast(d.dense_shape, tf::float64).numpy<double>(), want(c.name + "_shape" + suffix)) << c.name << " path " << p;
    }
    EXPECT_EQ(got.log_probability.dtype(), c.dtype) << c.name;
    EXPECT_EQ(values_.at(c.name + "_dtype"), std::vector<double>{1}) << c.name;
    const std::vector<double> log_probability = tf::cast(got.log_probability, tf::float64).numpy<double>();
    const std::vector<double> expected = want(c.name + "_log_probability");
    ASSERT_EQ(log_probability.size(), expected.size()) << c.name;
    for (std::size_t i = 0; i < expected.size(); ++i)
      EXPECT_NEAR(log_probability[i], expected[i], 1e-6 * (1 + std::abs(expected[i]))) << c.name << " at " << i;
  }
  static std::vector<Case> cases() {
    return {
        {"paths", {7, 3, 4}, 0.1, false, {7, 5, 2}, {.beam_width = 4, .top_paths = 3, .merge_repeated = false}},
        {"merged", {7, 3, 4}, 0.1, false, {7, 5, 2}, {.beam_width = 4, .top_paths = 3, .merge_repeated = true}},
        {"ties", {8, 2, 4}, 1.1, true, {8, 6}, {.beam_width = 3, .top_paths = 3, .merge_repeated = false}},
        {"ties_merged", {8, 2, 4}, 2.3, true, {8, 3}, {.beam_width = 5, .top_paths = 2, .merge_repeated = true}},
        {"narrow", {6, 2, 4}, 0.9, false, {6, 6}, {.beam_width = 1, .top_paths = 1, .merge_repeated = false}},
        {"default_beam", {9, 2, 6}, 0.2, false, {9, 4}, {.top_paths = 5, .merge_repeated = false}},
        {"float64", {7, 3, 4}, 0.1, false, {7, 5, 2}, {.beam_width = 4, .top_paths = 3, .merge_repeated = false}, tf::float64},
        {"one_class", {3, 2, 1}, 0.0, false, {3, 0}, {.beam_width = 2, .top_paths = 1, .merge_repeated = false}},
    };
  }
  static inline std::string output_;
  static inline std::map<std::string, std::vector<double>> values_;
};

TEST_F(CtcBeamSearchDecoder, MatchesTensorFlow) {
  for (const Case& c : cases())
    expect_matches(c, tf::nn::ctc_beam_search_decoder(logits(c), tf::constant(c.lengths), c.options));
}

TEST_F(CtcBeamSearchDecoder, TracedMatchesTensorFlowWithStaticShapes) {
  for (const Case& c : cases()) {
    std::vector<tf::TensorShape> shapes;
    auto fn = tf::function([&](Tensor x, Tensor lengths) {
      tf::nn::CtcBeamSearchDecoded d = tf::nn::ctc_beam_search_decoder(x, lengths, c.options);
      std::vector<Tensor> out;
      for (const tf::SparseTensor& s : d.decoded) out.insert(out.end(), {s.indices, s.values, s.dense_shape});
      out.push_back(d.log_probability);
      for (const Tensor& t : out) shapes.push_back(t.shape());
      return out;
    });
    const std::vector<Tensor> out = fn(logits(c), tf::constant(c.lengths));
    tf::nn::CtcBeamSearchDecoded got;
    for (std::size_t i = 0; i + 1 < out.size(); i += 3) got.decoded.push_back({out[i], out[i + 1], out[i + 2]});
    got.log_probability = out.back();
    expect_matches(c, got);
    ASSERT_EQ(shapes.size(), out.size());
    EXPECT_EQ(shapes[0], (tf::TensorShape{tf::None, 2})) << c.name;
    EXPECT_EQ(shapes[1], (tf::TensorShape{tf::None})) << c.name;
    EXPECT_EQ(shapes[2], (tf::TensorShape{2})) << c.name;
    EXPECT_EQ(shapes.back(), (tf::TensorShape{c.shape.dim(1), c.options.top_paths})) << c.name;
  }
}

TEST_F(CtcBeamSearchDecoder, ErrorsAreTensorFlows) {
  using tf::nn::ctc_beam_search_decoder;
  const Tensor x = pattern_tensor({4, 2, 3}, 0.5);
  const Tensor lengths = tf::constant(std::vector<std::int32_t>{4, 2});
  EXPECT_EQ(error_of([&] { ctc_beam_search_decoder(x, lengths, {.beam_width = 2, .top_paths = 3}); }),
            "[CTCBeamSearchDecoder] requested more paths than the beam width.");
  EXPECT_EQ(error_of([&] { ctc_beam_search_decoder(x, tf::constant(std::vector<std::int32_t>{4, 0}), {.beam_width = 3, .top_paths = 2}); }),
            "[CTCBeamSearchDecoder] Less leaves in the beam search than requested.");
  EXPECT_EQ(error_of([&] { ctc_beam_search_decoder(x, lengths, {.beam_width = 0}); }),
            "[CTCBeamSearchDecoder] Value for attr 'beam_width' of 0 must be at least minimum 1");
  EXPECT_EQ(error_of([&] { ctc_beam_search_decoder(x, lengths, {.top_paths = 0}); }),
            "[CTCBeamSearchDecoder] Value for attr 'top_paths' of 0 must be at least minimum 1");
  EXPECT_EQ(error_of([&] { ctc_beam_search_decoder(pattern_tensor({4, 3}, 0), lengths); }), "[CTCBeamSearchDecoder] inputs is not a 3-Tensor");
  EXPECT_EQ(error_of([&] { ctc_beam_search_decoder(x, tf::reshape(lengths, {1, 2})); }),
            "[CTCBeamSearchDecoder] sequence_length is not a vector");
  EXPECT_EQ(error_of([&] { ctc_beam_search_decoder(tf::zeros({0, 2, 3}), lengths); }), "[CTCBeamSearchDecoder] inputs must not be empty");
  EXPECT_EQ(error_of([&] { ctc_beam_search_decoder(tf::cast(x, tf::int32), lengths); }),
            "[CTCBeamSearchDecoder] inputs must be float32 or float64, got int32");
  EXPECT_EQ(error_of([&] { ctc_beam_search_decoder(x, tf::cast(lengths, tf::int64)); }),
            "[CTCBeamSearchDecoder] sequence_length must be int32, got int64");
  EXPECT_THROW(ctc_beam_search_decoder(x, tf::constant(std::vector<std::int32_t>{5, 1})), tf::FailedPreconditionError);
  EXPECT_THROW(ctc_beam_search_decoder(x, tf::constant(std::vector<std::int32_t>{4, 2, 1})), tf::FailedPreconditionError);
}

// Graves' example: the best path is blank-blank (0.42), but the label "a" totals 0.3 * 0.4 + 0.3 * 0.6
// + 0.7 * 0.4 = 0.58, which the beam search finds and the greedy decoder misses.
TEST_F(CtcBeamSearchDecoder, BeamOfOneFollowsTheBestPrefixNotTheBestPath) {
  const Tensor x = tf::math::log(tf::constant(std::vector<float>{0.3f, 0.7f, 0.4f, 0.6f}, {2, 1, 2}));
  const Tensor lengths = tf::constant(std::vector<std::int32_t>{2});
  const tf::nn::CtcBeamSearchDecoded beam = tf::nn::ctc_beam_search_decoder(x, lengths, {.beam_width = 2, .top_paths = 2});
  EXPECT_EQ(beam.decoded[0].values.numpy<std::int64_t>(), std::vector<std::int64_t>{0});
  EXPECT_EQ(beam.decoded[1].values.numpy<std::int64_t>(), std::vector<std::int64_t>{});
  EXPECT_NEAR(std::exp(beam.log_probability.numpy<float>()[0]), 0.58, 1e-6);
  EXPECT_NEAR(std::exp(beam.log_probability.numpy<float>()[1]), 0.42, 1e-6);
  const tf::nn::CtcDecoded greedy = tf::nn::ctc_greedy_decoder(x, lengths);
  EXPECT_EQ(greedy.values.numpy<std::int64_t>(), std::vector<std::int64_t>{});
}

}  // namespace
