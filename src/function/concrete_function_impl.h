// What a ConcreteFunction holds: the traced graph, its executor and its signature.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "graph/executor.h"
#include "tfpp/concrete_function.h"

namespace tf {

struct ConcreteFunction::Impl {
  std::string name;
  std::shared_ptr<const graph::Graph> graph;
  graph::Executor executor;
  std::vector<TensorSpec> inputs;
  std::vector<std::string> output_keys;

  Impl(std::string name, std::shared_ptr<const graph::Graph> g, std::vector<TensorSpec> inputs,
       std::vector<std::string> output_keys)
      : name(std::move(name)), graph(g), executor(g), inputs(std::move(inputs)), output_keys(std::move(output_keys)) {}
};

}  // namespace tf
