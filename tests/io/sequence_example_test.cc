// tf::train::SequenceExample's wire format and tf::io::parse_(single_)sequence_example, checked
// against TensorFlow 2.21 in the same run: its bytes for the same message, and its parse of the
// bytes tfpp writes.
#include <gtest/gtest.h>

#include <tfpp/io/sequence_parsing.h>
#include <tfpp/tfpp.h>
#include <tfpp/train/sequence_example.h>

#include "error_of.h"
#include "keras/keras_reference.h"

namespace {

using tf::io::FixedLenFeature;
using tf::io::FixedLenSequenceFeature;
using tf::io::VarLenFeature;
using tf::testing::error_of;
using tf::train::BytesList;
using tf::train::FloatList;
using tf::train::Int64List;

// Two sequences: the second has a one-step "tok" list, and its "s" list starts with a Feature
// holding no list (a step of zero values).
tf::train::SequenceExample first() {
  return {.context = {.feature = {{"id", Int64List{{7}}}, {"w", FloatList{{1.5f, -2.5f}}}, {"tags", BytesList{{"x", "yz"}}}}},
          .feature_lists = {.feature_list = {
              {"tok", {.feature = {Int64List{{1, 2}}, Int64List{{3, -4}}, Int64List{{300, 6}}}}},
              {"s", {.feature = {BytesList{{"a"}}, BytesList{}, BytesList{{"b", "c"}}}}},
              {"w", {.feature = {FloatList{{0.5f}}}}}}}};
}

tf::train::SequenceExample second() {
  return {.context = {.feature = {{"id", Int64List{{8}}}, {"w", FloatList{{3.5f, 4.5f}}}}},
          .feature_lists = {.feature_list = {{"tok", {.feature = {Int64List{{9, 10}}}}},
                                             {"w", {.feature = {FloatList{{2.0f}}, FloatList{{-1.0f}}}}},
                                             {"s", {.feature = {tf::train::Feature(), BytesList{{"q"}}}}}}}};
}

std::string hex(const std::string& bytes) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out.push_back(digits[c >> 4]);
    out.push_back(digits[c & 15]);
  }
  return out;
}

std::string unhex(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i + 1 < text.size(); i += 2) out.push_back(static_cast<char>(std::stoi(text.substr(i, 2), nullptr, 16)));
  return out;
}

std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

std::string values_text(const tf::Tensor& t) {
  std::string out;
  auto add = [&](const std::string& v) { out += (out.empty() ? "" : " ") + v; };
  if (t.dtype() == tf::int64) for (std::int64_t v : t.numpy<std::int64_t>()) add(std::to_string(v));
  else if (t.dtype() == tf::float32) for (float v : t.numpy<float>()) add(std::to_string(v));
  else for (const std::string& v : t.numpy<std::string>()) add(v);
  return out;
}

// TensorFlow builds the same two messages, prints its deterministic bytes, and parses the bytes tfpp wrote.
std::string reference_report(const std::string& tfpp_batch_hex) {
  return tf::testing::run_reference(R"(
import tensorflow as tf
F = tf.train.Feature
I = lambda *v: F(int64_list=tf.train.Int64List(value=v))
Fl = lambda *v: F(float_list=tf.train.FloatList(value=v))
B = lambda *v: F(bytes_list=tf.train.BytesList(value=v))
def se(ctx, lists):
    return tf.train.SequenceExample(context=tf.train.Features(feature=ctx), feature_lists=tf.train.FeatureLists(
        feature_list={k: tf.train.FeatureList(feature=v) for k, v in lists.items()}))
a = se({"id": I(7), "w": Fl(1.5, -2.5), "tags": B(b"x", b"yz")},
       {"tok": [I(1, 2), I(3, -4), I(300, 6)], "s": [B(b"a"), B(), B(b"b", b"c")], "w": [Fl(0.5)]})
b = se({"id": I(8), "w": Fl(3.5, 4.5)}, {"tok": [I(9, 10)], "w": [Fl(2.0), Fl(-1.0)], "s": [F(), B(b"q")]})
print("== first")
print(a.SerializeToString(deterministic=True).hex())
print("== second")
print(b.SerializeToString(deterministic=True).hex())
records = [bytes.fromhex(h) for h in ")" + tfpp_batch_hex + R"(".split()]
context, lists, lengths = tf.io.parse_sequence_example(records,
    context_features={"id": tf.io.FixedLenFeature([], tf.int64), "w": tf.io.FixedLenFeature([2], tf.float32),
                      "tags": tf.io.VarLenFeature(tf.string)},
    sequence_features={"tok": tf.io.FixedLenSequenceFeature([2], tf.int64),
                       "w": tf.io.FixedLenSequenceFeature([], tf.float32), "s": tf.io.VarLenFeature(tf.string)})
def show(name, t):
    print("== " + name)
    print(" ".join(str(v.decode() if isinstance(v, bytes) else v) for v in t.numpy().ravel().tolist()))
show("id", context["id"]); show("w", context["w"]); show("tags.indices", context["tags"].indices)
show("tags.values", context["tags"].values); show("tags.dense_shape", context["tags"].dense_shape)
show("tok", lists["tok"]); show("list_w", lists["w"]); show("s.indices", lists["s"].indices)
show("s.values", lists["s"].values); show("s.dense_shape", lists["s"].dense_shape)
show("tok.lengths", lengths["tok"]); show("w.lengths", lengths["w"])
)");
}

