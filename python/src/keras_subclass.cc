// Keras layers and models subclassed in Python: PythonLayer and PythonModel are C++ layers whose
// build, call, train_step and test_step call the Python object's methods (tfpp.keras.Layer's
// _build_from_cpp / _call_from_cpp helpers), so the C++ engine (Functional API, Sequential, fit's
// traced steps, summary) runs them as any layer. The C++ layer holds its Python object for its
// whole life: what the Python object holds (its attributes, sublayers) lives as long as any model
// that uses the layer.
#include <nanobind/stl/map.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "keras/engine/call_context.h"
#include "keras/layers/config_util.h"
#include "keras/models/model_data.h"
#include "keras/saving/external_class.h"
#include "keras/training/training_state.h"
#include "keras_bindings.h"
#include "tfpp/keras/mask.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;
namespace keras = tf::keras;

// A shared reference to the Python object (copies of the C++ layer share it).
using PythonSelf = std::shared_ptr<nb::object>;

nb::object shape_argument(const std::vector<tf::TensorShape>& shapes) {
  auto tuple_of = [](const tf::TensorShape& shape) {
    nb::list dims;
    for (std::int64_t d : shape.dims()) dims.append(d < 0 ? nb::none() : nb::object(nb::int_(d)));
    return nb::tuple(dims);
  };
  if (shapes.size() == 1) return tuple_of(shapes[0]);
  nb::list list;
  for (const tf::TensorShape& shape : shapes) list.append(tuple_of(shape));
  return list;
}

void build_in_python(const PythonSelf& self, const std::vector<tf::TensorShape>& shapes) {
  PythonStdout::flush_active();
  nb::gil_scoped_acquire gil;
  self->attr("_build_from_cpp")(shape_argument(shapes));
}

std::vector<tf::Tensor> flat_tensors(nb::handle outputs) {
  if (PyList_Check(outputs.ptr()) || PyTuple_Check(outputs.ptr())) {
    std::vector<tf::Tensor> out;
    for (nb::handle o : nb::iter(outputs)) out.push_back(to_tensor(o));
    return out;
  }
  return {to_tensor(outputs)};
}

// Masks as Keras gives them to call / compute_mask: one (or None) for one input, else a list.
nb::object masks_argument(const std::vector<tf::Tensor>& masks) {
  auto one = [](const tf::Tensor& mask) { return mask.defined() ? nb::cast(mask) : nb::none(); };
  if (masks.size() == 1) return one(masks[0]);
  nb::list list;
  for (const tf::Tensor& mask : masks) list.append(one(mask));
  return list;
}

// `training` reaches Python as None when neither the call nor an enclosing one decided it, so the
// Python `call`'s own default applies and its sublayers resolve theirs, as in Keras. `masks` (when
// given) are the inputs' masks, for a Python call that takes `mask`.
std::vector<tf::Tensor> call_in_python(const PythonSelf& self, const std::vector<tf::Tensor>& inputs, bool training,
                                       const std::vector<tf::Tensor>* masks = nullptr) {
  PythonStdout::flush_active();
  const tf::keras::detail::CallFrame* frame = tf::keras::detail::CallContext::top();
  const bool decided = !frame || frame->training.has_value();
  nb::gil_scoped_acquire gil;
  nb::object args = inputs.size() == 1 ? nb::cast(inputs[0]) : nb::cast(inputs);
  nb::object training_arg = decided ? nb::cast(training) : nb::none();
  if (masks) return flat_tensors(self->attr("_call_from_cpp")(args, training_arg, masks_argument(*masks)));
  return flat_tensors(self->attr("_call_from_cpp")(args, training_arg));
}

