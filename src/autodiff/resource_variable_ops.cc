#include "autodiff/resource_variable_ops.h"

#include <algorithm>
#include <cstring>

#include "core/tensor_impl.h"
#include "core/visit_every_dtype.h"
#include "ops/execute.h"
#include "ops/shape_fns.h"
#include "tfpp/constant.h"

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

// Each index must name a row of the variable, checked before any row changes.
template <class Index>
void check_rows(const KernelContext& ctx, const detail::VariableImpl& v) {
  const Tensor& indices = ctx.input(1);
  const std::int64_t rows = v.shape.dim(0);
  const Index* idx = indices.data<Index>();
  for (std::int64_t i = 0; i < indices.num_elements(); ++i)
    if (idx[i] < 0 || idx[i] >= rows)
      ctx.fail("indices[" + std::to_string(i) + "] = " + std::to_string(idx[i]) + " is not in [0, " +
               std::to_string(rows) + ") for " + variable_text(ctx));
}

void check_rows(const KernelContext& ctx, const detail::VariableImpl& v) {
  if (ctx.input(1).dtype() == DType::kInt32) check_rows<std::int32_t>(ctx, v);
  else check_rows<std::int64_t>(ctx, v);
}

template <class Index>
void scatter_rows(KernelContext& ctx, detail::VariableImpl& v, Tensor& target) {
  const Tensor& indices = ctx.input(1);
  const Tensor& updates = ctx.input(2);
  const std::int64_t rows = v.shape.dim(0);
  const std::int64_t n = indices.num_elements();
  const Index* idx = indices.data<Index>();
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
  check_rows(ctx, v);
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

// The arithmetic scatters write variable = combine(variable, updates) under the variable's lock, by
// TensorFlow's tensor ops run on the whole value (a copy, as the value may be shared with readers).
// An index repeated in `indices` applies each of its updates, as in TensorFlow.
Tensor run_on_value(const KernelContext& ctx, const char* op_name, std::initializer_list<Tensor> inputs) {
  try {
    return std::move(ops::execute_eagerly(*ops::find_op(op_name), std::span(inputs.begin(), inputs.size()), {})[0]);
  } catch (const InvalidArgumentError& e) {
    std::string_view message = e.what();  // "[TensorScatterAdd] indices[0] = ...": this op's name comes instead
    if (message.starts_with('[')) message.remove_prefix(std::min(message.find("] ") + 2, message.size()));
    ctx.fail(std::string(message) + " for " + variable_text(ctx));
  }
}

void check_arithmetic_dtype(const ShapeContext& ctx, bool ordered) {
  const DType dtype = ctx.attr<DType>(kDType);
  if (!is_numeric(dtype) || (ordered && is_complex(dtype)))
    ctx.fail(std::string(ordered ? "min and max need" : "arithmetic needs") + " a " +
             (ordered ? "real" : "numeric") + " dtype, not that of the " + variable_text(ctx));
}

void scatter_arithmetic_shape(ShapeContext& ctx) {
  scatter_shape(ctx);
  check_arithmetic_dtype(ctx, false);
}

void scatter_ordered_shape(ShapeContext& ctx) {
  scatter_shape(ctx);
  check_arithmetic_dtype(ctx, true);
}

// Rows: the TensorScatter op over indices[..., None], whose index tuples are row numbers.
void scatter_rows_by(KernelContext& ctx, const char* tensor_scatter_op) {
  detail::VariableImpl& v = variable(ctx);
  check_rows(ctx, v);
  TensorShape tuples = ctx.input(1).shape();
  tuples.append(1);
  std::lock_guard lock(v.mutex);
  v.value = run_on_value(ctx, tensor_scatter_op, {v.value, core::view(ctx.input(1), tuples), ctx.input(2)});
}

// TensorFlow refuses a zero divisor for every dtype (floats would give inf or nan).
void check_no_zero_divisor(const KernelContext& ctx) {
  const Tensor& updates = ctx.input(2);
  const bool has_zero = visit_every_dtype(updates.dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* p = updates.data<T>();
    return std::any_of(p, p + updates.num_elements(), [](const T& x) { return x == T{}; });
  });
  if (has_zero) ctx.fail("updates must not contain 0 (dividing the " + variable_text(ctx) + ")");
}

// Products and quotients: the variable times (or over) each row's product of its updates.
void scale_rows_by(KernelContext& ctx, const char* op_name) {
  detail::VariableImpl& v = variable(ctx);
  check_rows(ctx, v);
  const Tensor rows = constant(static_cast<std::int64_t>(v.shape.dim(0)));
  const Tensor factors = run_on_value(ctx, "UnsortedSegmentProd", {ctx.input(2), ctx.input(1), rows});
  std::lock_guard lock(v.mutex);
  v.value = run_on_value(ctx, op_name, {v.value, factors});
}

// Index tuples: updates.shape == indices.shape[:-1] + variable.shape[indices.shape[-1]:].
void scatter_nd_shape(ShapeContext& ctx) {
  check_handle_and_value(ctx);
  const Tensor& indices = ctx.input(1);
  if (indices.dtype() != DType::kInt32 && indices.dtype() != DType::kInt64)
    ctx.fail("indices must be int32 or int64, got " + describe(indices.dtype(), indices.shape()));
  const TensorShape& shape = ctx.attr<TensorShape>(kShape);
  const TensorShape& index_shape = indices.shape();
  if (index_shape.has_unknown_rank() || index_shape.rank() == 0 || index_shape.dim(-1) < 0) return;
  const std::int64_t depth = index_shape.dim(-1);
  if (depth > shape.rank())
    ctx.fail("index tuples of " + std::to_string(depth) + " numbers do not index into the " + variable_text(ctx));
  TensorShape expected;
  for (int d = 0; d + 1 < index_shape.rank(); ++d) expected.append(index_shape.dim(d));
  for (int d = static_cast<int>(depth); d < shape.rank(); ++d) expected.append(shape.dim(d));
  if (!expected.is_compatible_with(ctx.input(2).shape()))
    ctx.fail("updates must have shape indices.shape[:-1] + variable.shape[indices.shape[-1]:] = " +
             expected.to_string() + ", got " + ctx.input(2).shape().to_string() + " (indices " +
             index_shape.to_string() + ", " + variable_text(ctx) + ")");
}

