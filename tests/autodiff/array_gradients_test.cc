// Gradients of the index and slicing ops (GatherV2, GatherNd, ScatterNd, boolean_mask,
// StridedSlice, MirrorPad, the gradient ops StridedSliceGrad / MirrorPadGrad, and Fill /
// SumToShape / EnsureShape) against central finite differences (float64), plus hand-computed
// values for repeated indices.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "autodiff/grad_cases.h"
#include "ops/array/array_grad_ops.h"
#include "ops/array/gradient_shape_ops.h"
#include "ops/op_def.h"

namespace {

using tf::Tensor;
using tf::TensorShape;
using tf::testing::TensorFn;
using tf::testing::weighted;
using V = std::vector<Tensor>;

// A case that gives only shapes: values come from the shared checker's default range.
struct ShapeCase {
  std::string name;
  std::vector<TensorShape> inputs;
  TensorFn f;
  bool second_order = false;
};

Tensor ints(std::vector<std::int64_t> values, std::vector<std::int64_t> shape) {
  return tf::reshape(tf::constant(values), shape);
}

std::vector<ShapeCase> cases() {
  std::vector<ShapeCase> c;
  // GatherV2: axes, repeated indices, index tensors of several ranks, batch_dims.
  c.push_back({"GatherAxis0Repeated", {{5, 3}}, [](const V& x) { return weighted(tf::gather(x[0], {0, 2, 2, 4, 0})); }, true});
  c.push_back({"GatherAxis1Matrix", {{2, 4, 3}}, [](const V& x) {
                 return weighted(tf::gather(x[0] * x[0], ints({3, 0, 1, 3}, {2, 2}), {.axis = 1}));
               }, true});
  c.push_back({"GatherNegativeAxis", {{2, 3, 4}}, [](const V& x) { return weighted(tf::gather(x[0], {1, 1, 3}, {.axis = -1})); }});
  c.push_back({"GatherScalarIndex", {{4, 2}}, [](const V& x) { return weighted(tf::gather(x[0], tf::constant(2), {.axis = 0})); }});
  c.push_back({"GatherEmptyIndices", {{3, 2}}, [](const V& x) {
                 return tf::reduce_sum(tf::gather(x[0], tf::IntArray(tf::zeros({0}, tf::int32)))) + x[0];
               }});
  c.push_back({"GatherBatchDims1", {{2, 4, 3}}, [](const V& x) {
                 return weighted(tf::gather(x[0], ints({0, 3, 3, 2, 1, 0}, {2, 3}), {.axis = 1, .batch_dims = 1}));
               }, true});
  c.push_back({"GatherBatchDims1Axis2", {{2, 3, 4, 2}}, [](const V& x) {
                 return weighted(tf::gather(x[0], ints({1, 1, 0, 3}, {2, 2}), {.axis = 2, .batch_dims = 1}));
               }});
  c.push_back({"GatherBatchDimsNegative", {{2, 2, 3}}, [](const V& x) {
                 return weighted(tf::gather(x[0], ints({2, 0, 1, 1, 0, 0, 2, 2}, {2, 2, 2}), {.axis = 2, .batch_dims = -1}));
               }});
  c.push_back({"GatherInt64Indices", {{4}}, [](const V& x) {
                 return weighted(tf::gather(x[0], tf::constant(std::vector<std::int64_t>{3, 3, 1})));
               }});
  // GatherNd: element and slice tuples, repeated.
  c.push_back({"GatherNdElements", {{3, 4}}, [](const V& x) {
                 return weighted(tf::gather_nd(x[0], ints({0, 1, 2, 3, 0, 1}, {3, 2})));
               }, true});
  c.push_back({"GatherNdSlices", {{3, 2, 2}}, [](const V& x) { return weighted(tf::gather_nd(x[0], ints({2, 0, 2}, {3, 1}))); }});
  c.push_back({"GatherNdBatchedIndices", {{2, 3}}, [](const V& x) {
                 return weighted(tf::gather_nd(x[0] * x[0], ints({1, 2, 0, 0, 1, 2, 1, 1}, {2, 2, 2})));
               }, true});
  // ScatterNd: updates gradient, duplicates included.
  c.push_back({"ScatterNd", {{3, 2}}, [](const V& x) { return weighted(tf::scatter_nd(ints({0, 2, 0}, {3, 1}), x[0], {4, 2})); }, true});
  c.push_back({"ScatterNdElements", {{3}}, [](const V& x) {
                 return weighted(tf::scatter_nd(ints({1, 1, 0, 2, 1, 1}, {3, 2}), x[0] * x[0], {2, 3}));
               }, true});
  // boolean_mask: Where and GatherV2 pieces.
  c.push_back({"BooleanMask", {{3, 4}}, [](const V& x) {
                 const Tensor mask = tf::constant(std::vector<bool>{true, false, true, true, false, false, true, false, true, true, false, true}, {3, 4});
                 return weighted(tf::boolean_mask(x[0], mask));
               }});
  c.push_back({"BooleanMaskAxis1", {{2, 3, 2}}, [](const V& x) {
                 return weighted(tf::boolean_mask(x[0], tf::constant(std::vector<bool>{false, true, true}), 1));
               }});
  // StridedSlice with masks.
  using O = tf::StridedSliceOptions;
  const std::vector<std::tuple<std::string, TensorShape, std::vector<std::int64_t>, std::vector<std::int64_t>,
                               std::vector<std::int64_t>, O>>
      slices = {
          {"Basic", {5, 4}, {1, 0}, {4, 3}, {1, 2}, {}},
          {"NegativeStride", {6}, {-1}, {0}, {-2}, {}},
          {"BeginEndMask", {4, 5}, {2, 3}, {0, 1}, {1, -1}, {.begin_mask = 1, .end_mask = 2}},
          {"ShrinkAxis", {3, 4}, {1, 0}, {2, 4}, {1, 1}, {.shrink_axis_mask = 1}},
          {"NewAxis", {3, 2}, {0, 0, 1}, {0, 3, 2}, {1, 1, 1}, {.new_axis_mask = 1}},
          {"Ellipsis", {2, 3, 4}, {0, 1}, {0, 4}, {1, 2}, {.ellipsis_mask = 1}},
          {"EmptyResult", {4}, {3}, {1}, {1}, {}},
      };
  for (const auto& [name, shape, b, e, s, o] : slices)
    c.push_back({"StridedSlice" + name, {shape}, [b, e, s, o](const V& x) {
                   return weighted(tf::strided_slice(x[0], b, e, s, o));
                 }, true});
  c.push_back({"StridedSliceGrad", {{2, 2}}, [](const V& x) {
                 return weighted(tf::ops::array::strided_slice_grad(tf::constant({5, 4}), tf::constant({1, 0}), tf::constant({4, 3}),
                                                                    tf::constant({2, 2}), x[0], {}));
               }, true});
  // MirrorPad, both modes, and its gradient op.
  for (const std::string mode : {"REFLECT", "SYMMETRIC"}) {
    c.push_back({"MirrorPad" + mode + "1D", {{4}}, [mode](const V& x) { return weighted(tf::pad(x[0], {{2, 3}}, {.mode = mode})); }, true});
    c.push_back({"MirrorPad" + mode + "2D", {{3, 3}}, [mode](const V& x) {
                   return weighted(tf::pad(x[0], {{1, 2}, {2, 0}}, {.mode = mode}));
                 }, true});
    c.push_back({"MirrorPadGrad" + mode, {{6, 5}}, [mode](const V& x) {
                   return weighted(tf::ops::array::mirror_pad_grad(x[0], ints({1, 2, 2, 0}, {2, 2}), mode));
                 }, true});
  }
  // The ops gradients use with run-time shapes: Fill, SumToShape, EnsureShape.
  c.push_back({"Fill", {{}}, [](const V& x) { return weighted(tf::ops::array::fill(tf::constant({2, 3}), x[0] * x[0])); }, true});
  c.push_back({"SumToShapeLeading", {{2, 3}}, [](const V& x) {
                 return weighted(tf::ops::array::sum_to_shape(x[0] * x[0], tf::constant({3})));
               }, true});
  c.push_back({"SumToShapeStretched", {{2, 3, 2}}, [](const V& x) {
                 return weighted(tf::ops::array::sum_to_shape(x[0] * x[0], tf::constant({1, 3, 1})));
               }, true});
  c.push_back({"SumToShapeNothing", {{2, 3}}, [](const V& x) {
                 return weighted(tf::ops::array::sum_to_shape(x[0], tf::constant({2, 3})));
               }});
  c.push_back({"EnsureShape", {{2, 3}}, [](const V& x) { return weighted(tf::ops::array::ensure_shape(x[0] * x[0], {tf::None, 3})); }, true});
  return c;
}

}  // namespace

