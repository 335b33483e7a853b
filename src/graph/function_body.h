// A traced callable that an op runs as an attribute: a cond branch or a while loop's
// condition or body.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "graph/executor.h"
#include "graph/passes/passes.h"

namespace tf::graph {

/// The graph, its executor, and where each graph argument comes from among the op's inputs.
/// The body is optimized when the op is created.
struct FunctionBody {
  FunctionBody(std::shared_ptr<Graph> g, std::vector<int> sources)
      : graph((optimize(*g), g)), executor(graph), arg_sources(std::move(sources)) {}

  std::shared_ptr<const Graph> graph;
  Executor executor;
  std::vector<int> arg_sources;  // graph argument i is the op's input arg_sources[i]

  /// Runs the body on the op inputs it reads.
  std::vector<Tensor> run(std::span<const Tensor> op_inputs) const {
    std::vector<Tensor> args;
    args.reserve(arg_sources.size());
    for (int s : arg_sources) args.push_back(op_inputs[s]);
    return executor.run(args);
  }
  /// True if the body contains a stateful op (so the op using it is stateful too).
  bool stateful() const;

  /// The body derived from this one under `key` (e.g. a gradient), built by `build` on first
  /// use and kept as long as this body lives. Thread-safe; `build` runs without the lock.
  std::shared_ptr<const FunctionBody> derived(const std::string& key,
                                              const std::function<std::shared_ptr<const FunctionBody>()>& build) const;

 private:
  mutable std::mutex derived_mutex_;
  mutable std::unordered_map<std::string, std::shared_ptr<const FunctionBody>> derived_;
};

}  // namespace tf::graph
