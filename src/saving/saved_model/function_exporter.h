// Exporting a traced tfpp function as TensorFlow's FunctionDef: arguments keep their order
// (user inputs, then captured variable handles), node inputs are written as
// "node:out_arg:index" from TensorFlow's OpDefs, and the attributes TensorFlow's ops require
// (T, N, Tidx, ...) are inferred from the dtypes flowing through the node.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "graph/graph.h"
#include "proto/function.pb.h"
#include "saving/saved_model/function_library.h"

namespace tf::saving {

/// How to name and order a function's arguments and results.
struct ExportSignature {
  std::string name;                       ///< the FunctionDef's name
  std::string description;                ///< what errors call it ("signature serving_default (function f)")
  std::vector<std::string> input_names;   ///< one per graph argument (captures included), sanitized
  std::vector<std::string> output_names;  ///< one per graph output
  std::vector<int> input_order;           ///< graph argument index of each FunctionDef input, in order
  std::vector<int> output_order;          ///< graph output index of each FunctionDef output, in order
  /// The dtype and shape of the variable behind each resource argument, by graph argument, when known.
  std::vector<std::optional<ops::TensorInfo>> resource_handles;
};

/// The functions an export writes besides the exported one (the branches and bodies of
/// control flow), each once, under names unique within one save.
class ExportedFunctions {
 public:
  /// The function exported for `body` in `role` ("then_branch", "cond", ...), or null; valid
  /// until the next add().
  const proto::FunctionDef* find(const void* body, const std::string& role) const;
  /// Adds `def`, the export of `body` in `role`.
  void add(const void* body, const std::string& role, proto::FunctionDef def);
  /// A function name not taken yet: `base` followed by a number.
  std::string unique_name(const std::string& base);
  /// The functions, in the order they were added (a function after those it calls).
  const std::vector<proto::FunctionDef>& functions() const { return functions_; }

 private:
  std::vector<std::pair<const void*, std::string>> keys_;  // of functions_, by index
  std::vector<proto::FunctionDef> functions_;
  int next_id_ = 0;
};

/// The FunctionDef of `graph`; the functions its control flow calls go to `library`. Throws
/// UnimplementedError naming every op that has no TensorFlow form.
proto::FunctionDef export_function(const graph::Graph& graph, const ExportSignature& signature,
                                   const FunctionLibrary& ops, ExportedFunctions& library);

/// `name` made a valid TensorFlow argument name: lower case, [a-z][a-z0-9_]*.
std::string sanitize_arg_name(const std::string& name);

}  // namespace tf::saving
