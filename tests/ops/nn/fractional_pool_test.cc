// tf::nn::fractional_max_pool / fractional_avg_pool: pooling sequences (TensorFlow's for the same
// seeds), values and tape gradients as TensorFlow 2.21's (fractional_pool_tf.py, in the same run),
// finite-difference gradients, traced shapes, and the errors of the ops and their backprops.
#include <gtest/gtest.h>

#include <cmath>

#include "autodiff/gradient_checker.h"
#include "error_of.h"
#include "ops/nn/fractional_pool.h"
#include "ops/reference_values.h"
#include "tfpp/fractional_pool.h"

namespace tf {
namespace {

using nn::FractionalPoolOptions;
using nn::FractionalPoolResult;
using testing::error_of;

const std::string& tensorflow_results() {
  static const std::string out = testing::reference_output("ops/nn/fractional_pool_tf.py");
  return out;
}

std::string text(const Tensor& t) { return testing::exact_text(t); }

// ((i * 37) % 11) - 5 for the i-th element, as the Python side makes it.
Tensor pattern(const TensorShape& shape, DType dtype) {
  std::vector<double> v(static_cast<std::size_t>(shape.num_elements()));
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>(static_cast<std::int64_t>(i * 37 % 11) - 5);
  return cast(constant(v, shape), dtype);
}

using PoolFn = FractionalPoolResult (*)(const Tensor&, const std::vector<double>&, const FractionalPoolOptions&);

// The sequences, the values and, for floats, the gradient of sum(output * [1, 2, 3, ...]).
std::string ours(PoolFn pool, const TensorShape& shape, DType dtype, const std::vector<double>& ratio,
                 const FractionalPoolOptions& options, std::optional<std::int64_t> global_seed = std::nullopt) {
  random::set_seed(global_seed);
  const Tensor x = pattern(shape, dtype);
  GradientTape tape;
  tape.watch(x);
  const FractionalPoolResult r = pool(x, ratio, options);
  const Tensor w = cast(reshape(range(1, r.output.num_elements() + 1), tf::shape(r.output)), r.output.dtype());
  std::string lines = text(r.row_pooling_sequence) + "\n" + text(r.col_pooling_sequence) + "\n" + text(r.output) + "\n";
  if (is_floating(dtype)) lines += text(tape.gradient(reduce_sum(r.output * w), x)) + "\n";
  random::set_seed(std::nullopt);
  return lines;
}

TEST(FractionalPool, SequencesValuesAndGradientsAreTensorFlows) {
  const std::string& tf_out = tensorflow_results();
  for (const auto& [name, pool] : {std::pair<std::string, PoolFn>{"max", nn::fractional_max_pool},
                                   {"avg", nn::fractional_avg_pool}}) {
    const auto check = [&](const std::string& label, const std::string& got) {
      EXPECT_EQ(got, testing::block(tf_out, name + "_" + label)) << name << "_" << label;
    };
    check("random", ours(pool, {2, 7, 9, 3}, float32, {1.0, 1.5, 1.7, 1.0}, {.seed = 7}));
    check("pseudo", ours(pool, {2, 7, 9, 3}, float32, {1.0, 1.5, 1.7, 1.0}, {.pseudo_random = true, .seed = 7}));
    check("overlapping", ours(pool, {1, 10, 11, 2}, float64, {1.0, 1.44, 1.73, 1.0}, {.overlapping = true, .seed = 3}));
    check("pseudo_overlapping", ours(pool, {1, 10, 11, 2}, float64, {1.0, 1.44, 1.73, 1.0},
                                     {.pseudo_random = true, .overlapping = true, .seed = 3}));
    check("long", ours(pool, {1, 40, 33, 1}, float32, {1.0, 1.3, 2.6, 1.0}, {.seed = 11}));
    check("long_pseudo", ours(pool, {1, 40, 33, 1}, float32, {1.0, 1.3, 2.6, 1.0}, {.pseudo_random = true, .seed = 11}));
    check("whole_ratio", ours(pool, {1, 8, 8, 1}, float64, {2.0}, {.seed = 5}));
    check("global_seed", ours(pool, {1, 9, 9, 1}, float32, {1.4}, {.seed = 9}, 5));
    check("int32", ours(pool, {1, 7, 7, 2}, int32, {1.0, 1.6, 1.3, 1.0}, {.seed = 2}));
    check("int64", ours(pool, {1, 7, 7, 2}, int64, {1.0, 1.6, 1.3, 1.0}, {.pseudo_random = true, .seed = 2}));
  }
}

TEST(FractionalPool, SeedZeroDrawsValidSequences) {
  const Tensor x = pattern({1, 20, 20, 1}, float32);
  for (bool pseudo_random : {false, true}) {
    const FractionalPoolResult r = nn::fractional_max_pool(x, {1.0, 1.7, 1.3, 1.0}, {.pseudo_random = pseudo_random});
    for (const auto& [seq, size, out] : {std::tuple{r.row_pooling_sequence, 20, 11}, std::tuple{r.col_pooling_sequence, 20, 15}}) {
      const std::vector<std::int64_t> v = seq.numpy<std::int64_t>();
      ASSERT_EQ(static_cast<int>(v.size()), out + 1);
      EXPECT_EQ(v.front(), 0);
      EXPECT_EQ(v.back(), size);
      for (std::size_t i = 0; i + 1 < v.size(); ++i) {
        EXPECT_GE(v[i + 1] - v[i], size / out);
        EXPECT_LE(v[i + 1] - v[i], size / out + 1);
      }
    }
  }
}

// Finite differences of both pools through their windows (a seed fixes them), with ties broken
// by distinct inputs.
TEST(FractionalPool, GradientsMatchFiniteDifferences) {
  const Tensor x = testing::random_tensor({2, 7, 6, 2}, 5, -2.0, 2.0, 0.01);
  for (bool overlapping : {false, true})
    for (bool pseudo_random : {false, true}) {
      const FractionalPoolOptions options{.pseudo_random = pseudo_random, .overlapping = overlapping, .seed = 4};
      EXPECT_LT(testing::max_gradient_error(
                    [&](const std::vector<Tensor>& in) { return nn::fractional_max_pool(in[0], {1.6, 1.4}, options).output; },
                    {x}),
                1e-6);
      EXPECT_LT(testing::max_gradient_error(
                    [&](const std::vector<Tensor>& in) { return nn::fractional_avg_pool(in[0], {1.6, 1.4}, options).output; },
                    {x}),
                1e-6);
    }
}

TEST(FractionalPool, TracedShapesAndValues) {
  const Tensor x = pattern({2, 10, 10, 1}, float32);
  auto traced = function([](const Tensor& v) {
    const FractionalPoolResult r = nn::fractional_avg_pool(v, {1.0, 1.44, 1.73, 1.0}, {.seed = 1});
    EXPECT_EQ(r.output.shape(), TensorShape({2, 6, 5, 1}));
    EXPECT_EQ(r.row_pooling_sequence.shape(), TensorShape({7}));
    return r.output;
  });
  EXPECT_EQ(text(traced(x)), text(nn::fractional_avg_pool(x, {1.0, 1.44, 1.73, 1.0}, {.seed = 1}).output));
}

TEST(FractionalPool, ErrorsNameTheOpAndTheValues) {
  const Tensor x = pattern({1, 7, 9, 2}, float32);
  EXPECT_EQ(error_of([&] { nn::fractional_max_pool(reshape(x, {7, 9, 2}), {1.5}, {.seed = 1}); }),
            "[FractionalMaxPool] tensor_in must be 4-dimensional, got shape [7,9,2]");
  EXPECT_EQ(error_of([&] { nn::fractional_avg_pool(x, {1.0, 0.5, 1.5, 1.0}, {.seed = 1}); }),
            "[FractionalAvgPool] pooling_ratio cannot be smaller than 1, got: 0.5");
  EXPECT_EQ(error_of([&] { nn::fractional_max_pool(x, {1.0, 8.0, 1.5, 1.0}, {.seed = 1}); }),
            "[FractionalMaxPool] Pooling ratio is higher than input dimension size for dimension 1. Input dim size: 7 "
            "pooling ratio: 8");
  EXPECT_EQ(error_of([&] { nn::fractional_max_pool(zeros({0, 7, 9, 2}), {1.5}, {.seed = 1}); }),
            "[FractionalMaxPool] Pooling ratio is higher than input dimension size for dimension 0. Input dim size: 0 "
            "pooling ratio: 1");
  EXPECT_EQ(error_of([&] { nn::fractional_max_pool(cast(x, uint8), {1.5}, {.seed = 1}); }),
            "[FractionalMaxPool] Value for attr 'T' of uint8 is not in the list of allowed values: float, double, int32, int64");
  EXPECT_EQ(error_of([&] { nn::fractional_max_pool(x, {1.5, 1.5, 1.5}, {.seed = 1}); }),
            "[FractionalMaxPool] pooling_ratio field must specify 4 dimensions, got 3");
  EXPECT_THROW(nn::fractional_avg_pool(x, {2.0, 1.5, 1.5, 1.0}, {.seed = 1}), UnimplementedError);
  EXPECT_EQ(error_of([&] { ops::nn::fractional_pool(true, x, {1.0, 1.5, 1.5, 1.0}, false, false, false, 3, 0); }),
            "[FractionalMaxPool] Both seed and seed2 should be 0 if deterministic is false.");
}

TEST(FractionalPool, BackpropErrors) {
  const Tensor x = pattern({1, 7, 9, 2}, float32);
  const FractionalPoolResult r = nn::fractional_max_pool(x, {1.5, 1.7}, {.seed = 7});
  const Tensor g = ones_like(r.output);
  using ops::nn::fractional_avg_pool_grad;
  using ops::nn::fractional_max_pool_grad;
  EXPECT_EQ(text(fractional_max_pool_grad(x, r.output, g, r.row_pooling_sequence, r.col_pooling_sequence, false)),
            text(fractional_max_pool_grad(x, r.output, g, concat({r.row_pooling_sequence, constant<std::int64_t>({7})}, 0),
                                          r.col_pooling_sequence, false)));
  EXPECT_EQ(error_of([&] {
              fractional_max_pool_grad(x, r.output + 1.0f, g, r.row_pooling_sequence, r.col_pooling_sequence, false);
            }),
            "[FractionalMaxPoolGrad] orig_output is not the maximum of its window at 0 (tensor_out_dup is not the same as "
            "tensor_out)");
  EXPECT_EQ(error_of([&] {
              fractional_max_pool_grad(reshape(x, {7, 9, 2}), r.output, g, r.row_pooling_sequence, r.col_pooling_sequence, false);
            }),
            "[FractionalMaxPoolGrad] orig_input should be a tensor of rank 4, got shape [7,9,2]");
  EXPECT_EQ(error_of([&] {
              fractional_max_pool_grad(x, r.output, g, slice(r.row_pooling_sequence, {0}, {3}), r.col_pooling_sequence, false);
            }),
            "[FractionalMaxPoolGrad] Given out_backprop shape [1,4,5,2], row_pooling_sequence must have at least 5 "
            "elements, but got 3");
  const Tensor shape = constant<std::int64_t>({1, 7, 9, 2});
  EXPECT_EQ(error_of([&] { fractional_avg_pool_grad(constant<std::int64_t>({1, 7, 9}), g, r.row_pooling_sequence, r.col_pooling_sequence, false); }),
            "[FractionalAvgPoolGrad] original input tensor shape must be 1-dimensional and 4 elements (int64), got int64 [3]");
  EXPECT_EQ(error_of([&] { fractional_avg_pool_grad(shape, g, r.row_pooling_sequence - std::int64_t{1}, r.col_pooling_sequence, false); }),
            "[FractionalAvgPoolGrad] row_pooling_sequence values must not be negative, got [-1  0  2  4  6]");
  EXPECT_EQ(error_of([&] { fractional_avg_pool_grad(shape, g, cast(r.row_pooling_sequence, int32), r.col_pooling_sequence, false); }),
            "[FractionalAvgPoolGrad] row_pooling_sequence must be an int64 vector, got int32 [5]");
  EXPECT_EQ(error_of([&] { fractional_avg_pool_grad(constant<std::int64_t>({1, 7, 9, 3}), g, r.row_pooling_sequence, r.col_pooling_sequence, false); }),
            "[FractionalAvgPoolGrad] original input shape [1,7,9,3] and out_backprop [1,4,5,2] differ in batch or depth");
}

}  // namespace
}  // namespace tf
