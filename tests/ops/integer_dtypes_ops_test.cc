// Ops on int8, int16, uint16, uint32 and uint64: wrapping arithmetic, division signs, truediv's
// float dtype, the ops TensorFlow has no kernel for in a dtype, reductions (a mean sums wide),
// scans, sorting, array ops, one_hot and gather indices, bitwise ops and bitcast.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include <tfpp/tfpp.h>
#include <tfpp/bitcast.h>
#include <tfpp/bitwise_ops.h>
#include <tfpp/truncating_division_ops.h>

#include "error_of.h"

namespace {

using tf::Tensor;
using tf::testing::error_of;

template <class T>
Tensor vec(std::vector<T> values) {
  return tf::constant(values);
}

TEST(IntegerDtypeOps, ArithmeticWrapsInTheDtype) {
  const Tensor a = vec<std::int8_t>({127, -128, 100});
  const Tensor b = vec<std::int8_t>({1, -1, 100});
  EXPECT_EQ((a + b).numpy<std::int8_t>(), (std::vector<std::int8_t>{-128, 127, -56}));
  EXPECT_EQ((a * b).numpy<std::int8_t>(), (std::vector<std::int8_t>{127, -128, 16}));
  EXPECT_EQ(tf::math::square(vec<std::uint16_t>({65535, 300})).numpy<std::uint16_t>(),
            (std::vector<std::uint16_t>{1, 24464}));
  EXPECT_EQ((vec<std::uint16_t>({65535}) * vec<std::uint16_t>({65535})).item<std::uint16_t>(), 1);
  EXPECT_EQ((vec<std::uint32_t>({0}) - vec<std::uint32_t>({1})).item<std::uint32_t>(), 4294967295u);
  EXPECT_EQ((vec<std::uint64_t>({1, 2}) * 0x1p63).numpy<std::uint64_t>(), (std::vector<std::uint64_t>{std::uint64_t{1} << 63, 0}));
  EXPECT_EQ(tf::math::maximum(vec<std::uint64_t>({~std::uint64_t{0}}), vec<std::uint64_t>({1})).item<std::uint64_t>(),
            ~std::uint64_t{0});
  EXPECT_EQ(tf::math::pow(vec<std::int16_t>({3, 2}), vec<std::int16_t>({10, 15})).numpy<std::int16_t>(),
            (std::vector<std::int16_t>{-6487, -32768}));
  EXPECT_EQ(tf::math::negative(vec<std::int8_t>({-128, 5})).numpy<std::int8_t>(), (std::vector<std::int8_t>{-128, -5}));
  EXPECT_EQ(tf::math::abs(vec<std::int16_t>({-32768, -5})).numpy<std::int16_t>(), (std::vector<std::int16_t>{-32768, 5}));
  EXPECT_EQ(tf::nn::relu6(vec<std::uint32_t>({0, 7, 3})).numpy<std::uint32_t>(), (std::vector<std::uint32_t>{0, 6, 3}));
}

TEST(IntegerDtypeOps, DivisionRoundsAsTensorFlow) {
  const Tensor a = vec<std::int8_t>({-7, 7, -128, -1});
  const Tensor b = vec<std::int8_t>({2, -2, -1, 3});
  EXPECT_EQ(tf::math::floordiv(a, b).numpy<std::int8_t>(), (std::vector<std::int8_t>{-4, -4, -128, -1}));
  EXPECT_EQ(tf::math::floormod(a, b).numpy<std::int8_t>(), (std::vector<std::int8_t>{1, -1, 0, 2}));
  EXPECT_EQ(tf::truncatediv(a, b).numpy<std::int8_t>(), (std::vector<std::int8_t>{-3, -3, -128, 0}));
  EXPECT_EQ(tf::math::floordiv(vec<std::uint64_t>({~std::uint64_t{0}}), vec<std::uint64_t>({2})).item<std::uint64_t>(),
            ~std::uint64_t{0} / 2);
  EXPECT_NE(error_of([&] { tf::math::floordiv(vec<std::uint16_t>({1}), vec<std::uint16_t>({0})); }).find("division by zero"),
            std::string::npos);
  // truediv divides small integers as float32 and wide ones as float64 (TensorFlow's table).
  for (tf::DType d : {tf::int8, tf::int16, tf::uint8, tf::uint16})
    EXPECT_EQ(tf::math::truediv(tf::cast(tf::constant({1}), d), tf::cast(tf::constant({2}), d)).dtype(), tf::float32);
  for (tf::DType d : {tf::int32, tf::int64, tf::uint32, tf::uint64})
    EXPECT_EQ(tf::math::truediv(tf::cast(tf::constant({1}), d), tf::cast(tf::constant({2}), d)).dtype(), tf::float64);
  EXPECT_EQ((vec<std::uint32_t>({1}) / vec<std::uint32_t>({4})).item<double>(), 0.25);
}

TEST(IntegerDtypeOps, OpsWithoutATensorFlowKernelRaise) {
  const Tensor u = vec<std::uint16_t>({1, 2});
  for (const auto& [what, run] : std::vector<std::pair<std::string, std::function<void()>>>{
           {"[Neg]", [&] { tf::math::negative(u); }},
           {"[Abs]", [&] { tf::math::abs(vec<std::uint32_t>({1})); }},
           {"[Sign]", [&] { tf::math::sign(vec<std::uint64_t>({1})); }},
           {"[Pow]", [&] { tf::math::pow(u, u); }},
           {"[TruncateMod]", [&] { tf::truncatemod(vec<std::int8_t>({1}), vec<std::int8_t>({1})); }},
           {"[SquaredDifference]", [&] { tf::math::squared_difference(vec<std::int16_t>({1}), vec<std::int16_t>({1})); }},
           {"[Sqrt]", [&] { tf::math::sqrt(u); }},
           {"[MatMul]", [&] { tf::matmul(tf::reshape(u, {1, 2}), tf::reshape(u, {2, 1})); }},
       }) {
    const std::string message = error_of(run);
    EXPECT_NE(message.find(what), std::string::npos) << what << ": " << message;
  }
  EXPECT_THROW(tf::math::pow(vec<std::int8_t>({2}), vec<std::int8_t>({-1})), tf::InvalidArgumentError);
  // TensorFlow's Range op accepts every integer dtype but runs int32 and int64 only.
  EXPECT_THROW(tf::range(tf::constant(0, tf::int8), tf::constant(3, tf::int8), tf::constant(1, tf::int8)), tf::NotFoundError);
  EXPECT_THROW(tf::range(0, 3, 1, tf::uint64), tf::NotFoundError);
  // TensorFlow's Tile raises Unimplemented for uint16 (and tiles every other integer).
  EXPECT_THROW(tf::tile(u, {2}), tf::UnimplementedError);
  EXPECT_EQ(tf::tile(vec<std::int16_t>({1, 2}), {2}).numpy<std::int16_t>(), (std::vector<std::int16_t>{1, 2, 1, 2}));
}

TEST(IntegerDtypeOps, ComparisonsSelectionAndClipping) {
  const Tensor a = vec<std::uint64_t>({~std::uint64_t{0}, 0, 5});
  const Tensor b = vec<std::uint64_t>({1, 1, 5});
  EXPECT_EQ(tf::math::greater(a, b).numpy<bool>(), (std::vector<bool>{true, false, false}));
  EXPECT_EQ(tf::math::equal(a, b).numpy<bool>(), (std::vector<bool>{false, false, true}));
  EXPECT_EQ(tf::where(tf::constant({true, false, true}), a, b).numpy<std::uint64_t>(),
            (std::vector<std::uint64_t>{~std::uint64_t{0}, 1, 5}));
  // ClipByValue has no uint32/uint64 kernel; tf.clip_by_value clips them with minimum and maximum.
  EXPECT_EQ(tf::clip_by_value(a, tf::constant(2, tf::uint64), tf::constant(9, tf::uint64)).numpy<std::uint64_t>(),
            (std::vector<std::uint64_t>{9, 2, 5}));
  EXPECT_EQ(tf::clip_by_value(vec<std::int8_t>({-128, 0, 127}), tf::constant(-5, tf::int8), tf::constant(5, tf::int8))
                .numpy<std::int8_t>(),
            (std::vector<std::int8_t>{-5, 0, 5}));
}

TEST(IntegerDtypeOps, ReductionsScansAndSorting) {
  const Tensor x = tf::constant(std::vector<std::int8_t>{100, 100, 101, -128, 1, 2}, {2, 3});
  EXPECT_EQ(tf::reduce_sum(x, tf::Axes(std::vector<std::int64_t>{1})).numpy<std::int8_t>(), (std::vector<std::int8_t>{45, -125}));
  EXPECT_EQ(tf::reduce_mean(x, tf::Axes(std::vector<std::int64_t>{1})).numpy<std::int8_t>(), (std::vector<std::int8_t>{100, -41}));  // summed wide
  EXPECT_EQ(tf::reduce_mean(vec<std::uint32_t>({2147483648u, 2147483648u})).item<std::uint32_t>(), 2147483648u);
  EXPECT_EQ(tf::reduce_mean(vec<std::uint64_t>({std::uint64_t{1} << 63, std::uint64_t{1} << 63})).item<std::uint64_t>(), 0u);
  EXPECT_EQ(tf::reduce_prod(vec<std::uint16_t>({300, 300})).item<std::uint16_t>(), 24464);
  EXPECT_EQ(tf::reduce_max(vec<std::uint64_t>({3, ~std::uint64_t{0}})).item<std::uint64_t>(), ~std::uint64_t{0});
  EXPECT_EQ(tf::reduce_min(vec<std::int16_t>({3, -32768})).item<std::int16_t>(), -32768);
  EXPECT_EQ(tf::argmax(vec<std::uint32_t>({1, 4294967295u, 4294967295u}), 0).item<std::int64_t>(), 1);
  EXPECT_EQ(tf::cumsum(vec<std::int8_t>({100, 100})).numpy<std::int8_t>(), (std::vector<std::int8_t>{100, -56}));
  EXPECT_EQ(tf::sort(vec<std::int8_t>({3, -128, 127, 0})).numpy<std::int8_t>(), (std::vector<std::int8_t>{-128, 0, 3, 127}));
  EXPECT_EQ(tf::math::top_k(vec<std::uint64_t>({5, ~std::uint64_t{0}, 7}), 2).values.numpy<std::uint64_t>(),
            (std::vector<std::uint64_t>{~std::uint64_t{0}, 7}));
  EXPECT_EQ(tf::unique(vec<std::uint16_t>({7, 7, 65535})).y.numpy<std::uint16_t>(), (std::vector<std::uint16_t>{7, 65535}));
}

TEST(IntegerDtypeOps, ArrayOpsMoveEveryIntegerDtype) {
  const Tensor x = tf::constant(std::vector<std::uint16_t>{1, 2, 3, 65535, 5, 6}, {2, 3});
  EXPECT_EQ(tf::transpose(x).numpy<std::uint16_t>(), (std::vector<std::uint16_t>{1, 65535, 2, 5, 3, 6}));
  EXPECT_EQ(tf::concat({x, x}, 0).shape(), tf::TensorShape({4, 3}));
  EXPECT_EQ(tf::gather(x, {2, 0}, {.axis = 1}).numpy<std::uint16_t>(), (std::vector<std::uint16_t>{3, 1, 6, 65535}));
  // Gathers take int16 indices too (not int8), as TensorFlow's.
  EXPECT_EQ(tf::gather(x, tf::constant(std::vector<std::int16_t>{1}), {.axis = 0}).numpy<std::uint16_t>(),
            (std::vector<std::uint16_t>{65535, 5, 6}));
  EXPECT_EQ(tf::gather_nd(x, tf::constant(std::vector<std::int16_t>{1, 2}, {1, 2})).numpy<std::uint16_t>(),
            (std::vector<std::uint16_t>{6}));
  EXPECT_THROW(tf::gather(x, tf::constant(std::vector<std::int8_t>{1})), tf::InvalidArgumentError);
  EXPECT_THROW(tf::gather(x, tf::constant(std::vector<std::int16_t>{2})), tf::InvalidArgumentError);  // out of range
  EXPECT_EQ(tf::pad(vec<std::int8_t>({-1}), {{1, 1}}).numpy<std::int8_t>(), (std::vector<std::int8_t>{0, -1, 0}));
  EXPECT_EQ(tf::reverse(vec<std::uint64_t>({1, ~std::uint64_t{0}}), {0}).numpy<std::uint64_t>(),
            (std::vector<std::uint64_t>{~std::uint64_t{0}, 1}));
  EXPECT_EQ(tf::strided_slice(vec<std::uint32_t>({1, 2, 3, 4}), {3}, {0}, {-2}).numpy<std::uint32_t>(),
            (std::vector<std::uint32_t>{4, 2}));
  EXPECT_EQ(tf::scatter_nd(tf::constant(std::vector<std::int32_t>{0, 0}, {2, 1}), vec<std::int16_t>({32767, 1}), {2})
                .numpy<std::int16_t>(),
            (std::vector<std::int16_t>{-32768, 0}));
  EXPECT_EQ(tf::one_hot(tf::constant(std::vector<std::int8_t>{0, 2, -1}), 3, {.dtype = tf::uint64}).numpy<std::uint64_t>(),
            (std::vector<std::uint64_t>{1, 0, 0, 0, 0, 1, 0, 0, 0}));
  EXPECT_THROW(tf::one_hot(tf::constant(std::vector<std::int16_t>{0}), 3), tf::InvalidArgumentError);
  EXPECT_EQ(tf::zeros_like(vec<std::int8_t>({5})).dtype(), tf::int8);
  EXPECT_EQ(tf::ones_like(vec<std::uint64_t>({5})).item<std::uint64_t>(), 1u);
}

TEST(BitwiseOps, AndOrXorInvertAndShifts) {
  const Tensor x = vec<std::int8_t>({-5, 1, 100, -128});
  const Tensor y = vec<std::int8_t>({1, 9, -1, 7});
  EXPECT_EQ(tf::bitwise::left_shift(x, y).numpy<std::int8_t>(), (std::vector<std::int8_t>{-10, -128, 100, 0}));
  EXPECT_EQ(tf::bitwise::right_shift(x, y).numpy<std::int8_t>(), (std::vector<std::int8_t>{-3, 0, 100, -1}));
  EXPECT_EQ(tf::bitwise::invert(x).numpy<std::int8_t>(), (std::vector<std::int8_t>{4, -2, -101, 127}));
  const Tensor u = vec<std::uint8_t>({5, 1, 100, 255});
  const Tensor v = vec<std::uint8_t>({1, 9, 200, 7});
  EXPECT_EQ(tf::bitwise::left_shift(u, v).numpy<std::uint8_t>(), (std::vector<std::uint8_t>{10, 128, 0, 128}));
  EXPECT_EQ(tf::bitwise::right_shift(u, v).numpy<std::uint8_t>(), (std::vector<std::uint8_t>{2, 0, 0, 1}));
  EXPECT_EQ(tf::bitwise::bitwise_and(vec<std::uint64_t>({~std::uint64_t{0}, 6}), 3).numpy<std::uint64_t>(),
            (std::vector<std::uint64_t>{3, 2}));
  EXPECT_EQ(tf::bitwise::bitwise_or(tf::constant({{1}, {2}}), tf::constant({4, 8})).numpy<std::int32_t>(),
            (std::vector<std::int32_t>{5, 9, 6, 10}));
  EXPECT_EQ(tf::bitwise::bitwise_xor(vec<std::int64_t>({-1}), vec<std::int64_t>({5})).item<std::int64_t>(), -6);
  EXPECT_NE(error_of([] { tf::bitwise::bitwise_and(tf::constant(1.0f), tf::constant(2.0f)); }).find("[BitwiseAnd]"),
            std::string::npos);
  EXPECT_THROW(tf::bitwise::bitwise_or(vec<std::int8_t>({1, 2}), vec<std::int8_t>({1, 2, 3})), tf::InvalidArgumentError);
  EXPECT_THROW(tf::bitwise::invert(tf::constant(true)), tf::InvalidArgumentError);
}

TEST(BitwiseOps, BitcastReinterpretsBytes) {
  const Tensor halves = tf::bitcast(tf::constant({1.0f, -2.0f}), tf::uint16);
  EXPECT_EQ(halves.shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(halves.numpy<std::uint16_t>(), (std::vector<std::uint16_t>{0, 16256, 0, 49152}));
  const Tensor words = tf::bitcast(tf::constant(std::vector<std::uint16_t>{1, 2, 3, 4}, {2, 2}), tf::uint32);
  EXPECT_EQ(words.shape(), tf::TensorShape({2}));
  EXPECT_EQ(words.numpy<std::uint32_t>(), (std::vector<std::uint32_t>{131073, 262147}));
  EXPECT_EQ(tf::bitcast(vec<std::int64_t>({-1}), tf::uint64).item<std::uint64_t>(), ~std::uint64_t{0});
  EXPECT_EQ(tf::bitcast(tf::bitcast(tf::constant({3.5}), tf::int8), tf::float64).item<double>(), 3.5);
  EXPECT_NE(error_of([] { tf::bitcast(vec<std::uint16_t>({1, 2, 3}), tf::uint32); }).find("the last dimension must be 2"),
            std::string::npos);
  EXPECT_THROW(tf::bitcast(tf::constant(1, tf::uint16), tf::uint32), tf::InvalidArgumentError);
  EXPECT_THROW(tf::bitcast(tf::constant({true}), tf::uint8), tf::InvalidArgumentError);
  EXPECT_THROW(tf::bitcast(tf::constant({1}), tf::string), tf::InvalidArgumentError);
}

TEST(BitwiseOps, TracedBitwiseOpsMatchEager) {
  auto fn = tf::function([](Tensor x, Tensor y) {
    return tf::bitwise::bitwise_xor(tf::bitwise::left_shift(x, y), tf::bitwise::invert(x));
  });
  const Tensor x = vec<std::uint32_t>({1, 0x80000000u, 12345});
  const Tensor y = vec<std::uint32_t>({31, 1, 40});
  const Tensor eager = tf::bitwise::bitwise_xor(tf::bitwise::left_shift(x, y), tf::bitwise::invert(x));
  EXPECT_EQ(fn(x, y).numpy<std::uint32_t>(), eager.numpy<std::uint32_t>());
  const std::string graph = fn.get_concrete_function(x, y).graph().to_string();
  EXPECT_NE(graph.find("LeftShift"), std::string::npos) << graph;
  EXPECT_NE(graph.find("Invert"), std::string::npos) << graph;
}

}  // namespace
