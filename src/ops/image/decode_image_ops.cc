// DecodePng, DecodeJpeg, DecodeImage and ExtractJpegShape. As in TensorFlow 2, the three decode
// ops share one kernel that recognizes the format by its first bytes, so decode_png reads a
// JPEG too; each op's own attributes apply to the format they name. The decoded size is read
// from the header by the shape function whenever the contents are known.
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "ops/execute.h"
#include "ops/image/jpeg_codec.h"
#include "ops/image/png_codec.h"
#include "ops/strings/string_inputs.h"
#include "tfpp/errors.h"
#include "tfpp/image_codecs.h"
#include "tfpp/image_color_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/string_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;
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

// The attributes of each decode op that the shared kernel reads.
struct DecodeAttrs {
  std::int64_t channels = 0;
  JpegDecodeFlags jpeg;
};

DecodeAttrs attrs_of(const OpContext& ctx) {
  DecodeAttrs a;
  a.channels = ctx.attr<std::int64_t>(0);
  if (a.channels != 0 && a.channels != 1 && a.channels != 3 && a.channels != 4)
    ctx.fail("`channels` must be 0, 1, 3 or 4 but got " + std::to_string(a.channels));
  a.jpeg.channels = static_cast<int>(a.channels);
  if (ctx.op().name != "DecodeJpeg") return a;
  // DecodeJpeg: channels, ratio, fancy_upscaling, try_recover_truncated, acceptable_fraction, dct_method.
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
  return a;
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
  if (f == Format::kGif || f == Format::kBmp || f == Format::kWebp)
    throw UnimplementedError("[" + ctx.op().name + "] tfpp decodes PNG and JPEG images only (this is " +
                             (f == Format::kGif ? "a GIF" : f == Format::kBmp ? "a BMP" : "a WebP") + " file)");
  if (f == Format::kUnknown) ctx.fail("Unknown image file format. One of JPEG, JPEG XL, PNG, GIF, BMP, WebP required.");
  return f;
}

[[noreturn]] void fail_jpeg(const OpContext& ctx) { ctx.fail("jpeg::Uncompress failed. Invalid JPEG data or crop window."); }

// The decoded [height, width, channels] of the contents, read from their header.
TensorShape decoded_shape(const OpContext& ctx, const std::string& contents, const DecodeAttrs& a) {
  if (checked_format(ctx, contents) == Format::kPng) {
    ops::image::PngInfo info;
    if (!ops::image::read_png_info(contents, info)) ctx.fail("Invalid PNG. Failed to initialize decoder.");
    return TensorShape({info.height, info.width, a.channels == 0 ? info.channels : a.channels});
  }
  ops::image::JpegInfo info;
  if (!ops::image::read_jpeg_info(contents, a.jpeg, info)) fail_jpeg(ctx);
  return TensorShape({info.height, info.width, info.channels});
}

void check_contents(const ShapeContext& ctx) {
  ops::check_string_input(ctx, 0, "contents");
  const TensorShape& s = ctx.input(0).shape();
  if (!s.has_unknown_rank() && s.rank() != 0) ctx.fail("`contents` must be scalar but got shape" + s.debug_string());
}

void decode_shape(ShapeContext& ctx) {
  check_contents(ctx);
  const DecodeAttrs a = attrs_of(ctx);
  const bool decode_image = ctx.op().name == "DecodeImage";
  // DecodePng's and DecodeImage's dtype attribute (1): uint8, or uint16 for 16-bit samples
  // (tf::io::decode_image converts other dtypes from them).
  const DType dtype = ctx.op().name == "DecodeJpeg" ? uint8 : ctx.attr<DType>(1);
  if (dtype != uint8 && dtype != uint16) ctx.fail("dtype must be uint8 or uint16, got " + std::string(dtype_name(dtype)));
  if (!ctx.input(0).is_symbolic()) {
    ctx.add_output(dtype, decoded_shape(ctx, contents_of(ctx), a));
  } else if (decode_image && ctx.attr<bool>(2)) {
    ctx.add_output(dtype, TensorShape::unknown_rank());  // expand_animations: a GIF would be 4-D
  } else {
    ctx.add_output(dtype, TensorShape({None, None, a.channels == 0 ? None : a.channels}));
  }
}

void decode_kernel(KernelContext& ctx) {
  const std::string& contents = contents_of(ctx);
  const DecodeAttrs a = attrs_of(ctx);
  std::vector<std::uint8_t> pixels;
  Tensor& out = ctx.output(0);
  if (checked_format(ctx, contents) == Format::kPng) {
    ops::image::PngInfo info;
    const int bits = out.dtype() == uint16 ? 16 : 8;
    if (!ops::image::decode_png(contents, static_cast<int>(a.channels), info, pixels, bits))
      ctx.fail("Invalid PNG data, size " + std::to_string(contents.size()));
  } else {
    ops::image::JpegInfo info;
    if (!ops::image::decode_jpeg(contents, a.jpeg, info, pixels)) fail_jpeg(ctx);
    if (out.dtype() == uint16) {  // 8-bit samples as 16 bits: v * 257, as TensorFlow widens them
      std::uint16_t* wide = out.mutable_data<std::uint16_t>();
      for (std::size_t i = 0; i < pixels.size(); ++i) wide[i] = static_cast<std::uint16_t>(pixels[i] * 257u);
      return;
    }
  }
  std::memcpy(out.raw_mutable_data(), pixels.data(), static_cast<std::size_t>(out.num_elements()) * dtype_size(out.dtype()));
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
const OpDef& kDecodeImage = OpBuilder("DecodeImage")
                                .inputs(1)
                                .attrs({"channels", "dtype", "expand_animations"})
                                .shape(decode_shape)
                                .kernel(string, decode_kernel)
                                .no_gradient();
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

Tensor decode_jpeg(const Tensor& contents, const DecodeJpegOptions& options) {
  const ops::AttrValue attrs[] = {options.channels,           options.ratio,
                                  options.fancy_upscaling,    options.try_recover_truncated,
                                  options.acceptable_fraction, options.dct_method};
  return ops::execute1(kDecodeJpeg, {contents}, attrs);
}

Tensor decode_image(const Tensor& contents, const DecodeImageOptions& options) {
  if (!is_floating(options.dtype) && !is_integer(options.dtype))
    throw InvalidArgumentError("[decode_image] dtype must be a float or integer type, got " + std::string(dtype_name(options.dtype)));
  // TensorFlow decodes other dtypes than uint8 through 16 bits (16-bit PNGs as they are, 8-bit
  // samples as v * 257): float32 as v16 * (1 / 65535.f) in its kernel, the rest by
  // convert_image_dtype from uint16.
  const DType decoded = options.dtype == uint8 ? uint8 : uint16;
  const ops::AttrValue attrs[] = {options.channels, decoded, options.expand_animations};
  const Tensor pixels = ops::execute1(kDecodeImage, {contents}, attrs);
  if (options.dtype == decoded) return pixels;
  if (options.dtype == float32) return cast(pixels, float32) * constant(1.0f / 65535.0f);
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
