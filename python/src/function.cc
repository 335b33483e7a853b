// The C++ half of tfpp.function: tfpp's own trace cache (tf::detail::FunctionState), fed with
// the cache key and tensor leaves that tfpp/function.py computes from Python arguments, and
// tracing by calling back into Python with symbolic tensors. Also tf.TensorSpec, tf.print's
// PrintV2 op (tfpp/printing.py builds its text) and tf.config.run_functions_eagerly.
#include <memory>
#include <optional>

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "dtype_object.h"
#include "function/concrete_function_impl.h"
#include "graph/graph_def_proto.h"
#include "graph/tracer.h"
#include "ops/print_op.h"
#include "structured_value.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

// One leaf of a call: a tensor (traced by dtype and shape), a variable (traced as its handle)
// or a TensorSpec (get_concrete_function without values).
tf::detail::Leaf leaf_of(nb::handle value) {
  if (nb::isinstance<tf::Variable>(value)) {
    return {nb::cast<const tf::Variable&>(value).handle(), tf::TensorSpec(tf::TensorShape{}, tf::resource)};
  }
  if (nb::isinstance<tf::TensorSpec>(value)) return {tf::Tensor(), nb::cast<const tf::TensorSpec&>(value)};
  // (tensor, spec): a composite tensor's component, keyed and traced by its type spec's component spec.
  if (nb::isinstance<nb::tuple>(value)) {
    nb::tuple pair = nb::cast<nb::tuple>(value);
    return {to_tensor(pair[0]), nb::cast<const tf::TensorSpec&>(pair[1])};
  }
  tf::Tensor t = to_tensor(value);
  return {t, tf::TensorSpec(t.shape(), t.dtype())};
}

tf::detail::ArgWalk walk_of(const std::string& key, nb::handle leaves) {
  tf::detail::ArgWalk walk{key, {}};
  for (nb::handle leaf : nb::iter(leaves)) walk.leaves.push_back(leaf_of(leaf));
  return walk;
}

class PyFunctionState {
 public:
  PyFunctionState(std::string name, nb::handle input_signature, bool reduce_retracing)
      : state_(options(std::move(name), input_signature, reduce_retracing)) {}

  /// The concrete function for this key and these leaves (placeholders named `names`);
  /// `body(placeholders)` traces it, returning the flat output tensors and their keys (a list
  /// when the function returns a dict, else None).
  tf::ConcreteFunction lookup_or_trace(const std::string& key, nb::handle leaves, const std::vector<std::string>& names,
                                       nb::callable body) {
    tf::detail::ArgWalk walk = walk_of(key, leaves);
    // Placeholders are named after the Python parameters, as TensorFlow names them.
    for (std::size_t i = 0; i < walk.leaves.size() && i < names.size(); ++i)
      if (walk.leaves[i].spec.name.empty()) walk.leaves[i].spec.name = names[i];
    return state_.lookup_or_trace(walk, [&](const std::vector<tf::Tensor>& placeholders, std::vector<std::string>& keys) {
      nb::tuple result = nb::cast<nb::tuple>(body(nb::cast(placeholders)));
      std::vector<tf::Tensor> flat;
      for (nb::handle output : nb::iter(result[0])) flat.push_back(to_tensor(output));
      // A SavedModel names a dict's outputs by its keys.
      if (!result[1].is_none()) keys = nb::cast<std::vector<std::string>>(result[1]);
      return flat;
    });
  }

  /// Runs `cf` on the call's leaves (variables as their handles).
  static std::vector<tf::Tensor> call(const tf::ConcreteFunction& cf, nb::handle leaves) {
    tf::detail::ArgWalk walk = walk_of("", leaves);
    // The graph may iterate a dataset whose generator's thread needs the GIL.
    nb::gil_scoped_release no_gil;
    return tf::detail::FunctionState::call(cf, walk);
  }

  int tracing_count() const { return state_.tracing_count(); }
  std::string pretty_printed_concrete_signatures() const { return state_.pretty_printed_concrete_signatures(); }

