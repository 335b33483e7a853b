// EncodePng, EncodeJpeg and EncodeJpegVariableQuality: uint8 (PNG: also uint16) [height, width, channels] images to PNG / JPEG files, with
// TensorFlow's attributes, checks and libpng / libjpeg settings.
#include <array>
#include <string>

#include "ops/allowed_dtypes.h"
#include "ops/execute.h"
#include "ops/image/jpeg_codec.h"
#include "ops/image/png_codec.h"
#include "tfpp/image_codecs.h"
#include "tfpp/image_jpeg_quality.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

void encode_png_shape(ShapeContext& ctx) {
  const DType d = ctx.input(0).dtype();
  ops::check_type_attr(ctx, d, std::array{DType::kUInt8, DType::kUInt16});
  const std::int64_t compression = ctx.attr<std::int64_t>(0);
  if (compression < -1 || compression > 9) ctx.fail("compression should be in [-1,9], got " + std::to_string(compression));
  const TensorShape& s = ctx.input(0).shape();
  if (!s.has_unknown_rank() && s.rank() != 3) ctx.fail("images must be at least rank 3" + s.debug_string());
  if (!s.has_unknown_rank() && s.dim(2) != None && (s.dim(2) < 1 || s.dim(2) > 4))
    ctx.fail("image must have 1, 2, 3, or 4 channels, got " + std::to_string(s.dim(2)));
  if (!s.has_unknown_rank() && (s.dim(0) == 0 || s.dim(1) == 0)) ctx.fail("image must not be empty, got shape " + s.debug_string());
  ctx.add_output(string, TensorShape({}));
}

void encode_png_kernel(KernelContext& ctx) {
  const TensorShape& s = ctx.input(0).shape();
  std::string& out = *ctx.output(0).mutable_data<std::string>();
  const int bits = ctx.input(0).dtype() == uint16 ? 16 : 8;
  if (!ops::image::encode_png(ctx.input(0).raw_data(), s.dim(0), s.dim(1), static_cast<int>(s.dim(2)),
                              static_cast<int>(ctx.attr<std::int64_t>(0)), out, bits))
    ctx.fail("PNG encoding failed");
}

// EncodeJpeg's attributes, in declaration order.
enum JpegAttr { kFormat, kQuality, kProgressive, kOptimizeSize, kChromaDownsampling, kDensityUnit, kXDensity, kYDensity, kXmp };

void encode_jpeg_shape(ShapeContext& ctx) {
  ctx.expect_input_dtype(0, uint8);
  const std::string& format = ctx.attr<std::string>(kFormat);
  if (!format.empty() && format != "grayscale" && format != "rgb")
    ctx.fail("format must be one of '', 'grayscale', 'rgb', got '" + format + "'");
  const std::int64_t quality = ctx.attr<std::int64_t>(kQuality);
  if (quality < 0 || quality > 100) ctx.fail("quality must be in [0,100], got " + std::to_string(quality));
  const std::string& unit = ctx.attr<std::string>(kDensityUnit);
  if (unit != "in" && unit != "cm") ctx.fail("density_unit must be 'in' or 'cm', got '" + unit + "'");
  const TensorShape& s = ctx.input(0).shape();
  if (!s.has_unknown_rank() && s.rank() != 3) ctx.fail("image must be 3-dimensional" + s.debug_string());
  if (!s.has_unknown_rank() && s.dim(2) != None) {
    const std::int64_t c = s.dim(2);
    if (format == "grayscale" && c != 1) ctx.fail("format grayscale expects 1 channels, got " + s.debug_string());
    if (format == "rgb" && c != 3) ctx.fail("format rgb expects 3 channels, got " + s.debug_string());
    if (format.empty() && c != 1 && c != 3) ctx.fail("image must have 1 or 3 channels, got " + s.debug_string());
  }
  ctx.add_output(string, TensorShape({}));
}

