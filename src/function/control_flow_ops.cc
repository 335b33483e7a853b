#include "function/control_flow_ops.h"

#include "graph/function_body.h"
#include "ops/execute.h"
#include "ops/string_format.h"

namespace tf::function_ops {
namespace {

using graph::FunctionBody;
using BodyPtr = std::shared_ptr<const FunctionBody>;

// Attribute positions.
constexpr int kThen = 0, kElse = 1;
constexpr int kNumLoopVars = 0, kCond = 1, kBody = 2, kMaxIterations = 3;

void if_shape(ops::ShapeContext& ctx) {
  const graph::Graph& then_g = *ctx.attr<BodyPtr>(kThen)->graph;
  const graph::Graph& else_g = *ctx.attr<BodyPtr>(kElse)->graph;
  for (std::size_t i = 0; i < then_g.outputs().size(); ++i) {
    const ops::TensorInfo& a = then_g.info(then_g.outputs()[i]);
    const ops::TensorInfo& b = else_g.info(else_g.outputs()[i]);
    // The output has the dims both branches agree on; the rest are unknown.
    TensorShape shape = a.shape;
    if (a.shape.rank() != b.shape.rank()) shape = TensorShape::unknown_rank();
    else
      for (int d = 0; d < shape.rank(); ++d)
        if (a.shape.dim(d) != b.shape.dim(d)) shape.set_dim(d, None);
    ctx.add_output(a.dtype, shape);
  }
}

void if_kernel(ops::KernelContext& ctx) {
  const Tensor& pred = ctx.input(0);
  if (pred.num_elements() != 1) ctx.fail("the predicate must be a scalar, got shape " + pred.shape().debug_string());
  const FunctionBody& branch = *ctx.attr<BodyPtr>(static_cast<bool>(pred) ? kThen : kElse);
  std::vector<Tensor> results = branch.run(ctx.inputs());
  for (std::size_t i = 0; i < results.size(); ++i) ctx.output(i) = std::move(results[i]);
}

void while_shape(ops::ShapeContext& ctx) {
  const graph::Graph& body = *ctx.attr<BodyPtr>(kBody)->graph;
  const auto n = ctx.attr<std::int64_t>(kNumLoopVars);
  for (std::int64_t i = 0; i < n; ++i) {
    const auto& info = body.node(body.args()[i]).outputs[0];
    ctx.add_output(info.dtype, info.shape);
  }
}

void while_kernel(ops::KernelContext& ctx) {
  const auto n = static_cast<std::size_t>(ctx.attr<std::int64_t>(kNumLoopVars));
  const FunctionBody& cond = *ctx.attr<BodyPtr>(kCond);
  const FunctionBody& body = *ctx.attr<BodyPtr>(kBody);
  const std::int64_t max_iterations = ctx.attr<std::int64_t>(kMaxIterations);
  // state holds the loop variables followed by the captured inputs, as the bodies index them.
  std::vector<Tensor> state(ctx.inputs().begin(), ctx.inputs().end());
  for (std::int64_t iteration = 0; max_iterations < 0 || iteration < max_iterations; ++iteration) {
    if (!static_cast<bool>(cond.run(state)[0])) break;
    std::vector<Tensor> next = body.run(state);
    for (std::size_t i = 0; i < n; ++i) {
      const TensorShape& invariant = body.graph->node(body.graph->args()[i]).outputs[0].shape;
      if (!invariant.is_compatible_with(next[i].shape()))
        ctx.fail("loop variable " + std::to_string(i) + " has shape " + next[i].shape().debug_string() +
                 " after an iteration, outside its shape invariant " + invariant.debug_string());
      state[i] = std::move(next[i]);
    }
  }
  for (std::size_t i = 0; i < n; ++i) ctx.output(i) = std::move(state[i]);
}

// Their gradients are registered in control_flow_grad.cc.
ops::OpBuilder control_flow_op(const char* name, bool stateful, ops::KernelFn kernel) {
  ops::OpBuilder b(name);
  b.variadic_inputs().kernel_allocates_outputs();
  for (int d = 0; d < kNumDTypes; ++d) b.kernel(static_cast<DType>(d), kernel);
  if (stateful) b.stateful();
  return b;
}

const ops::OpDef& define_if(const char* name, bool stateful) {
  return control_flow_op(name, stateful, if_kernel).attrs({"then_branch", "else_branch"}).shape(if_shape);
}

const ops::OpDef& define_while(const char* name, bool stateful) {
  return control_flow_op(name, stateful, while_kernel)
      .attrs({"num_loop_vars", "cond", "body", "maximum_iterations"})
      .shape(while_shape);
}

void assert_shape(ops::ShapeContext& ctx) {
  if (ctx.num_inputs() == 0) ctx.fail("expects a condition");
  const Tensor& c = ctx.input(0);
  if (c.dtype() != DType::kBool || !c.shape().is_compatible_with(TensorShape{}))
    ctx.fail("the condition must be a scalar bool tensor, got " + std::string(dtype_name(c.dtype())) +
             c.shape().debug_string());
}

// Raises "<message> [data1] [data2] ..." when the condition (input 0) is false, each data tensor
// as TensorFlow's Assert kernel writes it (its first `summarize` values).
void assert_kernel(ops::KernelContext& ctx) {
  if (static_cast<bool>(ctx.input(0))) return;
  std::string message = ctx.attr<std::string>(0);
  const std::int64_t summarize = ctx.attr<std::int64_t>(1);
  for (std::size_t i = 1; i < ctx.num_inputs(); ++i) message += " [" + ops::summarize_value_v1(ctx.input(i), summarize) + "]";
  throw InvalidArgumentError(message);
}

const ops::OpDef& kAssert = ops::OpBuilder("Assert")
                                .variadic_inputs()
                                .attrs({"message", "summarize"})
                                .shape(assert_shape)
                                .kernel(DType::kBool, assert_kernel)
                                .stateful()
                                .no_gradient();

const ops::OpDef& kIf = define_if("If", true);
const ops::OpDef& kStatelessIf = define_if("StatelessIf", false);
const ops::OpDef& kWhile = define_while("While", true);
const ops::OpDef& kStatelessWhile = define_while("StatelessWhile", false);

}  // namespace

const ops::OpDef& if_op(bool stateful) { return stateful ? kIf : kStatelessIf; }
const ops::OpDef& while_op(bool stateful) { return stateful ? kWhile : kStatelessWhile; }

void assert_that(const Tensor& condition, const std::string& message, std::vector<Tensor> data,
                 std::int64_t summarize) {
  const ops::AttrValue attrs[] = {message, summarize};
  data.insert(data.begin(), condition);
  ops::execute(kAssert, std::span<const Tensor>(data), attrs);
}

}  // namespace tf::function_ops
