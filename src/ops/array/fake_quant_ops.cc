// TensorFlow's fake quantization ops (fake_quant_ops.h), float32 only as TensorFlow's:
// FakeQuantWithMinMaxArgs (range as attributes), FakeQuantWithMinMaxVars (scalar tensors),
// FakeQuantWithMinMaxVarsPerChannel (a range per element of the last dimension) and their
// *Gradient ops, which the forward ops' gradients run (autodiff/fake_quant_grad.cc).
//
// Note [Fake quantization's nudged range]: the range [min, max] is moved so that 0.0 falls
// exactly on one of the levels quant_min .. quant_max (0 or 1 .. 2^num_bits - 1): the scale is
// (max - min) / (quant_max - quant_min), the zero point quant_min - min / scale is clamped to the
// levels and rounded half away from zero, and the nudged range is (quant_min - zero_point) * scale
// .. (quant_max - zero_point) * scale. An input is clamped to the nudged range, shifted by its
// minimum and rounded to a level by floor(shifted / scale + 0.5); the output is (level - (zero_point
// - quant_min)) * scale, which TensorFlow 2.21's kernels give bit for bit (level * scale + min
// differs in the last bit). The Args and VarsPerChannel ops multiply by 1 / scale where the Vars
// op divides, as TensorFlow's kernels do, which also differ in the last bit for some inputs. A range of exactly [0, 0] gives 0 and passes every gradient, as TensorFlow 2.21 does.
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>

#include "ops/execute.h"
#include "tfpp/fake_quant_ops.h"

