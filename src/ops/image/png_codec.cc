// libpng reports errors by longjmp: the functions below keep only trivially destructible locals
// between setjmp and the libpng calls, and own their buffers outside that frame.
#include "ops/image/png_codec.h"

#include <png.h>
#include <zlib.h>

#include <bit>
#include <csetjmp>
#include <cstring>

namespace tf::ops::image {
namespace {

struct Reader {
  const std::uint8_t* data;
  std::size_t left;
};

void on_error(png_structp png, png_const_charp) { longjmp(png_jmpbuf(png), 1); }
void on_warning(png_structp, png_const_charp) {}

void read_bytes(png_structp png, png_bytep data, png_size_t length) {
  auto* r = static_cast<Reader*>(png_get_io_ptr(png));
  if (r->left < length) png_error(png, "More bytes requested to read than available");
  std::memcpy(data, r->data, length);
  r->data += length;
  r->left -= length;
}

void write_bytes(png_structp png, png_bytep data, png_size_t length) {
  static_cast<std::string*>(png_get_io_ptr(png))->append(reinterpret_cast<const char*>(data), length);
}
void flush_bytes(png_structp) {}

// The channel count a file decodes to by default: palettes become RGB (RGBA with transparency).
int default_channels(png_structp png, png_infop info, int color_type) {
  if (color_type == PNG_COLOR_TYPE_PALETTE) return png_get_valid(png, info, PNG_INFO_tRNS) ? 4 : 3;
  return png_get_channels(png, info);
}

// Sets up libpng's conversions to `channels` of `channel_bits` (TensorFlow's CommonInitDecode;
// files of 8 bits or fewer decode to 8 bits, widened afterwards); returns the passes to read
// (interlaced files take several).
int configure(png_structp png, png_infop info, int channels, int channel_bits, int bit_depth, int color_type) {
  const bool has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
  const bool has_alpha = (color_type & PNG_COLOR_MASK_ALPHA) != 0;
  if ((channels & 1) == 0) {
    if (!has_alpha) {
      if (has_trns) png_set_tRNS_to_alpha(png);
      else png_set_add_alpha(png, (1 << bit_depth) - 1, PNG_FILLER_AFTER);
    }
  } else if (has_alpha || has_trns) {
    png_set_strip_alpha(png);
  }
  if (bit_depth > 8 && channel_bits == 8) png_set_strip_16(png);
  png_set_packing(png);
  const int passes = png_set_interlace_handling(png);
  if (channel_bits == 16 && std::endian::native == std::endian::little) png_set_swap(png);  // PNG stores big-endian
  if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  const bool is_gray = !(color_type & PNG_COLOR_MASK_COLOR);
  if (is_gray && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  if (channels < 3) {
    if (!is_gray) png_set_rgb_to_gray(png, 1, 0.299, 0.587);  // Rec. 601 weights, as TensorFlow
  } else if (is_gray) {
    png_set_gray_to_rgb(png);
  }
  png_read_update_info(png, info);
  return passes;
}

// 8-bit samples widened to 16 bits in place, from the end: v becomes v * 257 (v in both bytes).
void widen_to_16(std::vector<std::uint8_t>& pixels, std::size_t samples) {
  pixels.resize(samples * 2);
  auto* wide = reinterpret_cast<std::uint16_t*>(pixels.data());
  for (std::size_t i = samples; i-- > 0;) wide[i] = static_cast<std::uint16_t>(pixels[i] * 257u);
}

// Reads the header (and, when `pixels` is given, the image) of `data`.
bool run_decode(std::string_view data, int channels, int channel_bits, PngInfo& out, std::vector<std::uint8_t>* pixels) {
  Reader reader{reinterpret_cast<const std::uint8_t*>(data.data()), data.size()};
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, nullptr, on_error, on_warning);
  if (!png) return false;
  png_infop info = nullptr;
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_read_struct(&png, info ? &info : nullptr, nullptr);
    return false;
  }
  info = png_create_info_struct(png);
  if (!info) longjmp(png_jmpbuf(png), 1);
  png_set_read_fn(png, &reader, read_bytes);
  png_read_info(png, info);
  png_uint_32 width = 0, height = 0;
  int bit_depth = 0, color_type = 0;
  png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, nullptr, nullptr, nullptr);
  if (width == 0 || height == 0) longjmp(png_jmpbuf(png), 1);
  out.height = height;
  out.width = width;
  out.channels = channels == 0 ? default_channels(png, info, color_type) : channels;
  const bool widen = channel_bits == 16 && bit_depth <= 8;
  // Deflate expands at most 1032-fold: a header whose filtered rows could not fit in the data is a
  // truncated file, rejected before its pixels are allocated (it would fail while reading anyway).
  const double filtered_bytes = static_cast<double>(height) * (static_cast<double>(png_get_rowbytes(png, info)) + 1);
  if (pixels && filtered_bytes > 1032.0 * static_cast<double>(data.size())) longjmp(png_jmpbuf(png), 1);
  if (pixels) {
    const int passes = configure(png, info, out.channels, widen ? 8 : channel_bits, bit_depth, color_type);
    const std::size_t row_bytes = static_cast<std::size_t>(width) * out.channels * (widen ? 1 : channel_bits / 8);
    pixels->resize(row_bytes * height);
    for (int p = 0; p < passes; ++p)
      for (png_uint_32 y = 0; y < height; ++y) png_read_row(png, pixels->data() + y * row_bytes, nullptr);
    png_read_end(png, info);
  }
  png_destroy_read_struct(&png, &info, nullptr);
  if (pixels && widen) widen_to_16(*pixels, static_cast<std::size_t>(width) * height * out.channels);
  return true;
}

}  // namespace

bool read_png_info(std::string_view png, PngInfo& info) { return run_decode(png, 0, 8, info, nullptr); }

bool decode_png(std::string_view png, int channels, PngInfo& info, std::vector<std::uint8_t>& pixels, int channel_bits) {
  return run_decode(png, channels, channel_bits, info, &pixels);
}

bool encode_png(const void* pixels, std::int64_t height, std::int64_t width, int channels, int compression,
                std::string& out, int channel_bits) {
  static constexpr int kColorTypes[] = {PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_COLOR_TYPE_RGB,
                                        PNG_COLOR_TYPE_RGB_ALPHA};
  out.clear();
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, on_error, on_warning);
  if (!png) return false;
  png_infop info = nullptr;
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, info ? &info : nullptr);
    return false;
  }
  info = png_create_info_struct(png);
  if (!info) longjmp(png_jmpbuf(png), 1);
  png_set_write_fn(png, &out, write_bytes, flush_bytes);
  png_set_compression_level(png, compression < 0 ? Z_DEFAULT_COMPRESSION : compression);
  png_set_compression_mem_level(png, MAX_MEM_LEVEL);
  png_set_IHDR(png, info, static_cast<png_uint_32>(width), static_cast<png_uint_32>(height), channel_bits,
               kColorTypes[channels - 1], PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  if (channel_bits == 16 && std::endian::native == std::endian::little) png_set_swap(png);
  const std::size_t row_bytes = static_cast<std::size_t>(width) * channels * (channel_bits / 8);
  const auto* rows = static_cast<const std::uint8_t*>(pixels);
  for (std::int64_t y = 0; y < height; ++y) png_write_row(png, const_cast<png_bytep>(rows + y * row_bytes));
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return true;
}

}  // namespace tf::ops::image
