// Python values to tensors, with TensorFlow's rules (tf.convert_to_tensor / tf.constant):
// Python ints are int32 (int64 when a value needs it), floats float32, bools bool, str and bytes
// string; nested lists must be rectangular; NumPy arrays keep their dtype; a dtype argument
// converts Python numbers to it, and one that does not fit raises TypeError("Cannot convert ...")
// (a Python float never converts to an integer dtype, even a whole one, as in TensorFlow).
#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <string>

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "core/visit_integer_dtype.h"
#include "dtype_object.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

enum class Kind { kBool, kInt, kFloat, kComplex, kString, kOther };

bool is_numpy(nb::handle v);

// NumPy scalars are not Python scalars here, although np.float64 subclasses float: they keep their dtype.
Kind kind_of(nb::handle v) {
  PyObject* p = v.ptr();
  if (PyBool_Check(p)) return Kind::kBool;
  if (PyLong_CheckExact(p)) return Kind::kInt;
  if (PyFloat_CheckExact(p)) return Kind::kFloat;
  if ((PyLong_Check(p) || PyFloat_Check(p)) && !is_numpy(v)) return PyLong_Check(p) ? Kind::kInt : Kind::kFloat;
  if (PyUnicode_Check(p) || PyBytes_Check(p)) return Kind::kString;
  if (PyComplex_CheckExact(p) || (PyComplex_Check(p) && !is_numpy(v))) return Kind::kComplex;
  return Kind::kOther;
}

std::string repr_of(nb::handle v) { return nb::cast<std::string>(nb::repr(v)); }

// TensorFlow's eager conversion of a Python int beyond 64 bits, whatever the dtype asked for.
[[noreturn]] void out_of_range_integer() {
  throw nb::value_error("Can't convert Python sequence with out-of-range integer to Tensor.");
}

[[noreturn]] void cannot_convert(nb::handle v, tf::DType dtype) {
  throw nb::type_error(("Cannot convert " + repr_of(v) + " to EagerTensor of dtype " +
                        std::string(tf::dtype_name(dtype))).c_str());
}

[[noreturn]] void unsupported(nb::handle v) {
  throw nb::value_error(("Attempt to convert a value (" + repr_of(v) + ") with an unsupported type (" +
                         repr_of(v.type()) + ") to a Tensor.").c_str());
}

// The value of a Python int, or false when it does not fit int64.
bool int64_of(nb::handle v, std::int64_t& out) {
  int overflow = 0;
  out = PyLong_AsLongLongAndOverflow(v.ptr(), &overflow);
  return overflow == 0;
}

std::string bytes_of(nb::handle v) {
  if (PyBytes_Check(v.ptr())) return std::string(PyBytes_AsString(v.ptr()), PyBytes_Size(v.ptr()));
  return nb::cast<std::string>(v);
}

bool is_sequence(nb::handle v) { return PyList_Check(v.ptr()) || PyTuple_Check(v.ptr()); }

bool is_numpy_array(nb::handle v);

// The leaves of a nested list, row-major, and its shape; false if it is not rectangular. NumPy
// arrays inside the list count as nested lists of their scalars, as in TensorFlow's conversion.
bool flatten_nested(nb::handle v, int depth, tf::TensorShape& shape, std::vector<nb::handle>& leaves,
                    std::vector<nb::object>& held) {
  if (depth > 0 && is_numpy_array(v) && nb::cast<int>(v.attr("ndim")) > 0) {
    nb::object rows = nb::list(v);
    held.push_back(rows);
    return flatten_nested(rows, depth, shape, leaves, held);
  }
  if (!is_sequence(v)) {
    if (depth != shape.rank()) return false;
    leaves.push_back(v);
    return true;
  }
  const auto n = static_cast<std::int64_t>(nb::len(v));
  if (depth == shape.rank()) {
    // First visit at this depth (leaves.empty() says no leaf has fixed the rank yet).
    if (!leaves.empty() || depth >= tf::kMaxRank) return false;
    shape.append(n);
  } else if (depth > shape.rank() || shape.dim(depth) != n) {
    return false;
  }
  for (nb::handle item : nb::iter(v))
    if (!flatten_nested(item, depth + 1, shape, leaves, held)) return false;
  return true;
}