// The Python object's compute_mask (asked when its class overrides compute_mask or its call takes
// `mask`; other Python layers keep the C++ default).
// A list or tuple it returns holds one mask per output (None for none): all of them come back.
std::vector<tf::Tensor> masks_in_python(const PythonSelf& self, const std::vector<tf::Tensor>& inputs,
                                        const std::vector<tf::Tensor>& masks) {
  nb::gil_scoped_acquire gil;
  nb::object args = inputs.size() == 1 ? nb::cast(inputs[0]) : nb::cast(inputs);
  nb::object mask = self->attr("compute_mask")(args, masks_argument(masks));
  const auto one = [](nb::handle m) { return m.is_none() ? tf::Tensor() : to_tensor(m); };
  if (!nb::isinstance<nb::list>(mask) && !nb::isinstance<nb::tuple>(mask)) return {one(mask)};
  std::vector<tf::Tensor> out;
  for (nb::handle m : nb::iter(mask)) out.push_back(one(m));
  return out;
}

// A train_step / test_step's logs: a dict of tensors or numbers (nested dicts flattened).
void collect_logs(nb::handle logs, keras::TensorLogs& out) {
  if (!PyDict_Check(logs.ptr())) throw nb::type_error("train_step and test_step must return a dict of metric values");
  for (auto [key, value] : nb::borrow<nb::dict>(logs)) {
    if (PyDict_Check(value.ptr())) collect_logs(value, out);
    else out[nb::cast<std::string>(key)] = to_tensor(value, tf::float32);
  }
}

// A train_step / test_step in Python: the model's _step_from_cpp gives the method the batch as
// Keras does ((x, y, sample_weight), dicts for a model of dicts).
keras::TensorLogs step_in_python(const PythonSelf& self, const char* method, const keras::Batch& batch) {
  PythonStdout::flush_active();
  nb::gil_scoped_acquire gil;
  nb::object sample_weight = batch.sample_weight.defined() ? nb::cast(batch.sample_weight) : nb::none();
  keras::TensorLogs logs;
  collect_logs(self->attr("_step_from_cpp")(method, batch.x, batch.y, sample_weight), logs);
  return logs;
}

keras::Config config_in_python(const PythonSelf& self) {
  nb::gil_scoped_acquire gil;
  return config_dict_from_python(self->attr("get_config")());
}

// A layer or model class written in Python: the Python object it calls, and what Keras' saving asks
// of the class (tfpp.keras.Layer's _keras_module, _keras_registered_name and _attribute_layers).
class PythonClass : public keras::saving::ExternalClass {
 public:
  explicit PythonClass(nb::object self) : self_(std::make_shared<nb::object>(std::move(self))) {}
  keras::ConfigValue class_module() const override {
    nb::gil_scoped_acquire gil;
    return config_from_python(self_->attr("_keras_module")());
  }
  std::string registered_name() const override {
    nb::gil_scoped_acquire gil;
    return nb::cast<std::string>(self_->attr("_keras_registered_name")());
  }
  std::vector<keras::saving::AttributeLayers> attribute_layers() const override {
    nb::gil_scoped_acquire gil;
    std::vector<keras::saving::AttributeLayers> out;
    for (nb::handle entry : self_->attr("_attribute_layers")()) {
      out.push_back({nb::cast<std::string>(entry[0]), nb::cast<std::vector<std::shared_ptr<keras::Layer>>>(entry[1]),
                     nb::cast<bool>(entry[2])});
    }
    return out;
  }

 protected:
  PythonSelf self_;
};

