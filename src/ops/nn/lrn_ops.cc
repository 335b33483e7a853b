// LRN and LRNGrad (TensorFlow's ops): local response normalization over the channels of a 4-D
// float32 tensor and its gradient, with TensorFlow's CPU kernels' formulas.
#include <algorithm>
#include <cmath>

#include "ops/execute.h"
#include "ops/math/elementwise_shapes.h"
#include "ops/nn/lrn_ops.h"
#include "ops/shape_fns.h"
#include "tfpp/local_response_normalization.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

// The attributes, as the float32 values TensorFlow's float attributes hold.
struct LrnParams {
  std::int64_t radius;
  float bias, alpha, beta;
};

LrnParams params_of(const OpContext& ctx) {
  return {ctx.attr<std::int64_t>(0), static_cast<float>(ctx.attr<double>(1)), static_cast<float>(ctx.attr<double>(2)),
          static_cast<float>(ctx.attr<double>(3))};
}

void check_lrn_input(const ShapeContext& ctx, std::size_t i, const char* what) {
  ops::check_supported_dtype(ctx, ctx.input(i).dtype(), what);
  const TensorShape& s = ctx.input(i).shape();
  if (!s.has_unknown_rank() && s.rank() != 4) ctx.fail(std::string(what) + " must be 4-dimensional, got shape " + s.debug_string());
}

void lrn_shape(ShapeContext& ctx) {
  const std::int64_t radius = ctx.attr<std::int64_t>(0);
  if (radius < 0) ctx.fail("depth_radius must be non-negative, got " + std::to_string(radius));
  check_lrn_input(ctx, 0, "input");
  ctx.add_output(ctx.input(0).dtype(), ctx.input(0).shape());
}

// Rows of the last (channel) dimension: [rows, depth].
std::pair<std::int64_t, std::int64_t> rows_of(const Tensor& t) {
  const std::int64_t depth = t.shape().dim(3);
  return {depth ? t.num_elements() / depth : 0, depth};
}

// bias + alpha * (sum of squares of the window around channel d).
float norm_at(const float* row, std::int64_t d, std::int64_t depth, const LrnParams& p) {
  float sum = 0;
  for (std::int64_t k = std::max<std::int64_t>(0, d - p.radius); k < std::min(depth, d + p.radius + 1); ++k) sum += row[k] * row[k];
  return p.bias + p.alpha * sum;
}

void lrn_kernel(KernelContext& ctx) {
  const LrnParams p = params_of(ctx);
  const auto [rows, depth] = rows_of(ctx.input(0));
  const float* in = ctx.input(0).data<float>();
  float* out = ctx.output(0).mutable_data<float>();
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t d = 0; d < depth; ++d) {
      const float m = norm_at(in + r * depth, d, depth, p);
      // TensorFlow's special cases of the power.
      const float scale = p.beta == 1.0f ? 1.0f / m : p.beta == 0.5f ? 1.0f / std::sqrt(m) : std::exp(std::log(m) * -p.beta);
      out[r * depth + d] = in[r * depth + d] * scale;
    }
}

void lrn_grad_shape(ShapeContext& ctx) {
  lrn_shape(ctx);
  for (std::size_t i = 1; i < 3; ++i) {
    ops::check_same_dtype(ctx, 0, i);
    check_lrn_input(ctx, i, i == 1 ? "input_image" : "output_image");
    if (!ctx.input(i).shape().is_compatible_with(ctx.input(0).shape()))
      ctx.fail("input_grads " + ctx.input(0).shape().debug_string() + ", input_image " + ctx.input(1).shape().debug_string() +
               " and output_image " + ctx.input(2).shape().debug_string() + " must have the same shape");
  }
}

// For each output channel i, its window's channels k get dy_i * (d out_i / d in_k).
void lrn_grad_kernel(KernelContext& ctx) {
  const LrnParams p = params_of(ctx);
  const auto [rows, depth] = rows_of(ctx.input(0));
  const float *dy = ctx.input(0).data<float>(), *in = ctx.input(1).data<float>(), *out = ctx.input(2).data<float>();
  float* dx = ctx.output(0).mutable_data<float>();
  std::fill(dx, dx + rows * depth, 0.0f);
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t i = 0; i < depth; ++i) {
      const std::int64_t at = r * depth;
      const float norm = norm_at(in + at, i, depth, p), power = std::pow(norm, -p.beta);
      for (std::int64_t k = std::max<std::int64_t>(0, i - p.radius); k < std::min(depth, i + p.radius + 1); ++k) {
        float d = -2.0f * p.alpha * p.beta * in[at + k] * out[at + i] / norm;
        if (k == i) d += power;
        dx[at + k] += d * dy[at + i];
      }
    }
}

const OpDef& kLrn = OpBuilder("LRN").inputs(1).attrs({"depth_radius", "bias", "alpha", "beta"}).shape(lrn_shape)
                        .kernel(DType::kFloat32, &lrn_kernel);
const OpDef& kLrnGrad = OpBuilder("LRNGrad").inputs(3).attrs({"depth_radius", "bias", "alpha", "beta"}).shape(lrn_grad_shape)
                            .kernel(DType::kFloat32, &lrn_grad_kernel);

}  // namespace

namespace ops {
Tensor lrn_grad(const Tensor& input_grads, const Tensor& input_image, const Tensor& output_image,
                std::span<const AttrValue> attrs) {
  return execute(kLrnGrad, {input_grads, input_image, output_image}, attrs)[0];
}
}  // namespace ops

namespace nn {
Tensor local_response_normalization(const Tensor& input, const LrnOptions& options) {
  const ops::AttrValue attrs[] = {options.depth_radius, options.bias, options.alpha, options.beta};
  return ops::execute1(kLrn, {input}, attrs);
}
Tensor lrn(const Tensor& input, const LrnOptions& options) { return local_response_normalization(input, options); }
}  // namespace nn
}  // namespace tf