tf::DType inferred_dtype(const std::vector<nb::handle>& leaves, nb::handle whole) {
  bool any_float = false, any_int = false, any_bool = false, any_string = false, any_complex = false, wide = false;
  for (nb::handle leaf : leaves) {
    switch (kind_of(leaf)) {
      case Kind::kBool: any_bool = true; break;
      case Kind::kFloat: any_float = true; break;
      case Kind::kComplex: any_complex = true; break;
      case Kind::kString: any_string = true; break;
      case Kind::kInt: {
        any_int = true;
        std::int64_t x;
        if (!int64_of(leaf, x)) out_of_range_integer();
        wide |= x < std::numeric_limits<std::int32_t>::min() || x > std::numeric_limits<std::int32_t>::max();
        break;
      }
      case Kind::kOther: unsupported(leaf);
    }
  }
  if (any_string && (any_float || any_int || any_bool || any_complex)) unsupported(whole);
  if (any_string) return tf::string;
  if (any_complex) return tf::complex128;  // Python's complex numbers are two doubles
  if (any_float) return tf::float32;
  if (any_int) return wide ? tf::int64 : tf::int32;
  if (any_bool) return tf::bool_;
  return tf::float32;  // an empty list
}

// The leaves converted to `dtype`'s C++ type, checking that each fits.
template <class T>
std::vector<T> leaf_values(const std::vector<nb::handle>& leaves, tf::DType dtype) {
  std::vector<T> out;
  out.reserve(leaves.size());
  for (nb::handle leaf : leaves) {
    const Kind kind = kind_of(leaf);
    if constexpr (std::is_same_v<T, std::string>) {
      if (kind != Kind::kString) cannot_convert(leaf, dtype);
      out.push_back(bytes_of(leaf));
    } else if constexpr (std::is_same_v<T, bool>) {
      if (kind != Kind::kBool) cannot_convert(leaf, dtype);
      out.push_back(leaf.ptr() == Py_True);
    } else if constexpr (std::is_floating_point_v<T>) {
      if (kind != Kind::kFloat && kind != Kind::kInt && kind != Kind::kBool) cannot_convert(leaf, dtype);
      out.push_back(static_cast<T>(PyFloat_AsDouble(leaf.ptr())));
    } else {
      // TensorFlow converts bools into int32, int64 and uint64 only.
      constexpr bool takes_bools =
          std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::int64_t> || std::is_same_v<T, std::uint64_t>;
      std::int64_t x = 0;
      if (kind == Kind::kInt || (kind == Kind::kBool && takes_bools)) {
        if constexpr (std::is_same_v<T, std::uint64_t>) {
          if (!int64_of(leaf, x)) {  // from 2^63 to 2^64 - 1: only uint64 holds them
            const unsigned long long u = PyLong_AsUnsignedLongLong(leaf.ptr());
            if (PyErr_Occurred()) {
              PyErr_Clear();
              out_of_range_integer();
            }
            out.push_back(u);
            continue;
          }
        } else if (!int64_of(leaf, x)) {
          out_of_range_integer();
        }
      } else {
        cannot_convert(leaf, dtype);
      }
      out.push_back(static_cast<T>(x));  // wraps into narrower types, as TensorFlow 2.21's conversion does
    }
  }
  return out;
}

// Python numbers (complex, float, int, bool) as complex numbers of type C.
template <class C>
std::vector<C> complex_values(const std::vector<nb::handle>& leaves, tf::DType dtype) {
  std::vector<C> out;
  out.reserve(leaves.size());
  for (nb::handle leaf : leaves) {
    const Kind kind = kind_of(leaf);
    if (kind != Kind::kComplex && kind != Kind::kFloat && kind != Kind::kInt && kind != Kind::kBool) cannot_convert(leaf, dtype);
    const Py_complex c = PyComplex_AsCComplex(leaf.ptr());
    if (PyErr_Occurred()) throw nb::python_error();
    out.emplace_back(static_cast<typename C::value_type>(c.real), static_cast<typename C::value_type>(c.imag));
  }
  return out;
}

