// Every differentiable op's gradient against central finite differences (float64), over
// several shapes, broadcasting cases and attribute settings; elementwise ops also to second order.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "autodiff/grad_cases.h"

namespace {

using tf::Tensor;
using tf::TensorShape;
using tf::testing::TensorFn;

using tf::testing::GradCase;
using tf::testing::positive;

}  // namespace

std::vector<GradCase> tf::testing::op_grad_cases() {
  using V = std::vector<Tensor>;
  std::vector<GradCase> c;
  // Binary arithmetic with broadcasting.
  const std::vector<std::pair<TensorShape, TensorShape>> pairs = {
      {{2, 3}, {2, 3}}, {{2, 3}, {3}}, {{2, 1}, {1, 3}}, {{}, {4}}, {{3, 1, 2}, {2}}, {{0, 3}, {3}}};
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const auto& [a, b] = pairs[i];
    const std::string s = "_" + std::to_string(i);
    c.push_back({"Add" + s, {{a}, {b}}, [](const V& x) { return x[0] + x[1]; }, true});
    c.push_back({"Sub" + s, {{a}, {b}}, [](const V& x) { return x[0] - x[1]; }, true});
    c.push_back({"Mul" + s, {{a}, {b}}, [](const V& x) { return x[0] * x[1]; }, true});
    c.push_back({"RealDiv" + s, {{a}, positive(b)}, [](const V& x) { return x[0] / x[1]; }, true});
  }
  c.push_back({"MulSameTensor", {{{3}}}, [](const V& x) { return x[0] * x[0] * x[0]; }, true});
  // Shape ops.
  c.push_back({"Reshape", {{{2, 3}}}, [](const V& x) { return tf::reshape(x[0], {3, -1}) * tf::constant({1.0, 2.0}); }});
  c.push_back({"Squeeze", {{{1, 3, 1}}}, [](const V& x) { return tf::squeeze(x[0]) * x[0]; }});
  c.push_back({"SqueezeAxis", {{{1, 3, 1}}}, [](const V& x) { return tf::squeeze(x[0], {2}); }});
  c.push_back({"ExpandDims", {{{3}}}, [](const V& x) { return tf::expand_dims(x[0], -1) * x[0]; }});
  c.push_back({"Identity", {{{2}}}, [](const V& x) { return tf::identity(x[0]) * x[0]; }});
  c.push_back({"Transpose2D", {{{2, 3}}}, [](const V& x) { return tf::transpose(x[0]) * tf::constant({1.0, 2.0}); }});
  c.push_back({"Transpose3D", {{{2, 3, 4}}}, [](const V& x) { return tf::transpose(x[0], {2, 0, 1}); }});
  for (std::int64_t axis : {0, 1, -1})
    c.push_back({"Concat_axis" + std::to_string(axis + 1), {{{2, 2}}, {{2, 2}}, {{2, 2}}},
                 [axis](const V& x) { return tf::concat({x[0], x[1] * x[1], x[2]}, axis); }});
  c.push_back({"ConcatUneven", {{{1, 3}}, {{2, 3}}}, [](const V& x) { return tf::concat({x[0], x[1]}, 0); }});
  for (std::int64_t axis : {0, 1, 2})
    c.push_back({"Stack_axis" + std::to_string(axis), {{{2, 3}}, {{2, 3}}},
                 [axis](const V& x) { return tf::stack({x[0], x[1] * x[0]}, axis); }});
  for (std::int64_t axis : {0, 1})
    c.push_back({"Unstack_axis" + std::to_string(axis), {{{2, 2}}}, [axis](const V& x) {
                   auto p = tf::unstack(x[0], axis);
                   return p[0] * 3.0 + p[1] * p[1];
                 }});
  c.push_back({"UnstackOnePartUsed", {{{3, 2}}}, [](const V& x) { return tf::unstack(x[0])[1]; }});
  c.push_back({"Split", {{{4, 2}}}, [](const V& x) {
                 auto p = tf::split(x[0], 2);
                 return p[0] * p[1];
               }});
  c.push_back({"SplitAxis1", {{{2, 6}}}, [](const V& x) {
                 auto p = tf::split(x[0], 3, 1);
                 return p[0] - p[2];
               }});
  c.push_back({"SplitV", {{{2, 5}}}, [](const V& x) {
                 auto p = tf::split(x[0], tf::IntArray{2, -1}, 1);
                 return tf::concat({p[1], p[0] * p[0]}, 1);
               }});
  c.push_back({"Slice", {{{3, 4}}}, [](const V& x) { return tf::slice(x[0], {1, 1}, {2, -1}); }});
  c.push_back({"Slice3D", {{{2, 3, 2}}}, [](const V& x) { return tf::slice(x[0], {0, 1, 0}, {2, 1, 1}); }});
  c.push_back({"Pad", {{{2, 3}}}, [](const V& x) { return tf::pad(x[0], {{1, 0}, {2, 1}}) * 2.0; }});
  c.push_back({"PadV2", {{{2, 2}}}, [](const V& x) { return tf::pad(x[0] * x[0], {{1, 1}, {0, 1}}, {.constant_values = 1.5}); }});
  c.push_back({"Reverse", {{{2, 3}}}, [](const V& x) { return tf::reverse(x[0], {1}) * tf::constant({1.0, 2.0, 3.0}); }});
  c.push_back({"ReverseBoth", {{{2, 3}}}, [](const V& x) { return tf::reverse(x[0], {0, 1}) * x[0]; }});
  c.push_back({"Tile", {{{2, 3}}}, [](const V& x) { return tf::tile(x[0], {2, 3}) * tf::constant(std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8, 9}); }});
  c.push_back({"Tile3D", {{{1, 2, 2}}}, [](const V& x) { return tf::tile(x[0], {3, 1, 2}); }});
  // Reductions.
  c.push_back({"SumAll", {{{2, 3}}}, [](const V& x) { return tf::reduce_sum(x[0] * x[0]); }});
  c.push_back({"SumAxis0", {{{2, 3}}}, [](const V& x) { return tf::reduce_sum(x[0], 0) * tf::constant({1.0, 2.0, 3.0}); }});
  c.push_back({"SumAxes02Keep", {{{2, 3, 2}}}, [](const V& x) { return tf::reduce_sum(x[0] * x[0], {0, 2}, {.keepdims = true}); }});
  c.push_back({"SumNegativeAxis", {{{2, 3}}}, [](const V& x) { return tf::reduce_sum(x[0], -1); }});
  c.push_back({"MeanAll", {{{2, 3}}}, [](const V& x) { return tf::reduce_mean(x[0] * x[0]); }});
  c.push_back({"MeanAxis1Keep", {{{2, 3}}}, [](const V& x) { return tf::reduce_mean(x[0], 1, {.keepdims = true}) * x[0]; }});
  return c;
}

namespace {

class OpGradient : public ::testing::TestWithParam<GradCase> {};

TEST_P(OpGradient, MatchesFiniteDifferences) { tf::testing::check_gradient_case(GetParam()); }

INSTANTIATE_TEST_SUITE_P(AllOps, OpGradient, ::testing::ValuesIn(tf::testing::op_grad_cases()), tf::testing::case_name);

}  // namespace
