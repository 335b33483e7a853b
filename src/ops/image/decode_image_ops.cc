// DecodePng, DecodeJpeg, DecodeAndCropJpeg, DecodeGif, DecodeBmp, DecodeImage and ExtractJpegShape. As in
// TensorFlow 2, the decode ops share one kernel that recognizes the format by its first bytes,
// so decode_png reads a JPEG or a still GIF too (and decode_bmp only BMPs), with TensorFlow's
// rules for which op gives which rank; each op's own attributes apply to the format they name. The decoded size is read
// from the header by the shape function whenever the contents are known.
#include <array>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "ops/execute.h"
#include "ops/image/bmp_codec.h"
#include "ops/image/gif_codec.h"
#include "ops/image/jpeg_codec.h"
#include "ops/image/png_codec.h"
#include "ops/strings/string_inputs.h"
#include "tfpp/errors.h"
#include "tfpp/image_codecs.h"
#include "tfpp/image_color_ops.h"
#include "tfpp/image_gif_bmp.h"
#include "tfpp/io/decode_and_crop_jpeg.h"
#include "tfpp/math_ops.h"
#include "tfpp/string_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;
using ops::image::JpegCropWindow;
using ops::image::JpegDecodeFlags;

enum class Format { kJpeg, kPng, kGif, kBmp, kWebp, kUnknown };

Format format_of(std::string_view s) {
  if (s.substr(0, 3) == "\xff\xd8\xff") return Format::kJpeg;
  if (s.substr(0, 8) == std::string_view("\x89PNG\r\n\x1a\n", 8)) return Format::kPng;
  if (s.substr(0, 4) == "GIF8") return Format::kGif;
  if (s.substr(0, 2) == "BM") return Format::kBmp;
  if (s.size() >= 12 && s.substr(0, 4) == "RIFF" && s.substr(8, 4) == "WEBP") return Format::kWebp;
  return Format::kUnknown;
}

// DecodeAndCropJpeg's crop_window input, [y, x, height, width], as far as its shape and dtype tell.
void check_crop_window(const OpContext& ctx) {
  ctx.expect_input_dtype(1, int32);
  const TensorShape& s = ctx.input(1).shape();
  if (s.has_unknown_rank()) return;
  if (s.rank() != 1) ctx.fail("crop_window must be 1-D, got shape " + s.debug_string());
  if (s.dim(0) != None && s.dim(0) != 4) ctx.fail("crop_size must have four elements " + s.debug_string());
}

JpegCropWindow crop_window_of(const OpContext& ctx) {
  check_crop_window(ctx);
  const auto* w = ctx.input(1).data<std::int32_t>();
  return {.y = w[0], .x = w[1], .height = w[2], .width = w[3]};
}

const char* format_name(Format f) {
  switch (f) {
    case Format::kJpeg: return "JPEG";
    case Format::kPng: return "PNG";
    case Format::kGif: return "GIF";
    case Format::kBmp: return "BMP";
    case Format::kWebp: return "WebP";
    case Format::kUnknown: break;
  }
  return "an unknown format";
}

// The attributes of each decode op that the shared kernel reads.
struct DecodeAttrs {
  std::int64_t channels = 0;
  bool expand_animations = true;  // DecodeImage's; the other ops keep their fixed ranks
  JpegDecodeFlags jpeg;
};

