// What fractional pooling's ops, kernels and gradients share: TensorFlow's pooling sequences
// (fractional_pool_common.cc) and the backprop ops the gradients call.
#pragma once

#include <cstdint>
#include <vector>

#include "kernels/cpu/philox.h"
#include "tfpp/fractional_pool.h"
#include "tfpp/tensor.h"

namespace tf::ops::nn {

/// TensorFlow's GeneratePoolingSequence: output_length + 1 window boundaries from 0 to
/// input_length, window sizes k = input_length / output_length or k + 1, drawn from `generator`
/// as its GuardedPhiloxRandom does (which advances past the blocks it reserved).
std::vector<std::int64_t> pooling_sequence(std::int64_t input_length, std::int64_t output_length,
                                           kernels::Philox& generator, bool pseudo_random);

/// FractionalMaxPool (`max`) or FractionalAvgPool with the op's own attributes: `pooling_ratio`
/// as given (the op wants four), and the seeds as given (tf.compat.v1.nn's arguments).
tf::nn::FractionalPoolResult fractional_pool(bool max, const Tensor& value, const std::vector<double>& pooling_ratio,
                                             bool pseudo_random, bool overlapping, bool deterministic, std::int64_t seed,
                                             std::int64_t seed2);

/// FractionalMaxPoolGrad: each `out_backprop` element added at the first maximum of its window
/// of `orig_input` (the windows `rows` and `cols` bound; `overlapping` as in the forward call).
Tensor fractional_max_pool_grad(const Tensor& orig_input, const Tensor& orig_output, const Tensor& out_backprop,
                                const Tensor& rows, const Tensor& cols, bool overlapping);
/// FractionalAvgPoolGrad: each `out_backprop` element spread evenly over its window of an input of
/// shape `orig_input_shape` (an int64 vector of 4).
Tensor fractional_avg_pool_grad(const Tensor& orig_input_shape, const Tensor& out_backprop, const Tensor& rows,
                                const Tensor& cols, bool overlapping);

}  // namespace tf::ops::nn