tf::Tensor from_leaves(const std::vector<nb::handle>& leaves, const tf::TensorShape& shape, tf::DType dtype) {
  if (dtype == tf::complex64) return tf::constant(complex_values<std::complex<float>>(leaves, dtype), shape);
  if (dtype == tf::complex128) return tf::constant(complex_values<std::complex<double>>(leaves, dtype), shape);
  if (dtype == tf::float16 || dtype == tf::bfloat16)  // Python numbers round to the 16-bit float
    return tf::cast(from_leaves(leaves, shape, tf::float64), dtype);
  return tf::visit_integer_dtype(dtype, [&](auto tag) {
    using T = decltype(tag);
    return tf::constant(leaf_values<T>(leaves, dtype), shape);
  });
}

struct NumPyTypes {
  nb::object module, ndarray, generic;
};

const NumPyTypes& numpy() {
  static auto* types = [] {
    auto* t = new NumPyTypes;  // never destroyed: outlives the interpreter's shutdown
    t->module = nb::module_::import_("numpy");
    t->ndarray = t->module.attr("ndarray");
    t->generic = t->module.attr("generic");
    return t;
  }();
  return *types;
}

bool is_numpy_array(nb::handle v) { return PyObject_IsInstance(v.ptr(), numpy().ndarray.ptr()) == 1; }

bool is_numpy_generic(nb::handle v) { return PyObject_IsInstance(v.ptr(), numpy().generic.ptr()) == 1; }

bool is_numpy(nb::handle v) { return is_numpy_array(v) || is_numpy_generic(v); }

// A NumPy scalar or zero-dimensional array: inside a Python list it converts as the Python number it holds.
bool is_numpy_scalar(nb::handle v) {
  return is_numpy_generic(v) || (is_numpy_array(v) && nb::cast<int>(v.attr("ndim")) == 0);
}

// float64 or float16 for a NumPy scalar of that type, else nothing.
std::optional<tf::DType> numpy_float_dtype(nb::handle v) {
  if (kind_of(v) != Kind::kOther || !is_numpy_scalar(v)) return std::nullopt;
  nb::object dtype = v.attr("dtype");
  if (nb::cast<std::string>(dtype.attr("kind")) != "f") return std::nullopt;
  const auto itemsize = nb::cast<int>(dtype.attr("itemsize"));
  if (itemsize == 8) return tf::float64;
  if (itemsize == 2) return tf::float16;
  return std::nullopt;
}

tf::Tensor from_numpy(nb::handle value, std::optional<tf::DType> dtype);

// A list of NumPy arrays of one shape and of a dtype TensorFlow's element-wise conversion keeps
// (float16, float32, float64, int32, bool), stacked at once; nothing for other lists.
std::optional<tf::Tensor> stacked_arrays(nb::handle list, std::optional<tf::DType> dtype) {
  nb::object first_dtype, first_shape;
  for (nb::handle item : nb::iter(list)) {
    if (!is_numpy_array(item)) return std::nullopt;
    if (!first_dtype.is_valid()) {
      first_dtype = item.attr("dtype");
      first_shape = item.attr("shape");
      const std::string name = nb::cast<std::string>(first_dtype.attr("name"));
      if (name != "float16" && name != "float32" && name != "float64" && name != "int32" && name != "bool")
        return std::nullopt;
    } else if (!first_dtype.equal(item.attr("dtype")) || !first_shape.equal(item.attr("shape"))) {
      return std::nullopt;
    }
  }
  if (!first_dtype.is_valid()) return std::nullopt;
  return from_numpy(numpy().module.attr("stack")(list), dtype);
}

// NumPy's name for `dtype`, for the dtypes NumPy itself has.
std::optional<std::string> numpy_dtype_name(tf::DType dtype) {
  if (dtype == tf::string || dtype == tf::bfloat16 || dtype == tf::resource || dtype == tf::variant) return std::nullopt;
  return std::string(tf::dtype_name(dtype));
}

