#include "ops/random/fill_distribution.h"

#include "core/tensor_impl.h"
#include "kernels/cpu/philox_fill.h"
#include "ops/half/half_convert.h"

namespace tf::ops {
namespace {

template <class T>
void fill(Distribution distribution, kernels::Philox gen, T* out, std::int64_t n) {
  switch (distribution) {
    case Distribution::kNormal: return kernels::fill_normal(gen, out, n);
    case Distribution::kUniform: return kernels::fill_uniform(gen, out, n);
    case Distribution::kTruncatedNormal: return kernels::fill_truncated_normal(gen, out, n);
  }
}

}  // namespace

void fill_distribution(Distribution distribution, kernels::Philox gen, Tensor& out) {
  const std::int64_t n = out.num_elements();
  if (out.dtype() == DType::kFloat32) return fill(distribution, gen, out.mutable_data<float>(), n);
  if (out.dtype() == DType::kFloat64) return fill(distribution, gen, out.mutable_data<double>(), n);
  Tensor samples = core::empty(DType::kFloat32, out.shape());
  fill(distribution, gen, samples.mutable_data<float>(), n);
  if (distribution == Distribution::kUniform) half::uniform_into(samples, out);
  else half::round_into(samples, out);
}

}  // namespace tf::ops
