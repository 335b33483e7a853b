// tf::sparse ops: values (expectations computed with TensorFlow 2.21's tf.sparse on the same
// inputs), static shapes while tracing, TensorFlow's checks and messages.
#include <gtest/gtest.h>

#include <tfpp/sparse_ops.h>
#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::SparseTensor;
using tf::Tensor;
using tf::testing::error_of;

Tensor int64s(std::vector<std::int64_t> values, const tf::TensorShape& shape) { return tf::constant(values, shape); }
Tensor int64s(std::vector<std::int64_t> values) {
  const auto n = static_cast<std::int64_t>(values.size());
  return tf::constant(values, tf::TensorShape({n}));
}

// [[1, 0, -2], [0, 0, 0], [0, 3, 0]]
SparseTensor example() { return {int64s({0, 0, 0, 2, 2, 1}, {3, 2}), tf::constant({1.0f, -2.0f, 3.0f}), int64s({3, 3})}; }

std::vector<std::int64_t> indices_of(const SparseTensor& sp) { return sp.indices.numpy<std::int64_t>(); }

TEST(SparseOps, ToDenseFromDenseAndReorder) {
  EXPECT_EQ(tf::sparse::to_dense(example()).numpy<float>(), (std::vector<float>{1, 0, -2, 0, 0, 0, 0, 3, 0}));
  EXPECT_EQ(tf::sparse::to_dense(example(), {.default_value = tf::constant(7.0f)}).numpy<float>(),
            (std::vector<float>{1, 7, -2, 7, 7, 7, 7, 3, 7}));
  const SparseTensor strings{int64s({0, 2}, {2, 1}), tf::constant(std::vector<std::string>{"a", "b"}, {2}), int64s({4})};
  EXPECT_EQ(tf::sparse::to_dense(strings).numpy<std::string>(), (std::vector<std::string>{"a", "", "b", ""}));
  const SparseTensor back = tf::sparse::from_dense(tf::sparse::to_dense(example()));
  EXPECT_EQ(indices_of(back), indices_of(example()));
  const SparseTensor unordered{int64s({2, 1, 0, 2, 0, 0}, {3, 2}), tf::constant({3.0f, -2.0f, 1.0f}), int64s({3, 3})};
  const SparseTensor ordered = tf::sparse::reorder(unordered);
  EXPECT_EQ(indices_of(ordered), indices_of(example()));
  EXPECT_EQ(ordered.values.numpy<float>(), (std::vector<float>{1, -2, 3}));
}

TEST(SparseOps, ToDenseChecksIndicesAsTensorFlow) {
  const SparseTensor unordered{int64s({2, 1, 0, 2}, {2, 2}), tf::constant({3.0f, -2.0f}), int64s({3, 3})};
  EXPECT_EQ(error_of([&] { tf::sparse::to_dense(unordered); }),
            "[SparseToDense] indices[1] = [0,2] is out of order. Many sparse ops require sorted indices.\n"
            "    Use `tf.sparse.reorder` to create a correctly ordered copy.\n\n");
  EXPECT_EQ(tf::sparse::to_dense(unordered, {.validate_indices = false}).numpy<float>()[2], -2.0f);
  const SparseTensor repeated{int64s({0, 1, 0, 1}, {2, 2}), tf::constant({1.0f, 2.0f}), int64s({3, 3})};
  EXPECT_EQ(error_of([&] { tf::sparse::to_dense(repeated); }), "[SparseToDense] indices[1] = [0,1] is repeated");
  const SparseTensor negative{int64s({0, 0}, {1, 2}), tf::constant({1.0f}), int64s({-3, 3})};
  EXPECT_EQ(error_of([&] { tf::sparse::fill_empty_rows(negative, tf::constant(0.0f)); }),
            "[SparseFillEmptyRows] input dense shape [-3,3] has a negative dimension");
  const SparseTensor outside{int64s({5, 0}, {1, 2}), tf::constant({1.0f}), int64s({3, 3})};
  EXPECT_EQ(error_of([&] { tf::sparse::to_dense(outside); }),
            "[SparseToDense] indices[0] = [5,0] is out of bounds: need 0 <= index < [3,3]");
}

TEST(SparseOps, AddSparseAndDense) {
  const SparseTensor minus_one{int64s({0, 0}, {1, 2}), tf::constant({-1.0f}), int64s({3, 3})};
  const SparseTensor sum = tf::sparse::add(example(), minus_one, tf::constant(0.5f));
  EXPECT_EQ(indices_of(sum), (std::vector<std::int64_t>{0, 2, 2, 1}));  // 1 + -1 is below the threshold
  EXPECT_EQ(sum.values.numpy<float>(), (std::vector<float>{-2, 3}));
  const SparseTensor kept = tf::sparse::add(example(), minus_one);
  EXPECT_EQ(kept.values.numpy<float>(), (std::vector<float>{0, -2, 3}));
  EXPECT_EQ(tf::sparse::add(example(), tf::ones({3, 3})).numpy<float>(), (std::vector<float>{2, 1, -1, 1, 1, 1, 1, 4, 1}));
  const SparseTensor wide{int64s({0, 0}, {1, 2}), tf::constant({1.0f}), int64s({3, 4})};
  EXPECT_EQ(error_of([&] { tf::sparse::add(example(), wide); }),
            "[SparseAdd] Operands' shapes do not match: got 3 and 4 for dimension 1");
}

