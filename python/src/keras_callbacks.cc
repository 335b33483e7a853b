// _tfpp.keras callbacks: Keras' built-in callbacks (the C++ ones) and PythonCallback, which
// forwards fit's hooks to a Python keras.callbacks.Callback with its logs as a dict.
#include <set>

#include <nanobind/stl/function.h>
#include <nanobind/stl/map.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/set.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "keras/models/model_data.h"
#include "keras/training/training_state.h"
#include "keras_bindings.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;
namespace callbacks = tf::keras::callbacks;

// Calls the hooks a Python Callback overrides (named in `hooks`), the logs as a dict whose
// changes come back to C++ (Keras' callbacks share one logs dict).
class PythonCallback : public callbacks::Callback {
 public:
  PythonCallback(nb::object callback, std::set<std::string> hooks) : callback_(std::move(callback)), hooks_(std::move(hooks)) {}
  ~PythonCallback() override {
    nb::gil_scoped_acquire gil;
    callback_.reset();
  }

  void set_params(const callbacks::Params& params) override {
    Callback::set_params(params);
    nb::dict p;
    p["verbose"] = params.verbose;
    p["epochs"] = params.epochs;
    p["steps"] = params.steps ? nb::object(nb::int_(*params.steps)) : nb::none();
    nb::gil_scoped_acquire gil;
    callback_.attr("set_params")(p);
  }
  void on_train_begin(callbacks::Logs& logs) override { call("on_train_begin", logs); }
  void on_train_end(callbacks::Logs& logs) override { call("on_train_end", logs); }
  void on_epoch_begin(int epoch, callbacks::Logs& logs) override { call("on_epoch_begin", logs, epoch); }
  void on_epoch_end(int epoch, callbacks::Logs& logs) override { call("on_epoch_end", logs, epoch); }
  void on_train_batch_begin(std::int64_t batch, callbacks::Logs& logs) override { call("on_train_batch_begin", logs, batch); }
  void on_train_batch_end(std::int64_t batch, callbacks::Logs& logs) override { call("on_train_batch_end", logs, batch); }
  void on_test_begin(callbacks::Logs& logs) override { call("on_test_begin", logs); }
  void on_test_end(callbacks::Logs& logs) override { call("on_test_end", logs); }
  void on_test_batch_begin(std::int64_t batch, callbacks::Logs& logs) override { call("on_test_batch_begin", logs, batch); }
  void on_test_batch_end(std::int64_t batch, callbacks::Logs& logs) override { call("on_test_batch_end", logs, batch); }
  void on_predict_begin(callbacks::Logs& logs) override { call("on_predict_begin", logs); }
  void on_predict_end(callbacks::Logs& logs) override { call("on_predict_end", logs); }
  void on_predict_batch_begin(std::int64_t batch, callbacks::Logs& logs) override {
    call("on_predict_batch_begin", logs, batch);
  }
  void on_predict_batch_end(std::int64_t batch, callbacks::Logs& logs) override {
    call("on_predict_batch_end", logs, batch, &predict_batch_outputs());
  }

 private:
  // `outputs` (a prediction batch's) go into the logs as Keras puts them: "outputs", a NumPy
  // array for a model of one output, else a list of them.
  void call(const char* hook, callbacks::Logs& logs, std::optional<std::int64_t> index = std::nullopt,
            const std::vector<tf::Tensor>* outputs = nullptr) {
    if (!hooks_.count(hook)) return;
    PythonStdout::flush_active();
    nb::gil_scoped_acquire gil;
    nb::dict d;
    for (const auto& [key, value] : logs) d[nb::str(key.c_str(), key.size())] = value;
    if (outputs && !outputs->empty()) {
      nb::list arrays;
      for (const tf::Tensor& t : *outputs) arrays.append(nb::cast(t).attr("numpy")());
      d["outputs"] = outputs->size() == 1 ? arrays[0] : nb::object(arrays);
    }
    if (index) callback_.attr(hook)(*index, d);
    else callback_.attr(hook)(d);
    logs.clear();
    for (auto [key, value] : d)
      if (PyFloat_Check(value.ptr()) || PyLong_Check(value.ptr()) || (nb::hasattr(value, "__float__") && nb::cast<std::string>(key) != "outputs"))
        logs[nb::cast<std::string>(key)] = nb::cast<double>(value.attr("__float__")());
  }

