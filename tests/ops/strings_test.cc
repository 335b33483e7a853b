// String ops: Length, StringJoin, ReduceJoin, UnsortedSegmentJoin, StringSplitV2, StringToNumber,
// DecodeRaw.
#include <gtest/gtest.h>

#include <tfpp/string_segment_join.h>
#include <tfpp/tfpp.h>

#include <cmath>
#include <cstring>

#include "ops/nn/nn_test_util.h"

namespace {

using tf::testing::error_of;
using tf::testing::inferred_shape;
using tf::testing::symbolic;
using Strings = std::vector<std::string>;

TEST(StringLength, BytesAndUtf8Characters) {
  tf::Tensor s = tf::constant({"", "abc", "h\xC3\xA9llo", "\xE2\x82\xAC"});
  EXPECT_EQ(tf::strings::length(s).numpy<std::int32_t>(), (std::vector<std::int32_t>{0, 3, 6, 3}));
  EXPECT_EQ(tf::strings::length(s, {.unit = "UTF8_CHAR"}).numpy<std::int32_t>(), (std::vector<std::int32_t>{0, 3, 5, 1}));
  EXPECT_EQ(tf::strings::length(tf::constant("xy")).item<std::int32_t>(), 2);
  EXPECT_EQ(error_of([] { tf::strings::length(tf::constant("a"), {.unit = "CHAR"}); }),
            "[StringLength] unit must be \"BYTE\" or \"UTF8_CHAR\", got \"CHAR\"");
  EXPECT_EQ(error_of([] { tf::strings::length(tf::constant(1.0f)); }), "[StringLength] input 0 has dtype float32; expected string");
}

TEST(StringLength, LargeInputTakesTheParallelPath) {
  std::vector<std::string> many(100000);
  for (std::size_t i = 0; i < many.size(); ++i) many[i] = std::string(i % 7, 'a');
  auto lengths = tf::strings::length(tf::constant(many)).numpy<std::int32_t>();
  for (std::size_t i = 0; i < many.size(); ++i) ASSERT_EQ(lengths[i], static_cast<std::int32_t>(i % 7));
}

TEST(StringJoin, ElementwiseRepeatingScalars) {
  tf::Tensor a = tf::constant({"a", "b"}), b = tf::constant("-"), c = tf::constant({"x", "y"});
  EXPECT_EQ(tf::strings::join({a, b, c}).numpy<std::string>(), (Strings{"a-x", "b-y"}));
  EXPECT_EQ(tf::strings::join({a, a}, ", ").numpy<std::string>(), (Strings{"a, a", "b, b"}));
  EXPECT_EQ(tf::strings::join({tf::constant("solo")}, "+").item<std::string>(), "solo");
  EXPECT_EQ(tf::strings::join({b, tf::constant("x")}).item<std::string>(), "-x");
  EXPECT_EQ(tf::strings::join({tf::constant(Strings{}, {0}), b}).shape(), tf::TensorShape({0}));
  EXPECT_EQ(tf::strings::join({}).item<std::string>(), "");  // as TensorFlow: an empty scalar
  EXPECT_EQ(error_of([&] { tf::strings::join({a, tf::constant(1)}); }), "[StringJoin] input 1 has dtype int32; expected string");
}

// Regression: StringJoin broadcast [2] with [2,2] where TensorFlow accepts only equal shapes and scalars.
TEST(StringJoin, ShapesMustMatchUnlessScalar) {
  tf::Tensor a = tf::constant({"a", "b"});
  EXPECT_EQ(error_of([&] { tf::strings::join({a, tf::constant({"p", "q", "r"})}); }),
            "[StringJoin] Input shapes do not match: [2] vs. [3]");
  EXPECT_EQ(error_of([&] { tf::strings::join({a, tf::constant(Strings{"x", "y", "z", "w"}, {2, 2})}); }),
            "[StringJoin] Input shapes do not match: [2] vs. [2,2]");
  EXPECT_EQ(error_of([&] { tf::strings::join({tf::constant(Strings{"x", "y"}, {1, 2}), a}); }),
            "[StringJoin] Input shapes do not match: [1,2] vs. [2]");
  // Unknown dims are filled in from the other inputs; scalars leave the shape alone.
  EXPECT_EQ(inferred_shape("StringJoin", {symbolic(tf::string, {tf::None, 3}), symbolic(tf::string, {}),
                                          symbolic(tf::string, {2, tf::None})}, {std::string()}),
            tf::TensorShape({2, 3}));
  EXPECT_EQ(inferred_shape("StringJoin", {symbolic(tf::string, {}), symbolic(tf::string, {})}, {std::string()}),
            tf::TensorShape({}));
  EXPECT_THROW(inferred_shape("StringJoin", {symbolic(tf::string, {2}), symbolic(tf::string, {3})}, {std::string()}),
               tf::InvalidArgumentError);
}

TEST(ReduceJoin, AlongAnAxisOrAll) {
  tf::Tensor m = tf::constant(Strings{"a", "b", "c", "d", "e", "f"}, {2, 3});
  EXPECT_EQ(tf::strings::reduce_join(m).item<std::string>(), "abcdef");
  EXPECT_EQ(tf::strings::reduce_join(m, {.axis = 0, .separator = "."}).numpy<std::string>(), (Strings{"a.d", "b.e", "c.f"}));
  tf::Tensor rows = tf::strings::reduce_join(m, {.axis = -1, .keepdims = true, .separator = " "});
  EXPECT_EQ(rows.shape(), tf::TensorShape({2, 1}));
  EXPECT_EQ(rows.numpy<std::string>(), (Strings{"a b c", "d e f"}));
  EXPECT_EQ(tf::strings::reduce_join(tf::constant(Strings{}, {0})).item<std::string>(), "");
  EXPECT_THROW(tf::strings::reduce_join(m, {.axis = 2}), tf::OutOfRangeError);  // as TensorFlow
}

// Values from TensorFlow 2.21's tf.strings.unsorted_segment_join.
TEST(UnsortedSegmentJoin, JoinsEachSegmentInInputOrder) {
  const tf::Tensor joined = tf::strings::unsorted_segment_join(tf::constant(Strings{"a", "b", "c", "d"}), {1, 0, 1, 3}, 5, ":");
  EXPECT_EQ(joined.numpy<std::string>(), (Strings{"b", "a:c", "", "d", ""}));
  const tf::Tensor rows = tf::strings::unsorted_segment_join(tf::constant(Strings{"a", "b", "c", "d", "e", "f"}, {3, 2}),
                                                             tf::constant(std::vector<std::int64_t>{0, 1, 0}), 2);
  EXPECT_EQ(rows.shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(rows.numpy<std::string>(), (Strings{"ae", "bf", "c", "d"}));
  const tf::Tensor grid = tf::strings::unsorted_segment_join(tf::constant(Strings{"w", "x", "y", "z"}, {2, 2}),
                                                             tf::constant({{1, 0}, {1, 1}}), 2, "-");
  EXPECT_EQ(grid.numpy<std::string>(), (Strings{"x", "w-y-z"}));
  auto traced = tf::function([](tf::Tensor s, tf::Tensor ids) { return tf::strings::unsorted_segment_join(s, ids, 3); },
                             {.input_signature = {tf::TensorSpec({tf::None, 2}, tf::string), tf::TensorSpec({tf::None}, tf::int32)}});
  const tf::Tensor from_trace = traced(tf::constant(Strings{"p", "q", "r", "s"}, {2, 2}), tf::constant({2, 2}));
  EXPECT_EQ(from_trace.shape(), tf::TensorShape({3, 2}));
  EXPECT_EQ(from_trace.numpy<std::string>(), (Strings{"", "", "", "", "pr", "qs"}));
}

TEST(UnsortedSegmentJoin, RejectsBadIdsAndShapes) {
  const tf::Tensor s = tf::constant(Strings{"a", "b"});
  EXPECT_THROW(tf::strings::unsorted_segment_join(s, {0, 2}, 2), tf::InvalidArgumentError);
  EXPECT_THROW(tf::strings::unsorted_segment_join(s, {0, -1}, 2), tf::InvalidArgumentError);
  EXPECT_THROW(tf::strings::unsorted_segment_join(s, {0}, 2), tf::InvalidArgumentError);
  EXPECT_THROW(tf::strings::unsorted_segment_join(s, {0, 1}, -1), tf::InvalidArgumentError);
  EXPECT_THROW(tf::strings::unsorted_segment_join(tf::constant({1, 2}), {0, 1}, 2), tf::InvalidArgumentError);
}

TEST(StringSplit, ScalarGivesAVectorOfPieces) {
  tf::Tensor words = tf::strings::split(tf::constant("  hello  big world "));
  EXPECT_EQ(words.shape(), tf::TensorShape({3}));
  EXPECT_EQ(words.numpy<std::string>(), (Strings{"hello", "big", "world"}));
  tf::Tensor fields = tf::strings::split(tf::constant("a,,b,"), {.sep = ","});
  EXPECT_EQ(fields.numpy<std::string>(), (Strings{"a", "", "b", ""}));
  tf::Tensor two = tf::strings::split(tf::constant("a,b,c"), {.sep = ",", .maxsplit = 1});
  EXPECT_EQ(two.numpy<std::string>(), (Strings{"a", "b,c"}));
  tf::Tensor rest = tf::strings::split(tf::constant(" a b  c "), {.maxsplit = 1});
  EXPECT_EQ(rest.numpy<std::string>(), (Strings{"a", "b  c "}));
  EXPECT_EQ(tf::Tensor(tf::strings::split(tf::constant("   "))).shape(), tf::TensorShape({0}));
  EXPECT_EQ(tf::Tensor(tf::strings::split(tf::constant("ab<>cd"), {.sep = "<>"})).numpy<std::string>(), (Strings{"ab", "cd"}));
}

TEST(StringSplit, VectorGivesOneTensorPerElement) {
  std::vector<tf::Tensor> rows = tf::strings::split(tf::constant({"a b", "", "c d e"}));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].numpy<std::string>(), (Strings{"a", "b"}));
  EXPECT_EQ(rows[1].shape(), tf::TensorShape({0}));
  EXPECT_EQ(rows[2].numpy<std::string>(), (Strings{"c", "d", "e"}));
  EXPECT_EQ(error_of([] { tf::Tensor t = tf::strings::split(tf::constant({"a", "b"})); }),
            "[StringSplitV2] the input was a vector of 2 strings: take the result as a std::vector<tf::Tensor>, one row per string");
  EXPECT_EQ(error_of([] { tf::strings::split(tf::constant(Strings{"a"}, {1, 1})); }),
            "[StringSplitV2] input must be a vector, got shape [1,1]");
  EXPECT_EQ(error_of([] { tf::strings::split(tf::constant({1, 2})); }),
            "[StringSplitV2] input and sep must be strings, got int32 and string");
}

