// The ReduceDataset op: a dataset pass run by a graph, its loop body traced into a FunctionBody.
// Note [ReduceDataset inputs]: the node's inputs are the dataset (a variant scalar), the initial
// state, then the tensors the bodies capture; while running, the kernel appends the current
// element to them, so that the body's arguments (state, element, captures) all index one vector.
#include "data/reduce_dataset.h"

#include <optional>

#include "function/traced_body.h"
#include "graph/function_body.h"
#include "ops/execute.h"
#include "ops/op_def.h"

namespace tf::data::detail {
namespace {

using graph::FunctionBody;
using BodyPtr = std::shared_ptr<const FunctionBody>;

// Attribute positions.
constexpr int kNumState = 0, kNumElement = 1, kCond = 2, kBody = 3;

void reduce_dataset_shape(ops::ShapeContext& ctx) {
  const graph::Graph& body = *ctx.attr<BodyPtr>(kBody)->graph;
  const auto n = ctx.attr<std::int64_t>(kNumState);
  for (std::int64_t i = 0; i < n; ++i) {
    const ops::TensorInfo& info = body.node(body.args()[i]).outputs[0];
    ctx.add_output(info.dtype, info.shape);
  }
}

void reduce_dataset_kernel(ops::KernelContext& ctx) {
  const auto n = static_cast<std::size_t>(ctx.attr<std::int64_t>(kNumState));
  const auto m = static_cast<std::size_t>(ctx.attr<std::int64_t>(kNumElement));
  const BodyPtr& cond = ctx.attr<BodyPtr>(kCond);
  const FunctionBody& body = *ctx.attr<BodyPtr>(kBody);
  const Dataset& dataset = dataset_of(ctx.input(0), "ReduceDataset");
  // Note [ReduceDataset inputs]: values[i] is op input i + 1, then the element.
  std::vector<Tensor> values(ctx.inputs().begin() + 1, ctx.inputs().end());
  const std::size_t element_at = values.size();
  values.resize(element_at + m);
  Iterator it = dataset.make_iterator();
  while (!cond || static_cast<bool>(cond->run(values).at(0))) {
    std::optional<Element> element = it.get_next();
    if (!element) break;
    if (element->size() != m)
      ctx.fail("the dataset's elements have " + std::to_string(element->size()) + " tensors, the loop expects " +
               std::to_string(m));
    for (std::size_t j = 0; j < m; ++j) values[element_at + j] = std::move((*element)[j]);
    std::vector<Tensor> next = body.run(values);
    for (std::size_t i = 0; i < n; ++i) {
      const TensorShape& invariant = body.graph->node(body.graph->args()[i]).outputs[0].shape;
      if (!invariant.is_compatible_with(next[i].shape()))
        ctx.fail("loop variable " + std::to_string(i) + " has shape " + next[i].shape().debug_string() +
                 " after an iteration, outside its shape invariant " + invariant.debug_string());
      values[i] = std::move(next[i]);
    }
  }
  for (std::size_t i = 0; i < n; ++i) ctx.output(i) = std::move(values[i]);
}

const ops::OpDef& kReduceDataset = [] {
  ops::OpBuilder b("ReduceDataset");
  b.variadic_inputs().kernel_allocates_outputs().stateful().no_gradient();
  b.attrs({"num_state", "num_element", "cond", "body"}).shape(reduce_dataset_shape);
  for (int d = 0; d < kNumDTypes; ++d) b.kernel(static_cast<DType>(d), reduce_dataset_kernel);
  return std::ref(static_cast<const ops::OpDef&>(b));
}();

std::string describe(const ops::TensorInfo& info) {
  return std::string(dtype_name(info.dtype)) + info.shape.debug_string();
}

}  // namespace

tf::detail::TracedBody trace_state_body(std::vector<ops::TensorInfo>& state_specs,
                                        const std::vector<TensorSpec>& element_specs, const tf::detail::FlatFn& body,
                                        const char* name, const std::string& what, bool only_state) {
  const std::size_t n = state_specs.size();
  // Traced again with the dims the body changes unknown (at most once per dim).
  for (;;) {
    std::vector<ops::TensorInfo> body_specs = state_specs;
    for (const TensorSpec& s : element_specs) body_specs.push_back({s.dtype, s.shape});
    tf::detail::TracedBody traced = tf::detail::trace_body(body_specs, body, name);
    const graph::Graph& bg = *traced.graph;
    if (only_state ? bg.outputs().size() != n : bg.outputs().size() < n)
      throw InvalidArgumentError("[" + what + "] the function returned " + std::to_string(bg.outputs().size()) +
                                 " tensors for " + std::to_string(n) + " state tensors");
    bool relaxed = false;
    for (std::size_t i = 0; i < n; ++i) {
      const ops::TensorInfo& out = bg.info(bg.outputs()[i]);
      TensorShape& in = state_specs[i].shape;
      if (out.dtype != state_specs[i].dtype)
        throw InvalidArgumentError("[" + what + "] state tensor " + std::to_string(i) + " is " +
                                   describe(state_specs[i]) + " on entry but " + describe(out) + " after one element");
      if (in.has_unknown_rank()) continue;
      if (out.shape.has_unknown_rank() || out.shape.rank() != in.rank()) {
        in = TensorShape::unknown_rank();
        relaxed = true;
        continue;
      }
      for (int d = 0; d < in.rank(); ++d)
        if (in.dim(d) != None && in.dim(d) != out.shape.dim(d)) {
          in.set_dim(d, None);
          relaxed = true;
        }
    }
    if (!relaxed) return traced;
  }
}

std::vector<Tensor> reduce_dataset_traced(const Tensor& dataset, const std::vector<TensorSpec>& element_specs,
                                          const std::vector<Tensor>& initial_state, const tf::detail::FlatFn* cond,
                                          const tf::detail::FlatFn& body) {
  const std::size_t n = initial_state.size(), m = element_specs.size();
  std::vector<ops::TensorInfo> state_specs;
  for (const Tensor& t : initial_state) state_specs.push_back({t.dtype(), t.shape()});
  std::optional<tf::detail::TracedBody> loop_body =
      trace_state_body(state_specs, element_specs, body, "reduce_body", "Dataset.reduce", /*only_state=*/true);
  std::optional<tf::detail::TracedBody> cond_body;
  if (cond) {
    cond_body = tf::detail::trace_body(state_specs, *cond, "reduce_cond");
    const graph::Graph& cg = *cond_body->graph;
    if (cg.outputs().size() != 1 || cg.info(cg.outputs()[0]).dtype != DType::kBool ||
        !cg.info(cg.outputs()[0]).shape.is_compatible_with(TensorShape{}))
      throw InvalidArgumentError("[Dataset.reduce] the condition must return one scalar bool tensor");
  }

  // Note [ReduceDataset inputs]: sources index the op's inputs from input 1 on; element
  // arguments are marked -1 until the captures are wired.
  std::vector<Tensor> inputs = initial_state;
  std::vector<int> state_sources;
  for (std::size_t i = 0; i < n; ++i) state_sources.push_back(static_cast<int>(i));
  std::vector<int> body_sources = state_sources;
  body_sources.insert(body_sources.end(), m, -1);
  BodyPtr cond_fn;
  std::vector<int> cond_sources;
  if (cond_body) cond_sources = tf::detail::wire_captures(inputs, *cond_body, state_sources, n);
  body_sources = tf::detail::wire_captures(inputs, *loop_body, body_sources, n);
  for (std::size_t j = 0; j < m; ++j) body_sources[n + j] = static_cast<int>(inputs.size() + j);
  if (cond_body) cond_fn = std::make_shared<FunctionBody>(cond_body->graph, std::move(cond_sources));
  auto body_fn = std::make_shared<FunctionBody>(loop_body->graph, std::move(body_sources));
  const ops::AttrValue attrs[] = {static_cast<std::int64_t>(n), static_cast<std::int64_t>(m), cond_fn, body_fn};
  inputs.insert(inputs.begin(), dataset);
  ops::Outputs out = ops::execute(kReduceDataset, std::span<const Tensor>(inputs), attrs);
  return std::vector<Tensor>(out.begin(), out.end());
}

}  // namespace tf::data::detail
