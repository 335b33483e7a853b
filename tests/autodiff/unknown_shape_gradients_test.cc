// Gradients traced inside tf::function whose inputs have unknown (tf::None) dimensions, as a
// function with a [None, ...] input_signature or a relaxed trace sees them: every case of the
// gradient tables, traced once with all dimensions unknown and once with only the first one
// unknown, gives the eager gradient (which the tables check against finite differences), to
// first and, where the table asks, second order.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "autodiff/grad_cases.h"

namespace {

using tf::Tensor;
using tf::TensorShape;
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

enum class Unknown { kAll, kFirst };

// The spec of `t` with all of its dimensions, or only the first, unknown.
TensorSpec relaxed(const Tensor& t, Unknown which) {
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
}

INSTANTIATE_TEST_SUITE_P(AllCases, UnknownShapeGradient,
                         ::testing::Combine(::testing::ValuesIn(all_cases()),
                                            ::testing::Values(Unknown::kAll, Unknown::kFirst)),
                         [](const ::testing::TestParamInfo<std::tuple<GradCase, Unknown>>& info) {
                           return std::get<0>(info.param).name +
                                  (std::get<1>(info.param) == Unknown::kAll ? "_AllUnknown" : "_FirstUnknown");
                         });

}  // namespace
