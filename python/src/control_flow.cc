// tf.cond and tf.while_loop for Python: the C++ core's cond_flat / while_flat over Python callables
// that take and return flat lists of tensors (tfpp/control_flow.py packs structures around them).
// Eagerly they run the branch or loop in Python; while tracing, each branch or body is traced into a
// graph of its own and the call becomes an If or While node.
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "autodiff/tape.h"
#include "bindings.h"
#include "function/autograph.h"
#include "graph/tracer.h"

namespace tfpp_python {

// A Python sequence of tensor-like values as tensors (also used by functional_ops.cc).
std::vector<tf::Tensor> flat_tensors(nb::handle values) {
  std::vector<tf::Tensor> flat;
  for (nb::handle v : nb::iter(values)) flat.push_back(to_tensor(v));
  return flat;
}

namespace {

using namespace nb::literals;

// A Python callable over a list of tensors as the core's FlatFn.
tf::detail::FlatFn flat_fn(nb::callable fn) {
  return [fn](const std::vector<tf::Tensor>& args, std::vector<std::string>&) {
    return flat_tensors(fn(nb::cast(args)));
  };
}

// The dtypes and shapes fn() returns when traced into a throwaway graph (AutoGraph stages one loop
// iteration so to learn the types of variables the loop defines).
std::vector<tf::TensorSpec> scratch_trace(nb::callable fn) {
  if (!tf::detail::tracing()) throw nb::value_error("scratch traces are only made while tracing");
  tf::autodiff::SuspendTapes suspend;
  tf::autograph::detail::PathsTrace traced = tf::autograph::detail::trace_paths(
      "autograph_scratch", tf::graph::Tracer::current(), [](tf::graph::Tracer&) { return std::vector<tf::Tensor>{}; },
      [&fn](const std::vector<tf::Tensor>&, std::vector<std::string>&) { return flat_tensors(fn()); });
  std::vector<tf::TensorSpec> specs;
  for (const auto& output : traced.graph->outputs()) {
    const auto& info = traced.graph->info(output);
    specs.emplace_back(info.shape, info.dtype);
  }
  return specs;
}

}  // namespace

// tf.map_fn, tf.scan, tf.foldl and tf.foldr (functional_ops.cc).
void bind_functional_ops(nb::module_& m);

void bind_control_flow(nb::module_& m) {
  bind_functional_ops(m);
  m.def("_tracing", &tf::detail::tracing, "True while a tf.function is being traced on this thread.");
  m.def("_cond_flat", [](nb::handle pred, nb::callable true_fn, nb::callable false_fn) {
    std::vector<std::string> keys;
    return tf::detail::cond_flat(to_tensor(pred), flat_fn(true_fn), flat_fn(false_fn), keys);
  }, "pred"_a, "true_fn"_a, "false_fn"_a,
        "A traced If node: each fn() returns a list of tensors; the branches' lists must agree in length and dtypes.");
  m.def("_while_flat", [](nb::callable cond, nb::callable body, nb::handle loop_vars, std::int64_t maximum_iterations,
                          nb::handle shape_invariants) {
    tf::WhileOptions options{.maximum_iterations = maximum_iterations};
    if (!shape_invariants.is_none())
      for (nb::handle shape : nb::iter(shape_invariants)) options.shape_invariants.push_back(shape_from(shape));
    return tf::detail::while_flat(flat_fn(cond), flat_fn(body), flat_tensors(loop_vars), options);
  }, "cond"_a, "body"_a, "loop_vars"_a, "maximum_iterations"_a = -1, "shape_invariants"_a.none() = nb::none(),
        "tf.while_loop over a flat list of tensors: cond(vars) returns [pred], body(vars) the next vars.");
  m.def("_scratch_trace", &scratch_trace, "fn"_a,
        "The TensorSpecs of the tensors fn() returns, traced into a throwaway graph inside the current trace.");
  m.def("_assert_true", [](nb::handle condition, const std::string& message) {
    tf::debugging::assert_equal(to_tensor(condition), tf::constant(true), message);
  }, "condition"_a, "message"_a, "Raises InvalidArgumentError with `message` when the scalar bool is false (an "
  "Assert op in a trace).");
}

}  // namespace tfpp_python
