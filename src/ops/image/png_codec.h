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
/// Decodes to 8-bit pixels with `channels` (0: the file's own) into `pixels`; false on corrupt data.
bool decode_png(std::string_view png, int channels, PngInfo& info, std::vector<std::uint8_t>& pixels);
/// Encodes a height x width image of 1-4 interleaved 8-bit channels; `compression` -1 is zlib's default.
bool encode_png(const std::uint8_t* pixels, std::int64_t height, std::int64_t width, int channels, int compression,
                std::string& out);

}  // namespace tf::ops::image
