// BMP decoding as TensorFlow's own decoder does it (core/kernels/image/decode_image_op.cc): the
// pixel offset, width, height and bits per pixel from the header; 8-, 24- and 32-bit
// uncompressed pixels, bottom-up (positive height) or top-down (negative height); BGR(A) to
// RGB(A); and TensorFlow's checks and messages.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tf::ops::image {

/// A BMP header's facts.
struct BmpInfo {
  std::int64_t pixel_offset = 0, width = 0, height = 0;  ///< height < 0: rows stored top-down
  int channels = 0;                                      ///< the file's own: 1, 3 or 4
  std::int64_t row_size = 0;                             ///< bytes per stored row, padded to 4
};

/// Reads and checks the header against the contents' size; returns TensorFlow's error message,
/// or "" when the contents decode.
std::string read_bmp_info(std::string_view bmp, BmpInfo& info);
/// Writes |height| x width x `channels` (3 or 4; 0 or 1 only for a 1-channel file) bytes:
/// gray repeated into RGB, alpha 255 where the file has none, alpha dropped for 3 channels.
void decode_bmp(std::string_view bmp, const BmpInfo& info, int channels, std::uint8_t* out);

}  // namespace tf::ops::image
