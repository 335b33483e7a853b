// Gradients of matmul (all transpose combinations, broadcast batch dimensions), einsum and
// tensordot (composed from differentiable ops) against central finite differences (float64).
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "autodiff/grad_cases.h"

namespace {

using tf::Tensor;
using tf::TensorShape;
using tf::testing::GradCase;
using V = std::vector<Tensor>;

// a's and b's stored shapes for c = op(a) op(b) with c of [..., m, n], inner size k.
TensorShape stored(TensorShape batch, std::int64_t rows, std::int64_t cols, bool transposed) {
  batch.append(transposed ? cols : rows);
  batch.append(transposed ? rows : cols);
  return batch;
}

}  // namespace

std::vector<GradCase> tf::testing::linalg_grad_cases() {
  std::vector<GradCase> c;
  const std::vector<std::pair<TensorShape, TensorShape>> batches = {
      {{}, {}}, {{2}, {2}}, {{2}, {}}, {{}, {3}}, {{2, 1}, {3}}, {{1, 2}, {3, 1}}};
  for (std::size_t i = 0; i < batches.size(); ++i)
    for (bool ta : {false, true})
      for (bool tb : {false, true}) {
        const TensorShape a = stored(batches[i].first, 2, 3, ta), b = stored(batches[i].second, 3, 4, tb);
        const std::string n = "MatMul_batch" + std::to_string(i) + (ta ? "_Ta" : "") + (tb ? "_Tb" : "");
        c.push_back({n, {{a}, {b}}, [ta, tb](const V& x) { return tf::matmul(x[0], x[1], {.transpose_a = ta, .transpose_b = tb}); }, true});
      }
  c.push_back({"MatMulSameInput", {{{3, 3}}}, [](const V& x) { return tf::matmul(x[0], x[0], {.transpose_b = true}); }, true});
  c.push_back({"MatMulVectorLike", {{{1, 4}}, {{4, 1}}}, [](const V& x) { return tf::matmul(x[0], x[1]); }, true});
  c.push_back({"MatMulEmptyInner", {{{2, 0}}, {{0, 3}}}, [](const V& x) { return tf::matmul(x[0], x[1]); }});
  c.push_back({"MatMulChain", {{{2, 3}}, {{3, 3}}}, [](const V& x) { return tf::matmul(tf::matmul(x[0], x[1]), x[1]); }, true});
  const std::vector<std::tuple<std::string, std::string, TensorShape, TensorShape>> einsums = {
      {"MatMul", "ij,jk->ik", {2, 3}, {3, 4}},     {"Batch", "bij,bjk->bik", {2, 2, 3}, {2, 3, 2}},
      {"Outer", "i,j->ij", {3}, {2}},               {"Dot", "i,i->", {4}, {4}},
      {"Transposed", "ij,kj->ki", {2, 3}, {4, 3}},  {"SumOut", "ijk,kl->il", {2, 2, 3}, {3, 2}},
      {"Ellipsis", "...ij,...jk->...ik", {2, 2, 3}, {3, 2}}, {"Hadamard", "ij,ij->ij", {2, 3}, {2, 3}}};
  for (const auto& [name, eq, a, b] : einsums)
    c.push_back({"Einsum" + name, {{a}, {b}}, [eq](const V& x) { return tf::einsum(eq, {x[0], x[1]}); }, true});
  c.push_back({"EinsumUnarySum", {{{2, 3}}}, [](const V& x) { return tf::einsum("ij->j", {x[0]}); }});
  c.push_back({"EinsumDiagonal", {{{3, 2, 3}}}, [](const V& x) { return tf::einsum("bxb->bx", {x[0]}); }});
  c.push_back({"EinsumTraceTimes", {{{3, 3}}, {{3}}}, [](const V& x) { return tf::einsum("ii,i->", {x[0], x[1]}); }, true});
  c.push_back({"EinsumThree", {{{2, 3}}, {{3, 2}}, {{2}}}, [](const V& x) { return tf::einsum("ij,jk,k->i", {x[0], x[1], x[2]}); }, true});
  c.push_back({"Tensordot1", {{{2, 3}}, {{3, 2}}}, [](const V& x) { return tf::tensordot(x[0], x[1], 1); }, true});
  c.push_back({"Tensordot2", {{{2, 3, 2}}, {{3, 2, 2}}}, [](const V& x) { return tf::tensordot(x[0], x[1], 2); }, true});
  return c;
}

namespace {

class LinalgGradient : public ::testing::TestWithParam<GradCase> {};
TEST_P(LinalgGradient, MatchesFiniteDifferences) { tf::testing::check_gradient_case(GetParam()); }
INSTANTIATE_TEST_SUITE_P(Ops, LinalgGradient, ::testing::ValuesIn(tf::testing::linalg_grad_cases()), tf::testing::case_name);

TEST(LinalgGradientValues, MatMulFloat32) {
  const Tensor a = tf::constant({{1.0f, 2.0f}, {3.0f, 4.0f}}), b = tf::constant({{5.0f, 6.0f}, {7.0f, 8.0f}});
  tf::GradientTape tape({.persistent = true});
  tape.watch(a);
  tape.watch(b);
  const Tensor y = tf::matmul(a, b);
  // d sum(a b) / d a = ones b^T: row sums of b; / d b = a^T ones: column sums of a.
  EXPECT_EQ(tape.gradient(y, a).numpy<float>(), (std::vector<float>{11, 15, 11, 15}));
  EXPECT_EQ(tape.gradient(y, b).numpy<float>(), (std::vector<float>{4, 4, 6, 6}));
}

TEST(LinalgGradientValues, BatchMatMulBroadcastGradientHasTheInputShape) {
  const Tensor a = tf::ones({4, 2, 3}), b = tf::ones({3, 5});
  tf::GradientTape tape;
  tape.watch(b);
  const Tensor g = tape.gradient(tf::matmul(a, b), b);
  EXPECT_EQ(g.shape(), TensorShape({3, 5}));
  EXPECT_EQ(g.numpy<float>(), std::vector<float>(15, 8.0f));  // 4 batches x 2 rows
}

}  // namespace
