#include "tfpp/variable_scatter.h"

#include "autodiff/resource_variable_ops.h"
#include "ops/execute.h"

namespace tf {
namespace {

using autodiff::ScatterKind;

Variable& write(Variable& ref, const ops::OpDef& op, const Tensor& indices, const Tensor& updates) {
  const auto attrs = autodiff::variable_attrs(*ref.impl());
  const Tensor inputs[] = {ref.handle(), indices, updates};
  ops::execute(op, inputs, attrs);
  return ref;
}

Variable& scatter(Variable& ref, ScatterKind kind, const Tensor& indices, const Tensor& updates) {
  return write(ref, autodiff::resource_scatter_op(kind), indices, updates);
}

Variable& scatter_nd(Variable& ref, ScatterKind kind, const Tensor& indices, const Tensor& updates) {
  return write(ref, autodiff::resource_scatter_nd_op(kind), indices, updates);
}

}  // namespace

Variable& scatter_update(Variable& ref, const Tensor& i, const Tensor& u) { return ref.scatter_update(i, u); }
Variable& scatter_add(Variable& ref, const Tensor& i, const Tensor& u) { return scatter(ref, ScatterKind::kAdd, i, u); }
Variable& scatter_sub(Variable& ref, const Tensor& i, const Tensor& u) { return scatter(ref, ScatterKind::kSub, i, u); }
Variable& scatter_mul(Variable& ref, const Tensor& i, const Tensor& u) { return scatter(ref, ScatterKind::kMul, i, u); }
Variable& scatter_div(Variable& ref, const Tensor& i, const Tensor& u) { return scatter(ref, ScatterKind::kDiv, i, u); }
Variable& scatter_max(Variable& ref, const Tensor& i, const Tensor& u) { return scatter(ref, ScatterKind::kMax, i, u); }
Variable& scatter_min(Variable& ref, const Tensor& i, const Tensor& u) { return scatter(ref, ScatterKind::kMin, i, u); }

Variable& scatter_nd_update(Variable& ref, const Tensor& i, const Tensor& u) {
  return scatter_nd(ref, ScatterKind::kUpdate, i, u);
}
Variable& scatter_nd_add(Variable& ref, const Tensor& i, const Tensor& u) { return scatter_nd(ref, ScatterKind::kAdd, i, u); }
Variable& scatter_nd_sub(Variable& ref, const Tensor& i, const Tensor& u) { return scatter_nd(ref, ScatterKind::kSub, i, u); }
Variable& scatter_nd_max(Variable& ref, const Tensor& i, const Tensor& u) { return scatter_nd(ref, ScatterKind::kMax, i, u); }
Variable& scatter_nd_min(Variable& ref, const Tensor& i, const Tensor& u) { return scatter_nd(ref, ScatterKind::kMin, i, u); }

Tensor sparse_read(const Variable& ref, const IntArray& indices) { return gather(ref.read_value(), indices); }
Tensor gather_nd(const Variable& ref, const IntArray& indices) { return gather_nd(ref.read_value(), indices); }

}  // namespace tf
