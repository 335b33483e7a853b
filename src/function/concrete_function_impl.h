// What a ConcreteFunction holds: the traced graph, its executor, its signature and the
// variable handles it captured.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "graph/executor.h"
#include "graph/passes/passes.h"
#include "tfpp/concrete_function.h"

namespace tf {

/// An optimized copy of a traced graph.
inline std::shared_ptr<const graph::Graph> optimized(const graph::Graph& traced) {
  auto g = std::make_shared<graph::Graph>(traced);
  graph::optimize(*g);
  return g;
}

/// A copy of an optimized graph with its fusions applied.
inline std::shared_ptr<const graph::Graph> fused(const graph::Graph& optimized) {
  auto g = std::make_shared<graph::Graph>(optimized);
  graph::fuse(*g);
  return g;
}

namespace function_ops {
struct CallGradients;  // call_gradient.h
}
struct StructuredSignature;  // tfpp/structured_value.h

/// TensorFlow's name of a concrete function's graph, "__inference_<name>_<n>" with a
/// process-unique n, as its profiler's trace viewer shows a function call.
std::string inference_name(const std::string& name);

struct ConcreteFunction::Impl {
  std::string name;
  std::string inference_name;  // tf::inference_name(name), for the profiler's events
  std::shared_ptr<const graph::Graph> graph;  // as traced, for inspection
  graph::Executor replay_executor;            // optimized, unfused: replayed op by op (outer traces, tapes)
  graph::Executor executor;                   // optimized and fused: the inference path
  std::vector<TensorSpec> inputs;
  std::vector<std::string> output_keys;
  std::vector<Tensor> captured_inputs;  // handles of the variables the graph uses, passed after the arguments
  // The tf::function's input_signature, empty without one: a SavedModel's FunctionSpec and
  // TensorFlow's default serving signature read it.
  std::vector<TensorSpec> input_signature;
  // How a front end (Python) called the function for this trace, which a SavedModel records
  // (null: positional tensors). Set once, before saving; the trace itself does not depend on it.
  mutable std::shared_ptr<const StructuredSignature> structured_signature;

  // The forward / backward pairs for calls under a tape, made on the first such call (Note
  // [Gradients through a call], call_gradient.cc).
  mutable std::once_flag gradients_once;
  mutable std::shared_ptr<function_ops::CallGradients> gradients;
  // set_log_device_placement prints the nodes' placement once, at the first call it sees.
  mutable std::atomic<bool> placement_logged{false};

  Impl(std::string name, std::shared_ptr<const graph::Graph> g, std::vector<TensorSpec> inputs,
       std::vector<std::string> output_keys, std::vector<Tensor> captured_inputs = {})
      : name(std::move(name)), inference_name(tf::inference_name(this->name)), graph(g), replay_executor(optimized(*g)), executor(fused(replay_executor.graph())),
        inputs(std::move(inputs)), output_keys(std::move(output_keys)), captured_inputs(std::move(captured_inputs)) {}
};

}  // namespace tf
