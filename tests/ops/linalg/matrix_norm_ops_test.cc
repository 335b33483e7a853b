// tf::linalg's band_part, diag, diag_part, set_diag, trace, matrix_transpose, and the norms and
// norm clipping: values (from TensorFlow 2.21) and error paths.
#include <gtest/gtest.h>

#include <cmath>
#include <tfpp/matrix_ops.h>
#include <tfpp/norm_ops.h>
#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using tf::testing::error_of;
using F = std::vector<float>;

tf::Tensor matrix34() { return tf::reshape(tf::range(0.0, 12.0, 1.0, tf::float32), {3, 4}); }

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

TEST(MatrixBandPart, KeepsTheBand) {
  EXPECT_EQ(tf::linalg::band_part(matrix34(), 1, 0).numpy<float>(), (F{0, 0, 0, 0, 4, 5, 0, 0, 0, 9, 10, 0}));
  EXPECT_EQ(tf::linalg::band_part(matrix34(), -1, 0).numpy<float>(), (F{0, 0, 0, 0, 4, 5, 0, 0, 8, 9, 10, 0}));
  EXPECT_EQ(tf::linalg::band_part(matrix34(), 0, -1).numpy<float>(), (F{0, 1, 2, 3, 0, 5, 6, 7, 0, 0, 10, 11}));
  EXPECT_TRUE(contains(error_of([] { tf::linalg::band_part(matrix34(), 4, 0); }), "num_lower must be negative or less or equal to number of rows (3) got: 4"));
  EXPECT_TRUE(contains(error_of([] { tf::linalg::band_part(tf::constant({1, 2}), 0, 0); }), "[MatrixBandPart] input must be at least 2-dim"));
}

TEST(MatrixDiag, DiagDiagPartSetDiagTrace) {
  const tf::Tensor d = tf::linalg::diag(tf::constant({{1, 2}, {3, 4}}));
  EXPECT_EQ(d.shape(), tf::TensorShape({2, 2, 2}));
  EXPECT_EQ(d.numpy<std::int32_t>(), (std::vector<std::int32_t>{1, 0, 0, 2, 3, 0, 0, 4}));
  EXPECT_EQ(tf::linalg::diag_part(matrix34()).numpy<float>(), (F{0, 5, 10}));
  EXPECT_EQ(tf::linalg::set_diag(matrix34(), tf::constant({1.0f, 2.0f, 3.0f})).numpy<float>(),
            (F{1, 1, 2, 3, 4, 2, 6, 7, 8, 9, 3, 11}));
  EXPECT_EQ(tf::linalg::trace(matrix34()).numpy<float>(), (F{15}));
  EXPECT_TRUE(contains(error_of([] { tf::linalg::diag(tf::constant(1)); }), "[MatrixDiag] diagonal must be at least 1-dim"));
  EXPECT_TRUE(contains(error_of([] { tf::linalg::diag_part(tf::constant({1})); }), "[MatrixDiagPart] input must be at least 2-dim"));
  EXPECT_TRUE(contains(error_of([] { tf::linalg::set_diag(matrix34(), tf::constant({1.0f, 2.0f})); }),
                       "[MatrixSetDiag] diagonal must have shape"));
}

TEST(MatrixTranspose, SwapsTheLastTwoAxes) {
  const tf::Tensor t = tf::linalg::matrix_transpose(tf::reshape(matrix34(), {1, 3, 4}));
  EXPECT_EQ(t.shape(), tf::TensorShape({1, 4, 3}));
  EXPECT_EQ(tf::linalg::adjoint(matrix34()).numpy<float>(), (F{0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}));
  EXPECT_TRUE(contains(error_of([] { tf::linalg::matrix_transpose(tf::constant({1})); }), "rank >= 2"));
}

