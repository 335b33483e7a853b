#include "ops/image/bmp_codec.h"

#include <cstdlib>
#include <limits>

namespace tf::ops::image {
namespace {

std::int32_t int32_at(std::string_view s, std::size_t at) {
  std::uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<std::uint8_t>(s[at + static_cast<std::size_t>(i)]);
  return static_cast<std::int32_t>(v);
}

std::int16_t int16_at(std::string_view s, std::size_t at) {
  return static_cast<std::int16_t>(static_cast<std::uint8_t>(s[at]) | (static_cast<std::uint8_t>(s[at + 1]) << 8));
}

}  // namespace

std::string read_bmp_info(std::string_view bmp, BmpInfo& info) {
  const auto size = static_cast<std::int64_t>(bmp.size());
  if (size < 32)
    return "Incomplete bmp content, requires at least 32 bytes to find the header size, width, height, and bpp, got " +
           std::to_string(size) + " bytes";
  info.pixel_offset = int32_at(bmp, 10);
  info.width = int32_at(bmp, 18);
  info.height = int32_at(bmp, 22);
  info.channels = int16_at(bmp, 28) / 8;
  if (info.channels != 1 && info.channels != 3 && info.channels != 4)
    return "Number of channels inherent in the image must be 1, 3 or 4, was " + std::to_string(info.channels);
  if (info.width <= 0) return "Width must be positive";
  if (info.height == 0) return "Height must be nonzero";
  if (info.pixel_offset < 0) return "header size must be nonnegative";
  const std::int64_t rows = std::abs(info.height);
  if (info.width * rows >= std::numeric_limits<std::int32_t>::max() / 8) return "Total possible pixel bytes must be less than 2^30";
  info.row_size = (info.channels * info.width + 3) / 4 * 4;
  // TensorFlow computes the difference in a 32-bit int.
  const auto size_diff = static_cast<std::int32_t>(size - info.pixel_offset - info.row_size * rows);
  if (size_diff != 0)
    return "Input size should match (header_size + row_size * abs_height) but they differ by " + std::to_string(size_diff);
  return "";
}

void decode_bmp(std::string_view bmp, const BmpInfo& info, int channels, std::uint8_t* out) {
  const int in_channels = info.channels;
  if (channels == 0) channels = in_channels;
  const std::int64_t rows = std::abs(info.height);
  const auto* pixels = reinterpret_cast<const std::uint8_t*>(bmp.data()) + info.pixel_offset;
  for (std::int64_t y = 0; y < rows; ++y) {
    const std::uint8_t* src = pixels + (info.height < 0 ? y : rows - 1 - y) * info.row_size;
    for (std::int64_t x = 0; x < info.width; ++x, src += in_channels, out += channels) {
      const bool gray = in_channels == 1;
      out[0] = src[gray ? 0 : 2];  // BGR(A) to RGB(A)
      if (channels >= 3) {
        out[1] = src[gray ? 0 : 1];
        out[2] = src[0];
      }
      if (channels == 4) out[3] = in_channels == 4 ? src[3] : 255;
    }
  }
}

}  // namespace tf::ops::image