std::vector<tf::testing::GradCase> tf::testing::array_grad_cases() {
  std::vector<GradCase> out;
  for (const ShapeCase& c : cases()) {
    GradCase g{c.name, {}, c.f, c.second_order};
    for (const TensorShape& s : c.inputs) g.inputs.push_back({s});
    out.push_back(std::move(g));
  }
  return out;
}

namespace {

class ArrayGradient : public ::testing::TestWithParam<tf::testing::GradCase> {};
TEST_P(ArrayGradient, MatchesFiniteDifferences) { tf::testing::check_gradient_case(GetParam()); }
INSTANTIATE_TEST_SUITE_P(ArrayOps, ArrayGradient, ::testing::ValuesIn(tf::testing::array_grad_cases()),
                         tf::testing::case_name);

Tensor gradient_of_sum(const std::function<Tensor(const Tensor&)>& f, const Tensor& x) {
  tf::GradientTape tape;
  tape.watch(x);
  return tape.gradient(f(x), x);
}

TEST(ArrayGradients, GatherRepeatedIndicesAccumulate) {
  const Tensor x = tf::constant({{1.0f, 2.0f}, {3.0f, 4.0f}, {5.0f, 6.0f}});
  const Tensor g = gradient_of_sum([](const Tensor& p) { return tf::gather(p, {2, 0, 2, 2}); }, x);
  EXPECT_EQ(g.numpy<float>(), (std::vector<float>{1, 1, 0, 0, 3, 3}));
  const Tensor g1 = gradient_of_sum([](const Tensor& p) { return tf::gather(p, {1, 1}, {.axis = 1}); }, x);
  EXPECT_EQ(g1.numpy<float>(), (std::vector<float>{0, 2, 0, 2, 0, 2}));
}

TEST(ArrayGradients, GatherFromAnEmptyAxisHasAnEmptyGradient) {
  const Tensor x = tf::zeros({2, 0, 3});
  const Tensor g = gradient_of_sum(
      [](const Tensor& p) { return tf::gather(p, tf::IntArray(tf::zeros({2, 0}, tf::int32)), {.axis = 1, .batch_dims = 1}); }, x);
  EXPECT_EQ(g.shape(), TensorShape({2, 0, 3}));
}

TEST(ArrayGradients, GatherNdAndScatterNdRepeatedIndices) {
  const Tensor x = tf::constant({{1.0f, 2.0f}, {3.0f, 4.0f}});
  const Tensor g = gradient_of_sum([](const Tensor& p) { return tf::gather_nd(p, ints({0, 1, 0, 1, 1, 0}, {3, 2})); }, x);
  EXPECT_EQ(g.numpy<float>(), (std::vector<float>{0, 2, 1, 0}));
  const Tensor u = tf::constant({1.0f, 2.0f, 3.0f});
  const Tensor gu = gradient_of_sum(
      [](const Tensor& v) { return tf::scatter_nd(ints({0, 0, 1}, {3, 1}), v, {2}) * tf::constant({10.0f, 20.0f}); }, u);
  EXPECT_EQ(gu.numpy<float>(), (std::vector<float>{10, 10, 20}));
}

TEST(ArrayGradients, GatherOutOfRangeIndexRaisesBeforeAnyGradient) {
  const Tensor x = tf::constant({1.0f, 2.0f, 3.0f});
  tf::GradientTape tape;
  tape.watch(x);
  EXPECT_THROW(tf::gather(x, {-1}), tf::InvalidArgumentError);
  try {
    tf::gather(x, {0, 3});
    FAIL() << "expected InvalidArgumentError";
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("[GatherV2]"), std::string::npos) << e.what();
  }
}