namespace tf {
namespace {

using ops::AttrValue;
using ops::KernelContext;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

enum ArgsAttr { kMin, kMax, kArgsNumBits, kArgsNarrowRange };
enum VarsAttr { kNumBits, kNarrowRange };

// The levels of a quantization grid (Note [Fake quantization's nudged range]).
struct Levels {
  int lo, hi;
};

Levels levels_of(std::int64_t num_bits, bool narrow_range) {
  return {narrow_range ? 1 : 0, static_cast<int>((std::int64_t{1} << num_bits) - 1)};
}

void check_num_bits(const OpContext& ctx, std::int64_t num_bits) {
  if (num_bits < 2 || num_bits > 16)
    ctx.fail("num_bits must be between 2 and 16, inclusive, got " + std::to_string(num_bits));
}

// The nudged range of [min, max] on these levels.
struct Nudged {
  float min, max, scale;
  float zero_steps;  // the zero point's level above quant_min
  bool zero_range;   // min and max both 0: outputs 0, gradients pass
};

Nudged nudge(float min, float max, Levels levels) {
  if (min == 0.0f && max == 0.0f) return {0.0f, 0.0f, 0.0f, 0.0f, true};
  const float lo = static_cast<float>(levels.lo), hi = static_cast<float>(levels.hi);
  const float scale = (max - min) / (hi - lo);
  const float zero_point_from_min = lo - min / scale;
  // A NaN zero point (a NaN or infinite range) makes every output NaN whichever level it takes.
  const int zero_point = !(zero_point_from_min >= lo) ? levels.lo
                         : zero_point_from_min > hi   ? levels.hi
                                                      : static_cast<int>(std::round(zero_point_from_min));
  const float z = static_cast<float>(zero_point);
  return {(lo - z) * scale, (hi - z) * scale, scale, z - lo, false};
}

float clamp_to(float x, const Nudged& n) {
  if (x > n.max) x = n.max;  // NaN stays NaN, as Eigen's cwiseMin / cwiseMax keep it
  if (x < n.min) x = n.min;
  return x;
}

// One output level; kDivide as the Vars kernel, else multiplied by inverse_scale as the Args and VarsPerChannel kernels.
template <bool kDivide>
float quantize(float x, const Nudged& n, float inverse_scale) {
  if (n.zero_range) return 0.0f;
  const float shifted = clamp_to(x, n) - n.min;
  const float steps = kDivide ? shifted / n.scale : shifted * inverse_scale;
  return (std::floor(steps + 0.5f) - n.zero_steps) * n.scale;
}

// Whether an input's gradient passes (1) or not (0): multiplied, so a NaN gradient stays NaN.
float passes(float x, const Nudged& n) { return n.zero_range || (x >= n.min && x <= n.max) ? 1.0f : 0.0f; }
float below(float x, const Nudged& n) { return !n.zero_range && x < n.min ? 1.0f : 0.0f; }
float above(float x, const Nudged& n) { return !n.zero_range && x > n.max ? 1.0f : 0.0f; }

std::string number(float v) {
  char buf[32];
  const auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
  return std::string(buf, end);
}

void check_float32(const OpContext& ctx, std::size_t i, const char* what) {
  const DType dtype = ctx.input(i).dtype();
  if (dtype != float32)
    ctx.fail(std::string(what) + " must be float32, got " + std::string(dtype_name(dtype)) + " " +
             ctx.input(i).shape().debug_string());
}

// The shape both a and b may be (they must be compatible): the known dimensions of either.
TensorShape merged(const OpContext& ctx, const TensorShape& a, const TensorShape& b, const char* what) {
  if (!a.is_compatible_with(b)) ctx.fail(std::string(what) + ": " + a.debug_string() + " != " + b.debug_string());
  if (a.has_unknown_rank()) return b;
  if (b.has_unknown_rank()) return a;
  TensorShape out = a;
  for (int i = 0; i < a.rank(); ++i)
    if (out.dim(i) == None) out.set_dim(i, b.dim(i));
  return out;
}

void check_rank(const OpContext& ctx, std::size_t i, int rank, const char* what) {
  const TensorShape& s = ctx.input(i).shape();
  if (!s.has_unknown_rank() && s.rank() != rank)
    ctx.fail(std::string("`") + what + "` must be rank " + std::to_string(rank) + " but is rank " + std::to_string(s.rank()));
}

// ---- Args ----

void check_args(const OpContext& ctx) {
  const float min = static_cast<float>(ctx.attr<double>(kMin)), max = static_cast<float>(ctx.attr<double>(kMax));
  if (!(min < max)) ctx.fail("min has to be smaller than max, was: " + number(min) + " >= " + number(max));
  check_num_bits(ctx, ctx.attr<std::int64_t>(kArgsNumBits));
}

Nudged args_range(const OpContext& ctx) {
  return nudge(static_cast<float>(ctx.attr<double>(kMin)), static_cast<float>(ctx.attr<double>(kMax)),
               levels_of(ctx.attr<std::int64_t>(kArgsNumBits), ctx.attr<bool>(kArgsNarrowRange)));
}

void args_shape(ShapeContext& ctx) {
  check_float32(ctx, 0, "inputs");
  check_args(ctx);
  ctx.add_output(float32, ctx.input(0).shape());
}

void args_kernel(KernelContext& ctx) {
  const Nudged n = args_range(ctx);
  const float inverse_scale = 1.0f / n.scale;
  const float* x = ctx.input(0).data<float>();
  float* out = ctx.output(0).mutable_data<float>();
  for (std::int64_t i = 0, size = ctx.output(0).num_elements(); i < size; ++i) out[i] = quantize<false>(x[i], n, inverse_scale);
}

// (gradients, inputs)
void args_gradient_shape(ShapeContext& ctx) {
  check_float32(ctx, 0, "gradients");
  check_float32(ctx, 1, "inputs");
  check_args(ctx);
  ctx.add_output(float32, merged(ctx, ctx.input(0).shape(), ctx.input(1).shape(),
                                 "gradients and inputs must have the same shape"));
}

void args_gradient_kernel(KernelContext& ctx) {
  const Nudged n = args_range(ctx);
  const float *g = ctx.input(0).data<float>(), *x = ctx.input(1).data<float>();
  float* out = ctx.output(0).mutable_data<float>();
  for (std::int64_t i = 0, size = ctx.output(0).num_elements(); i < size; ++i) out[i] = g[i] * passes(x[i], n);
}

// ---- Vars ----

Levels vars_levels(const OpContext& ctx) {
  return levels_of(ctx.attr<std::int64_t>(kNumBits), ctx.attr<bool>(kNarrowRange));
}

// (inputs, min, max)
void vars_shape(ShapeContext& ctx) {
  check_float32(ctx, 0, "inputs");
  check_float32(ctx, 1, "min");
  check_float32(ctx, 2, "max");
  check_rank(ctx, 1, 0, "min");
  check_rank(ctx, 2, 0, "max");
  check_num_bits(ctx, ctx.attr<std::int64_t>(kNumBits));
  ctx.add_output(float32, ctx.input(0).shape());
}

void vars_kernel(KernelContext& ctx) {
  const Nudged n = nudge(ctx.input(1).data<float>()[0], ctx.input(2).data<float>()[0], vars_levels(ctx));
  const float* x = ctx.input(0).data<float>();
  float* out = ctx.output(0).mutable_data<float>();
  for (std::int64_t i = 0, size = ctx.output(0).num_elements(); i < size; ++i) out[i] = quantize<true>(x[i], n, 0.0f);
}

// (gradients, inputs, min, max) -> (wrt inputs, wrt min, wrt max)
void vars_gradient_shape(ShapeContext& ctx) {
  for (std::size_t i = 0; i < 4; ++i) check_float32(ctx, i, i == 0 ? "gradients" : i == 1 ? "inputs" : i == 2 ? "min" : "max");
  const TensorShape shape = merged(ctx, ctx.input(0).shape(), ctx.input(1).shape(), "gradient and input must be the same size");
  check_rank(ctx, 2, 0, "min");
  check_rank(ctx, 3, 0, "max");
  check_num_bits(ctx, ctx.attr<std::int64_t>(kNumBits));
  ctx.add_output(float32, shape);
  ctx.add_output(float32, TensorShape{});
  ctx.add_output(float32, TensorShape{});
}

void vars_gradient_kernel(KernelContext& ctx) {
  const Nudged n = nudge(ctx.input(2).data<float>()[0], ctx.input(3).data<float>()[0], vars_levels(ctx));
  const float *g = ctx.input(0).data<float>(), *x = ctx.input(1).data<float>();
  float* out = ctx.output(0).mutable_data<float>();
  double wrt_min = 0.0, wrt_max = 0.0;  // summed in double: closer to Eigen's pairwise float sums than one float
  for (std::int64_t i = 0, size = ctx.output(0).num_elements(); i < size; ++i) {
    out[i] = g[i] * passes(x[i], n);
    wrt_min += g[i] * below(x[i], n);
    wrt_max += g[i] * above(x[i], n);
  }
  ctx.output(1).mutable_data<float>()[0] = static_cast<float>(wrt_min);
  ctx.output(2).mutable_data<float>()[0] = static_cast<float>(wrt_max);
}

// ---- VarsPerChannel ----

// Checks min and max (inputs first and first + 1) against the channels of `inputs` and returns their count.
std::int64_t check_channels(const OpContext& ctx, const TensorShape& inputs, std::size_t first) {
  if (!inputs.has_unknown_rank() && inputs.rank() < 1)
    ctx.fail("inputs must have rank at least 1, got shape " + inputs.debug_string());
  check_rank(ctx, first, 1, "min");
  check_rank(ctx, first + 1, 1, "max");
  std::int64_t depth = inputs.has_unknown_rank() ? None : inputs.dim(-1);
  for (std::size_t i : {first, first + 1}) {
    const TensorShape& s = ctx.input(i).shape();
    if (s.has_unknown_rank() || s.dim(0) == None) continue;
    if (depth != None && s.dim(0) != depth)
      ctx.fail(std::string(i == first ? "min" : "max") + " has incorrect size, expected " + std::to_string(depth) + " was " +
               std::to_string(s.dim(0)));
    depth = s.dim(0);
  }
  return depth;
}

// (inputs, min, max)
void per_channel_shape(ShapeContext& ctx) {
  check_float32(ctx, 0, "inputs");
  check_float32(ctx, 1, "min");
  check_float32(ctx, 2, "max");
  check_channels(ctx, ctx.input(0).shape(), 1);
  check_num_bits(ctx, ctx.attr<std::int64_t>(kNumBits));
  ctx.add_output(float32, ctx.input(0).shape());
}

void per_channel_kernel(KernelContext& ctx) {
  const Levels levels = vars_levels(ctx);
  const std::int64_t depth = ctx.input(1).num_elements();
  const float *x = ctx.input(0).data<float>(), *min = ctx.input(1).data<float>(), *max = ctx.input(2).data<float>();
  float* out = ctx.output(0).mutable_data<float>();
  const std::int64_t size = ctx.output(0).num_elements();
  for (std::int64_t c = 0; c < depth; ++c) {
    const Nudged n = nudge(min[c], max[c], levels);
    const float inverse_scale = 1.0f / n.scale;
    for (std::int64_t i = c; i < size; i += depth) out[i] = quantize<false>(x[i], n, inverse_scale);
  }
}

// (gradients, inputs, min, max) -> (wrt inputs, wrt min [d], wrt max [d])
void per_channel_gradient_shape(ShapeContext& ctx) {
  for (std::size_t i = 0; i < 4; ++i) check_float32(ctx, i, i == 0 ? "gradients" : i == 1 ? "inputs" : i == 2 ? "min" : "max");
  const TensorShape shape = merged(ctx, ctx.input(0).shape(), ctx.input(1).shape(), "gradient and input must be the same size");
  const std::int64_t depth = check_channels(ctx, shape, 2);
  check_num_bits(ctx, ctx.attr<std::int64_t>(kNumBits));
  ctx.add_output(float32, shape);
  ctx.add_output(float32, TensorShape{depth});
  ctx.add_output(float32, TensorShape{depth});
}

void per_channel_gradient_kernel(KernelContext& ctx) {
  const Levels levels = vars_levels(ctx);
  const std::int64_t depth = ctx.input(2).num_elements();
  const float *g = ctx.input(0).data<float>(), *x = ctx.input(1).data<float>();
  const float *min = ctx.input(2).data<float>(), *max = ctx.input(3).data<float>();
  float *out = ctx.output(0).mutable_data<float>(), *wrt_min = ctx.output(1).mutable_data<float>(),
        *wrt_max = ctx.output(2).mutable_data<float>();
  const std::int64_t size = ctx.output(0).num_elements();
  for (std::int64_t c = 0; c < depth; ++c) {
    const Nudged n = nudge(min[c], max[c], levels);
    double below_sum = 0.0, above_sum = 0.0;
    for (std::int64_t i = c; i < size; i += depth) {
      out[i] = g[i] * passes(x[i], n);
      below_sum += g[i] * below(x[i], n);
      above_sum += g[i] * above(x[i], n);
    }
    wrt_min[c] = static_cast<float>(below_sum);
    wrt_max[c] = static_cast<float>(above_sum);
  }
}

const OpDef& kArgs = OpBuilder("FakeQuantWithMinMaxArgs")
                         .inputs(1)
                         .attrs({"min", "max", "num_bits", "narrow_range"})
                         .shape(args_shape)
                         .kernel(float32, args_kernel);
const OpDef& kArgsGradient = OpBuilder("FakeQuantWithMinMaxArgsGradient")
                                 .inputs(2)
                                 .attrs({"min", "max", "num_bits", "narrow_range"})
                                 .shape(args_gradient_shape)
                                 .kernel(float32, args_gradient_kernel);
const OpDef& kVars = OpBuilder("FakeQuantWithMinMaxVars")
                         .inputs(3)
                         .attrs({"num_bits", "narrow_range"})
                         .shape(vars_shape)
                         .kernel(float32, vars_kernel);
const OpDef& kVarsGradient = OpBuilder("FakeQuantWithMinMaxVarsGradient")
                                 .inputs(4)
                                 .attrs({"num_bits", "narrow_range"})
                                 .shape(vars_gradient_shape)
                                 .kernel(float32, vars_gradient_kernel);
const OpDef& kPerChannel = OpBuilder("FakeQuantWithMinMaxVarsPerChannel")
                               .inputs(3)
                               .attrs({"num_bits", "narrow_range"})
                               .shape(per_channel_shape)
                               .kernel(float32, per_channel_kernel);
const OpDef& kPerChannelGradient = OpBuilder("FakeQuantWithMinMaxVarsPerChannelGradient")
                                       .inputs(4)
                                       .attrs({"num_bits", "narrow_range"})
                                       .shape(per_channel_gradient_shape)
                                       .kernel(float32, per_channel_gradient_kernel);

quantization::FakeQuantGradients three(ops::Outputs outputs) {
  return {std::move(outputs[0]), std::move(outputs[1]), std::move(outputs[2])};
}

}  // namespace

namespace quantization {

Tensor fake_quant_with_min_max_args(const Tensor& inputs, const FakeQuantArgsOptions& o) {
  const AttrValue attrs[] = {o.min, o.max, o.num_bits, o.narrow_range};
  return ops::execute1(kArgs, {inputs}, attrs);
}

Tensor fake_quant_with_min_max_args_gradient(const Tensor& gradients, const Tensor& inputs, const FakeQuantArgsOptions& o) {
  const AttrValue attrs[] = {o.min, o.max, o.num_bits, o.narrow_range};
  return ops::execute1(kArgsGradient, {gradients, inputs}, attrs);
}

Tensor fake_quant_with_min_max_vars(const Tensor& inputs, const Tensor& min, const Tensor& max, const FakeQuantOptions& o) {
  const AttrValue attrs[] = {o.num_bits, o.narrow_range};
  return ops::execute1(kVars, {inputs, min, max}, attrs);
}

FakeQuantGradients fake_quant_with_min_max_vars_gradient(const Tensor& gradients, const Tensor& inputs, const Tensor& min,
                                                         const Tensor& max, const FakeQuantOptions& o) {
  const AttrValue attrs[] = {o.num_bits, o.narrow_range};
  return three(ops::execute(kVarsGradient, {gradients, inputs, min, max}, attrs));
}

Tensor fake_quant_with_min_max_vars_per_channel(const Tensor& inputs, const Tensor& min, const Tensor& max,
                                                const FakeQuantOptions& o) {
  const AttrValue attrs[] = {o.num_bits, o.narrow_range};
  return ops::execute1(kPerChannel, {inputs, min, max}, attrs);
}

FakeQuantGradients fake_quant_with_min_max_vars_per_channel_gradient(const Tensor& gradients, const Tensor& inputs,
                                                                     const Tensor& min, const Tensor& max,
                                                                     const FakeQuantOptions& o) {
  const AttrValue attrs[] = {o.num_bits, o.narrow_range};
  return three(ops::execute(kPerChannelGradient, {gradients, inputs, min, max}, attrs));
}

}  // namespace quantization
}  // namespace tf