class SequenceExampleVsTensorFlow : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    report_ = new std::string(reference_report(hex(first().SerializeToString()) + " " + hex(second().SerializeToString())));
  }
  static void TearDownTestSuite() { delete report_; }
  static std::string block(const std::string& name) { return trimmed(tf::testing::block(*report_, name)); }
  static std::string* report_;
};
std::string* SequenceExampleVsTensorFlow::report_ = nullptr;

TEST_F(SequenceExampleVsTensorFlow, WritesTensorFlowsBytes) {
  EXPECT_EQ(hex(first().SerializeToString()), block("first"));
  EXPECT_EQ(hex(second().SerializeToString()), block("second"));
}

TEST_F(SequenceExampleVsTensorFlow, ReadsTensorFlowsBytes) {
  const tf::train::SequenceExample a = tf::train::SequenceExample::FromString(unhex(block("first")));
  EXPECT_EQ(std::get<FloatList>(a.context.feature.at("w").kind).value, (std::vector<float>{1.5f, -2.5f}));
  const auto& tok = a.feature_lists.feature_list.at("tok").feature;
  ASSERT_EQ(tok.size(), 3u);
  EXPECT_EQ(std::get<Int64List>(tok[1].kind).value, (std::vector<std::int64_t>{3, -4}));
  EXPECT_EQ(std::get<BytesList>(a.feature_lists.feature_list.at("s").feature[1].kind).value.size(), 0u);
  const tf::train::SequenceExample b = tf::train::SequenceExample::FromString(unhex(block("second")));
  EXPECT_EQ(b.feature_lists.feature_list.at("s").feature[0].kind.index(), 0u);  // a Feature with no list
}

