// Random ops take their shape as a tensor, as TensorFlow's do: inside tf::function it may be
// computed (tf::shape(x)), and the static shape holds what the graph tells of it.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "ops/array/gradient_shape_ops.h"

namespace {

using tf::None;
using tf::Tensor;
using tf::TensorShape;
using tf::TensorSpec;

std::vector<double> values(const Tensor& t) { return tf::cast(t, tf::float64).numpy<double>(); }

Tensor batch_and(const Tensor& x, std::int32_t last) {
  const Tensor batch = tf::strided_slice(tf::shape(x), {0}, {1}, {1}, {.shrink_axis_mask = 1});
  return tf::stack({batch, tf::constant(last)});
}

// The seeded stateful ops draw the eager numbers from a traced shape; the static shape is x's.
TEST(RandomSymbolicShape, StatefulOpsDrawFromATracedShape) {
  const Tensor x = tf::zeros({2, 3});
  for (tf::DType dtype : {tf::float32, tf::float64, tf::float16, tf::bfloat16}) {
    tf::random::set_seed(5);
    const Tensor normal = tf::random::normal({2, 3}, {.dtype = dtype, .seed = 1});
    const Tensor uniform = tf::random::uniform({2, 3}, {.dtype = dtype, .seed = 1});
    const Tensor truncated = tf::random::truncated_normal({2, 3}, {.dtype = dtype, .seed = 1});
    tf::random::set_seed(5);
    auto f = tf::function(
        [dtype](const Tensor& x) {
          const Tensor n = tf::random::normal(tf::shape(x), {.dtype = dtype, .seed = 1});
          const Tensor u = tf::random::uniform(tf::shape(x), {.dtype = dtype, .seed = 1});
          const Tensor t = tf::random::truncated_normal(tf::shape(x), {.dtype = dtype, .seed = 1});
          for (const Tensor& r : {n, u, t}) EXPECT_EQ(r.shape(), TensorShape({None, 3}));
          return std::vector<Tensor>{n, u, t};
        },
        {.input_signature = {TensorSpec({None, 3}, tf::float32)}});
    const std::vector<Tensor> traced = f(x);
    EXPECT_EQ(traced[0].dtype(), dtype);
    EXPECT_EQ(values(traced[0]), values(normal)) << tf::dtype_name(dtype);
    EXPECT_EQ(values(traced[1]), values(uniform)) << tf::dtype_name(dtype);
    EXPECT_EQ(values(traced[2]), values(truncated)) << tf::dtype_name(dtype);
  }
  tf::random::set_seed(std::nullopt);
}

// The stateless ops give the same numbers from a traced shape and traced integer bounds.
TEST(RandomSymbolicShape, StatelessOpsTakeTracedShapesAndBounds) {
  const Tensor x = tf::zeros({4, 2});
  auto f = tf::function(
      [](const Tensor& x, const Tensor& lo, const Tensor& hi) {
        const Tensor n = tf::random::stateless_normal(tf::shape(x), {1, 2});
        const Tensor u = tf::random::stateless_uniform(batch_and(x, 5), {1, 2}, lo, hi);
        const Tensor full = tf::random::stateless_uniform_full_int(tf::shape(x), {1, 2}, tf::uint32);
        EXPECT_EQ(n.shape(), TensorShape({None, 2}));
        EXPECT_EQ(u.shape(), TensorShape({None, 5}));
        EXPECT_EQ(full.shape(), TensorShape({None, 2}));
        return std::vector<Tensor>{n, u, full};
      },
      {.input_signature = {TensorSpec({None, 2}, tf::float32), TensorSpec({}, tf::int64), TensorSpec({}, tf::int64)}});
  const std::vector<Tensor> traced = f(x, tf::constant(std::int64_t{-3}), tf::constant(std::int64_t{9}));
  EXPECT_EQ(traced[0].numpy<float>(), tf::random::stateless_normal({4, 2}, {1, 2}).numpy<float>());
  EXPECT_EQ(traced[1].numpy<std::int64_t>(),
            tf::random::stateless_uniform({4, 5}, {1, 2}, {.minval = -3, .maxval = 9, .dtype = tf::int64}).numpy<std::int64_t>());
  EXPECT_EQ(traced[2].numpy<std::uint32_t>(), tf::random::stateless_uniform_full_int({4, 2}, {1, 2}, tf::uint32).numpy<std::uint32_t>());
  // TensorFlow's kernel checks the bounds only when there are numbers to draw.
  try {
    f(x, tf::constant(std::int64_t{9}), tf::constant(std::int64_t{9}));
    ADD_FAILURE() << "no error for minval == maxval";
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("[StatelessRandomUniformInt] Need minval < maxval: 9 >= 9", 0), 0u) << e.what();
  }
  EXPECT_EQ(f(tf::zeros({0, 2}), tf::constant(std::int64_t{9}), tf::constant(std::int64_t{9}))[1].shape(), TensorShape({0, 5}));
}

// Shapes built from tf::shape in the graph give Fill, Reshape and BroadcastTo static dims, as
// TensorFlow's shape inference reads them.
TEST(RandomSymbolicShape, ShapeTensorsGiveStaticDims) {
  auto f = tf::function(
      [](const Tensor& x) {
        const Tensor s = tf::shape(x);
        EXPECT_EQ(tf::ops::array::fill(batch_and(x, 4), tf::constant(1.0f)).shape(), TensorShape({None, 4}));
        EXPECT_EQ(tf::broadcast_to(tf::constant(1.0f), s).shape(), TensorShape({None, 3}));
        const Tensor tail = tf::strided_slice(s, {1}, {0}, {1}, {.end_mask = 1});
        EXPECT_EQ(tf::reshape(x, tf::concat({tail, tf::constant({1}), tf::strided_slice(s, {0}, {1}, {1})}, 0)).shape(),
                  TensorShape({3, 1, None}));
        EXPECT_EQ(tf::reshape(x, tf::concat({tf::constant({-1}), tail}, 0)).shape(), TensorShape({None, 3}));
        return x;
      },
      {.input_signature = {TensorSpec({None, 3}, tf::float32)}});
  f(tf::zeros({2, 3}));
  // Fully known input: the one size the shape does not tell is inferred.
  auto g = tf::function([](const Tensor& x) {
    const Tensor r = tf::reshape(x, tf::concat({tf::constant({-1}), tf::strided_slice(tf::shape(x), {1}, {2}, {1})}, 0));
    EXPECT_EQ(r.shape(), TensorShape({2, 3}));
    return r;
  }, {.input_signature = {TensorSpec({2, 3}, tf::float32)}});
  g(tf::zeros({2, 3}));
}

// Shapes that name no shape: TensorFlow's errors.
TEST(RandomSymbolicShape, BadShapesFail) {
  EXPECT_THROW(tf::random::normal(tf::constant({2.0f})), tf::InvalidArgumentError);
  EXPECT_THROW(tf::random::normal(tf::constant({{2}})), tf::InvalidArgumentError);
  EXPECT_THROW(tf::random::uniform({-1, 2}), tf::InvalidArgumentError);
  EXPECT_THROW(tf::random::stateless_normal({2, -3}, {1, 2}), tf::InvalidArgumentError);
  auto f = tf::function([](const Tensor& shape) { return tf::random::normal(shape); },
                        {.input_signature = {TensorSpec({2}, tf::int32)}});
  EXPECT_THROW(f(tf::constant({2, -1})), tf::InvalidArgumentError);
  EXPECT_EQ(f(tf::constant({2, 0})).shape(), TensorShape({2, 0}));
}

}  // namespace