void encode_jpeg_kernel(KernelContext& ctx) {
  const TensorShape& s = ctx.input(0).shape();
  ops::image::JpegEncodeFlags flags{.quality = static_cast<int>(ctx.attr<std::int64_t>(kQuality)),
                                    .progressive = ctx.attr<bool>(kProgressive),
                                    .optimize_size = ctx.attr<bool>(kOptimizeSize),
                                    .chroma_downsampling = ctx.attr<bool>(kChromaDownsampling),
                                    .density_unit = ctx.attr<std::string>(kDensityUnit) == "in" ? 1 : 2,
                                    .x_density = static_cast<int>(ctx.attr<std::int64_t>(kXDensity)),
                                    .y_density = static_cast<int>(ctx.attr<std::int64_t>(kYDensity)),
                                    .xmp_metadata = ctx.attr<std::string>(kXmp)};
  std::string& out = *ctx.output(0).mutable_data<std::string>();
  if (!ops::image::encode_jpeg(ctx.input(0).data<std::uint8_t>(), s.dim(0), s.dim(1), static_cast<int>(s.dim(2)), flags, out))
    ctx.fail("JPEG encoding failed.");
}

// EncodeJpegVariableQuality: (images, quality) with EncodeJpeg's other defaults, the format from the channels.
void encode_variable_quality_shape(ShapeContext& ctx) {
  ctx.expect_input_dtype(0, uint8);
  if (ctx.input(1).dtype() != int32) ctx.fail("quality must be int32, got " + std::string(dtype_name(ctx.input(1).dtype())));
  const TensorShape& s = ctx.input(0).shape();
  if (!s.has_unknown_rank() && s.rank() != 3) ctx.fail("image must be 3-dimensional" + s.debug_string());
  if (!s.has_unknown_rank() && s.dim(2) != None && s.dim(2) != 1 && s.dim(2) != 3)
    ctx.fail("image must have 1 or 3 channels, got " + s.debug_string());
  const TensorShape& q = ctx.input(1).shape();
  if (!q.has_unknown_rank() && q.rank() != 0) ctx.fail("quality must be a scalar: " + q.debug_string());
  if (!ctx.input(1).is_symbolic()) {
    const std::int32_t quality = ctx.input(1).item<std::int32_t>();
    if (quality < 0 || quality > 100) ctx.fail("quality must be in [0,100], got " + std::to_string(quality));
  }
  ctx.add_output(string, TensorShape({}));
}

void encode_variable_quality_kernel(KernelContext& ctx) {
  const TensorShape& s = ctx.input(0).shape();
  ops::image::JpegEncodeFlags flags;
  flags.quality = ctx.input(1).item<std::int32_t>();
  std::string& out = *ctx.output(0).mutable_data<std::string>();
  if (!ops::image::encode_jpeg(ctx.input(0).data<std::uint8_t>(), s.dim(0), s.dim(1), static_cast<int>(s.dim(2)), flags, out))
    ctx.fail("JPEG encoding failed.");
}

const OpDef& kEncodePng =
    OpBuilder("EncodePng").inputs(1).attrs({"compression"}).shape(encode_png_shape).kernel(uint8, encode_png_kernel)
        .kernel(uint16, encode_png_kernel).no_gradient();
const OpDef& kEncodeJpeg = OpBuilder("EncodeJpeg")
                               .inputs(1)
                               .attrs({"format", "quality", "progressive", "optimize_size", "chroma_downsampling", "density_unit",
                                       "x_density", "y_density", "xmp_metadata"})
                               .shape(encode_jpeg_shape)
                               .kernel(uint8, encode_jpeg_kernel)
                               .no_gradient();

const OpDef& kEncodeJpegVariableQuality = OpBuilder("EncodeJpegVariableQuality")
                                             .inputs(2)
                                             .shape(encode_variable_quality_shape)
                                             .kernel(uint8, encode_variable_quality_kernel)
                                             .no_gradient();

}  // namespace

namespace image {

Tensor encode_jpeg_variable_quality(const Tensor& images, const Tensor& quality) {
  return ops::execute1(kEncodeJpegVariableQuality, {images, quality});
}

}  // namespace image

namespace io {

Tensor encode_png(const Tensor& image, std::int64_t compression) {
  const ops::AttrValue attrs[] = {compression};
  return ops::execute1(kEncodePng, {image}, attrs);
}

Tensor encode_jpeg(const Tensor& image, const EncodeJpegOptions& o) {
  const ops::AttrValue attrs[] = {o.format,        o.quality,      o.progressive, o.optimize_size, o.chroma_downsampling,
                                  o.density_unit,  o.x_density,    o.y_density,   o.xmp_metadata};
  return ops::execute1(kEncodeJpeg, {image}, attrs);
}

}  // namespace io
}  // namespace tf