DecodeAttrs attrs_of(const OpContext& ctx) {
  DecodeAttrs a;
  const std::string& op = ctx.op().name;
  if (op == "DecodeGif") {  // no attributes: always RGB, a PNG or JPEG too
    a.channels = a.jpeg.channels = 3;
    return a;
  }
  a.channels = ctx.attr<std::int64_t>(0);
  if (a.channels != 0 && a.channels != 1 && a.channels != 3 && a.channels != 4)
    ctx.fail("`channels` must be 0, 1, 3 or 4 but got " + std::to_string(a.channels));
  a.jpeg.channels = static_cast<int>(a.channels);
  if (op == "DecodeImage") a.expand_animations = ctx.attr<bool>(2);
  if (op != "DecodeJpeg" && op != "DecodeAndCropJpeg") return a;
  // DecodeJpeg and DecodeAndCropJpeg: channels, ratio, fancy_upscaling, try_recover_truncated, acceptable_fraction, dct_method.
  const std::int64_t ratio = ctx.attr<std::int64_t>(1);
  if (ratio != 1 && ratio != 2 && ratio != 4 && ratio != 8) ctx.fail("ratio must be 1, 2, 4, or 8, got " + std::to_string(ratio));
  a.jpeg.ratio = static_cast<int>(ratio);
  a.jpeg.fancy_upscaling = ctx.attr<bool>(2);
  a.jpeg.try_recover_truncated = ctx.attr<bool>(3);
  a.jpeg.acceptable_fraction = static_cast<float>(ctx.attr<double>(4));
  const std::string& dct = ctx.attr<std::string>(5);
  if (!dct.empty() && dct != "INTEGER_FAST" && dct != "INTEGER_ACCURATE")
    ctx.fail("dct_method must be one of {'', 'INTEGER_FAST', 'INTEGER_ACCURATE'}");
  a.jpeg.integer_accurate = dct == "INTEGER_ACCURATE";
  if (op == "DecodeAndCropJpeg" && !ctx.input(1).is_symbolic()) a.jpeg.crop = crop_window_of(ctx);
  return a;
}

// The dtype each op decodes to: DecodePng's uint8 or uint16, DecodeImage's uint8, uint16 or float32.
DType dtype_of(const OpContext& ctx) {
  const std::string& op = ctx.op().name;
  if (op != "DecodePng" && op != "DecodeImage") return uint8;
  const DType dtype = ctx.attr<DType>(1);
  if (dtype != uint8 && dtype != uint16 && (op == "DecodePng" || dtype != float32))
    ctx.fail(std::string(op == "DecodePng" ? "dtype must be uint8 or uint16" : "dtype must be uint8, uint16 or float32") +
             ", got " + std::string(dtype_name(dtype)));
  return dtype;
}

const std::string& contents_of(const OpContext& ctx) {
  const Tensor& c = ctx.input(0);
  if (c.shape().rank() != 0) ctx.fail("`contents` must be scalar but got shape" + c.shape().debug_string());
  return *c.data<std::string>();
}

// The file's format, failing for empty contents and formats tfpp does not decode.
Format checked_format(const OpContext& ctx, const std::string& contents) {
  if (contents.empty()) ctx.fail("Input is empty.");
  const Format f = format_of(contents);
  if (f == Format::kWebp) throw UnimplementedError("[" + ctx.op().name + "] tfpp does not decode WebP images");
  if (f == Format::kUnknown) ctx.fail("Unknown image file format. One of JPEG, JPEG XL, PNG, GIF, BMP, WebP required.");
  return f;
}

[[noreturn]] void fail_jpeg(const OpContext& ctx) { ctx.fail("jpeg::Uncompress failed. Invalid JPEG data or crop window."); }

// A decoded image: its shape, and its samples as 8 bits, or as native 16 bits for `wide` (PNG
// decoded to 16 bits).
struct Decoded {
  TensorShape shape;
  std::vector<std::uint8_t> pixels;
  bool wide = false;
};

// DecodeGif gives still images one more (frame) dimension.
TensorShape framed(const OpContext& ctx, std::int64_t h, std::int64_t w, std::int64_t c) {
  return ctx.op().name == "DecodeGif" ? TensorShape({1, h, w, c}) : TensorShape({h, w, c});
}

Decoded decode_still(const OpContext& ctx, const std::string& contents, const DecodeAttrs& a, Format format, DType dtype,
                     bool want_pixels) {
  Decoded d;
  if (format == Format::kPng) {
    if (ctx.op().name == "DecodeBmp")
      ctx.fail("Trying to decode PNG format using DecodeBmp op. Use `decode_png` or `decode_image` instead.");
    ops::image::PngInfo info;
    if (!ops::image::read_png_info(contents, info)) ctx.fail("Invalid PNG. Failed to initialize decoder.");
    if (info.width >= (std::int64_t{1} << 27) || info.height >= (std::int64_t{1} << 27) ||
        info.width * info.height >= (std::int64_t{1} << 29))
      ctx.fail("PNG size too large for int: " + std::to_string(info.width) + " by " + std::to_string(info.height));
    d.shape = framed(ctx, info.height, info.width, a.channels == 0 ? info.channels : a.channels);
    d.wide = dtype != uint8;  // TensorFlow decodes PNGs to 16 bits for the wider dtypes
    if (want_pixels && !ops::image::decode_png(contents, static_cast<int>(a.channels), info, d.pixels, d.wide ? 16 : 8))
      ctx.fail("Invalid PNG data, size " + std::to_string(contents.size()));
    return d;
  }
  if (ctx.op().name == "DecodeBmp")
    ctx.fail("Trying to decode JPEG format using DecodeBmp op. Use `decode_jpeg` or `decode_image` instead.");
  if (a.channels == 4) ctx.fail("JPEG does not support 4 channels");
  ops::image::JpegInfo info;
  if (!ops::image::read_jpeg_info(contents, a.jpeg, info)) fail_jpeg(ctx);
  d.shape = framed(ctx, info.height, info.width, info.channels);
  if (want_pixels && !ops::image::decode_jpeg(contents, a.jpeg, info, d.pixels)) fail_jpeg(ctx);
  return d;
}