TEST(StringToNumber, ParsesEachDtype) {
  tf::Tensor s = tf::constant({"1.5", " -2 ", "+3e2", "inf"});
  tf::Tensor f = tf::strings::to_number(s);
  EXPECT_EQ(f.dtype(), tf::float32);
  EXPECT_EQ(f.numpy<float>(), (std::vector<float>{1.5f, -2.0f, 300.0f, INFINITY}));
  EXPECT_EQ(tf::strings::to_number(tf::constant("0.1"), tf::float64).item<double>(), 0.1);
  EXPECT_EQ(tf::strings::to_number(tf::constant({"42", "-7"}), tf::int32).numpy<std::int32_t>(), (std::vector<std::int32_t>{42, -7}));
  EXPECT_EQ(tf::strings::to_number(tf::constant("9000000000"), tf::int64).item<std::int64_t>(), 9000000000);
}

TEST(StringToNumber, FloatsParseAsStrtodDoes) {  // as TensorFlow: hex, infinity, overflow to inf
  EXPECT_EQ(tf::strings::to_number(tf::constant({"0x10", "infinity", "1e400", "-1e400", "1e-50"})).numpy<float>(),
            (std::vector<float>{16, INFINITY, INFINITY, -INFINITY, 0}));
  EXPECT_EQ(tf::strings::to_number(tf::constant(" 7 "), tf::float64).item<double>(), 7.0);
  EXPECT_THROW(tf::strings::to_number(tf::constant("1.5e+")), tf::InvalidArgumentError);
}

