// Gradients of broadcast_to, roll, reverse_sequence, repeat, meshgrid, the tensor_scatter_nd_*
// family, the matrix band and diagonal ops, trace, and the norms and norm clipping, against
// central finite differences (float64), eagerly and inside tf::function.
#include <gtest/gtest.h>

#include <tfpp/broadcast_ops.h>
#include <tfpp/matrix_ops.h>
#include <tfpp/norm_ops.h>
#include <tfpp/scatter_ops.h>
#include <tfpp/sequence_ops.h>
#include <tfpp/tfpp.h>

#include "autodiff/grad_cases.h"

namespace {

using tf::Tensor;
using tf::testing::distinct;
using tf::testing::GradCase;
using tf::testing::InputSpec;
using tf::testing::positive;
using tf::testing::weighted;
using V = std::vector<Tensor>;
using Axes = std::vector<std::int64_t>;

Tensor ints(std::vector<std::int32_t> values, tf::TensorShape shape) { return tf::constant(values, shape); }

std::vector<GradCase> cases() {
  std::vector<GradCase> c;
  c.push_back({"BroadcastTo", {{{3, 1}}}, [](const V& x) { return weighted(tf::broadcast_to(x[0] * x[0], {2, 3, 4})); }, true});
  c.push_back({"BroadcastToSame", {{{2, 3}}}, [](const V& x) { return weighted(tf::broadcast_to(x[0], {2, 3})); }});
  c.push_back({"Meshgrid", {{{3}}, {{2}}}, [](const V& x) {
                 const auto g = tf::meshgrid({x[0], x[1]});
                 return weighted(g[0] * g[1]);
               }});
  c.push_back({"Roll", {{{3, 4}}}, [](const V& x) { return weighted(tf::roll(x[0] * x[0], {1, -5}, {0, 1})); }, true});
  c.push_back({"ReverseSequence", {{{2, 4, 3}}}, [](const V& x) { return weighted(tf::reverse_sequence(x[0], {3, 0}, 1, 0)); }});
  c.push_back({"RepeatPerElement", {{{3, 2}}}, [](const V& x) { return weighted(tf::repeat(x[0], {2, 0, 3}, 0)); }});
  c.push_back({"RepeatScalar", {{{2, 2}}}, [](const V& x) { return weighted(tf::repeat(x[0], 3, 1)); }});
  c.push_back({"RepeatFlattened", {{{2, 2}}}, [](const V& x) { return weighted(tf::repeat(x[0], 2)); }});
  c.push_back({"TensorScatterUpdate", {{{4, 2}}, {{2, 2}}}, [](const V& x) {
                 return weighted(tf::tensor_scatter_nd_update(x[0] * x[0], ints({3, 1}, {2, 1}), x[1] * x[1]));
               }, true});
  c.push_back({"TensorScatterAdd", {{{4, 2}}, {{3, 2}}}, [](const V& x) {
                 return weighted(tf::tensor_scatter_nd_add(x[0], ints({3, 1, 3}, {3, 1}), x[1]));
               }});
  c.push_back({"TensorScatterSub", {{{3, 3}}, {{2}}}, [](const V& x) {
                 return weighted(tf::tensor_scatter_nd_sub(x[0], ints({0, 2, 1, 1}, {2, 2}), x[1]));
               }});
  c.push_back({"TensorScatterMax", {distinct({4}), distinct({3})}, [](const V& x) {
                 return weighted(tf::tensor_scatter_nd_max(x[0], ints({0, 2, 2}, {3, 1}), x[1]));
               }});
  c.push_back({"TensorScatterMin", {distinct({4}), distinct({3})}, [](const V& x) {
                 return weighted(tf::tensor_scatter_nd_min(x[0], ints({3, 2, 0}, {3, 1}), x[1]));
               }});
  c.push_back({"BandPart", {{{2, 3, 4}}}, [](const V& x) { return weighted(tf::linalg::band_part(x[0] * x[0], 1, 2)); }, true});
  c.push_back({"Diag", {{{2, 3}}}, [](const V& x) { return weighted(tf::linalg::diag(x[0])); }});
  c.push_back({"DiagPartSquare", {{{2, 3, 3}}}, [](const V& x) { return weighted(tf::linalg::diag_part(x[0])); }});
  c.push_back({"DiagPartWide", {{{3, 5}}}, [](const V& x) { return weighted(tf::linalg::diag_part(x[0])); }});
  c.push_back({"SetDiag", {{{3, 2}}, {{2}}}, [](const V& x) { return weighted(tf::linalg::set_diag(x[0], x[1] * x[1])); }, true});
  c.push_back({"Trace", {{{2, 3, 3}}}, [](const V& x) { return weighted(tf::linalg::trace(x[0])); }});
  c.push_back({"MatrixTranspose", {{{2, 3, 4}}}, [](const V& x) { return weighted(tf::linalg::matrix_transpose(x[0])); }});
  c.push_back({"NormEuclidean", {{{3, 4}}}, [](const V& x) { return tf::norm(x[0]); }});
  c.push_back({"NormAxis", {{{3, 4}}}, [](const V& x) { return weighted(tf::norm(x[0], {.axis = Axes{1}})); }});
  c.push_back({"NormP3", {positive({5})}, [](const V& x) { return tf::norm(x[0], {.ord = 3.0}); }});
  c.push_back({"NormL1", {distinct({2, 3})}, [](const V& x) { return weighted(tf::norm(x[0], {.ord = 1.0, .axis = Axes{0}})); }});
  c.push_back({"NormMatrixInf", {distinct({3, 3})}, [](const V& x) {
                 return tf::norm(x[0], {.ord = INFINITY, .axis = Axes{0, 1}});
               }});
  c.push_back({"ClipByNorm", {{{2, 3}}}, [](const V& x) { return weighted(tf::clip_by_norm(x[0], 1.0)); }});
  c.push_back({"ClipByNormAxes", {{{2, 3}}}, [](const V& x) { return weighted(tf::clip_by_norm(x[0], 0.5, Axes{1})); }});
  c.push_back({"ClipByGlobalNorm", {{{2, 2}}, {{3}}}, [](const V& x) {
                 const auto [clipped, norm] = tf::clip_by_global_norm({x[0], x[1]}, 1.0);
                 return weighted(clipped[0]) + tf::reduce_sum(clipped[1]) + norm;
               }});
  return c;
}

class ArrayEverydayGradient : public ::testing::TestWithParam<GradCase> {};
TEST_P(ArrayEverydayGradient, MatchesFiniteDifferences) { tf::testing::check_gradient_case(GetParam()); }
INSTANTIATE_TEST_SUITE_P(ArrayEverydayOps, ArrayEverydayGradient, ::testing::ValuesIn(cases()), tf::testing::case_name);

// Each case's gradient computed inside a tf::function, against the eager gradient.
TEST(ArrayEverydayGradients, TracedGradientsMatchEager) {
  for (const GradCase& c : cases()) {
    std::vector<Tensor> inputs;
    std::uint32_t seed = 1;
    for (const InputSpec& in : c.inputs) {
      inputs.push_back(tf::testing::random_tensor(in.shape, seed++, in.lo, in.hi, in.gap));
    }
    const auto grads = [&](const std::vector<Tensor>& xs) {
      tf::GradientTape tape;
      for (const Tensor& x : xs) tape.watch(x);
      const Tensor loss = tf::reduce_sum(c.f(xs));
      return tape.gradient(loss, xs);
    };
    auto traced = tf::function(grads);
    const std::vector<Tensor> eager = grads(inputs), graph = traced(inputs);
    for (std::size_t i = 0; i < eager.size(); ++i) {
      const std::vector<double> e = eager[i].numpy<double>(), g = graph[i].numpy<double>();
      ASSERT_EQ(e.size(), g.size()) << c.name;
      for (std::size_t j = 0; j < e.size(); ++j) EXPECT_NEAR(e[j], g[j], 1e-12) << c.name << " input " << i << " " << j;
    }
  }
}

}  // namespace

