// tf::Variable::scatter_update (ResourceScatterUpdate) run eagerly, and the variable handle.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::testing::error_of;

TEST(VariableScatter, UpdatesRowsOfAVector) {
  tf::Variable v(tf::constant({1.0f, 2.0f, 3.0f, 4.0f}));
  v.scatter_update(tf::constant({3, 1}), tf::constant({40.0f, 20.0f}));
  EXPECT_EQ(v.numpy<float>(), (std::vector<float>{1, 20, 3, 40}));
  v.scatter_update(tf::constant(std::vector<std::int64_t>{0}), tf::constant({-1.0f}));
  EXPECT_EQ(v.numpy<float>(), (std::vector<float>{-1, 20, 3, 40}));
}

TEST(VariableScatter, UpdatesRowsOfAMatrixWithScalarAndMatrixIndices) {
  tf::Variable m(tf::constant({{0, 1}, {2, 3}, {4, 5}}));
  m.scatter_update(tf::constant({2, 0}), tf::constant({{10, 11}, {12, 13}}));
  EXPECT_EQ(m.numpy<std::int32_t>(), (std::vector<std::int32_t>{12, 13, 2, 3, 10, 11}));
  m.scatter_update(tf::constant(1), tf::constant({7, 8}));  // a scalar index takes one row
  EXPECT_EQ(m.numpy<std::int32_t>(), (std::vector<std::int32_t>{12, 13, 7, 8, 10, 11}));
  m.scatter_update(tf::constant({{0}, {2}}), tf::constant({{{1, 1}}, {{2, 2}}}));
  EXPECT_EQ(m.numpy<std::int32_t>(), (std::vector<std::int32_t>{1, 1, 7, 8, 2, 2}));
}

TEST(VariableScatter, EmptyIndicesChangeNothing) {
  tf::Variable v(tf::constant({1.0, 2.0}));
  v.scatter_update(tf::zeros({0}, tf::int32), tf::zeros({0}, tf::float64));
  EXPECT_EQ(v.numpy<double>(), (std::vector<double>{1, 2}));
}

TEST(VariableScatter, StringsAndLargeVariables) {
  tf::Variable s(tf::constant(std::vector<std::string>{"a", "b", "c"}));
  s.scatter_update(tf::constant({1}), tf::constant(std::vector<std::string>{"bee"}));
  EXPECT_EQ(s.numpy<std::string>(), (std::vector<std::string>{"a", "bee", "c"}));
  tf::Variable big(tf::zeros({100000, 4}));
  big.scatter_update(tf::constant({99999, 5}), tf::ones({2, 4}));
  std::vector<float> values = big.numpy<float>();
  EXPECT_EQ(values[99999 * 4 + 3], 1.0f);
  EXPECT_EQ(values[5 * 4], 1.0f);
  EXPECT_EQ(values[6 * 4], 0.0f);
}

TEST(VariableScatter, EarlierReadsKeepTheirValues) {
  tf::Variable v(tf::constant({1, 2, 3}));
  tf::Tensor before = v.read_value();
  v.scatter_update(tf::constant({0}), tf::constant({9}));
  EXPECT_EQ(before.numpy<std::int32_t>(), (std::vector<std::int32_t>{1, 2, 3}));
  EXPECT_EQ(v.numpy<std::int32_t>(), (std::vector<std::int32_t>{9, 2, 3}));
  v.scatter_update(tf::constant({2}), tf::constant({7}));  // nobody else holds the value: in place
  EXPECT_EQ(v.numpy<std::int32_t>(), (std::vector<std::int32_t>{9, 2, 7}));
}

TEST(VariableScatter, ErrorsNameTheOpTheVariableAndTheShapes) {
  tf::Variable v(tf::constant({1.0f, 2.0f, 3.0f}), {.name = "table"});
  EXPECT_EQ(error_of([&] { v.scatter_update(tf::constant({3}), tf::constant({0.0f})); }),
            "[ResourceScatterUpdate] indices[0] = 3 is not in [0, 3) for variable 'table:0' of dtype float32 and "
            "shape (3,)");
  EXPECT_NE(error_of([&] { v.scatter_update(tf::constant({0, -1}), tf::constant({0.0f, 0.0f})); })
                .find("indices[1] = -1 is not in [0, 3)"),
            std::string::npos);
  EXPECT_NE(error_of([&] { v.scatter_update(tf::constant({0.0f}), tf::constant({0.0f})); })
                .find("[ResourceScatterUpdate] indices must be int32 or int64, got float32[1]"),
            std::string::npos);
  EXPECT_NE(error_of([&] { v.scatter_update(tf::constant({0}), tf::constant({0.0, 1.0})); })
                .find("[ResourceScatterUpdate] cannot write a value of dtype float64 and shape (2,) to variable "
                      "'table:0' of dtype float32"),
            std::string::npos);
  EXPECT_NE(error_of([&] { v.scatter_update(tf::constant({0, 1}), tf::constant({0.0f})); })
                .find("updates must have shape indices.shape + variable.shape[1:] = (2,), got (1,)"),
            std::string::npos);
  tf::Variable scalar(1.0f, {.name = "s"});
  EXPECT_NE(error_of([&] { scalar.scatter_update(tf::constant({0}), tf::constant({0.0f})); })
                .find("cannot scatter into the scalar variable 's:0'"),
            std::string::npos);
  EXPECT_EQ(v.numpy<float>(), (std::vector<float>{1, 2, 3}));  // unchanged after failures
}

TEST(VariableScatter, HandleIsAScalarResourceSharedByReads) {
  tf::Variable v(1.0f);
  tf::Tensor h = v.handle();
  EXPECT_EQ(h.dtype(), tf::resource);
  EXPECT_EQ(h.rank(), 0);
  EXPECT_EQ(h.impl(), v.handle().impl());  // one live handle per variable
  EXPECT_EQ(h.to_string(), "tf.Tensor(<ResourceHandle>, shape=(), dtype=resource)");
  EXPECT_THROW(tf::reduce_sum(h), tf::InvalidArgumentError);  // handles are not values
}

}  // namespace