TEST(StringToNumber, InvalidStringsRaiseNamingTheString) {
  EXPECT_EQ(error_of([] { tf::strings::to_number(tf::constant({"1", "abc"})); }),
            "[StringToNumber] could not convert string \"abc\" to float32");
  EXPECT_EQ(error_of([] { tf::strings::to_number(tf::constant("1.5"), tf::int32); }),
            "[StringToNumber] could not convert string \"1.5\" to int32");
  EXPECT_EQ(error_of([] { tf::strings::to_number(tf::constant("9000000000"), tf::int32); }),
            "[StringToNumber] could not convert string \"9000000000\" to int32");
  EXPECT_EQ(error_of([] { tf::strings::to_number(tf::constant(""), tf::int64); }),
            "[StringToNumber] could not convert string \"\" to int64");
  EXPECT_EQ(error_of([] { tf::strings::to_number(tf::constant("++1")); }), "[StringToNumber] could not convert string \"++1\" to float32");
  EXPECT_EQ(error_of([] { tf::strings::to_number(tf::constant("1"), tf::string); }),
            "[StringToNumber] out_type must be float32, float64, int32 or int64, got string");
  EXPECT_EQ(error_of([] { tf::strings::to_number(tf::constant(1)); }), "[StringToNumber] input has dtype int32; expected string");
}

