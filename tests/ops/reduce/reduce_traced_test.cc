// Reductions, sorting, matmul, einsum and softmax inside tf::function: traced with a partly
// unknown batch dimension, run as a graph, and compared with eager results.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

namespace {

const tf::Tensor kWeights = tf::constant({{1.0f, 0.5f, -1.0f}, {2.0f, 0.0f, 1.0f}, {0.0f, 1.0f, 1.0f}, {-1.0f, 3.0f, 0.5f}});

std::vector<tf::Tensor> pipeline(tf::Tensor x) {
  tf::Tensor labels = tf::argmax(x, 1);
  return {tf::reduce_sum(x, 1),
          tf::reduce_mean(x, 0, {.keepdims = true}),
          tf::reduce_max(x),
          tf::cumsum(x, 0, {.reverse = true}),
          tf::math::top_k(x, 2).values,
          tf::sort(x, -1, "DESCENDING"),
          tf::matmul(x, kWeights),
          tf::einsum("ij,jk->ik", {x, kWeights}),
          tf::nn::softmax(x),
          tf::nn::log_softmax(x, 0),
          tf::nn::sparse_softmax_cross_entropy_with_logits(labels, x)};
}

TEST(ReduceTraced, GraphMatchesEager) {
  auto f = tf::function([](tf::Tensor x) { return pipeline(x); },
                        {.input_signature = {tf::TensorSpec({tf::None, 4}, tf::float32)}});
  for (std::int64_t rows : {1, 3, 6}) {
    std::vector<float> v(rows * 4);
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>((i * 7) % 5) - 1.5f;
    tf::Tensor x = tf::constant(v, {rows, 4});
    const std::vector<tf::Tensor> traced = f(x);
    const std::vector<tf::Tensor> eager = pipeline(x);
    ASSERT_EQ(traced.size(), eager.size());
    for (std::size_t i = 0; i < eager.size(); ++i) {
      EXPECT_EQ(traced[i].shape(), eager[i].shape()) << "output " << i << " rows " << rows;
      EXPECT_EQ(traced[i].numpy<float>(), eager[i].numpy<float>()) << "output " << i << " rows " << rows;
    }
  }
  EXPECT_EQ(f.tracing_count(), 1);
}

}  // namespace