 private:
  static tf::FunctionOptions options(std::string name, nb::handle input_signature, bool reduce_retracing) {
    tf::FunctionOptions o{.reduce_retracing = reduce_retracing, .name = std::move(name)};
    if (!input_signature.is_none())
      for (nb::handle spec : nb::iter(input_signature)) o.input_signature.push_back(nb::cast<tf::TensorSpec>(spec));
    return o;
  }

  tf::detail::FunctionState state_;
};

// A tf.Module's name scope: its name pushed as it is, never renamed; __enter__ returns the full
// scope.
class PyModuleNameScope {
 public:
  /// `scope` is the full scope the module was made in plus its name: "outer/dense/".
  explicit PyModuleNameScope(std::string scope) : scope_name_(std::move(scope)) {}
  const std::string& name() const { return scope_name_; }
  std::string enter() {
    root_.emplace();  // the scope is absolute, wherever the module's method runs
    scope_.emplace(scope_name_.substr(0, scope_name_.size() - 1));
    return tf::graph::current_name_scope();
  }
  void exit() {
    scope_.reset();
    root_.reset();
  }

 private:
  std::string scope_name_;
  std::optional<tf::graph::RootNameScope> root_;
  std::optional<tf::name_scope> scope_;
};

// tf.name_scope (and tf.summary.experimental.summary_scope's): inside a trace its name is made
// unique in the graph ("layer_1"), as TensorFlow's graph name scopes are; __enter__ returns the
// full scope ("outer/layer_1/").
class PyNameScope {
 public:
  explicit PyNameScope(std::string name) : name_(std::move(name)) {}
  std::string enter() {
    if (tf::graph::Tracer* tracer = tf::graph::Tracer::current()) traced_.emplace(*tracer, name_);
    else eager_.emplace(name_);
    return tf::graph::current_name_scope();
  }
  void exit() {
    traced_.reset();
    eager_.reset();
  }

 private:
  std::string name_;
  std::optional<tf::graph::OpNameScope> traced_;
  std::optional<tf::name_scope> eager_;
};

}  // namespace

