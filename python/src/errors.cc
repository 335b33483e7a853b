// C++ errors become the Python exceptions TensorFlow raises: tf::NotFoundError becomes
// tfpp.errors.NotFoundError (an OpError, as in TensorFlow), tf::LookupError Python's
// LookupError; an op's input checks failing while tracing raise TypeError or ValueError. The
// classes are defined in tfpp/errors.py.
#include <nanobind/stl/string.h>

#include "bindings.h"

namespace tfpp_python {
namespace {

// Raises tfpp.errors.<name>(None, None, message).
void raise_tf_error(const char* name, const char* message) {
  nb::object cls = nb::module_::import_("tfpp.errors").attr(name);
  nb::object error = cls(nb::none(), nb::none(), message);
  PyErr_SetObject(cls.ptr(), error.ptr());
}

// Whether an op's dtype check failed rather than its shape check (tfpp's shape functions word
// the former so).
bool is_dtype_error(std::string_view message) {
  for (std::string_view phrase : {"dtype", "must be bool", "must be numeric", "must be strings", "must be float32",
                                  "must be int32", "must be a string scalar", "Value for attr 'T' of",
                                  "was expected to be a"})
    if (message.find(phrase) != std::string_view::npos) return true;
  return false;
}

void translate(const std::exception_ptr& p, void*) {
  try {
    std::rethrow_exception(p);
  } catch (const tf::InvalidArgumentError& e) {
    // While tracing, an op whose inputs do not fit it fails as TensorFlow's graph construction
    // fails: TypeError for dtypes, ValueError for shapes (eagerly and when a graph runs, both are
    // InvalidArgumentError, as in TensorFlow).
    if (!tf::executing_eagerly() && e.what()[0] == '[') {
      PyErr_SetString(is_dtype_error(e.what()) ? PyExc_TypeError : PyExc_ValueError, e.what());
      return;
    }
    raise_tf_error("InvalidArgumentError", e.what());
  } catch (const tf::LookupError& e) {
    PyErr_SetString(PyExc_LookupError, e.what());
  } catch (const tf::Error& e) {
    raise_tf_error(e.class_name(), e.what());
  }
}

}  // namespace

void bind_errors(nb::module_&) { nb::register_exception_translator(translate); }

}  // namespace tfpp_python