class PythonLayer : public keras::Layer, public PythonClass {
 public:
  PythonLayer(nb::object self, const keras::LayerOptions& options)
      : Layer(options), PythonClass(self), masks_in_python_(nb::cast<bool>(self.attr("_handles_masks")())) {}
  /// The Python get_config: the subclass' own, or Keras' base config (with the automatic config
  /// of its __init__ arguments when the subclass has no get_config).
  keras::Config get_config() const override { return config_in_python(self_); }
  void build_multi(const std::vector<tf::TensorShape>& input_shapes) override { build_in_python(self_, input_shapes); }
  std::vector<tf::Tensor> call_multi(const std::vector<tf::Tensor>& inputs, bool training) override {
    return call_in_python(self_, inputs, training);
  }
  std::vector<tf::Tensor> call_masked(const std::vector<tf::Tensor>& inputs, const std::vector<tf::Tensor>& masks,
                                      bool training) override {
    if (!masks_in_python_) return call_multi(inputs, training);
    std::vector<tf::Tensor> outputs = call_in_python(self_, inputs, training, &masks);
    // A compute_mask giving one mask per output (Keras' TemporalSplit) attaches each to its output.
    if (outputs.size() > 1) {
      const std::vector<tf::Tensor> output_masks = masks_in_python(self_, inputs, masks);
      if (output_masks.size() == outputs.size())
        for (std::size_t i = 0; i < outputs.size(); ++i)
          if (output_masks[i].defined()) keras::set_keras_mask(outputs[i], output_masks[i]);
    }
    return outputs;
  }
  tf::Tensor compute_mask(const std::vector<tf::Tensor>& inputs, const std::vector<tf::Tensor>& masks) override {
    if (!masks_in_python_) return Layer::compute_mask(inputs, masks);
    const std::vector<tf::Tensor> output_masks = masks_in_python(self_, inputs, masks);
    return output_masks.empty() ? tf::Tensor() : output_masks[0];
  }
  /// Keras' `self.supports_masking = ...` of a Python subclass.
  void set_masking(bool supports) { set_supports_masking(supports); }
  TFPP_KERAS_LAYER(PythonLayer)

 private:
  bool masks_in_python_;  // the class overrides compute_mask or its call takes `mask`
};

// A keras.Model subclassed in Python: either with its own call (a subclassed model), or built by
// Model(inputs, outputs) in its __init__ (a Functional model of the Python class). Its train_step /
// test_step run in Python when the class overrides them (or compute_loss / compute_metrics,
// which Keras' default steps call).
class PythonModel : public keras::Model, public PythonClass {
 public:
  PythonModel(nb::object self, const std::string& name, const std::string& class_name, bool has_build, bool has_train_step,
              bool has_test_step)
      : Model(keras::ModelOptions{.name = name}, class_name.c_str()),
        PythonClass(std::move(self)),
        has_build_(has_build) {
    model_data().user_train_step = has_train_step;
    model_data().user_test_step = has_test_step;
  }
  /// Makes this the Functional model of `inputs` and `outputs`.
  void set_functional(std::vector<keras::KerasTensor> inputs, std::vector<keras::KerasTensor> outputs) {
    model_data().kind = keras::detail::ModelData::Kind::kFunctional;
    set_graph(std::move(inputs), std::move(outputs));
    set_built();
  }
  void build_multi(const std::vector<tf::TensorShape>& input_shapes) override {
    if (has_build_) build_in_python(self_, input_shapes);
    Model::build_multi(input_shapes);  // builds the sublayers by tracing call()
  }
  std::vector<tf::Tensor> call_multi(const std::vector<tf::Tensor>& inputs, bool training) override {
    if (is_functional()) return Model::call_multi(inputs, training);
    return call_in_python(self_, inputs, training);
  }
  keras::TensorLogs train_step(const keras::Batch& batch) override {
    return model_data().user_train_step ? step_in_python(self_, "train_step", batch) : Model::train_step(batch);
  }
  keras::TensorLogs test_step(const keras::Batch& batch) override {
    return model_data().user_test_step ? step_in_python(self_, "test_step", batch) : Model::test_step(batch);
  }
  /// The Python class' name, also for a Functional one (as Keras serializes it).
  std::string class_name() const override { return Layer::class_name(); }
  /// The Python get_config (tfpp.keras.Model's: a Functional config when the class' __init__ takes
  /// Functional's arguments, as Keras').
  keras::Config get_config() const override { return config_in_python(self_); }
  TFPP_KERAS_LAYER(PythonModel)

 private:
  bool has_build_;
};

