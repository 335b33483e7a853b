// _tfpp.keras.metric_functions: keras.metrics' accuracy functions (per-sample values) over the
// C++ ones the accuracy metrics average, and MeanMetricWrapper over a Python function.
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>

#include "keras_bindings.h"
#include "tfpp/keras/metrics.h"

namespace tfpp_python {

void bind_keras_metric_functions(nb::module_& m) {
  using namespace nb::literals;
  namespace metrics = tf::keras::metrics;
  nb::module_ f = m.def_submodule("metric_functions", "keras.metrics' accuracy functions.");
  f.def("binary_accuracy", [](nb::handle y_true, nb::handle y_pred, double threshold) {
    return metrics::binary_accuracy(to_tensor(y_true), to_tensor(y_pred), threshold);
  }, "y_true"_a, "y_pred"_a, "threshold"_a = 0.5);
  f.def("categorical_accuracy", [](nb::handle y_true, nb::handle y_pred) {
    return metrics::categorical_accuracy(to_tensor(y_true), to_tensor(y_pred));
  }, "y_true"_a, "y_pred"_a);
  f.def("sparse_categorical_accuracy", [](nb::handle y_true, nb::handle y_pred) {
    return metrics::sparse_categorical_accuracy(to_tensor(y_true), to_tensor(y_pred));
  }, "y_true"_a, "y_pred"_a);
  f.def("top_k_categorical_accuracy", [](nb::handle y_true, nb::handle y_pred, std::int64_t k) {
    return metrics::top_k_categorical_accuracy(to_tensor(y_true), to_tensor(y_pred), k);
  }, "y_true"_a, "y_pred"_a, "k"_a = 5);
  f.def("sparse_top_k_categorical_accuracy", [](nb::handle y_true, nb::handle y_pred, std::int64_t k) {
    return metrics::sparse_top_k_categorical_accuracy(to_tensor(y_true), to_tensor(y_pred), k);
  }, "y_true"_a, "y_pred"_a, "k"_a = 5);
  m.def("python_mean_metric_wrapper", [](nb::object fn, std::string name, nb::handle dtype) -> std::shared_ptr<metrics::Metric> {
        auto holder = std::make_shared<nb::object>(std::move(fn));
        metrics::MetricFunction call = [holder](const tf::Tensor& y_true, const tf::Tensor& y_pred) {
          nb::gil_scoped_acquire gil;
          return to_tensor((*holder)(y_true, y_pred));
        };
        return std::make_shared<metrics::MeanMetricWrapper>(
            std::move(call), metrics::MetricOptions{.name = std::move(name),
                                                    .dtype = dtype.is_none() ? std::nullopt : std::optional(dtype_from(dtype))});
      }, "fn"_a, "name"_a, "dtype"_a.none(), "A C++ MeanMetricWrapper averaging what the Python fn(y_true, y_pred) returns.");
}

}  // namespace tfpp_python
