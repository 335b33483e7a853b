// The ParseExample op's ragged keys (the values and row splits that tf.io.RaggedFeature builds on):
// eagerly, traced, their errors, and the same values and splits as TensorFlow's RaggedFeature.
#include <gtest/gtest.h>

#include <cstdio>

#include <tfpp/tfpp.h>

#include "io/parse_example_op.h"
#include "keras/keras_reference.h"

namespace {

using tf::train::BytesList;
using tf::train::FloatList;
using tf::train::Int64List;

std::vector<std::string> records() {
  return {tf::train::Example{.features = {.feature = {{"v", Int64List{{3, 1, 4}}}, {"s", BytesList{{"a", "bc"}}}}}}
              .SerializeToString(),
          tf::train::Example{}.SerializeToString(),
          tf::train::Example{.features = {.feature = {{"v", Int64List{{-5}}}, {"f", FloatList{{0.5f}}}}}}.SerializeToString()};
}

const std::map<std::string, tf::io::RaggedKey> kKeys{{"v", {tf::int64, tf::int32}},
                                                     {"s", {tf::string, tf::int64}},
                                                     {"f", {tf::float32, tf::int32}}};

TEST(ParseRaggedKeys, ValuesAndRowSplitsPerExample) {
  const tf::io::ParsedFeatures p = tf::io::parse_example_features(tf::constant(records()), {}, kKeys);
  EXPECT_EQ(p.ragged.at("v")[0].numpy<std::int64_t>(), (std::vector<std::int64_t>{3, 1, 4, -5}));
  EXPECT_EQ(p.ragged.at("v")[1].dtype(), tf::int32);
  EXPECT_EQ(p.ragged.at("v")[1].numpy<std::int32_t>(), (std::vector<std::int32_t>{0, 3, 3, 4}));
  EXPECT_EQ(p.ragged.at("s")[0].numpy<std::string>(), (std::vector<std::string>{"a", "bc"}));
  EXPECT_EQ(p.ragged.at("s")[1].numpy<std::int64_t>(), (std::vector<std::int64_t>{0, 2, 2, 2}));
  EXPECT_EQ(p.ragged.at("f")[0].numpy<float>(), (std::vector<float>{0.5f}));
  EXPECT_EQ(p.ragged.at("f")[1].numpy<std::int32_t>(), (std::vector<std::int32_t>{0, 0, 0, 1}));
  // One Example: its values, splits [0, n].
  const tf::io::ParsedFeatures one = tf::io::parse_example_features(tf::constant(records()[0]), {}, kKeys);
  EXPECT_EQ(one.ragged.at("v")[0].numpy<std::int64_t>(), (std::vector<std::int64_t>{3, 1, 4}));
  EXPECT_EQ(one.ragged.at("v")[1].numpy<std::int32_t>(), (std::vector<std::int32_t>{0, 3}));
  // An empty batch.
  const tf::io::ParsedFeatures none =
      tf::io::parse_example_features(tf::constant(std::vector<std::string>{}), {}, kKeys);
  EXPECT_EQ(none.ragged.at("v")[0].shape(), tf::TensorShape({0}));
  EXPECT_EQ(none.ragged.at("v")[1].numpy<std::int32_t>(), (std::vector<std::int32_t>{0}));
}

TEST(ParseRaggedKeys, TracedBesideOtherFeatures) {
  auto parse = tf::function([&](const tf::Tensor& serialized) {
    tf::io::ParsedFeatures p = tf::io::parse_example_features(
        serialized, {{"f", tf::io::VarLenFeature{tf::float32}}}, {{"v", {tf::int64, tf::int64}}});
    EXPECT_TRUE(p.ragged.at("v")[0].is_symbolic());
    EXPECT_EQ(p.ragged.at("v")[0].shape(), tf::TensorShape({tf::None}));
    EXPECT_EQ(p.ragged.at("v")[1].shape(), tf::TensorShape({4}));  // the batch of three, plus one
    return std::vector<tf::Tensor>{p.sparse.at("f")[1], p.ragged.at("v")[0], p.ragged.at("v")[1]};
  }, {.input_signature = {tf::TensorSpec({3}, tf::string)}});
  const std::vector<tf::Tensor> out = parse(tf::constant(records()));
  EXPECT_EQ(out[0].numpy<float>(), (std::vector<float>{0.5f}));
  EXPECT_EQ(out[1].numpy<std::int64_t>(), (std::vector<std::int64_t>{3, 1, 4, -5}));
  EXPECT_EQ(out[2].numpy<std::int64_t>(), (std::vector<std::int64_t>{0, 3, 3, 4}));
}

std::string message_of(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const tf::InvalidArgumentError& e) {
    return e.what();
  }
  return "no error";
}