// A keras.metrics.Metric subclassed in Python: update_state, result and reset_state (when the
// subclass defines it) call the Python object's.
class PythonMetric : public keras::metrics::Metric {
 public:
  PythonMetric(nb::object self, std::string name, std::optional<tf::DType> dtype, bool has_reset_state)
      : Metric(std::move(name), dtype), self_(std::make_shared<nb::object>(std::move(self))), has_reset_state_(has_reset_state) {}
  void update_state(const tf::Tensor& y_true, const tf::Tensor& y_pred, const tf::Tensor& sample_weight) override {
    nb::gil_scoped_acquire gil;
    self_->attr("update_state")(y_true, y_pred, "sample_weight"_a = sample_weight.defined() ? nb::cast(sample_weight) : nb::none());
  }
  tf::Tensor result() const override {
    nb::gil_scoped_acquire gil;
    return to_tensor(self_->attr("result")());
  }
  void reset_state() override {
    if (!has_reset_state_) return Metric::reset_state();
    nb::gil_scoped_acquire gil;
    self_->attr("reset_state")();
  }
  /// A zero-initialized state variable "<metric>/<name>" (Metric::add_variable).
  tf::Variable new_variable(const tf::TensorShape& shape, const std::string& name, std::optional<tf::DType> dtype) {
    return add_variable(shape, name, dtype);
  }

 private:
  PythonSelf self_;
  bool has_reset_state_;
};

std::vector<tf::Tensor> tensor_list(nb::handle values) {
  if (values.is_none()) return {};
  if (PyList_Check(values.ptr()) || PyTuple_Check(values.ptr())) return flat_tensors(values);
  return {to_tensor(values)};
}

tf::Tensor optional_tensor(nb::handle value) { return value.is_none() ? tf::Tensor() : to_tensor(value); }

}  // namespace

keras::layers::LayerFactory python_layer_factory(nb::object cls) {
  auto holder = std::make_shared<nb::object>(std::move(cls));
  return [holder](const keras::Config& config) -> std::shared_ptr<keras::Layer> {
    nb::gil_scoped_acquire gil;
    nb::object layer = holder->attr("from_config")(config_to_python(config));
    return nb::cast<std::shared_ptr<keras::Layer>>(layer.attr("_cpp"));
  };
}

std::map<std::string, keras::layers::LayerFactory> custom_object_factories(nb::dict custom_objects) {
  std::map<std::string, keras::layers::LayerFactory> factories;
  for (auto [name, cls] : custom_objects) factories[nb::cast<std::string>(name)] = python_layer_factory(nb::borrow(cls));
  return factories;
}