tf::Tensor from_numpy(nb::handle value, std::optional<tf::DType> dtype) {
  nb::object array = numpy().module.attr("asarray")(value, "order"_a = "C");
  // TensorFlow has NumPy cast a value to the dtype asked for, whatever the kinds (floats to integers, strings to numbers).
  if (dtype)
    if (const std::optional<std::string> name = numpy_dtype_name(*dtype))
      if (nb::cast<std::string>(array.attr("dtype").attr("name")) != *name)
        array = array.attr("astype")(*name);
  const std::string kind = nb::cast<std::string>(array.attr("dtype").attr("kind"));
  const auto itemsize = nb::cast<std::size_t>(array.attr("dtype").attr("itemsize"));
  tf::TensorShape shape;
  for (nb::handle d : array.attr("shape")) shape.append(nb::cast<std::int64_t>(d));
  tf::Tensor t;
  if (kind == "O" || kind == "S" || kind == "U") {
    std::vector<std::string> values;
    for (nb::handle item : array.attr("ravel")().attr("tolist")()) {
      if (kind_of(item) != Kind::kString) unsupported(value);
      values.push_back(bytes_of(item));
    }
    t = tf::constant(values, shape);
  } else {
    tf::DType source;
    if (kind == "f" && itemsize == 4) source = tf::float32;
    else if (kind == "f" && itemsize == 8) source = tf::float64;
    else if (kind == "i" && itemsize == 4) source = tf::int32;
    else if (kind == "i" && itemsize == 8) source = tf::int64;
    else if (kind == "u" && itemsize == 1) source = tf::uint8;
    else if (kind == "i" && itemsize == 1) source = tf::int8;
    else if (kind == "i" && itemsize == 2) source = tf::int16;
    else if (kind == "u" && itemsize == 2) source = tf::uint16;
    else if (kind == "u" && itemsize == 4) source = tf::uint32;
    else if (kind == "u" && itemsize == 8) source = tf::uint64;
    else if (kind == "b") source = tf::bool_;
    else if (kind == "c" && itemsize == 8) source = tf::complex64;
    else if (kind == "c" && itemsize == 16) source = tf::complex128;
    else if (kind == "f" && itemsize == 2) source = tf::float16;
    else if (nb::cast<std::string>(array.attr("dtype").attr("name")) == "bfloat16") source = tf::bfloat16;  // ml_dtypes
    else
      throw nb::type_error(("tfpp has no dtype for NumPy's " + nb::cast<std::string>(array.attr("dtype").attr("name")) +
                            " (it has float16, bfloat16, float32, float64, the integers int8 to int64 and uint8 to uint64, "
                            "complex64, complex128, bool and string)").c_str());
    Py_buffer view;
    if (PyObject_GetBuffer(array.ptr(), &view, PyBUF_C_CONTIGUOUS) != 0) throw nb::python_error();
    try {
      t = tf::detail::constant_from(source, shape, view.buf, static_cast<std::size_t>(shape.num_elements()));
    } catch (...) {
      PyBuffer_Release(&view);
      throw;
    }
    PyBuffer_Release(&view);
  }
  if (dtype && *dtype != t.dtype()) t = tf::cast(t, *dtype);
  return t;
}

}  // namespace

NodeName::NodeName(nb::handle name) {
  if (name.is_none() || !tf::graph::Tracer::current()) return;
  name_ = nb::cast<std::string>(name);
  override_.emplace(name_.c_str());
}

bool is_tensor_like(nb::handle value) { return nb::isinstance<tf::Tensor>(value) || nb::isinstance<tf::Variable>(value); }

