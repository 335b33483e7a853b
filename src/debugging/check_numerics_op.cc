// CheckNumericsV2: passes a floating-point tensor through, or raises InvalidArgumentError
// "<message> : Tensor had NaN values" when it holds NaN or Inf. Its gradient checks the gradient
// the same way, as TensorFlow's does.
#include <cmath>

#include "autodiff/gradient_registry.h"
#include "core/tensor_impl.h"
#include "debugging/numerics.h"
#include "ops/execute.h"
#include "ops/shape_fns.h"
#include "tfpp/debugging.h"

namespace tf::debugging {
namespace detail {

template <class T>
NonFinite count(const T* x, std::int64_t n) {
  NonFinite c;
  for (std::int64_t i = 0; i < n; ++i) {
    if (std::isnan(x[i])) ++c.nan;
    else if (std::isinf(x[i])) ++(x[i] < 0 ? c.negative_inf : c.positive_inf);
  }
  return c;
}

NonFinite count_non_finite(const Tensor& t) {
  if (t.dtype() == DType::kFloat32) return count(t.data<float>(), t.num_elements());
  if (t.dtype() == DType::kFloat64) return count(t.data<double>(), t.num_elements());
  return {};
}

std::string non_finite_summary(const NonFinite& c, bool signed_inf) {
  std::vector<std::string> kinds;
  if (signed_inf) {
    if (c.negative_inf) kinds.push_back("-Inf");
    if (c.positive_inf) kinds.push_back("+Inf");
  } else if (c.negative_inf + c.positive_inf > 0) {
    kinds.push_back("Inf");
  }
  if (c.nan) kinds.push_back("NaN");
  // TensorFlow's wording: "-Inf and NaN", "-Inf, +Inf, and NaN".
  std::string text = "Tensor had " + kinds[0];
  if (kinds.size() == 2) text += " and " + kinds[1];
  if (kinds.size() == 3) text += ", " + kinds[1] + ", and " + kinds[2];
  return text + " values";
}

}  // namespace detail

namespace {

// CheckNumerics reports "Inf"; CheckNumericsV2 tells -Inf from +Inf.
template <bool kSignedInf>
void check_numerics_kernel(ops::KernelContext& ctx) {
  const detail::NonFinite counts = detail::count_non_finite(ctx.input(0));
  if (counts.any())
    throw InvalidArgumentError(ctx.attr<std::string>(0) + " : " + detail::non_finite_summary(counts, kSignedInf));
  ctx.output(0) = core::view(ctx.input(0), ctx.input(0).shape());
}

void check_numerics_shape(ops::ShapeContext& ctx) {
  if (!is_floating(ctx.input(0).dtype()))
    ctx.fail("expects a floating-point tensor, got " + std::string(dtype_name(ctx.input(0).dtype())));
  ops::unchanged_shape(ctx);
}

template <bool kSignedInf>
const ops::OpDef& define_check_numerics(const char* name) {
  return ops::OpBuilder(name)
      .inputs(1)
      .attrs({"message"})
      .shape(check_numerics_shape)
      .kernels<float, double>([]<class T>() -> ops::KernelFn { return &check_numerics_kernel<kSignedInf>; })
      .kernel_allocates_outputs()
      .stateful();  // as TensorFlow's: a traced check runs even when nothing reads its result
}

const ops::OpDef& kCheckNumerics = define_check_numerics<false>("CheckNumerics");
const ops::OpDef& kCheckNumericsV2 = define_check_numerics<true>("CheckNumericsV2");

autodiff::Grads check_numerics_grad(const autodiff::GradientContext& ctx, std::span<const Tensor> dy) {
  const ops::AttrValue attrs[] = {"Not a number (NaN) or infinity (Inf) values detected in gradient. " +
                                   ctx.attr<std::string>(0)};
  return {ops::execute1(ctx.op(), {dy[0]}, attrs)};
}

TF_REGISTER_GRADIENT("CheckNumerics", check_numerics_grad, (autodiff::Saves{.inputs = false, .outputs = false}));
TF_REGISTER_GRADIENT("CheckNumericsV2", check_numerics_grad, (autodiff::Saves{.inputs = false, .outputs = false}));

}  // namespace

Tensor check_numerics(const Tensor& tensor, const std::string& message) {
  const ops::AttrValue attrs[] = {message};
  return ops::execute1(kCheckNumerics, {tensor}, attrs);
}

namespace detail {
Tensor check_numerics_v2(const Tensor& tensor, const std::string& message) {
  const ops::AttrValue attrs[] = {message};
  return ops::execute1(kCheckNumericsV2, {tensor}, attrs);
}
}  // namespace detail

}  // namespace tf::debugging
