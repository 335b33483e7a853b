#include "autodiff/prevent_gradient.h"

#include "autodiff/gradient_registry.h"
#include "core/tensor_impl.h"
#include "ops/shape_fns.h"

namespace tf::autodiff {
namespace {

void prevent_gradient_kernel(ops::KernelContext& ctx) { ctx.output(0) = core::view(ctx.input(0), ctx.input(0).shape()); }

const ops::OpDef& kPreventGradient = ops::OpBuilder("PreventGradient")
                                         .inputs(1)
                                         .attrs({"message"})
                                         .shape(ops::unchanged_shape)
                                         .kernels<float, double>([]<class T>() -> ops::KernelFn {
                                           return &prevent_gradient_kernel;
                                         })
                                         .kernel_allocates_outputs();

Grads prevent_gradient_grad(const GradientContext& ctx, std::span<const Tensor>) {
  throw LookupError("[PreventGradient] Gradient explicitly disabled. Reason: " + ctx.attr<std::string>(0));
}

}  // namespace

TF_REGISTER_GRADIENT("PreventGradient", prevent_gradient_grad, {.inputs = false, .outputs = false});

Tensor prevent_gradient(const Tensor& t, const std::string& message) {
  const ops::AttrValue attrs[] = {message};
  return ops::execute1(kPreventGradient, {t}, attrs);
}

}  // namespace tf::autodiff