TEST(Norm, VectorAndMatrixOrders) {
  const tf::Tensor x = tf::constant({{1.0f, -2.0f}, {3.0f, 4.0f}});
  EXPECT_FLOAT_EQ(tf::norm(x).numpy<float>()[0], std::sqrt(30.0f));
  EXPECT_EQ(tf::norm(x, {.ord = 1.0, .axis = std::vector<std::int64_t>{1}}).numpy<float>(), (F{3, 7}));
  EXPECT_EQ(tf::norm(x, {.ord = INFINITY, .axis = std::vector<std::int64_t>{0}, .keepdims = true}).shape(),
            tf::TensorShape({1, 2}));
  EXPECT_EQ(tf::norm(x, {.ord = 1.0, .axis = std::vector<std::int64_t>{0, 1}}).numpy<float>(), (F{6}));       // max column sum
  EXPECT_EQ(tf::norm(x, {.ord = INFINITY, .axis = std::vector<std::int64_t>{0, 1}}).numpy<float>(), (F{7}));  // max row sum
  EXPECT_FLOAT_EQ(tf::norm(x, {.ord = "fro", .axis = std::vector<std::int64_t>{-2, -1}}).numpy<float>()[0], std::sqrt(30.0f));
  EXPECT_FLOAT_EQ(tf::linalg::norm(x, {.ord = 0.5}).numpy<float>()[0], 37.77657f);
  EXPECT_TRUE(contains(error_of([&] { tf::norm(x, {.ord = "fro"}); }), "'ord' must be a supported vector norm, got fro"));
  EXPECT_TRUE(contains(error_of([&] { tf::norm(x, {.ord = -1.0}); }), "supported vector norm, got -1"));
  EXPECT_TRUE(contains(error_of([&] { tf::norm(x, {.ord = 3.0, .axis = std::vector<std::int64_t>{0, 1}}); }),
                       "supported matrix norm"));
  EXPECT_TRUE(contains(error_of([&] { tf::norm(x, {.axis = std::vector<std::int64_t>{0, 0}}); }), "2 unique integers"));
  // The spectral norm: the largest singular value (5.1166727 for x), keeping reduced axes as asked.
  EXPECT_NEAR(tf::norm(x, {.ord = 2.0, .axis = std::vector<std::int64_t>{0, 1}}).numpy<float>()[0], 5.1166727f, 1e-5f);
  const tf::Tensor batch = tf::stack({x, x * 2.0f}, 1);  // [2, 2, 2] with the matrices over axes 0 and 2
  const tf::Tensor spectral = tf::norm(batch, {.ord = 2.0, .axis = std::vector<std::int64_t>{0, -1}, .keepdims = true});
  EXPECT_EQ(spectral.shape(), tf::TensorShape({1, 2, 1}));
  EXPECT_NEAR(spectral.numpy<float>()[1], 2 * 5.1166727f, 1e-4f);
  EXPECT_EQ(tf::norm(tf::constant({1, -2}), {.ord = 1.0}).numpy<std::int32_t>(), (std::vector<std::int32_t>{3}));
  EXPECT_TRUE(contains(error_of([] { tf::norm(tf::constant({1, -2})); }), "[Sqrt]"));  // as TensorFlow: no integer sqrt
}

TEST(ClipByNorm, ScalesDownOnlyLargeNorms) {
  const tf::Tensor x = tf::constant({3.0f, 4.0f});
  EXPECT_EQ(tf::clip_by_norm(x, 10.0).numpy<float>(), (F{3, 4}));
  const std::vector<float> c = tf::clip_by_norm(x, 1.0).numpy<float>();
  EXPECT_FLOAT_EQ(c[0], 0.6f);
  EXPECT_FLOAT_EQ(c[1], 0.8f);
  EXPECT_EQ(tf::clip_by_norm(tf::zeros({2}), 1.0).numpy<float>(), (F{0, 0}));
  const tf::Tensor rows = tf::clip_by_norm(tf::constant({{3.0f, 4.0f}, {0.3f, 0.4f}}), tf::constant(1.0f), std::vector<std::int64_t>{1});
  EXPECT_FLOAT_EQ(rows.numpy<float>()[3], 0.4f);
}

TEST(ClipByGlobalNorm, ScalesEveryTensorAndKeepsUndefinedOnes) {
  const tf::Tensor x = tf::constant({{1.0f, -2.0f}, {3.0f, 4.0f}});
  const auto [clipped, norm] = tf::clip_by_global_norm({x, tf::Tensor(), x * 2.0f}, 1.0);
  EXPECT_FLOAT_EQ(norm.numpy<float>()[0], 12.247449f);
  EXPECT_FALSE(clipped[1].defined());
  EXPECT_FLOAT_EQ(clipped[0].numpy<float>()[0], 0.08164965f);
  EXPECT_FLOAT_EQ(tf::linalg::global_norm({x, x * 2.0f}).numpy<float>()[0], 12.247449f);
  EXPECT_EQ(tf::linalg::global_norm({}).numpy<float>(), (F{0}));  // no tensors: TensorFlow's float32 zero
  const auto inf = tf::clip_by_global_norm({x, x * INFINITY}, 1.0);  // a non-finite norm: every value NaN
  EXPECT_TRUE(std::isinf(inf.second.numpy<float>()[0]));
  EXPECT_TRUE(std::isnan(inf.first[0].numpy<float>()[0]));
}

}  // namespace
