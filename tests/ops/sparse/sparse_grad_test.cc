// Gradients of the sparse ops against central finite differences (float64): to the values of the
// SparseTensors and to dense operands, with the index structure held fixed.
#include <gtest/gtest.h>

#include <tfpp/sparse_ops.h>
#include <tfpp/tfpp.h>

#include "autodiff/gradient_checker.h"

namespace {

using tf::SparseTensor;
using tf::Tensor;
using tf::testing::max_gradient_error;
using tf::testing::random_tensor;

constexpr double kTolerance = 1e-6;

Tensor int64s(std::vector<std::int64_t> values, const tf::TensorShape& shape) { return tf::constant(values, shape); }

// A 3x4 SparseTensor with these five values, in row-major order.
SparseTensor at_five(const Tensor& values) {
  return {int64s({0, 0, 0, 3, 1, 1, 2, 0, 2, 2}, {5, 2}), values, int64s({3, 4}, {2})};
}

const Tensor kValues = random_tensor({5}, 1);

TEST(SparseGradients, SparseDenseMatMulWithEachAdjoint) {
  for (const bool adjoint_a : {false, true})
    for (const bool adjoint_b : {false, true}) {
      const tf::TensorShape b_shape = adjoint_a ? tf::TensorShape({adjoint_b ? 2 : 3, adjoint_b ? 3 : 2})
                                                : tf::TensorShape({adjoint_b ? 2 : 4, adjoint_b ? 4 : 2});
      const double error = max_gradient_error([&](const std::vector<Tensor>& x) {
        return tf::sparse::sparse_dense_matmul(at_five(x[0]), x[1], {.adjoint_a = adjoint_a, .adjoint_b = adjoint_b});
      }, {kValues, random_tensor(b_shape, 2)});
      EXPECT_LT(error, kTolerance) << adjoint_a << adjoint_b;
    }
}

TEST(SparseGradients, ToDenseReduceSumSoftmaxReorder) {
  EXPECT_LT(max_gradient_error([](const std::vector<Tensor>& x) {
    return tf::sparse::to_dense(at_five(x[0]), {.default_value = x[1]});
  }, {kValues, tf::constant(0.5)}), kTolerance);
  for (const std::vector<std::int64_t>& axes : {std::vector<std::int64_t>{1}, {0}, {-1}, {}})
    EXPECT_LT(max_gradient_error([&](const std::vector<Tensor>& x) {
      return tf::sparse::reduce_sum(at_five(x[0]), axes, {.keepdims = axes.size() == 1 && axes[0] == 0});
    }, {kValues}), kTolerance);
  EXPECT_LT(max_gradient_error([](const std::vector<Tensor>& x) { return tf::sparse::softmax(at_five(x[0])).values; },
                               {kValues}), kTolerance);
  EXPECT_LT(max_gradient_error([](const std::vector<Tensor>& x) {
    const SparseTensor unordered{int64s({2, 0, 0, 3, 0, 0}, {3, 2}), x[0], int64s({3, 4}, {2})};
    return tf::sparse::reorder(unordered).values * tf::constant({1.0, 2.0, 3.0});
  }, {random_tensor({3}, 3)}), kTolerance);
}

TEST(SparseGradients, AddSliceFillEmptyRows) {
  EXPECT_LT(max_gradient_error([](const std::vector<Tensor>& x) {
    const SparseTensor other{int64s({0, 0, 1, 2}, {2, 2}), x[1], int64s({3, 4}, {2})};
    return tf::sparse::add(at_five(x[0]), other).values;
  }, {kValues, random_tensor({2}, 4)}), kTolerance);
  EXPECT_LT(max_gradient_error([](const std::vector<Tensor>& x) { return tf::sparse::add(at_five(x[0]), x[1]); },
                               {kValues, random_tensor({3, 4}, 5)}), kTolerance);
  EXPECT_LT(max_gradient_error([](const std::vector<Tensor>& x) {
    return tf::sparse::slice(at_five(x[0]), {0, 1}, {3, 3}).values;
  }, {kValues}), kTolerance);
  EXPECT_LT(max_gradient_error([](const std::vector<Tensor>& x) {
    const SparseTensor gappy{int64s({0, 1, 2, 0}, {2, 2}), x[0], int64s({4, 2}, {2})};
    return tf::sparse::fill_empty_rows(gappy, x[1]).output.values * tf::constant({1.0, 2.0, 3.0, 4.0});
  }, {random_tensor({2}, 6), tf::constant(0.25)}), kTolerance);
}

TEST(SparseGradients, DenseCwiseMulAndDivWithBroadcasting) {
  for (const tf::TensorShape& dense : {tf::TensorShape({4}), tf::TensorShape({3, 1}), tf::TensorShape({3, 4})}) {
    EXPECT_LT(max_gradient_error([](const std::vector<Tensor>& x) { return tf::sparse::multiply(at_five(x[0]), x[1]).values; },
                                 {kValues, random_tensor(dense, 7)}), kTolerance);
    EXPECT_LT(max_gradient_error([](const std::vector<Tensor>& x) { return tf::sparse::divide(at_five(x[0]), x[1]).values; },
                                 {kValues, random_tensor(dense, 8, 1.0, 2.0)}), kTolerance);
  }
}

TEST(SparseGradients, SegmentReductions) {
  const Tensor data = random_tensor({4, 3}, 9);
  const Tensor indices = tf::constant({3, 0, 3, 1}), ids = tf::constant({0, 0, 2, 2});
  EXPECT_LT(max_gradient_error([&](const std::vector<Tensor>& x) { return tf::sparse::segment_sum(x[0], indices, ids); },
                               {data}), kTolerance);
  EXPECT_LT(max_gradient_error([&](const std::vector<Tensor>& x) { return tf::sparse::segment_mean(x[0], indices, ids); },
                               {data}), kTolerance);
  EXPECT_LT(max_gradient_error([&](const std::vector<Tensor>& x) {
    return tf::sparse::segment_sqrt_n(x[0], indices, ids, {.num_segments = 4});
  }, {data}), kTolerance);
}

}  // namespace
