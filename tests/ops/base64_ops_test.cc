// EncodeBase64 and DecodeBase64: web-safe alphabet, optional padding, TensorFlow's errors.
#include <gtest/gtest.h>

#include <tfpp/base64_ops.h>
#include <tfpp/tfpp.h>

#include "ops/nn/nn_test_util.h"

namespace {

using tf::testing::error_of;
using tf::testing::inferred_shape;
using tf::testing::symbolic;
using Strings = std::vector<std::string>;

TEST(Base64, EncodesWebSafeWithOptionalPadding) {
  tf::Tensor raw = tf::constant({"", "a", "ab", "abc", "\xff\xfe\xfd\xfc"});
  EXPECT_EQ(tf::io::encode_base64(raw).numpy<std::string>(), (Strings{"", "YQ", "YWI", "YWJj", "__79_A"}));
  EXPECT_EQ(tf::io::encode_base64(raw, {.pad = true}).numpy<std::string>(),
            (Strings{"", "YQ==", "YWI=", "YWJj", "__79_A=="}));
  EXPECT_EQ(tf::io::encode_base64(tf::constant(std::vector<std::string>{"x", "yz"}, {1, 2})).shape(),
            tf::TensorShape({1, 2}));
}

TEST(Base64, DecodesWithOrWithoutPadding) {
  tf::Tensor coded = tf::constant({"", "YWJj", "YWI", "YWI=", "YQ", "YQ==", "__-_", "YR", "YWJjZA"});
  EXPECT_EQ(tf::io::decode_base64(coded).numpy<std::string>(),
            (Strings{"", "abc", "ab", "ab", "a", "a", "\xff\xff\xbf", "a", "abcd"}));
  // Every byte value survives a round trip, at every length modulo 3.
  std::string all;
  for (int b = 0; b < 256; ++b) all += static_cast<char>(b);
  for (std::size_t n : {255u, 256u, 257u}) {
    tf::Tensor bytes = tf::constant(all.substr(0, n) + std::string(n > 256 ? "!" : ""));
    EXPECT_EQ(tf::io::decode_base64(tf::io::encode_base64(bytes)).item<std::string>(), bytes.item<std::string>());
  }
}

TEST(Base64, RejectsWhatIsNotBase64) {
  for (const char* bad : {"YQ=", "a+b/", "YW=I", "YQ==="})
    EXPECT_EQ(error_of([&] { tf::io::decode_base64(tf::constant(bad)); }),
              "[DecodeBase64] Invalid character found in base64.") << bad;
  for (const char* bad : {"Y", "YWJj\n"})
    EXPECT_EQ(error_of([&] { tf::io::decode_base64(tf::constant(bad)); }),
              "[DecodeBase64] Base64 string length cannot be 1 modulo 4.") << bad;
  EXPECT_EQ(error_of([] { tf::io::encode_base64(tf::constant(1)); }), "[EncodeBase64] input has dtype int32; expected string");
}

TEST(Base64, ShapesAndFunctions) {
  EXPECT_EQ(inferred_shape("EncodeBase64", {symbolic(tf::string, {tf::None, 3})}, {false}), tf::TensorShape({tf::None, 3}));
  EXPECT_EQ(inferred_shape("DecodeBase64", {symbolic(tf::string, {2})}, {}), tf::TensorShape({2}));
  auto round_trip = tf::function([](tf::Tensor s) { return tf::io::decode_base64(tf::io::encode_base64(s, {.pad = true})); });
  EXPECT_EQ(round_trip(tf::constant({"graph", "mode"})).numpy<std::string>(), (Strings{"graph", "mode"}));
  auto decode = tf::function([](tf::Tensor s) { return tf::io::decode_base64(s); });
  EXPECT_THROW(decode(tf::constant({"Y"})), tf::InvalidArgumentError);
}

}  // namespace