  nb::object callback_;
  std::set<std::string> hooks_;
};

using CallbackPtr = std::shared_ptr<callbacks::Callback>;

// One hook of a C++ callback called from Python (keras.callbacks.CallbackList, custom loops): the
// logs as a dict in, the logs the hook left (numbers only) out.
nb::dict call_hook(callbacks::Callback& cb, const std::string& hook, std::optional<std::int64_t> index, nb::handle logs) {
  callbacks::Logs l;
  if (!logs.is_none())
    for (auto [key, value] : nb::borrow<nb::dict>(logs))
      if (nb::hasattr(value, "__float__")) l[nb::cast<std::string>(key)] = nb::cast<double>(value.attr("__float__")());
  const std::int64_t i = index.value_or(0);
  {
    PythonStdout out;
    nb::gil_scoped_release released;
    if (hook == "on_train_begin") cb.on_train_begin(l);
    else if (hook == "on_train_end") cb.on_train_end(l);
    else if (hook == "on_epoch_begin") cb.on_epoch_begin(static_cast<int>(i), l);
    else if (hook == "on_epoch_end") cb.on_epoch_end(static_cast<int>(i), l);
    else if (hook == "on_train_batch_begin") cb.on_train_batch_begin(i, l);
    else if (hook == "on_train_batch_end") cb.on_train_batch_end(i, l);
    else if (hook == "on_test_begin") cb.on_test_begin(l);
    else if (hook == "on_test_end") cb.on_test_end(l);
    else if (hook == "on_test_batch_begin") cb.on_test_batch_begin(i, l);
    else if (hook == "on_test_batch_end") cb.on_test_batch_end(i, l);
    else if (hook == "on_predict_begin") cb.on_predict_begin(l);
    else if (hook == "on_predict_end") cb.on_predict_end(l);
    else if (hook == "on_predict_batch_begin") cb.on_predict_batch_begin(i, l);
    else if (hook == "on_predict_batch_end") cb.on_predict_batch_end(i, l);
    else throw nb::value_error(("unknown callback hook '" + hook + "'").c_str());
  }
  nb::dict out;
  for (const auto& [key, value] : l) out[nb::str(key.c_str(), key.size())] = value;
  return out;
}

}  // namespace

