#include "autodiff/custom_gradient_boundary.h"

#include "autodiff/gradient_registry.h"
#include "autodiff/tape.h"
#include "core/tensor_impl.h"
#include "graph/tracer.h"
#include "ops/array/array_common.h"
#include "ops/shape_fns.h"
#include "tfpp/errors.h"

namespace tf::autodiff {
namespace {

void identity_kernel(ops::KernelContext& ctx) { ctx.output(0) = core::view(ctx.input(0), ctx.input(0).shape()); }

const ops::OpDef& kIdentityN = ops::array::all_dtypes(
    ops::OpBuilder("IdentityN").inputs(1).shape(ops::unchanged_shape).kernel_allocates_outputs(), identity_kernel);

Grads custom_gradient_lost(const GradientContext&, std::span<const Tensor>) {
  throw UnimplementedError(
      "[custom_gradient] a tf::function that uses a custom gradient cannot be differentiated through its call: the "
      "gradient function is not part of the traced graph. Compute the gradient inside the function (a "
      "GradientTape inside it uses the custom gradient)");
}

}  // namespace

TF_REGISTER_GRADIENT("IdentityN", custom_gradient_lost, {.inputs = false, .outputs = false});

Tensor custom_gradient_boundary(const Tensor& t) {
  if (!graph::Tracer::current()) return t;
  SuspendTapes no_recording;
  return ops::execute1(kIdentityN, {t});
}

}  // namespace tf::autodiff
