// Keras configs to and from Python values, and C++'s std::cout redirected to sys.stdout.
#include <iostream>

#include <nanobind/stl/string.h>

#include "keras_bindings.h"

namespace tfpp_python {

using tf::keras::Config;
using tf::keras::ConfigValue;

nb::object config_to_python(const ConfigValue& value) {
  if (value.is_null()) return nb::none();
  if (value.holds<bool>()) return nb::bool_(value.get<bool>());
  if (value.holds<std::int64_t>()) return nb::int_(value.get<std::int64_t>());
  if (value.holds<double>()) return nb::float_(value.get<double>());
  if (value.holds<std::string>()) return nb::str(value.get<std::string>().c_str(), value.get<std::string>().size());
  if (value.holds<ConfigValue::List>()) {
    nb::list list;
    for (const ConfigValue& item : value.get<ConfigValue::List>()) list.append(config_to_python(item));
    return list;
  }
  // Keras' order for the keys every serialized object and layer config starts with; the rest by name.
  static const char* const kLeading[] = {"module", "class_name", "config", "registered_name", "build_config",
                                         "compile_config", "name", "trainable", "dtype", "layers", "input_layers",
                                         "output_layers"};
  const Config& config = value.get<Config>();
  nb::dict dict;
  for (const char* key : kLeading)
    if (auto it = config.find(key); it != config.end()) dict[key] = config_to_python(it->second);
  for (const auto& [key, item] : config)
    if (!dict.contains(key.c_str())) dict[nb::str(key.c_str(), key.size())] = config_to_python(item);
  return dict;
}

ConfigValue config_from_python(nb::handle value) {
  if (value.is_none()) return nullptr;
  // bool before int: Python's True is an int too.
  if (PyBool_Check(value.ptr())) return value.ptr() == Py_True;
  if (PyLong_Check(value.ptr())) return nb::cast<std::int64_t>(value);
  if (PyFloat_Check(value.ptr())) return nb::cast<double>(value);
  if (nb::isinstance<nb::str>(value)) return nb::cast<std::string>(value);
  if (PyDict_Check(value.ptr())) return config_dict_from_python(value);
  if (PyList_Check(value.ptr()) || PyTuple_Check(value.ptr())) {
    ConfigValue::List list;
    for (nb::handle item : nb::iter(value)) list.push_back(config_from_python(item));
    return list;
  }
  // NumPy scalars and other numbers.
  if (nb::hasattr(value, "__index__")) return nb::cast<std::int64_t>(value.attr("__index__")());
  if (nb::hasattr(value, "__float__")) return nb::cast<double>(value.attr("__float__")());
  throw nb::type_error(("a Keras config holds None, bool, int, float, str, list and dict values, not " +
                        nb::cast<std::string>(nb::str(value.type().attr("__name__"))))
                           .c_str());
}

Config config_dict_from_python(nb::handle value) {
  if (!PyDict_Check(value.ptr()))
    throw nb::type_error(("expected a config dict, got " + nb::cast<std::string>(nb::str(value.type().attr("__name__")))).c_str());
  Config config;
  for (auto [key, item] : nb::borrow<nb::dict>(value)) config[nb::cast<std::string>(key)] = config_from_python(item);
  return config;
}

// ---- PythonStdout ---------------------------------------------------------------------------

namespace {
thread_local PythonStdout* active_stdout = nullptr;
}  // namespace

void PythonStdout::Buffer::write_to_python() {
  if (pending_.empty()) return;
  nb::gil_scoped_acquire gil;
  std::string text;
  text.swap(pending_);
  nb::object out = nb::module_::import_("sys").attr("stdout");
  out.attr("write")(nb::str(text.c_str(), text.size()));
  out.attr("flush")();
}

PythonStdout::Buffer::int_type PythonStdout::Buffer::overflow(int_type c) {
  if (!traits_type::eq_int_type(c, traits_type::eof())) pending_.push_back(traits_type::to_char_type(c));
  return traits_type::not_eof(c);
}

std::streamsize PythonStdout::Buffer::xsputn(const char* s, std::streamsize n) {
  pending_.append(s, static_cast<std::size_t>(n));
  return n;
}

int PythonStdout::Buffer::sync() {
  try {
    write_to_python();
  } catch (const nb::python_error&) {
    return -1;
  }
  return 0;
}

PythonStdout::PythonStdout() : previous_(std::cout.rdbuf(&buffer_)), outer_(active_stdout) { active_stdout = this; }

PythonStdout::~PythonStdout() {
  try {
    buffer_.write_to_python();
  } catch (nb::python_error& e) {
    e.discard_as_unraisable("tfpp.keras writing to sys.stdout");
  }
  std::cout.rdbuf(previous_);
  active_stdout = outer_;
}

void PythonStdout::flush_active() {
  if (active_stdout) active_stdout->buffer_.write_to_python();
}

}  // namespace tfpp_python
