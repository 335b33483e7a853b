// String ops mapping each element to text: StringLower, StringUpper, StringStrip, Substr, AsString.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include <cmath>

#include "ops/nn/nn_test_util.h"

namespace {

using tf::testing::error_of;
using tf::testing::inferred_shape;
using tf::testing::symbolic;
using Strings = std::vector<std::string>;

TEST(StringLowerUpper, AsciiOnlyWithoutEncoding) {
  tf::Tensor s = tf::constant({"HeLLo \xC3\x89T\xC3\x89", "  ab\t", ""});
  EXPECT_EQ(tf::strings::lower(s).numpy<std::string>(), (Strings{"hello \xC3\x89t\xC3\x89", "  ab\t", ""}));
  EXPECT_EQ(tf::strings::upper(s).numpy<std::string>(), (Strings{"HELLO \xC3\x89T\xC3\x89", "  AB\t", ""}));
}

TEST(StringLowerUpper, Utf8MapsAllOfUnicode) {
  tf::Tensor s = tf::constant({"\xC3\x80" "B \xC3\x89t\xC3\xA9", "Stra\xC3\x9F" "e"});  // "ÀB Été", "Straße"
  EXPECT_EQ(tf::strings::lower(s, "utf-8").numpy<std::string>(), (Strings{"\xC3\xA0" "b \xC3\xA9t\xC3\xA9", "stra\xC3\x9F" "e"}));
  // Full case mapping, as ICU in TensorFlow: "ß" uppercases to "SS".
  EXPECT_EQ(tf::strings::upper(s, "utf-8").numpy<std::string>(), (Strings{"\xC3\x80" "B \xC3\x89T\xC3\x89", "STRASSE"}));
  // A final capital sigma lowercases to the final form (ς).
  EXPECT_EQ(tf::strings::lower(tf::constant("\xCE\xA3\xCE\x91\xCE\xA3"), "utf-8").item<std::string>(),
            "\xCF\x83\xCE\xB1\xCF\x82");
  // Invalid UTF-8 becomes U+FFFD.
  EXPECT_EQ(tf::strings::lower(tf::constant("A\xFF"), "utf-8").item<std::string>(), "a\xEF\xBF\xBD");
}

TEST(StringLowerUpper, Errors) {
  EXPECT_EQ(error_of([] { tf::strings::lower(tf::constant("a"), "latin1"); }),
            "[StringLower] only utf-8 or '' (no encoding) is supported, received latin1");
  EXPECT_EQ(error_of([] { tf::strings::upper(tf::constant(1)); }), "[StringUpper] input has dtype int32; expected string");
}

TEST(StringStrip, AsciiWhitespaceOnly) {
  tf::Tensor s = tf::constant({"  ab c\t\n", "\v\f x \r", "", "   ", "\xC2\xA0x\xC2\xA0"});
  EXPECT_EQ(tf::strings::strip(s).numpy<std::string>(), (Strings{"ab c", "x", "", "", "\xC2\xA0x\xC2\xA0"}));
  EXPECT_EQ(error_of([] { tf::strings::strip(tf::constant(1.0f)); }), "[StringStrip] input has dtype float32; expected string");
}

TEST(Substr, BytesWithScalarAndElementwisePositions) {
  tf::Tensor s = tf::constant({"hello", "world"});
  EXPECT_EQ(tf::strings::substr(s, tf::constant(1), tf::constant(3)).numpy<std::string>(), (Strings{"ell", "orl"}));
  EXPECT_EQ(tf::strings::substr(s, tf::constant(-3), tf::constant(2)).numpy<std::string>(), (Strings{"ll", "rl"}));
  EXPECT_EQ(tf::strings::substr(s, tf::constant({1, 2}), tf::constant({2, 10})).numpy<std::string>(), (Strings{"el", "rld"}));
  // pos == length gives ""; a negative len takes the rest.
  EXPECT_EQ(tf::strings::substr(tf::constant("abc"), tf::constant(3), tf::constant(2)).item<std::string>(), "");
  EXPECT_EQ(tf::strings::substr(tf::constant("abc"), tf::constant(std::int64_t{1}), tf::constant(std::int64_t{-1}))
                .item<std::string>(), "bc");
}

TEST(Substr, BroadcastsTheInputWithThePositions) {
  tf::Tensor s = tf::constant(Strings{"hello", "world"}, {1, 2});
  tf::Tensor out = tf::strings::substr(s, tf::constant(std::vector<std::int32_t>{1, 2}, {2, 1}), tf::constant(std::vector<std::int32_t>{2, 3}, {2, 1}));
  EXPECT_EQ(out.shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(out.numpy<std::string>(), (Strings{"el", "or", "llo", "rld"}));
  EXPECT_EQ(inferred_shape("Substr", {symbolic(tf::string, {tf::None, 1}), symbolic(tf::int32, {4}),
                                      symbolic(tf::int32, {4})}, {std::string("BYTE")}),
            tf::TensorShape({tf::None, 4}));
}

TEST(Substr, Utf8Characters) {
  tf::Tensor s = tf::constant("h\xC3\xA9llo");  // "héllo"
  const tf::strings::SubstrOptions utf8{.unit = "UTF8_CHAR"};
  EXPECT_EQ(tf::strings::substr(s, tf::constant(1), tf::constant(2), utf8).item<std::string>(), "\xC3\xA9l");
  EXPECT_EQ(tf::strings::substr(s, tf::constant(-2), tf::constant(5), utf8).item<std::string>(), "lo");
  EXPECT_EQ(tf::strings::substr(s, tf::constant(-5), tf::constant(1), utf8).item<std::string>(), "h");
  EXPECT_EQ(tf::strings::substr(s, tf::constant(5), tf::constant(5), utf8).item<std::string>(), "");
  EXPECT_EQ(tf::strings::substr(s, tf::constant(1), tf::constant(-1), utf8).item<std::string>(), "");
}

TEST(Substr, Errors) {
  tf::Tensor s = tf::constant({"hello", "ab"});
  EXPECT_EQ(error_of([&] { tf::strings::substr(s, tf::constant(3), tf::constant(1)); }),
            "[Substr] pos 3 out of range for string b'ab' at index 1");
  EXPECT_EQ(error_of([&] { tf::strings::substr(s, tf::constant(-6), tf::constant(1)); }),
            "[Substr] pos -6 out of range for string b'hello' at index 0");
  EXPECT_EQ(error_of([] { tf::strings::substr(tf::constant("h\xC3\xA9"), tf::constant(3), tf::constant(1), {.unit = "UTF8_CHAR"}); }),
            "[Substr] pos 3 out of range for string at index 0");
  EXPECT_EQ(error_of([&] { tf::strings::substr(s, tf::constant({1, 2, 3}), tf::constant(1)); }),
            "[Substr] pos and len should have the same shape, got: [3] vs. []");
  EXPECT_EQ(error_of([&] { tf::strings::substr(s, tf::constant({1, 2, 3}), tf::constant({1, 1, 1})); }),
            "[Substr] shapes [2] and [3] cannot be broadcast together");
  EXPECT_EQ(error_of([&] { tf::strings::substr(s, tf::constant(std::int64_t{1}), tf::constant(1)); }),
            "[Substr] len has dtype int32; expected int64 as pos");
  EXPECT_EQ(error_of([&] { tf::strings::substr(s, tf::constant(1.0f), tf::constant(1.0f)); }),
            "[Substr] pos has dtype float32; expected int32 or int64");
  EXPECT_EQ(error_of([&] { tf::strings::substr(s, tf::constant(1), tf::constant(1), {.unit = "X"}); }),
            "[Substr] unit must be \"BYTE\" or \"UTF8_CHAR\", got \"X\"");
}

TEST(Substr, LargeInputReportsTheFirstBadPosition) {
  std::vector<std::string> many(100000, "abcdef");
  many[70000] = "ab";
  many[90000] = "a";
  EXPECT_EQ(error_of([&] { tf::strings::substr(tf::constant(many), tf::constant(3), tf::constant(1)); }),
            "[Substr] pos 3 out of range for string b'ab' at index 70000");
}

TEST(AsString, FloatsAsPrintf) {
  tf::Tensor x = tf::constant({1.5f, -2.25f, 1e10f, 0.1f});
  EXPECT_EQ(tf::strings::as_string(x).numpy<std::string>(), (Strings{"1.500000", "-2.250000", "10000000000.000000", "0.100000"}));
  EXPECT_EQ(tf::strings::as_string(x, {.precision = 2}).numpy<std::string>(), (Strings{"1.50", "-2.25", "10000000000.00", "0.10"}));
  EXPECT_EQ(tf::strings::as_string(x, {.scientific = true}).numpy<std::string>(),
            (Strings{"1.500000e+00", "-2.250000e+00", "1.000000e+10", "1.000000e-01"}));
  EXPECT_EQ(tf::strings::as_string(x, {.shortest = true}).numpy<std::string>(), (Strings{"1.5", "-2.25", "1e+10", "0.1"}));
  EXPECT_EQ(tf::strings::as_string(tf::constant({1.5, 2.0}), {.precision = 3, .width = 10}).numpy<std::string>(),
            (Strings{"     1.500", "     2.000"}));
  EXPECT_EQ(tf::strings::as_string(tf::constant(2.5f), {.precision = 0, .width = 6, .fill = "#"}).item<std::string>(), "    2.");
  EXPECT_EQ(tf::strings::as_string(tf::constant(1.5f), {.width = 10, .fill = "-"}).item<std::string>(), "1.500000  ");
  EXPECT_EQ(tf::strings::as_string(tf::constant({NAN, INFINITY, -INFINITY})).numpy<std::string>(), (Strings{"nan", "inf", "-inf"}));
  // Results longer than the kernel's stack buffer.
  EXPECT_EQ(tf::strings::as_string(tf::constant(1.5f), {.width = 100}).item<std::string>(), std::string(92, ' ') + "1.500000");
  EXPECT_EQ(tf::strings::as_string(tf::constant(1e300), {.precision = 2}).item<std::string>().size(), 304u);
}

TEST(AsString, IntegersBoolsAndStrings) {
  EXPECT_EQ(tf::strings::as_string(tf::constant({1, -22}), {.width = 5}).numpy<std::string>(), (Strings{"    1", "  -22"}));
  EXPECT_EQ(tf::strings::as_string(tf::constant({1, -22}), {.width = 5, .fill = "0"}).numpy<std::string>(), (Strings{"00001", "-0022"}));
  EXPECT_EQ(tf::strings::as_string(tf::constant(std::int64_t{9000000000}), {.fill = "+"}).item<std::string>(), "+9000000000");
  EXPECT_EQ(tf::strings::as_string(tf::constant(std::vector<std::uint8_t>{200, 0})).numpy<std::string>(), (Strings{"200", "0"}));
  // Bools are "true"/"false", whatever the width.
  EXPECT_EQ(tf::strings::as_string(tf::constant({true, false}), {.width = 7}).numpy<std::string>(), (Strings{"true", "false"}));
  EXPECT_EQ(tf::strings::as_string(tf::constant({"ab"}), {.width = 5}).numpy<std::string>(), (Strings{"   ab"}));
  EXPECT_EQ(tf::strings::as_string(tf::constant({"ab"}), {.width = 5, .fill = "-"}).numpy<std::string>(), (Strings{"ab   "}));
}

TEST(AsString, Errors) {
  EXPECT_EQ(error_of([] { tf::strings::as_string(tf::constant(1.0f), {.scientific = true, .shortest = true}); }),
            "[AsString] Cannot select both scientific and shortest notation");
  EXPECT_EQ(error_of([] { tf::strings::as_string(tf::constant(1.0f), {.fill = "ab"}); }),
            "[AsString] Fill string must be one or fewer characters");
  EXPECT_EQ(error_of([] { tf::strings::as_string(tf::constant(1.0f), {.fill = "x"}); }),
            "[AsString] Fill argument not supported: \"x\"");
  EXPECT_EQ(error_of([] { tf::strings::as_string(tf::constant(1), {.precision = 2}); }),
            "[AsString] precision not supported for datatype int32");
  EXPECT_EQ(error_of([] { tf::strings::as_string(tf::constant(true), {.shortest = true}); }),
            "[AsString] scientific and shortest format not supported for datatype bool");
}

TEST(StringOps, RunInsideAFunction) {
  auto f = tf::function([](tf::Tensor s, tf::Tensor x) {
    return tf::strings::join({tf::strings::upper(tf::strings::strip(s)), tf::strings::as_string(x, {.precision = 1})}, ":");
  });
  EXPECT_EQ(f(tf::constant({" a ", "b\t"}), tf::constant({1.25f, 2.0f})).numpy<std::string>(), (Strings{"A:1.2", "B:2.0"}));
  auto g = tf::function([](tf::Tensor s) { return tf::strings::substr(s, tf::constant(1), tf::constant(2)); });
  EXPECT_EQ(g(tf::constant({"abcd", "xyz"})).numpy<std::string>(), (Strings{"bc", "yz"}));
  EXPECT_THROW(g(tf::constant({"abcd", ""})), tf::InvalidArgumentError);
}

}  // namespace
