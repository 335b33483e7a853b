// GIF and BMP files to tensors (tf.io.decode_gif, tf.io.decode_bmp), read by tfpp's own decoders
// with TensorFlow's rules: GIF frames composed as TensorFlow composes them, BMP checked as
// TensorFlow's own BMP decoder checks it. tf::io::decode_image (image_codecs.h) reads both too:
// a GIF as [frames, height, width, 3] unless expand_animations is false (its first frame).
//
//   tf::Tensor frames = tf::io::decode_gif(tf::io::read_file("clip.gif"));  // [frames, h, w, 3] uint8
//   tf::Tensor pixels = tf::io::decode_bmp(tf::io::read_file("icon.bmp"), 4);  // [h, w, 4] uint8
#pragma once

#include <cstdint>

#include "tfpp/tensor.h"

namespace tf::io {

/// Decodes every frame of a GIF into [frames, height, width, 3] uint8 (tf.io.decode_gif): the
/// canvas is as large as the largest frame; each frame is drawn over a copy of the previous one
/// (the first over black) at its offset, transparent pixels keeping what is below. A PNG or JPEG
/// gives one frame.
Tensor decode_gif(const Tensor& contents);

/// Decodes an uncompressed 8-, 24- or 32-bit BMP (rows bottom-up or top-down) into
/// [height, width, channels] uint8; channels 0 (the file's), 3 or 4 (tf.io.decode_bmp).
Tensor decode_bmp(const Tensor& contents, std::int64_t channels = 0);

}  // namespace tf::io
