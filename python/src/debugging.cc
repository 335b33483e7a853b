// tf.debugging and the device half of tf.config for Python: the C++ core's checks (assert_*,
// check_numerics, enable_check_numerics) and its devices (list_physical_devices, threading).
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "tfpp/config.h"
#include "tfpp/debugging.h"
#include "tfpp/device.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

std::string message_of(nb::handle message) { return message.is_none() ? std::string() : nb::cast<std::string>(message); }

using Comparison = void (*)(const tf::Tensor&, const tf::Tensor&, const std::string&);

/// Binds tf.debugging.<name>(x, y, data=None, summarize=None, message=None, name=None).
void bind_comparison(nb::module_& m, const char* name, Comparison check) {
  m.def(name, [check](nb::handle x, nb::handle y, nb::handle, nb::handle, nb::handle message, nb::handle) {
    auto [a, b] = binary_operands(x, y);
    check(a, b, message_of(message));
  }, "x"_a, "y"_a, "data"_a = nb::none(), "summarize"_a = nb::none(), "message"_a = nb::none(), "name"_a = nb::none());
}

/// A namedtuple class of the collections module, as tf.config's device records are.
nb::object named_tuple(const char* name, const char* fields) {
  return nb::module_::import_("collections").attr("namedtuple")(name, fields);
}

}  // namespace

// The sign, rank, type and scalar checks, Assert and ensure_shape (debugging_asserts.cc).
void bind_debugging_asserts(nb::module_& m, nb::module_& debugging);

void bind_debugging(nb::module_& m) {
  nb::module_ debugging = m.def_submodule("debugging", "tf.debugging: assertions and numeric checks.");
  bind_debugging_asserts(m, debugging);
  bind_comparison(debugging, "assert_equal", &tf::debugging::assert_equal);
  bind_comparison(debugging, "assert_none_equal", &tf::debugging::assert_none_equal);
  bind_comparison(debugging, "assert_less", &tf::debugging::assert_less);
  bind_comparison(debugging, "assert_less_equal", &tf::debugging::assert_less_equal);
  bind_comparison(debugging, "assert_greater", &tf::debugging::assert_greater);
  bind_comparison(debugging, "assert_greater_equal", &tf::debugging::assert_greater_equal);
  debugging.def("assert_near", [](nb::handle x, nb::handle y, nb::handle rtol, nb::handle atol, nb::handle,
                                  nb::handle, nb::handle message, nb::handle) {
    auto [a, b] = binary_operands(x, y);
    tf::debugging::assert_near(a, b, rtol.is_none() ? -1.0 : nb::cast<double>(rtol),
                               atol.is_none() ? -1.0 : nb::cast<double>(atol), message_of(message));
  }, "x"_a, "y"_a, "rtol"_a = nb::none(), "atol"_a = nb::none(), "data"_a = nb::none(), "summarize"_a = nb::none(),
     "message"_a = nb::none(), "name"_a = nb::none());
  debugging.def("assert_rank", [](nb::handle x, int rank, nb::handle message, nb::handle, nb::handle) {
    tf::Tensor t = to_tensor(x);
    // A static rank that differs is TensorFlow's ValueError, raised at once (eagerly and traced).
    const tf::TensorShape& shape = t.shape();
    if (!shape.has_unknown_rank() && shape.rank() != rank) {
      std::string dims;
      for (int d = 0; d < shape.rank(); ++d)
        dims += (d ? ", " : "") + (shape.dim(d) == tf::None ? std::string("None") : std::to_string(shape.dim(d)));
      const std::string prefix = message.is_none() ? std::string() : message_of(message) + ".  ";
      throw nb::value_error((prefix + "Tensor  must have rank " + std::to_string(rank) + ".  Received rank " +
                             std::to_string(shape.rank()) + ", shape (" + dims + (shape.rank() == 1 ? ",)" : ")"))
                                .c_str());
    }
    tf::debugging::assert_rank(t, rank, message_of(message));
  }, "x"_a, "rank"_a, "message"_a = nb::none(), "name"_a = nb::none(), "data"_a = nb::none());
  debugging.def("check_numerics", [](nb::handle tensor, const std::string& message, nb::handle) {
    return tf::debugging::check_numerics(to_tensor(tensor), message);
  }, "tensor"_a, "message"_a, "name"_a = nb::none());
  debugging.def("assert_all_finite", [](nb::handle t, const std::string& msg, nb::handle) {
    return tf::debugging::assert_all_finite(to_tensor(t), msg);
  }, "t"_a, "msg"_a, "name"_a = nb::none());
  debugging.def("enable_check_numerics", [](nb::handle, nb::handle) { tf::debugging::enable_check_numerics(); },
                "stack_height_limit"_a = 30, "path_length_limit"_a = 50);
  debugging.def("disable_check_numerics", &tf::debugging::disable_check_numerics);
  debugging.def("set_log_device_placement", &tf::debugging::set_log_device_placement, "enabled"_a);

  nb::module_ config = nb::borrow<nb::module_>(m.attr("config"));
  nb::object physical_device = named_tuple("PhysicalDevice", "name device_type");
  nb::object logical_device = named_tuple("LogicalDevice", "name device_type");
  config.attr("PhysicalDevice") = physical_device;
  config.attr("LogicalDevice") = logical_device;
  config.def("list_physical_devices", [physical_device](nb::handle device_type) {
    nb::list devices;
    for (const auto& d : tf::config::list_physical_devices(message_of(device_type)))
      devices.append(physical_device(d.name, d.device_type));
    return devices;
  }, "device_type"_a = nb::none());
  config.def("list_logical_devices", [logical_device](nb::handle device_type) {
    nb::list devices;
    for (const auto& d : tf::config::list_logical_devices(message_of(device_type)))
      devices.append(logical_device(d.name, d.device_type));
    return devices;
  }, "device_type"_a = nb::none());
  nb::module_ threading = config.def_submodule("threading", "tf.config.threading: intra-op parallelism.");
  threading.def("set_intra_op_parallelism_threads", &tf::config::threading::set_intra_op_parallelism_threads,
                "num_threads"_a);
  threading.def("get_intra_op_parallelism_threads", &tf::config::threading::get_intra_op_parallelism_threads);
}

}  // namespace tfpp_python