std::string bytes_of(const void* p, std::size_t n) { return std::string(static_cast<const char*>(p), n); }

TEST(DecodeRaw, ReinterpretsBytesWithAnExtraDimension) {
  const std::int32_t a[2] = {1, -2}, b[2] = {300, 4};
  tf::Tensor t = tf::io::decode_raw(tf::constant({bytes_of(a, 8), bytes_of(b, 8)}), tf::int32);
  EXPECT_EQ(t.shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(t.numpy<std::int32_t>(), (std::vector<std::int32_t>{1, -2, 300, 4}));
  const float f[3] = {1.5f, -0.25f, 8.0f};
  tf::Tensor s = tf::io::decode_raw(tf::constant(bytes_of(f, 12)), tf::float32);
  EXPECT_EQ(s.shape(), tf::TensorShape({3}));
  EXPECT_EQ(s.numpy<float>(), (std::vector<float>{1.5f, -0.25f, 8.0f}));
  // Big-endian: 0x00000102 = 258.
  tf::Tensor big = tf::io::decode_raw(tf::constant(std::string("\x00\x00\x01\x02", 4)), tf::int32, {.little_endian = false});
  EXPECT_EQ(big.item<std::int32_t>(), 258);
  EXPECT_EQ(tf::io::decode_raw(tf::constant(Strings{}, {0}), tf::float64).shape(), tf::TensorShape({0, 0}));
}

TEST(DecodeRaw, Errors) {
  EXPECT_EQ(error_of([] { tf::io::decode_raw(tf::constant({"abcd", "ab"}), tf::int32); }),
            "[DecodeRaw] all strings must have the same length, but element 0 has 4 bytes and element 1 has 2");
  EXPECT_EQ(error_of([] { tf::io::decode_raw(tf::constant("abcde"), tf::int32); }),
            "[DecodeRaw] a string of 5 bytes is not a whole number of int32 values (4 bytes each)");
  EXPECT_EQ(error_of([] { tf::io::decode_raw(tf::constant(1.0f), tf::int32); }), "[DecodeRaw] bytes has dtype float32; expected string");
  EXPECT_EQ(error_of([] { tf::io::decode_raw(tf::constant("abcd"), tf::bool_); }),
            "[DecodeRaw] out_type must be a float, int8, int16, int32, int64, uint8 or uint16, got bool");
  EXPECT_EQ(error_of([] { tf::io::decode_raw(tf::constant("abcd"), tf::uint32); }),
            "[DecodeRaw] out_type must be a float, int8, int16, int32, int64, uint8 or uint16, got uint32");
  EXPECT_EQ(tf::io::decode_raw(tf::constant(std::string("\x01\x80\xff\xff", 4)), tf::int16).numpy<std::int16_t>(),
            (std::vector<std::int16_t>{-32767, -1}));
  EXPECT_EQ(inferred_shape("DecodeRaw", {symbolic(tf::string, {tf::None, 3})}, {tf::float32, true}),
            tf::TensorShape({tf::None, 3, tf::None}));
}

}  // namespace
