// The gradient of StatelessParameterizedTruncatedNormal with respect to its four parameters by
// implicit reparameterization (Figurnov et al., 2018), as TensorFlow's random_grad.py computes
// it: the sample's standardized CDF position is held fixed while a parameter moves.
#include <cmath>
#include <limits>

#include "autodiff/grad_utils.h"
#include "autodiff/gradient_registry.h"
#include "tfpp/constant.h"
#include "tfpp/math_ops.h"
#include "tfpp/special_math_ops.h"

namespace tf::autodiff {
namespace {

// The standard normal CDF as TensorFlow's _Ndtr: erf near 0, erfc in the tails.
Tensor ndtr(const Tensor& x) {
  const Tensor half_sqrt_2 = cast(constant(0.5 * std::sqrt(2.0)), x.dtype());
  const Tensor w = x * half_sqrt_2, z = abs(w);
  const Tensor y = where(z < half_sqrt_2, 1.0 + math::erf(w), where(w > 0.0, 2.0 - math::erfc(z), math::erfc(z)));
  return 0.5 * y;
}

// StatelessParameterizedTruncatedNormal(seed, means, stddevs, minvals, maxvals) -> sample.
Grads parameterized_truncated_normal_grad(const GradientContext& ctx, std::span<const Tensor> dy) {
  const Tensor &mean = ctx.input(1), &stddev = ctx.input(2), &minval = ctx.input(3), &maxval = ctx.input(4);
  const Tensor& grad = dy[0];
  const Tensor minval_std = (minval - mean) / stddev, maxval_std = (maxval - mean) / stddev;
  const Tensor sample_std = (ctx.output(0) - mean) / stddev;
  const bool f32 = mean.dtype() == float32;
  const double tiny = f32 ? std::numeric_limits<float>::min() : std::numeric_limits<double>::min();
  const double eps = f32 ? std::numeric_limits<float>::epsilon() : std::numeric_limits<double>::epsilon();
  // Clipped so that the logs below stay finite.
  const Tensor cdf = clip_by_value((ndtr(sample_std) - ndtr(minval_std)) / (ndtr(maxval_std) - ndtr(minval_std)),
                                   tiny, 1 - eps);
  const Tensor dmaxval = exp(0.5 * (square(sample_std) - square(maxval_std)) + math::log(cdf));
  const Tensor dminval = exp(0.5 * (square(sample_std) - square(minval_std)) + math::log1p(-cdf));
  return {Tensor(), unbroadcast(grad, ctx, 1), unbroadcast(grad * sample_std, ctx, 2),
          unbroadcast(grad * dminval, ctx, 3), unbroadcast(grad * dmaxval, ctx, 4)};
}

}  // namespace

TF_REGISTER_GRADIENT("StatelessParameterizedTruncatedNormal", parameterized_truncated_normal_grad,
                     {.inputs = true, .outputs = true});

}  // namespace tf::autodiff
