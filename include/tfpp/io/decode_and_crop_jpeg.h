// tf.io.decode_and_crop_jpeg (also tf.image.decode_and_crop_jpeg): decodes only a window of a JPEG,
// skipping the rows above and below it, which is much faster than decoding the whole image and
// cropping it. The window is [y, x, height, width] in the decoded (after `ratio`) image.
//
//   tf::io::decode_and_crop_jpeg(contents, tf::constant({10, 20, 224, 224}));  // [224, 224, 3]
//
// Near the window's left and right edges the chroma of a subsampled JPEG is upsampled from the
// decoded columns only, so those pixels may differ slightly from a full decode's (as TensorFlow's).
#pragma once

#include "tfpp/image_codecs.h"
#include "tfpp/tensor.h"

namespace tf::io {

/// The `crop_window` ([4] int32) of the JPEG `contents` as [height, width, channels] uint8. A
/// window that is empty or reaches outside the image, or contents that are not a JPEG, raise
/// InvalidArgumentError.
Tensor decode_and_crop_jpeg(const Tensor& contents, const Tensor& crop_window, const DecodeJpegOptions& options = {});

}  // namespace tf::io