TEST(ArrayGradients, BooleanMaskGradientIsTheMask) {
  const Tensor x = tf::constant({-1.0f, 2.0f, -3.0f, 4.0f});
  const Tensor g = gradient_of_sum([](const Tensor& p) { return tf::boolean_mask(p, tf::greater(p, 0.0f)); }, x);
  EXPECT_EQ(g.numpy<float>(), (std::vector<float>{0, 1, 0, 1}));
}

TEST(ArrayGradients, MirrorPadGradientFoldsMirroredElements) {
  const Tensor x = tf::constant({1.0f, 2.0f, 3.0f});
  // REFLECT [2, 0] -> 3 2 | 1 2 3: the edge is not repeated.
  EXPECT_EQ(gradient_of_sum([](const Tensor& p) { return tf::pad(p, {{2, 0}}, {.mode = "REFLECT"}); }, x).numpy<float>(),
            (std::vector<float>{1, 2, 2}));
  // SYMMETRIC [2, 0] -> 2 1 | 1 2 3.
  EXPECT_EQ(gradient_of_sum([](const Tensor& p) { return tf::pad(p, {{2, 0}}, {.mode = "SYMMETRIC"}); }, x).numpy<float>(),
            (std::vector<float>{2, 2, 1}));
}

TEST(ArrayGradients, StridedSliceGradientScattersBack) {
  const Tensor x = tf::reshape(tf::range(0.0, 12.0, 1.0, tf::float32), {3, 4});
  const Tensor g = gradient_of_sum([](const Tensor& p) { return tf::strided_slice(p, {0, 3}, {3, 0}, {2, -2}); }, x);
  EXPECT_EQ(g.numpy<float>(), (std::vector<float>{0, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 1}));
}

