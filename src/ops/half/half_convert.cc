#include "ops/half/half_convert.h"

#include <Eigen/Core>

#include "core/tensor_impl.h"

namespace tf::ops::half {
namespace {

template <class H>
void widen(const H* x, std::int64_t n, float* y) {
  for (std::int64_t i = 0; i < n; ++i) y[i] = static_cast<float>(x[i]);
}

template <class H>
void narrow(const float* x, std::int64_t n, H* y) {
  for (std::int64_t i = 0; i < n; ++i) y[i] = H(x[i]);
}

}  // namespace

Tensor to_float32(const Tensor& x) {
  Tensor y = core::empty(DType::kFloat32, x.shape());
  float* out = y.mutable_data<float>();
  if (x.dtype() == DType::kFloat16) widen(x.data<Eigen::half>(), x.num_elements(), out);
  else widen(x.data<Eigen::bfloat16>(), x.num_elements(), out);
  return y;
}

void round_into(const Tensor& x, Tensor& out) {
  const float* in = x.data<float>();
  if (out.dtype() == DType::kFloat16) narrow(in, x.num_elements(), out.mutable_data<Eigen::half>());
  else narrow(in, x.num_elements(), out.mutable_data<Eigen::bfloat16>());
}

void uniform_into(const Tensor& x, Tensor& out) {
  const float* in = x.data<float>();
  const bool half = out.dtype() == DType::kFloat16;
  auto* bits = static_cast<std::uint16_t*>(out.raw_mutable_data());
  for (std::int64_t i = 0; i < x.num_elements(); ++i) {
    // A float32 sample is m / 2^23 exactly, m being the sample's low 23 bits.
    const auto m = static_cast<std::uint32_t>(in[i] * 8388608.0f);
    if (half) {
      const Eigen::half one_to_two = Eigen::numext::bit_cast<Eigen::half>(static_cast<std::uint16_t>((15u << 10) | (m & 0x3ffu)));
      bits[i] = Eigen::numext::bit_cast<std::uint16_t>(Eigen::half(one_to_two - Eigen::half(1.0f)));
    } else {
      const Eigen::bfloat16 one_to_two = Eigen::numext::bit_cast<Eigen::bfloat16>(static_cast<std::uint16_t>((127u << 7) | (m & 0x7fu)));
      bits[i] = Eigen::numext::bit_cast<std::uint16_t>(Eigen::bfloat16(one_to_two - Eigen::bfloat16(1.0f)));
    }
  }
}

Tensor from_float32(const Tensor& x, DType dtype) {
  Tensor y = core::empty(dtype, x.shape());
  round_into(x, y);
  return y;
}

}  // namespace tf::ops::half
