// tf::debugging's sign, rank, type and scalar checks, Assert and ensure_shape: TensorFlow's
// eager messages, static failures, and traced checks that fail when the graph runs.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "ops/elementwise_test_util.h"
#include "tfpp/debugging_asserts.h"

namespace {

using tf::Tensor;
using tfpp_test::expect_invalid;
namespace dbg = tf::debugging;

TEST(DebuggingAsserts, SignChecksGiveTensorFlowsText) {
  const Tensor x = tf::constant({1.0f, -2.0f, 3.0f, 4.0f});
  dbg::assert_positive(tf::constant({1, 2}));
  dbg::assert_non_positive(tf::constant({0.0, -1.0}));
  expect_invalid([&] { dbg::assert_positive(x); },
                 "\nCondition x > 0 did not hold element-wise:\nx (shape=(4,) dtype=float32) = \n['1.0', '-2.0', '3.0', '...']");
  expect_invalid([&] { dbg::assert_positive(x, "", 2); }, "\nCondition x > 0 did not hold element-wise:\nx (shape=(4,) dtype=float32) = \n['1.0', '-2.0', '...']");
  expect_invalid([] { dbg::assert_negative(tf::constant({{1, 2}, {3, 4}}), "neg"); },
                 "neg.  \nCondition x < 0 did not hold element-wise:\nx (shape=(2, 2) dtype=int32) = \n['1', '2', '3', '...']");
  expect_invalid([] { dbg::assert_non_negative(tf::constant(-1)); },
                 "\nCondition x >= 0 did not hold element-wise:\nx (shape=() dtype=int32) = \n-1");
  expect_invalid([&] { dbg::assert_non_positive(x); },
                 "\nCondition x <= 0 did not hold element-wise:x (shape=(4,) dtype=float32) = \n['1.0'");
}

TEST(DebuggingAsserts, StaticChecks) {
  const Tensor x = tf::constant({1.0f, -2.0f, 3.0f, 4.0f});
  dbg::assert_rank_at_least(x, 1);
  dbg::assert_rank_in(x, {0, 1});
  dbg::assert_integer(tf::constant({1, 2}));
  dbg::assert_type(x, tf::float32);
  dbg::assert_scalar(tf::constant(1.0));
  expect_invalid([&] { dbg::assert_rank_at_least(x, 2, "m"); }, "m.  Tensor  must have rank at least 2.  Received rank 1, shape (4,)");
  expect_invalid([&] { dbg::assert_rank_in(x, {0, 2}); }, "Tensor  must have rank in (0, 2).  Received rank 1, shape (4,)");
  expect_invalid([&] { dbg::assert_rank_in(x, {0}); }, "Tensor  must have rank in (0,).");
  expect_invalid([&] { dbg::assert_integer(x, "m"); }, "m.  Expected \"x\" to be integer type.  Found: tensor of dtype <dtype: 'float32'>");
  expect_invalid([&] { dbg::assert_type(x, tf::int32, "m"); }, "m.  tensor must be of type tf.int32; got tf.float32");
  expect_invalid([&] { dbg::assert_scalar(x, "m"); }, "m.  Expected scalar shape, saw shape: (4,).");
  EXPECT_TRUE(dbg::is_numeric_tensor(x));
  EXPECT_FALSE(dbg::is_numeric_tensor(tf::constant(std::string("a"))));
  EXPECT_EQ(dbg::assert_same_float_dtype({x, x}), tf::float32);
  EXPECT_EQ(dbg::assert_same_float_dtype({}, tf::float64), tf::float64);
  expect_invalid([&] { dbg::assert_same_float_dtype({x, tf::constant(1.0)}); }, "tf.Tensor(1.0, shape=(), dtype=float64), type=<dtype: 'float64'>");
  expect_invalid([] { dbg::assert_same_float_dtype({tf::constant(1)}); }, "Expected floating point type, got <dtype: 'int32'>.");
}

TEST(DebuggingAsserts, AssertAndEnsureShape) {
  const Tensor x = tf::constant({1.0f, -2.0f, 3.0f, 4.0f});
  dbg::Assert(tf::constant(true), {x});
  expect_invalid([&] { dbg::Assert(tf::constant(false), {x, tf::constant(std::string("hi")), tf::constant(3)}); },
                 "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: 1.0, -2.0, 3.0, ...\nb'hi'\n3");
  expect_invalid([] { dbg::Assert(tf::constant(1), {}); }, "[Assert] condition must be a scalar bool tensor");
  EXPECT_EQ(tf::ensure_shape(x, {tf::None}).shape(), tf::TensorShape({4}));
  expect_invalid([&] { tf::ensure_shape(x, {2}); }, "[EnsureShape]");
}

TEST(DebuggingAsserts, TracedChecksFailWhenTheGraphRuns) {
  auto f = tf::function([](Tensor v) {
    dbg::assert_positive(v, "need positive");
    dbg::assert_rank_at_least(v, 1);
    dbg::Assert(tf::reduce_all(v < 10.0f), {v});
    Tensor y = tf::ensure_shape(v * 2.0f, {3});
    EXPECT_EQ(y.shape(), tf::TensorShape({3}));
    return y;
  }, {.input_signature = {tf::TensorSpec({tf::None}, tf::float32)}});
  EXPECT_EQ(f(tf::constant({1.0f, 2.0f, 3.0f})).numpy<float>(), (std::vector<float>{2, 4, 6}));
  EXPECT_THROW(f(tf::constant({1.0f, -2.0f, 3.0f})), tf::InvalidArgumentError);
  EXPECT_THROW(f(tf::constant({1.0f, 20.0f, 3.0f})), tf::InvalidArgumentError);
  EXPECT_THROW(f(tf::constant({1.0f, 2.0f})), tf::InvalidArgumentError);
  const std::string g = f.get_concrete_function().graph().to_string();
  EXPECT_NE(g.find("assert_positive/assert_less/Assert/AssertGuard/Assert"), std::string::npos) << g;
}

}  // namespace
