// tfpp's If / While nodes (and their stateless twins) as TensorFlow's functional ops, whose
// branches and bodies become functions of the library.
//
// The ops differ in three ways. TensorFlow's branches take every input of the If and its
// bodies every input of the While (tfpp's bodies read only the inputs they use); a While body
// returns every input (tfpp's returns the loop variables, the captures pass through); and
// maximum_iterations is a loop counter in TensorFlow (as while_v2 builds it), not an attribute.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "graph/graph.h"
#include "proto/function.pb.h"
#include "saving/saved_model/function_exporter.h"

namespace tf::saving {

/// An input of a node being exported.
struct ExportedInput {
  std::string ref;                       ///< how the FunctionDef refers to it
  ops::TensorInfo info;                  ///< its dtype and static shape
  std::optional<ops::TensorInfo> handle; ///< for a resource, the variable behind it when known
};

/// Whether `op` is If, StatelessIf, While or StatelessWhile.
bool is_control_flow(const std::string& op);

/// Writes control-flow node `n` as `node`, its branches or bodies into `library` and any
/// constant it needs into `def`; returns the references of n's outputs. `description` names
/// the node in errors.
std::vector<std::string> export_control_flow(const graph::Node& n, const std::vector<ExportedInput>& inputs,
                                             const std::string& description, const FunctionLibrary& ops,
                                             ExportedFunctions& library, proto::FunctionDef& def,
                                             proto::NodeDef& node);

}  // namespace tf::saving