// Shape, Rank, Size, Range, LinSpace, OneHot and Where are not differentiable: a gradient
// through them is None, not an error.
TEST(ArrayGradients, NonDifferentiableOpsGiveNoGradient) {
  for (const char* name : {"Shape", "Size", "Rank", "Range", "LinSpace", "OneHot", "Where"})
    EXPECT_TRUE(tf::ops::find_op(name)->no_gradient) << name;
  const Tensor start = tf::constant(0.0f), stop = tf::constant(1.0f);
  tf::GradientTape tape;
  tape.watch(start);
  tape.watch(stop);
  const Tensor y = tf::reduce_sum(tf::linspace(start, stop, 5));
  const auto g = tape.gradient(y, std::vector<Tensor>{start, stop});
  EXPECT_FALSE(g[0].defined());
  EXPECT_FALSE(g[1].defined());
}

}  // namespace

namespace {

std::vector<Tensor> indexing_gradients(const Tensor& x) {
  tf::GradientTape tape;
  tape.watch(x);
  const Tensor a = tf::gather(x, {2, 0, 2}, {.axis = 1});
  const Tensor b = tf::gather_nd(x, ints({0, 1, 1, 3}, {2, 2}));
  const Tensor c = tf::scatter_nd(ints({1, 0}, {2, 1}), b * b, {3});
  const Tensor d = tf::slice(tf::pad(x, {{1, 1}, {2, 0}}, {.mode = "REFLECT"}), {0, 1}, {3, 4});
  const Tensor e = tf::strided_slice(tf::pad(x, {{1, 0}, {0, 1}}, {.mode = "SYMMETRIC"}), {0, 1}, {3, 5}, {2, 2});
  const Tensor loss = tf::reduce_sum(a * a) + tf::reduce_sum(c) + tf::reduce_sum(d * d) + tf::reduce_sum(e * e * e);
  return {tape.gradient(loss, x)};
}

TEST(ArrayGradients, TracedGradientsMatchEager) {
  const Tensor x = tf::testing::random_tensor({2, 4}, 1);
  auto traced = tf::function([](Tensor t) { return indexing_gradients(t); });
  const std::vector<double> expected = indexing_gradients(x)[0].numpy<double>();
  const std::vector<double> actual = traced(x)[0].numpy<double>();
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t j = 0; j < actual.size(); ++j) EXPECT_NEAR(actual[j], expected[j], 1e-12) << j;
}

}  // namespace
