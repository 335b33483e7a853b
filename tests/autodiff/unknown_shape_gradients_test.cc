// Gradients traced inside tf::function whose inputs have unknown (tf::None) dimensions, as a
// function with a [None, ...] input_signature or a relaxed trace sees them: every case of the
// gradient tables, traced with all dimensions unknown, with only the first one unknown, and with
// an unknown rank, gives the eager gradient (which the tables check against finite
// differences), to first and, where the table asks, second order; with an unknown rank, a
// gradient that needs the rank may instead refuse with an error naming its op.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "autodiff/grad_cases.h"

namespace {

using tf::Tensor;
using tf::TensorShape;
using tf::None;
using tf::TensorSpec;
using tf::testing::GradCase;
using tf::testing::random_tensor;
using tf::testing::TensorFn;
using V = std::vector<Tensor>;

std::vector<GradCase> all_cases() {
  std::vector<GradCase> all;
  for (auto table : {tf::testing::array_grad_cases, tf::testing::binary_grad_cases, tf::testing::linalg_grad_cases,
                     tf::testing::nn_grad_cases, tf::testing::op_grad_cases, tf::testing::reduction_grad_cases,
                     tf::testing::unary_grad_cases})
    for (GradCase& c : table()) all.push_back(std::move(c));
  return all;
}

// d(sum(f(xs) * w)) / d(xs); inputs f does not depend on get zeros.
V gradients(const TensorFn& f, const V& xs, const Tensor& w) {
  tf::GradientTape tape;
  for (const Tensor& x : xs) tape.watch(x);
  return tape.gradient(f(xs), xs, w, tf::UnconnectedGradients::ZERO);
}

// d(sum_k gradients(f, xs, w)[k] * v[k]) / d(xs): the second derivatives of f.
V second_gradients(const TensorFn& f, const V& xs, const Tensor& w, const V& v) {
  tf::GradientTape tape;
  for (const Tensor& x : xs) tape.watch(x);
  return tape.gradient(gradients(f, xs, w), xs, v, tf::UnconnectedGradients::ZERO);
}

enum class Unknown { kAll, kFirst, kRank };

// The spec of `t` with all of its dimensions, only the first, or even its rank unknown.
TensorSpec relaxed(const Tensor& t, Unknown which) {
  if (which == Unknown::kRank) return TensorSpec(tf::None, t.dtype());
  std::vector<std::int64_t> dims(t.shape().dims().begin(), t.shape().dims().end());
  for (std::size_t d = 0; d < dims.size(); ++d)
    if (which == Unknown::kAll || d == 0) dims[d] = tf::None;
  return TensorSpec(TensorShape(std::span<const std::int64_t>(dims)), t.dtype());
}

void expect_same(const V& graph, const V& eager, const std::string& what) {
  ASSERT_EQ(graph.size(), eager.size()) << what;
  for (std::size_t i = 0; i < eager.size(); ++i) {
    ASSERT_EQ(graph[i].shape(), eager[i].shape()) << what << " input " << i;
    const std::vector<double> g = graph[i].numpy<double>(), e = eager[i].numpy<double>();
    for (std::size_t j = 0; j < e.size(); ++j)
      EXPECT_NEAR(g[j], e[j], 1e-10 * std::max(1.0, std::abs(e[j]))) << what << " input " << i << " element " << j;
  }
}

class UnknownShapeGradient : public ::testing::TestWithParam<std::tuple<GradCase, Unknown>> {};

TEST_P(UnknownShapeGradient, TracedMatchesEager) {
  const auto& [c, which] = GetParam();
  V xs;
  std::uint32_t seed = 1;
  for (const tf::testing::InputSpec& in : c.inputs) xs.push_back(random_tensor(in.shape, seed++, in.lo, in.hi, in.gap));
  const Tensor w = random_tensor(c.f(xs).shape(), 99, 0.5, 1.5);
  std::vector<TensorSpec> specs;
  for (const Tensor& x : xs) specs.push_back(relaxed(x, which));
  specs.push_back(relaxed(w, which));

  // Some forward ops need sizes these specs leave unknown (Einsum merging two unknown
  // dimensions, Sort's axis, Unpack's count): they refuse with their own error at trace time.
  try {
    const std::vector<TensorSpec> x_specs(specs.begin(), specs.end() - 1);
    tf::function([f = c.f](V xs) { return f(xs); }, {.input_signature = x_specs})(xs);
  } catch (const tf::InvalidArgumentError& e) {
    GTEST_SKIP() << "the forward op refuses these unknown dimensions: " << e.what();
  }
  auto first = tf::function([f = c.f](V xs, Tensor w) { return gradients(f, xs, w); }, {.input_signature = specs});
  try {
    expect_same(first(xs, w), gradients(c.f, xs, w), "first order");
    if (!c.second_order) return;
    V v;
    for (const Tensor& x : xs) {
      v.push_back(random_tensor(x.shape(), seed++, 0.5, 1.5));
      specs.push_back(relaxed(x, which));
    }
    auto second = tf::function([f = c.f](V xs, Tensor w, V v) { return second_gradients(f, xs, w, v); },
                               {.input_signature = specs});
    expect_same(second(xs, w, v), second_gradients(c.f, xs, w, v), "second order");
  } catch (const tf::UnimplementedError& e) {
    // With an unknown rank, a gradient that needs it refuses, naming the op (never a wrong value).
    ASSERT_EQ(which, Unknown::kRank) << e.what();
    ASSERT_EQ(e.what()[0], '[') << e.what();
    GTEST_SKIP() << e.what();
  }
}

INSTANTIATE_TEST_SUITE_P(AllCases, UnknownShapeGradient,
                         ::testing::Combine(::testing::ValuesIn(all_cases()),
                                            ::testing::Values(Unknown::kAll, Unknown::kFirst, Unknown::kRank)),
                         [](const ::testing::TestParamInfo<std::tuple<GradCase, Unknown>>& info) {
                           return std::get<0>(info.param).name +
                                  (std::get<1>(info.param) == Unknown::kAll     ? "_AllUnknown"
                                   : std::get<1>(info.param) == Unknown::kFirst ? "_FirstUnknown"
                                                                                : "_RankUnknown");
                         });

}  // namespace

