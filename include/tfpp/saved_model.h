// tf::saved_model: TensorFlow's SavedModel format, both ways.
//
//   auto loaded = tf::saved_model::load("/tmp/mlp");               // written by TensorFlow or tfpp
//   auto out = loaded.signatures.at("serving_default")({{"x", x}});  // {"output_0": ...}
//   tf::Tensor y = loaded.function("__call__")({x})[0];
//
// Loading imports the SavedModel's function library into tfpp (no C++ code of the model is
// needed): each restored function is a tf::function whose trace runs TensorFlow's function body
// through tfpp's ops, so it runs as a tfpp graph and is differentiable under tf::GradientTape.
// Variables are restored from variables/. An op tfpp lacks makes load() throw one
// UnimplementedError listing every such op and the functions using it.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "tfpp/concrete_function.h"
#include "tfpp/structured_value.h"
#include "tfpp/tensor.h"
#include "tfpp/variable.h"

namespace tf {
class Module;
}
namespace tf::keras {
class Model;
}

namespace tf::saved_model {

namespace detail {
struct LoadedState;
struct FunctionState;
}  // namespace detail

/// A function restored from a SavedModel: a signature (inputs and outputs by name) or a
/// tf.function's concrete functions (positional tensors).
class LoadedFunction {
 public:
  LoadedFunction() = default;
  /// Calls with named inputs (a signature's keyword arguments); returns the outputs by name.
  std::map<std::string, Tensor> operator()(const std::map<std::string, Tensor>& inputs) const;
  /// Calls with positional tensors; returns the flat outputs. For a tf.function with several
  /// concrete functions, the first whose input specs accept the arguments runs; one saved with
  /// none (never traced) throws InvalidArgumentError, as TensorFlow's raises ValueError.
  std::vector<Tensor> operator()(const std::vector<Tensor>& args) const;
  /// Calls concrete function `concrete` (an index into concrete_input_signatures()) with its flat
  /// tensors; throws InvalidArgumentError when they do not match its input specs.
  std::vector<Tensor> call_concrete(std::size_t concrete, const std::vector<Tensor>& args) const;
  /// The input names (a signature's keywords, or the positional argument names) in call order.
  std::vector<std::string> input_names() const;
  /// The specs of the inputs, in call order.
  std::vector<TensorSpec> input_specs() const;
  /// The output names (a signature's keys, or "output_i") of concrete function `concrete`, in the
  /// order of the flat outputs.
  std::vector<std::string> output_names(std::size_t concrete = 0) const;
  /// The input specs of each concrete function, in the order calls try them.
  std::vector<std::vector<TensorSpec>> concrete_input_specs() const;
  /// Each concrete function's structured input signature, in the order calls try them: a tuple
  /// (args, kwargs) of the Python values it was traced with and a TensorSpec per tensor input.
  std::vector<StructuredValue> concrete_input_signatures() const;
  /// The function's parameters as the SavedModel records them (Python's FullArgSpec, a named
  /// tuple); None for a signature or a SavedModel without them.
  StructuredValue fullargspec() const;
  /// How concrete function `concrete`'s flat outputs nest at the top: "tensor" (one), "tuple",
  /// "list", "dict" (keyed by output_names()) or "none", as the SavedModel's output signature says.
  std::string output_structure(std::size_t concrete = 0) const;
  /// The name of the TensorFlow function that runs (the first concrete function's).
  std::string function_name() const;
  bool defined() const { return state_ != nullptr; }

  /// A function over the state (tfpp internals).
  explicit LoadedFunction(std::shared_ptr<const detail::FunctionState> state) : state_(std::move(state)) {}

