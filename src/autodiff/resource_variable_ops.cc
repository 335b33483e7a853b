#include "autodiff/resource_variable_ops.h"

#include <algorithm>
#include <cstring>

#include "core/tensor_impl.h"
#include "ops/execute.h"
#include "ops/shape_fns.h"

namespace tf::autodiff {
namespace {

using ops::KernelContext;
using ops::ShapeContext;

constexpr int kDType = 0, kShape = 1, kName = 2;  // attribute positions

std::string describe(DType dtype, const TensorShape& shape) { return std::string(dtype_name(dtype)) + shape.debug_string(); }

// "variable 'x:0' of dtype float32 and shape (2,)", from the op's attributes.
std::string variable_text(const ops::OpContext& ctx) {
  return "variable '" + ctx.attr<std::string>(kName) + ":0' of dtype " + std::string(dtype_name(ctx.attr<DType>(kDType))) +
         " and shape " + ctx.attr<TensorShape>(kShape).to_string();
}

// Input 0 must be a handle; input 1 (if any), the value, must have the variable's dtype.
void check_handle_and_value(const ShapeContext& ctx) {
  if (ctx.input(0).dtype() != DType::kResource || ctx.input(0).shape().rank() != 0)
    ctx.fail("input 0 must be a scalar tf.resource handle, got " + describe(ctx.input(0).dtype(), ctx.input(0).shape()));
  const DType dtype = ctx.attr<DType>(kDType);
  const std::size_t value = ctx.num_inputs() - 1;
  if (value > 0 && ctx.input(value).dtype() != dtype)
    ctx.fail("cannot write a value of dtype " + std::string(dtype_name(ctx.input(value).dtype())) + " and shape " +
             ctx.input(value).shape().to_string() + " to " + variable_text(ctx));
}

detail::VariableImpl& variable(const KernelContext& ctx) { return *handle_variable(ctx.input(0)); }

void read_shape(ShapeContext& ctx) {
  check_handle_and_value(ctx);
  ctx.add_output(ctx.attr<DType>(kDType), ctx.attr<TensorShape>(kShape));
}

void read_kernel(KernelContext& ctx) {
  const Tensor value = variable(ctx).load();
  ctx.output(0) = core::view(value, value.shape());  // a new handle: each read is its own tensor for tapes
}

void assign_shape(ShapeContext& ctx) {
  check_handle_and_value(ctx);
  const TensorShape& shape = ctx.attr<TensorShape>(kShape);
  if (!shape.is_compatible_with(ctx.input(1).shape()))
    ctx.fail("cannot assign a value of shape " + ctx.input(1).shape().to_string() + " to " + variable_text(ctx));
}

void assign_kernel(KernelContext& ctx) {
  detail::VariableImpl& v = variable(ctx);
  if (ctx.input(1).shape() != v.shape)
    ctx.fail("cannot assign a value of shape " + ctx.input(1).shape().to_string() + " to " + variable_text(ctx));
  std::lock_guard lock(v.mutex);
  v.value = ctx.input(1);  // values are immutable: the variable shares it (copy-on-write)
}

void update_shape(ShapeContext& ctx) {
  check_handle_and_value(ctx);
  const TensorShape& shape = ctx.attr<TensorShape>(kShape);
  if (!ops::broadcast_shapes(ctx, shape, ctx.input(1).shape()).is_compatible_with(shape))
    ctx.fail("a delta of shape " + ctx.input(1).shape().to_string() + " does not broadcast to " + variable_text(ctx));
}

// variable = op(variable, delta), under the variable's lock so concurrent updates add up.
void update(KernelContext& ctx, const char* op_name) {
  const ops::OpDef* op = ops::find_op(op_name);
  detail::VariableImpl& v = variable(ctx);
  std::lock_guard lock(v.mutex);
  const Tensor inputs[] = {v.value, ctx.input(1)};
  Tensor result = std::move(ops::execute_eagerly(*op, inputs, {})[0]);
  if (result.shape() != v.shape)
    ctx.fail("a delta of shape " + ctx.input(1).shape().to_string() + " does not broadcast to " + variable_text(ctx));
  v.value = std::move(result);
}

void assign_add_kernel(KernelContext& ctx) { update(ctx, "AddV2"); }
void assign_sub_kernel(KernelContext& ctx) { update(ctx, "Sub"); }

void scatter_shape(ShapeContext& ctx) {
  check_handle_and_value(ctx);
  const Tensor& indices = ctx.input(1);
  if (indices.dtype() != DType::kInt32 && indices.dtype() != DType::kInt64)
    ctx.fail("indices must be int32 or int64, got " + describe(indices.dtype(), indices.shape()));
  const TensorShape& shape = ctx.attr<TensorShape>(kShape);
  if (shape.rank() < 1) ctx.fail("cannot scatter into the scalar " + variable_text(ctx));
  // updates.shape == indices.shape + shape[1:]
  TensorShape expected = indices.shape();
  bool known = !indices.shape().has_unknown_rank();
  for (int d = 1; known && d < shape.rank(); ++d) {
    if (expected.rank() >= kMaxRank) ctx.fail("indices and the variable together have more than 8 dimensions");
    expected.append(shape.dim(d));
  }
  if (known && !expected.is_compatible_with(ctx.input(2).shape()))
    ctx.fail("updates must have shape indices.shape + variable.shape[1:] = " + expected.to_string() + ", got " +
             ctx.input(2).shape().to_string() + " (indices " + indices.shape().to_string() + ", " + variable_text(ctx) +
             ")");
}

template <class Index>
void scatter_rows(KernelContext& ctx, detail::VariableImpl& v, Tensor& target) {
  const Tensor& indices = ctx.input(1);
  const Tensor& updates = ctx.input(2);
  const std::int64_t rows = v.shape.dim(0);
  const std::int64_t n = indices.num_elements();
  const Index* idx = indices.data<Index>();
  for (std::int64_t i = 0; i < n; ++i)
    if (idx[i] < 0 || idx[i] >= rows)
      ctx.fail("indices[" + std::to_string(i) + "] = " + std::to_string(idx[i]) + " is not in [0, " +
               std::to_string(rows) + ") for " + variable_text(ctx));
  const std::int64_t row = rows == 0 ? 0 : v.shape.num_elements() / rows;
  if (v.dtype == DType::kString) {
    std::string* out = target.mutable_data<std::string>();
    const std::string* in = updates.data<std::string>();
    for (std::int64_t i = 0; i < n; ++i) std::copy_n(in + i * row, row, out + idx[i] * row);
    return;
  }
  const std::size_t bytes = static_cast<std::size_t>(row) * dtype_size(v.dtype);
  auto* out = static_cast<char*>(target.raw_mutable_data());
  const auto* in = static_cast<const char*>(updates.raw_data());
  for (std::int64_t i = 0; i < n; ++i) std::memcpy(out + idx[i] * bytes, in + i * bytes, bytes);
}

void scatter_kernel(KernelContext& ctx) {
  detail::VariableImpl& v = variable(ctx);
  const TensorShape& indices = ctx.input(1).shape();
  TensorShape expected = indices;
  for (int d = 1; d < v.shape.rank(); ++d) expected.append(v.shape.dim(d));
  if (ctx.input(2).shape() != expected)
    ctx.fail("updates must have shape indices.shape + variable.shape[1:] = " + expected.to_string() + ", got " +
             ctx.input(2).shape().to_string() + " for " + variable_text(ctx));
  std::lock_guard lock(v.mutex);
  // Only the variable sees its value: update in place. Otherwise copy (readers keep theirs).
  Tensor target = v.value;
  if (v.value.impl().use_count() > 2 || v.value.impl()->buffer.use_count() > 1) {
    target = core::empty(v.dtype, v.shape);
    if (v.dtype == DType::kString)
      std::copy_n(v.value.data<std::string>(), v.shape.num_elements(), target.mutable_data<std::string>());
    else
      std::memcpy(target.raw_mutable_data(), v.value.raw_data(), v.shape.num_elements() * dtype_size(v.dtype));
  }
  if (ctx.input(1).dtype() == DType::kInt32) scatter_rows<std::int32_t>(ctx, v, target);
  else scatter_rows<std::int64_t>(ctx, v, target);
  v.value = std::move(target);
}

ops::OpBuilder variable_op(const char* name, int inputs, ops::ShapeFn shape, ops::KernelFn kernel) {
  ops::OpBuilder b(name);
  b.inputs(inputs).attrs({"dtype", "shape", "shared_name"}).shape(shape).kernel(DType::kResource, kernel).no_gradient();
  return b;
}

// Reads are differentiated by the tape itself (a read is an identity from the variable).
const ops::OpDef& kReadVariableOp = variable_op("ReadVariableOp", 1, read_shape, read_kernel).kernel_allocates_outputs();
const ops::OpDef& kAssignVariableOp = variable_op("AssignVariableOp", 2, assign_shape, assign_kernel).stateful();
const ops::OpDef& kAssignAddVariableOp =
    variable_op("AssignAddVariableOp", 2, update_shape, assign_add_kernel).stateful();
const ops::OpDef& kAssignSubVariableOp =
    variable_op("AssignSubVariableOp", 2, update_shape, assign_sub_kernel).stateful();
const ops::OpDef& kResourceScatterUpdate =
    variable_op("ResourceScatterUpdate", 3, scatter_shape, scatter_kernel).stateful();

}  // namespace

Tensor make_handle(std::shared_ptr<detail::VariableImpl> variable) {
  Tensor handle = core::empty(DType::kResource, TensorShape{});
  *static_cast<std::shared_ptr<void>*>(handle.raw_mutable_data()) = std::move(variable);
  return handle;
}

std::shared_ptr<detail::VariableImpl> handle_variable(const Tensor& handle) {
  return std::static_pointer_cast<detail::VariableImpl>(*static_cast<const std::shared_ptr<void>*>(handle.raw_data()));
}

std::array<ops::AttrValue, 3> variable_attrs(const detail::VariableImpl& variable) {
  return {variable.dtype, variable.shape, variable.name};
}

const ops::OpDef& read_variable_op() { return kReadVariableOp; }
const ops::OpDef& assign_variable_op() { return kAssignVariableOp; }
const ops::OpDef& assign_add_variable_op() { return kAssignAddVariableOp; }
const ops::OpDef& assign_sub_variable_op() { return kAssignSubVariableOp; }
const ops::OpDef& resource_scatter_update_op() { return kResourceScatterUpdate; }

}  // namespace tf::autodiff
