#include <gtest/gtest.h>

#include <functional>
#include <random>

#include <tfpp/tfpp.h>

#include "error_of.h"

namespace {

using Doubles = std::vector<double>;

using tf::testing::error_of;

tf::Tensor iota(const tf::TensorShape& shape) {
  std::vector<double> v(shape.num_elements());
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>(i + 1);
  return tf::constant(v, shape);
}

void expect_same(const tf::Tensor& got, const tf::Tensor& want) {
  EXPECT_EQ(got.shape(), want.shape());
  EXPECT_EQ(got.numpy<double>(), want.numpy<double>());
}

TEST(Einsum, CommonPatterns) {
  tf::Tensor a = iota({2, 3}), b = iota({3, 4});
  expect_same(tf::einsum("ij,jk->ik", {a, b}), tf::matmul(a, b));
  expect_same(tf::einsum("ij,jk", {a, b}), tf::matmul(a, b));  // implicit output "ik"
  expect_same(tf::einsum("ij->ji", {a}), tf::transpose(a));
  expect_same(tf::einsum("ji", {a}), tf::transpose(a));  // implicit output "ij"
  expect_same(tf::einsum("ij", {a}), a);
  EXPECT_EQ(tf::einsum("ij->i", {a}).numpy<double>(), (Doubles{6, 15}));
  EXPECT_EQ(tf::einsum("ij->j", {a}).numpy<double>(), (Doubles{5, 7, 9}));
  EXPECT_EQ(tf::einsum("ij->", {a}).item<double>(), 21.0);
  tf::Tensor u = tf::constant({1.0, 2.0}), v = tf::constant({3.0, 4.0, 5.0});
  tf::Tensor outer = tf::einsum("i,j->ij", {u, v});
  EXPECT_EQ(outer.shape(), tf::TensorShape({2, 3}));
  EXPECT_EQ(outer.numpy<double>(), (Doubles{3, 4, 5, 6, 8, 10}));
  EXPECT_EQ(tf::einsum("i,i->", {v, v}).item<double>(), 50.0);
  EXPECT_EQ(tf::einsum("ij,j->i", {a, v}).numpy<double>(), (Doubles{26, 62}));
  tf::Tensor ba = iota({2, 2, 3}), bb = iota({2, 3, 2});
  expect_same(tf::einsum("bij,bjk->bik", {ba, bb}), tf::matmul(ba, bb));
  expect_same(tf::einsum("bij,bkj->bik", {ba, ba}), tf::matmul(ba, ba, {.transpose_b = true}));
  expect_same(tf::einsum("ij,jk,kl->il", {a, b, iota({4, 2})}), tf::matmul(tf::matmul(a, b), iota({4, 2})));
  expect_same(tf::linalg::einsum("bij,bjk->bki", {ba, bb}), tf::transpose(tf::matmul(ba, bb), {0, 2, 1}));
}

TEST(Einsum, EllipsisBroadcastsBatchDimensions) {
  tf::Tensor a = iota({2, 1, 2, 3}), b = iota({3, 3, 2});
  tf::Tensor c = tf::einsum("...ij,...jk->...ik", {a, b});
  EXPECT_EQ(c.shape(), tf::TensorShape({2, 3, 2, 2}));
  expect_same(c, tf::matmul(a, b));
  expect_same(tf::einsum("...ij->...ji", {a}), tf::transpose(a, {0, 1, 3, 2}));
  EXPECT_EQ(tf::einsum("...i->...", {iota({2, 3})}).numpy<double>(), (Doubles{6, 15}));
}

TEST(Einsum, MatchesLoopsOnAGeneralContraction) {
  // out[a, d] = sum_{b, c} x[a, b, c] * y[c, b, d] * z[d]
  std::mt19937 rng(17);
  std::uniform_int_distribution<int> dist(-3, 3);
  const int A = 5, B = 4, C = 6, D = 3;
  std::vector<double> x(A * B * C), y(C * B * D), z(D);
  for (auto* vec : {&x, &y, &z})
    for (double& e : *vec) e = dist(rng);
  tf::Tensor out = tf::einsum("abc,cbd,d->ad", {tf::constant(x, {A, B, C}), tf::constant(y, {C, B, D}), tf::constant(z, {D})});
  ASSERT_EQ(out.shape(), tf::TensorShape({A, D}));
  const auto got = out.numpy<double>();
  for (int a = 0; a < A; ++a)
    for (int d = 0; d < D; ++d) {
      double want = 0;
      for (int b = 0; b < B; ++b)
        for (int c = 0; c < C; ++c) want += x[(a * B + b) * C + c] * y[(c * B + b) * D + d] * z[d];
      EXPECT_EQ(got[a * D + d], want) << a << "," << d;
    }
  // Attention scores: "bhqd,bhkd->bhqk".
  tf::Tensor q = iota({1, 2, 3, 4}), k = iota({1, 2, 5, 4});
  expect_same(tf::einsum("bhqd,bhkd->bhqk", {q, k}), tf::matmul(q, k, {.transpose_b = true}));
}

TEST(Einsum, RepeatedSubscriptsTakeDiagonals) {
  tf::Tensor m = iota({3, 3});  // 1..9
  EXPECT_EQ(tf::einsum("ii->i", {m}).numpy<double>(), (std::vector<double>{1, 5, 9}));
  EXPECT_EQ(tf::einsum("ii", {m}).item<double>(), 15.0);  // implicit output: the trace
  EXPECT_EQ(tf::einsum("ii,i->i", {m, tf::constant({1.0, 2.0, 3.0})}).numpy<double>(), (std::vector<double>{1, 10, 27}));
  // The advanced autodiff guide's check: the batch diagonal of a full Jacobian [b, x, b, y].
  tf::Tensor j = iota({2, 3, 2, 4});
  const tf::Tensor d = tf::einsum("bxby->bxy", {j});
  EXPECT_EQ(d.shape(), tf::TensorShape({2, 3, 4}));
  const auto full = j.numpy<double>(), got = d.numpy<double>();
  for (int b = 0; b < 2; ++b)
    for (int x = 0; x < 3; ++x)
      for (int y = 0; y < 4; ++y) EXPECT_EQ(got[(b * 3 + x) * 4 + y], full[((b * 3 + x) * 2 + b) * 4 + y]);
  EXPECT_EQ(tf::einsum("iii->i", {iota({2, 2, 2})}).numpy<double>(), (std::vector<double>{1, 8}));
}

TEST(Einsum, Errors) {
  tf::Tensor a = iota({2, 3});
  EXPECT_EQ(error_of([&] { tf::einsum("ij,jk->ik", {a}); }),
            "[Einsum] the equation has 2 operands but 1 inputs were given (equation \"ij,jk->ik\")");
  EXPECT_EQ(error_of([&] { tf::einsum("ijk->i", {a}); }),
            "[Einsum] operand 0 has subscripts 'ijk' for a tensor of shape [2,3] (equation \"ijk->i\")");
  EXPECT_EQ(error_of([&] { tf::einsum("ij,jk->ik", {a, a}); }),
            "[Einsum] subscript 'j' has size 3 in operand 0 but 2 in operand 1 (equation \"ij,jk->ik\")");
  EXPECT_EQ(error_of([&] { tf::einsum("ii->i", {a}); }),
            "[Einsum] subscript 'i' names dimensions of sizes 2 and 3 in one operand (equation \"ii->i\")");
  EXPECT_EQ(error_of([&] { tf::einsum("ij->k", {a}); }),
            "[Einsum] output subscript 'k' does not appear in any operand (equation \"ij->k\")");
  EXPECT_EQ(error_of([&] { tf::einsum("ij->ii", {a}); }), "[Einsum] output subscript 'i' repeats (equation \"ij->ii\")");
  EXPECT_EQ(error_of([&] { tf::einsum("i2->i", {a}); }), "[Einsum] invalid subscript '2' in operand 0 (equation \"i2->i\")");
  EXPECT_EQ(error_of([&] { tf::einsum("ij->i", {}); }), "[Einsum] needs at least one input (equation \"ij->i\")");
}

TEST(Tensordot, AxesCountAndLists) {
  tf::Tensor a = iota({2, 3}), b = iota({3, 4});
  expect_same(tf::tensordot(a, b, 1), tf::matmul(a, b));
  tf::Tensor outer = tf::tensordot(a, b, 0);
  EXPECT_EQ(outer.shape(), tf::TensorShape({2, 3, 3, 4}));
  EXPECT_EQ(outer.numpy<double>()[1 * 36 + 2 * 12 + 0 * 4 + 3], 6.0 * 4.0);
  EXPECT_EQ(tf::tensordot(a, a, 2).item<double>(), 91.0);  // 1 + 4 + ... + 36
  expect_same(tf::tensordot(a, a, {{1}, {1}}), tf::matmul(a, a, {.transpose_b = true}));
  expect_same(tf::tensordot(a, a, {{0}, {0}}), tf::matmul(a, a, {.transpose_a = true}));
  tf::Tensor c = iota({3, 2, 5});
  tf::Tensor r = tf::tensordot(a, c, {{0, 1}, {1, 0}});
  EXPECT_EQ(r.shape(), tf::TensorShape({5}));
  double want0 = 0;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j) want0 += (i * 3 + j + 1) * ((j * 2 + i) * 5 + 1);
  EXPECT_EQ(r.numpy<double>()[0], want0);
}

TEST(Tensordot, Errors) {
  tf::Tensor a = iota({2, 3}), b = iota({4, 5});
  EXPECT_EQ(error_of([&] { tf::tensordot(a, b, 1); }),
            "[Tensordot] contracted dimensions differ: a axis 1 has size 3, b axis 0 has size 4 (a is [2,3], b is [4,5])");
  EXPECT_EQ(error_of([&] { tf::tensordot(a, b, 3); }),
            "[Tensordot] axes must be between 0 and the smaller rank, got 3 (a is [2,3], b is [4,5])");
  EXPECT_EQ(error_of([&] { tf::tensordot(a, b, {{0, 1}, {0}}); }),
            "[Tensordot] the axes lists differ in length: 2 and 1 (a is [2,3], b is [4,5])");
  EXPECT_EQ(error_of([&] { tf::tensordot(a, b, {{2}, {0}}); }),
            "[Tensordot] axis 2 of a is out of range (a is [2,3], b is [4,5])");
  EXPECT_EQ(error_of([&] { tf::tensordot(a, a, {{0, -2}, {0, 1}}); }),
            "[Tensordot] axis 0 of a is listed twice (a is [2,3], b is [2,3])");
}

}  // namespace
