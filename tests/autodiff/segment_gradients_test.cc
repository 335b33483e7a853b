// Gradients of the segment reductions, add_n and the composite reductions (statistics_ops.h,
// l2_normalize) against central finite differences (float64), plus TensorFlow's rules for ties,
// zeros and dropped ids.
#include <gtest/gtest.h>

#include <tfpp/add_n.h>
#include <tfpp/counting_ops.h>
#include <tfpp/l2_normalize.h>
#include <tfpp/segment_ops.h>
#include <tfpp/statistics_ops.h>
#include <tfpp/tfpp.h>

#include "autodiff/grad_cases.h"

namespace {

using tf::Tensor;
using tf::testing::distinct;
using tf::testing::GradCase;
using tf::testing::positive;
using V = std::vector<Tensor>;

std::vector<GradCase> segment_grad_cases() {
  std::vector<GradCase> c;
  const tf::IntArray sorted{0, 0, 2, 2, 2};
  const tf::IntArray unsorted{2, -1, 0, 2, 0};
  c.push_back({"SegmentSum", {{{5, 2}}}, [=](const V& x) { return tf::math::segment_sum(x[0] * x[0], sorted); }, true});
  c.push_back({"SegmentMean", {{{5, 2}}}, [=](const V& x) { return tf::math::segment_mean(x[0] * x[0], sorted); }, true});
  c.push_back({"SegmentMax", {distinct({5, 2})}, [=](const V& x) { return tf::math::segment_max(x[0], sorted); }});
  c.push_back({"SegmentMin", {distinct({5, 3})}, [=](const V& x) { return tf::math::segment_min(x[0], sorted); }});
  c.push_back({"SegmentProd", {{{5, 2}}}, [=](const V& x) { return tf::math::segment_prod(x[0], sorted); }});
  c.push_back({"SegmentSumVector", {{{5}}}, [=](const V& x) { return tf::math::segment_sum(x[0], sorted); }});
  c.push_back({"SegmentSumEmpty", {{{0, 2}}},
               [](const V& x) { return tf::math::segment_sum(x[0], tf::constant(std::vector<std::int32_t>{}, {0})); }});
  c.push_back({"UnsortedSegmentSum", {{{5, 2}}},
               [=](const V& x) { return tf::math::unsorted_segment_sum(x[0] * x[0], unsorted, 4); }, true});
  c.push_back({"UnsortedSegmentMax", {distinct({5, 2})},
               [=](const V& x) { return tf::math::unsorted_segment_max(x[0], unsorted, 3); }});
  c.push_back({"UnsortedSegmentMin", {distinct({5, 2})},
               [=](const V& x) { return tf::math::unsorted_segment_min(x[0], unsorted, 3); }});
  c.push_back({"UnsortedSegmentProd", {{{5, 2}}},
               [=](const V& x) { return tf::math::unsorted_segment_prod(x[0], unsorted, 4); }});
  c.push_back({"UnsortedSegmentMean", {{{5, 2}}},
               [=](const V& x) { return tf::math::unsorted_segment_mean(x[0], unsorted, 4); }, true});
  c.push_back({"UnsortedSegmentSqrtN", {{{5, 2}}},
               [=](const V& x) { return tf::math::unsorted_segment_sqrt_n(x[0], unsorted, 4); }, true});
  c.push_back({"UnsortedSegmentSumRank2Ids", {{{2, 2, 3}}},
               [](const V& x) { return tf::math::unsorted_segment_sum(x[0], tf::constant({{0, 1}, {-1, 0}}), 2); }});
  c.push_back({"UnsortedSegmentSumEmpty", {{{0, 2}}},
               [](const V& x) { return tf::math::unsorted_segment_sum(x[0], tf::constant(std::vector<std::int32_t>{}, {0}), 2); }});
  // add_n and the composites.
  c.push_back({"AddN", {{{2, 3}}, {{2, 3}}}, [](const V& x) { return tf::add_n({x[0], x[1] * x[0], x[1]}); }, true});
  for (bool keep : {false, true}) {
    const std::string k = keep ? "_Keep" : "";
    c.push_back({"LogSumExp" + k, {{{3, 4}}}, [keep](const V& x) { return tf::reduce_logsumexp(x[0], 1, {.keepdims = keep}); }, true});
    c.push_back({"Variance" + k, {{{3, 4}}}, [keep](const V& x) { return tf::math::reduce_variance(x[0], 0, {.keepdims = keep}); }, true});
    c.push_back({"Std" + k, {distinct({3, 4})}, [keep](const V& x) { return tf::math::reduce_std(x[0], -1, {.keepdims = keep}); }, true});
    c.push_back({"EuclideanNorm" + k, {positive({3, 4})},
                 [keep](const V& x) { return tf::math::reduce_euclidean_norm(x[0], {0, 1}, {.keepdims = keep}); }, true});
  }
  c.push_back({"LogSumExpAll", {{{2, 3}}}, [](const V& x) { return tf::reduce_logsumexp(x[0]); }, true});
  c.push_back({"EuclideanNormAll", {positive({2, 3})}, [](const V& x) { return tf::math::reduce_euclidean_norm(x[0]); }, true});
  c.push_back({"L2Normalize", {positive({3, 2})}, [](const V& x) { return tf::math::l2_normalize(x[0], 1); }, true});
  c.push_back({"L2NormalizeAll", {positive({3, 2})}, [](const V& x) { return tf::nn::l2_normalize(x[0]); }, true});
  for (std::int64_t axis : {0, 1, -1})
    for (bool exclusive : {false, true})
      for (bool reverse : {false, true}) {
        const std::string n = "_axis" + std::to_string(axis + 1) + (exclusive ? "_Exclusive" : "") + (reverse ? "_Reverse" : "");
        // An exclusive scan starts from -inf, which exp makes a differentiable 0.
        c.push_back({"CumulativeLogsumexp" + n, {{{3, 4}}}, [=](const V& x) {
                       const Tensor y = tf::math::cumulative_logsumexp(x[0], axis, {exclusive, reverse});
                       return exclusive ? tf::math::exp(y) : y;
                     }, !exclusive});
      }
  c.push_back({"ConfusionMatrixWeights", {{{4}}}, [](const V& x) {
                 return tf::math::confusion_matrix(tf::constant({0, 1, 1, 2}), tf::constant({1, 1, 0, 2}),
                                                   {.weights = x[0], .dtype = tf::float64});
               }});
  return c;
}

class SegmentGradient : public ::testing::TestWithParam<GradCase> {};
TEST_P(SegmentGradient, MatchesFiniteDifferences) { tf::testing::check_gradient_case(GetParam()); }
INSTANTIATE_TEST_SUITE_P(Ops, SegmentGradient, ::testing::ValuesIn(segment_grad_cases()), tf::testing::case_name);

Tensor grad_of(const Tensor& x, const std::function<Tensor(const Tensor&)>& f) {
  tf::GradientTape tape;
  tape.watch(x);
  return tape.gradient(f(x), x);
}

TEST(SegmentGradientValues, MaxAndMinShareTheGradientAmongTies) {
  const Tensor x = tf::constant({1.0f, 3.0f, 3.0f, 2.0f, 2.0f});
  EXPECT_EQ(grad_of(x, [](const Tensor& t) { return tf::math::segment_max(t, {0, 0, 0, 1, 1}); }).numpy<float>(),
            (std::vector<float>{0, 0.5f, 0.5f, 0.5f, 0.5f}));
  EXPECT_EQ(grad_of(x, [](const Tensor& t) { return tf::math::unsorted_segment_min(t, {1, 0, -1, 1, 0}, 2); }).numpy<float>(),
            (std::vector<float>{1, 0, 0, 0, 1}));
}

TEST(SegmentGradientValues, ProdWithZeros) {
  // One zero: only it gets a gradient (the product of the others); two zeros: nothing does.
  const Tensor x = tf::constant({2.0f, 0.0f, 3.0f, 0.0f, 0.0f, 5.0f});
  EXPECT_EQ(grad_of(x, [](const Tensor& t) { return tf::math::segment_prod(t, {0, 0, 0, 1, 1, 1}); }).numpy<float>(),
            (std::vector<float>{0, 6, 0, 0, 0, 0}));
  EXPECT_EQ(grad_of(x, [](const Tensor& t) { return tf::math::unsorted_segment_prod(t, {0, 0, 0, 1, 1, -1}, 2); }).numpy<float>(),
            (std::vector<float>{0, 6, 0, 0, 0, 0}));
}

TEST(SegmentGradientValues, BincountHasNoGradientAsInTensorFlow) {
  const Tensor w = tf::constant({1.0f, 2.0f, 3.0f});
  tf::GradientTape tape;
  tape.watch(w);
  const Tensor counts = tf::math::bincount(tf::constant({0, 1, 1}), {.weights = w});
  EXPECT_ANY_THROW(tape.gradient(counts, w));
}

TEST(SegmentGradientValues, DroppedIdsGetZero) {
  const Tensor x = tf::constant({1.0f, 2.0f, 3.0f});
  EXPECT_EQ(grad_of(x, [](const Tensor& t) { return tf::math::unsorted_segment_sum(t, {1, -1, 1}, 2); }).numpy<float>(),
            (std::vector<float>{1, 0, 1}));
}

}  // namespace

