// libjpeg reports errors through error_exit, which longjmps back here: only trivially
// destructible locals live between setjmp and the libjpeg calls.
#include "ops/image/jpeg_codec.h"

#include <cstdio>
// jpeglib.h needs size_t and FILE declared first.
#include <jpeglib.h>
// jerror.h's ERREXIT / WARNMS, after jpeglib.h.
#include <jerror.h>

#include <algorithm>
#include <csetjmp>
#include <cstdlib>

namespace tf::ops::image {
namespace {

struct ErrorManager {
  jpeg_error_mgr base;
  std::jmp_buf jump;
};

void on_error(j_common_ptr cinfo) { std::longjmp(reinterpret_cast<ErrorManager*>(cinfo->err)->jump, 1); }
void no_message(j_common_ptr) {}

// A memory source that ends as TensorFlow's does (libjpeg's own jpeg_mem_src always pretends an
// end marker): running out of data fails unless recovering a truncated file, which gets one fake
// end marker; a skip past the end counts as running out.
struct MemorySource {
  jpeg_source_mgr base;
  const JOCTET* data;
  std::size_t size;
  bool recover_truncated;
  bool end_marker_given;
  bool reading_header;
  // Where the last request for more data left libjpeg, and how many requests in a row found it
  // there: recovering lets libjpeg go on over corrupt data, which is a loop when it never moves.
  const JOCTET* stalled_at;
  int stalled_requests;
};

// Requests at one position before recovery gives up on corrupt data. libjpeg's Huffman decoder
// asks with the position its last whole block left (a truncated file's last blocks can ask hundreds
// of times there and still finish, as TensorFlow's); the loops that never end ask without limit.
constexpr int kMaxStalledRequests = 1 << 16;

constexpr JOCTET kEndMarker[2] = {0xFF, JPEG_EOI};

void init_source(j_decompress_ptr cinfo) {
  auto* src = reinterpret_cast<MemorySource*>(cinfo->src);
  src->base.next_input_byte = src->data;
  src->base.bytes_in_buffer = src->size;
}

boolean fill_input_buffer(j_decompress_ptr cinfo) {
  auto* src = reinterpret_cast<MemorySource*>(cinfo->src);
  if (src->base.bytes_in_buffer == 0 && src->base.next_input_byte == src->data) ERREXIT(cinfo, JERR_INPUT_EMPTY);
  // Asked for more while bytes remain: corrupt data. Suspend, or when recovering let libjpeg go on
  // as TensorFlow does; but not in the header, nor where libjpeg makes no progress between requests,
  // for then it asks again forever (TensorFlow hangs on "\xff\xd8\xff" and on some progressive
  // files); there tfpp suspends and fails.
  if (src->base.bytes_in_buffer > 0) {
    src->stalled_requests = src->base.next_input_byte == src->stalled_at ? src->stalled_requests + 1 : 0;
    src->stalled_at = src->base.next_input_byte;
    return src->recover_truncated && !src->reading_header && src->stalled_requests < kMaxStalledRequests ? TRUE : FALSE;
  }
  // One fake end marker only. TensorFlow means the same but compares the read position with the
  // marker's start, which libjpeg has moved past: a header that ends right after "\xff\xd8\xff"
  // makes it insert markers forever (it hangs); tfpp fails instead.
  if (src->recover_truncated && !src->end_marker_given) {
    src->end_marker_given = true;
    WARNMS(cinfo, JWRN_JPEG_EOF);
    src->base.next_input_byte = kEndMarker;
    src->base.bytes_in_buffer = 2;
    return TRUE;
  }
  ERREXIT(cinfo, JERR_FILE_READ);
  return FALSE;
}

void skip_input_data(j_decompress_ptr cinfo, long count) {
  auto* src = reinterpret_cast<MemorySource*>(cinfo->src);
  if (count < 0) return;
  if (static_cast<std::size_t>(count) > src->base.bytes_in_buffer) {
    src->base.bytes_in_buffer = 0;
    fill_input_buffer(cinfo);
  } else {
    src->base.bytes_in_buffer -= static_cast<std::size_t>(count);
    src->base.next_input_byte += count;
  }
}

void term_source(j_decompress_ptr) {}

void set_memory_source(jpeg_decompress_struct& cinfo, std::string_view data, bool recover_truncated) {
  auto* src = static_cast<MemorySource*>(
      (*cinfo.mem->alloc_small)(reinterpret_cast<j_common_ptr>(&cinfo), JPOOL_PERMANENT, sizeof(MemorySource)));
  src->base.init_source = init_source;
  src->base.fill_input_buffer = fill_input_buffer;
  src->base.skip_input_data = skip_input_data;
  src->base.resync_to_restart = jpeg_resync_to_restart;
  src->base.term_source = term_source;
  src->base.next_input_byte = nullptr;
  src->base.bytes_in_buffer = 0;
  src->data = reinterpret_cast<const JOCTET*>(data.data());
  src->size = data.size();
  src->recover_truncated = recover_truncated;
  src->end_marker_given = false;
  src->reading_header = true;
  src->stalled_at = nullptr;
  src->stalled_requests = 0;
  cinfo.src = &src->base;
}

// True for a non-empty window inside a width x height image.
bool inside(const JpegCropWindow& w, std::int64_t height, std::int64_t width) {
  return w.height > 0 && w.width > 0 && w.y >= 0 && w.x >= 0 && w.y + std::int64_t{w.height} <= height &&
         w.x + std::int64_t{w.width} <= width;
}

// Configures a decompressor that has read the header: colour space, scaling, upsampling and DCT.
bool configure(jpeg_decompress_struct& cinfo, const JpegDecodeFlags& flags, JpegInfo& info) {
  const int channels = flags.channels == 0 ? std::min(cinfo.num_components, 3) : flags.channels;
  if (channels == 1) cinfo.out_color_space = JCS_GRAYSCALE;
  else if (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK) cinfo.out_color_space = JCS_CMYK;
  else cinfo.out_color_space = JCS_RGB;
  cinfo.do_fancy_upsampling = flags.fancy_upscaling ? TRUE : FALSE;
  cinfo.scale_num = 1;
  cinfo.scale_denom = static_cast<unsigned>(flags.ratio);
  cinfo.dct_method = flags.integer_accurate ? JDCT_ISLOW : JDCT_IFAST;
  jpeg_calc_output_dimensions(&cinfo);
  info = {cinfo.output_height, cinfo.output_width, channels};
  if (cinfo.output_width == 0 || cinfo.output_height == 0 ||
      static_cast<std::int64_t>(cinfo.output_height) * cinfo.output_width * cinfo.num_components >= (std::int64_t{1} << 29))
    return false;
  if (!flags.crop) return true;
  if (!inside(*flags.crop, info.height, info.width)) return false;
  info.height = flags.crop->height;
  info.width = flags.crop->width;
  return true;
}

bool run_decode(std::string_view data, const JpegDecodeFlags& flags, JpegInfo& info, std::vector<std::uint8_t>* pixels) {
  if (data.empty() || (flags.channels != 0 && flags.channels != 1 && flags.channels != 3)) return false;
  jpeg_decompress_struct cinfo;
  ErrorManager err;
  cinfo.err = jpeg_std_error(&err.base);
  err.base.error_exit = on_error;
  err.base.output_message = no_message;
  if (setjmp(err.jump)) {
    jpeg_destroy_decompress(&cinfo);
    return false;
  }
  jpeg_create_decompress(&cinfo);
  set_memory_source(cinfo, data, flags.try_recover_truncated);
  if (jpeg_read_header(&cinfo, TRUE) != JPEG_HEADER_OK) longjmp(err.jump, 1);
  reinterpret_cast<MemorySource*>(cinfo.src)->reading_header = false;
  if (!configure(cinfo, flags, info)) longjmp(err.jump, 1);
  if (!pixels) {
    jpeg_destroy_decompress(&cinfo);
    return true;
  }
  // Suspended (corrupt data in a multi-scan file's scans, read here): fail.
  if (!jpeg_start_decompress(&cinfo)) longjmp(err.jump, 1);
  JDIMENSION first_row = 0;
  if (flags.crop) {
    // libjpeg-turbo moves the left edge to an MCU boundary and widens the decoded rows to match.
    JDIMENSION x = static_cast<JDIMENSION>(flags.crop->x), width = static_cast<JDIMENSION>(flags.crop->width);
    jpeg_crop_scanline(&cinfo, &x, &width);
    first_row = jpeg_skip_scanlines(&cinfo, static_cast<JDIMENSION>(flags.crop->y));
  }
  const std::size_t stride = static_cast<std::size_t>(info.width) * info.channels;
  pixels->assign(stride * info.height, 0);
  const bool cmyk = cinfo.out_color_space == JCS_CMYK;
  const std::size_t samples = cmyk ? 4 : static_cast<std::size_t>(info.channels);
  // Samples left of the window in each decoded row (none without a crop).
  const std::size_t left = (cinfo.output_width - static_cast<std::size_t>(info.width)) * samples;
  // A row as libjpeg gives it, where it needs converting or cropping; libjpeg frees its image pool.
  JSAMPARRAY decoded_row = nullptr;
  if (cmyk || left > 0)
    decoded_row = (*cinfo.mem->alloc_sarray)(reinterpret_cast<j_common_ptr>(&cinfo), JPOOL_IMAGE,
                                             static_cast<JDIMENSION>(cinfo.output_width * samples), 1);
  std::int64_t rows = 0;
  while (cinfo.output_scanline < first_row + info.height) {
    JSAMPLE* line = pixels->data() + rows * stride;
    if (jpeg_read_scanlines(&cinfo, decoded_row ? decoded_row : &line, 1) != 1) break;
    if (cmyk) {  // Adobe files store inverted CMYK.
      const JSAMPLE* window = decoded_row[0] + left;
      for (std::int64_t i = 0; i < info.width; ++i) {
        const int c = window[4 * i], m = window[4 * i + 1], y = window[4 * i + 2], k = window[4 * i + 3];
        const bool adobe = cinfo.saw_Adobe_marker;
        line[3 * i] = static_cast<JSAMPLE>(adobe ? k * c / 255 : (255 - k) * (255 - c) / 255);
        line[3 * i + 1] = static_cast<JSAMPLE>(adobe ? k * m / 255 : (255 - k) * (255 - m) / 255);
        line[3 * i + 2] = static_cast<JSAMPLE>(adobe ? k * y / 255 : (255 - k) * (255 - y) / 255);
      }
    } else if (decoded_row) {
      std::copy_n(decoded_row[0] + left, stride, line);
    }
    ++rows;
  }
  if (rows < info.height) {
    // A truncated file: pad by repeating the last row when asked to recover, else fail below the fraction.
    if (flags.try_recover_truncated) {
      for (std::int64_t r = rows; r < info.height; ++r)
        std::copy_n(r == 0 ? pixels->data() : pixels->data() + (r - 1) * stride, r == 0 ? 0 : stride, pixels->data() + r * stride);
    } else if (static_cast<float>(rows) < flags.acceptable_fraction * static_cast<float>(info.height)) {
      jpeg_destroy_decompress(&cinfo);
      return false;
    }
    jpeg_abort_decompress(&cinfo);
  } else {
    // libjpeg finishes only after the last row: skip those below the window.
    if (cinfo.output_scanline < cinfo.output_height) jpeg_skip_scanlines(&cinfo, cinfo.output_height - cinfo.output_scanline);
    jpeg_finish_decompress(&cinfo);
  }
  jpeg_destroy_decompress(&cinfo);
  return true;
}

}  // namespace

bool read_jpeg_info(std::string_view jpeg, const JpegDecodeFlags& flags, JpegInfo& info) {
  return run_decode(jpeg, flags, info, nullptr);
}

bool decode_jpeg(std::string_view jpeg, const JpegDecodeFlags& flags, JpegInfo& info, std::vector<std::uint8_t>& pixels) {
  return run_decode(jpeg, flags, info, &pixels);
}

bool encode_jpeg(const std::uint8_t* pixels, std::int64_t height, std::int64_t width, int channels, const JpegEncodeFlags& flags,
                 std::string& out) {
  out.clear();
  if (width <= 0 || height <= 0 || width * height >= (std::int64_t{1} << 29)) return false;
  jpeg_compress_struct cinfo;
  ErrorManager err;
  cinfo.err = jpeg_std_error(&err.base);
  err.base.error_exit = on_error;
  err.base.output_message = no_message;
  unsigned char* buffer = nullptr;
  unsigned long size = 0;
  // XMP goes in an APP1 marker after Adobe's namespace and a NUL (built before setjmp: it owns memory).
  const std::string xmp = std::string("http://ns.adobe.com/xap/1.0/") + '\0' + flags.xmp_metadata;
  if (setjmp(err.jump)) {
    jpeg_destroy_compress(&cinfo);
    std::free(buffer);
    return false;
  }
  jpeg_create_compress(&cinfo);
  jpeg_mem_dest(&cinfo, &buffer, &size);
  cinfo.image_width = static_cast<JDIMENSION>(width);
  cinfo.image_height = static_cast<JDIMENSION>(height);
  cinfo.input_components = channels;
  cinfo.in_color_space = channels == 1 ? JCS_GRAYSCALE : JCS_RGB;
  jpeg_set_defaults(&cinfo);
  if (flags.optimize_size) cinfo.optimize_coding = TRUE;
  cinfo.density_unit = static_cast<UINT8>(flags.density_unit);
  cinfo.X_density = static_cast<UINT16>(flags.x_density);
  cinfo.Y_density = static_cast<UINT16>(flags.y_density);
  jpeg_set_quality(&cinfo, flags.quality, TRUE);
  if (flags.progressive) jpeg_simple_progression(&cinfo);
  if (!flags.chroma_downsampling)
    for (int i = 0; i < cinfo.num_components; ++i) cinfo.comp_info[i].h_samp_factor = cinfo.comp_info[i].v_samp_factor = 1;
  jpeg_start_compress(&cinfo, TRUE);
  if (!flags.xmp_metadata.empty())
    jpeg_write_marker(&cinfo, JPEG_APP0 + 1, reinterpret_cast<const JOCTET*>(xmp.data()), static_cast<unsigned>(xmp.size()));
  const std::size_t stride = static_cast<std::size_t>(width) * channels;
  while (cinfo.next_scanline < cinfo.image_height) {
    JSAMPROW row = const_cast<JSAMPROW>(pixels + cinfo.next_scanline * stride);
    jpeg_write_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_compress(&cinfo);
  jpeg_destroy_compress(&cinfo);
  out.assign(reinterpret_cast<const char*>(buffer), size);
  std::free(buffer);
  return true;
}

}  // namespace tf::ops::image