namespace {

// The dtype of the first tensor in a nested list, if any: TensorFlow's auto-packing gives it to
// the list's Python numbers.
std::optional<tf::DType> first_tensor_dtype(nb::handle list) {
  for (nb::handle item : nb::iter(list)) {
    if (is_tensor_like(item)) return to_tensor(item).dtype();
    if (is_sequence(item))
      if (auto found = first_tensor_dtype(item)) return found;
  }
  return std::nullopt;
}

// A list holding tensors stacked as TensorFlow's auto-packing does: in the requested dtype (its
// tensors cast to it), or else with Python values in the first tensor's dtype and tensors of
// another dtype left for Pack to reject.
tf::Tensor packed(nb::handle list, std::optional<tf::DType> requested) {
  const std::optional<tf::DType> dtype = requested ? requested : first_tensor_dtype(list);
  std::vector<tf::Tensor> parts;
  for (nb::handle item : nb::iter(list)) {
    tf::Tensor part = to_tensor(item, dtype);
    parts.push_back(requested && part.dtype() != *requested ? tf::cast(part, *requested) : part);
  }
  return tf::stack(parts);
}

// A fully known tf.TensorShape converts to its dimensions, as TensorFlow's registered conversion:
// int32, or int64 when a dimension needs it or is asked for.
tf::Tensor from_tensor_shape(nb::handle shape, std::optional<tf::DType> dtype) {
  const std::string text = nb::cast<std::string>(nb::str(shape));
  if (!nb::cast<bool>(shape.attr("is_fully_defined")()))
    throw nb::value_error(("Cannot convert a partially known TensorShape " + text + " to a Tensor.").c_str());
  if (dtype && *dtype != tf::int32 && *dtype != tf::int64)
    throw nb::type_error(("Cannot convert TensorShape " + text + " to dtype " +
                          nb::cast<std::string>(nb::str(dtype_object(*dtype))) +
                          ". Allowed dtypes are tf.int32 and tf.int64.").c_str());
  std::vector<std::int64_t> dims = nb::cast<std::vector<std::int64_t>>(shape.attr("as_list")());
  bool wide = dtype == tf::int64;
  for (std::int64_t d : dims) wide |= d > std::numeric_limits<std::int32_t>::max();
  const tf::Tensor values = tf::constant(dims, {static_cast<std::int64_t>(dims.size())});
  return wide ? values : tf::cast(values, tf::int32);
}

}  // namespace

namespace {

// The Python function of tf.register_tensor_conversion_function's registry
// (python/tfpp/tensor_conversion.py): fn(value, dtype) gives a tensor, or None when no
// registered function converts the value.
nb::object& registered_conversion() {
  static auto* fn = new nb::object();  // never destroyed: outlives the interpreter's shutdown
  return *fn;
}

enum class Registry { kConsulted, kIgnored };

tf::Tensor converted_value(nb::handle value, std::optional<tf::DType> dtype, Registry registry);

}  // namespace

tf::Tensor to_tensor(nb::handle value, std::optional<tf::DType> dtype) {
  return converted_value(value, dtype, Registry::kConsulted);
}

tf::Tensor constant_value(nb::handle value, std::optional<tf::DType> dtype) {
  return converted_value(value, dtype, Registry::kIgnored);
}

void set_registered_conversion(nb::object fn) { registered_conversion() = std::move(fn); }

