// JPEG decoding and encoding in memory through libjpeg-turbo, with TensorFlow's settings (its
// core/lib/jpeg/jpeg_mem.cc): the same decompression parameters, so decoding a file gives the
// same pixels as TensorFlow, and the same compression parameters for encoding.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tf::ops::image {

/// A window of the decoded (downscaled) image, by its top-left corner and size.
struct JpegCropWindow {
  int y = 0, x = 0, height = 0, width = 0;
};

/// How to decode a JPEG (DecodeJpeg's attributes, and DecodeAndCropJpeg's window).
struct JpegDecodeFlags {
  int channels = 0;            ///< 0 (the file's: 1 or 3), 1 or 3
  int ratio = 1;               ///< downscaling: 1, 2, 4 or 8
  bool fancy_upscaling = true;
  bool try_recover_truncated = false;
  float acceptable_fraction = 1.0f;
  bool integer_accurate = false;  ///< JDCT_ISLOW instead of TensorFlow's default JDCT_IFAST
  /// Decode only this window, skipping the rows above and below it and the MCU columns left of
  /// it, as TensorFlow does through libjpeg-turbo's jpeg_crop_scanline and jpeg_skip_scanlines.
  /// Chroma upsampling then sees only the decoded columns, so pixels near the window's edge may
  /// differ from those of a full decode.
  std::optional<JpegCropWindow> crop;
};

/// Decoded size (after the ratio, and of the crop window when there is one) and channel count.
struct JpegInfo {
  std::int64_t height = 0, width = 0;
  int channels = 0;
};

/// Reads the header and computes the decoded size; false for data libjpeg rejects, or a crop
/// window that is empty or does not lie inside the image.
bool read_jpeg_info(std::string_view jpeg, const JpegDecodeFlags& flags, JpegInfo& info);
/// Decodes into `pixels`; false on corrupt data (or too few rows, below acceptable_fraction).
bool decode_jpeg(std::string_view jpeg, const JpegDecodeFlags& flags, JpegInfo& info, std::vector<std::uint8_t>& pixels);

/// How to encode a JPEG (EncodeJpeg's attributes).
struct JpegEncodeFlags {
  int quality = 95;
  bool progressive = false;
  bool optimize_size = false;
  bool chroma_downsampling = true;
  int density_unit = 1;  ///< 1: dots per inch, 2: per cm
  int x_density = 300, y_density = 300;
  std::string xmp_metadata;
};

/// Encodes a height x width image of 1 (gray) or 3 (RGB) channels.
bool encode_jpeg(const std::uint8_t* pixels, std::int64_t height, std::int64_t width, int channels, const JpegEncodeFlags& flags,
                 std::string& out);

}  // namespace tf::ops::image
