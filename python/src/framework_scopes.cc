// The scopes of TensorFlow's framework for Python: tf.init_scope's lifting out of a trace and
// tf.device's placement, as `with` blocks over the C++ RAII classes (the Python side,
// python/tfpp/framework_scopes.py, checks device strings as TensorFlow's DeviceSpec does), and
// the split of the CPU into logical devices that tf.device places on.
#include <nanobind/stl/string.h>

#include <vector>

#include "bindings.h"
#include "tfpp/init_scope.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

// A C++ RAII scope entered by __enter__ and left by __exit__ (once each).
template <typename Scope, typename... Args>
class PyScope {
 public:
  explicit PyScope(Args... args) : args_(std::move(args)...) {}
  void enter() {
    if (scope_) throw nb::value_error("this scope is already entered");
    scope_ = std::apply([](auto&... a) { return std::make_unique<Scope>(a...); }, args_);
  }
  void exit() { scope_.reset(); }

 private:
  std::tuple<Args...> args_;
  std::unique_ptr<Scope> scope_;
};

using PyInitScope = PyScope<tf::init_scope>;
using PyDeviceScope = PyScope<tf::device, std::string>;

}  // namespace

void bind_framework_scopes(nb::module_& m) {
  // tf.config's logical devices: how many the CPU is split into (python/tfpp/config_devices.py).
  nb::module_ config = nb::borrow<nb::module_>(m.attr("config"));
  config.def("_set_logical_cpu_count", [](int count) {
    const tf::config::PhysicalDevice cpu = tf::config::list_physical_devices("CPU").at(0);
    tf::config::set_logical_device_configuration(cpu, std::vector<tf::config::LogicalDeviceConfiguration>(
                                                          static_cast<std::size_t>(count)));
  }, "count"_a, "Splits the CPU into `count` logical devices; FailedPreconditionError once ops have run.");
  nb::class_<PyInitScope>(m, "_init_scope", "Lifts the ops of its `with` block out of a tf.function trace.")
      .def(nb::init<>())
      .def("__enter__", &PyInitScope::enter)
      .def("__exit__", [](PyInitScope& s, nb::args) { s.exit(); });
  nb::class_<PyDeviceScope>(m, "_device_scope", "Places the ops of its `with` block on a device.")
      .def(nb::init<std::string>(), "spec"_a)
      .def("__enter__", &PyDeviceScope::enter)
      .def("__exit__", [](PyDeviceScope& s, nb::args) { s.exit(); });
}

}  // namespace tfpp_python
