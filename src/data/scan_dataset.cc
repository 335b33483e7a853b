// The ScanDataset op: Dataset.scan's state threaded through the elements by a traced function.
// Note [ScanDataset inputs]: the node's inputs are the dataset, the initial state, then the
// tensors the function captures; each call reads the current state where the initial state was
// and the element appended after the captures (as ReduceDataset's body does).
#include <string>

#include "data/dataset_ops.h"
#include "data/reduce_dataset.h"
#include "data/transformations.h"
#include "graph/function_body.h"
#include "ops/execute.h"

namespace tf::data::detail {
namespace {

using graph::FunctionBody;
using BodyPtr = std::shared_ptr<const FunctionBody>;

// Attribute positions.
constexpr int kNumState = 0, kBody = 1;

void scan_dataset_shape(ops::ShapeContext& ctx) {
  const Tensor& dataset = ctx.input(0);
  if (dataset.dtype() != DType::kVariant || !dataset.shape().is_compatible_with(TensorShape{}))
    ctx.fail("the dataset must be a variant scalar, got " + std::string(dtype_name(dataset.dtype())) +
             dataset.shape().debug_string());
  ctx.add_output(DType::kVariant, TensorShape{});
}

void scan_dataset_kernel(ops::KernelContext& ctx) {
  const auto n = static_cast<std::size_t>(ctx.attr<std::int64_t>(kNumState));
  const BodyPtr body = ctx.attr<BodyPtr>(kBody);
  std::vector<Tensor> bound(ctx.inputs().begin() + 1, ctx.inputs().end());  // state, then captures
  Element initial_state(bound.begin(), bound.begin() + static_cast<std::ptrdiff_t>(n));
  auto step = [body, bound, n](const Element& state, const Element& element) {
    std::vector<Tensor> values = bound;
    std::copy(state.begin(), state.end(), values.begin());
    values.insert(values.end(), element.begin(), element.end());
    std::vector<Tensor> results = body->run(values);
    for (std::size_t i = 0; i < n; ++i) {
      const TensorShape& invariant = body->graph->node(body->graph->args()[i]).outputs[0].shape;
      if (!invariant.is_compatible_with(results[i].shape()))
        throw InvalidArgumentError("[ScanDataset] state tensor " + std::to_string(i) + " has shape " +
                                   results[i].shape().debug_string() + " after an element, outside its shape " +
                                   invariant.debug_string());
    }
    return results;
  };
  ctx.output(0) = dataset_variant(scan(dataset_of(ctx.input(0), "ScanDataset"), std::move(initial_state), step));
}

const ops::OpDef& kScanDataset = [] {
  ops::OpBuilder b("ScanDataset");
  b.variadic_inputs().kernel_allocates_outputs().no_gradient().attrs({"num_state", "f"}).shape(scan_dataset_shape);
  b.kernel(DType::kVariant, scan_dataset_kernel);
  return std::ref(static_cast<const ops::OpDef&>(b));
}();

}  // namespace

Tensor scan_dataset(const Tensor& dataset, const std::vector<TensorSpec>& element_specs,
                    const std::vector<Tensor>& initial_state, const tf::detail::FlatFn& fn) {
  const std::size_t n = initial_state.size(), m = element_specs.size();
  std::vector<ops::TensorInfo> state_specs;
  for (const Tensor& t : initial_state) state_specs.push_back({t.dtype(), t.shape()});
  tf::detail::TracedBody traced =
      trace_state_body(state_specs, element_specs, fn, "scan_fn", "Dataset.scan", /*only_state=*/false);
  // Note [ScanDataset inputs]: the state's arguments read inputs 0..n-1 (after the dataset).
  std::vector<Tensor> inputs = initial_state;
  std::vector<int> sources;
  for (std::size_t i = 0; i < n; ++i) sources.push_back(static_cast<int>(i));
  sources.insert(sources.end(), m, -1);
  sources = tf::detail::wire_captures(inputs, traced, std::move(sources), n);
  for (std::size_t j = 0; j < m; ++j) sources[n + j] = static_cast<int>(inputs.size() + j);
  const ops::AttrValue attrs[] = {static_cast<std::int64_t>(n),
                                  std::make_shared<const FunctionBody>(traced.graph, std::move(sources))};
  inputs.insert(inputs.begin(), dataset);
  return ops::execute(kScanDataset, std::span<const Tensor>(inputs), attrs)[0];
}

}  // namespace tf::data::detail
