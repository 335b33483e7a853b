// TensorFlow 1's saver sub-graph in a SavedModel's main graph: what session-based loaders
// (`saved_model_cli run`, TensorFlow Serving, the C API's TF_LoadSessionFromSavedModel) run to
// restore the variables, through the MetaGraph's saver_def. tf.saved_model.load does not use it.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "proto/graph.pb.h"
#include "proto/saver.pb.h"
#include "tfpp/tensor.h"

namespace tf::saving {

/// A variable as the saver sees it.
struct SaverVariable {
  std::string handle;  ///< its VarHandleOp in the main graph
  std::string key;     ///< its key in variables/ ("w/.ATTRIBUTES/VARIABLE_VALUE")
  DType dtype;
};

/// Adds to `graph` a `saver_filename` Placeholder, a SaveV2 of the variables and of
/// `object_graph` (the serialized TrackableObjectGraph, under its reserved key) and a RestoreV2
/// feeding an AssignVariableOp per variable; returns the SaverDef naming them. The ops used go
/// into `used_ops`.
proto::SaverDef add_v1_saver(proto::GraphDef& graph, const std::vector<SaverVariable>& variables,
                             const std::string& object_graph, std::set<std::string>& used_ops);

}  // namespace tf::saving