Decoded decode_gif(const OpContext& ctx, const std::string& contents, const DecodeAttrs& a) {
  if (a.channels != 0 && a.channels != 3) ctx.fail("channels must be 0 or 3 for GIF, got " + std::to_string(a.channels));
  const std::string& op = ctx.op().name;
  if (op == "DecodeBmp") ctx.fail("Trying to decode GIF format using DecodeBmp op. Use `decode_gif` or `decode_image` instead.");
  ops::image::GifFrames frames;
  std::string error;
  if (!ops::image::decode_gif(contents, op == "DecodeImage" && !a.expand_animations, frames, error))
    ctx.fail("Invalid GIF data (size " + std::to_string(contents.size()) + "), " + error);
  Decoded d;
  const bool still = op == "DecodePng" || op == "DecodeJpeg" || !a.expand_animations;
  if (still && frames.frames != 1)
    ctx.fail("Got " + std::to_string(frames.frames) +
             " frames, but animated gifs can only be decoded by tf.io.decode_gif or tf.io.decode_image");
  d.shape = still ? TensorShape({frames.height, frames.width, 3}) : TensorShape({frames.frames, frames.height, frames.width, 3});
  d.pixels = std::move(frames.rgb);
  return d;
}

Decoded decode_bmp(const OpContext& ctx, const std::string& contents, const DecodeAttrs& a, bool want_pixels) {
  if (a.channels == 1) ctx.fail("`channels` must be 0, 3 or 4 for BMP, but got 1");
  const std::string& op = ctx.op().name;
  if (op != "DecodeBmp" && op != "DecodeImage")
    ctx.fail("Trying to decode BMP format using a wrong op. Use `decode_bmp` or `decode_image` instead. Op used: " + op);
  ops::image::BmpInfo info;
  const std::string error = ops::image::read_bmp_info(contents, info);
  if (!error.empty()) ctx.fail(error);
  Decoded d;
  const std::int64_t channels = a.channels == 0 ? info.channels : a.channels;
  d.shape = TensorShape({std::abs(info.height), info.width, channels});
  if (want_pixels) {
    d.pixels.resize(static_cast<std::size_t>(d.shape.num_elements()));
    ops::image::decode_bmp(contents, info, static_cast<int>(channels), d.pixels.data());
  }
  return d;
}

// Decodes the contents by their format, with the rules of the op at hand; without
// `want_pixels` only the shape is certain to be filled in (a GIF decodes anyway, its frames
// giving the shape).
Decoded decode_contents(const OpContext& ctx, const std::string& contents, const DecodeAttrs& a, DType dtype, bool want_pixels) {
  const Format format = checked_format(ctx, contents);
  if (ctx.op().name == "DecodeAndCropJpeg" && format != Format::kJpeg)
    ctx.fail("DecodeAndCropJpeg operation can run on JPEG only, but detected " + std::string(format_name(format)) + ".");
  if (format == Format::kGif) return decode_gif(ctx, contents, a);
  if (format == Format::kBmp) return decode_bmp(ctx, contents, a, want_pixels);
  return decode_still(ctx, contents, a, format, dtype, want_pixels);
}

void check_contents(const ShapeContext& ctx) {
  ops::check_string_input(ctx, 0, "contents");
  const TensorShape& s = ctx.input(0).shape();
  if (!s.has_unknown_rank() && s.rank() != 0) ctx.fail("`contents` must be scalar but got shape" + s.debug_string());
}

