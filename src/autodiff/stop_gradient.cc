// StopGradient: an identity that gradients do not pass (TensorFlow registers it as not
// differentiable, so a tape treats its output as a constant).
#include "core/tensor_impl.h"
#include "ops/execute.h"
#include "ops/shape_fns.h"
#include "tfpp/custom_gradient.h"

namespace tf {
namespace {

void stop_gradient_kernel(ops::KernelContext& ctx) { ctx.output(0) = core::view(ctx.input(0), ctx.input(0).shape()); }

const ops::OpDef& kStopGradient = ops::OpBuilder("StopGradient")
                                      .inputs(1)
                                      .shape(ops::unchanged_shape)
                                      .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, bool, std::string>(
                                          []<class T>() -> ops::KernelFn { return &stop_gradient_kernel; })
                                      .kernels<std::int8_t, std::int16_t, std::uint16_t, std::uint32_t, std::uint64_t>(
                                          []<class T>() -> ops::KernelFn { return &stop_gradient_kernel; })
                                      .kernel(DType::kFloat16, &stop_gradient_kernel)
                                      .kernel(DType::kBFloat16, &stop_gradient_kernel)
                                      .kernel(DType::kComplex64, &stop_gradient_kernel)
                                      .kernel(DType::kComplex128, &stop_gradient_kernel)
                                      .kernel_allocates_outputs()
                                      .no_gradient();

}  // namespace

Tensor stop_gradient(const Tensor& t) { return ops::execute1(kStopGradient, {t}); }

}  // namespace tf
