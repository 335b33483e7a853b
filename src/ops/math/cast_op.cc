// Cast between the numeric and bool dtypes (floats to integers truncate toward zero; complex
// numbers to real dtypes keep the real part).
#include <Eigen/Core>
#include <complex>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "core/visit_every_dtype.h"
#include "kernels/cpu/elementwise.h"
#include "ops/execute.h"
#include "ops/op_def.h"
#include "tfpp/math_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

void cast_shape(ShapeContext& ctx) {
  const DType from = ctx.input(0).dtype(), to = ctx.attr<DType>(0);
  if ((from == DType::kString) != (to == DType::kString))  // TensorFlow's kernel lookup fails: Unimplemented
    throw UnimplementedError("[Cast] casting " + std::string(dtype_name(from)) + " to " + std::string(dtype_name(to)) +
                             " is not supported (use tf::strings::to_number)");
  ctx.add_output(to, ctx.input(0).shape());
}

template <class T>
constexpr bool is_half_v = std::is_same_v<T, Eigen::half> || std::is_same_v<T, Eigen::bfloat16>;
template <class T>
constexpr bool is_complex_v = false;
template <class T>
constexpr bool is_complex_v<std::complex<T>> = true;

// One element. Floats outside the integer range (and NaN) give the integer minimum, as the
// x86 conversion TensorFlow's CPU kernels compile to does, instead of undefined behaviour; a
// float becomes int8, int16, uint8 or uint16 through int32, keeping the low bits (-1.0 -> 255,
// 300.0 -> 44 as uint8), and uint32 through int64, as there. Out-of-range floats cast as
// TensorFlow's scalar loop does (its vectorized loop, over most elements of long tensors, may
// give other values for them).
template <class To, class From>
To convert(From x) {
  if constexpr (is_complex_v<To>) {  // a real number becomes the real part
    if constexpr (is_complex_v<From>) return To(x);
    else return To(static_cast<typename To::value_type>(x));
  } else if constexpr (is_complex_v<From>) {  // the imaginary part is dropped, as TensorFlow does
    return convert<To>(x.real());
  } else if constexpr (is_half_v<From> && !std::is_same_v<To, bool>) {
    return convert<To>(static_cast<float>(x));  // Eigen's half -> T goes through float, as TensorFlow's Cast
  } else if constexpr (is_half_v<To> && !std::is_same_v<From, bool>) {
    return To(static_cast<float>(x));  // round to nearest even; TensorFlow also narrows double through float
  } else if constexpr (std::is_same_v<To, bool>) {
    return x != From(0);
  } else if constexpr (std::is_integral_v<To> && sizeof(To) < sizeof(std::int32_t) && std::is_floating_point_v<From>) {
    return static_cast<To>(convert<std::int32_t>(x));
  } else if constexpr (std::is_same_v<To, std::uint32_t> && std::is_floating_point_v<From>) {
    return static_cast<To>(convert<std::int64_t>(x));
  } else if constexpr (std::is_same_v<To, std::uint64_t> && std::is_floating_point_v<From>) {
    // x86's unsigned conversion: values from 2^63 on convert shifted down by 2^63, with the top bit
    // set again (negative values wrap; NaN and values past 2^64 give 2^63).
    const std::int64_t low = convert<std::int64_t>(x);
    if (low >= 0) return static_cast<To>(low);
    return static_cast<To>(low) | static_cast<To>(convert<std::int64_t>(x - From(0x1p63)));
  } else if constexpr (std::is_integral_v<To> && std::is_floating_point_v<From>) {
    constexpr From lo = From(std::numeric_limits<To>::min());  // -2^k, exact in any float
    return x >= lo && x < -lo ? static_cast<To>(x) : std::numeric_limits<To>::min();
  } else {
    return static_cast<To>(x);
  }
}

template <class From>
void cast_kernel(KernelContext& ctx) {
  Tensor& out = ctx.output(0);
  if constexpr (std::is_same_v<From, std::string>) {
    kernels::map_tensor<From, From>(ctx.input(0), out, [](const std::string& s) { return s; });
  } else {
    const auto cast_to = [&]<class To>(To) {
      if constexpr (!std::is_same_v<To, std::string>)
        kernels::map_tensor<From, To>(ctx.input(0), out, [](From x) { return convert<To>(x); });
    };
    visit_every_dtype(out.dtype(), cast_to);
  }
}

const OpDef& kCast =
    OpBuilder("Cast").inputs(1).attrs({"DstT"}).shape(cast_shape)
        .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, std::int8_t, std::int16_t, std::uint16_t,
                 std::uint32_t, std::uint64_t, Eigen::half, Eigen::bfloat16, bool, std::string, std::complex<float>,
                 std::complex<double>>(
        []<class T>() -> KernelFn { return &cast_kernel<T>; });

}  // namespace

Tensor cast(const Tensor& x, DType dtype) {
  if (x.defined() && x.dtype() == dtype) return x;  // TensorFlow returns the input unchanged
  const ops::AttrValue attrs[] = {dtype};
  return ops::execute1(kCast, {x}, attrs);
}

}  // namespace tf
