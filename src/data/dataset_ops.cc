// Dataset transformations as graph ops, over the C++ pipeline's own transformations.
// Note [Dataset function inputs]: MapDataset's and FilterDataset's inputs are the dataset, then
// the tensors their function captures; the kernel appends each element to them, so that the
// function's arguments (element, captures) all index one vector, as ReduceDataset's do.
#include "data/dataset_ops.h"

#include <memory>
#include <string>

#include "function/traced_body.h"
#include "graph/function_body.h"
#include "ops/execute.h"
#include "ops/op_def.h"

namespace tf::data::detail {
namespace {

using graph::FunctionBody;
using BodyPtr = std::shared_ptr<const FunctionBody>;

std::string describe(DType dtype, const TensorShape& shape) {
  return std::string(dtype_name(dtype)) + shape.debug_string();
}

// Checks input `i` is a scalar of `dtype` (or a dataset variant); the output is a dataset.
void check_scalar(ops::ShapeContext& ctx, std::size_t i, DType dtype, const char* what) {
  const Tensor& t = ctx.input(i);
  if (t.dtype() != dtype || !t.shape().is_compatible_with(TensorShape{}))
    ctx.fail(std::string(what) + " must be a scalar of dtype " + std::string(dtype_name(dtype)) + ", got " +
             describe(t.dtype(), t.shape()));
}

void dataset_and_int64_shape(ops::ShapeContext& ctx) {
  check_scalar(ctx, 0, DType::kVariant, "the dataset");
  check_scalar(ctx, 1, DType::kInt64, "the count");
  ctx.add_output(DType::kVariant, TensorShape{});
}

void prefetch_shape(ops::ShapeContext& ctx) {
  check_scalar(ctx, 0, DType::kVariant, "the dataset");
  check_scalar(ctx, 1, DType::kInt64, "buffer_size");
  ctx.add_output(DType::kVariant, TensorShape{});
}

void batch_shape(ops::ShapeContext& ctx) {
  check_scalar(ctx, 0, DType::kVariant, "the dataset");
  check_scalar(ctx, 1, DType::kInt64, "batch_size");
  check_scalar(ctx, 2, DType::kBool, "drop_remainder");
  ctx.add_output(DType::kVariant, TensorShape{});
}

void function_dataset_shape(ops::ShapeContext& ctx) {
  check_scalar(ctx, 0, DType::kVariant, "the dataset");
  ctx.add_output(DType::kVariant, TensorShape{});
}

const Dataset& input_dataset(ops::KernelContext& ctx) { return dataset_of(ctx.input(0), ctx.op().name); }

void take_kernel(ops::KernelContext& ctx) {
  ctx.output(0) = dataset_variant(input_dataset(ctx).take(ctx.input(1).item<std::int64_t>()));
}

void skip_kernel(ops::KernelContext& ctx) {
  ctx.output(0) = dataset_variant(input_dataset(ctx).skip(ctx.input(1).item<std::int64_t>()));
}

void repeat_kernel(ops::KernelContext& ctx) {
  ctx.output(0) = dataset_variant(input_dataset(ctx).repeat(ctx.input(1).item<std::int64_t>()));
}

void prefetch_kernel(ops::KernelContext& ctx) {
  ctx.output(0) = dataset_variant(input_dataset(ctx).prefetch(ctx.input(1).item<std::int64_t>()));
}

void batch_kernel(ops::KernelContext& ctx) {
  ctx.output(0) =
      dataset_variant(input_dataset(ctx).batch(ctx.input(1).item<std::int64_t>(), ctx.input(2).item<bool>()));
}

// Note [Dataset function inputs]: the function runs on the op's inputs followed by the element.
struct BoundFunction {
  BodyPtr body;
  std::vector<Tensor> inputs;
  std::vector<Tensor> operator()(const Element& element) const {
    std::vector<Tensor> values = inputs;
    values.insert(values.end(), element.begin(), element.end());
    return body->run(values);
  }
};

BoundFunction bind(ops::KernelContext& ctx) {
  return {ctx.attr<BodyPtr>(0), std::vector<Tensor>(ctx.inputs().begin(), ctx.inputs().end())};
}

void map_kernel(ops::KernelContext& ctx) {
  ctx.output(0) = dataset_variant(input_dataset(ctx).map([f = bind(ctx)](const Element& e) { return f(e); }));
}

void filter_kernel(ops::KernelContext& ctx) {
  ctx.output(0) = dataset_variant(input_dataset(ctx).filter([f = bind(ctx)](const Element& e) { return f(e).at(0); }));
}

const ops::OpDef& dataset_op(const char* name, int num_inputs, ops::ShapeFn shape, ops::KernelFn kernel) {
  ops::OpBuilder b(name);
  if (num_inputs < 0) {
    b.variadic_inputs().attrs({"f"});
  } else {
    b.inputs(num_inputs);
  }
  b.kernel_allocates_outputs().no_gradient().shape(shape).kernel(DType::kVariant, kernel);
  return b;
}

const ops::OpDef& kTakeDataset = dataset_op("TakeDataset", 2, dataset_and_int64_shape, take_kernel);
const ops::OpDef& kSkipDataset = dataset_op("SkipDataset", 2, dataset_and_int64_shape, skip_kernel);
const ops::OpDef& kRepeatDataset = dataset_op("RepeatDataset", 2, dataset_and_int64_shape, repeat_kernel);
const ops::OpDef& kPrefetchDataset = dataset_op("PrefetchDataset", 2, prefetch_shape, prefetch_kernel);
const ops::OpDef& kBatchDatasetV2 = dataset_op("BatchDatasetV2", 3, batch_shape, batch_kernel);
const ops::OpDef& kMapDataset = dataset_op("MapDataset", -1, function_dataset_shape, map_kernel);
const ops::OpDef& kFilterDataset = dataset_op("FilterDataset", -1, function_dataset_shape, filter_kernel);

Tensor run(const ops::OpDef& op, std::vector<Tensor> inputs, std::span<const ops::AttrValue> attrs = {}) {
  return ops::execute(op, std::span<const Tensor>(inputs), attrs)[0];
}

// Traces `fn` over the element and adds the op running it on `dataset`: the node's inputs are the
// dataset and the captures (Note [Dataset function inputs]). Returns the new dataset.
Tensor function_dataset(const ops::OpDef& op, const Tensor& dataset, const std::vector<TensorSpec>& element_specs,
                        const tf::detail::FlatFn& fn, const char* name, bool predicate) {
  std::vector<ops::TensorInfo> specs;
  for (const TensorSpec& s : element_specs) specs.push_back({s.dtype, s.shape});
  tf::detail::TracedBody traced = tf::detail::trace_body(specs, fn, name);
  const graph::Graph& g = *traced.graph;
  if (predicate && (g.outputs().size() != 1 || g.info(g.outputs()[0]).dtype != DType::kBool ||
                    !g.info(g.outputs()[0]).shape.is_compatible_with(TensorShape{})))
    throw InvalidArgumentError("[" + op.name + "] the predicate must return one scalar bool tensor");
  std::vector<Tensor> inputs{dataset};
  std::vector<int> sources(specs.size(), -1);
  sources = tf::detail::wire_captures(inputs, traced, std::move(sources), 1);
  for (std::size_t j = 0; j < specs.size(); ++j) sources[j] = static_cast<int>(inputs.size() + j);
  const ops::AttrValue attrs[] = {std::make_shared<const FunctionBody>(traced.graph, std::move(sources))};
  return run(op, std::move(inputs), attrs);
}

}  // namespace

Tensor take_dataset(const Tensor& dataset, const Tensor& count) { return run(kTakeDataset, {dataset, count}); }

Tensor skip_dataset(const Tensor& dataset, const Tensor& count) { return run(kSkipDataset, {dataset, count}); }

Tensor repeat_dataset(const Tensor& dataset, const Tensor& count) { return run(kRepeatDataset, {dataset, count}); }

Tensor prefetch_dataset(const Tensor& dataset, const Tensor& buffer_size) {
  return run(kPrefetchDataset, {dataset, buffer_size});
}

Tensor batch_dataset(const Tensor& dataset, const Tensor& batch_size, const Tensor& drop_remainder) {
  return run(kBatchDatasetV2, {dataset, batch_size, drop_remainder});
}

Tensor map_dataset(const Tensor& dataset, const std::vector<TensorSpec>& element_specs, const tf::detail::FlatFn& fn) {
  return function_dataset(kMapDataset, dataset, element_specs, fn, "map_fn", false);
}

Tensor filter_dataset(const Tensor& dataset, const std::vector<TensorSpec>& element_specs,
                      const tf::detail::FlatFn& predicate) {
  return function_dataset(kFilterDataset, dataset, element_specs, predicate, "filter_fn", true);
}

}  // namespace tf::data::detail
