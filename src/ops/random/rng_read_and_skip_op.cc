// RngReadAndSkip: returns a random generator's state variable (int64 [3]: a 128-bit counter,
// low word first, and a key) and advances its counter by 256 per value to be drawn, as
// TensorFlow's Philox generator reserves 256 samples for each output.
#include "autodiff/resource_variable_ops.h"
#include "core/tensor_impl.h"
#include "ops/execute.h"
#include "tfpp/constant.h"
#include "ops/array/array_common.h"
#include "ops/random/rng_read_and_skip.h"

namespace tf::ops {
namespace {

constexpr std::uint64_t kSamplesPerOutput = 256;

void read_and_skip_shape(ShapeContext& ctx) {
  if (ctx.input(0).dtype() != DType::kResource)
    ctx.fail("resource must be a variable handle, got " + array::describe(ctx.input(0)));
  const Tensor &alg = ctx.input(1), &delta = ctx.input(2);
  if (alg.dtype() != int32 || alg.rank() != 0) ctx.fail("alg must be an int32 scalar, got " + array::describe(alg));
  if (delta.dtype() != int64 || delta.rank() != 0) ctx.fail("delta must be an int64 scalar, got " + array::describe(delta));
  ctx.add_output(int64, TensorShape({3}));
}

void read_and_skip_kernel(KernelContext& ctx) {
  detail::VariableImpl& v = *autodiff::handle_variable(ctx.input(0));
  const std::int32_t alg = ctx.input(1).item<std::int32_t>();
  if (alg != 1 && alg != 3) ctx.fail("unsupported algorithm id " + std::to_string(alg) + " (tfpp implements Philox, 1)");
  if (v.dtype != int64 || v.shape != TensorShape({3}))
    ctx.fail("the state variable '" + v.name + "' must be int64 of shape [3], got " +
             std::string(dtype_name(v.dtype)) + " " + v.shape.to_string());
  std::lock_guard lock(v.mutex);
  const Tensor old = v.value;
  const std::int64_t* s = old.data<std::int64_t>();
  const auto lo = static_cast<std::uint64_t>(s[0]);
  const std::uint64_t sum = lo + static_cast<std::uint64_t>(ctx.input(2).item<std::int64_t>()) * kSamplesPerOutput;
  const std::uint64_t hi = static_cast<std::uint64_t>(s[1]) + (sum < lo ? 1 : 0);
  Tensor next = core::empty(int64, TensorShape({3}));
  std::int64_t* n = next.mutable_data<std::int64_t>();
  n[0] = static_cast<std::int64_t>(sum), n[1] = static_cast<std::int64_t>(hi), n[2] = s[2];
  ctx.output(0) = old;
  v.value = std::move(next);
}

const OpDef& kRngReadAndSkip = OpBuilder("RngReadAndSkip").inputs(3).shape(read_and_skip_shape)
    .kernel(DType::kResource, read_and_skip_kernel).kernel_allocates_outputs().stateful().no_gradient();

}  // namespace

Tensor rng_read_and_skip(const Tensor& handle, std::int32_t alg, std::int64_t delta) {
  return execute1(kRngReadAndSkip, {handle, constant(alg), constant(delta)});
}

}  // namespace tf::ops