namespace {

tf::Tensor converted_value(nb::handle value, std::optional<tf::DType> dtype, Registry registry) {
  if (nb::isinstance<tf::Tensor>(value)) return nb::cast<const tf::Tensor&>(value);
  // A range converts as the list of its numbers (held here: the conversion borrows its leaves).
  if (PyRange_Check(value.ptr())) return converted_value(nb::list(value), dtype, registry);
  if (nb::isinstance<tf::Variable>(value)) return nb::cast<const tf::Variable&>(value).read_value();
  const Kind kind = kind_of(value);
  if (kind != Kind::kOther) {
    std::vector<nb::handle> leaf{value};
    return from_leaves(leaf, tf::TensorShape{}, dtype ? *dtype : inferred_dtype(leaf, value));
  }
  if (is_sequence(value)) {
    if (auto stacked = stacked_arrays(value, dtype)) return *stacked;
    tf::TensorShape shape;
    std::vector<nb::handle> leaves;
    std::vector<nb::object> held;  // keeps NumPy rows and the Python numbers of NumPy leaves alive
    if (!flatten_nested(value, 0, shape, leaves, held)) {
      // Lists holding tensors are stacked (TensorFlow's auto-packing); others are ragged.
      bool holds_tensors = false;
      for (nb::handle item : nb::iter(value)) holds_tensors |= is_tensor_like(item);
      if (!holds_tensors || nb::len(value) == 0)
        throw nb::value_error(("Can't convert non-rectangular Python sequence to Tensor: " + repr_of(value)).c_str());
      return packed(value, dtype);
    }
    const std::optional<tf::DType> numpy_float_first = leaves.empty() ? std::nullopt : numpy_float_dtype(leaves[0]);
    bool plain = true;
    for (nb::handle& leaf : leaves) {
      if (kind_of(leaf) != Kind::kOther) continue;
      if (!is_numpy_scalar(leaf)) {
        plain = false;
        break;
      }
      held.push_back(leaf.attr("item")());
      leaf = held.back();
    }
    if (!plain) return packed(value, dtype);
    if (dtype) return from_leaves(leaves, shape, *dtype);
    // TensorFlow infers a list's dtype from its first element: one starting with a NumPy float64 or
    // float16 keeps that width where Python floats would give float32.
    const tf::DType inferred = inferred_dtype(leaves, value);
    return from_leaves(leaves, shape, inferred == tf::float32 && numpy_float_first ? *numpy_float_first : inferred);
  }
  if (is_numpy(value)) return from_numpy(value, dtype);
  if (nb::hasattr(value, "_dims")) return from_tensor_shape(value, dtype);
  // TensorFlow's protocol for tensor-like Python classes (tf.IndexedSlices is one here).
  if (nb::hasattr(value, "__tf_tensor__"))
    return to_tensor(value.attr("__tf_tensor__")(dtype ? dtype_object(*dtype) : nb::none(), nb::none()), dtype);
  if (registry == Registry::kConsulted && registered_conversion().is_valid()) {
    nb::object t = registered_conversion()(value, dtype ? dtype_object(*dtype) : nb::none());
    if (!t.is_none()) return to_tensor(t);
  }
  unsupported(value);
}

}  // namespace

tf::Tensor to_tensor_strictly(nb::handle value, tf::DType dtype) {
  // A tensor or variable of another dtype is refused: converting it would change the values the caller holds.
  const bool variable = nb::isinstance<tf::Variable>(value);
  if (!variable && !nb::isinstance<tf::Tensor>(value)) return to_tensor(value, dtype);
  const tf::Tensor tensor = variable ? nb::cast<const tf::Variable&>(value).read_value() : nb::cast<const tf::Tensor&>(value);
  if (tensor.dtype() == dtype) return tensor;
  const std::string wanted(tf::dtype_name(dtype)), had(tf::dtype_name(tensor.dtype()));
  const std::string shown = nb::cast<std::string>(nb::repr(value));
  const std::string message =
      variable ? "Incompatible type conversion requested to type " + wanted + " for `tf.Variable of type " + had +
                     ". (Variable: " + shown + ")"
               : "Tensor conversion requested dtype " + wanted + " for Tensor with dtype " + had + ": " + shown;
  throw nb::value_error(message.c_str());
}

namespace {

// Whether the exception being handled is a TypeError or ValueError: tf.convert_to_tensor answers
// those by converting again without its dtype_hint.
bool hint_refused() {
  try {
    throw;
  } catch (const nb::builtin_exception& e) {
    return e.type() == nb::exception_type::type_error || e.type() == nb::exception_type::value_error;
  } catch (nb::python_error& e) {
    return e.matches(PyExc_TypeError) || e.matches(PyExc_ValueError);
  } catch (...) {
    return false;
  }
}

// `convert(value)`, or value by itself when convert refuses it as tf.convert_to_tensor's dtype_hint is refused.
template <class Convert>
tf::Tensor with_hint_fallback(nb::handle value, Convert convert) {
  try {
    return convert(value);
  } catch (...) {
    if (!hint_refused()) throw;
  }
  return to_tensor(value);
}

}  // namespace

tf::Tensor to_tensor_hinted(nb::handle value, tf::DType hint) {
  return with_hint_fallback(value, [hint](nb::handle v) { return to_tensor(v, hint); });
}

