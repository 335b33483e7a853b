#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "io/parse_example_op.h"

namespace {

using tf::train::BytesList;
using tf::train::FloatList;
using tf::train::Int64List;

tf::train::Example sample() {
  return tf::train::Example{.features = {.feature = {{"a", Int64List{{1, 300}}},
                                                     {"b", FloatList{{1.5f}}},
                                                     {"c", BytesList{{"xy"}}}}}};
}

TEST(Example, EncodesAsTensorFlowsProtobuf) {
  // Bytes of the equivalent tensorflow.Example message, derived field by field from
  // example.proto / feature.proto (map entries in key order, packed lists).
  const unsigned char want[] = {0x0a, 0x2a, 0x0a, 0x0c, 0x0a, 0x01, 0x61, 0x12, 0x07, 0x1a, 0x05, 0x0a, 0x03, 0x01, 0xac,
                                0x02, 0x0a, 0x0d, 0x0a, 0x01, 0x62, 0x12, 0x08, 0x12, 0x06, 0x0a, 0x04, 0x00, 0x00, 0xc0,
                                0x3f, 0x0a, 0x0b, 0x0a, 0x01, 0x63, 0x12, 0x06, 0x0a, 0x04, 0x0a, 0x02, 0x78, 0x79};
  EXPECT_EQ(sample().SerializeToString(), std::string(reinterpret_cast<const char*>(want), sizeof want));
}

TEST(Example, DecodesItsOwnAndUnpackedEncodings) {
  tf::train::Example ex = tf::train::Example::FromString(sample().SerializeToString());
  EXPECT_EQ(std::get<Int64List>(ex.features.feature.at("a").kind).value, (std::vector<std::int64_t>{1, 300}));
  EXPECT_EQ(std::get<FloatList>(ex.features.feature.at("b").kind).value, (std::vector<float>{1.5f}));
  EXPECT_EQ(std::get<BytesList>(ex.features.feature.at("c").kind).value, (std::vector<std::string>{"xy"}));
  // Unpacked int64 (tag 0x08) and float (tag 0x0d) values are valid protobuf too; an unknown
  // field (tag 0x10, varint) is skipped. Negative int64s take ten varint bytes.
  const std::string unpacked(
      "\x0a\x1f\x0a\x0d\x0a\x01\x69\x12\x08\x1a\x06\x08\x05\x08\x07\x10\x01\x0a\x0e\x0a\x01\x66\x12\x09\x12\x07"
      "\x0d\x00\x00\x80\x3f\x10\x02",
      33);
  tf::train::Example u = tf::train::Example::FromString(unpacked);
  EXPECT_EQ(std::get<Int64List>(u.features.feature.at("i").kind).value, (std::vector<std::int64_t>{5, 7}));
  EXPECT_EQ(std::get<FloatList>(u.features.feature.at("f").kind).value, (std::vector<float>{1.0f}));
  tf::train::Example neg{.features = {.feature = {{"n", Int64List{{-1}}}}}};
  EXPECT_EQ(std::get<Int64List>(tf::train::Example::FromString(neg.SerializeToString()).features.feature.at("n").kind).value,
            (std::vector<std::int64_t>{-1}));
  // Damaged bytes are rejected, never read past the end.
  std::string s = sample().SerializeToString();
  EXPECT_THROW(tf::train::Example::FromString(s.substr(0, s.size() - 3)), tf::DataLossError);
  EXPECT_THROW(tf::train::Example::FromString(std::string("\x0a\xff", 2)), tf::DataLossError);
  EXPECT_TRUE(tf::train::Example::FromString("").features.feature.empty());
}

TEST(ParseExample, FixedAndVarLenFeatures) {
  tf::Tensor ser = tf::constant(sample().SerializeToString());
  auto got = tf::io::parse_single_example(
      ser, {{"a", tf::io::FixedLenFeature{{2}, tf::int64}},
            {"b", tf::io::FixedLenFeature{{}, tf::float32}},
            {"c", tf::io::VarLenFeature{tf::string}},
            {"missing", tf::io::FixedLenFeature{{2, 2}, tf::float32, tf::constant(-1.0f)}},
            {"missing_vec", tf::io::FixedLenFeature{{2}, tf::int64, tf::constant(std::vector<std::int64_t>{8, 9})}},
            {"missing_var", tf::io::VarLenFeature{tf::int64}}});
  EXPECT_EQ(got.at("a").numpy<std::int64_t>(), (std::vector<std::int64_t>{1, 300}));
  EXPECT_EQ(got.at("b").shape(), tf::TensorShape{});
  EXPECT_EQ(got.at("b").item<float>(), 1.5f);
  EXPECT_EQ(got.at("c").numpy<std::string>(), (std::vector<std::string>{"xy"}));
  EXPECT_EQ(got.at("missing").shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(got.at("missing").numpy<float>(), (std::vector<float>(4, -1.0f)));
  EXPECT_EQ(got.at("missing_vec").numpy<std::int64_t>(), (std::vector<std::int64_t>{8, 9}));
  EXPECT_EQ(got.at("missing_var").shape(), tf::TensorShape({0}));
}

TEST(ParseExample, ErrorsNameTheFeature) {
  tf::Tensor ser = tf::constant(sample().SerializeToString());
  auto message = [&](const std::map<std::string, tf::io::FeatureSpec>& spec) -> std::string {
    try {
      tf::io::parse_single_example(ser, spec);
    } catch (const tf::InvalidArgumentError& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_EQ(message({{"a", tf::io::FixedLenFeature{{3}, tf::int64}}}),
            "[ParseExample] feature 'a': expected 3 values (shape [3]) but the example has 2");
  EXPECT_EQ(message({{"a", tf::io::FixedLenFeature{{2}, tf::float32}}}),
            "[ParseExample] feature 'a': the spec's dtype float32 needs a float_list but the example holds int64_list");
  EXPECT_EQ(message({{"zz", tf::io::FixedLenFeature{{}, tf::float32}}}),
            "[ParseExample] feature 'zz' is required but missing (no default_value)");
  EXPECT_EQ(message({{"a", tf::io::VarLenFeature{tf::int32}}}),
            "[ParseExample] feature 'a': dtype must be float32, int64 or string, got int32");
  EXPECT_THROW(tf::io::parse_single_example(tf::constant(1), {}), tf::InvalidArgumentError);
  EXPECT_THROW(tf::io::parse_single_example(tf::constant("\x0a\x05"), {}), tf::InvalidArgumentError);
}

TEST(ParseExample, BatchesAndPadsVarLen) {
  std::vector<std::string> recs;
  for (int i = 1; i <= 3; ++i) {
    std::vector<std::int64_t> vals(static_cast<std::size_t>(i), i);
    recs.push_back(tf::train::Example{.features = {.feature = {{"v", Int64List{vals}}, {"x", FloatList{{i * 1.0f}}}}}}
                       .SerializeToString());
  }
  auto got = tf::io::parse_example(tf::constant(recs), {{"v", tf::io::VarLenFeature{tf::int64}},
                                                        {"x", tf::io::FixedLenFeature{{1}, tf::float32}}});
  EXPECT_EQ(got.at("x").shape(), tf::TensorShape({3, 1}));
  EXPECT_EQ(got.at("x").numpy<float>(), (std::vector<float>{1, 2, 3}));
  EXPECT_EQ(got.at("v").shape(), tf::TensorShape({3, 3}));
  EXPECT_EQ(got.at("v").numpy<std::int64_t>(), (std::vector<std::int64_t>{1, 0, 0, 2, 2, 0, 3, 3, 3}));
  // The record's index is named when one fails.
  recs[1] = "\x0a\x09";
  try {
    tf::io::parse_example(tf::constant(recs), {{"x", tf::io::FixedLenFeature{{1}, tf::float32}}});
    FAIL();
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("[ParseExample] record 1: ", 0), 0u) << e.what();
  }
}

TEST(ParseExampleOp, ParsesInsideATracedFunctionWithSparseVarLenFeatures) {
  const std::map<std::string, tf::io::FeatureSpec> specs{{"a", tf::io::FixedLenFeature{{2}, tf::int64}},
                                                         {"c", tf::io::VarLenFeature{tf::string}},
                                                         {"v", tf::io::VarLenFeature{tf::int64}}};
  auto parse = tf::function([&](const tf::Tensor& serialized) {
    tf::io::ParsedFeatures p = tf::io::parse_example_features(serialized, specs);
    EXPECT_TRUE(p.dense.at("a").is_symbolic());
    EXPECT_EQ(p.dense.at("a").shape(), tf::TensorShape({tf::None, 2}));  // the batch is unknown while tracing
    return std::vector<tf::Tensor>{p.dense.at("a"), p.sparse.at("c")[0], p.sparse.at("c")[1], p.sparse.at("c")[2],
                                   p.sparse.at("v")[0], p.sparse.at("v")[2]};
  }, {.input_signature = {tf::TensorSpec({tf::None}, tf::string)}});
  std::vector<std::string> records;
  records.push_back(sample().SerializeToString());
  records.push_back(tf::train::Example{.features = {.feature = {{"a", Int64List{{7, 8}}},
                                                                 {"v", Int64List{{4, 5, 6}}}}}}.SerializeToString());
  const std::vector<tf::Tensor> out = parse(tf::constant(records));
  EXPECT_EQ(out[0].numpy<std::int64_t>(), (std::vector<std::int64_t>{1, 300, 7, 8}));
  EXPECT_EQ(out[1].numpy<std::int64_t>(), (std::vector<std::int64_t>{0, 0}));  // c: one value, in record 0
  EXPECT_EQ(out[2].numpy<std::string>(), (std::vector<std::string>{"xy"}));
  EXPECT_EQ(out[3].numpy<std::int64_t>(), (std::vector<std::int64_t>{2, 1}));
  EXPECT_EQ(out[4].numpy<std::int64_t>(), (std::vector<std::int64_t>{1, 0, 1, 1, 1, 2}));  // v: three in record 1
  EXPECT_EQ(out[5].numpy<std::int64_t>(), (std::vector<std::int64_t>{2, 3}));
  // One Example (a scalar): sparse indices of rank 1.
  tf::io::ParsedFeatures one = tf::io::parse_example_features(tf::constant(records[1]), specs);
  EXPECT_EQ(one.sparse.at("v")[0].shape(), tf::TensorShape({3, 1}));
  EXPECT_EQ(one.sparse.at("v")[2].numpy<std::int64_t>(), (std::vector<std::int64_t>{3}));
  EXPECT_EQ(one.sparse.at("c")[1].shape(), tf::TensorShape({0}));
  EXPECT_THROW(tf::io::parse_example_features(tf::constant(std::vector<float>{1.0f}), specs), tf::InvalidArgumentError);
  EXPECT_THROW(tf::io::parse_example_features(tf::constant("not an example \x0a\x09"), specs), tf::InvalidArgumentError);
}

TEST(ParseExample, ThroughATFRecordPipeline) {
  const std::string path = testing::TempDir() + "/examples.tfrecord";
  {
    tf::io::TFRecordWriter w(path, {.compression_type = "GZIP"});
    for (int i = 0; i < 10; ++i)
      w.write(tf::train::Example{.features = {.feature = {{"label", Int64List{{i}}}}}}.SerializeToString());
  }
  auto ds = tf::data::TFRecordDataset(path, {.compression_type = "GZIP"})
                .map([](const tf::Tensor& rec) {
                  return tf::io::parse_single_example(rec, {{"label", tf::io::FixedLenFeature{{}, tf::int64}}}).at("label");
                })
                .batch(4);
  std::vector<std::int64_t> labels;
  for (const auto& b : ds)
    for (std::int64_t v : b[0].numpy<std::int64_t>()) labels.push_back(v);
  EXPECT_EQ(labels, (std::vector<std::int64_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
  std::remove(path.c_str());
}

}  // namespace