void bind_keras_callbacks(nb::module_& m) {
  nb::class_<callbacks::Callback>(m, "Callback", "A C++ Keras callback.")
      .def("call_hook", &call_hook, "hook"_a, "index"_a.none(), "logs"_a.none(),
           "Calls the hook (on_epoch_end, ...) with the logs dict; returns the logs it left.")
      .def("set_model", [](callbacks::Callback& cb, tf::keras::Model* model) { cb.set_model(model); }, "model"_a,
           nb::keep_alive<1, 2>())
      .def("set_params", [](callbacks::Callback& cb, int verbose, int epochs, std::optional<std::int64_t> steps) {
        cb.set_params(callbacks::Params{.verbose = verbose, .epochs = epochs, .steps = steps});
      }, "verbose"_a, "epochs"_a, "steps"_a.none());

  m.def("python_callback", [](nb::object callback, std::set<std::string> hooks) -> CallbackPtr {
        return std::make_shared<PythonCallback>(std::move(callback), std::move(hooks));
      }, "callback"_a, "hooks"_a, "A C++ callback calling the Python callback's `hooks`.");

  m.def("EarlyStopping", [](std::string monitor, double min_delta, int patience, int verbose, std::string mode,
                            std::optional<double> baseline, bool restore_best_weights, int start_from_epoch) -> CallbackPtr {
        return std::make_shared<callbacks::EarlyStopping>(callbacks::EarlyStoppingOptions{
            .monitor = std::move(monitor), .min_delta = min_delta, .patience = patience, .verbose = verbose,
            .mode = std::move(mode), .baseline = baseline, .restore_best_weights = restore_best_weights,
            .start_from_epoch = start_from_epoch});
      }, "monitor"_a, "min_delta"_a, "patience"_a, "verbose"_a, "mode"_a, "baseline"_a.none(), "restore_best_weights"_a,
      "start_from_epoch"_a);
  m.def("ReduceLROnPlateau", [](std::string monitor, double factor, int patience, int verbose, std::string mode,
                                double min_delta, int cooldown, double min_lr) -> CallbackPtr {
        return std::make_shared<callbacks::ReduceLROnPlateau>(callbacks::ReduceLROnPlateauOptions{
            .monitor = std::move(monitor), .factor = factor, .patience = patience, .verbose = verbose,
            .mode = std::move(mode), .min_delta = min_delta, .cooldown = cooldown, .min_lr = min_lr});
      }, "monitor"_a, "factor"_a, "patience"_a, "verbose"_a, "mode"_a, "min_delta"_a, "cooldown"_a, "min_lr"_a);
  m.def("ModelCheckpoint", [](std::string filepath, std::string monitor, int verbose, bool save_best_only,
                              bool save_weights_only, std::string mode, nb::handle save_freq,
                              std::optional<double> initial_value_threshold) -> CallbackPtr {
        callbacks::ModelCheckpointOptions o{.monitor = std::move(monitor), .verbose = verbose,
                                            .save_best_only = save_best_only, .save_weights_only = save_weights_only,
                                            .mode = std::move(mode), .initial_value_threshold = initial_value_threshold};
        if (nb::isinstance<nb::str>(save_freq)) o.save_freq = nb::cast<std::string>(save_freq);
        else o.save_freq = nb::cast<std::int64_t>(save_freq);
        return std::make_shared<callbacks::ModelCheckpoint>(std::move(filepath), std::move(o));
      }, "filepath"_a, "monitor"_a, "verbose"_a, "save_best_only"_a, "save_weights_only"_a, "mode"_a, "save_freq"_a,
      "initial_value_threshold"_a.none());
  m.def("CSVLogger", [](std::string filename, std::string separator, bool append) -> CallbackPtr {
        return std::make_shared<callbacks::CSVLogger>(std::move(filename),
                                                      callbacks::CSVLoggerOptions{.separator = std::move(separator), .append = append});
      }, "filename"_a, "separator"_a, "append"_a);
  m.def("TerminateOnNaN", [](bool raise_error) -> CallbackPtr { return std::make_shared<callbacks::TerminateOnNaN>(raise_error); },
        "raise_error"_a);
  m.def("resume_fit_at", [](tf::keras::Model& model, int epoch) {
        auto& training = model.model_data().training;
        if (!training) throw nb::value_error("the model must be compiled before fit resumes it");
        training->resume_epoch = epoch;
      }, "model"_a, "epoch"_a, "Makes the fit being started (from on_train_begin) begin at `epoch`.");
  m.def("TensorBoard", [](std::string log_dir, int histogram_freq, bool write_graph, nb::handle update_freq) -> CallbackPtr {
        callbacks::TensorBoardOptions o{.histogram_freq = histogram_freq, .write_graph = write_graph};
        if (nb::isinstance<nb::str>(update_freq)) o.update_freq = nb::cast<std::string>(update_freq);
        else o.update_freq = nb::cast<int>(update_freq);
        return std::make_shared<callbacks::TensorBoard>(std::move(log_dir), o);
      }, "log_dir"_a, "histogram_freq"_a, "write_graph"_a, "update_freq"_a);
  m.def("ProgbarLogger", []() -> CallbackPtr { return std::make_shared<callbacks::ProgbarLogger>(); },
        "Keras' progress bar (fit adds one unless given one).");
  m.def("LearningRateScheduler", [](nb::object schedule, int verbose) -> CallbackPtr {
        auto holder = std::make_shared<nb::object>(std::move(schedule));
        std::function<double(int, double)> fn = [holder](int epoch, double lr) {
          PythonStdout::flush_active();
          nb::gil_scoped_acquire gil;
          return nb::cast<double>((*holder)(epoch, lr).attr("__float__")());
        };
        return std::make_shared<callbacks::LearningRateScheduler>(std::move(fn), verbose);
      }, "schedule"_a, "verbose"_a);
}

}  // namespace tfpp_python