void decode_shape(ShapeContext& ctx) {
  check_contents(ctx);
  const DecodeAttrs a = attrs_of(ctx);
  const DType dtype = dtype_of(ctx);
  const std::string& op = ctx.op().name;
  if (!ctx.input(0).is_symbolic()) {
    ctx.add_output(dtype, decode_contents(ctx, contents_of(ctx), a, dtype, false).shape);
  } else if (op == "DecodeGif") {
    ctx.add_output(dtype, TensorShape({None, None, None, 3}));
  } else if (op == "DecodeImage" && a.expand_animations) {
    ctx.add_output(dtype, TensorShape::unknown_rank());  // a GIF would be 4-D
  } else {
    ctx.add_output(dtype, TensorShape({None, None, a.channels == 0 ? None : a.channels}));
  }
}

// A known window gives the height and width even while the contents are unknown.
void decode_and_crop_shape(ShapeContext& ctx) {
  check_contents(ctx);
  check_crop_window(ctx);
  const DecodeAttrs a = attrs_of(ctx);
  if (!ctx.input(0).is_symbolic() && a.jpeg.crop) {
    ctx.add_output(uint8, decode_contents(ctx, contents_of(ctx), a, uint8, false).shape);
  } else {
    const std::int64_t channels = a.channels == 0 ? None : a.channels;
    ctx.add_output(uint8, a.jpeg.crop ? TensorShape({a.jpeg.crop->height, a.jpeg.crop->width, channels})
                                      : TensorShape({None, None, channels}));
  }
}

void decode_kernel(KernelContext& ctx) {
  Tensor& out = ctx.output(0);
  const Decoded d = decode_contents(ctx, contents_of(ctx), attrs_of(ctx), out.dtype(), true);
  const auto n = static_cast<std::size_t>(out.num_elements());
  if (out.dtype() == uint8) {
    std::memcpy(out.raw_mutable_data(), d.pixels.data(), n);
  } else if (d.wide) {  // 16-bit PNG samples: as they are, or scaled to [0, 1]
    const auto* wide = reinterpret_cast<const std::uint16_t*>(d.pixels.data());
    if (out.dtype() == uint16) std::memcpy(out.raw_mutable_data(), wide, n * 2);
    else for (std::size_t i = 0; i < n; ++i) out.mutable_data<float>()[i] = static_cast<float>(wide[i]) * (1.0f / 65535.0f);
  } else if (out.dtype() == uint16) {  // 8-bit samples widened as TensorFlow does: v * 256
    for (std::size_t i = 0; i < n; ++i) out.mutable_data<std::uint16_t>()[i] = static_cast<std::uint16_t>(d.pixels[i] * 256u);
  } else {
    for (std::size_t i = 0; i < n; ++i) out.mutable_data<float>()[i] = static_cast<float>(d.pixels[i]) * (1.0f / 255.0f);
  }
}

void extract_jpeg_shape_shape(ShapeContext& ctx) {
  check_contents(ctx);
  const DType out = ctx.attr<DType>(0);
  if (out != int32 && out != int64)
    ctx.fail("Value for attr 'output_type' of " + std::string(dtype_name(out)) + " is not in the list of allowed values: int32, int64");
  ctx.add_output(out, TensorShape({3}));
}

void extract_jpeg_shape_kernel(KernelContext& ctx) {
  const std::string& contents = contents_of(ctx);
  ops::image::JpegInfo info;
  if (!ops::image::read_jpeg_info(contents, {}, info)) ctx.fail("Invalid JPEG data, size " + std::to_string(contents.size()));
  const std::int64_t dims[] = {info.height, info.width, info.channels};
  Tensor& out = ctx.output(0);
  for (int i = 0; i < 3; ++i) {
    if (out.dtype() == int32) out.mutable_data<std::int32_t>()[i] = static_cast<std::int32_t>(dims[i]);
    else out.mutable_data<std::int64_t>()[i] = dims[i];
  }
}

const OpDef& kDecodePng =
    OpBuilder("DecodePng").inputs(1).attrs({"channels", "dtype"}).shape(decode_shape).kernel(string, decode_kernel).no_gradient();