void scatter_nd_arithmetic_shape(ShapeContext& ctx) {
  scatter_nd_shape(ctx);
  check_arithmetic_dtype(ctx, false);
}

void scatter_nd_ordered_shape(ShapeContext& ctx) {
  scatter_nd_shape(ctx);
  check_arithmetic_dtype(ctx, true);
}

void scatter_nd_by(KernelContext& ctx, const char* tensor_scatter_op) {
  detail::VariableImpl& v = variable(ctx);
  std::lock_guard lock(v.mutex);
  v.value = run_on_value(ctx, tensor_scatter_op, {v.value, ctx.input(1), ctx.input(2)});
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

const ops::OpDef& kResourceScatterAdd = variable_op("ResourceScatterAdd", 3, scatter_arithmetic_shape, [](KernelContext& ctx) {
  scatter_rows_by(ctx, "TensorScatterAdd");
}).stateful();
const ops::OpDef& kResourceScatterSub = variable_op("ResourceScatterSub", 3, scatter_arithmetic_shape, [](KernelContext& ctx) {
  scatter_rows_by(ctx, "TensorScatterSub");
}).stateful();
const ops::OpDef& kResourceScatterMax = variable_op("ResourceScatterMax", 3, scatter_ordered_shape, [](KernelContext& ctx) {
  scatter_rows_by(ctx, "TensorScatterMax");
}).stateful();
const ops::OpDef& kResourceScatterMin = variable_op("ResourceScatterMin", 3, scatter_ordered_shape, [](KernelContext& ctx) {
  scatter_rows_by(ctx, "TensorScatterMin");
}).stateful();
const ops::OpDef& kResourceScatterMul = variable_op("ResourceScatterMul", 3, scatter_arithmetic_shape, [](KernelContext& ctx) {
  scale_rows_by(ctx, "Mul");
}).stateful();
const ops::OpDef& kResourceScatterDiv = variable_op("ResourceScatterDiv", 3, scatter_arithmetic_shape, [](KernelContext& ctx) {
  check_no_zero_divisor(ctx);
  // Integers divide as C++ does (toward zero), as TensorFlow's kernel divides them.
  scale_rows_by(ctx, is_integer(ctx.attr<DType>(kDType)) ? "TruncateDiv" : "RealDiv");
}).stateful();
const ops::OpDef& kResourceScatterNdUpdate = variable_op("ResourceScatterNdUpdate", 3, scatter_nd_shape, [](KernelContext& ctx) {
  scatter_nd_by(ctx, "TensorScatterUpdate");
}).stateful();
const ops::OpDef& kResourceScatterNdAdd = variable_op("ResourceScatterNdAdd", 3, scatter_nd_arithmetic_shape, [](KernelContext& ctx) {
  scatter_nd_by(ctx, "TensorScatterAdd");
}).stateful();
const ops::OpDef& kResourceScatterNdSub = variable_op("ResourceScatterNdSub", 3, scatter_nd_arithmetic_shape, [](KernelContext& ctx) {
  scatter_nd_by(ctx, "TensorScatterSub");
}).stateful();
const ops::OpDef& kResourceScatterNdMax = variable_op("ResourceScatterNdMax", 3, scatter_nd_ordered_shape, [](KernelContext& ctx) {
  scatter_nd_by(ctx, "TensorScatterMax");
}).stateful();
const ops::OpDef& kResourceScatterNdMin = variable_op("ResourceScatterNdMin", 3, scatter_nd_ordered_shape, [](KernelContext& ctx) {
  scatter_nd_by(ctx, "TensorScatterMin");
}).stateful();

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
const ops::OpDef& resource_scatter_op(ScatterKind kind) {
  switch (kind) {
    case ScatterKind::kAdd: return kResourceScatterAdd;
    case ScatterKind::kSub: return kResourceScatterSub;
    case ScatterKind::kMul: return kResourceScatterMul;
    case ScatterKind::kDiv: return kResourceScatterDiv;
    case ScatterKind::kMax: return kResourceScatterMax;
    case ScatterKind::kMin: return kResourceScatterMin;
    case ScatterKind::kUpdate: break;
  }
  return kResourceScatterUpdate;
}
const ops::OpDef& resource_scatter_nd_op(ScatterKind kind) {
  switch (kind) {
    case ScatterKind::kUpdate: return kResourceScatterNdUpdate;
    case ScatterKind::kAdd: return kResourceScatterNdAdd;
    case ScatterKind::kSub: return kResourceScatterNdSub;
    case ScatterKind::kMax: return kResourceScatterNdMax;
    case ScatterKind::kMin: return kResourceScatterNdMin;
    case ScatterKind::kMul:
    case ScatterKind::kDiv: break;
  }
  throw InvalidArgumentError("[ResourceScatterNd] TensorFlow has no multiplying or dividing scatter by index tuples");
}

}  // namespace tf::autodiff
