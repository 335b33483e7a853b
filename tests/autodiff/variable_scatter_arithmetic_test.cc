// The arithmetic row scatters (ResourceScatterAdd ... Min), the index-tuple scatters
// (ResourceScatterNd*) and sparse_read / gather_nd of tfpp/variable_scatter.h, eagerly and traced;
// expected values as TensorFlow 2.21's tf.Variable.scatter_* give them.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/variable_scatter.h>

#include "error_of.h"

namespace {

using tf::testing::error_of;

std::vector<float> values(const tf::Variable& v) { return v.numpy<float>(); }

TEST(VariableScatterArithmetic, RowsCombineWithEveryUpdateOfARepeatedIndex) {
  tf::Variable v(tf::constant({1.0f, 2.0f, 3.0f}));
  tf::scatter_add(v, tf::constant({0, 0}), tf::constant({10.0f, 1.0f}));
  EXPECT_EQ(values(v), (std::vector<float>{12, 2, 3}));
  tf::scatter_sub(v, tf::constant({1}), tf::constant({1.0f}));
  EXPECT_EQ(values(v), (std::vector<float>{12, 1, 3}));
  tf::scatter_mul(v, tf::constant({2, 2}), tf::constant({2.0f, 3.0f}));
  EXPECT_EQ(values(v), (std::vector<float>{12, 1, 18}));
  tf::scatter_div(v, tf::constant({2}), tf::constant({4.0f}));
  EXPECT_EQ(values(v), (std::vector<float>{12, 1, 4.5f}));
  tf::scatter_max(v, tf::constant({1, 0}), tf::constant({5.0f, 0.0f}));
  EXPECT_EQ(values(v), (std::vector<float>{12, 5, 4.5f}));
  tf::scatter_min(v, tf::constant({2}), tf::constant({-1.0f}));
  EXPECT_EQ(values(v), (std::vector<float>{12, 5, -1}));
}

TEST(VariableScatterArithmetic, RowsOfAMatrixAndIntegerDivisionTowardZero) {
  tf::Variable m(tf::zeros({3, 2}));
  tf::scatter_add(m, tf::constant({{0}, {2}}), tf::ones({2, 1, 2}));
  EXPECT_EQ(values(m), (std::vector<float>{1, 1, 0, 0, 1, 1}));
  tf::Variable counts(tf::constant({7, -7, 9}));
  tf::scatter_div(counts, tf::constant({0, 1}), tf::constant({2, 2}));
  EXPECT_EQ(counts.numpy<std::int32_t>(), (std::vector<std::int32_t>{3, -3, 9}));
  tf::scatter_mul(counts, tf::constant(std::vector<std::int64_t>{2}), tf::constant({-1}));
  EXPECT_EQ(counts.numpy<std::int32_t>(), (std::vector<std::int32_t>{3, -3, -9}));
}

TEST(VariableScatterArithmetic, IndexTuplesNameElementsOrSlices) {
  tf::Variable m(tf::zeros({3, 2}));
  tf::scatter_nd_update(m, tf::constant({{1, 1}}), tf::constant({5.0f}));
  tf::scatter_nd_add(m, tf::constant({{0}, {0}}), tf::ones({2, 2}));
  EXPECT_EQ(values(m), (std::vector<float>{2, 2, 0, 5, 0, 0}));
  tf::scatter_nd_sub(m, tf::constant({{2, 0}}), tf::constant({1.0f}));
  tf::scatter_nd_max(m, tf::constant({{1, 1}, {2, 1}}), tf::constant({4.0f, 3.0f}));
  tf::scatter_nd_min(m, tf::constant({{0, 0}}), tf::constant({-8.0f}));
  EXPECT_EQ(values(m), (std::vector<float>{-8, 2, 0, 5, -1, 3}));
}

TEST(VariableScatterArithmetic, ReadsOfParts) {
  tf::Variable m(tf::constant({{1, 2}, {3, 4}, {5, 6}}));
  EXPECT_EQ(tf::sparse_read(m, {2, 0}).numpy<std::int32_t>(), (std::vector<std::int32_t>{5, 6, 1, 2}));
  EXPECT_EQ(tf::gather_nd(m, tf::constant({{1, 0}, {2, 1}})).numpy<std::int32_t>(), (std::vector<std::int32_t>{3, 6}));
}

TEST(VariableScatterArithmetic, TracedWritesRunAtEveryCallAndEarlierReadsKeepTheirValues) {
  tf::Variable v(tf::constant({0.0f, 0.0f}));
  tf::Tensor before = v.read_value();
  auto step = tf::function([&](tf::Tensor x) {
    tf::scatter_nd_add(v, tf::constant({{1}}), tf::reshape(x, {1}));
    tf::scatter_max(v, tf::constant({0}), tf::reshape(x, {1}));
    return tf::sparse_read(v, {1});
  });
  EXPECT_EQ(step(tf::constant(2.0f)).numpy<float>(), (std::vector<float>{2}));
  EXPECT_EQ(step(tf::constant(1.0f)).numpy<float>(), (std::vector<float>{3}));
  EXPECT_EQ(values(v), (std::vector<float>{2, 3}));
  EXPECT_EQ(before.numpy<float>(), (std::vector<float>{0, 0}));
  EXPECT_EQ(step.tracing_count(), 1);
}

TEST(VariableScatterArithmetic, ErrorsNameTheOpAndTheVariableAndChangeNothing) {
  tf::Variable v(tf::constant({1.0f, 2.0f, 3.0f}), {.name = "table"});
  EXPECT_EQ(error_of([&] { tf::scatter_add(v, tf::constant({0, 5}), tf::constant({1.0f, 1.0f})); }),
            "[ResourceScatterAdd] indices[1] = 5 is not in [0, 3) for variable 'table:0' of dtype float32 and "
            "shape (3,)");
  EXPECT_NE(error_of([&] { tf::scatter_mul(v, tf::constant({-1}), tf::constant({2.0f})); })
                .find("[ResourceScatterMul] indices[0] = -1 is not in [0, 3)"),
            std::string::npos);
  EXPECT_NE(error_of([&] { tf::scatter_nd_add(v, tf::constant({{3}}), tf::constant({1.0f})); })
                .find("[ResourceScatterNdAdd] indices[0] = [3] does not index into tensor shape [3] for variable 'table:0'"),
            std::string::npos);
  EXPECT_NE(error_of([&] { tf::scatter_nd_update(v, tf::constant({{0, 0}}), tf::constant({1.0f})); })
                .find("[ResourceScatterNdUpdate] index tuples of 2 numbers do not index into the variable 'table:0'"),
            std::string::npos);
  EXPECT_NE(error_of([&] { tf::scatter_nd_sub(v, tf::constant({{0}, {1}}), tf::constant({1.0f})); })
                .find("updates must have shape indices.shape[:-1] + variable.shape[indices.shape[-1]:] = (2,), got (1,)"),
            std::string::npos);
  EXPECT_NE(error_of([&] { tf::scatter_sub(v, tf::constant({0}), tf::constant({1.0})); })
                .find("cannot write a value of dtype float64"),
            std::string::npos);
  EXPECT_EQ(values(v), (std::vector<float>{1, 2, 3}));

  tf::Variable words(tf::constant(std::vector<std::string>{"a"}));
  EXPECT_NE(error_of([&] { tf::scatter_add(words, tf::constant({0}), tf::constant(std::vector<std::string>{"b"})); })
                .find("[ResourceScatterAdd] arithmetic needs a numeric dtype"),
            std::string::npos);
  tf::Variable z(tf::constant(std::vector<std::complex<float>>{{1, 1}}));
  EXPECT_NE(error_of([&] { tf::scatter_max(z, tf::constant({0}), tf::constant(std::vector<std::complex<float>>{{2, 0}})); })
                .find("[ResourceScatterMax] min and max need a real dtype"),
            std::string::npos);
  tf::Variable ints(tf::constant({4}));
  EXPECT_NE(error_of([&] { tf::scatter_div(ints, tf::constant({0}), tf::constant({0})); })
                .find("[ResourceScatterDiv] updates must not contain 0"),
            std::string::npos);
  EXPECT_NE(error_of([&] { tf::scatter_div(v, tf::constant({0}), tf::constant({0.0f})); }).find("must not contain 0"),
            std::string::npos);  // floats too, as TensorFlow
  EXPECT_EQ(ints.numpy<std::int32_t>(), (std::vector<std::int32_t>{4}));
  EXPECT_EQ(values(v), (std::vector<float>{1, 2, 3}));
}

}  // namespace
