// tf::io::decode_compressed and decode_json_example: TensorFlow 2.21's results for the same input in
// the same run, eagerly and traced, and the errors for damaged data and bad JSON.
#include <gtest/gtest.h>
#include <zlib.h>

#include <tfpp/io/decode_ops.h>
#include <tfpp/tfpp.h>

#include "keras/keras_reference.h"

namespace {

// `text` compressed by zlib (gzip framing with `gzip`).
std::string deflated(const std::string& text, bool gzip) {
  z_stream stream{};
  deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, gzip ? MAX_WBITS + 16 : MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&stream, text.size()) + 32, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  stream.avail_in = static_cast<uInt>(text.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  return out;
}

std::string hex(const std::string& bytes) {
  std::string out;
  for (unsigned char c : bytes) out += "0123456789abcdef"[c >> 4], out += "0123456789abcdef"[c & 15];
  return out;
}

TEST(DecodeCompressed, InflatesZlibAndGzip) {
  const std::string text(3000, 'a');
  EXPECT_EQ(tf::io::decode_compressed(tf::constant(deflated(text, false)), "ZLIB").numpy<std::string>()[0], text);
  const tf::Tensor two = tf::io::decode_compressed(
      tf::constant(std::vector<std::string>{deflated("x", true), deflated("", true)}), "GZIP");
  EXPECT_EQ(two.numpy<std::string>(), (std::vector<std::string>{"x", ""}));
  // Concatenated gzip members read as one, as TensorFlow's ZlibInputStream does.
  EXPECT_EQ(tf::io::decode_compressed(tf::constant(deflated("ab", true) + deflated("cd", true)), "GZIP")
                .numpy<std::string>()[0], "abcd");
  // No compression copies; an empty string inflates to nothing.
  EXPECT_EQ(tf::io::decode_compressed(tf::constant(std::string("raw"))).numpy<std::string>()[0], "raw");
  EXPECT_EQ(tf::io::decode_compressed(tf::constant(std::string()), "ZLIB").numpy<std::string>()[0], "");
  // Shape kept, and traced.
  auto traced = tf::function([](const tf::Tensor& x) { return tf::io::decode_compressed(x, "ZLIB"); },
                             {.input_signature = {tf::TensorSpec({tf::None, 1}, tf::string)}});
  const tf::Tensor out = traced(tf::reshape(tf::constant(std::vector<std::string>{deflated("p", false), deflated("q", false)}),
                                            {2, 1}));
  EXPECT_EQ(out.shape(), tf::TensorShape({2, 1}));
  EXPECT_EQ(out.numpy<std::string>(), (std::vector<std::string>{"p", "q"}));
}

TEST(DecodeCompressed, DamagedDataAndBadArguments) {
  EXPECT_THROW(tf::io::decode_compressed(tf::constant(std::string("garbage")), "ZLIB"), tf::DataLossError);
  EXPECT_THROW(tf::io::decode_compressed(tf::constant(deflated("x", false)), "GZIP"), tf::DataLossError);
  EXPECT_THROW(tf::io::decode_compressed(tf::constant(deflated("x", true) + "junk"), "GZIP"), tf::DataLossError);
  EXPECT_THROW(tf::io::decode_compressed(tf::constant(std::string("x")), "LZ4"), tf::InvalidArgumentError);
  EXPECT_THROW(tf::io::decode_compressed(tf::constant(1.0f), "ZLIB"), tf::InvalidArgumentError);
  // Every truncation or flipped byte of a valid stream gives bytes or a DataLossError, never a crash.
  const std::string good = deflated(std::string(500, 'z') + "tail", true);
  for (std::size_t n = 0; n < good.size(); ++n) {
    try {
      tf::io::decode_compressed(tf::constant(good.substr(0, n)), "GZIP");
    } catch (const tf::DataLossError&) {
    }
    std::string flipped = good;
    flipped[n] = static_cast<char>(flipped[n] ^ 0x5a);
    try {
      tf::io::decode_compressed(tf::constant(flipped), "GZIP");
    } catch (const tf::DataLossError&) {
    }
  }
}

TEST(DecodeCompressed, MatchesTensorFlow) {
  const std::string z = deflated("hello hello hello", false), g = deflated("gzipped!", true);
  const std::string report = tf::testing::run_reference(R"(
import tensorflow as tf
for data, kind in ((")" + hex(z) + R"(", "ZLIB"), (")" + hex(g) + R"(", "GZIP"), (")" + hex(z.substr(0, z.size() - 3)) +
                   R"(", "ZLIB"), (")" + hex(z + "xx") + R"(", "ZLIB")):
    print(tf.io.decode_compressed(bytes.fromhex(data), kind).numpy().decode())
)");
  std::string mine;
  for (const auto& [data, kind] : std::vector<std::pair<std::string, std::string>>{
           {z, "ZLIB"}, {g, "GZIP"}, {z.substr(0, z.size() - 3), "ZLIB"}, {z + "xx", "ZLIB"}})
    mine += tf::io::decode_compressed(tf::constant(data), kind).numpy<std::string>()[0] + "\n";
  EXPECT_EQ(report, mine);
}

TEST(DecodeJSONExample, TensorFlowsBytesAndErrors) {
  const std::vector<std::string> json{
      R"({"features": {"feature": {"a": {"int64List": {"value": ["1", 2, "-3"]}}, "b": {"bytesList": {"value": ["aGk="]}},)"
      R"( "c": {"floatList": {"value": [1.5, -0.25]}}, "d": {}}}})",
      "{}", R"({"features": {}})"};
  std::string quoted;
  for (const std::string& j : json) quoted += "r'''" + j + "''', ";
  const std::string report = tf::testing::run_reference(R"(
import tensorflow as tf
for b in tf.io.decode_json_example([)" + quoted + R"(]).numpy().tolist():
    print(b.hex())
)");
  const tf::Tensor out = tf::io::decode_json_example(tf::constant(json));
  std::string mine;
  for (const std::string& b : out.numpy<std::string>()) mine += hex(b) + "\n";
  EXPECT_EQ(report, mine);
  // The bytes parse back as the Example.
  const tf::train::Example ex = tf::train::Example::FromString(out.numpy<std::string>()[0]);
  EXPECT_EQ(std::get<tf::train::Int64List>(ex.features.feature.at("a").kind).value, (std::vector<std::int64_t>{1, 2, -3}));
  EXPECT_EQ(std::get<tf::train::BytesList>(ex.features.feature.at("b").kind).value, (std::vector<std::string>{"hi"}));
  for (const char* bad : {"not json", R"({"features": 3})", R"({"nope": 3})", R"({"features": {"feature": {"a": {"int64List": {"value": ["x"]}}}}})", "{",
                          "\xff\xfe"})
    EXPECT_THROW(tf::io::decode_json_example(tf::constant(std::string(bad))), tf::InvalidArgumentError) << bad;
  EXPECT_THROW(tf::io::decode_json_example(tf::constant(1)), tf::InvalidArgumentError);
  auto traced = tf::function([](const tf::Tensor& x) { return tf::io::decode_json_example(x); },
                             {.input_signature = {tf::TensorSpec({tf::None}, tf::string)}});
  EXPECT_EQ(traced(tf::constant(json)).numpy<std::string>(), out.numpy<std::string>());
}

}  // namespace
