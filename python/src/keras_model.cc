// _tfpp.keras.Model and Sequential: Functional and Sequential models of C++ layers, with
// compile, fit, evaluate and predict run by the C++ training loop (its progress bar and the
// callbacks' messages go to Python's sys.stdout), saving, loading, and keras.datasets.
#include <algorithm>
#include <numeric>
#include <random>

#include <nanobind/stl/map.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "keras/models/model_data.h"
#include "keras/training/training_state.h"
#include "keras_bindings.h"
#include "tfpp/keras/summary_options.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;
namespace keras = tf::keras;

using CallbackList = std::vector<std::shared_ptr<keras::callbacks::Callback>>;

// The instance a model's calls go to is this heap object (as LayerRef makes it for layers).
template <class M>
std::shared_ptr<M> adopted(std::shared_ptr<M> model) {
  model->layer_state().instance = model;
  return model;
}

std::vector<tf::Tensor> tensors_from(nb::handle values) {
  std::vector<tf::Tensor> out;
  if (values.is_none()) return out;
  for (nb::handle v : nb::iter(values)) out.push_back(to_tensor(v));
  return out;
}

tf::Tensor optional_tensor(nb::handle value) { return value.is_none() ? tf::Tensor() : to_tensor(value); }

std::string callable_name(nb::handle fn) {
  return nb::hasattr(fn, "__name__") ? nb::cast<std::string>(fn.attr("__name__")) : std::string("loss");
}

// A Python function (y_true, y_pred) -> tensor as a C++ one (traced like any op when fit traces).
std::function<tf::Tensor(const tf::Tensor&, const tf::Tensor&)> python_function(nb::handle fn) {
  auto holder = std::make_shared<nb::object>(nb::borrow(fn));
  return [holder](const tf::Tensor& y_true, const tf::Tensor& y_pred) {
    nb::gil_scoped_acquire gil;
    return to_tensor((*holder)(y_true, y_pred));
  };
}

keras::LossSpec loss_spec(nb::handle h) {
  if (h.is_none()) return {};
  if (nb::isinstance<nb::str>(h)) return nb::cast<std::string>(h);
  if (nb::isinstance<keras::losses::Loss>(h)) return nb::cast<std::shared_ptr<keras::losses::Loss>>(h);
  if (PyCallable_Check(h.ptr()))
    return std::shared_ptr<keras::losses::Loss>(std::make_shared<keras::losses::LossFunctionWrapper>(
        python_function(h), keras::losses::LossFunctionWrapperOptions{.name = callable_name(h), .dtype = std::nullopt}));
  throw nb::type_error("a loss is a name, a keras.losses.Loss or a function (y_true, y_pred)");
}

keras::MetricSpec metric_spec(nb::handle h) {
  if (nb::isinstance<nb::str>(h)) return nb::cast<std::string>(h);
  if (nb::isinstance<keras::metrics::Metric>(h)) return nb::cast<std::shared_ptr<keras::metrics::Metric>>(h);
  if (PyCallable_Check(h.ptr()))
    return std::shared_ptr<keras::metrics::Metric>(std::make_shared<keras::metrics::MeanMetricWrapper>(
        python_function(h), keras::metrics::MetricOptions{.name = callable_name(h), .dtype = std::nullopt}));
  throw nb::type_error("a metric is a name, a keras.metrics.Metric or a function (y_true, y_pred)");
}

std::vector<keras::MetricSpec> metric_list(nb::handle h) {
  std::vector<keras::MetricSpec> out;
  if (h.is_none()) return out;
  if (nb::isinstance<nb::str>(h) || !nb::hasattr(h, "__iter__")) return {metric_spec(h)};
  for (nb::handle item : nb::iter(h)) out.push_back(metric_spec(item));
  return out;
}

keras::OptimizerSpec optimizer_spec(nb::handle h) {
  if (nb::isinstance<nb::str>(h)) return nb::cast<std::string>(h);
  return nb::cast<const keras::optimizers::Optimizer&>(h);
}

// Metrics or weighted metrics as a list, a list of lists (one per output) or a dict by output name.
void read_metrics(nb::handle metrics, std::vector<keras::MetricSpec>& single,
                  std::vector<std::vector<keras::MetricSpec>>& per_output,
                  std::map<std::string, std::vector<keras::MetricSpec>>& by_output) {
  if (PyDict_Check(metrics.ptr())) {
    for (auto [name, ms] : nb::borrow<nb::dict>(metrics)) by_output[nb::cast<std::string>(name)] = metric_list(ms);
  } else if (!metrics.is_none()) {
    bool nested = false;
    for (nb::handle item : nb::iter(metrics)) nested |= PyList_Check(item.ptr()) || PyTuple_Check(item.ptr());
    if (nested) {
      for (nb::handle item : nb::iter(metrics)) per_output.push_back(metric_list(item));
    } else {
      single = metric_list(metrics);
    }
  }
}

