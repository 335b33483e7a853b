// Gradients of the TensorList ops, in pairs (HARD_PARTS §4): SetItem <-> GetItem, Stack <->
// FromTensor, Gather <-> Scatter, Concat <-> Split. The gradient of a list is a list of the
// elements' gradients; an element without one is left unwritten, which reads as zeros.
#include "autodiff/gradient_registry.h"
#include "function/control_flow_grad.h"
#include "function/tensor_list.h"
#include "tfpp/constant.h"

namespace tf::function_ops {
namespace {

using autodiff::GradientContext;
using autodiff::Grads;

Grads set_item_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  Grads g(3);
  if (!dy[0].defined()) return g;
  const Tensor& item = ctx.input(2);
  if (ctx.needs_gradient(2)) g[2] = list_get_item(dy[0], ctx.input(1), ctx.input_dtype(2), ctx.input_shape(2));
  // The overwritten element of the input list gets no gradient.
  if (ctx.needs_gradient(0)) g[0] = list_set_item(dy[0], ctx.input(1), zeros_like(item), true);
  return g;
}

Grads get_item_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {list_set_item(list_zeros_like(ctx.input(0)), ctx.input(1), dy[0], true), Tensor()};
}

Grads stack_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {list_from_tensor(dy[0], TensorShape::unknown_rank())};
}

Grads from_tensor_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  if (!dy[0].defined()) return {Tensor()};
  return {list_stack(dy[0], ctx.input_dtype(0), row_shape(ctx.input_shape(0)))};
}

Grads gather_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {list_scatter(list_zeros_like(ctx.input(0)), dy[0], ctx.input(1), true), Tensor()};
}

Grads scatter_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  Grads g(3);
  if (!dy[0].defined()) return g;
  if (ctx.needs_gradient(1)) g[1] = list_gather(dy[0], ctx.input(2), ctx.input_dtype(1), row_shape(ctx.input_shape(1)));
  if (ctx.needs_gradient(0)) g[0] = list_scatter(dy[0], zeros_like(ctx.input(1)), ctx.input(2), true);
  return g;
}

Grads concat_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  return {list_split(dy[0], ctx.output(1), TensorShape::unknown_rank())};
}

Grads split_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  if (!dy[0].defined()) return {Tensor(), Tensor()};
  TensorShape element = ctx.input_shape(0);
  if (!element.has_unknown_rank() && element.rank() > 0) element.set_dim(0, None);
  return {list_concat(dy[0], ctx.input_dtype(0), element).first, Tensor()};
}

Grads add_grad(const GradientContext&, std::span<const Tensor> dy) { return {dy[0], dy[0]}; }

TF_REGISTER_GRADIENT("TensorListSetItem", set_item_grad, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("TensorListGetItem", get_item_grad, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("TensorListStack", stack_grad, {.inputs = false, .outputs = false});
TF_REGISTER_GRADIENT("TensorListFromTensor", from_tensor_grad, {.inputs = false, .outputs = false});
TF_REGISTER_GRADIENT("TensorListGather", gather_grad, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("TensorListScatterIntoExistingList", scatter_grad, {.inputs = true, .outputs = false});
TF_REGISTER_GRADIENT("TensorListConcatV2", concat_grad, {.inputs = false, .outputs = true});
TF_REGISTER_GRADIENT("TensorListSplit", split_grad, {.inputs = false, .outputs = false});
TF_REGISTER_GRADIENT("TensorListAdd", add_grad, {.inputs = false, .outputs = false});
TF_NO_GRADIENT("TensorListReserve");
TF_NO_GRADIENT("TensorListLength");
TF_NO_GRADIENT("TensorListZerosLike");

}  // namespace
}  // namespace tf::function_ops
