// Element types of tensors: tf::float32, tf::float64, tf::int32, tf::int64, tf::uint8 (pixels and
// bytes), tf::bool_, tf::string,
// tf::resource (handles to variables, which graphs carry as values), and tf::variant (a
// scalar holding a list of tensors: the state of a tf::TensorArray in graphs).
//
// A DType is a small enum; `dtype_of<T>()` maps a C++ type to it and `dtype_name` gives the
// TensorFlow spelling ("float32") used in printing and error messages.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <type_traits>

namespace tf {

/// The element type of a tensor.
/// New dtypes go at the end: the values are stored in tf::data cache files.
enum class DType : std::uint8_t { kFloat32, kFloat64, kInt32, kInt64, kBool, kString, kResource, kVariant, kUInt8 };

/// How many dtypes exist; kernels are stored in arrays of this size.
inline constexpr int kNumDTypes = 9;

inline constexpr DType float32 = DType::kFloat32;  ///< tf.float32
inline constexpr DType float64 = DType::kFloat64;  ///< tf.float64
inline constexpr DType int32 = DType::kInt32;      ///< tf.int32
inline constexpr DType int64 = DType::kInt64;      ///< tf.int64
inline constexpr DType uint8 = DType::kUInt8;      ///< tf.uint8
inline constexpr DType bool_ = DType::kBool;       ///< tf.bool (bool is a C++ keyword)
inline constexpr DType string = DType::kString;    ///< tf.string: each element is a byte string
inline constexpr DType resource = DType::kResource;  ///< tf.resource: each element is a handle to a variable
inline constexpr DType variant = DType::kVariant;  ///< tf.variant: each element holds a list of tensors

/// TensorFlow's name of a dtype, e.g. "float32".
std::string_view dtype_name(DType dtype);
/// Bytes per element (sizeof(std::string) for tf::string).
std::size_t dtype_size(DType dtype);
/// True for float32 and float64.
constexpr bool is_floating(DType d) { return d == DType::kFloat32 || d == DType::kFloat64; }
/// True for int32 and int64: the dtypes of shapes, axes and indices.
constexpr bool is_index_dtype(DType d) { return d == DType::kInt32 || d == DType::kInt64; }
/// True for int32, int64 and uint8.
constexpr bool is_integer(DType d) { return is_index_dtype(d) || d == DType::kUInt8; }
/// True for the dtypes arithmetic works on (floats and integers).
constexpr bool is_numeric(DType d) { return is_floating(d) || is_integer(d); }

std::ostream& operator<<(std::ostream& os, DType dtype);

/// The dtype holding C++ type T.
template <class T>
constexpr DType dtype_of() {
  using U = std::remove_cvref_t<T>;
  if constexpr (std::is_same_v<U, float>) return DType::kFloat32;
  else if constexpr (std::is_same_v<U, double>) return DType::kFloat64;
  else if constexpr (std::is_same_v<U, std::int32_t>) return DType::kInt32;
  else if constexpr (std::is_same_v<U, std::int64_t>) return DType::kInt64;
  else if constexpr (std::is_same_v<U, std::uint8_t>) return DType::kUInt8;
  else if constexpr (std::is_same_v<U, bool>) return DType::kBool;
  else if constexpr (std::is_same_v<U, std::string>) return DType::kString;
  else static_assert(sizeof(U) == 0, "no tfpp dtype holds this C++ type");
}

/// Throws InvalidArgumentError: tf::resource elements are handles, not values.
[[noreturn]] void throw_resource_has_no_values();

/// Throws InvalidArgumentError: tf::variant elements are lists that only the TensorList ops read.
[[noreturn]] void throw_no_element_type(DType dtype);

/// Calls `fn(T{})`-style with a value-initialized tag of the C++ type for `dtype`.
/// Used by kernels written once as templates; tf::resource and tf::variant throw (handles
/// and lists are used only by the variable and list ops).
template <class Fn>
decltype(auto) visit_dtype(DType dtype, Fn&& fn) {
  switch (dtype) {
    case DType::kFloat32: return fn(float{});
    case DType::kFloat64: return fn(double{});
    case DType::kInt32: return fn(std::int32_t{});
    case DType::kInt64: return fn(std::int64_t{});
    case DType::kUInt8: return fn(std::uint8_t{});
    case DType::kBool: return fn(bool{});
    case DType::kString: return fn(std::string{});
    case DType::kResource: throw_resource_has_no_values();
    case DType::kVariant: throw_no_element_type(dtype);
  }
  return fn(float{});
}

}  // namespace tf
