// PNG encoding and decoding in memory through libpng, with TensorFlow's settings (its
// core/lib/png/png_io.cc): the same compression parameters, so encoded files are byte-identical,
// and the same channel conversions when decoding.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tf::ops::image {

/// A PNG header's facts: size, and the channel count it decodes to when none is requested.
struct PngInfo {
  std::int64_t height = 0, width = 0;
  int channels = 0;
};

/// Reads the header; false for data that is not a PNG libpng can start decoding.
bool read_png_info(std::string_view png, PngInfo& info);
/// Decodes to `channel_bits` (8 or 16) pixels with `channels` (0: the file's own) into `pixels`,
/// 16-bit samples in native byte order (8-bit files widened as v * 257, as TensorFlow does);
/// false on corrupt data.
bool decode_png(std::string_view png, int channels, PngInfo& info, std::vector<std::uint8_t>& pixels,
                int channel_bits = 8);
/// Encodes a height x width image of 1-4 interleaved channels of `channel_bits` (8, or 16 in
/// native byte order); `compression` -1 is zlib's default.
bool encode_png(const void* pixels, std::int64_t height, std::int64_t width, int channels, int compression,
                std::string& out, int channel_bits = 8);

}  // namespace tf::ops::image