const OpDef& kDecodeJpeg = OpBuilder("DecodeJpeg")
                               .inputs(1)
                               .attrs({"channels", "ratio", "fancy_upscaling", "try_recover_truncated", "acceptable_fraction",
                                       "dct_method"})
                               .shape(decode_shape)
                               .kernel(string, decode_kernel)
                               .no_gradient();
const OpDef& kDecodeAndCropJpeg = OpBuilder("DecodeAndCropJpeg")
                                      .inputs(2)
                                      .attrs({"channels", "ratio", "fancy_upscaling", "try_recover_truncated",
                                              "acceptable_fraction", "dct_method"})
                                      .shape(decode_and_crop_shape)
                                      .kernel(string, decode_kernel)
                                      .no_gradient();
const OpDef& kDecodeImage = OpBuilder("DecodeImage")
                                .inputs(1)
                                .attrs({"channels", "dtype", "expand_animations"})
                                .shape(decode_shape)
                                .kernel(string, decode_kernel)
                                .no_gradient();
const OpDef& kDecodeGif = OpBuilder("DecodeGif").inputs(1).shape(decode_shape).kernel(string, decode_kernel).no_gradient();
const OpDef& kDecodeBmp =
    OpBuilder("DecodeBmp").inputs(1).attrs({"channels"}).shape(decode_shape).kernel(string, decode_kernel).no_gradient();
const OpDef& kExtractJpegShape = OpBuilder("ExtractJpegShape")
                                     .inputs(1)
                                     .attrs({"output_type"})
                                     .shape(extract_jpeg_shape_shape)
                                     .kernel(string, extract_jpeg_shape_kernel)
                                     .no_gradient();

}  // namespace

namespace io {

Tensor decode_png(const Tensor& contents, const DecodePngOptions& options) {
  const ops::AttrValue attrs[] = {options.channels, options.dtype};
  return ops::execute1(kDecodePng, {contents}, attrs);
}

namespace {

std::array<ops::AttrValue, 6> jpeg_attrs(const DecodeJpegOptions& options) {
  return {options.channels,           options.ratio,       options.fancy_upscaling, options.try_recover_truncated,
          options.acceptable_fraction, options.dct_method};
}

}  // namespace

Tensor decode_jpeg(const Tensor& contents, const DecodeJpegOptions& options) {
  return ops::execute1(kDecodeJpeg, {contents}, jpeg_attrs(options));
}

Tensor decode_and_crop_jpeg(const Tensor& contents, const Tensor& crop_window, const DecodeJpegOptions& options) {
  return ops::execute1(kDecodeAndCropJpeg, {contents, crop_window}, jpeg_attrs(options));
}

Tensor decode_gif(const Tensor& contents) { return ops::execute1(kDecodeGif, {contents}); }

Tensor decode_bmp(const Tensor& contents, std::int64_t channels) {
  const ops::AttrValue attrs[] = {channels};
  return ops::execute1(kDecodeBmp, {contents}, attrs);
}

Tensor decode_image(const Tensor& contents, const DecodeImageOptions& options) {
  if (!is_floating(options.dtype) && !is_integer(options.dtype))
    throw InvalidArgumentError("[decode_image] dtype must be a float or integer type, got " + std::string(dtype_name(options.dtype)));
  // The op decodes to uint8, uint16 or float32; as TensorFlow's tf.io.decode_image, other
  // dtypes come from uint16 by convert_image_dtype.
  const bool direct = options.dtype == uint8 || options.dtype == uint16 || options.dtype == float32;
  const DType decoded = direct ? options.dtype : uint16;
  const ops::AttrValue attrs[] = {options.channels, decoded, options.expand_animations};
  const Tensor pixels = ops::execute1(kDecodeImage, {contents}, attrs);
  if (direct) return pixels;
  if (options.dtype == float64) return cast(pixels, float64) * constant(1.0 / 65535);
  return image::convert_image_dtype(pixels, options.dtype);
}

Tensor extract_jpeg_shape(const Tensor& contents, DType output_type) {
  const ops::AttrValue attrs[] = {output_type};
  return ops::execute1(kExtractJpegShape, {contents}, attrs);
}

Tensor is_jpeg(const Tensor& contents) {
  const Tensor prefix = strings::substr(contents, constant(0), constant(3));
  return equal(prefix, constant(std::string("\xff\xd8\xff")));
}

}  // namespace io
}  // namespace tf