TEST_F(SequenceExampleVsTensorFlow, ParsesAsTensorFlowParsesTheSameBytes) {
  const tf::io::ParsedSequenceExamples p = tf::io::parse_sequence_example(
      tf::constant(std::vector<std::string>{first().SerializeToString(), second().SerializeToString()}),
      {{"id", FixedLenFeature{{}, tf::int64}}, {"w", FixedLenFeature{{2}, tf::float32}}, {"tags", VarLenFeature{tf::string}}},
      {{"tok", FixedLenSequenceFeature{{2}, tf::int64}}, {"w", FixedLenSequenceFeature{{}, tf::float32}},
       {"s", VarLenFeature{tf::string}}});
  EXPECT_EQ(values_text(p.context.at("id")), block("id"));
  EXPECT_EQ(p.context.at("w").shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(p.context_sparse.at("tags").values.numpy<std::string>(), (std::vector<std::string>{"x", "yz"}));
  EXPECT_EQ(values_text(p.context_sparse.at("tags").indices), block("tags.indices"));
  EXPECT_EQ(values_text(p.context_sparse.at("tags").dense_shape), block("tags.dense_shape"));
  EXPECT_EQ(p.feature_lists.at("tok").shape(), tf::TensorShape({2, 3, 2}));
  EXPECT_EQ(values_text(p.feature_lists.at("tok")), block("tok"));
  EXPECT_EQ(p.feature_lists.at("w").numpy<float>(), (std::vector<float>{0.5f, 0.0f, 2.0f, -1.0f}));
  EXPECT_EQ(block("list_w"), "0.5 0.0 2.0 -1.0");
  EXPECT_EQ(values_text(p.feature_lists_sparse.at("s").indices), block("s.indices"));
  EXPECT_EQ(values_text(p.feature_lists_sparse.at("s").values), block("s.values"));
  EXPECT_EQ(values_text(p.feature_lists_sparse.at("s").dense_shape), block("s.dense_shape"));
  EXPECT_EQ(values_text(p.lengths.at("tok")), block("tok.lengths"));
  EXPECT_EQ(values_text(p.lengths.at("w")), block("w.lengths"));
}

TEST(SequenceExample, EmptyPartsAndDamagedBytes) {
  EXPECT_EQ(tf::train::SequenceExample{}.SerializeToString(), "");
  // An empty feature list is still an entry (TensorFlow: b'\x12\x07\n\x05\n\x01a\x12\x00').
  tf::train::SequenceExample empty_list{.feature_lists = {.feature_list = {{"a", {}}}}};
  EXPECT_EQ(empty_list.SerializeToString(), std::string("\x12\x07\n\x05\n\x01" "a\x12\x00", 9));
  // Every truncation of a record either decodes or throws DataLossError, never reads past the end.
  const std::string whole = first().SerializeToString();
  int rejected = 0;
  for (std::size_t n = 0; n < whole.size(); ++n) {
    try {
      tf::train::SequenceExample::FromString(whole.substr(0, n));
    } catch (const tf::DataLossError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("[SequenceExample] invalid serialized SequenceExample: ", 0), 0u) << e.what();
      ++rejected;
    }
  }
  EXPECT_GT(rejected, 0);
}

TEST(ParseSequenceExample, OneSequence) {
  const tf::io::ParsedSequenceExamples p = tf::io::parse_single_sequence_example(
      tf::constant(first().SerializeToString()),
      {{"id", FixedLenFeature{{}, tf::int64}},
       {"missing", FixedLenFeature{{2}, tf::int64, tf::constant(std::vector<std::int64_t>{4, 5})}}},
      {{"tok", FixedLenSequenceFeature{{2}, tf::int64}}, {"s", VarLenFeature{tf::string}},
       {"absent", FixedLenSequenceFeature{{}, tf::float32, true}}, {"absent_var", VarLenFeature{tf::int64}}});
  EXPECT_EQ(p.context.at("id").shape(), tf::TensorShape{});
  EXPECT_EQ(p.context.at("id").item<std::int64_t>(), 7);
  EXPECT_EQ(p.context.at("missing").numpy<std::int64_t>(), (std::vector<std::int64_t>{4, 5}));
  EXPECT_EQ(p.feature_lists.at("tok").shape(), tf::TensorShape({3, 2}));
  EXPECT_EQ(p.feature_lists.at("tok").numpy<std::int64_t>(), (std::vector<std::int64_t>{1, 2, 3, -4, 300, 6}));
  EXPECT_EQ(p.lengths.at("tok").shape(), tf::TensorShape{});
  EXPECT_EQ(p.lengths.at("tok").item<std::int64_t>(), 3);
  EXPECT_EQ(p.feature_lists_sparse.at("s").indices.numpy<std::int64_t>(), (std::vector<std::int64_t>{0, 0, 2, 0, 2, 1}));
  EXPECT_EQ(p.feature_lists_sparse.at("s").dense_shape.numpy<std::int64_t>(), (std::vector<std::int64_t>{3, 2}));
  EXPECT_EQ(p.feature_lists.at("absent").shape(), tf::TensorShape({0}));
  EXPECT_EQ(p.feature_lists_sparse.at("absent_var").indices.shape(), tf::TensorShape({0, 2}));
  EXPECT_EQ(p.feature_lists_sparse.at("absent_var").dense_shape.numpy<std::int64_t>(), (std::vector<std::int64_t>{0, 0}));
}

