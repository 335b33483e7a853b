// int8, int16, uint16, uint32 and uint64 tensors: creation, printing as TensorFlow prints them,
// casts in and out (TensorFlow's CPU conversions), TensorProto fields, and traced functions.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include <tfpp/tfpp.h>

#include <tfpp/io/serialize_tensor.h>

namespace {

using tf::Tensor;

template <class T>
Tensor vec(std::vector<T> values) {
  return tf::constant(values);
}

TEST(IntegerDtypes, ConstantsFillsAndElementsKeepTheirDtype) {
  EXPECT_EQ(vec<std::int8_t>({-128, 127}).dtype(), tf::int8);
  EXPECT_EQ(vec<std::int16_t>({1}).dtype(), tf::int16);
  EXPECT_EQ(vec<std::uint16_t>({1}).dtype(), tf::uint16);
  EXPECT_EQ(vec<std::uint32_t>({1}).dtype(), tf::uint32);
  EXPECT_EQ(vec<std::uint64_t>({1}).dtype(), tf::uint64);
  EXPECT_EQ(tf::zeros({2}, tf::uint64).numpy<std::uint64_t>(), (std::vector<std::uint64_t>{0, 0}));
  EXPECT_EQ(tf::ones({2}, tf::int8).numpy<std::int8_t>(), (std::vector<std::int8_t>{1, 1}));
  EXPECT_EQ(tf::fill({3}, tf::constant(65535, tf::uint16)).numpy<std::uint16_t>(),
            (std::vector<std::uint16_t>{65535, 65535, 65535}));
  EXPECT_EQ(tf::eye(2, 2, tf::uint32).numpy<std::uint32_t>(), (std::vector<std::uint32_t>{1, 0, 0, 1}));
  // A number wraps into the dtype, as TensorFlow converts Python ints.
  EXPECT_EQ(tf::constant(300, tf::int8).item<std::int8_t>(), 44);
  EXPECT_EQ(tf::constant(-1, tf::uint32).item<std::uint32_t>(), 4294967295u);
  EXPECT_EQ(tf::constant(-1, tf::uint64).item<std::uint64_t>(), ~std::uint64_t{0});
  EXPECT_EQ(tf::constant(0x1p63, tf::uint64).item<std::uint64_t>(), std::uint64_t{1} << 63);
  EXPECT_TRUE(static_cast<bool>(tf::constant(3, tf::int16)));
  EXPECT_FALSE(static_cast<bool>(tf::constant(0, tf::uint64)));
}

TEST(IntegerDtypes, PrintAsTensorFlowPrints) {
  EXPECT_EQ(vec<std::int8_t>({-128, 127, 0}).to_string(), "tf.Tensor([-128  127    0], shape=(3,), dtype=int8)");
  EXPECT_EQ(vec<std::uint64_t>({~std::uint64_t{0}, 5}).to_string(),
            "tf.Tensor([18446744073709551615                    5], shape=(2,), dtype=uint64)");
  EXPECT_EQ(vec<std::uint64_t>({1, 2}).repr(), "<tf.Tensor: shape=(2,), dtype=uint64, numpy=array([1, 2], dtype=uint64)>");
  EXPECT_EQ(tf::constant(5, tf::int16).repr(), "<tf.Tensor: shape=(), dtype=int16, numpy=5>");
  EXPECT_EQ(tf::constant(65535, tf::uint16).to_string(), "tf.Tensor(65535, shape=(), dtype=uint16)");
  EXPECT_EQ(tf::constant(std::vector<std::uint32_t>{1, 22, 333, 4}, {2, 2}).to_string(),
            "tf.Tensor(\n[[  1  22]\n [333   4]], shape=(2, 2), dtype=uint32)");
}

TEST(IntegerDtypes, FloatsCastAsTensorFlowsScalarLoop) {
  auto cast_one = [](double v, tf::DType from, tf::DType to) { return tf::cast(tf::cast(tf::constant(v), from), to); };
  for (tf::DType from : {tf::float32, tf::float64}) {
    // Through int32, keeping the low bits.
    EXPECT_EQ(cast_one(-1.0, from, tf::uint16).item<std::uint16_t>(), 65535);
    EXPECT_EQ(cast_one(300.0, from, tf::int8).item<std::int8_t>(), 44);
    EXPECT_EQ(cast_one(-129.5, from, tf::int8).item<std::int8_t>(), 127);
    EXPECT_EQ(cast_one(70000.0, from, tf::int16).item<std::int16_t>(), 4464);
    EXPECT_EQ(cast_one(3e9, from, tf::int8).item<std::int8_t>(), 0);
    EXPECT_EQ(cast_one(-2.7, from, tf::int16).item<std::int16_t>(), -2);
    // uint32 through int64.
    EXPECT_EQ(cast_one(-1.0, from, tf::uint32).item<std::uint32_t>(), 4294967295u);
    EXPECT_EQ(cast_one(3e9, from, tf::uint32).item<std::uint32_t>(), 3000000000u);
    EXPECT_EQ(cast_one(-3e9, from, tf::uint32).item<std::uint32_t>(), 1294967296u);
    EXPECT_EQ(cast_one(1e19, from, tf::uint32).item<std::uint32_t>(), 0u);
    EXPECT_EQ(cast_one(NAN, from, tf::uint32).item<std::uint32_t>(), 0u);
    // uint64: from 2^63 on shifted down and back; past 2^64, NaN and -inf give 2^63.
    EXPECT_EQ(cast_one(-1.0, from, tf::uint64).item<std::uint64_t>(), ~std::uint64_t{0});
    EXPECT_EQ(cast_one(5e9, from, tf::uint64).item<std::uint64_t>(), 5000000000u);
    EXPECT_EQ(cast_one(2e19, from, tf::uint64).item<std::uint64_t>(), std::uint64_t{1} << 63);
    EXPECT_EQ(cast_one(NAN, from, tf::uint64).item<std::uint64_t>(), std::uint64_t{1} << 63);
    EXPECT_EQ(cast_one(-INFINITY, from, tf::uint64).item<std::uint64_t>(), std::uint64_t{1} << 63);
  }
  EXPECT_EQ(tf::cast(tf::constant(1e19), tf::uint64).item<std::uint64_t>(), 10000000000000000000u);
}

TEST(IntegerDtypes, IntegersCastByWrapping) {
  const Tensor big = tf::constant({std::int64_t{-1}, std::int64_t{300}, std::int64_t{70000}, std::int64_t{-3000000000}});
  EXPECT_EQ(tf::cast(big, tf::int8).numpy<std::int8_t>(), (std::vector<std::int8_t>{-1, 44, 112, 0}));
  EXPECT_EQ(tf::cast(big, tf::uint16).numpy<std::uint16_t>(), (std::vector<std::uint16_t>{65535, 300, 4464, 41472}));
  EXPECT_EQ(tf::cast(big, tf::uint32).numpy<std::uint32_t>(),
            (std::vector<std::uint32_t>{4294967295u, 300, 70000, 1294967296u}));
  const Tensor u = vec<std::uint64_t>({~std::uint64_t{0}, std::uint64_t{1} << 63, 5});
  EXPECT_EQ(tf::cast(u, tf::int64).numpy<std::int64_t>(),
            (std::vector<std::int64_t>{-1, std::numeric_limits<std::int64_t>::min(), 5}));
  EXPECT_EQ(tf::cast(u, tf::float64).numpy<double>(), (std::vector<double>{0x1p64, 0x1p63, 5}));
  EXPECT_EQ(tf::cast(vec<std::int8_t>({-1, 5}), tf::uint64).numpy<std::uint64_t>(),
            (std::vector<std::uint64_t>{~std::uint64_t{0}, 5}));
  EXPECT_EQ(tf::cast(vec<std::int16_t>({-1, 0}), tf::bool_).numpy<bool>(), (std::vector<bool>{true, false}));
  EXPECT_EQ(tf::cast(tf::constant({true, false}), tf::uint16).numpy<std::uint16_t>(), (std::vector<std::uint16_t>{1, 0}));
}

// Protocol buffer wire format, for TensorProto messages written by hand.
std::string varint(std::uint64_t v) {
  std::string out;
  for (; v >= 0x80; v >>= 7) out += static_cast<char>((v & 0x7f) | 0x80);
  return out + static_cast<char>(v);
}
std::string field(int number, const std::string& bytes) { return varint(std::uint64_t(number) << 3 | 2) + varint(bytes.size()) + bytes; }

// A TensorProto of DataType `data_type` and shape [2] whose values are `values` (varints) in the
// packed repeated field `number`, as TensorFlow writes small constants.
std::string typed_field_proto(int data_type, int number, const std::vector<std::uint64_t>& values) {
  std::string packed;
  for (std::uint64_t v : values) packed += varint(v);
  return varint(1 << 3) + varint(data_type) + field(2, field(2, varint(1 << 3) + varint(2))) + field(number, packed);
}

TEST(IntegerDtypes, TensorProtosRoundTripAndReadTensorFlowsFields) {
  for (const Tensor& t : {vec<std::int8_t>({-128, 127}), vec<std::int16_t>({-7}), vec<std::uint16_t>({65535, 1}),
                          vec<std::uint32_t>({4294967295u}), vec<std::uint64_t>({~std::uint64_t{0}, 2})})
    EXPECT_EQ(tf::io::parse_tensor(tf::io::serialize_tensor(t), t.dtype()).to_string(), t.to_string());
  // int8, int16 and uint16 in int_val (7), uint32 in uint32_val (16), uint64 in uint64_val (17);
  // one value repeats to the shape.
  auto parse = [](int data_type, int number, std::vector<std::uint64_t> values, tf::DType dtype) {
    return tf::io::parse_tensor(tf::constant(typed_field_proto(data_type, number, values)), dtype).to_string();
  };
  const std::uint64_t minus_five = static_cast<std::uint64_t>(std::int64_t{-5});  // int32 varints sign-extend
  EXPECT_EQ(parse(6, 7, {minus_five, 7}, tf::int8), "tf.Tensor([-5  7], shape=(2,), dtype=int8)");
  EXPECT_EQ(parse(5, 7, {40000}, tf::int16), "tf.Tensor([-25536 -25536], shape=(2,), dtype=int16)");
  EXPECT_EQ(parse(17, 7, {65535, 1}, tf::uint16), "tf.Tensor([65535     1], shape=(2,), dtype=uint16)");
  EXPECT_EQ(parse(22, 16, {4294967295u}, tf::uint32), "tf.Tensor([4294967295 4294967295], shape=(2,), dtype=uint32)");
  EXPECT_EQ(parse(23, 17, {~std::uint64_t{0}, 0}, tf::uint64),
            "tf.Tensor([18446744073709551615                    0], shape=(2,), dtype=uint64)");
}

TEST(IntegerDtypes, TracedFunctionsRunTheSameOps) {
  auto fn = tf::function([](Tensor x) { return (x * 1 + x) * x - tf::constant(0, x.dtype()); });
  for (tf::DType d : {tf::int8, tf::int16, tf::uint16, tf::uint32, tf::uint64}) {
    const Tensor x = tf::cast(tf::constant({100, 3}), d);
    const Tensor eager = (x * 1 + x) * x - tf::constant(0, d);
    const Tensor traced = fn(x);
    EXPECT_EQ(traced.dtype(), d);
    EXPECT_EQ(traced.to_string(), eager.to_string());
  }
}

}  // namespace
