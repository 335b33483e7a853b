#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include <tfpp/tfpp.h>

#include "error_of.h"

#include "core/tensor_impl.h"
#include "ops/execute.h"
#include "ops/op_def.h"

namespace {

using Floats = std::vector<float>;

using tf::testing::error_of;

TEST(ReduceOps, SumOverAxesAndAll) {
  tf::Tensor x = tf::constant({{1.0f, 2.0f, 3.0f}, {4.0f, 5.0f, 6.0f}});
  EXPECT_EQ(tf::reduce_sum(x).item<float>(), 21.0f);
  EXPECT_EQ(tf::reduce_sum(x).shape(), tf::TensorShape({}));
  EXPECT_EQ(tf::reduce_sum(x, 0).numpy<float>(), (Floats{5, 7, 9}));
  EXPECT_EQ(tf::reduce_sum(x, 1).numpy<float>(), (Floats{6, 15}));
  EXPECT_EQ(tf::reduce_sum(x, -1).numpy<float>(), (Floats{6, 15}));
  EXPECT_EQ(tf::reduce_sum(x, {0, 1}).item<float>(), 21.0f);
  EXPECT_EQ(tf::reduce_sum(x, {-1, 0}).item<float>(), 21.0f);
  // An empty axis list reduces nothing, as in TensorFlow.
  EXPECT_EQ(tf::reduce_sum(x, std::vector<std::int64_t>{}).numpy<float>(), (Floats{1, 2, 3, 4, 5, 6}));
}

TEST(ReduceOps, KeepDims) {
  tf::Tensor x = tf::constant({{1, 2, 3}, {4, 5, 6}});
  tf::Tensor s = tf::reduce_sum(x, 1, {.keepdims = true});
  EXPECT_EQ(s.shape(), tf::TensorShape({2, 1}));
  EXPECT_EQ(s.numpy<std::int32_t>(), (std::vector<std::int32_t>{6, 15}));
  EXPECT_EQ(tf::reduce_max(x, {.keepdims = true}).shape(), tf::TensorShape({1, 1}));
  EXPECT_EQ(tf::reduce_max(x, {.keepdims = true}).item<std::int32_t>(), 6);
}

TEST(ReduceOps, MaxMinProdMeanOnRank3) {
  // x[i][j][k] = i * 12 + j * 4 + k, shape [2,3,4]
  std::vector<double> v(24);
  for (int i = 0; i < 24; ++i) v[i] = i;
  tf::Tensor x = tf::constant(v, {2, 3, 4});
  EXPECT_EQ(tf::reduce_max(x, {0, 2}).numpy<double>(), (std::vector<double>{15, 19, 23}));
  EXPECT_EQ(tf::reduce_min(x, {0, 2}).numpy<double>(), (std::vector<double>{0, 4, 8}));
  EXPECT_EQ(tf::reduce_mean(x, 1).numpy<double>(), (std::vector<double>{4, 5, 6, 7, 16, 17, 18, 19}));
  EXPECT_EQ(tf::reduce_mean(x, {0, 2}).numpy<double>(), (std::vector<double>{7.5, 11.5, 15.5}));
  tf::Tensor small = tf::constant({{1.0f, 2.0f}, {3.0f, 4.0f}});
  EXPECT_EQ(tf::reduce_prod(small, 0).numpy<float>(), (Floats{3, 8}));
  EXPECT_EQ(tf::reduce_prod(small).item<float>(), 24.0f);
}

TEST(ReduceOps, IntegerMeanTruncatesTowardZero) {
  EXPECT_EQ(tf::reduce_mean(tf::constant({1, 2})).item<std::int32_t>(), 1);
  EXPECT_EQ(tf::reduce_mean(tf::constant({-1, -2})).item<std::int32_t>(), -1);
  EXPECT_EQ(tf::reduce_mean(tf::constant({{1, 2}, {4, 8}}), 1).numpy<std::int32_t>(), (std::vector<std::int32_t>{1, 6}));
  EXPECT_EQ(tf::reduce_mean(tf::constant(std::vector<std::int64_t>{7, 8, 8})).item<std::int64_t>(), 7);
}

TEST(ReduceOps, EmptyReductionsGiveIdentities) {
  tf::Tensor e = tf::zeros({0, 3});
  EXPECT_EQ(tf::reduce_sum(e, 0).numpy<float>(), (Floats{0, 0, 0}));
  EXPECT_EQ(tf::reduce_prod(e, 0).numpy<float>(), (Floats{1, 1, 1}));
  EXPECT_EQ(tf::reduce_max(e).item<float>(), -std::numeric_limits<float>::infinity());
  EXPECT_EQ(tf::reduce_min(e).item<float>(), std::numeric_limits<float>::infinity());
  EXPECT_TRUE(std::isnan(tf::reduce_mean(e).item<float>()));
  EXPECT_EQ(tf::reduce_sum(e, 1).shape(), tf::TensorShape({0}));
  tf::Tensor ei = tf::zeros({0}, tf::int32);
  EXPECT_EQ(tf::reduce_max(ei).item<std::int32_t>(), std::numeric_limits<std::int32_t>::lowest());
  EXPECT_EQ(tf::reduce_min(ei).item<std::int32_t>(), std::numeric_limits<std::int32_t>::max());
  EXPECT_EQ(tf::reduce_mean(ei).item<std::int32_t>(), 0);
  tf::Tensor eb = tf::zeros({2, 0}, tf::bool_);
  EXPECT_EQ(tf::reduce_any(eb, 1).numpy<bool>(), (std::vector<bool>{false, false}));
  EXPECT_EQ(tf::reduce_all(eb, 1).numpy<bool>(), (std::vector<bool>{true, true}));
}

TEST(ReduceOps, ScalarsReduceToThemselves) {
  EXPECT_EQ(tf::reduce_sum(tf::constant(3.5f)).item<float>(), 3.5f);
  EXPECT_EQ(tf::reduce_max(tf::constant(std::int64_t{-4})).item<std::int64_t>(), -4);
}

TEST(ReduceOps, AnyAll) {
  tf::Tensor b = tf::constant({{true, false}, {false, false}});
  EXPECT_TRUE(tf::reduce_any(b).item<bool>());
  EXPECT_FALSE(tf::reduce_all(b).item<bool>());
  EXPECT_EQ(tf::reduce_any(b, 1).numpy<bool>(), (std::vector<bool>{true, false}));
  EXPECT_EQ(tf::reduce_all(tf::constant({{true, true}, {false, true}}), 0).numpy<bool>(), (std::vector<bool>{false, true}));
}

TEST(ReduceOps, Errors) {
  tf::Tensor x = tf::zeros({2, 3});
  EXPECT_EQ(error_of([&] { tf::reduce_sum(x, 2); }), "[Sum] invalid reduction axis 2 for input of shape [2,3] (rank 2)");
  EXPECT_EQ(error_of([&] { tf::reduce_mean(x, -3); }), "[Mean] invalid reduction axis -3 for input of shape [2,3] (rank 2)");
  EXPECT_EQ(error_of([&] { tf::reduce_max(x, {1, -1}); }),
            "[Max] axes contain duplicate dimension 1 for input of shape [2,3]");
  EXPECT_EQ(error_of([&] { tf::reduce_any(x); }), "[Any] no kernel for dtype float32");
  EXPECT_EQ(error_of([&] { tf::reduce_sum(tf::constant({true})); }), "[Sum] no kernel for dtype bool");
  EXPECT_EQ(error_of([&] { tf::reduce_sum(tf::constant(1.0f), 0); }),
            "[Sum] invalid reduction axis 0 for input of shape [] (rank 0)");
}

TEST(ReduceOps, ShapeFunctionHandlesUnknownDims) {
  // Shape inference on symbolic-like shapes: run the shape function on a shape with unknowns.
  const tf::ops::OpDef* sum = tf::ops::find_op("Sum");
  ASSERT_NE(sum, nullptr);
  tf::Tensor x = tf::zeros({2, 3});
  auto impl = std::make_shared<tf::detail::TensorImpl>(*x.impl());
  impl->shape = tf::TensorShape({tf::None, 3, tf::None});
  tf::Tensor partly_unknown(impl);
  const tf::ops::AttrValue attrs[] = {std::vector<std::int64_t>{1}, true};
  auto infos = tf::ops::infer_outputs(*sum, {&partly_unknown, 1}, attrs);
  EXPECT_EQ(infos[0].shape, tf::TensorShape({tf::None, 1, tf::None}));
  impl->shape = tf::TensorShape::unknown_rank();
  infos = tf::ops::infer_outputs(*sum, {&partly_unknown, 1}, attrs);
  EXPECT_TRUE(infos[0].shape.has_unknown_rank());
}

// Reference: reduce a [d0, d1, d2] tensor over a mask of axes in double precision.
std::vector<double> reference_sum(const std::vector<float>& x, std::array<std::int64_t, 3> d, std::array<bool, 3> r) {
  std::array<std::int64_t, 3> od;
  for (int i = 0; i < 3; ++i) od[i] = r[i] ? 1 : d[i];
  std::vector<double> out(od[0] * od[1] * od[2], 0.0);
  for (std::int64_t i = 0; i < d[0]; ++i)
    for (std::int64_t j = 0; j < d[1]; ++j)
      for (std::int64_t k = 0; k < d[2]; ++k)
        out[((r[0] ? 0 : i) * od[1] + (r[1] ? 0 : j)) * od[2] + (r[2] ? 0 : k)] += x[(i * d[1] + j) * d[2] + k];
  return out;
}

TEST(ReduceOps, LargeTensorsMatchDoubleReferenceOnEveryPath) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  // Shapes chosen to hit: many rows, one long row, few wide rows, few narrow rows with a long
  // reduced axis, and a two-stage reduction.
  const std::vector<std::pair<std::array<std::int64_t, 3>, std::array<bool, 3>>> cases = {
      {{1, 4096, 300}, {false, false, true}}, {{1, 1, 1 << 20}, {true, true, true}},
      {{1, 300, 4096}, {false, true, false}}, {{2, 100000, 3}, {false, true, false}},
      {{64, 50, 129}, {true, false, true}},   {{3, 700, 70}, {true, false, false}},
      {{1, 2, 200000}, {false, false, true}}, {{500, 40, 3}, {false, true, false}},
      {{1 << 18, 4, 1}, {true, false, false}},  {{1 << 18, 1, 4}, {false, false, true}},
  };
  for (const auto& [d, r] : cases) {
    std::vector<float> v(d[0] * d[1] * d[2]);
    for (float& e : v) e = dist(rng);
    tf::Tensor x = tf::constant(v, {d[0], d[1], d[2]});
    std::vector<std::int64_t> axes;
    for (int i = 0; i < 3; ++i)
      if (r[i]) axes.push_back(i);
    const std::vector<float> got = tf::reduce_sum(x, axes, {.keepdims = true}).numpy<float>();
    const std::vector<double> want = reference_sum(v, d, r);
    ASSERT_EQ(got.size(), want.size());
    std::int64_t n = 1;
    for (int i = 0; i < 3; ++i)
      if (r[i]) n *= d[i];
    for (std::size_t i = 0; i < want.size(); ++i)
      ASSERT_NEAR(got[i], want[i], 1e-5 * n + 1e-4) << "shape " << d[0] << "x" << d[1] << "x" << d[2] << " at " << i;
    // Max over the same axes against a direct scan.
    const std::vector<float> mx = tf::reduce_max(x, axes).numpy<float>();
    if (r[0] && r[1] && r[2]) EXPECT_EQ(mx[0], *std::max_element(v.begin(), v.end()));
  }
}

TEST(ReduceOps, LargeIntegerAndBoolReductions) {
  const std::int64_t n = 1 << 20;
  std::vector<std::int64_t> v(n);
  for (std::int64_t i = 0; i < n; ++i) v[i] = i;
  tf::Tensor x = tf::constant(v, {1024, 1024});
  EXPECT_EQ(tf::reduce_sum(x).item<std::int64_t>(), n * (n - 1) / 2);
  const auto cols = tf::reduce_sum(x, 0).numpy<std::int64_t>();
  EXPECT_EQ(cols[5], 1024 * 5 + 1024LL * 1023 / 2 * 1024);
  EXPECT_EQ(tf::reduce_min(x, 1).numpy<std::int64_t>()[3], 3 * 1024);
  std::vector<bool> b(n, true);
  b[n - 1] = false;
  EXPECT_FALSE(tf::reduce_all(tf::constant(b)).item<bool>());
  EXPECT_TRUE(tf::reduce_any(tf::constant(b)).item<bool>());
}

}  // namespace
