// The state behind tf::saved_model::Loaded and LoadedFunction.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "saving/saved_model/function_library.h"
#include "tfpp/saved_model.h"

namespace tf::saved_model::detail {

/// One concrete function: its TensorFlow name, flat inputs and outputs, and the tensors bound
/// to its trailing arguments (variable handles, constants).
struct ConcreteFunctionEntry {
  std::string name;
  std::vector<TensorSpec> input_specs;
  std::vector<std::string> input_names;
  std::vector<std::string> output_names;
  std::string output_kind;  ///< LoadedFunction::output_structure()
  StructuredValue input_signature;  ///< (args, kwargs), as the SavedModel records it
  std::vector<Tensor> captures;
  /// Runs the function through a tf::function (one trace serves every call matching the specs).
  std::function<std::vector<Tensor>(const std::vector<Tensor>&)> run;
};

struct FunctionState {
  std::string path;  ///< where in the object graph (for messages)
  StructuredValue fullargspec;  ///< LoadedFunction::fullargspec()
  std::vector<ConcreteFunctionEntry> concrete;
};

struct LoadedState {
  std::shared_ptr<const saving::FunctionLibrary> library;
  std::vector<std::string> tags;
  std::vector<std::pair<std::string, Variable>> variables;  ///< by object path
  std::map<std::string, LoadedFunction> functions;          ///< by object path
  std::vector<LoadedObject> objects;                        ///< Loaded::objects()
};

}  // namespace tf::saved_model::detail
