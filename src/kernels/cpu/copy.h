// Copying tensor elements without caring what they mean.
//
// Shape-manipulating kernels only move elements, so they are written once per element size:
// `storage_t<T>` maps float and int32 to uint32_t, double and int64 to uint64_t, bool to
// uint8_t, int16, float16 and bfloat16 to uint16_t, complex64 to uint64_t, complex128 to a
// 16-byte integer. Strings keep std::string, because they need real copies (memcpy would alias the
// string objects' heap buffers).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>

#include "kernels/cpu/parallel.h"
#include "tfpp/dtype.h"
#include "tfpp/tensor_shape.h"

namespace tf::kernels {

template <std::size_t Size>
struct UnsignedOfSize;
template <> struct UnsignedOfSize<1> { using type = std::uint8_t; };
template <> struct UnsignedOfSize<2> { using type = std::uint16_t; };
template <> struct UnsignedOfSize<4> { using type = std::uint32_t; };
template <> struct UnsignedOfSize<8> { using type = std::uint64_t; };
template <> struct UnsignedOfSize<16> { using type = unsigned __int128; };  // complex128

template <class T>
struct Storage {
  using type = typename UnsignedOfSize<sizeof(T)>::type;
};
template <>
struct Storage<std::string> {
  using type = std::string;
};
/// The type a copy kernel moves for elements of C++ type T.
template <class T>
using storage_t = typename Storage<T>::type;

/// visit_dtype for kernels that only move elements: every dtype holding values is visited as the
/// unsigned integer of its element size (strings as std::string), so such kernels are compiled
/// once per size; tf::resource and tf::variant throw as in visit_dtype.
template <class Fn>
decltype(auto) visit_copy_dtype(DType dtype, Fn&& fn) {
  switch (dtype) {
    case DType::kBool:
    case DType::kUInt8:
    case DType::kInt8: return fn(std::uint8_t{});
    case DType::kInt16:
    case DType::kUInt16:
    case DType::kFloat16:
    case DType::kBFloat16: return fn(std::uint16_t{});
    case DType::kFloat32:
    case DType::kInt32:
    case DType::kUInt32: return fn(std::uint32_t{});
    case DType::kFloat64:
    case DType::kInt64:
    case DType::kUInt64:
    case DType::kComplex64: return fn(std::uint64_t{});
    case DType::kComplex128: return fn(static_cast<unsigned __int128>(0));
    default: return visit_dtype(dtype, std::forward<Fn>(fn));
  }
}

/// Copies n contiguous elements (memcpy unless they are strings).
template <class T>
inline void copy_run(const T* src, std::int64_t n, T* dst) {
  if constexpr (std::is_trivially_copyable_v<T>) {
    if (n == 1) *dst = *src;  // gathers of single elements: skip the memcpy call
    else if (n > 0) std::memcpy(dst, src, static_cast<std::size_t>(n) * sizeof(T));
  } else {
    std::copy(src, src + n, dst);
  }
}

/// A strided view to copy into a contiguous output: output element (i0, i1, ...) is
/// src[offset + i0 * strides[0] + i1 * strides[1] + ...]. Strides may be zero (repeat) or
/// negative (reverse). Twice kMaxRank dimensions leave room for tile's [multiple, dim] pairs.
struct StridedView {
  static constexpr int kMaxDims = 2 * kMaxRank;
  int rank = 0;
  std::array<std::int64_t, kMaxDims> dims{};
  std::array<std::int64_t, kMaxDims> strides{};
  std::int64_t offset = 0;

  /// Appends a dimension of `size` elements, `stride` elements apart in the source.
  void add_dim(std::int64_t size, std::int64_t stride) {
    dims[rank] = size;
    strides[rank] = stride;
    ++rank;
  }
  /// The number of elements the view covers.
  std::int64_t num_elements() const;
  /// Drops size-1 dimensions and merges neighbours that are contiguous with each other.
  void coalesce();
};

/// The row-major element strides of a fully defined shape.
std::array<std::int64_t, kMaxRank> row_major_strides(const TensorShape& shape);

/// Copies the view of `src` into `dst` (contiguous), in parallel for large copies.
template <class T>
void strided_copy(const T* src, T* dst, StridedView view) {
  view.coalesce();
  const std::int64_t total = view.num_elements();
  if (total == 0) return;
  if (view.rank == 0) {
    dst[0] = src[view.offset];
    return;
  }
  const int r = view.rank;
  const std::int64_t inner = view.dims[r - 1], inner_stride = view.strides[r - 1];
  const std::int64_t rows = total / inner;
  parallel_for(rows, inner, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t row = begin; row < end; ++row) {
      std::int64_t rem = row, off = view.offset;
      for (int d = r - 2; d >= 0; --d) {
        off += (rem % view.dims[d]) * view.strides[d];
        rem /= view.dims[d];
      }
      const T* s = src + off;
      T* o = dst + row * inner;
      if (inner_stride == 1) copy_run(s, inner, o);
      else
        for (std::int64_t i = 0; i < inner; ++i) o[i] = s[i * inner_stride];
    }
  });
}

/// The inverse of strided_copy: writes contiguous `src` into the view of `dst`. The view's
/// positions must be distinct (nonzero strides), so threads never write the same element.
template <class T>
void strided_scatter(const T* src, T* dst, StridedView view) {
  view.coalesce();
  const std::int64_t total = view.num_elements();
  if (total == 0) return;
  if (view.rank == 0) {
    dst[view.offset] = src[0];
    return;
  }
  const int r = view.rank;
  const std::int64_t inner = view.dims[r - 1], inner_stride = view.strides[r - 1];
  parallel_for(total / inner, inner, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t row = begin; row < end; ++row) {
      std::int64_t rem = row, off = view.offset;
      for (int d = r - 2; d >= 0; --d) {
        off += (rem % view.dims[d]) * view.strides[d];
        rem /= view.dims[d];
      }
      const T* s = src + row * inner;
      T* o = dst + off;
      if (inner_stride == 1) copy_run(s, inner, o);
      else
        for (std::int64_t i = 0; i < inner; ++i) o[i * inner_stride] = s[i];
    }
  });
}

}  // namespace tf::kernels
