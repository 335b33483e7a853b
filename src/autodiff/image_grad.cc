// Gradients of the image ops. TensorFlow registers none for AdjustContrastv2
// (tf.image.adjust_contrast), and its guide registers one with tf.RegisterGradient; tfpp leaves
// it to users the same way, as TensorFlow also does for AdjustSaturation, AdjustHue and the
// non-max suppressions.
// HSVToRGB is not differentiable; RGBToHSV's gradient is TensorFlow's piecewise one
// (image_grad.py), written out per channel below.
#include "autodiff/gradient_registry.h"
#include "autodiff/unregistered_gradients.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/math_ops.h"
#include "tfpp/zero_safe_ops.h"

namespace tf::autodiff {
namespace {

[[maybe_unused]] const bool kAdjustContrastv2LeftToUsers = leave_gradient_to_users("AdjustContrastv2");
[[maybe_unused]] const bool kAdjustSaturationLeftToUsers = leave_gradient_to_users("AdjustSaturation");
[[maybe_unused]] const bool kAdjustHueLeftToUsers = leave_gradient_to_users("AdjustHue");
[[maybe_unused]] const bool kNonMaxSuppressionV3LeftToUsers = leave_gradient_to_users("NonMaxSuppressionV3");
[[maybe_unused]] const bool kNonMaxSuppressionV5LeftToUsers = leave_gradient_to_users("NonMaxSuppressionV5");
[[maybe_unused]] const bool kNonMaxSuppressionWithOverlapsLeftToUsers = leave_gradient_to_users("NonMaxSuppressionWithOverlaps");
[[maybe_unused]] const bool kCombinedNonMaxSuppressionLeftToUsers = leave_gradient_to_users("CombinedNonMaxSuppression");

Tensor channel(const Tensor& t, std::int32_t c) { return gather(t, constant(c), {.axis = -1}); }

// 1 / x, and 0 where x is 0 (TensorFlow's _CustomReciprocal).
Tensor reciprocal(const Tensor& x) { return math::divide_no_nan(scalar_like(x, 1.0), x); }

Tensor mask(const Tensor& condition, DType dtype) { return cast(condition, dtype); }

// Value, saturation and hue derivatives per channel, from masks of which channel is largest and
// smallest; each hue term (TensorFlow's dh_d{r,g,b}_1 .. _5) is one max/min case.
Grads rgb_to_hsv_grad(const GradientContext& ctx, std::span<const Tensor> grads) {
  const Tensor& rgb = ctx.input(0);
  const Tensor& hsv = ctx.output(0);
  const DType dtype = rgb.dtype();
  const Tensor r = channel(rgb, 0), g = channel(rgb, 1), b = channel(rgb, 2);
  const Tensor saturation = channel(hsv, 1), value = channel(hsv, 2);
  // Ties go to red, then green, as in TensorFlow.
  const Tensor r_big = mask((r >= b) & (r >= g), dtype), g_big = mask((g > r) & (g >= b), dtype),
               b_big = mask((b > r) & (b > g), dtype);
  const Tensor r_small = mask((r < b) & (r < g), dtype), g_small = mask((g <= r) & (g < b), dtype),
               b_small = mask((b <= r) & (b <= g), dtype);
  const Tensor r_pos = mask(r > 0.0, dtype), g_pos = mask(g > 0.0, dtype), b_pos = mask(b > 0.0, dtype);

  const Tensor ds_dr = r_pos * (r_big * (g_small * g + b_small * b) * reciprocal(math::square(r)) +
                                r_small * -1.0 * reciprocal(g_big * g + b_big * b));
  const Tensor ds_dg = g_pos * (g_big * (r_small * r + b_small * b) * reciprocal(math::square(g)) +
                                g_small * -1.0 * reciprocal(r_big * r + b_big * b));
  const Tensor ds_db = b_pos * (b_big * (g_small * g + r_small * r) * reciprocal(math::square(b)) +
                                b_small * -1.0 * reciprocal(g_big * g + r_big * r));

  const Tensor inv_s2 = reciprocal(math::square(saturation)), inv_v2 = reciprocal(math::square(value));
  const Tensor dh_dr = (60.0 * (r_pos * r_big * -1.0 * (g - b) * inv_s2 * inv_v2) +
                        60.0 * (g_pos * g_big * r_small * (b - g) * reciprocal(math::square(r - g))) +
                        60.0 * (g_pos * g_big * b_small * -1.0 * reciprocal(g - b)) +
                        60.0 * (b_pos * b_big * r_small * (b - g) * reciprocal(math::square(b - r))) +
                        60.0 * (b_pos * b_big * g_small * reciprocal(b - g))) /
                       360.0;
  const Tensor dh_dg = (60.0 * (g_pos * g_big * -1.0 * (b - r) * inv_s2 * inv_v2) +
                        60.0 * (r_pos * r_big * g_small * (r - b) * reciprocal(math::square(r - g))) +
                        60.0 * (r_pos * r_big * b_small * reciprocal(r - b)) +
                        60.0 * (b_pos * b_big * g_small * (r - b) * reciprocal(math::square(b - g))) +
                        60.0 * (b_pos * b_big * r_small * -1.0 * reciprocal(b - r))) /
                       360.0;
  const Tensor dh_db = (60.0 * (b_pos * b_big * -1.0 * (r - g) * inv_s2 * inv_v2) +
                        60.0 * (r_pos * r_big * b_small * (g - r) * reciprocal(math::square(r - b))) +
                        60.0 * (r_pos * r_big * g_small * -1.0 * reciprocal(r - g)) +
                        60.0 * (g_pos * g_big * b_small * (g - r) * reciprocal(math::square(g - b))) +
                        60.0 * (g_pos * g_big * r_small * reciprocal(g - r))) /
                       360.0;

  const Tensor& dy = grads[0];
  const Tensor dh = channel(dy, 0), ds = channel(dy, 1), dv = channel(dy, 2);
  const Tensor dv_drgb = stack({dv * r_big, dv * g_big, dv * b_big}, -1);
  const Tensor ds_drgb = stack({ds * ds_dr, ds * ds_dg, ds * ds_db}, -1);
  const Tensor dh_drgb = stack({dh * dh_dr, dh * dh_dg, dh * dh_db}, -1);
  return {(dv_drgb + ds_drgb) + dh_drgb};
}

}  // namespace

TF_REGISTER_GRADIENT("RGBToHSV", rgb_to_hsv_grad);
TF_NO_GRADIENT("HSVToRGB");

}  // namespace tf::autodiff