namespace {

// Gradients that read run-time shapes: traced with an unknown leading dimension.
std::vector<Tensor> unknown_batch_gradients(const Tensor& x) {
  tf::GradientTape tape;
  tape.watch(x);
  const Tensor w = tf::reshape(tf::range(1.0, 5.0, 1.0, tf::float64), {1, 4});
  const Tensor loss = tf::reduce_sum(tf::broadcast_to(tf::reduce_sum(x, 0, {.keepdims = true}) * x, tf::shape(x)) * w) +
                      tf::reduce_sum(tf::roll(x, 1, 0) * w) + tf::reduce_sum(tf::reverse_sequence(x, {4, 2}, 1, 0) * w) +
                      tf::reduce_sum(tf::tensor_scatter_nd_max(x, tf::constant({{0, 1}}), tf::constant({0.5})) * w) +
                      tf::reduce_sum(tf::linalg::diag_part(x) * tf::linalg::diag_part(x)) + tf::norm(x) +
                      tf::reduce_sum(tf::repeat(x, 2, 1) * tf::repeat(w, 2, 1));
  return {tape.gradient(loss, x)};
}

TEST(ArrayEverydayGradients, TracedWithUnknownBatchMatchesEager) {
  auto traced = tf::function([](Tensor t) { return unknown_batch_gradients(t); },
                             {.input_signature = {tf::TensorSpec({tf::None, 4}, tf::float64)}});
  const Tensor x = tf::testing::random_tensor({2, 4}, 3);
  const std::vector<double> eager = unknown_batch_gradients(x)[0].numpy<double>(), graph = traced(x)[0].numpy<double>();
  ASSERT_EQ(eager.size(), graph.size());
  for (std::size_t j = 0; j < eager.size(); ++j) EXPECT_NEAR(eager[j], graph[j], 1e-12) << j;
}

}  // namespace
