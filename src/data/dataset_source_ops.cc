// Datasets made from tensors as graph ops, over the C++ pipeline's own sources.
#include "data/dataset_source_ops.h"

#include <functional>
#include <string>

#include "ops/execute.h"
#include "ops/op_def.h"

namespace tf::data::detail {
namespace {

std::string describe(const Tensor& t) { return std::string(dtype_name(t.dtype())) + t.shape().debug_string(); }

void components_shape(ops::ShapeContext& ctx) {
  if (ctx.num_inputs() == 0) ctx.fail("needs at least one tensor");
  ctx.add_output(DType::kVariant, TensorShape{});
}

void tensor_slice_shape(ops::ShapeContext& ctx) {
  components_shape(ctx);
  std::optional<std::int64_t> rows;
  for (std::size_t i = 0; i < ctx.num_inputs(); ++i) {
    const TensorShape& shape = ctx.input(i).shape();
    if (shape.has_unknown_rank()) continue;
    if (shape.rank() == 0) ctx.fail("tensor " + std::to_string(i) + " is a scalar; slicing needs rank >= 1");
    const std::int64_t dim = shape.dim(0);
    if (dim == None) continue;
    if (rows && *rows != dim)
      ctx.fail("all tensors need the same first dimension, got " + describe(ctx.input(0)) + " and tensor " +
               std::to_string(i) + " " + describe(ctx.input(i)));
    rows = dim;
  }
}

void range_shape(ops::ShapeContext& ctx) {
  const char* names[] = {"start", "stop", "step"};
  for (std::size_t i = 0; i < 3; ++i) {
    const Tensor& t = ctx.input(i);
    if (t.dtype() != DType::kInt64 || !t.shape().is_compatible_with(TensorShape{}))
      ctx.fail(std::string(names[i]) + " must be an int64 scalar, got " + describe(t));
  }
  ctx.add_output(DType::kVariant, TensorShape{});
}

std::vector<Tensor> inputs_of(ops::KernelContext& ctx) { return {ctx.inputs().begin(), ctx.inputs().end()}; }

void tensor_slice_kernel(ops::KernelContext& ctx) {
  ctx.output(0) = dataset_variant(Dataset::from_tensor_slices(inputs_of(ctx)));
}

void tensor_kernel(ops::KernelContext& ctx) { ctx.output(0) = dataset_variant(Dataset::from_tensors(inputs_of(ctx))); }

void range_kernel(ops::KernelContext& ctx) {
  const auto step = ctx.input(2).item<std::int64_t>();
  if (step == 0) ctx.fail("step must be a non-zero integer");
  ctx.output(0) =
      dataset_variant(Dataset::range(ctx.input(0).item<std::int64_t>(), ctx.input(1).item<std::int64_t>(), step));
}

// The kernel runs for components of every dtype (kernels are picked by input 0's).
const ops::OpDef& components_op(const char* name, ops::ShapeFn shape, ops::KernelFn kernel) {
  ops::OpBuilder b(name);
  b.variadic_inputs().kernel_allocates_outputs().no_gradient().shape(shape);
  for (int d = 0; d < kNumDTypes; ++d) b.kernel(static_cast<DType>(d), kernel);
  return b;
}

const ops::OpDef& kTensorSliceDataset = components_op("TensorSliceDataset", tensor_slice_shape, tensor_slice_kernel);
const ops::OpDef& kTensorDataset = components_op("TensorDataset", components_shape, tensor_kernel);
const ops::OpDef& kRangeDataset = [] {
  ops::OpBuilder b("RangeDataset");
  b.inputs(3).kernel_allocates_outputs().no_gradient().shape(range_shape).kernel(DType::kInt64, range_kernel);
  return std::ref(static_cast<const ops::OpDef&>(b));
}();

Tensor run(const ops::OpDef& op, const std::vector<Tensor>& inputs) {
  return ops::execute(op, std::span<const Tensor>(inputs), {})[0];
}

}  // namespace

Tensor tensor_slice_dataset(const std::vector<Tensor>& components) { return run(kTensorSliceDataset, components); }

Tensor tensor_dataset(const std::vector<Tensor>& components) { return run(kTensorDataset, components); }

Tensor range_dataset(const Tensor& start, const Tensor& stop, const Tensor& step) {
  return run(kRangeDataset, {start, stop, step});
}

}  // namespace tf::data::detail
