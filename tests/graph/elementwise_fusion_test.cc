// The elementwise fusion pass: which regions it fuses, and that fused graphs compute exactly
// what the unfused graph computes (same kernels, bit for bit).
#include <gtest/gtest.h>

#include <cstring>

#include <tfpp/tfpp.h>

#include "function/concrete_function_impl.h"
#include "graph/executor.h"
#include "graph/passes/passes.h"

#include "graph/graph_test_util.h"

namespace {

using tf::testing::count_ops;
using tf::testing::count_all_ops;

using tf::graph::Graph;
using tf::graph::NodeKind;

template <class F>
Graph traced(F fn, tf::TensorSpec spec) {
  auto f = tf::function(fn);
  Graph g = f.get_concrete_function(spec).graph().impl();
  tf::graph::optimize(g);
  return g;
}

std::vector<tf::Tensor> run(const Graph& g, tf::Tensor x) {
  tf::graph::Executor ex(std::make_shared<Graph>(g));
  return ex.run(std::vector<tf::Tensor>{x});
}

bool same_bits(const tf::Tensor& a, const tf::Tensor& b) {
  if (a.dtype() != b.dtype() || !(a.shape() == b.shape())) return false;
  const std::size_t bytes = a.num_elements() * tf::dtype_size(a.dtype());
  return bytes == 0 || std::memcmp(a.raw_data(), b.raw_data(), bytes) == 0;
}

// Fuses a copy of g and checks that its results on x equal g's, bit for bit.
Graph fused_and_checked(const Graph& g, const tf::Tensor& x) {
  Graph f = g;
  tf::graph::fuse_elementwise(f);
  const auto expected = run(g, x), actual = run(f, x);
  EXPECT_EQ(expected.size(), actual.size());
  for (std::size_t i = 0; i < expected.size() && i < actual.size(); ++i)
    EXPECT_TRUE(same_bits(expected[i], actual[i])) << "output " << i << ": " << expected[i] << " vs " << actual[i];
  return f;
}

tf::Tensor chain(tf::Tensor y, const tf::Tensor& c, int rounds) {
  for (int i = 0; i < rounds; ++i) y = ((y * c + c) - c) / c;
  return y;
}

TEST(ElementwiseFusion, ChainBecomesOneNodeWithIdenticalResults) {
  const tf::Tensor c = tf::fill({1000}, 1.0001f);
  Graph g = traced([&](tf::Tensor x) { return tf::math::tanh(chain(x, c, 25)); }, tf::TensorSpec({1000}, tf::float32));
  ASSERT_EQ(count_all_ops(g), 101);
  Graph f = fused_and_checked(g, tf::random::normal({1000}, {.seed = 3}));
  EXPECT_EQ(count_all_ops(f), 1) << f.to_string();
  EXPECT_EQ(count_ops(f, "FusedElementwise"), 1);
}

TEST(ElementwiseFusion, ManyTilesAndThreadsMatchUnfused) {
  // 300001 elements: many tiles, a ragged last tile, and the parallel path.
  Graph g = traced([](tf::Tensor x) { return tf::math::sigmoid(tf::math::exp(x * 0.5f) - x) * 3.0f + x; },
                   tf::TensorSpec({300001}, tf::float32));
  Graph f = fused_and_checked(g, tf::random::normal({300001}, {.seed = 4}));
  EXPECT_EQ(count_all_ops(f), 1);
}

TEST(ElementwiseFusion, Float64AndOneElementOperandsOfAnyRank) {
  const tf::Tensor c = tf::constant(std::vector<double>{2.5}, {1, 1});
  Graph g = traced([&](tf::Tensor x) { return tf::math::maximum(x * c, tf::math::square(x) - 1.0); },
                   tf::TensorSpec({3, 4}, tf::float64));
  Graph f = fused_and_checked(g, tf::random::normal({3, 4}, {.dtype = tf::float64, .seed = 5}));
  EXPECT_EQ(count_all_ops(f), 1);
  EXPECT_EQ(run(f, tf::fill({3, 4}, 2.0))[0].numpy<double>(), std::vector<double>(12, 5.0));
}

TEST(ElementwiseFusion, IntegersCastsAndComparisonsRunTheirKernelsOnTiles) {
  Graph g = traced(
      [](tf::Tensor x) {
        tf::Tensor y = tf::cast(x * 3 + 1, tf::float32) * 0.5f;
        return tf::cast((y > 4.0f) & (y < 40000.0f), tf::int64) + tf::cast(y, tf::int64);
      },
      tf::TensorSpec({5000}, tf::int32));
  Graph f = fused_and_checked(g, tf::random::uniform({5000}, {.minval = -20000, .maxval = 20000, .dtype = tf::int32, .seed = 6}));
  // y has three readers, so it ends one region and is an input of the next.
  EXPECT_EQ(count_ops(f, "FusedElementwise"), 2) << f.to_string();
  EXPECT_EQ(count_all_ops(f), 2);
  std::vector<std::int32_t> x(5000, 0);
  x[0] = 1, x[1] = 3, x[4999] = -1;
  const auto out = run(f, tf::constant(x))[0].numpy<std::int64_t>();
  EXPECT_EQ(out[0], 2);
  EXPECT_EQ(out[1], 6);
  EXPECT_EQ(out[2], 0);
  EXPECT_EQ(out[4999], -1);
}

TEST(ElementwiseFusion, Uint8PixelsScaleInOneNode) {
  // An image pipeline's first step: uint8 pixels wrap in uint8, then become floats in [0, 1].
  Graph g = traced([](tf::Tensor x) { return tf::cast(x + x, tf::float32) / 255.0f * 2.0f; },
                   tf::TensorSpec({3}, tf::uint8));
  Graph f = fused_and_checked(g, tf::constant(std::vector<std::uint8_t>{0, 100, 200}));
  EXPECT_EQ(count_all_ops(f), 1) << f.to_string();
  const auto out = run(f, tf::constant(std::vector<std::uint8_t>{0, 100, 200}))[0].numpy<float>();
  EXPECT_EQ(out, (std::vector<float>{0.0f, 200.0f / 255.0f * 2.0f, 144.0f / 255.0f * 2.0f}));
}

TEST(ElementwiseFusion, IntermediatesWithOtherReadersAreNotFusedAway) {
  auto fn = [](tf::Tensor x) {
    tf::Tensor shared = tf::math::exp(x * 2.0f);
    return std::vector<tf::Tensor>{shared + 1.0f, tf::math::sqrt(shared) - 1.0f};
  };
  auto cf = tf::function(fn).get_concrete_function(tf::TensorSpec({4}, tf::float32));
  Graph g = cf.graph().impl();
  tf::graph::optimize(g);
  Graph f = fused_and_checked(g, tf::constant({0.0f, 1.0f, -1.0f, 0.5f}));
  // exp(x*2) is read twice, so it is materialized: three regions, of which two have one op.
  EXPECT_EQ(count_ops(f, "FusedElementwise"), 2) << f.to_string();
  EXPECT_EQ(count_ops(f, "AddV2"), 1);
  EXPECT_EQ(count_ops(f, "Sub") + count_ops(f, "Exp") + count_ops(f, "Mul") + count_ops(f, "Sqrt"), 0);
}

TEST(ElementwiseFusion, ResultsThatAreAlsoReadInsideStayOutputs) {
  Graph g = traced([](tf::Tensor x) { return (x + 1.0f) * 2.0f; }, tf::TensorSpec({2}, tf::float32));
  g.set_outputs({g.outputs()[0], g.node(g.outputs()[0].node).inputs[0]});  // also return x + 1
  Graph f = fused_and_checked(g, tf::constant({1.0f, 2.0f}));
  EXPECT_EQ(count_ops(f, "FusedElementwise"), 0);
  EXPECT_EQ(run(f, tf::constant({1.0f, 2.0f}))[1].numpy<float>(), (std::vector<float>{2, 3}));
}

TEST(ElementwiseFusion, TensorBroadcastingAndUnknownShapesAreLeftAlone) {
  const tf::Tensor row = tf::constant({1.0f, 2.0f, 3.0f});
  Graph g = traced([&](tf::Tensor x) { return (x + row) * 2.0f; }, tf::TensorSpec({2, 3}, tf::float32));
  Graph f = fused_and_checked(g, tf::ones({2, 3}));
  // x + row broadcasts a non-scalar: only its consumer could fuse, and alone it stays as is.
  EXPECT_EQ(count_ops(f, "FusedElementwise"), 0);

  Graph d = traced([](tf::Tensor x) { return (x + 1.0f) * 2.0f; }, tf::TensorSpec({tf::None}, tf::float32));
  Graph fd = fused_and_checked(d, tf::constant({1.0f, -1.0f}));
  EXPECT_EQ(count_ops(fd, "FusedElementwise"), 0);
}

TEST(ElementwiseFusion, EmptyAndScalarRegions) {
  Graph e = traced([](tf::Tensor x) { return tf::math::exp(x) + 1.0f; }, tf::TensorSpec({0, 3}, tf::float32));
  Graph fe = fused_and_checked(e, tf::zeros({0, 3}));
  EXPECT_EQ(count_ops(fe, "FusedElementwise"), 1);
  EXPECT_EQ(run(fe, tf::zeros({0, 3}))[0].shape(), tf::TensorShape({0, 3}));

  Graph s = traced([](tf::Tensor x) { return tf::math::exp(x) + 1.0f; }, tf::TensorSpec({}, tf::float32));
  Graph fs = fused_and_checked(s, tf::constant(0.0f));
  EXPECT_EQ(count_ops(fs, "FusedElementwise"), 1);
  EXPECT_EQ(run(fs, tf::constant(0.0f))[0].item<float>(), 2.0f);
}

TEST(ElementwiseFusion, RegionsAreBoundedInSize) {
  const tf::Tensor c = tf::fill({8}, 1.5f);
  Graph g = traced([&](tf::Tensor x) { return chain(x, c, 100); }, tf::TensorSpec({8}, tf::float32));
  Graph f = fused_and_checked(g, tf::random::normal({8}, {.seed = 7}));
  EXPECT_EQ(count_ops(f, "FusedElementwise"), 4);  // 400 ops, at most 128 per region
  EXPECT_EQ(count_all_ops(f), 4);
}

TEST(ElementwiseFusion, ConcreteFunctionsFuseAndGradientsStillFlow) {
  auto f = tf::function([](tf::Tensor x) { return x * x * 3.0f + x; });
  const tf::Tensor x = tf::constant({0.5f, 2.0f});
  EXPECT_EQ(f(x).numpy<float>(), (std::vector<float>{1.25f, 14.0f}));
  tf::GradientTape tape;
  tape.watch(x);
  const tf::Tensor z = f(x);
  const auto grad = tape.gradient(z, x).numpy<float>();
  ASSERT_EQ(grad.size(), 2u);
  EXPECT_EQ(grad, (std::vector<float>{4.0f, 13.0f}));  // 6x + 1
}

TEST(ElementwiseFusion, VariableReadsAndWritesKeepTheirOrderAroundFusedRegions) {
  tf::Variable v(tf::zeros({4}));
  auto f = tf::function([&](tf::Tensor x) {
    v.assign_add(x * 2.0f + 1.0f);
    return v.read_value() * 3.0f - 1.0f;
  });
  EXPECT_EQ(f(tf::ones({4})).numpy<float>(), std::vector<float>(4, 8.0f));
  EXPECT_EQ(f(tf::ones({4})).numpy<float>(), std::vector<float>(4, 17.0f));
  EXPECT_EQ(v.numpy<float>(), std::vector<float>(4, 6.0f));
  const Graph& g = f.get_concrete_function(tf::TensorSpec({4}, tf::float32)).impl()->executor.graph();
  EXPECT_EQ(count_ops(g, "FusedElementwise"), 2) << g.to_string();
}

}  // namespace
