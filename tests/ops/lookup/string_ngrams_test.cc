// tf::strings::ngrams and StringNGrams: TensorFlow 2.21's n-grams (string_ngrams_tf.py, in the
// same run) for vectors, matrices and ragged rows, with padding and short rows; errors.
#include <gtest/gtest.h>

#include "error_of.h"
#include "reference_env.h"
#include "tfpp/constant.h"
#include "tfpp/function.h"
#include "tfpp/string_ngrams.h"

namespace tf {
namespace {

using strings::NGramsOptions;
using testing::error_of;

const std::string& tensorflow_output() {
  static const std::string out = testing::run_command(testing::reference_python() + " " + testing::source_dir() +
                                                      "/tests/ops/lookup/string_ngrams_tf.py 2>/dev/null");
  return out;
}

std::string joined(const Tensor& t) {
  std::string out;
  for (const std::string& s : t.numpy<std::string>()) out += (out.empty() ? "" : "|") + s;
  return out;
}

std::string dense(const Tensor& t) {
  std::string shape;
  for (int d = 0; d < t.shape().rank(); ++d) shape += (d ? " " : "") + std::to_string(t.shape().dim(d));
  return shape + "\n" + joined(t) + "\n";
}

std::string ragged(const std::pair<Tensor, Tensor>& r) {
  std::string splits;
  for (std::int64_t v : r.second.numpy<std::int64_t>()) splits += (splits.empty() ? "" : " ") + std::to_string(v);
  return joined(r.first) + "\n" + splits + "\n";
}

TEST(StringNGrams, MatchesTensorFlow) {
  const std::string& tf_out = tensorflow_output();
  const Tensor tokens = constant({"a", "b", "c", "d"});
  EXPECT_EQ(dense(strings::ngrams(tokens, {2})), testing::block(tf_out, "bigrams"));
  EXPECT_EQ(dense(strings::ngrams(tokens, {1, 3}, {.separator = "_"})), testing::block(tf_out, "widths"));
  EXPECT_EQ(dense(strings::ngrams(tokens, {3}, {.left_pad = "<s>", .right_pad = "</s>", .pad_width = -1})),
            testing::block(tf_out, "padded"));
  EXPECT_EQ(dense(strings::ngrams(tokens, {3}, {.left_pad = "<s>", .right_pad = "</s>", .pad_width = 1})),
            testing::block(tf_out, "padded_one"));
  EXPECT_EQ(dense(strings::ngrams(constant({{"a", "b", "c"}, {"d", "e", "f"}}), {2})), testing::block(tf_out, "rows"));
  const Tensor values = constant({"a", "b", "c", "d", "e", "f"});
  const Tensor splits = constant(std::vector<std::int64_t>{0, 1, 1, 4, 6});
  EXPECT_EQ(ragged(strings::ngrams_of_rows(values, splits, {2})), testing::block(tf_out, "ragged"));
  EXPECT_EQ(ragged(strings::ngrams_of_rows(values, splits, {3}, {.preserve_short_sequences = true})),
            testing::block(tf_out, "ragged_short"));
  EXPECT_EQ(ragged(strings::ngrams_of_rows(values, splits, {4},
                                           {.left_pad = "#", .right_pad = "#", .pad_width = 1, .preserve_short_sequences = true})),
            testing::block(tf_out, "ragged_short_padded"));
}

TEST(StringNGrams, TracedAsEager) {
  auto f = tf::function([](Tensor values, Tensor splits) {
    auto [grams, out_splits] = strings::ngrams_of_rows(values, splits, {1, 2});
    return std::vector<Tensor>{grams, out_splits};
  });
  const Tensor values = constant({"x", "y", "z"});
  const Tensor splits = constant(std::vector<std::int64_t>{0, 2, 3});
  const std::vector<Tensor> traced = f(values, splits);
  const auto eager = strings::ngrams_of_rows(values, splits, {1, 2});
  EXPECT_EQ(joined(traced[0]), joined(eager.first));
  EXPECT_EQ(traced[1].numpy<std::int64_t>(), eager.second.numpy<std::int64_t>());
}

TEST(StringNGrams, Errors) {
  EXPECT_EQ(error_of([] { strings::ngrams(constant({"a"}), {0}); }), "[StringNGrams] Ngram width must be positive, got 0");
  EXPECT_NE(error_of([] { strings::ngrams_of_rows(constant({"a"}), constant(std::vector<std::int64_t>{0, 2}), {1}); })
                .find("Invalid split value"),
            std::string::npos);
  EXPECT_NE(error_of([] { strings::ngrams(constant("a"), {1}); }).find("vector or matrix"), std::string::npos);
}

}  // namespace
}  // namespace tf