 private:
  std::shared_ptr<const detail::FunctionState> state_;
};

/// One object of a loaded SavedModel's object graph.
struct LoadedObject {
  /// Where it is: attribute names from the root joined by '/' ("" for the root).
  std::string path;
  /// What it is: "variable", "function", "bare_concrete_function", "constant", "asset",
  /// "resource", or a user object's identifier ("_generic_user_object",
  /// "trackable_list_wrapper", "trackable_dict_wrapper", "signature_map", ...).
  std::string kind;
};

/// What tf::saved_model::load returns: the restored root object.
class Loaded {
 public:
  /// The signatures by key ("serving_default", ...).
  std::map<std::string, LoadedFunction> signatures;
  /// The restored tf.function at `path` ("__call__", "f", "encoder/__call__"); throws NotFoundError.
  LoadedFunction function(const std::string& path) const;
  /// Paths of every restored tf.function.
  std::vector<std::string> function_paths() const;
  /// The variable at `path` ("w1", "dense/kernel"); throws NotFoundError.
  Variable variable(const std::string& path) const;
  /// Every restored variable, in object-graph order.
  std::vector<Variable> variables() const;
  /// The trainable ones.
  std::vector<Variable> trainable_variables() const;
  /// Every object reached from the root, each once (shortest path), parents before children.
  std::vector<LoadedObject> objects() const;
  /// The tags of the loaded MetaGraph.
  std::vector<std::string> tags() const;

  /// The root over the loaded state (tfpp internals).
  explicit Loaded(std::shared_ptr<const detail::LoadedState> state) : state_(std::move(state)) {}

 private:
  std::shared_ptr<const detail::LoadedState> state_;
};

/// Options of load.
struct LoadOptions {
  /// The MetaGraph to load by its tag set; empty: the only one, or the one tagged "serve".
  std::vector<std::string> tags = {};
};

/// Options of save.
struct SaveOptions {
  /// The signatures by key ("serving_default"): concrete functions of the module, whose inputs
  /// are named by their specs' names (else the argument names) and outputs by the keys of a
  /// returned std::map (else "output_0", ...). Empty: TensorFlow's default, "serving_default"
  /// from the root's tf::function `_default_save_signature`, else from its only tf::function
  /// (Module::add_function) with an input_signature, else no signature.
  std::map<std::string, ConcreteFunction> signatures = {};
};

/// Saves `module` (its variables and submodules, by attribute name) and the signatures to
/// `export_dir` as TensorFlow does: saved_model.pb (graph, function library, signatures and
/// object graph), variables/ (a tensor bundle with its object graph), assets/ and fingerprint.pb;
/// The directory is replaced atomically: a save that fails or is killed leaves what was there
/// before (FailedPreconditionError if `export_dir` holds files that are not a SavedModel's).
/// TensorFlow's tf.saved_model.load and saved_model_cli read it; each tf::function registered with
/// Module::add_function is saved with every concrete function it traced (also as its children
/// trace_0, trace_1, ...), one with an input_signature being traced for it if it was never called;
/// one never traced and without an input_signature is saved with no concrete function, and
/// calling it after loading throws, as in TensorFlow. Throws UnimplementedError naming the
/// signature and every op with no TensorFlow form, InvalidArgumentError for a function that
/// captures a variable the module does not track or a `_default_save_signature` without an
/// input_signature.
void save(const Module& module, const std::string& export_dir, const SaveOptions& options = {});

/// Saves a Keras model as tf.saved_model.save does with Keras 3: without signatures given,
/// "serving_default" calls the model (training=false) on one input named "inputs" whose batch
/// dimension is unknown, and names the output "output_0". Throws InvalidArgumentError for a
/// model that is not built or has several inputs or outputs and no signatures.
void save(const keras::Model& model, const std::string& export_dir, const SaveOptions& options = {});

/// Loads the SavedModel in directory `export_dir`. Throws NotFoundError for a missing
/// directory or file, DataLossError for a damaged one (naming it), UnimplementedError for ops
/// tfpp lacks.
Loaded load(const std::string& export_dir, const LoadOptions& options = {});

}  // namespace tf::saved_model
