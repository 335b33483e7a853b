// tf::io's .npy reader and writer in tfpp alone (tests/tools/check_saved_model_cli.sh compares
// them with NumPy): round trips, the exact header np.save writes, and damaged files rejected.
#include "io/npy.h"

#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

namespace {

TEST(Npy, RoundTripsEveryDtypeAndShape) {
  const std::vector<tf::Tensor> tensors = {
      tf::constant({{1.5f, -2.f, 3.f}, {4.f, 5.f, 6.25f}}), tf::constant({0.1, 0.2}),
      tf::constant({{1, -2}, {3, 4}}), tf::constant({std::int64_t{1} << 40, std::int64_t{-7}}),
      tf::constant({true, false, true}), tf::constant(2.5f), tf::zeros({0, 3}),
      tf::constant(std::vector<std::uint8_t>{0, 128, 255}, {3, 1}),
      tf::constant(std::vector<std::int8_t>{-128, 127}), tf::constant(std::vector<std::int16_t>{-32768, 7}),
      tf::constant(std::vector<std::uint16_t>{65535, 0}, {1, 2}), tf::constant(std::vector<std::uint32_t>{4294967295u}),
      tf::constant(std::vector<std::uint64_t>{~std::uint64_t{0}, 3})};
  for (const tf::Tensor& t : tensors) {
    const tf::Tensor back = tf::io::parse_npy(tf::io::serialize_npy(t), "memory");
    EXPECT_EQ(back.dtype(), t.dtype());
    EXPECT_EQ(back.shape(), t.shape());
    EXPECT_EQ(back.values_string(), t.values_string());
  }
}

TEST(Npy, WritesNumPysHeader) {
  const std::string bytes = tf::io::serialize_npy(tf::constant({{1.f, 2.f, 3.f}, {4.f, 5.f, 6.f}}));
  // np.save: magic, version 1.0, header length 118, the dict with 20 spare spaces, padded to 128.
  ASSERT_EQ(bytes.size(), 128u + 24u);
  EXPECT_EQ(bytes.substr(0, 10), std::string("\x93NUMPY\x01\x00\x76\x00", 10));
  EXPECT_EQ(bytes.substr(10, 59), "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }");
  EXPECT_EQ(bytes[127], '\n');
  EXPECT_EQ(tf::io::serialize_npy(tf::constant(1.0)).substr(10, 55), "{'descr': '<f8', 'fortran_order': False, 'shape': (), }");
  EXPECT_EQ(tf::io::serialize_npy(tf::zeros({2}, tf::uint8)).substr(10, 57), "{'descr': '|u1', 'fortran_order': False, 'shape': (2,), }");
  EXPECT_EQ(tf::io::serialize_npy(tf::zeros({2}, tf::int8)).substr(10, 57), "{'descr': '|i1', 'fortran_order': False, 'shape': (2,), }");
  EXPECT_EQ(tf::io::serialize_npy(tf::zeros({2}, tf::uint16)).substr(10, 57), "{'descr': '<u2', 'fortran_order': False, 'shape': (2,), }");
  EXPECT_EQ(tf::io::serialize_npy(tf::zeros({2}, tf::uint64)).substr(10, 57), "{'descr': '<u8', 'fortran_order': False, 'shape': (2,), }");
}

TEST(Npy, RejectsEveryTruncationAndBitFlipCleanly) {
  const std::string good = tf::io::serialize_npy(tf::constant({{1, 2, 3}, {4, 5, 6}}));
  for (std::size_t n = 0; n < good.size(); ++n)
    EXPECT_THROW(tf::io::parse_npy(good.substr(0, n), "cut.npy"), tf::Error) << n;
  // A flipped bit either still parses (a value byte, padding) or raises a tf::Error: never a crash.
  for (std::size_t i = 0; i < good.size(); ++i) {
    for (int bit = 0; bit < 8; ++bit) {
      std::string bad = good;
      bad[i] = static_cast<char>(bad[i] ^ (1 << bit));
      try {
        tf::io::parse_npy(bad, "flipped.npy");
      } catch (const tf::Error&) {
      }
    }
  }
}

TEST(Npy, ErrorsNameTheFileAndTheProblem) {
  try {
    tf::io::parse_npy(std::string("\x93NUMPY\x01\x00\x10\x00{'descr': '<f4'}", 26), "a.npy");
    FAIL();
  } catch (const tf::DataLossError& e) {
    EXPECT_NE(std::string(e.what()).find("[npy] a.npy is damaged: the header lacks"), std::string::npos) << e.what();
  }
  EXPECT_THROW(tf::io::read_npy("/nonexistent/x.npy"), tf::NotFoundError);
  EXPECT_THROW(tf::io::serialize_npy(tf::constant("text")), tf::InvalidArgumentError);
  const std::string header = "{'descr': '<m8', 'fortran_order': False, 'shape': (1,), }";  // timedelta64
  const std::string m8 = std::string("\x93NUMPY\x01\x00", 8) + static_cast<char>(header.size()) + '\0' + header + "xxxxxxxx";
  EXPECT_THROW(tf::io::parse_npy(m8, "m8.npy"), tf::InvalidArgumentError);
  const std::string swapped = "{'descr': '>u2', 'fortran_order': False, 'shape': (1,), }";  // big-endian uint16
  const std::string be = std::string("\x93NUMPY\x01\x00", 8) + static_cast<char>(swapped.size()) + '\0' + swapped + "\x01\x02";
  EXPECT_EQ(tf::io::parse_npy(be, "be.npy").numpy<std::uint16_t>(), std::vector<std::uint16_t>{0x0102});
}

}  // namespace
