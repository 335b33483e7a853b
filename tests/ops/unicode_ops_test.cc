// UnicodeDecodeWithOffsets, UnicodeEncode and UnicodeTranscode: UTF-8 (with ICU's one error per
// maximal ill-formed subpart), UTF-16-BE and UTF-32-BE, and the three error modes.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/unicode_ops.h>

#include "ops/nn/nn_test_util.h"

namespace {

using tf::testing::error_of;
using tf::testing::inferred_shape;
using tf::testing::symbolic;
using Strings = std::vector<std::string>;
using Ints = std::vector<std::int32_t>;
using Longs = std::vector<std::int64_t>;

TEST(UnicodeDecode, CodePointsRowSplitsAndByteOffsets) {
  auto d = tf::strings::unicode_decode_with_offsets(tf::constant({"h\xC3\xA9llo", "", "\xE2\x82\xACx"}), "UTF-8");
  EXPECT_EQ(d.row_splits.numpy<std::int64_t>(), (Longs{0, 5, 5, 7}));
  EXPECT_EQ(d.char_values.numpy<std::int32_t>(), (Ints{104, 233, 108, 108, 111, 8364, 120}));
  EXPECT_EQ(d.char_to_byte_starts.numpy<std::int64_t>(), (Longs{0, 1, 3, 4, 5, 0, 3}));
  // A scalar is one row.
  EXPECT_EQ(tf::strings::unicode_decode_with_offsets(tf::constant("ab"), "UTF-8").row_splits.numpy<std::int64_t>(),
            (Longs{0, 2}));
}

TEST(UnicodeDecode, OneReplacementPerMaximalSubpart) {
  // Values TensorFlow 2.21 gives: a surrogate's bytes, a truncated sequence, a lead past U+10FFFF,
  // overlong forms, and a valid 4-byte character.
  tf::Tensor broken = tf::constant({"a\xFF" "b", "\xE2\x82", "\xED\xA0\x80x", "\xF0\x9F\x98", "\xF4\x90\x80\x80",
                                    "\xC0\xAF", "\xE0\x80\xAF", "\xF0\x9F\x98\x80!"});
  auto d = tf::strings::unicode_decode_with_offsets(broken, "UTF-8");
  constexpr std::int32_t R = 0xFFFD;
  EXPECT_EQ(d.char_values.numpy<std::int32_t>(), (Ints{97, R, 98, R, R, R, R, 120, R, R, R, R, R, R, R, R, R, R, 0x1F600, 33}));
  EXPECT_EQ(d.row_splits.numpy<std::int64_t>(), (Longs{0, 3, 4, 8, 9, 13, 15, 18, 20}));
  auto ignored = tf::strings::unicode_decode_with_offsets(tf::constant("a\xFF" "b\xE2\x82"), "UTF-8", {.errors = "ignore"});
  EXPECT_EQ(ignored.char_values.numpy<std::int32_t>(), (Ints{97, 98}));
  EXPECT_EQ(ignored.char_to_byte_starts.numpy<std::int64_t>(), (Longs{0, 2}));
  auto question = tf::strings::unicode_decode_with_offsets(tf::constant("a\xFF"), "UTF-8", {.replacement_char = 63});
  EXPECT_EQ(question.char_values.numpy<std::int32_t>(), (Ints{97, 63}));
  EXPECT_EQ(error_of([&] { tf::strings::unicode_decode_with_offsets(broken, "UTF-8", {.errors = "strict"}); }),
            "[UnicodeDecodeWithOffsets] Invalid formatting on input string");
}

TEST(UnicodeDecode, ControlCharactersAndOtherEncodings) {
  auto controls = tf::strings::unicode_decode_with_offsets(tf::constant("a\x01\x1F\x7F\xC2\x85"), "UTF-8",
                                                           {.replace_control_characters = true});
  EXPECT_EQ(controls.char_values.numpy<std::int32_t>(), (Ints{97, 0xFFFD, 0xFFFD, 127, 133}));  // only 0..0x1F
  // UTF-16-BE: a lone high surrogate and an odd last byte are errors.
  auto utf16 = tf::strings::unicode_decode_with_offsets(tf::constant(std::string("\x00\x61\xD8\x00\x00\x62\x00", 7)),
                                                        "UTF-16-BE");
  EXPECT_EQ(utf16.char_values.numpy<std::int32_t>(), (Ints{97, 0xFFFD, 98, 0xFFFD}));
  auto pair = tf::strings::unicode_decode_with_offsets(tf::constant(std::string("\xD8\x3D\xDE\x00", 4)), "UTF-16-BE");
  EXPECT_EQ(pair.char_values.numpy<std::int32_t>(), (Ints{0x1F600}));
  auto utf32 = tf::strings::unicode_decode_with_offsets(
      tf::constant(std::string("\x00\x00\x00\x61\x00\x11\x00\x00\x00\x00", 10)), "UTF-32-BE");
  EXPECT_EQ(utf32.char_values.numpy<std::int32_t>(), (Ints{97, 0xFFFD, 0xFFFD}));
  EXPECT_EQ(utf32.char_to_byte_starts.numpy<std::int64_t>(), (Longs{0, 4, 8}));
}

TEST(UnicodeDecode, BadArguments) {
  EXPECT_EQ(error_of([] { tf::strings::unicode_decode_with_offsets(tf::constant("a"), "UTF-8", {.errors = "x"}); }),
            "[UnicodeDecodeWithOffsets] Value for attr 'errors' of \"x\" is not in the list of allowed values: "
            "\"strict\", \"replace\", \"ignore\"");
  EXPECT_EQ(error_of([] { tf::strings::unicode_decode_with_offsets(tf::constant("a"), "latin1"); }),
            "[UnicodeDecodeWithOffsets] Value for attr 'input_encoding' of \"latin1\" is not in the list of allowed "
            "values: \"UTF-8\", \"UTF-16-BE\", \"UTF-32-BE\"");
  EXPECT_EQ(error_of([] { tf::strings::unicode_decode_with_offsets(tf::constant(1), "UTF-8"); }),
            "[UnicodeDecodeWithOffsets] input has dtype int32; expected string");
  EXPECT_EQ(error_of([] {
              tf::strings::unicode_decode_with_offsets(tf::constant("a"), "UTF-8", {.replacement_char = 0xD800});
            }),
            "[UnicodeDecodeWithOffsets] replacement_char 55296 is not a valid Unicode code point");
}

TEST(UnicodeEncode, RowsOfCodePoints) {
  tf::Tensor values = tf::constant(Ints{104, 233, 8364, 65});
  EXPECT_EQ(tf::strings::unicode_encode(values, tf::constant(Longs{0, 2, 2, 4}), "UTF-8").numpy<std::string>(),
            (Strings{"h\xC3\xA9", "", "\xE2\x82\xAC" "A"}));
  EXPECT_EQ(tf::strings::unicode_encode(tf::constant(Ints{97, 0x10000}), tf::constant(Longs{0, 2}), "UTF-16-BE")
                .numpy<std::string>(),
            (Strings{std::string("\x00\x61\xD8\x00\xDC\x00", 6)}));
  EXPECT_EQ(tf::strings::unicode_encode(tf::constant(Ints{97}), tf::constant(Longs{0, 1}), "UTF-32-BE").numpy<std::string>(),
            (Strings{std::string("\x00\x00\x00\x61", 4)}));
  tf::Tensor invalid = tf::constant(Ints{104, -5, 0x110000, 0xD800});
  tf::Tensor one_row = tf::constant(Longs{0, 4});
  EXPECT_EQ(tf::strings::unicode_encode(invalid, one_row, "UTF-8").item<std::string>(),
            "h\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_EQ(tf::strings::unicode_encode(invalid, one_row, "UTF-8", {.errors = "ignore"}).item<std::string>(), "h");
  EXPECT_EQ(tf::strings::unicode_encode(invalid, one_row, "UTF-8", {.replacement_char = 63}).item<std::string>(), "h???");
  EXPECT_EQ(error_of([&] { tf::strings::unicode_encode(invalid, one_row, "UTF-8", {.errors = "strict"}); }),
            "[UnicodeEncode] Code point is out of range for Unicode, or is a surrogate.");
  EXPECT_EQ(error_of([&] { tf::strings::unicode_encode(invalid, tf::constant(Longs{0, 3}), "UTF-8"); }),
            "[UnicodeEncode] input_splits must start at 0 and end at the number of input_values (4)");
  EXPECT_EQ(error_of([&] { tf::strings::unicode_encode(invalid, one_row, "UTF-16"); }),
            "[UnicodeEncode] Value for attr 'output_encoding' of \"UTF-16\" is not in the list of allowed values: "
            "\"UTF-8\", \"UTF-16-BE\", \"UTF-32-BE\"");
}

TEST(UnicodeTranscode, ReencodesWithErrorHandling) {
  tf::Tensor text = tf::constant({"a\xFF" "b", "h\xC3\xA9"});
  EXPECT_EQ(tf::strings::unicode_transcode(text, "UTF-8", "UTF-8").numpy<std::string>(),
            (Strings{"a\xEF\xBF\xBD" "b", "h\xC3\xA9"}));
  EXPECT_EQ(tf::strings::unicode_transcode(text, "UTF-8", "UTF-8", {.errors = "ignore"}).numpy<std::string>(),
            (Strings{"ab", "h\xC3\xA9"}));
  EXPECT_EQ(tf::strings::unicode_transcode(tf::constant("a\x01"), "UTF-8", "UTF-16-BE", {.replace_control_characters = true})
                .item<std::string>(),
            std::string("\x00\x61\xFF\xFD", 4));
  // Back from UTF-32-BE to UTF-8.
  EXPECT_EQ(tf::strings::unicode_transcode(tf::constant(std::string("\x00\x00\x20\xAC", 4)), "UTF-32-BE", "UTF-8")
                .item<std::string>(),
            "\xE2\x82\xAC");
  EXPECT_EQ(error_of([&] { tf::strings::unicode_transcode(text, "UTF-8", "UTF-8", {.errors = "strict"}); }),
            "[UnicodeTranscode] Invalid formatting on input string");
}

TEST(UnicodeOps, ShapesAndFunctions) {
  EXPECT_EQ(inferred_shape("UnicodeDecodeWithOffsets", {symbolic(tf::string, {2, 3})},
                           {std::string("UTF-8"), std::string("replace"), std::int64_t{0xFFFD}, false}),
            tf::TensorShape({7}));
  EXPECT_EQ(inferred_shape("UnicodeEncode", {symbolic(tf::int32, {tf::None}), symbolic(tf::int64, {5})},
                           {std::string("UTF-8"), std::string("replace"), std::int64_t{0xFFFD}}),
            tf::TensorShape({4}));
  EXPECT_EQ(inferred_shape("UnicodeTranscode", {symbolic(tf::string, {tf::None})},
                           {std::string("UTF-8"), std::string("UTF-16-BE"), std::string("replace"), std::int64_t{0xFFFD},
                            false}),
            tf::TensorShape({tf::None}));
  auto round_trip = tf::function([](tf::Tensor s) {
    auto d = tf::strings::unicode_decode_with_offsets(s, "UTF-8");
    return tf::strings::unicode_encode(d.char_values, d.row_splits, "UTF-16-BE");
  });
  EXPECT_EQ(round_trip(tf::constant({"a\xC3\xB1", "\xE2\x82\xAC"})).numpy<std::string>(),
            (Strings{std::string("\x00\x61\x00\xF1", 4), std::string("\x20\xAC", 2)}));
}

}  // namespace
