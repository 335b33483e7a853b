// tfpp.DType and the dtype constants (tfpp.float32, tfpp.int32, ...), printed as TensorFlow
// prints them: repr "tf.float32", str "<dtype: 'float32'>".
#include <array>
#include <string>

#include <nanobind/stl/string.h>

#include "dtype_object.h"

namespace tfpp_python {

using namespace nb::literals;
namespace {

std::array<nb::object, tf::kNumDTypes>& singletons() {
  // Never destroyed: the objects must outlive the interpreter's shutdown.
  static auto* objects = new std::array<nb::object, tf::kNumDTypes>();
  return *objects;
}

// NumPy's name of the dtype's elements (strings are NumPy objects holding bytes).
const char* numpy_name(tf::DType d) {
  switch (d) {
    case tf::DType::kString: return "object";
    case tf::DType::kBool: return "bool";
    default: return nullptr;
  }
}

}  // namespace

nb::object dtype_object(tf::DType dtype) { return singletons()[static_cast<int>(dtype)]; }

tf::DType dtype_from(nb::handle value) {
  if (nb::isinstance<DTypeObject>(value)) return nb::cast<DTypeObject&>(value).dtype;
  // NumPy dtypes and scalar types, and names, by their name.
  std::string name;
  if (nb::isinstance<nb::str>(value)) {
    name = nb::cast<std::string>(value);
  } else if (nb::hasattr(value, "dtype") || nb::hasattr(value, "__name__")) {
    nb::module_ np = nb::module_::import_("numpy");
    name = nb::cast<std::string>(np.attr("dtype")(value).attr("name"));
  }
  for (int i = 0; i < tf::kNumDTypes; ++i) {
    const auto d = static_cast<tf::DType>(i);
    if (name == tf::dtype_name(d) || (d == tf::bool_ && name == "bool")) return d;
  }
  if (name == "object" || name.starts_with("bytes") || name.starts_with("str")) return tf::string;
  throw nb::type_error(("tfpp has no dtype for " + nb::cast<std::string>(nb::repr(value))).c_str());
}

void bind_dtypes(nb::module_& m) {
  nb::class_<DTypeObject> cls(m, "DType", "The element type of a tensor (tf.dtypes.DType).");
  cls.def_prop_ro("name", [](const DTypeObject& d) { return std::string(tf::dtype_name(d.dtype)); })
      .def_prop_ro("is_floating", [](const DTypeObject& d) { return tf::is_floating(d.dtype); })
      .def_prop_ro("is_integer", [](const DTypeObject& d) { return tf::is_integer(d.dtype); })
      .def_prop_ro("is_bool", [](const DTypeObject& d) { return d.dtype == tf::bool_; })
      .def_prop_ro("is_complex", [](const DTypeObject& d) { return tf::is_complex(d.dtype); })
      // float32 for complex64, float64 for complex128, the dtype itself otherwise (TensorFlow's real_dtype).
      .def_prop_ro("real_dtype", [](const DTypeObject& d) {
        return dtype_object(d.dtype == tf::complex64 ? tf::float32 : d.dtype == tf::complex128 ? tf::float64 : d.dtype);
      })
      .def_prop_ro("size", [](const DTypeObject& d) { return tf::dtype_size(d.dtype); })
      .def_prop_ro("as_numpy_dtype",
                   [](const DTypeObject& d) {
                     if (d.dtype == tf::bfloat16) return nb::module_::import_("ml_dtypes").attr("bfloat16");  // as TensorFlow
                     nb::module_ np = nb::module_::import_("numpy");
                     const char* special = numpy_name(d.dtype);
                     return np.attr(special ? special : std::string(tf::dtype_name(d.dtype)).c_str());
                   })
      .def("__repr__", [](const DTypeObject& d) { return "tf." + std::string(tf::dtype_name(d.dtype)); })
      .def("__str__", [](const DTypeObject& d) { return "<dtype: '" + std::string(tf::dtype_name(d.dtype)) + "'>"; })
      .def("__eq__",
           [](const DTypeObject& d, nb::handle other) {
             try {
               return d.dtype == dtype_from(other);
             } catch (const nb::python_error&) {
               return false;
             } catch (const nb::builtin_exception&) {
               return false;
             }
           }, "other"_a.none())
      .def("__ne__", [](nb::handle self, nb::handle other) { return !nb::cast<bool>(self.attr("__eq__")(other)); },
           "other"_a.none())
      .def("__hash__", [](const DTypeObject& d) { return static_cast<int>(d.dtype); });
  for (int i = 0; i < tf::kNumDTypes; ++i) {
    const auto d = static_cast<tf::DType>(i);
    singletons()[i] = nb::cast(DTypeObject{d});
    m.attr(std::string(tf::dtype_name(d)).c_str()) = singletons()[i];
  }
}

}  // namespace tfpp_python