tf::Tensor operand_like(nb::handle value, const tf::Tensor& like) {
  if (nb::isinstance<tf::Tensor>(value)) return nb::cast<const tf::Tensor&>(value);
  const tf::DType dtype = like.dtype();
  const Kind kind = kind_of(value);
  // The common case, a Python number beside a numeric tensor, reuses cached scalars.
  if (kind == Kind::kFloat && tf::is_floating(dtype)) return tf::detail::operand_scalar(like, PyFloat_AsDouble(value.ptr()));
  if (kind == Kind::kInt && tf::is_numeric(dtype)) {
    std::int64_t x;
    if (int64_of(value, x) && x > -(std::int64_t{1} << 53) && x < (std::int64_t{1} << 53) &&
        (dtype != tf::int32 || (x >= std::numeric_limits<std::int32_t>::min() && x <= std::numeric_limits<std::int32_t>::max())))
      return tf::detail::operand_scalar(like, static_cast<double>(x));
  }
  // A variable keeps its own dtype, for the op to check.
  if (nb::isinstance<tf::Variable>(value)) return to_tensor(value);
  return to_tensor(value, dtype);
}

tf::Tensor operand_hinted(nb::handle value, const tf::Tensor& like) {
  return with_hint_fallback(value, [&like](nb::handle v) { return operand_like(v, like); });
}

std::pair<tf::Tensor, tf::Tensor> binary_operands(nb::handle a, nb::handle b) {
  if (is_tensor_like(a)) {
    tf::Tensor x = to_tensor(a);
    return {x, operand_like(b, x)};
  }
  if (is_tensor_like(b)) {
    tf::Tensor y = to_tensor(b);
    return {operand_like(a, y), y};
  }
  tf::Tensor x = to_tensor(a);
  return {x, operand_like(b, x)};
}

std::pair<tf::Tensor, tf::Tensor> hinted_operands(nb::handle a, nb::handle b) {
  tf::Tensor x = to_tensor(a);
  return {x, operand_hinted(b, x)};
}

std::pair<tf::Tensor, tf::Tensor> truediv_operands(nb::handle a, nb::handle b) {
  auto [x, y] = is_tensor_like(a) ? hinted_operands(a, b) : binary_operands(a, b);
  if (x.dtype() != y.dtype())
    throw nb::type_error(("`x` and `y` must have the same dtype, got tf." + std::string(tf::dtype_name(x.dtype())) +
                          " != tf." + std::string(tf::dtype_name(y.dtype())) + ".").c_str());
  return {x, y};
}

std::vector<std::int64_t> int_list(nb::handle value) {
  if (PyLong_Check(value.ptr())) return {nb::cast<std::int64_t>(value)};
  tf::Tensor t = to_tensor(value, is_tensor_like(value) ? std::nullopt : std::optional(tf::int64));
  if (t.is_symbolic()) throw nb::type_error("expected a list of integers known while tracing, got a symbolic tensor");
  if (t.dtype() == tf::int32) {
    std::vector<std::int32_t> v = t.numpy<std::int32_t>();
    return {v.begin(), v.end()};
  }
  if (t.dtype() != tf::int64) throw nb::type_error(("expected integers, got " + repr_of(value)).c_str());
  return t.numpy<std::int64_t>();
}

tf::TensorShape shape_from(nb::handle value) {
  if (value.is_none()) return tf::TensorShape::unknown_rank();
  if (nb::hasattr(value, "_dims") && !nb::hasattr(value, "dtype")) value = value.attr("_dims");  // a TensorShape
  if (value.is_none()) return tf::TensorShape::unknown_rank();
  if (PyLong_Check(value.ptr())) return tf::TensorShape{nb::cast<std::int64_t>(value)};
  if (is_tensor_like(value)) {
    std::vector<std::int64_t> dims = int_list(value);
    return tf::TensorShape(std::span<const std::int64_t>(dims));
  }
  tf::TensorShape shape;
  for (nb::handle d : nb::iter(value)) {
    if (d.is_none()) {
      shape.append(-1);
    } else if (PyLong_Check(d.ptr())) {
      shape.append(nb::cast<std::int64_t>(d));
    } else {
      // A tensor or NumPy scalar dimension; a traced one gets int_list's error.
      if (to_tensor(d).shape().rank() != 0)
        throw nb::type_error(("expected a scalar dimension, got " + repr_of(d)).c_str());
      shape.append(int_list(d)[0]);
    }
  }
  return shape;
}

}  // namespace tfpp_python