TEST(SparseOps, SparseDenseMatMulWithAdjoints) {
  const Tensor b = tf::constant({{1.0f, 2.0f}, {3.0f, 4.0f}, {5.0f, 6.0f}});
  EXPECT_EQ(tf::sparse::sparse_dense_matmul(example(), b).numpy<float>(), (std::vector<float>{-9, -10, 0, 0, 9, 12}));
  EXPECT_EQ(tf::sparse::sparse_dense_matmul(example(), b, {.adjoint_a = true}).numpy<float>(),
            (std::vector<float>{1, 2, 15, 18, -2, -4}));
  EXPECT_EQ(tf::sparse::sparse_dense_matmul(example(), tf::transpose(b), {.adjoint_b = true}).numpy<float>(),
            (std::vector<float>{-9, -10, 0, 0, 9, 12}));
  EXPECT_EQ(error_of([&] { tf::sparse::sparse_dense_matmul(example(), tf::ones({4, 2})); }),
            "[SparseTensorDenseMatMul] Cannot multiply A and B because inner dimension does not match: 3 vs. 4.  Did "
            "you forget a transpose?  Dimensions of A: [3,3].  Dimensions of B: [4,2]");
}

TEST(SparseOps, Reductions) {
  EXPECT_EQ(tf::sparse::reduce_sum(example()).item<float>(), 2.0f);
  EXPECT_EQ(tf::sparse::reduce_sum(example(), {1}, {.keepdims = true}).numpy<float>(), (std::vector<float>{-1, 0, 3}));
  EXPECT_EQ(tf::sparse::reduce_sum(example(), {1}, {.keepdims = true}).shape(), tf::TensorShape({3, 1}));
  EXPECT_EQ(tf::sparse::reduce_max(example(), {1}).numpy<float>(), (std::vector<float>{1, 0, 3}));
  const SparseTensor negative{int64s({0, 1, 1, 0}, {2, 2}), tf::constant({-4, -2}), int64s({2, 2})};
  EXPECT_EQ(tf::sparse::reduce_max(negative, {1}).numpy<std::int32_t>(), (std::vector<std::int32_t>{-4, -2}));
  const SparseTensor rows = tf::sparse::reduce_sum_sparse(example(), {1}, {.keepdims = true});
  EXPECT_EQ(indices_of(rows), (std::vector<std::int64_t>{0, 0, 2, 0}));
  EXPECT_EQ(rows.values.numpy<float>(), (std::vector<float>{-1, 3}));
  EXPECT_EQ(rows.dense_shape.numpy<std::int64_t>(), (std::vector<std::int64_t>{3, 1}));
  EXPECT_EQ(tf::sparse::reduce_max_sparse(example(), {0}).values.numpy<float>(), (std::vector<float>{1, 3, -2}));
  EXPECT_EQ(error_of([&] { tf::sparse::reduce_sum(example(), {2}); }),
            "[SparseReduceSum] Invalid reduction dimension 2, for input with 2 dimensions.");
}

TEST(SparseOps, ConcatSliceReshapeRetain) {
  const SparseTensor joined = tf::sparse::concat(1, {example(), example()});
  EXPECT_EQ(indices_of(joined), (std::vector<std::int64_t>{0, 0, 0, 2, 0, 3, 0, 5, 2, 1, 2, 4}));
  EXPECT_EQ(joined.values.numpy<float>(), (std::vector<float>{1, -2, 1, -2, 3, 3}));
  EXPECT_EQ(joined.dense_shape.numpy<std::int64_t>(), (std::vector<std::int64_t>{3, 6}));
  const SparseTensor square{int64s({0, 0}, {1, 2}), tf::constant({1.0f}), int64s({2, 2})};
  EXPECT_EQ(error_of([&] { tf::sparse::concat(1, {example(), square}); }),
            "[SparseConcat] Input shapes must match: expected 3 for dimension 0 but got 2 at position 1");
  const SparseTensor cut = tf::sparse::slice(example(), {0, 1}, {3, 2});
  EXPECT_EQ(indices_of(cut), (std::vector<std::int64_t>{0, 1, 2, 0}));
  EXPECT_EQ(cut.values.numpy<float>(), (std::vector<float>{-2, 3}));
  EXPECT_EQ(cut.dense_shape.numpy<std::int64_t>(), (std::vector<std::int64_t>{3, 2}));
  const SparseTensor column = tf::sparse::reshape(example(), {9, -1});
  EXPECT_EQ(indices_of(column), (std::vector<std::int64_t>{0, 0, 2, 0, 7, 0}));
  EXPECT_EQ(column.dense_shape.numpy<std::int64_t>(), (std::vector<std::int64_t>{9, 1}));
  EXPECT_EQ(error_of([&] { tf::sparse::reshape(example(), {10}); }),
            "[SparseReshape] Input to reshape is a tensor with 9 dense values, but the requested shape has 10. "
            "input_shape=[3,3] output_shape=[10]");
  const SparseTensor kept = tf::sparse::retain(example(), tf::constant(std::vector<bool>{true, false, true}, {3}));
  EXPECT_EQ(kept.values.numpy<float>(), (std::vector<float>{1, 3}));
}