// compile(): one loss or a list / dict per output; metrics and weighted metrics as read_metrics reads them.
void compile(keras::Model& model, nb::handle optimizer, nb::handle loss, nb::handle metrics, nb::handle weighted_metrics,
             nb::handle loss_weights, bool run_eagerly, int steps_per_execution) {
  keras::CompileOptions o{.optimizer = optimizer_spec(optimizer), .run_eagerly = run_eagerly,
                          .steps_per_execution = steps_per_execution};
  if (PyDict_Check(loss.ptr())) {
    for (auto [name, l] : nb::borrow<nb::dict>(loss)) o.loss_by_output[nb::cast<std::string>(name)] = loss_spec(l);
  } else if (PyList_Check(loss.ptr()) || PyTuple_Check(loss.ptr())) {
    for (nb::handle l : nb::iter(loss)) o.losses.push_back(loss_spec(l));
  } else {
    o.loss = loss_spec(loss);
  }
  read_metrics(metrics, o.metrics, o.metrics_per_output, o.metrics_by_output);
  read_metrics(weighted_metrics, o.weighted_metrics, o.weighted_metrics_per_output, o.weighted_metrics_by_output);
  if (PyDict_Check(loss_weights.ptr())) {
    for (auto [name, w] : nb::borrow<nb::dict>(loss_weights))
      o.loss_weights_by_output[nb::cast<std::string>(name)] = nb::cast<double>(w);
  } else if (!loss_weights.is_none()) {
    for (nb::handle w : nb::iter(loss_weights)) o.loss_weights.push_back(nb::cast<double>(w));
  }
  model.compile(std::move(o));
}

// A keras.utils.Sequence subclassed in Python: __len__, __getitem__ (a batch (x, y) or
// (x, y, sample_weight)) and on_epoch_end are the Python object's. With `shuffle`, each epoch
// reads the batches in a new random order, as Keras' PyDataset adapter does.
class PythonSequence : public keras::utils::Sequence {
 public:
  PythonSequence(nb::handle sequence, bool shuffle) : sequence_(nb::borrow(sequence)), shuffle_(shuffle) { reorder(); }
  std::int64_t size() const override {
    nb::gil_scoped_acquire gil;
    return static_cast<std::int64_t>(nb::len(sequence_));
  }
  std::vector<tf::Tensor> get(std::int64_t index) override {
    nb::gil_scoped_acquire gil;
    if (shuffle_ && static_cast<std::size_t>(index) < order_.size()) index = order_[static_cast<std::size_t>(index)];
    nb::object batch = sequence_[nb::int_(index)];
    nb::object as_input = nb::module_::import_("tfpp.keras.models").attr("_as_input");
    std::vector<tf::Tensor> out;
    for (nb::handle part : nb::iter(batch)) out.push_back(to_tensor(as_input(part)));
    return out;
  }
  void on_epoch_end() override {
    PythonStdout::flush_active();
    nb::gil_scoped_acquire gil;
    sequence_.attr("on_epoch_end")();
    reorder();
  }

 private:
  void reorder() {
    if (!shuffle_) return;
    order_.resize(static_cast<std::size_t>(size()));
    std::iota(order_.begin(), order_.end(), std::int64_t{0});
    std::shuffle(order_.begin(), order_.end(), random_);
  }

  nb::object sequence_;
  bool shuffle_;
  std::vector<std::int64_t> order_;
  std::mt19937_64 random_{std::random_device{}()};
};

nb::object logs_dict(const keras::Logs& logs) {
  nb::dict d;
  for (const auto& [key, value] : logs) d[nb::str(key.c_str(), key.size())] = value;
  return d;
}

std::optional<std::int64_t> optional_int(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return nb::cast<std::int64_t>(h);
}

}  // namespace

void set_structure(keras::Model& model, bool nested_inputs, bool nested_outputs, std::vector<std::string> input_names,
                   std::vector<std::string> output_names) {
  keras::detail::ModelData& d = model.model_data();
  d.nested_inputs = nested_inputs;
  d.nested_outputs = nested_outputs;
  d.input_names = std::move(input_names);
  d.output_names = std::move(output_names);
}