TEST(ParseSequenceExample, ErrorsAsTensorFlowsMessages) {
  const tf::Tensor one = tf::constant(first().SerializeToString());
  const tf::Tensor two = tf::constant(std::vector<std::string>{first().SerializeToString(), second().SerializeToString()});
  auto parse = [](const tf::Tensor& s, std::map<std::string, tf::io::FeatureSpec> c,
                  std::map<std::string, tf::io::SequenceFeatureSpec> q = {}) {
    return error_of([&] { tf::io::parse_sequence_example(s, c, q); });
  };
  const std::string op = "[ParseSequenceExample] ";
  EXPECT_EQ(parse(one, {{"id", FixedLenFeature{{}, tf::float32}}}),
            op + "Name: <unknown>, Context feature: id.  Data types don't match. Expected type: float");
  EXPECT_EQ(parse(one, {}, {{"tok", FixedLenSequenceFeature{{2}, tf::float32}}}),
            op + "Name: <unknown>, Feature list: tok, Index: 0.  Data types don't match. Expected type: float");
  EXPECT_EQ(parse(one, {}, {{"tok", FixedLenSequenceFeature{{3}, tf::int64}}}),
            op + "Name: <unknown>, Key: tok, Index: 0.  Number of values != expected.  values size: 2 but output shape: [3]");
  EXPECT_EQ(parse(one, {}, {{"tok", FixedLenSequenceFeature{{4}, tf::int64}}}),
            op + "Feature list 'tok' has an unexpected number of values.  Total values size: 6 is not consistent with "
                 "output shape: [?,4]");
  EXPECT_EQ(parse(one, {}, {{"s", FixedLenSequenceFeature{{}, tf::string}}}),
            op + "Name: <unknown>, Key: s, Index: 1.  Number of values != expected.  values size: 0 but output shape: []");
  EXPECT_EQ(parse(tf::constant(second().SerializeToString()), {}, {{"zz", FixedLenSequenceFeature{{}, tf::float32}}}),
            op + "Name: <unknown>, Feature list 'zz' is required but could not be found.  Did you mean to include it in "
                 "feature_list_dense_missing_assumed_empty or feature_list_dense_defaults?");
  EXPECT_EQ(parse(one, {{"w", FixedLenFeature{{3}, tf::float32}}}),
            op + "Inconsistent max number of elements for feature w: expected 3, but found 2");
  EXPECT_EQ(parse(one, {{"zz", FixedLenFeature{{}, tf::int64}}}),
            op + "Inconsistent max number of elements for feature zz: expected 1, but found 0");
  // Required and missing in one example of a batch whose other example has it.
  tf::train::SequenceExample without_id = second();
  without_id.context.feature.erase("id");
  const tf::Tensor mixed = tf::constant(std::vector<std::string>{first().SerializeToString(), without_id.SerializeToString()});
  EXPECT_EQ(parse(mixed, {{"id", FixedLenFeature{{}, tf::int64}}}),
            op + "Feature: id (data type: int64) is required but could not be found.");
  // A default of one element, and an example holding an empty list: too few values.
  tf::train::SequenceExample empty_tags{.context = {.feature = {{"tags", BytesList{}}}}};
  EXPECT_EQ(parse(tf::constant(empty_tags.SerializeToString()), {{"tags", FixedLenFeature{{}, tf::string, tf::constant("d")}}}),
            op + "Unexpected number of elements in example <unknown>");
  EXPECT_EQ(parse(tf::constant(std::string("\x0a\x09" "abc")), {{"id", FixedLenFeature{{}, tf::int64}}}),
            op + "Invalid protocol message input, example id: <unknown>");
  EXPECT_EQ(parse(one, {{"id", FixedLenFeature{{}, tf::int32}}}),
            op + "context feature 'id': dtype must be float32, int64 or string, got int32");
  EXPECT_EQ(parse(one, {{"w", FixedLenFeature{{2}, tf::float32, tf::constant(1.0f)}}}),
            op + "Default value for context feature w has an incorrect shape: saw [] but expected [2]");
  EXPECT_EQ(parse(one, {}, {{"tok", FixedLenSequenceFeature{{tf::None}, tf::int64}}}),
            op + "feature list 'tok': Shape [?] is not fully defined");
  EXPECT_EQ(parse(one, {}), op + "no context_features and no sequence_features: give at least one");
  EXPECT_EQ(parse(tf::constant(1.0f), {{"id", FixedLenFeature{{}, tf::int64}}}),
            op + "serialized must be a string scalar or vector, got float32[]");
  EXPECT_EQ(error_of([&] { tf::io::parse_single_sequence_example(two, {{"id", FixedLenFeature{{}, tf::int64}}}, {}); }),
            op + "serialized must be a string scalar (one SequenceExample), got shape [2]");
}

