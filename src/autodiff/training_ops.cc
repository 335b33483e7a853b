#include "autodiff/training_ops.h"

#include <cstring>

#include "autodiff/resource_variable_ops.h"
#include "core/tensor_impl.h"
#include "kernels/cpu/matmul_onednn.h"
#include "kernels/cpu/parallel.h"
#include "kernels/cpu/reduce_simd.h"

namespace tf::autodiff {
namespace {

constexpr int kDType = 0, kShape = 1, kName = 2;  // attribute positions, as every variable op

std::string describe(const Tensor& t) { return std::string(dtype_name(t.dtype())) + t.shape().debug_string(); }

// Checks the handle (input 0) and alpha (input 1) of an update of a variable of these dtypes;
// returns the variable's description for later messages.
std::string check_handle_and_alpha(ops::ShapeContext& ctx, bool float64_too) {
  const DType dtype = ctx.attr<DType>(kDType);
  const TensorShape& shape = ctx.attr<TensorShape>(kShape);
  const std::string variable = "variable '" + ctx.attr<std::string>(kName) + ":0' of dtype " +
                               std::string(dtype_name(dtype)) + " and shape " + shape.to_string();
  if (ctx.input(0).dtype() != DType::kResource || ctx.input(0).shape().rank() != 0)
    ctx.fail("input 0 must be a scalar tf.resource handle, got " + describe(ctx.input(0)));
  if (dtype != DType::kFloat32 && (!float64_too || dtype != DType::kFloat64))
    ctx.fail((float64_too ? "expects a float32 or float64 " : "expects a float32 ") + variable);
  if (ctx.input(1).dtype() != dtype || !ctx.input(1).shape().is_compatible_with(TensorShape{}))
    ctx.fail("alpha must be a scalar of the variable's dtype, got " + describe(ctx.input(1)) + " for " + variable);
  return variable;
}

void apply_shape(ops::ShapeContext& ctx) {
  const std::string variable = check_handle_and_alpha(ctx, true);
  const DType dtype = ctx.attr<DType>(kDType);
  const TensorShape& shape = ctx.attr<TensorShape>(kShape);
  if (ctx.input(2).dtype() != dtype || !ctx.input(2).shape().is_compatible_with(shape))
    ctx.fail("delta must have the variable's dtype and shape, got " + describe(ctx.input(2)) + " for " + variable);
}

// out[i] = var[i] - alpha * delta[i]; out may be var.
template <class T>
TFPP_SIMD_CLONES void descend(const T* var, const T* delta, T alpha, T* out, std::int64_t n) {
  for (std::int64_t i = 0; i < n; ++i) out[i] = var[i] - alpha * delta[i];
}

// The buffer an update of `v` writes: its value's own when only the variable holds it (nobody can
// observe the change, Note in tfpp/variable.h on copy-on-write), else a new one, so that readers
// keep the old value (a copy of it when `copy`).
Tensor update_target(const detail::VariableImpl& v, bool copy) {
  if (v.value.impl().use_count() == 1 && v.value.impl()->buffer.use_count() == 1) return v.value;
  Tensor target = core::empty(v.dtype, v.shape);
  if (copy) std::memcpy(target.raw_mutable_data(), v.value.raw_data(), v.shape.num_elements() * dtype_size(v.dtype));
  return target;
}

template <class T>
void apply(detail::VariableImpl& v, const Tensor& alpha, const Tensor& delta) {
  Tensor target = update_target(v, false);
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

constexpr int kTransposeA = 3, kTransposeB = 4;  // after the variable attributes

void apply_matmul_shape(ops::ShapeContext& ctx) {
  const std::string variable = check_handle_and_alpha(ctx, false);
  const Tensor &a = ctx.input(2), &b = ctx.input(3);
  if (a.dtype() != DType::kFloat32 || b.dtype() != DType::kFloat32 || a.shape().has_unknown_rank() ||
      b.shape().has_unknown_rank() || a.shape().rank() != 2 || b.shape().rank() != 2)
    ctx.fail("a and b must be float32 matrices, got " + describe(a) + " and " + describe(b) + " for " + variable);
  const bool ta = ctx.attr<bool>(kTransposeA), tb = ctx.attr<bool>(kTransposeB);
  const std::int64_t ka = a.shape().dim(ta ? 0 : 1), kb = b.shape().dim(tb ? 1 : 0);
  const TensorShape product{a.shape().dim(ta ? 1 : 0), b.shape().dim(tb ? 0 : 1)};
  if ((ka != None && kb != None && ka != kb) || !product.is_compatible_with(ctx.attr<TensorShape>(kShape)))
    ctx.fail("the product of a " + describe(a) + " and b " + describe(b) + " (transpose_a=" + (ta ? "true" : "false") +
             ", transpose_b=" + (tb ? "true" : "false") + ") does not have the shape of " + variable);
}

void apply_matmul_kernel(ops::KernelContext& ctx) {
  detail::VariableImpl& v = *handle_variable(ctx.input(0));
  const Tensor &a = ctx.input(2), &b = ctx.input(3);
  const auto g = kernels::matmul_geometry(a.shape(), b.shape(), ctx.attr<bool>(kTransposeA), ctx.attr<bool>(kTransposeB));
  if (v.dtype != DType::kFloat32 || v.shape != TensorShape{g.m, g.n})
    ctx.fail("the product of shape " + TensorShape{g.m, g.n}.to_string() + " does not match variable '" + v.name +
             ":0' of dtype " + std::string(dtype_name(v.dtype)) + " and shape " + v.shape.to_string());
  std::lock_guard lock(v.mutex);
  Tensor target = update_target(v, true);
  kernels::onednn_matmul_accumulate(a.data<float>(), b.data<float>(), target.mutable_data<float>(), g,
                                    -ctx.input(1).data<float>()[0]);
  v.value = std::move(target);
}

const ops::OpDef& kApplyGradientDescentMatMul = ops::OpBuilder("_ResourceApplyGradientDescentMatMul")
                                                    .inputs(4)
                                                    .attrs({"dtype", "shape", "shared_name", "transpose_a", "transpose_b"})
                                                    .shape(apply_matmul_shape)
                                                    .kernel(DType::kResource, apply_matmul_kernel)
                                                    .stateful()
                                                    .no_gradient();

}  // namespace

const ops::OpDef& resource_apply_gradient_descent_op() { return kResourceApplyGradientDescent; }
const ops::OpDef& resource_apply_gradient_descent_matmul_op() { return kApplyGradientDescentMatMul; }

}  // namespace tf::autodiff