TEST(ParseRaggedKeys, ErrorsForBadSpecsAndBadData) {
  const tf::Tensor batch = tf::constant(records());
  // TensorFlow's message for a list of another kind, naming the example.
  EXPECT_EQ(message_of([&] { tf::io::parse_example_features(batch, {}, {{"v", {tf::float32, tf::int32}}}); }),
            "Name: <unknown>, Key: v, Index: 0.  Data types don't match. Expected type: float, Actual type: int64");
  EXPECT_EQ(message_of([&] { tf::io::parse_example_features(batch, {}, {{"f", {tf::string, tf::int32}}}); }),
            "Name: <unknown>, Key: f, Index: 2.  Data types don't match. Expected type: string, Actual type: float");
  EXPECT_NE(message_of([&] { tf::io::parse_example_features(batch, {}, {{"v", {tf::int32, tf::int32}}}); })
                .find("dtype must be float32, int64 or string, got int32"), std::string::npos);
  EXPECT_NE(message_of([&] { tf::io::parse_example_features(batch, {}, {{"v", {tf::int64, tf::float32}}}); })
                .find("row_splits dtype must be int32 or int64"), std::string::npos);
  EXPECT_NE(message_of([&] {
    tf::io::parse_example_features(batch, {{"v", tf::io::VarLenFeature{tf::int64}}}, {{"v", {tf::int64, tf::int32}}});
  }).find("both a feature and a ragged key"), std::string::npos);
  // Damaged records are errors naming the record, for every truncation of a valid one.
  const std::string good = records()[0];
  for (std::size_t n = 1; n < good.size(); ++n) {
    try {
      const tf::io::ParsedFeatures p = tf::io::parse_example_features(
          tf::constant(std::vector<std::string>{records()[2], good.substr(0, n)}), {}, kKeys);
      // A prefix may itself be a valid (shorter) Example; then its values come out whole.
      EXPECT_EQ(p.ragged.at("v")[1].numpy<std::int32_t>()[0], 0);
    } catch (const tf::InvalidArgumentError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("[ParseExample] record 1: ", 0), 0u) << e.what();
    }
  }
}

std::string text_of(const tf::Tensor& t) {
  std::string out;
  auto add = [&](const std::string& v) { out += (out.empty() ? "" : " ") + v; };
  if (t.dtype() == tf::int64) for (std::int64_t v : t.numpy<std::int64_t>()) add(std::to_string(v));
  else if (t.dtype() == tf::int32) for (std::int32_t v : t.numpy<std::int32_t>()) add(std::to_string(v));
  else if (t.dtype() == tf::float32)
    for (float v : t.numpy<float>()) {
      char buffer[32];
      std::snprintf(buffer, sizeof buffer, "%g", v);
      add(buffer);
    }
  else for (const std::string& v : t.numpy<std::string>()) add(v);
  return out;
}

TEST(ParseRaggedKeys, MatchTensorFlowsRaggedFeature) {
  std::string hex;
  for (const std::string& r : records()) {
    hex += ' ';
    for (unsigned char c : r) hex += "0123456789abcdef"[c >> 4], hex += "0123456789abcdef"[c & 15];
  }
  const std::string report = tf::testing::run_reference(R"(
import tensorflow as tf
records = [bytes.fromhex(h) for h in ")" + hex + R"(".split(" ")[1:]]
parsed = tf.io.parse_example(records, {
    "v": tf.io.RaggedFeature(tf.int64), "s": tf.io.RaggedFeature(tf.string, row_splits_dtype=tf.int64),
    "f": tf.io.RaggedFeature(tf.float32)})
def text(t):
    return " ".join(v.decode() if isinstance(v, bytes) else "%g" % v for v in t.numpy().tolist())
for key in ("f", "s", "v"):
    print(key, parsed[key].row_splits.dtype.name, "|", text(parsed[key].values), "|", text(parsed[key].row_splits))
)");
  const tf::io::ParsedFeatures p = tf::io::parse_example_features(tf::constant(records()), {}, kKeys);
  std::string mine;
  for (const auto& [key, pair] : p.ragged) {
    mine += key + " " + std::string(tf::dtype_name(pair[1].dtype())) + " | " + text_of(pair[0]) + " | " + text_of(pair[1]) +
            "\n";
  }
  EXPECT_EQ(report, mine);
}

}  // namespace
