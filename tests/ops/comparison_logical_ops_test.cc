// Comparisons and logical ops: bool results, broadcasting, numbers on either side, errors.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "ops/elementwise_test_util.h"

namespace {

using tfpp_test::expect_invalid;
using tfpp_test::random_values;
using Bools = std::vector<bool>;

Bools bools(const tf::Tensor& t) {
  EXPECT_EQ(t.dtype(), tf::bool_);
  const bool* p = t.data<bool>();
  return Bools(p, p + t.num_elements());
}

TEST(ComparisonOps, CompareWithBroadcastingAndNumbers) {
  tf::Tensor a = tf::constant({{1.0f, 2.0f, 3.0f}, {4.0f, 5.0f, 6.0f}});
  tf::Tensor b = tf::constant({2.0f, 2.0f, 7.0f});
  EXPECT_EQ(bools(a < b), (Bools{true, false, true, false, false, true}));
  EXPECT_EQ(bools(a <= b), (Bools{true, true, true, false, false, true}));
  EXPECT_EQ(bools(a > b), (Bools{false, false, false, true, true, false}));
  EXPECT_EQ(bools(a >= b), (Bools{false, true, false, true, true, false}));
  EXPECT_EQ(bools(tf::equal(a, b)), (Bools{false, true, false, false, false, false}));
  EXPECT_EQ(bools(tf::not_equal(a, b)), (Bools{true, false, true, true, true, true}));
  EXPECT_EQ(bools(a > 3), (Bools{false, false, false, true, true, true}));
  EXPECT_EQ(bools(3 > a), (Bools{true, true, false, false, false, false}));
  EXPECT_EQ(bools(tf::equal(tf::constant({1, 2}), 2)), (Bools{false, true}));
  EXPECT_EQ((a < b).shape(), tf::TensorShape({2, 3}));
  EXPECT_EQ((tf::zeros({0, 3}) < b).shape(), tf::TensorShape({0, 3}));
  EXPECT_TRUE(bool(tf::constant(1.5) > 1));  // eager scalar truth value
}

TEST(ComparisonOps, EqualityOfStringsAndBools) {
  tf::Tensor s = tf::constant(std::vector<std::string>{"a", "b", "a"});
  EXPECT_EQ(bools(tf::equal(s, tf::constant("a"))), (Bools{true, false, true}));
  EXPECT_EQ(bools(tf::not_equal(s, tf::constant("a"))), (Bools{false, true, false}));
  EXPECT_EQ(bools(tf::equal(tf::constant({true, false}), tf::constant(true))), (Bools{true, false}));
}

TEST(ComparisonOps, LargeTensorsMatchScalarReference) {
  const std::size_t n = 250001;
  const auto av = random_values<double>(n, -1, 1, 7), bv = random_values<double>(n, -1, 1, 8);
  Bools want(n);
  for (std::size_t i = 0; i < n; ++i) want[i] = av[i] < bv[i];
  EXPECT_EQ(bools(tf::constant(av) < tf::constant(bv)), want);
}

TEST(ComparisonOps, Errors) {
  expect_invalid([] { tf::less(tf::constant("a"), tf::constant("b")); },
                 "[Less] does not support dtype string for its inputs (supported: float32, float64, int32, int64, uint8, "
                 "int8, int16, uint16, uint32, uint64, float16, bfloat16)");
  expect_invalid([] { tf::greater(tf::constant(true), tf::constant(false)); }, "[Greater] does not support dtype bool");
  expect_invalid([] { tf::equal(tf::zeros({2}), tf::zeros({2}, tf::int64)); },
                 "[Equal] inputs must have the same dtype, got float32 [2] and int64 [2]");
  expect_invalid([] { tf::zeros({2}) <= tf::zeros({3}); }, "[LessEqual] shapes [2] and [3] cannot be broadcast together");
}

TEST(LogicalOps, AndOrNotBroadcast) {
  tf::Tensor a = tf::constant({true, true, false, false});
  tf::Tensor b = tf::constant({true, false, true, false});
  EXPECT_EQ(bools(a & b), (Bools{true, false, false, false}));
  EXPECT_EQ(bools(a | b), (Bools{true, true, true, false}));
  EXPECT_EQ(bools(~a), (Bools{false, false, true, true}));
  EXPECT_EQ(bools(tf::logical_and(a, tf::constant(true))), (Bools{true, true, false, false}));
  tf::Tensor col = tf::constant(std::vector<bool>{true, false}, {2, 1});
  EXPECT_EQ(bools(tf::logical_or(col, tf::constant({false, true}))), (Bools{true, true, false, true}));
  tf::Tensor x = tf::constant({1.0f, 5.0f, 9.0f});
  EXPECT_EQ(bools((x > 2) & (x < 8)), (Bools{false, true, false}));
}

TEST(LogicalOps, OnlyBoolIsAccepted) {
  expect_invalid([] { tf::logical_and(tf::constant(1), tf::constant(0)); },
                 "[LogicalAnd] does not support dtype int32 for its inputs (supported: bool)");
  expect_invalid([] { ~tf::constant(1.0f); }, "[LogicalNot] does not support dtype float32");
  expect_invalid([] { tf::constant(true) | tf::constant({true, false, true}) | tf::constant({true, false}); },
                 "[LogicalOr] shapes [3] and [2] cannot be broadcast together");
}

}  // namespace
