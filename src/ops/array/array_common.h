// Helpers shared by the array ops: registering copy kernels for every dtype, and reading the
// small integer tensors (shapes, permutations, axes) that these ops take as inputs.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "kernels/cpu/copy.h"
#include "ops/op_def.h"

namespace tf::ops::array {

/// Registers `make.template operator()<S>()` for every dtype holding values, S being the dtype's storage
/// type (kernels that only move elements are compiled once per element size).
template <class Make>
OpBuilder& all_dtypes(OpBuilder& b, Make make) {
  using kernels::storage_t;
  return b.kernel(DType::kFloat32, make.template operator()<storage_t<float>>())
      .kernel(DType::kFloat64, make.template operator()<storage_t<double>>())
      .kernel(DType::kInt32, make.template operator()<storage_t<std::int32_t>>())
      .kernel(DType::kInt64, make.template operator()<storage_t<std::int64_t>>())
      .kernel(DType::kUInt8, make.template operator()<storage_t<std::uint8_t>>())
      .kernel(DType::kFloat16, make.template operator()<std::uint16_t>())  // Eigen::half's storage
      .kernel(DType::kBFloat16, make.template operator()<std::uint16_t>())
      .kernel(DType::kInt8, make.template operator()<storage_t<std::int8_t>>())
      .kernel(DType::kInt16, make.template operator()<storage_t<std::int16_t>>())
      .kernel(DType::kUInt16, make.template operator()<storage_t<std::uint16_t>>())
      .kernel(DType::kUInt32, make.template operator()<storage_t<std::uint32_t>>())
      .kernel(DType::kUInt64, make.template operator()<storage_t<std::uint64_t>>())
      .kernel(DType::kBool, make.template operator()<storage_t<bool>>())
      .kernel(DType::kComplex64, make.template operator()<storage_t<std::uint64_t>>())
      .kernel(DType::kComplex128, make.template operator()<storage_t<unsigned __int128>>())
      .kernel(DType::kString, make.template operator()<storage_t<std::string>>());
}

/// Declares an op with a fixed number of inputs whose kernels only move elements (see all_dtypes).
template <class Make>
OpBuilder copy_op(const char* name, int inputs, ShapeFn shape, std::vector<std::string> attrs, Make make) {
  OpBuilder b(name);
  b.inputs(inputs).attrs(std::move(attrs)).shape(shape);
  all_dtypes(b, make);
  return b;
}

/// Registers one dtype-independent kernel (views, shape queries) for every dtype.
inline OpBuilder& all_dtypes(OpBuilder& b, KernelFn fn) {
  for (int d = 0; d < kNumDTypes; ++d) b.kernel(static_cast<DType>(d), fn);
  return b;
}

/// Typed element pointers of a tensor read through its storage type.
template <class S>
const S* elements(const Tensor& t) {
  return static_cast<const S*>(t.raw_data());
}
template <class S>
S* mutable_elements(Tensor& t) {
  return static_cast<S*>(t.raw_mutable_data());
}

/// The values of an int32/int64 tensor (concrete), flattened.
std::vector<std::int64_t> int_values(const Tensor& t);

/// Checks that input i (named `what` in messages) is int32/int64 with the given rank
/// (-1: any rank); works on symbolic inputs.
void check_int_input(const OpContext& ctx, std::size_t i, const char* what, int rank);

/// The values of int input i when it is concrete; nullopt while tracing with a symbolic value.
std::optional<std::vector<std::int64_t>> known_int_values(const OpContext& ctx, std::size_t i);

/// A 1-D int32 tensor of `values` (int64 if some value does not fit in int32).
Tensor int_tensor(std::span<const std::int64_t> values);

/// "{1,2,3}" for error messages.
std::string join_ints(std::span<const std::int64_t> values);

/// The dtype name and shape of a tensor for error messages: "float32 [2,3]".
std::string describe(const Tensor& t);

}  // namespace tf::ops::array