TEST(ParseSequenceExample, DamagedRecordsRaiseNeverCrash) {
  const std::string whole = first().SerializeToString();
  for (std::size_t n = 0; n < whole.size(); ++n) {
    std::string damaged = whole;
    damaged[n] = static_cast<char>(damaged[n] ^ 0x5a);
    for (const std::string& record : {whole.substr(0, n), damaged}) {
      try {
        tf::io::parse_single_sequence_example(tf::constant(record), {{"w", FixedLenFeature{{2}, tf::float32}}},
                                              {{"tok", FixedLenSequenceFeature{{2}, tf::int64}},
                                               {"s", VarLenFeature{tf::string}}});
      } catch (const tf::InvalidArgumentError&) {
      }
    }
  }
}

TEST(ParseSequenceExample, InsideATracedFunctionAndATFRecordPipeline) {
  const std::map<std::string, tf::io::FeatureSpec> context{{"id", FixedLenFeature{{}, tf::int64}}};
  const std::map<std::string, tf::io::SequenceFeatureSpec> lists{{"tok", FixedLenSequenceFeature{{2}, tf::int64}},
                                                                 {"s", VarLenFeature{tf::string}}};
  auto parse = tf::function([&](const tf::Tensor& serialized) {
    const tf::io::ParsedSequenceExamples p = tf::io::parse_sequence_example(serialized, context, lists);
    EXPECT_TRUE(p.feature_lists.at("tok").is_symbolic());
    EXPECT_EQ(p.feature_lists.at("tok").shape(), tf::TensorShape({tf::None, tf::None, 2}));
    EXPECT_EQ(p.feature_lists_sparse.at("s").indices.shape(), tf::TensorShape({tf::None, 3}));
    return std::vector<tf::Tensor>{p.context.at("id"), p.feature_lists.at("tok"), p.lengths.at("tok"),
                                   p.feature_lists_sparse.at("s").dense_shape};
  }, {.input_signature = {tf::TensorSpec({tf::None}, tf::string)}});
  const std::vector<tf::Tensor> out =
      parse(tf::constant(std::vector<std::string>{first().SerializeToString(), second().SerializeToString()}));
  EXPECT_EQ(out[0].numpy<std::int64_t>(), (std::vector<std::int64_t>{7, 8}));
  EXPECT_EQ(out[1].numpy<std::int64_t>(), (std::vector<std::int64_t>{1, 2, 3, -4, 300, 6, 9, 10, 0, 0, 0, 0}));
  EXPECT_EQ(out[2].numpy<std::int64_t>(), (std::vector<std::int64_t>{3, 1}));
  EXPECT_EQ(out[3].numpy<std::int64_t>(), (std::vector<std::int64_t>{2, 3, 2}));

  const std::string path = testing::TempDir() + "/sequences.tfrecord";
  {
    tf::io::TFRecordWriter w(path);
    w.write(first().SerializeToString());
    w.write(second().SerializeToString());
  }
  std::vector<std::int64_t> lengths;
  for (const auto& element : tf::data::TFRecordDataset(path).map([&](const tf::Tensor& record) {
         return tf::io::parse_single_sequence_example(record, context, lists).lengths.at("tok");
       }))
    lengths.push_back(element[0].item<std::int64_t>());
  EXPECT_EQ(lengths, (std::vector<std::int64_t>{3, 1}));
  std::remove(path.c_str());
}

}  // namespace
