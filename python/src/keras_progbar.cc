// _tfpp.keras.Progbar: Keras' progress bar (tf::keras::utils::Progbar), drawn on Python's
// sys.stdout. python/tfpp/keras/utils.py's Progbar turns the values into numbers first.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/set.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "keras_bindings.h"
#include "tfpp/keras/progbar.h"

namespace tfpp_python {

using namespace nb::literals;
using tf::keras::utils::Progbar;
using Values = std::vector<std::pair<std::string, double>>;

void bind_keras_progbar(nb::module_& m) {
  nb::class_<Progbar>(m, "Progbar", "keras.utils.Progbar, drawn on sys.stdout.")
      .def("__init__",
           [](Progbar* self, std::optional<std::int64_t> target, int width, int verbose, double interval,
              std::optional<std::set<std::string>> stateful_metrics, std::optional<std::set<std::string>> stateless_metrics,
              std::string unit_name) {
             new (self) Progbar(target, {.width = width, .verbose = verbose, .interval = interval,
                                         .stateful_metrics = std::move(stateful_metrics),
                                         .stateless_metrics = std::move(stateless_metrics), .unit_name = std::move(unit_name)});
           },
           "target"_a.none(), "width"_a, "verbose"_a, "interval"_a, "stateful_metrics"_a.none(),
           "stateless_metrics"_a.none(), "unit_name"_a)
      .def("update",
           [](Progbar& bar, std::int64_t current, const Values& values, std::optional<bool> finalize) {
             PythonStdout to_python;
             bar.update(current, values, finalize);
           },
           "current"_a, "values"_a, "finalize"_a.none())
      .def("add",
           [](Progbar& bar, std::int64_t n, const Values& values) {
             PythonStdout to_python;
             bar.add(n, values);
           },
           "n"_a, "values"_a)
      .def_prop_rw("target", &Progbar::target, &Progbar::set_target);
}

}  // namespace tfpp_python
