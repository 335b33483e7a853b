// tf::StructuredValue to and from Python values: None, bool, int, float, str, tf.TensorSpec, and
// lists, tuples, named tuples and dicts (string keys) of them.
#include <nanobind/stl/string.h>

#include "structured_value.h"

namespace tfpp_python {

tf::StructuredValue structured_value_from(nb::handle value) {
  using V = tf::StructuredValue;
  if (value.is_none()) return V();
  if (PyBool_Check(value.ptr())) return V(nb::cast<bool>(value));
  if (PyLong_Check(value.ptr())) return V(nb::cast<std::int64_t>(value));
  if (PyFloat_Check(value.ptr())) return V(nb::cast<double>(value));
  if (PyUnicode_Check(value.ptr())) return V(nb::cast<std::string>(value));
  if (nb::isinstance<tf::TensorSpec>(value)) return V::spec(nb::cast<tf::TensorSpec>(value));
  if (PyList_Check(value.ptr()) || PyTuple_Check(value.ptr())) {
    std::vector<V> items;
    for (nb::handle item : value) items.push_back(structured_value_from(item));
    if (PyList_Check(value.ptr())) return V::list(std::move(items));
    if (!nb::hasattr(value, "_fields")) return V::tuple(std::move(items));
    std::vector<std::string> fields;
    for (nb::handle field : value.attr("_fields")) fields.push_back(nb::cast<std::string>(field));
    return V::named_tuple(nb::cast<std::string>(value.type().attr("__name__")), std::move(fields), std::move(items));
  }
  if (PyDict_Check(value.ptr())) {
    std::vector<std::string> keys;
    std::vector<V> items;
    for (auto [key, item] : nb::borrow<nb::dict>(value)) {
      keys.push_back(nb::cast<std::string>(key));
      items.push_back(structured_value_from(item));
    }
    return V::dict(std::move(keys), std::move(items));
  }
  throw nb::type_error(("a structured signature cannot hold " + nb::cast<std::string>(nb::repr(value))).c_str());
}

nb::object structured_value_object(const tf::StructuredValue& value) {
  using Kind = tf::StructuredValue::Kind;
  switch (value.kind) {
    case Kind::kNone: return nb::none();
    case Kind::kBool: return nb::bool_(value.bool_value);
    case Kind::kInt: return nb::int_(value.int_value);
    case Kind::kFloat: return nb::float_(value.float_value);
    case Kind::kString: return nb::str(value.string_value.c_str(), value.string_value.size());
    case Kind::kTensorSpec: return nb::cast(*value.tensor_spec);
    default: break;
  }
  nb::list items;
  for (const tf::StructuredValue& item : value.items) items.append(structured_value_object(item));
  switch (value.kind) {
    case Kind::kList: return std::move(items);
    case Kind::kTuple: return nb::tuple(items);
    case Kind::kDict: {
      nb::dict d;
      for (std::size_t i = 0; i < value.keys.size(); ++i) d[nb::str(value.keys[i].c_str())] = items[i];
      return std::move(d);
    }
    default: {
      nb::list fields;
      for (const std::string& key : value.keys) fields.append(nb::str(key.c_str()));
      nb::object type = nb::module_::import_("collections").attr("namedtuple")(value.string_value, fields);
      return type(*items);
    }
  }
}

}  // namespace tfpp_python