void bind_function(nb::module_& m) {
  nb::class_<tf::TensorSpec>(m, "TensorSpec", "The dtype and (possibly partly unknown) shape of a tensor argument.")
      .def("__init__", [](tf::TensorSpec* self, nb::handle shape, nb::handle dtype, nb::handle name) {
        new (self) tf::TensorSpec(shape_from(shape), dtype_from(dtype), name.is_none() ? "" : nb::cast<std::string>(name));
      }, "shape"_a.none(), "dtype"_a = nb::str("float32"), "name"_a = nb::none())
      .def_prop_ro("shape", [](const tf::TensorSpec& s) { return tensor_shape_object(s.shape); })
      .def_prop_ro("dtype", [](const tf::TensorSpec& s) { return dtype_object(s.dtype); })
      .def_prop_ro("name", [](const tf::TensorSpec& s) -> nb::object {
        return s.name.empty() ? nb::none() : nb::object(nb::str(s.name.c_str()));
      })
      .def("_key", [](const tf::TensorSpec& s) { return std::string(tf::dtype_name(s.dtype)) + s.shape.debug_string(); })
      .def("__repr__", &tf::TensorSpec::to_string)
      .def("__eq__", [](const tf::TensorSpec& a, nb::handle b) {
        return nb::isinstance<tf::TensorSpec>(b) && a == nb::cast<const tf::TensorSpec&>(b);
      })
      .def("__hash__", [](const tf::TensorSpec& s) { return nb::hash(nb::str(s.to_string().c_str())); });

  nb::class_<tf::ConcreteFunction>(m, "_ConcreteFunction", "One traced graph of a tf.function.")
      .def("call_flat", &tf::ConcreteFunction::call_flat, "args"_a)
      .def("graph_text", [](const tf::ConcreteFunction& cf) { return cf.graph().to_string(); })
      .def("serialized_graph_def", [](const tf::ConcreteFunction& cf) {
        const std::string bytes = tf::graph::to_graph_def_proto(cf.graph().impl()).SerializeAsString();
        return nb::bytes(bytes.data(), bytes.size());
      })
      .def("pretty_printed_signature", &tf::ConcreteFunction::pretty_printed_signature)
      .def("inputs", &tf::ConcreteFunction::inputs)
      .def("output_specs", [](const tf::ConcreteFunction& cf) {
        const tf::graph::Graph& g = cf.graph().impl();
        std::vector<tf::TensorSpec> specs;
        for (const tf::graph::NodeOutput& o : g.outputs()) specs.emplace_back(g.info(o).shape, g.info(o).dtype);
        return specs;
      }, "The dtype and shape of each flat output.")
      .def("captured_handle_ids", [](const tf::ConcreteFunction& cf) {
        std::vector<std::uintptr_t> ids;  // as the C++ signature text shows them
        for (const tf::Tensor& handle : cf.impl()->captured_inputs) ids.push_back(reinterpret_cast<std::uintptr_t>(handle.impl().get()));
        return ids;
      }, "An id of each captured variable handle.")
      .def("_set_structured_signature", [](const tf::ConcreteFunction& cf, nb::handle inputs, nb::handle fullargspec) {
        cf.impl()->structured_signature = std::make_shared<const tf::StructuredSignature>(
            tf::StructuredSignature{structured_value_from(inputs), structured_value_from(fullargspec)});
      }, "inputs"_a, "fullargspec"_a,
           "Records how the function was called for this trace ((args, kwargs), tensors as TensorSpecs in input order) "
           "and its FullArgSpec, which a SavedModel writes.")
      .def("id", [](const tf::ConcreteFunction& cf) { return reinterpret_cast<std::uintptr_t>(cf.impl().get()); });

  nb::class_<PyFunctionState>(m, "_FunctionState", "The trace cache of one tf.function.")
      .def(nb::init<std::string, nb::handle, bool>(), "name"_a, "input_signature"_a.none(), "reduce_retracing"_a)
      .def("lookup_or_trace", &PyFunctionState::lookup_or_trace, "key"_a, "leaves"_a, "names"_a, "body"_a)
      .def_static("call", &PyFunctionState::call, "concrete"_a, "leaves"_a)
      .def("tracing_count", &PyFunctionState::tracing_count)
      .def("pretty_printed_concrete_signatures", &PyFunctionState::pretty_printed_concrete_signatures);

  nb::class_<PyNameScope>(m, "name_scope",
                          "Prefixes the names of graph nodes created in its `with` block (made unique in a trace).")
      .def(nb::init<std::string>(), "name"_a)
      .def("__enter__", &PyNameScope::enter)
      .def("__exit__", [](PyNameScope& s, nb::args) { s.exit(); });
  nb::class_<PyModuleNameScope>(m, "_module_name_scope",
                                 "A tf.Module's name scope: the full scope it was made in and its name, never renamed.")
      .def(nb::init<std::string>(), "scope"_a)
      .def_prop_ro("name", &PyModuleNameScope::name)
      .def("__enter__", &PyModuleNameScope::enter)
      .def("__exit__", [](PyModuleNameScope& s, nb::args) { s.exit(); });
  m.def("_current_name_scope", &tf::graph::current_name_scope, "The current name scope (\"outer/inner/\", or \"\").");
  m.def("_bind_variable_argument", &tf::detail::bind_variable_argument, "variable"_a, "placeholder"_a,
        "Makes a variable argument's handle stand for its placeholder in the trace being built.");
  m.def("executing_eagerly", &tf::executing_eagerly);
  m.def("_print_v2", &tf::ops::print_v2, "text"_a, "output_stream"_a, "end"_a,
        "Writes a string scalar and `end` to a stream when the op runs (tf.print's last step).");
  nb::module_ config = m.def_submodule("config", "tf.config: run_functions_eagerly.");
  config.def("run_functions_eagerly", &tf::config::run_functions_eagerly, "run_eagerly"_a);
  config.def("functions_run_eagerly", &tf::config::functions_run_eagerly);
}

}  // namespace tfpp_python
