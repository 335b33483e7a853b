// Gradients of DynamicPartition and DynamicStitch (TensorFlow's data_flow_grad.py): each
// routes gradients back with the other.
#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "tfpp/constant.h"
#include "tfpp/array_ops.h"
#include "tfpp/partition_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::autodiff {
namespace {

// Stitches the partitions' gradients back to where their rows came from: the positions of the
// rows, partitioned as the data was, say where each gradient row goes.
Grads dynamic_partition_grad(const GradientContext& ctx, std::span<const Tensor> grads) {
  const Tensor& partitions = ctx.input(1);
  const Tensor prefix = shape(partitions);
  const Tensor positions = reshape(range(constant(0), reduce_prod(prefix), constant(1)), IntArray(prefix));
  const std::vector<Tensor> partitioned = dynamic_partition(positions, partitions, ctx.attr<std::int64_t>(0));
  const Tensor stitched = dynamic_stitch(partitioned, std::vector<Tensor>(grads.begin(), grads.end()));
  return {reshape(stitched, IntArray(input_shape_tensor(ctx, 0))), Tensor()};
}

// Each data tensor's gradient is the merged gradient's rows at its indices (rows that a later
// tensor overwrote get one too, as in TensorFlow).
Grads dynamic_stitch_grad(const GradientContext& ctx, std::span<const Tensor> grads) {
  const std::size_t n = ctx.num_inputs() / 2;
  Grads result(ctx.num_inputs());
  for (std::size_t m = 0; m < n; ++m)
    if (ctx.needs_gradient(n + m)) result[n + m] = gather(grads[0], IntArray(ctx.input(m)));
  return result;
}

}  // namespace

TF_REGISTER_GRADIENT("DynamicPartition", dynamic_partition_grad, {.inputs = false, .outputs = false});
TF_REGISTER_GRADIENT("DynamicStitch", dynamic_stitch_grad, {.outputs = false});

}  // namespace tf::autodiff
