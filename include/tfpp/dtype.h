// Element types of tensors: TensorFlow's floats (float16, bfloat16, float32, float64), integers
// (int8 to int64, uint8 to uint64), complex64 / complex128, tf::bool_, tf::string,
// tf::resource (handles to variables, which graphs carry as values), and tf::variant (a
// scalar holding a list of tensors: the state of a tf::TensorArray in graphs).
//
// A DType is a small enum; `dtype_of<T>()` maps a C++ type to it and `dtype_name` gives the
// TensorFlow spelling ("float32") used in printing and error messages. float16 and bfloat16
// elements are Eigen::half and Eigen::bfloat16; complex elements are std::complex.
#pragma once

#include <cstddef>
#include <complex>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <type_traits>

namespace Eigen {
struct half;
struct bfloat16;
}  // namespace Eigen

namespace tf {

/// The element type of a tensor.
/// New dtypes go at the end: the values are stored in tf::data cache files.
enum class DType : std::uint8_t {
  kFloat32, kFloat64, kInt32, kInt64, kBool, kString, kResource, kVariant, kUInt8,
  kInt8, kInt16, kUInt16, kUInt32, kUInt64, kFloat16, kBFloat16, kComplex64, kComplex128
};

/// How many dtypes exist; kernels are stored in arrays of this size.
inline constexpr int kNumDTypes = 18;

inline constexpr DType float32 = DType::kFloat32;  ///< tf.float32
inline constexpr DType float64 = DType::kFloat64;  ///< tf.float64
inline constexpr DType int32 = DType::kInt32;      ///< tf.int32
inline constexpr DType int64 = DType::kInt64;      ///< tf.int64
inline constexpr DType uint8 = DType::kUInt8;      ///< tf.uint8
inline constexpr DType int8 = DType::kInt8;        ///< tf.int8
inline constexpr DType int16 = DType::kInt16;      ///< tf.int16
inline constexpr DType uint16 = DType::kUInt16;    ///< tf.uint16
inline constexpr DType uint32 = DType::kUInt32;    ///< tf.uint32
inline constexpr DType uint64 = DType::kUInt64;    ///< tf.uint64
inline constexpr DType float16 = DType::kFloat16;  ///< tf.float16 (tf.half)
inline constexpr DType half = DType::kFloat16;     ///< tf.half: another name of tf.float16
inline constexpr DType bfloat16 = DType::kBFloat16;      ///< tf.bfloat16
inline constexpr DType complex64 = DType::kComplex64;    ///< tf.complex64: two float32
inline constexpr DType complex128 = DType::kComplex128;  ///< tf.complex128: two float64
inline constexpr DType bool_ = DType::kBool;       ///< tf.bool (bool is a C++ keyword)
inline constexpr DType string = DType::kString;    ///< tf.string: each element is a byte string
inline constexpr DType resource = DType::kResource;  ///< tf.resource: each element is a handle to a variable
inline constexpr DType variant = DType::kVariant;  ///< tf.variant: each element holds a list of tensors

/// TensorFlow's name of a dtype, e.g. "float32".
std::string_view dtype_name(DType dtype);
/// Bytes per element (sizeof(std::string) for tf::string).
std::size_t dtype_size(DType dtype);
/// True for float16, bfloat16, float32 and float64 (TensorFlow's `is_floating`).
constexpr bool is_floating(DType d) {
  return d == DType::kFloat32 || d == DType::kFloat64 || d == DType::kFloat16 || d == DType::kBFloat16;
}
/// True for complex64 and complex128.
constexpr bool is_complex(DType d) { return d == DType::kComplex64 || d == DType::kComplex128; }
/// True for int32 and int64: the dtypes of shapes, axes and indices.
constexpr bool is_index_dtype(DType d) { return d == DType::kInt32 || d == DType::kInt64; }
/// True for uint8, uint16, uint32 and uint64.
constexpr bool is_unsigned(DType d) {
  return d == DType::kUInt8 || d == DType::kUInt16 || d == DType::kUInt32 || d == DType::kUInt64;
}
/// True for every signed and unsigned integer dtype.
constexpr bool is_integer(DType d) {
  return is_index_dtype(d) || is_unsigned(d) || d == DType::kInt8 || d == DType::kInt16;
}
/// True for the dtypes arithmetic works on (floats, integers and complex numbers).
constexpr bool is_numeric(DType d) { return is_floating(d) || is_integer(d) || is_complex(d); }

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
  else if constexpr (std::is_same_v<U, std::int8_t>) return DType::kInt8;
  else if constexpr (std::is_same_v<U, std::int16_t>) return DType::kInt16;
  else if constexpr (std::is_same_v<U, std::uint16_t>) return DType::kUInt16;
  else if constexpr (std::is_same_v<U, std::uint32_t>) return DType::kUInt32;
  else if constexpr (std::is_same_v<U, std::uint64_t>) return DType::kUInt64;
  else if constexpr (std::is_same_v<U, Eigen::half>) return DType::kFloat16;
  else if constexpr (std::is_same_v<U, Eigen::bfloat16>) return DType::kBFloat16;
  else if constexpr (std::is_same_v<U, std::complex<float>>) return DType::kComplex64;
  else if constexpr (std::is_same_v<U, std::complex<double>>) return DType::kComplex128;
  else if constexpr (std::is_same_v<U, bool>) return DType::kBool;
  else if constexpr (std::is_same_v<U, std::string>) return DType::kString;
  else static_assert(sizeof(U) == 0, "no tfpp dtype holds this C++ type");
}

/// Throws InvalidArgumentError: tf::resource elements are handles, not values.
[[noreturn]] void throw_resource_has_no_values();

/// Throws InvalidArgumentError: tf::variant elements are lists that only the TensorList ops read.
[[noreturn]] void throw_no_element_type(DType dtype);

/// Throws InvalidArgumentError: code written for visit_dtype's dtypes met another one.
[[noreturn]] void throw_dtype_not_visited(DType dtype);

/// Calls `fn(T{})`-style with a value-initialized tag of the C++ type for `dtype`, for
/// float32, float64, int32, int64, uint8, bool and string. Used by kernels
/// written once as templates; tf::resource and tf::variant throw (handles and lists are used
/// only by the variable and list ops), and so do the other dtypes: code that handles them
/// calls visit_every_dtype (core/visit_every_dtype.h) instead.
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
    default: throw_dtype_not_visited(dtype);
  }
}

}  // namespace tf
