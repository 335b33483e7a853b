// The resource variable ops: reads and writes of a tf::Variable as ops on its handle, a
// scalar tf::resource tensor. Traced functions capture the handle and call these ops, so a
// graph reads a variable when it runs, not when it was traced (TensorFlow's ReadVariableOp,
// AssignVariableOp, ...). Every op takes the handle as input 0 and the variable's dtype, shape
// and name as attributes, so shape functions work on symbolic handles.
#pragma once

#include <array>
#include <memory>

#include "autodiff/variable_impl.h"
#include "ops/op_def.h"

namespace tf::autodiff {

/// A new scalar tf::resource tensor referring to `variable`.
Tensor make_handle(std::shared_ptr<detail::VariableImpl> variable);
/// The variable a concrete handle refers to.
std::shared_ptr<detail::VariableImpl> handle_variable(const Tensor& handle);

/// The attributes every variable op takes: the variable's dtype, shape and name (for messages).
std::array<ops::AttrValue, 3> variable_attrs(const detail::VariableImpl& variable);

/// ReadVariableOp(handle) -> value. Stateless: it only reads (Note [Side effects in graphs]).
const ops::OpDef& read_variable_op();
/// AssignVariableOp(handle, value).
const ops::OpDef& assign_variable_op();
/// AssignAddVariableOp(handle, delta): delta broadcasts to the variable's shape.
const ops::OpDef& assign_add_variable_op();
/// AssignSubVariableOp(handle, delta): delta broadcasts to the variable's shape.
const ops::OpDef& assign_sub_variable_op();
/// How a scatter combines an update with the element it lands on.
enum class ScatterKind { kUpdate, kAdd, kSub, kMul, kDiv, kMax, kMin };
/// ResourceScatter{Update,Add,Sub,Mul,Div,Max,Min}(handle, indices, updates): rows indices[i] of the
/// variable combined with updates[i, ...]; every update of a repeated index applies.
const ops::OpDef& resource_scatter_op(ScatterKind kind);
/// ResourceScatterNd{Update,Add,Sub,Max,Min}(handle, indices, updates): the elements or slices that
/// the index tuples indices[..., :] name, combined with updates (TensorFlow has no Nd Mul or Div).
const ops::OpDef& resource_scatter_nd_op(ScatterKind kind);

}  // namespace tf::autodiff
