// tf::io::serialize_sparse / serialize_many_sparse write TensorFlow 2.21's bytes (the hex strings
// below are what its tf.io functions return for the same SparseTensors; the Python program
// tests/python/programs/sparse_serialization.py compares more in the test run), and
// deserialize_many_sparse reads them back; errors as TensorFlow's.
#include <gtest/gtest.h>

#include <tfpp/io/serialize_sparse.h>
#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::Tensor;
using tf::testing::error_of;

std::string hex(const std::string& bytes) {
  static const char* const kDigits = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) out += {kDigits[c >> 4], kDigits[c & 15]};
  return out;
}

std::vector<std::string> hex_of(const Tensor& t) {
  std::vector<std::string> out;
  for (const std::string& s : t.numpy<std::string>()) out.push_back(hex(s));
  return out;
}

tf::SparseTensor floats() {
  return {tf::constant(std::vector<std::int64_t>{0, 1, 2, 0, 2, 3}, {3, 2}), tf::constant(std::vector<float>{1.5f, -2.0f, 3.25f}),
          tf::constant(std::vector<std::int64_t>{4, 5})};
}

TEST(SerializeSparse, BytesAsTensorFlow) {
  const Tensor s = tf::io::serialize_sparse(floats());
  EXPECT_EQ(s.shape(), (tf::TensorShape{3}));
  EXPECT_EQ(hex_of(s), (std::vector<std::string>{
                           "0809120812020803120208022230000000000000000001000000000000000200000000000000000000000000000002000000000000000300000000000000",
                           "0801120412020803220c0000c03f000000c000005040", "0809120412020802221004000000000000000500000000000000"}));
}

TEST(SerializeManySparse, BytesAsTensorFlow) {
  const Tensor m = tf::io::serialize_many_sparse(floats());
  EXPECT_EQ(m.shape(), (tf::TensorShape{4, 3}));
  const std::string shape = "080912041202080122080500000000000000";
  EXPECT_EQ(hex_of(m), (std::vector<std::string>{"08091208120208011202080122080100000000000000", "080112041202080122040000c03f", shape,
                                                  "08091206120012020801", "080112021200", shape,
                                                  "080912081202080212020801221000000000000000000300000000000000",
                                                  "08011204120208022208000000c000005040", shape, "08091206120012020801", "080112021200", shape}));
  const tf::SparseTensor strings{tf::constant(std::vector<std::int64_t>{0, 1, 1, 3}, {2, 2}), tf::constant(std::vector<std::string>{"a", "bc"}),
                                 tf::constant(std::vector<std::int64_t>{2, 5})};
  EXPECT_EQ(hex_of(tf::io::serialize_many_sparse(strings)),
            (std::vector<std::string>{"08091208120208011202080122080100000000000000", "080712041202080122020161", shape,
                                      "08091208120208011202080122080300000000000000", "08071204120208012203026263", shape}));
}

TEST(DeserializeManySparse, RoundTrips) {
  const tf::SparseTensor back = tf::io::deserialize_many_sparse(tf::io::serialize_many_sparse(floats()), tf::float32);
  EXPECT_EQ(back.indices.numpy<std::int64_t>(), (std::vector<std::int64_t>{0, 1, 2, 0, 2, 3}));
  EXPECT_EQ(back.values.numpy<float>(), (std::vector<float>{1.5f, -2.0f, 3.25f}));
  EXPECT_EQ(back.dense_shape.numpy<std::int64_t>(), (std::vector<std::int64_t>{4, 5}));
  const tf::SparseTensor strings{tf::constant(std::vector<std::int64_t>{0, 1, 1, 3}, {2, 2}), tf::constant(std::vector<std::string>{"a", "bc"}),
                                 tf::constant(std::vector<std::int64_t>{2, 5})};
  const tf::SparseTensor words = tf::io::deserialize_many_sparse(tf::io::serialize_many_sparse(strings), tf::string);
  EXPECT_EQ(words.values.numpy<std::string>(), (std::vector<std::string>{"a", "bc"}));
}

TEST(SerializeManySparse, ErrorsAsTensorFlow) {
  const tf::SparseTensor unordered{tf::constant(std::vector<std::int64_t>{2, 0, 0, 1}, {2, 2}), tf::constant(std::vector<float>{1, 2}),
                                   tf::constant(std::vector<std::int64_t>{4, 5})};
  EXPECT_EQ(error_of([&] { tf::io::serialize_many_sparse(unordered); }),
            "[SerializeManySparse] indices[1] = [0,1] is out of order. Many sparse ops require sorted indices.\n    Use "
            "`tf.sparse.reorder` to create a correctly ordered copy.\n\n");
  const tf::SparseTensor outside{tf::constant(std::vector<std::int64_t>{5, 0}, {1, 2}), tf::constant(std::vector<float>{1}),
                                 tf::constant(std::vector<std::int64_t>{4, 5})};
  EXPECT_EQ(error_of([&] { tf::io::serialize_many_sparse(outside); }),
            "[SerializeManySparse] indices[0] = [5,0] is out of bounds: need 0 <= index < [4,5]");
  const tf::SparseTensor vector{tf::constant(std::vector<std::int64_t>{0}, {1, 1}), tf::constant(std::vector<float>{1}),
                                tf::constant(std::vector<std::int64_t>{4})};
  EXPECT_EQ(error_of([&] { tf::io::serialize_many_sparse(vector); }),
            "[SerializeManySparse] Rank of input SparseTensor should be > 1, but saw rank: 1");
  const Tensor rows = tf::io::serialize_many_sparse(floats());
  EXPECT_EQ(error_of([&] { tf::io::deserialize_many_sparse(rows, tf::int32); }),
            "[DeserializeManySparse] Requested SparseTensor of type int32 but values has type float32");
}

}  // namespace
