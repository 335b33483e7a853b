#include "autodiff/training_ops.h"

#include "autodiff/resource_variable_ops.h"
#include "core/tensor_impl.h"
#include "kernels/cpu/parallel.h"
#include "kernels/cpu/reduce_simd.h"

namespace tf::autodiff {
namespace {

constexpr int kDType = 0, kShape = 1, kName = 2;  // attribute positions, as every variable op

std::string describe(const Tensor& t) { return std::string(dtype_name(t.dtype())) + t.shape().debug_string(); }

void apply_shape(ops::ShapeContext& ctx) {
  const DType dtype = ctx.attr<DType>(kDType);
  const TensorShape& shape = ctx.attr<TensorShape>(kShape);
  const std::string variable = "variable '" + ctx.attr<std::string>(kName) + ":0' of dtype " +
                               std::string(dtype_name(dtype)) + " and shape " + shape.to_string();
  if (ctx.input(0).dtype() != DType::kResource || ctx.input(0).shape().rank() != 0)
    ctx.fail("input 0 must be a scalar tf.resource handle, got " + describe(ctx.input(0)));
  if (dtype != DType::kFloat32 && dtype != DType::kFloat64) ctx.fail("expects a float32 or float64 " + variable);
  if (ctx.input(1).dtype() != dtype || !ctx.input(1).shape().is_compatible_with(TensorShape{}))
    ctx.fail("alpha must be a scalar of the variable's dtype, got " + describe(ctx.input(1)) + " for " + variable);
  if (ctx.input(2).dtype() != dtype || !ctx.input(2).shape().is_compatible_with(shape))
    ctx.fail("delta must have the variable's dtype and shape, got " + describe(ctx.input(2)) + " for " + variable);
}

// out[i] = var[i] - alpha * delta[i]; out may be var.
template <class T>
TFPP_SIMD_CLONES void descend(const T* var, const T* delta, T alpha, T* out, std::int64_t n) {
  for (std::int64_t i = 0; i < n; ++i) out[i] = var[i] - alpha * delta[i];
}

template <class T>
void apply(detail::VariableImpl& v, const Tensor& alpha, const Tensor& delta) {
  // Only the variable holds its value: update it in place (nobody can observe the change,
  // Note in tfpp/variable.h on copy-on-write). Otherwise readers keep the old value.
  Tensor target = v.value;
  if (v.value.impl().use_count() > 2 || v.value.impl()->buffer.use_count() > 1) target = core::empty(v.dtype, v.shape);
  const T* var = v.value.data<T>();
  const T* d = delta.data<T>();
  T* out = target.mutable_data<T>();
  const T a = alpha.data<T>()[0];
  kernels::parallel_for(v.shape.num_elements(), 2, [&](std::int64_t begin, std::int64_t end) {
    descend<T>(var + begin, d + begin, a, out + begin, end - begin);
  });
  v.value = std::move(target);
}

void apply_kernel(ops::KernelContext& ctx) {
  detail::VariableImpl& v = *handle_variable(ctx.input(0));
  if (ctx.input(2).shape() != v.shape)
    ctx.fail("delta of shape " + ctx.input(2).shape().to_string() + " does not match variable '" + v.name +
             ":0' of shape " + v.shape.to_string());
  std::lock_guard lock(v.mutex);
  if (v.dtype == DType::kFloat32) apply<float>(v, ctx.input(1), ctx.input(2));
  else apply<double>(v, ctx.input(1), ctx.input(2));
}

const ops::OpDef& kResourceApplyGradientDescent = ops::OpBuilder("ResourceApplyGradientDescent")
                                                      .inputs(3)
                                                      .attrs({"dtype", "shape", "shared_name"})
                                                      .shape(apply_shape)
                                                      .kernel(DType::kResource, apply_kernel)
                                                      .stateful()
                                                      .no_gradient();

}  // namespace

const ops::OpDef& resource_apply_gradient_descent_op() { return kResourceApplyGradientDescent; }

}  // namespace tf::autodiff
