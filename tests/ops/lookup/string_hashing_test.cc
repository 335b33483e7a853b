// tf::strings::to_hash_bucket_fast / _strong / to_hash_bucket and tf::fingerprint: the numbers of
// TensorFlow 2.21 (string_hashing_tf.py, in the same run) for strings of every length class of
// FarmHash (0-16, 17-32, 33-64 and longer) and for rows of numbers and strings; eager and traced
// alike; errors.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "error_of.h"
#include "reference_env.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/function.h"
#include "tfpp/math_ops.h"
#include "tfpp/string_hashing.h"

namespace tf {
namespace {

using testing::error_of;

Tensor strs(const TensorShape& shape, const std::vector<std::string>& values) { return constant(values, shape); }

const std::string& tensorflow_output() {
  static const std::string out = testing::run_command(testing::reference_python() + " " + testing::source_dir() +
                                                      "/tests/ops/lookup/string_hashing_tf.py 2>/dev/null");
  return out;
}

// The strings the Python side makes: n bytes (i * 131 + n * 7 + 13) % 256.
Tensor test_strings() {
  std::vector<int> lengths;
  for (int n = 0; n <= 70; ++n) lengths.push_back(n);
  for (int n : {100, 127, 128, 129, 200, 255, 256, 1000}) lengths.push_back(n);
  std::vector<std::string> strings;
  for (int n : lengths) {
    std::string s(n, '\0');
    for (int i = 0; i < n; ++i) s[i] = static_cast<char>((i * 131 + n * 7 + 13) % 256);
    strings.push_back(s);
  }
  return strs(TensorShape({static_cast<std::int64_t>(strings.size())}), strings);
}

std::string line(const Tensor& ids) {
  std::string out;
  for (std::int64_t v : ids.numpy<std::int64_t>()) out += (out.empty() ? "" : " ") + std::to_string(v);
  return out + "\n";
}

// Each row's 8 bytes as a little-endian unsigned number.
std::string fingerprint_line(const Tensor& data) {
  const Tensor f = fingerprint(data);
  EXPECT_EQ(f.dtype(), uint8);
  const std::vector<std::uint8_t> bytes = f.numpy<std::uint8_t>();
  std::string out;
  for (std::size_t row = 0; row * 8 < bytes.size(); ++row) {
    std::uint64_t v = 0;
    for (int b = 7; b >= 0; --b) v = v << 8 | bytes[row * 8 + b];
    out += (out.empty() ? "" : " ") + std::to_string(v);
  }
  return out + "\n";
}

constexpr std::int64_t kAllBuckets = INT64_MAX;

TEST(StringHashing, MatchesTensorFlow) {
  const std::string& tf_out = tensorflow_output();
  const Tensor s = test_strings();
  EXPECT_EQ(fingerprint_line(s), testing::block(tf_out, "fingerprint64"));
  EXPECT_EQ(line(strings::to_hash_bucket_fast(s, kAllBuckets)), testing::block(tf_out, "fast"));
  EXPECT_EQ(line(strings::to_hash_bucket_fast(s, 10)), testing::block(tf_out, "fast_small"));
  EXPECT_EQ(line(strings::to_hash_bucket_strong(s, kAllBuckets, {1, 2})), testing::block(tf_out, "strong"));
  EXPECT_EQ(line(strings::to_hash_bucket_strong(s, kAllBuckets, {-7, 1234567890123})), testing::block(tf_out, "strong_key"));
  EXPECT_EQ(line(strings::to_hash_bucket(s, kAllBuckets)), testing::block(tf_out, "legacy"));
}

TEST(StringHashing, FingerprintsRowsAsTensorFlow) {
  const std::string& tf_out = tensorflow_output();
  EXPECT_EQ(fingerprint_line(reshape(range(24), {2, 3, 4})), testing::block(tf_out, "fingerprint_int32_rows"));
  EXPECT_EQ(fingerprint_line(constant(std::vector<double>{0.5, -1.0, 3.25, 1e300}, {2, 2})),
            testing::block(tf_out, "fingerprint_float64_rows"));
  const Tensor s = test_strings();
  const std::vector<std::string> all = s.numpy<std::string>();
  EXPECT_EQ(fingerprint_line(strs({3, 2}, {"a", "bb", "", "hello world", all[40], all[70]})),
            testing::block(tf_out, "fingerprint_string_rows"));
}

TEST(StringHashing, TracedAsEager) {
  auto f = tf::function([](Tensor x) { return strings::to_hash_bucket_fast(x, 1000) + strings::to_hash_bucket_strong(x, 7, {3, 4}); });
  const Tensor s = test_strings();
  EXPECT_EQ(f(s).numpy<std::int64_t>(),
            (strings::to_hash_bucket_fast(s, 1000) + strings::to_hash_bucket_strong(s, 7, {3, 4})).numpy<std::int64_t>());
  auto g = tf::function([](Tensor x) { return fingerprint(x); });
  EXPECT_EQ(g(s).numpy<std::uint8_t>(), fingerprint(s).numpy<std::uint8_t>());
  EXPECT_EQ(g.get_concrete_function(TensorSpec({None}, string)).graph().to_string().find("Fingerprint") != std::string::npos, true);
}

TEST(StringHashing, Errors) {
  const Tensor s = strs({1}, {"a"});
  EXPECT_EQ(error_of([&] { strings::to_hash_bucket_fast(s, 0); }),
            "[StringToHashBucketFast] Value for attr 'num_buckets' of 0 must be at least minimum 1");
  EXPECT_EQ(error_of([&] { strings::to_hash_bucket_strong(s, 3, {1}); }), "[StringToHashBucketStrong] Key must have 2 elements");
  EXPECT_NE(error_of([&] { strings::to_hash_bucket_fast(constant({1, 2}), 3); }).find("expected string"), std::string::npos);
  EXPECT_EQ(error_of([&] { fingerprint(constant("a")); }), "[Fingerprint] Shape must be at least rank 1 but is rank 0");
  EXPECT_EQ(error_of([&] { fingerprint(s, "md5"); }), "[Fingerprint] Unsupported fingerprint method: md5");
}

}  // namespace
}  // namespace tf
