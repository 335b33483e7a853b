// The colour adjustments with their amount as a float32 scalar tensor (drawn at run time by the
// random_* functions), behind tf::image's adjust_brightness, adjust_saturation and adjust_hue.
#pragma once

#include "tfpp/tensor.h"

namespace tf::image::detail {

/// adjust_brightness: image + delta in the [0, 1] float scale, saturated back to the image's dtype.
Tensor adjust_brightness_by(const Tensor& image, const Tensor& delta);
/// adjust_saturation through AdjustSaturation on float32.
Tensor adjust_saturation_by(const Tensor& image, const Tensor& factor);
/// adjust_hue through AdjustHue on float32.
Tensor adjust_hue_by(const Tensor& image, const Tensor& delta);

}  // namespace tf::image::detail