void bind_keras_subclass(nb::module_& m) {
  m.def("python_layer", [](nb::object self, std::string name, bool trainable, nb::handle dtype, std::string class_name) {
        keras::LayerOptions options{.name = std::move(name), .trainable = trainable, .class_name = std::move(class_name)};
        if (!dtype.is_none()) options.dtype = dtype_from(dtype);
        auto layer = std::make_shared<PythonLayer>(std::move(self), options);
        layer->layer_state().instance = layer;
        return std::shared_ptr<keras::Layer>(layer);
      }, "self"_a, "name"_a, "trainable"_a, "dtype"_a.none(), "class_name"_a,
      "A C++ layer calling the Python layer `self`'s build, call and get_config.");
  m.def("set_supports_masking", [](keras::Layer& layer, bool supports) {
        auto* python_layer = dynamic_cast<PythonLayer*>(&layer);
        if (!python_layer) throw nb::attribute_error("supports_masking of a built-in layer cannot be set");
        python_layer->set_masking(supports);
      }, "layer"_a, "supports"_a, "Keras' `self.supports_masking = ...` in a Layer subclass.");
  m.def("base_layer_config", [](const keras::Layer& layer) { return config_to_python(layer.keras::Layer::get_config()); },
        "keras.layers.Layer.get_config: name, trainable and dtype.");
  m.def("functional_config", [](const keras::Model& model) { return config_to_python(model.keras::Model::get_config()); },
        "Functional.get_config: the layers and their connections (for a Functional model of a Python class).");
  m.def("register_layer_class", [](const std::string& class_name, nb::object cls) {
        keras::layers::register_layer_class(class_name, python_layer_factory(std::move(cls)));
      }, "class_name"_a, "cls"_a, "Lets load_model and deserialize make `class_name` layers with cls.from_config.");
  m.def("python_model", [](nb::object self, std::string name, std::string class_name, bool has_build,
                           bool has_train_step, bool has_test_step) {
        auto model = std::make_shared<PythonModel>(std::move(self), name, class_name, has_build, has_train_step, has_test_step);
        model->layer_state().instance = model;
        return std::shared_ptr<keras::Model>(model);
      }, "self"_a, "name"_a, "class_name"_a, "has_build"_a, "has_train_step"_a, "has_test_step"_a,
      "A C++ model calling the Python model `self`'s call (and build, train_step, test_step if it defines them).");
  m.def("python_functional", [](nb::object self, std::vector<keras::KerasTensor> inputs,
                                std::vector<keras::KerasTensor> outputs, std::string name, std::string class_name,
                                bool nested_inputs, bool nested_outputs, std::vector<std::string> input_names,
                                std::vector<std::string> output_names, bool has_train_step, bool has_test_step) {
        auto model = std::make_shared<PythonModel>(std::move(self), name, class_name, false, has_train_step, has_test_step);
        model->set_functional(std::move(inputs), std::move(outputs));
        set_structure(*model, nested_inputs, nested_outputs, std::move(input_names), std::move(output_names));
        model->layer_state().instance = model;
        return std::shared_ptr<keras::Model>(model);
      }, "self"_a, "inputs"_a, "outputs"_a, "name"_a, "class_name"_a, "nested_inputs"_a, "nested_outputs"_a,
      "input_names"_a, "output_names"_a, "has_train_step"_a, "has_test_step"_a,
      "A Functional model of the Python class of `self` (Model(inputs, outputs) in a subclass), whose train_step "
      "and test_step are the Python object's when it defines them.");
  m.def("track_loss", [](keras::Model& model, nb::handle loss, nb::handle first_input) {
        const auto& training = model.model_data().training;
        if (!training || !training->loss_tracker) throw nb::value_error("You must call `compile()` before using the model.");
        training->loss_tracker->update_state(to_tensor(loss), keras::detail::batch_size_of(to_tensor(first_input)));
      }, "model"_a, "loss"_a, "first_input"_a,
      "Updates the loss tracker (Keras' model._loss_tracker) with a batch's loss, weighted by its batch size.");
  m.def("apply_constraints", [](keras::Model& model) { model.apply_constraints(); }, "model"_a,
        "Applies the weights' constraints after an optimizer step, as Keras' optimizer does.");

  nb::class_<PythonMetric, keras::metrics::Metric>(m, "PythonMetric", "A metric subclassed in Python.")
      .def("add_variable", [](PythonMetric& metric, nb::handle shape, const std::string& name, nb::handle dtype) {
        std::vector<std::int64_t> dims;
        for (nb::handle d : nb::iter(shape)) dims.push_back(nb::cast<std::int64_t>(d));
        return keras_variable(
            metric.new_variable(tf::TensorShape(dims), name, dtype.is_none() ? std::nullopt : std::optional(dtype_from(dtype))));
      }, "shape"_a, "name"_a, "dtype"_a.none());
  m.def("python_metric", [](nb::object self, std::string name, nb::handle dtype, bool has_reset_state) {
        return std::make_shared<PythonMetric>(std::move(self), std::move(name),
                                              dtype.is_none() ? std::nullopt : std::optional(dtype_from(dtype)), has_reset_state);
      }, "self"_a, "name"_a, "dtype"_a.none(), "has_reset_state"_a,
      "A C++ metric calling the Python metric `self`'s update_state, result and reset_state.");
  m.def("python_loss", [](nb::object call, std::string name, std::string reduction) -> std::shared_ptr<keras::losses::Loss> {
        auto holder = std::make_shared<nb::object>(std::move(call));
        keras::losses::LossFunction fn = [holder](const tf::Tensor& y_true, const tf::Tensor& y_pred) {
          nb::gil_scoped_acquire gil;
          return to_tensor((*holder)(y_true, y_pred));
        };
        return std::make_shared<keras::losses::LossFunctionWrapper>(
            std::move(fn), keras::losses::LossFunctionWrapperOptions{.reduction = std::move(reduction), .name = std::move(name),
                                                                     .dtype = std::nullopt});
      }, "call"_a, "name"_a, "reduction"_a, "A C++ loss reducing what the Python loss' call(y_true, y_pred) returns.");

  // What Python subclasses call from build, call and train_step.
  m.def("add_weight", [](keras::Layer& layer, std::string name, nb::handle shape, nb::handle initializer, nb::handle dtype,
                         bool trainable, nb::handle regularizer, nb::handle constraint) {
        keras::WeightOptions o{.trainable = trainable};
        if (!initializer.is_none()) o.initializer = keras::detail::initializer_from(config_from_python(initializer));
        o.regularizer = keras::detail::regularizer_from(config_from_python(regularizer));
        o.constraint = keras::detail::constraint_from(config_from_python(constraint));
        if (!dtype.is_none()) o.dtype = dtype_from(dtype);
        std::vector<std::int64_t> dims;
        for (nb::handle d : nb::iter(shape)) dims.push_back(nb::cast<std::int64_t>(d));
        return keras_variable(layer.add_weight(name, tf::TensorShape(dims), o));
      }, "layer"_a, "name"_a, "shape"_a, "initializer"_a.none(), "dtype"_a.none(), "trainable"_a, "regularizer"_a.none(),
      "constraint"_a.none());
  m.def("add_loss", [](keras::Layer& layer, nb::handle loss) { layer.add_loss(to_tensor(loss)); });
  m.def("track", [](keras::Layer& layer, keras::Layer& sublayer) { layer.track(sublayer); });
  // A tf.Variable assigned to a Python layer's attribute: the layer's checkpoints keep it by that
  // name, as TensorFlow's attribute tracking does (it is not one of the layer's Keras weights).
  m.def("track_variable", [](keras::Layer& layer, const std::string& attribute, const tf::Variable& variable) {
    layer.add_variable(attribute, variable);
  });
  m.def("compute_loss", [](keras::Model& model, nb::handle x, nb::handle y, nb::handle y_pred, nb::handle sample_weight) {
        return model.compute_loss(tensor_list(x), tensor_list(y), tensor_list(y_pred), optional_tensor(sample_weight));
      }, "model"_a, "x"_a.none(), "y"_a.none(), "y_pred"_a.none(), "sample_weight"_a.none());
  m.def("compiled_loss", [](keras::Model& model, nb::handle y, nb::handle y_pred, nb::handle sample_weight) {
        return model.compiled_loss(tensor_list(y), tensor_list(y_pred), optional_tensor(sample_weight));
      }, "model"_a, "y"_a, "y_pred"_a, "sample_weight"_a.none());
  m.def("compiled_metrics_update", [](keras::Model& model, nb::handle y, nb::handle y_pred, nb::handle sample_weight) {
        model.compiled_metrics_update(tensor_list(y), tensor_list(y_pred), optional_tensor(sample_weight));
      }, "model"_a, "y"_a, "y_pred"_a, "sample_weight"_a.none());
  m.def("get_metrics_result", [](const keras::Model& model) {
        nb::dict d;
        for (const auto& [name, value] : model.get_metrics_result()) d[nb::str(name.c_str(), name.size())] = nb::cast(value);
        return d;
      });
  m.def("reset_metrics", [](keras::Model& model) { model.reset_metrics(); });
  m.def("default_train_step", [](keras::Model& model, nb::handle x, nb::handle y, nb::handle sample_weight) {
        return model.keras::Model::train_step({tensor_list(x), tensor_list(y), optional_tensor(sample_weight)});
      }, "model"_a, "x"_a, "y"_a.none(), "sample_weight"_a.none(), "keras.Model.train_step: Keras' default step.");
  m.def("default_test_step", [](keras::Model& model, nb::handle x, nb::handle y, nb::handle sample_weight) {
        return model.keras::Model::test_step({tensor_list(x), tensor_list(y), optional_tensor(sample_weight)});
      }, "model"_a, "x"_a, "y"_a.none(), "sample_weight"_a.none(), "keras.Model.test_step: Keras' default step.");
}

}  // namespace tfpp_python