TEST(SparseOps, FillEmptyRowsSoftmaxMaximumMinimum) {
  const tf::sparse::FillEmptyRowsResult filled = tf::sparse::fill_empty_rows(example(), tf::constant(9.0f));
  EXPECT_EQ(indices_of(filled.output), (std::vector<std::int64_t>{0, 0, 0, 2, 1, 0, 2, 1}));
  EXPECT_EQ(filled.output.values.numpy<float>(), (std::vector<float>{1, -2, 9, 3}));
  EXPECT_EQ(filled.empty_row_indicator.numpy<bool>(), (std::vector<bool>{false, true, false}));
  const std::vector<float> soft = tf::sparse::softmax(example()).values.numpy<float>();
  EXPECT_NEAR(soft[0], 0.95257413f, 1e-6);
  EXPECT_NEAR(soft[1], 0.04742587f, 1e-6);
  EXPECT_EQ(soft[2], 1.0f);
  const SparseTensor other{int64s({0, 0, 1, 1}, {2, 2}), tf::constant({5.0f, -1.0f}), int64s({3, 3})};
  const SparseTensor high = tf::sparse::maximum(example(), other);
  EXPECT_EQ(indices_of(high), (std::vector<std::int64_t>{0, 0, 0, 2, 1, 1, 2, 1}));
  EXPECT_EQ(high.values.numpy<float>(), (std::vector<float>{5, 0, 0, 3}));
  EXPECT_EQ(tf::sparse::minimum(example(), other).values.numpy<float>(), (std::vector<float>{1, -2, -1, 0}));
  EXPECT_EQ(tf::sparse::multiply(example(), tf::constant({1.0f, 2.0f, 3.0f})).values.numpy<float>(),
            (std::vector<float>{1, -6, 6}));
  EXPECT_EQ(tf::sparse::divide(example(), tf::constant({{2.0f}, {4.0f}, {8.0f}})).values.numpy<float>(),
            (std::vector<float>{0.5f, -1, 0.375f}));
}

TEST(SparseOps, SegmentReductions) {
  const Tensor data = tf::constant({{1.0f, 2.0f}, {3.0f, 4.0f}, {5.0f, 6.0f}});
  EXPECT_EQ(tf::sparse::segment_sum(data, {0, 2, 1}, {0, 0, 2}).numpy<float>(), (std::vector<float>{6, 8, 0, 0, 3, 4}));
  EXPECT_EQ(tf::sparse::segment_mean(data, {0, 2, 1}, {0, 0, 2}).numpy<float>(), (std::vector<float>{3, 4, 0, 0, 3, 4}));
  EXPECT_EQ(tf::sparse::segment_sqrt_n(data, {0, 2, 1}, {0, 0, 2}).numpy<float>()[0], 4.2426405f);
  EXPECT_EQ(tf::sparse::segment_sum(data, {0, 1}, {0, 1}, {.num_segments = 4}).shape(), tf::TensorShape({4, 2}));
  EXPECT_EQ(error_of([&] { tf::sparse::segment_sum(data, {0, 1}, {1, 0}); }),
            "[SparseSegmentSum] segment ids are not increasing");
  EXPECT_EQ(error_of([&] { tf::sparse::segment_sum(data, {0, 7}, {0, 0}); }),
            "[SparseSegmentSum] Bad: indices[1] == 7 out of range [0, 3)");
}

TEST(SparseOps, TracedWithStaticShapes) {
  tf::TensorShape product, summed;
  auto f = tf::function([&](Tensor indices, Tensor values, Tensor shape, Tensor b) {
    const SparseTensor sp{indices, values, shape};
    const Tensor p = tf::sparse::sparse_dense_matmul(sp, b);
    const Tensor s = tf::sparse::reduce_sum(sp, {1});
    product = p.shape();
    summed = s.shape();
    return std::vector<Tensor>{p, s, tf::sparse::add(sp, sp).values};
  });
  const SparseTensor sp = example();
  const std::vector<Tensor> out = f(sp.indices, sp.values, sp.dense_shape, tf::ones({3, 2}));
  EXPECT_EQ(product, tf::TensorShape({tf::None, 2}));
  EXPECT_EQ(out[0].numpy<float>(), (std::vector<float>{-1, -1, 0, 0, 3, 3}));
  EXPECT_EQ(out[1].numpy<float>(), (std::vector<float>{-1, 0, 3}));
  EXPECT_EQ(out[2].numpy<float>(), (std::vector<float>{2, -4, 6}));
}

}  // namespace