void bind_keras_model(nb::module_& m) {
  nb::class_<keras::Model, keras::Layer>(m, "Model", "A C++ Keras model (Functional, Sequential or loaded).")
      .def_prop_ro("layers", &keras::Model::layers)
      .def_prop_ro("inputs", &keras::Model::inputs)
      .def_prop_ro("outputs", &keras::Model::outputs)
      .def_prop_ro("is_functional", &keras::Model::is_functional)
      .def_prop_ro("nested_inputs", [](const keras::Model& model) { return model.model_data().nested_inputs; },
                   "Whether a Functional model's inputs were given as a list (or dict) rather than one tensor.")
      .def_prop_ro("nested_outputs", [](const keras::Model& model) { return model.model_data().nested_outputs; },
                   "Whether its outputs were given as a list (or dict) rather than one tensor.")
      .def_prop_ro("input_names", [](const keras::Model& model) { return model.model_data().input_names; },
                   "The keys of a dict of inputs, in inputs' order (empty for a list).")
      .def_prop_ro("output_names", [](const keras::Model& model) { return model.model_data().output_names; },
                   "The keys of a dict of outputs, in outputs' order (empty for a list).")
      .def_prop_ro("compiled", &keras::Model::compiled)
      .def_prop_ro("optimizer", [](const keras::Model& model) -> std::optional<keras::optimizers::Optimizer> {
        if (!model.compiled()) return std::nullopt;
        return model.optimizer();
      })
      .def_prop_rw("stop_training", &keras::Model::stop_training, &keras::Model::set_stop_training)
      .def("metric_names", [](const keras::Model& model) {
        std::vector<std::string> names;
        for (const auto& metric : model.metrics()) names.push_back(metric->name());
        return names;
      })
      .def("metrics", &keras::Model::metrics)
      .def("metric_base_names", [](const keras::Model& model) {
        const auto& t = model.model_data().training;
        return t ? t->metric_base_names : std::vector<std::string>{};
      }, "The compiled metrics' names before output prefixes and renaming, as Keras 3 orders evaluate's list.")
      .def("get_layer", [](const keras::Model& model, const std::string& name) { return model.get_layer(name).shared_instance(); })
      .def("summary_string", &keras::Model::summary_string, "line_length"_a = -1)
      .def("summary_text", [](const keras::Model& model, int line_length, std::vector<double> positions,
                              bool expand_nested, bool show_trainable,
                              std::optional<std::pair<std::string, std::string>> layer_range) {
        return keras::summary_text(model, {.line_length = line_length, .positions = std::move(positions),
                                           .expand_nested = expand_nested, .show_trainable = show_trainable,
                                           .layer_range = std::move(layer_range)});
      }, "line_length"_a, "positions"_a, "expand_nested"_a, "show_trainable"_a, "layer_range"_a.none(),
      "The summary table with Keras' summary arguments (tfpp/keras/summary_options.h).")
      .def("compile", &compile, "optimizer"_a, "loss"_a.none(), "metrics"_a.none(), "weighted_metrics"_a.none(),
           "loss_weights"_a.none(), "run_eagerly"_a, "steps_per_execution"_a)
      .def("fit", [](keras::Model& model, nb::handle x, nb::handle y, nb::handle batch_size, int epochs, int verbose,
                     CallbackList callbacks, double validation_split, nb::handle validation_data, bool shuffle,
                     std::map<std::int64_t, double> class_weight, nb::handle sample_weight, int initial_epoch,
                     nb::handle steps_per_epoch, nb::handle validation_steps, nb::handle validation_batch_size,
                     int validation_freq) {
        keras::FitOptions o{.batch_size = optional_int(batch_size), .epochs = epochs, .verbose = verbose,
                            .callbacks = std::move(callbacks), .validation_split = validation_split,
                            .validation_data = tensors_from(validation_data), .shuffle = shuffle,
                            .class_weight = std::move(class_weight), .sample_weight = optional_tensor(sample_weight),
                            .initial_epoch = initial_epoch, .steps_per_epoch = optional_int(steps_per_epoch),
                            .validation_steps = optional_int(validation_steps),
                            .validation_batch_size = optional_int(validation_batch_size),
                            .validation_freq = validation_freq};
        PythonStdout out;
        keras::History history = model.fit(tensors_from(x), tensors_from(y), std::move(o));
        nb::dict h;
        for (const auto& [key, values] : history.history()) h[nb::str(key.c_str(), key.size())] = nb::cast(values);
        return nb::make_tuple(h, nb::cast(history.epoch()));
      }, "x"_a, "y"_a.none(), "batch_size"_a.none(), "epochs"_a, "verbose"_a, "callbacks"_a, "validation_split"_a,
      "validation_data"_a.none(), "shuffle"_a, "class_weight"_a, "sample_weight"_a.none(), "initial_epoch"_a,
      "steps_per_epoch"_a.none(), "validation_steps"_a.none(), "validation_batch_size"_a.none(), "validation_freq"_a)
      .def("evaluate", [](keras::Model& model, nb::handle x, nb::handle y, nb::handle batch_size, int verbose,
                          nb::handle sample_weight, nb::handle steps, CallbackList callbacks) {
        keras::EvaluateOptions o{.batch_size = optional_int(batch_size), .verbose = verbose,
                                 .sample_weight = optional_tensor(sample_weight), .steps = optional_int(steps),
                                 .callbacks = std::move(callbacks)};
        PythonStdout out;
        return logs_dict(model.evaluate(tensors_from(x), tensors_from(y), std::move(o)));
      }, "x"_a, "y"_a.none(), "batch_size"_a.none(), "verbose"_a, "sample_weight"_a.none(), "steps"_a.none(), "callbacks"_a)
      .def("predict", [](keras::Model& model, nb::handle x, nb::handle batch_size, int verbose, nb::handle steps,
                         CallbackList callbacks) {
        keras::PredictOptions o{.batch_size = optional_int(batch_size), .verbose = verbose, .steps = optional_int(steps),
                                .callbacks = std::move(callbacks)};
        PythonStdout out;
        return model.predict_all(tensors_from(x), std::move(o));
      }, "x"_a, "batch_size"_a.none(), "verbose"_a, "steps"_a.none(), "callbacks"_a)
      .def("train_on_batch", [](keras::Model& model, nb::handle x, nb::handle y, nb::handle sample_weight) {
        return logs_dict(model.train_on_batch(tensors_from(x), tensors_from(y), optional_tensor(sample_weight)));
      }, "x"_a, "y"_a.none(), "sample_weight"_a.none())
      .def("test_on_batch", [](keras::Model& model, nb::handle x, nb::handle y, nb::handle sample_weight) {
        return logs_dict(model.test_on_batch(tensors_from(x), tensors_from(y), optional_tensor(sample_weight)));
      }, "x"_a, "y"_a.none(), "sample_weight"_a.none())
      .def("save", &keras::Model::save, "filepath"_a)
      .def("save_weights", &keras::Model::save_weights, "filepath"_a)
      .def("load_weights", &keras::Model::load_weights, "filepath"_a, "skip_mismatch"_a = false)
      .def("to_json", &keras::Model::to_json)
      .def("get_compile_config", [](const keras::Model& model) { return config_to_python(model.get_compile_config()); });

  // fit / evaluate / predict on a tf.data pipeline (the C++ Dataset of tfpp.data), whose elements
  // are x, (x, y) or (x, y, sample_weight).
  m.def("fit_dataset", [](keras::Model& model, const tf::data::Dataset& dataset, int epochs, int verbose,
                          CallbackList callbacks, std::optional<tf::data::Dataset> validation, bool shuffle,
                          std::map<std::int64_t, double> class_weight, int initial_epoch, nb::handle steps_per_epoch,
                          nb::handle validation_steps, int validation_freq) {
        keras::FitOptions o{.epochs = epochs, .verbose = verbose, .callbacks = std::move(callbacks),
                            .validation_dataset = std::move(validation), .shuffle = shuffle,
                            .class_weight = std::move(class_weight), .initial_epoch = initial_epoch,
                            .steps_per_epoch = optional_int(steps_per_epoch),
                            .validation_steps = optional_int(validation_steps), .validation_freq = validation_freq};
        PythonStdout out;
        keras::History history = model.fit(dataset, std::move(o));
        nb::dict h;
        for (const auto& [key, values] : history.history()) h[nb::str(key.c_str(), key.size())] = nb::cast(values);
        return nb::make_tuple(h, nb::cast(history.epoch()));
      }, "model"_a, "dataset"_a, "epochs"_a, "verbose"_a, "callbacks"_a, "validation"_a.none(), "shuffle"_a,
      "class_weight"_a, "initial_epoch"_a, "steps_per_epoch"_a.none(), "validation_steps"_a.none(), "validation_freq"_a);
  m.def("fit_sequence", [](keras::Model& model, nb::handle sequence, int epochs, int verbose, CallbackList callbacks,
                           bool shuffle, int initial_epoch, nb::handle steps_per_epoch) {
        keras::FitOptions o{.epochs = epochs, .verbose = verbose, .callbacks = std::move(callbacks), .shuffle = shuffle,
                            .initial_epoch = initial_epoch, .steps_per_epoch = optional_int(steps_per_epoch)};
        PythonSequence batches(sequence, shuffle);
        PythonStdout out;
        keras::History history = model.fit(batches, std::move(o));
        nb::dict h;
        for (const auto& [key, values] : history.history()) h[nb::str(key.c_str(), key.size())] = nb::cast(values);
        return nb::make_tuple(h, nb::cast(history.epoch()));
      }, "model"_a, "sequence"_a, "epochs"_a, "verbose"_a, "callbacks"_a, "shuffle"_a, "initial_epoch"_a,
      "steps_per_epoch"_a.none());
  m.def("evaluate_dataset", [](keras::Model& model, const tf::data::Dataset& dataset, int verbose, nb::handle steps,
                               CallbackList callbacks) {
        keras::EvaluateOptions o{.verbose = verbose, .steps = optional_int(steps), .callbacks = std::move(callbacks)};
        PythonStdout out;
        return logs_dict(model.evaluate(dataset, std::move(o)));
      }, "model"_a, "dataset"_a, "verbose"_a, "steps"_a.none(), "callbacks"_a);
  m.def("predict_dataset", [](keras::Model& model, const tf::data::Dataset& dataset, int verbose, nb::handle steps,
                              CallbackList callbacks) {
        keras::PredictOptions o{.verbose = verbose, .steps = optional_int(steps), .callbacks = std::move(callbacks)};
        PythonStdout out;
        return model.predict_all(dataset, std::move(o));
      }, "model"_a, "dataset"_a, "verbose"_a, "steps"_a.none(), "callbacks"_a);

  nb::class_<keras::Sequential, keras::Model>(m, "Sequential", "A C++ Keras Sequential model.")
      .def("add", [](keras::Sequential& s, std::shared_ptr<keras::Layer> layer) { s.add(keras::LayerRef(std::move(layer))); })
      .def("pop", &keras::Sequential::pop);

  m.def("functional", [](std::vector<keras::KerasTensor> inputs, std::vector<keras::KerasTensor> outputs, std::string name,
                         bool nested_inputs, bool nested_outputs, std::vector<std::string> input_names,
                         std::vector<std::string> output_names) {
        auto model = adopted(std::make_shared<keras::Model>(std::move(inputs), std::move(outputs), keras::ModelOptions{.name = std::move(name)}));
        set_structure(*model, nested_inputs, nested_outputs, std::move(input_names), std::move(output_names));
        return model;
      }, "inputs"_a, "outputs"_a, "name"_a, "nested_inputs"_a, "nested_outputs"_a, "input_names"_a, "output_names"_a,
      "A Functional model from its input and output KerasTensors, given as lists (`nested_*`) or one tensor each; "
      "`input_names` and `output_names` (the keys of a dict of inputs or outputs, in the tensors' order, or empty) "
      "key its config's input_layers and output_layers, and the output names name the outputs' losses and metrics.");
  m.def("sequential", [](std::vector<std::shared_ptr<keras::Layer>> layers, std::string name) {
        std::vector<keras::LayerRef> refs(layers.begin(), layers.end());
        return adopted(std::make_shared<keras::Sequential>(std::move(refs), keras::ModelOptions{.name = std::move(name)}));
      }, "layers"_a, "name"_a, "A Sequential model of `layers`.");
  m.def("load_model", [](const std::string& filepath, bool compile, nb::dict custom_objects) {
        keras::models::LoadModelOptions o{.custom_objects = custom_object_factories(custom_objects), .compile = compile};
        return adopted(std::make_shared<keras::Model>(keras::models::load_model(filepath, std::move(o))));
      }, "filepath"_a, "compile"_a, "custom_objects"_a);
  m.def("model_from_json", [](const std::string& json, nb::dict custom_objects) {
        return adopted(std::make_shared<keras::Model>(keras::models::model_from_json(json, custom_object_factories(custom_objects))));
      }, "json"_a, "custom_objects"_a);
  m.def("fashion_mnist_load_data", []() {
        auto [train, test] = keras::datasets::fashion_mnist::load_data();
        return nb::make_tuple(nb::make_tuple(train.first, train.second), nb::make_tuple(test.first, test.second));
      }, "Fashion-MNIST from the Debian package dataset-fashion-mnist, as uint8 tensors.");
}

}  // namespace tfpp_python
