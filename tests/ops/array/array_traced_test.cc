// The array ops inside tf::function: traced with partly unknown shapes, run as a graph, and
// compared with eager results.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "array_test_util.h"

namespace {

using tf::testing::iota;

std::vector<tf::Tensor> pipeline(tf::Tensor x) {
  tf::Tensor r = tf::reshape(x, {-1, 2});
  tf::Tensor t = tf::transpose(r);
  tf::Tensor c = tf::concat({r, r}, 1);
  tf::Tensor s = tf::strided_slice(x, {1, 0}, {0, 0}, {2, -1}, {.begin_mask = 2, .end_mask = 3});
  tf::Tensor g = tf::gather(x, {3, 0}, {.axis = 1});
  tf::Tensor p = tf::pad(x, {{1, 0}, {0, 1}});
  tf::Tensor sh = tf::shape(x);
  tf::Tensor parts = tf::split(x, 2, 1)[1];
  tf::Tensor m = tf::boolean_mask(x, tf::constant({true, false, true, true}), 1);
  return {r, t, c, s, g, p, sh, parts, m};
}

TEST(ArrayTraced, GraphMatchesEager) {
  auto f = tf::function([](tf::Tensor x) { return pipeline(x); },
                        {.input_signature = {tf::TensorSpec({tf::None, 4}, tf::int32)}});
  for (std::int64_t rows : {1, 3, 6}) {
    tf::Tensor x = iota({rows, 4});
    const std::vector<tf::Tensor> traced = f(x);
    const std::vector<tf::Tensor> eager = pipeline(x);
    ASSERT_EQ(traced.size(), eager.size());
    for (std::size_t i = 0; i < eager.size(); ++i) {
      EXPECT_EQ(traced[i].shape(), eager[i].shape()) << "output " << i << " rows " << rows;
      EXPECT_EQ(traced[i].numpy<std::int32_t>(), eager[i].numpy<std::int32_t>()) << "output " << i << " rows " << rows;
    }
  }
  EXPECT_EQ(f.tracing_count(), 1);
}

TEST(ArrayTraced, DefaultTransposeOfUnknownRank) {
  auto f = tf::function([](tf::Tensor x) { return tf::transpose(x); },
                        {.input_signature = {tf::TensorSpec(tf::None, tf::int32)}});
  EXPECT_EQ(f(iota({2, 3})).numpy<std::int32_t>(), (std::vector<std::int32_t>{0, 3, 1, 4, 2, 5}));
  tf::Tensor r3 = f(iota({2, 1, 3}));
  EXPECT_EQ(r3.shape(), tf::TensorShape({3, 1, 2}));
  EXPECT_EQ(r3.numpy<std::int32_t>(), (std::vector<std::int32_t>{0, 3, 1, 4, 2, 5}));
  EXPECT_EQ(f.tracing_count(), 1);
}

}  // namespace