namespace {

// Index inputs computed in the graph (begin, paddings, multiples, perm passed as traced int
// tensors) take the run-time path of slice, pad, tile and transpose gradients.
V index_input_gradients(const Tensor& x, const Tensor& begin, const Tensor& paddings, const Tensor& multiples) {
  tf::GradientTape tape;
  tape.watch(x);
  const Tensor y = tf::reduce_sum(tf::slice(x, begin, {2, -1}) * 2.0) + tf::reduce_sum(tf::pad(x, paddings) * x.shape()[1]) +
                   tf::reduce_sum(tf::square(tf::tile(x, multiples)));
  return {tape.gradient(y, x)};
}

TEST(UnknownShapeGradientValues, IndexInputsComputedInTheGraph) {
  const Tensor x = random_tensor({3, 4}, 5);
  const Tensor begin = tf::constant({1, 1}), paddings = tf::constant({{1, 0}, {2, 3}}), multiples = tf::constant({2, 1});
  auto traced = tf::function(index_input_gradients, {.input_signature = {TensorSpec({None, 4}, tf::float64),
                                                                          TensorSpec({2}, tf::int32),
                                                                          TensorSpec({2, 2}, tf::int32),
                                                                          TensorSpec({2}, tf::int32)}});
  expect_same(traced(x, begin, paddings, multiples), index_input_gradients(x, begin, paddings, multiples), "index inputs");
}

TEST(UnknownShapeGradientValues, PermutationComputedInTheGraph) {
  const auto gradient = [](Tensor x, Tensor perm) {
    tf::GradientTape tape;
    tape.watch(x);
    return tape.gradient(tf::transpose(x, perm), x, random_tensor({4, 2, 3}, 3));
  };
  auto traced = tf::function(gradient, {.input_signature = {TensorSpec({2, 3, 4}, tf::float64), TensorSpec({3}, tf::int32)}});
  const Tensor x = random_tensor({2, 3, 4}, 1), perm = tf::constant({2, 0, 1});
  expect_same({traced(x, perm)}, {gradient(x, perm)}, "transpose");
}

// A gradient built from run-time shapes (here GatherV2's scatter into shape(x)) has its
// input's static shape, as TensorFlow's gradients do.
TEST(UnknownShapeGradientValues, GradientsKeepTheInputsStaticShape) {
  tf::TensorShape seen;
  auto traced = tf::function([&seen](Tensor x) {
    tf::GradientTape tape;
    tape.watch(x);
    const Tensor g = tape.gradient(tf::gather(x, {1, 1, 0}), x);
    seen = g.shape();
    return g;
  }, {.input_signature = {TensorSpec({None, 2}, tf::float64)}});
  EXPECT_EQ(traced(random_tensor({3, 2}, 2)).numpy<double>(), (std::vector<double>{1, 1, 2, 2, 0, 0}));
  EXPECT_EQ(seen, (tf::TensorShape{None, 2}));
}

// Inputs of one op with known and unknown shapes: the known ones' sizes are constants.
TEST(UnknownShapeGradientValues, ConcatOfKnownAndUnknownShapes) {
  const auto gradient = [](Tensor a, Tensor b) {
    tf::GradientTape tape;
    tape.watch(a);
    tape.watch(b);
    const Tensor c = tf::concat({a, b * b, a}, 0);
    const Tensor weights = tf::reshape(tf::range(tf::constant(0), tf::size(c), tf::constant(1)), tf::shape(c));
    return tape.gradient(c * tf::cast(weights, tf::float64), V{a, b});
  };
  auto traced = tf::function(gradient, {.input_signature = {TensorSpec({None, 2}, tf::float64), TensorSpec({1, 2}, tf::float64)}});
  const Tensor a = random_tensor({3, 2}, 1), b = random_tensor({1, 2}, 2);
  expect_same(traced(a, b), gradient(a, b), "concat");
}

// A custom gradient over tensors of unknown shape, its output broadcast against a [None] bias.
TEST(UnknownShapeGradientValues, CustomGradient) {
  const auto gradient = [](Tensor x, Tensor b) {
    auto square = tf::custom_gradient([](const Tensor& t) {
      return std::pair{t * t, [t](const Tensor& dy) { return dy * t * 10.0; }};
    });
    tf::GradientTape tape;
    tape.watch(x);
    tape.watch(b);
    return tape.gradient(tf::reduce_sum(square(x) * b), V{x, b});
  };
  auto traced = tf::function(gradient, {.input_signature = {TensorSpec({None, None}, tf::float64), TensorSpec({None}, tf::float64)}});
  const Tensor x = random_tensor({2, 3}, 1);
  for (const Tensor& b : {random_tensor({3}, 2), random_tensor({1}, 3)}) expect_same(traced(x, b), gradient(x, b), "custom");
  EXPECT_EQ(traced.tracing_count(), 1);
}

}  // namespace