namespace {

// A loss over every segment reduction and composite, for gradients built while tracing.
Tensor segment_loss(const Tensor& x, const Tensor& ids) {
  using namespace tf::math;
  return tf::reduce_sum(segment_max(x, ids)) + tf::reduce_sum(segment_mean(x * x, ids)) +
         tf::reduce_sum(segment_prod(x, ids)) + tf::reduce_sum(unsorted_segment_min(x, ids, 4)) +
         tf::reduce_sum(unsorted_segment_prod(x, ids, 4)) + tf::reduce_sum(unsorted_segment_sqrt_n(x, ids, 4)) +
         tf::reduce_sum(reduce_logsumexp(x, 1)) + reduce_std(x) + tf::reduce_sum(l2_normalize(x, 0)) +
         tf::reduce_sum(tf::add_n({x, x * x}));
}

Tensor segment_loss_gradient(const Tensor& x, const Tensor& ids) {
  tf::GradientTape tape;
  tape.watch(x);
  return tape.gradient(segment_loss(x, ids), x);
}

TEST(SegmentGradientValues, TracedWithUnknownRowsMatchEager) {
  auto traced = tf::function([](Tensor x, Tensor ids) { return segment_loss_gradient(x, ids); },
                             {.input_signature = {tf::TensorSpec({tf::None, 3}, tf::float64),
                                                  tf::TensorSpec({tf::None}, tf::int32)}});
  const Tensor x = tf::random::normal({5, 3}, {.dtype = tf::float64, .seed = 3});
  const Tensor ids = tf::constant({0, 0, 1, 3, 3});
  const std::vector<double> eager = segment_loss_gradient(x, ids).numpy<double>(), graph = traced(x, ids).numpy<double>();
  ASSERT_EQ(graph.size(), eager.size());
  for (std::size_t j = 0; j < eager.size(); ++j) EXPECT_NEAR(eager[j], graph[j], 1e-12 * std::max(1.0, std::abs(eager[j])));
}

}  // namespace
