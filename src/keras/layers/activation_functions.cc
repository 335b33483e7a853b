#include "tfpp/keras/activation_functions.h"

#include "tfpp/activation_ops.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/math_ops.h"
#include "tfpp/softmax_ops.h"

namespace tf::keras::activations {

Tensor relu(const Tensor& x, const ReluOptions& o) {
  // Keras 3.15's ReLU.static_call: leaky_relu when only a slope is given, relu6 for max_value 6.
  Tensor negative_part;
  if (o.negative_slope != 0.0) {
    if (!o.max_value && o.threshold == 0) return leaky_relu(x, o.negative_slope);
    negative_part = o.threshold != 0 ? nn::relu(o.threshold - x) : nn::relu(-x);
  }
  bool clip_max = o.max_value.has_value();
  Tensor y;
  if (o.threshold != 0) {
    y = where(x > o.threshold, x, zeros_like(x));
  } else if (o.max_value && *o.max_value == 6) {
    y = nn::relu6(x);
    clip_max = false;
  } else {
    y = nn::relu(x);
  }
  if (clip_max) y = clip_by_value(y, 0.0, *o.max_value);
  if (o.negative_slope != 0.0) y = y - negative_part * o.negative_slope;
  return y;
}

Tensor elu(const Tensor& x, double alpha) {
  const Tensor y = nn::elu(x);
  return alpha == 1.0 ? y : where(x > 0.0, y, y * alpha);
}

Tensor gelu(const Tensor& x, bool approximate) { return nn::gelu(x, {.approximate = approximate}); }
Tensor softmax(const Tensor& x, std::int64_t axis) { return nn::softmax(x, axis); }
Tensor log_softmax(const Tensor& x, std::int64_t axis) { return nn::log_softmax(x, axis); }

Tensor celu(const Tensor& x, double alpha) {
  return math::maximum(x, zeros_like(x)) + math::expm1(math::minimum(x, zeros_like(x)) / alpha) * alpha;
}
Tensor soft_shrink(const Tensor& x, double threshold) {
  return where(x > threshold, x - threshold, where(x < -threshold, x + threshold, zeros_like(x)));
}
Tensor hard_shrink(const Tensor& x, double threshold) { return where(math::abs(x) > threshold, x, zeros_like(x)); }
Tensor squareplus(const Tensor& x, double b) { return (x + math::sqrt(math::square(x) + b)) / 2.0; }
Tensor mish(const Tensor& x) { return x * nn::tanh(nn::softplus(x)); }
Tensor hard_silu(const Tensor& x) { return x * (nn::relu6(x + 3.0) / 6.0); }
Tensor log_sigmoid(const Tensor& x) { return -nn::softplus(-x); }
Tensor hard_tanh(const Tensor& x) { return clip_by_value(x, -1.0, 1.0); }
Tensor tanh_shrink(const Tensor& x) { return x - nn::tanh(x); }
Tensor sparse_plus(const Tensor& x) {
  return where(x <= -1.0, zeros_like(x), where(x < 1.0, 0.25 * math::square(x + 1.0), x));
}
Tensor sparse_sigmoid(const Tensor& x) {
  return where(x <= -1.0, zeros_like(x), where(x >= 1.0, ones_like(x), 0.5 * (x + 1.0)));
}

}  // namespace tf::keras::activations
