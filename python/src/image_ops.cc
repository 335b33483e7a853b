// tf.image's geometric and colour functions for Python, with TensorFlow's argument names and
// defaults. The C++ composites' own argument errors ("[flip_left_right] ...") become the
// ValueError TensorFlow's Python raises (AttributeError for convert_image_dtype's dtypes).
#include <array>
#include <limits>

#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "argument_errors.h"
#include "bindings.h"
#include "tfpp/image_box_ops.h"
#include "tfpp/image_codecs.h"
#include "tfpp/image_color_ops.h"
#include "tfpp/image_crop_and_resize.h"
#include "tfpp/image_draw_bounding_boxes.h"
#include "tfpp/image_geometry_ops.h"
#include "tfpp/image_gif_bmp.h"
#include "tfpp/image_glimpse.h"
#include "tfpp/image_jpeg_quality.h"
#include "tfpp/image_metrics.h"
#include "tfpp/image_nms.h"
#include "tfpp/image_patches.h"
#include "tfpp/image_random_ops.h"
#include "tfpp/image_resize.h"
#include "tfpp/image_ssim_multiscale.h"
#include "tfpp/io/decode_and_crop_jpeg.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

using ImageFn = tf::Tensor (*)(const tf::Tensor&);

// Binds a one-argument function whose argument TensorFlow calls `arg` ("image" or "images").
void def_unary(nb::module_& image, const char* name, ImageFn fn, const char* arg) {
  image.def(name, [name, fn](nb::handle x, nb::handle node_name) {
    NodeName named(node_name);
    const tf::Tensor t = to_tensor(x);
    return python_argument_errors(name, [&] { return fn(t); });
  }, nb::arg(arg), "name"_a = nb::none());
}

tf::Tensor convert_image_dtype(nb::handle image, nb::handle dtype, bool saturate, nb::handle name) {
  NodeName named(name);
  const tf::Tensor t = to_tensor(image);
  const tf::DType d = dtype_from(dtype);
  try {
    return tf::image::convert_image_dtype(t, d, saturate);
  } catch (const tf::InvalidArgumentError& e) {
    throw nb::attribute_error(e.what());
  }
}

void bind_geometry(nb::module_& image) {
  def_unary(image, "flip_left_right", &tf::image::flip_left_right, "image");
  def_unary(image, "flip_up_down", &tf::image::flip_up_down, "image");
  def_unary(image, "transpose", &tf::image::transpose, "image");
  image.def("rot90", [](nb::handle x, std::int64_t k, nb::handle name) {
    NodeName named(name);
    const tf::Tensor t = to_tensor(x);
    return python_argument_errors("rot90", [&] { return tf::image::rot90(t, k); });
  }, "image"_a, "k"_a = 1, "name"_a = nb::none());
  image.def("central_crop", [](nb::handle x, double central_fraction) {
    const tf::Tensor t = to_tensor(x);
    return python_argument_errors("central_crop", [&] { return tf::image::central_crop(t, central_fraction); });
  }, "image"_a, "central_fraction"_a);
  image.def("crop_to_bounding_box", [](nb::handle x, std::int64_t oh, std::int64_t ow, std::int64_t th, std::int64_t tw) {
    const tf::Tensor t = to_tensor(x);
    return python_argument_errors("crop_to_bounding_box", [&] { return tf::image::crop_to_bounding_box(t, oh, ow, th, tw); });
  }, "image"_a, "offset_height"_a, "offset_width"_a, "target_height"_a, "target_width"_a);
  image.def("pad_to_bounding_box", [](nb::handle x, std::int64_t oh, std::int64_t ow, std::int64_t th, std::int64_t tw) {
    const tf::Tensor t = to_tensor(x);
    return python_argument_errors("pad_to_bounding_box", [&] { return tf::image::pad_to_bounding_box(t, oh, ow, th, tw); });
  }, "image"_a, "offset_height"_a, "offset_width"_a, "target_height"_a, "target_width"_a);
  image.def("resize_with_crop_or_pad", [](nb::handle x, std::int64_t th, std::int64_t tw) {
    const tf::Tensor t = to_tensor(x);
    return python_argument_errors("resize_with_crop_or_pad", [&] { return tf::image::resize_with_crop_or_pad(t, th, tw); });
  }, "image"_a, "target_height"_a, "target_width"_a);
}

void bind_color(nb::module_& image) {
  image.def("convert_image_dtype", &convert_image_dtype, "image"_a, "dtype"_a, "saturate"_a = false, "name"_a = nb::none());
  image.def("per_image_standardization", [](nb::handle x) {
    const tf::Tensor t = to_tensor(x);
    return python_argument_errors("per_image_standardization", [&] { return tf::image::per_image_standardization(t); });
  }, "image"_a);
  def_unary(image, "rgb_to_grayscale", &tf::image::rgb_to_grayscale, "images");
  def_unary(image, "grayscale_to_rgb", &tf::image::grayscale_to_rgb, "images");
  def_unary(image, "rgb_to_hsv", &tf::image::rgb_to_hsv, "images");
  def_unary(image, "hsv_to_rgb", &tf::image::hsv_to_rgb, "images");
  def_unary(image, "rgb_to_yiq", &tf::image::rgb_to_yiq, "images");
  def_unary(image, "yiq_to_rgb", &tf::image::yiq_to_rgb, "images");
  def_unary(image, "rgb_to_yuv", &tf::image::rgb_to_yuv, "images");
  def_unary(image, "yuv_to_rgb", &tf::image::yuv_to_rgb, "images");
  image.def("adjust_brightness", [](nb::handle x, double delta) {
    return tf::image::adjust_brightness(to_tensor(x), delta);
  }, "image"_a, "delta"_a);
  image.def("adjust_gamma", [](nb::handle x, double gamma, double gain) {
    const tf::Tensor t = to_tensor(x);
    return python_argument_errors("adjust_gamma", [&] { return tf::image::adjust_gamma(t, gamma, gain); });
  }, "image"_a, "gamma"_a = 1, "gain"_a = 1);
  image.def("adjust_saturation", [](nb::handle x, double saturation_factor, nb::handle name) {
    NodeName named(name);
    return tf::image::adjust_saturation(to_tensor(x), saturation_factor);
  }, "image"_a, "saturation_factor"_a, "name"_a = nb::none());
  image.def("adjust_hue", [](nb::handle x, double delta, nb::handle name) {
    NodeName named(name);
    const tf::Tensor t = to_tensor(x);
    return python_argument_errors("adjust_hue", [&] { return tf::image::adjust_hue(t, delta); });
  }, "image"_a, "delta"_a, "name"_a = nb::none());
}

void bind_resize(nb::module_& image) {
  using M = tf::image::ResizeMethod;
  nb::dict methods;
  for (const auto& [key, value] : {std::pair{"BILINEAR", M::BILINEAR}, {"NEAREST_NEIGHBOR", M::NEAREST_NEIGHBOR}, {"BICUBIC", M::BICUBIC},
                                   {"AREA", M::AREA}, {"LANCZOS3", M::LANCZOS3}, {"LANCZOS5", M::LANCZOS5},
                                   {"GAUSSIAN", M::GAUSSIAN}, {"MITCHELLCUBIC", M::MITCHELLCUBIC}})
    methods[key] = value;
  image.attr("ResizeMethod") = nb::module_::import_("types").attr("SimpleNamespace")(**methods);
  image.def("resize", [](nb::handle images, nb::handle size, std::string method, bool preserve_aspect_ratio, bool antialias,
                         nb::handle name) {
    NodeName named(name);
    const tf::Tensor t = to_tensor(images);
    const tf::Tensor s = to_tensor(size);
    return python_argument_errors("resize", [&] {
      return tf::image::resize(t, s, {.method = method, .preserve_aspect_ratio = preserve_aspect_ratio, .antialias = antialias});
    });
  }, "images"_a, "size"_a, "method"_a = M::BILINEAR, "preserve_aspect_ratio"_a = false, "antialias"_a = false,
     "name"_a = nb::none());
  image.def("resize_with_pad", [](nb::handle x, std::int64_t target_height, std::int64_t target_width, std::string method,
                                  bool antialias) {
    const tf::Tensor t = to_tensor(x);
    return python_argument_errors("resize_with_pad", [&] {
      return tf::image::resize_with_pad(t, target_height, target_width, method, antialias);
    });
  }, "image"_a, "target_height"_a, "target_width"_a, "method"_a = M::BILINEAR, "antialias"_a = false);
}

// The codecs, which TensorFlow exports under both tf.io and tf.image (python/tfpp/io.py re-exports them).
void bind_codecs(nb::module_& image) {
  image.def("decode_png", [](nb::handle contents, std::int64_t channels, nb::handle dtype, nb::handle name) {
    NodeName named(name);
    return tf::io::decode_png(to_tensor(contents), {.channels = channels, .dtype = dtype.is_none() ? tf::uint8 : dtype_from(dtype)});
  }, "contents"_a, "channels"_a = 0, "dtype"_a = nb::none(), "name"_a = nb::none());
  image.def("encode_png", [](nb::handle image, std::int64_t compression, nb::handle name) {
    NodeName named(name);
    return tf::io::encode_png(to_tensor(image), compression);
  }, "image"_a, "compression"_a = -1, "name"_a = nb::none());
  image.def("decode_jpeg", [](nb::handle contents, std::int64_t channels, std::int64_t ratio, bool fancy_upscaling,
                              bool try_recover_truncated, double acceptable_fraction, std::string dct_method, nb::handle name) {
    NodeName named(name);
    return tf::io::decode_jpeg(to_tensor(contents), {.channels = channels, .ratio = ratio, .fancy_upscaling = fancy_upscaling,
                                                     .try_recover_truncated = try_recover_truncated,
                                                     .acceptable_fraction = acceptable_fraction, .dct_method = dct_method});
  }, "contents"_a, "channels"_a = 0, "ratio"_a = 1, "fancy_upscaling"_a = true, "try_recover_truncated"_a = false,
     "acceptable_fraction"_a = 1, "dct_method"_a = "", "name"_a = nb::none());
  image.def("decode_and_crop_jpeg", [](nb::handle contents, nb::handle crop_window, std::int64_t channels, std::int64_t ratio,
                                       bool fancy_upscaling, bool try_recover_truncated, double acceptable_fraction,
                                       std::string dct_method, nb::handle name) {
    NodeName named(name);
    return tf::io::decode_and_crop_jpeg(to_tensor(contents), to_tensor_strictly(crop_window, tf::int32),
                                        {.channels = channels, .ratio = ratio, .fancy_upscaling = fancy_upscaling,
                                         .try_recover_truncated = try_recover_truncated,
                                         .acceptable_fraction = acceptable_fraction, .dct_method = dct_method});
  }, "contents"_a, "crop_window"_a, "channels"_a = 0, "ratio"_a = 1, "fancy_upscaling"_a = true, "try_recover_truncated"_a = false,
     "acceptable_fraction"_a = 1, "dct_method"_a = "", "name"_a = nb::none());
  image.def("encode_jpeg", [](nb::handle image, std::string format, std::int64_t quality, bool progressive, bool optimize_size,
                              bool chroma_downsampling, std::string density_unit, std::int64_t x_density, std::int64_t y_density,
                              std::string xmp_metadata, nb::handle name) {
    NodeName named(name);
    return tf::io::encode_jpeg(to_tensor(image), {.format = format, .quality = quality, .progressive = progressive,
                                                  .optimize_size = optimize_size, .chroma_downsampling = chroma_downsampling,
                                                  .density_unit = density_unit, .x_density = x_density, .y_density = y_density,
                                                  .xmp_metadata = xmp_metadata});
  }, "image"_a, "format"_a = "", "quality"_a = 95, "progressive"_a = false, "optimize_size"_a = false,
     "chroma_downsampling"_a = true, "density_unit"_a = "in", "x_density"_a = 300, "y_density"_a = 300, "xmp_metadata"_a = "",
     "name"_a = nb::none());
  image.def("decode_image", [](nb::handle contents, nb::handle channels, nb::handle dtype, nb::handle name, bool expand_animations) {
    NodeName named(name);
    return tf::io::decode_image(to_tensor(contents), {.channels = channels.is_none() ? 0 : nb::cast<std::int64_t>(channels),
                                                      .dtype = dtype.is_none() ? tf::uint8 : dtype_from(dtype),
                                                      .expand_animations = expand_animations});
  }, "contents"_a, "channels"_a = nb::none(), "dtype"_a = nb::none(), "name"_a = nb::none(), "expand_animations"_a = true);
  image.def("decode_gif", [](nb::handle contents, nb::handle name) {
    NodeName named(name);
    return tf::io::decode_gif(to_tensor(contents));
  }, "contents"_a, "name"_a = nb::none());
  image.def("decode_bmp", [](nb::handle contents, std::int64_t channels, nb::handle name) {
    NodeName named(name);
    return tf::io::decode_bmp(to_tensor(contents), channels);
  }, "contents"_a, "channels"_a = 0, "name"_a = nb::none());
  image.def("is_jpeg", [](nb::handle contents, nb::handle name) {
    NodeName named(name);
    return tf::io::is_jpeg(to_tensor(contents));
  }, "contents"_a, "name"_a = nb::none());
  image.def("extract_jpeg_shape", [](nb::handle contents, nb::handle output_type, nb::handle name) {
    NodeName named(name);
    return tf::io::extract_jpeg_shape(to_tensor(contents), output_type.is_none() ? tf::int32 : dtype_from(output_type));
  }, "contents"_a, "output_type"_a = nb::none(), "name"_a = nb::none());
}

void bind_metrics(nb::module_& image) {
  image.def("total_variation", [](nb::handle images, nb::handle name) {
    NodeName named(name);
    const tf::Tensor t = to_tensor(images);
    return python_argument_errors("total_variation", [&] { return tf::image::total_variation(t); });
  }, "images"_a, "name"_a = nb::none());
  image.def("image_gradients", [](nb::handle x) {
    const tf::Tensor t = to_tensor(x);
    return python_argument_errors("image_gradients", [&] { return tf::image::image_gradients(t); });
  }, "image"_a);
  image.def("sobel_edges", [](nb::handle x) {
    const tf::Tensor t = to_tensor(x);
    return python_argument_errors("sobel_edges", [&] { return tf::image::sobel_edges(t); });
  }, "image"_a);
  image.def("psnr", [](nb::handle a, nb::handle b, double max_val, nb::handle name) {
    NodeName named(name);
    const tf::Tensor x = to_tensor(a), y = to_tensor(b);
    return python_argument_errors("psnr", [&] { return tf::image::psnr(x, y, max_val); });
  }, "a"_a, "b"_a, "max_val"_a, "name"_a = nb::none());
  image.def("ssim", [](nb::handle img1, nb::handle img2, double max_val, std::int64_t filter_size, double filter_sigma, double k1,
                       double k2, bool return_index_map) {
    const tf::Tensor x = to_tensor(img1), y = to_tensor(img2);
    return python_argument_errors("ssim", [&] {
      return tf::image::ssim(x, y, max_val, {.filter_size = filter_size, .filter_sigma = filter_sigma, .k1 = k1, .k2 = k2,
                                              .return_index_map = return_index_map});
    });
  }, "img1"_a, "img2"_a, "max_val"_a, "filter_size"_a = 11, "filter_sigma"_a = 1.5, "k1"_a = 0.01, "k2"_a = 0.03,
     "return_index_map"_a = false);
  image.def("ssim_multiscale", [](nb::handle img1, nb::handle img2, double max_val, std::vector<double> power_factors,
                                  std::int64_t filter_size, double filter_sigma, double k1, double k2) {
    const tf::Tensor x = to_tensor(img1), y = to_tensor(img2);
    return python_argument_errors("ssim_multiscale", [&] {
      return tf::image::ssim_multiscale(x, y, max_val, power_factors,
                                        {.filter_size = filter_size, .filter_sigma = filter_sigma, .k1 = k1, .k2 = k2});
    });
  }, "img1"_a, "img2"_a, "max_val"_a, "power_factors"_a = tf::image::kMsSsimPowerFactors, "filter_size"_a = 11,
     "filter_sigma"_a = 1.5, "k1"_a = 0.01, "k2"_a = 0.03);
}

std::optional<std::int64_t> op_seed(nb::handle seed) {
  return seed.is_none() ? std::nullopt : std::optional(nb::cast<std::int64_t>(seed));
}

void bind_random(nb::module_& image) {
  namespace img = tf::image;
  using Flip = tf::Tensor (*)(const tf::Tensor&, std::optional<std::int64_t>);
  using StatelessFlip = tf::Tensor (*)(const tf::Tensor&, const tf::IntArray&);
  for (const auto& [name, fn] : {std::pair<const char*, Flip>{"random_flip_left_right", &img::random_flip_left_right},
                                 {"random_flip_up_down", &img::random_flip_up_down}})
    image.def(name, [name, fn](nb::handle x, nb::handle seed) {
      const tf::Tensor t = to_tensor(x);
      return python_argument_errors(name, [&] { return fn(t, op_seed(seed)); });
    }, "image"_a, "seed"_a = nb::none());
  for (const auto& [name, fn] : {std::pair<const char*, StatelessFlip>{"stateless_random_flip_left_right", &img::stateless_random_flip_left_right},
                                 {"stateless_random_flip_up_down", &img::stateless_random_flip_up_down}})
    image.def(name, [name, fn](nb::handle x, nb::handle seed) {
      const tf::Tensor t = to_tensor(x), s = to_tensor(seed);
      return python_argument_errors(name, [&] { return fn(t, s); });
    }, "image"_a, "seed"_a);
  image.def("random_brightness", [](nb::handle x, double max_delta, nb::handle seed) {
    const tf::Tensor t = to_tensor(x);
    return python_argument_errors("random_brightness", [&] { return img::random_brightness(t, max_delta, op_seed(seed)); });
  }, "image"_a, "max_delta"_a, "seed"_a = nb::none());
  image.def("stateless_random_brightness", [](nb::handle x, double max_delta, nb::handle seed) {
    const tf::Tensor t = to_tensor(x), s = to_tensor(seed);
    return python_argument_errors("stateless_random_brightness", [&] { return img::stateless_random_brightness(t, max_delta, s); });
  }, "image"_a, "max_delta"_a, "seed"_a);
  image.def("random_hue", [](nb::handle x, double max_delta, nb::handle seed) {
    const tf::Tensor t = to_tensor(x);
    return python_argument_errors("random_hue", [&] { return img::random_hue(t, max_delta, op_seed(seed)); });
  }, "image"_a, "max_delta"_a, "seed"_a = nb::none());
  image.def("stateless_random_hue", [](nb::handle x, double max_delta, nb::handle seed) {
    const tf::Tensor t = to_tensor(x), s = to_tensor(seed);
    return python_argument_errors("stateless_random_hue", [&] { return img::stateless_random_hue(t, max_delta, s); });
  }, "image"_a, "max_delta"_a, "seed"_a);
  using Range = tf::Tensor (*)(const tf::Tensor&, double, double, std::optional<std::int64_t>);
  using StatelessRange = tf::Tensor (*)(const tf::Tensor&, double, double, const tf::IntArray&);
  for (const auto& [name, fn] : {std::pair<const char*, Range>{"random_contrast", &img::random_contrast},
                                 {"random_saturation", &img::random_saturation}})
    image.def(name, [name, fn](nb::handle x, double lower, double upper, nb::handle seed) {
      const tf::Tensor t = to_tensor(x);
      return python_argument_errors(name, [&] { return fn(t, lower, upper, op_seed(seed)); });
    }, "image"_a, "lower"_a, "upper"_a, "seed"_a = nb::none());
  for (const auto& [name, fn] : {std::pair<const char*, StatelessRange>{"stateless_random_contrast", &img::stateless_random_contrast},
                                 {"stateless_random_saturation", &img::stateless_random_saturation}})
    image.def(name, [name, fn](nb::handle x, double lower, double upper, nb::handle seed) {
      const tf::Tensor t = to_tensor(x), s = to_tensor(seed);
      return python_argument_errors(name, [&] { return fn(t, lower, upper, s); });
    }, "image"_a, "lower"_a, "upper"_a, "seed"_a);
  image.def("random_crop", [](nb::handle value, nb::handle size, nb::handle seed, nb::handle name) {
    NodeName named(name);
    const tf::Tensor t = to_tensor(value), s = to_tensor(size);
    return python_argument_errors("random_crop", [&] { return img::random_crop(t, s, op_seed(seed)); });
  }, "value"_a, "size"_a, "seed"_a = nb::none(), "name"_a = nb::none());
  image.def("stateless_random_crop", [](nb::handle value, nb::handle size, nb::handle seed, nb::handle name) {
    NodeName named(name);
    const tf::Tensor t = to_tensor(value), s = to_tensor(size), sd = to_tensor(seed);
    return python_argument_errors("stateless_random_crop", [&] { return img::stateless_random_crop(t, s, sd); });
  }, "value"_a, "size"_a, "seed"_a, "name"_a = nb::none());
}

void bind_nms(nb::module_& image) {
  image.def("non_max_suppression", [](nb::handle boxes, nb::handle scores, std::int64_t max_output_size, double iou_threshold,
                                      double score_threshold, nb::handle name) {
    NodeName named(name);
    return tf::image::non_max_suppression(to_tensor(boxes), to_tensor(scores), max_output_size,
                                          {.iou_threshold = iou_threshold, .score_threshold = score_threshold});
  }, "boxes"_a, "scores"_a, "max_output_size"_a, "iou_threshold"_a = 0.5,
     "score_threshold"_a = -std::numeric_limits<double>::infinity(), "name"_a = nb::none());
  image.def("non_max_suppression_with_scores", [](nb::handle boxes, nb::handle scores, std::int64_t max_output_size,
                                                  double iou_threshold, double score_threshold, double soft_nms_sigma, nb::handle name) {
    NodeName named(name);
    return tf::image::non_max_suppression_with_scores(
        to_tensor(boxes), to_tensor(scores), max_output_size,
        {.iou_threshold = iou_threshold, .score_threshold = score_threshold, .soft_nms_sigma = soft_nms_sigma});
  }, "boxes"_a, "scores"_a, "max_output_size"_a, "iou_threshold"_a = 0.5,
     "score_threshold"_a = -std::numeric_limits<double>::infinity(), "soft_nms_sigma"_a = 0.0, "name"_a = nb::none());
  image.def("non_max_suppression_overlaps", [](nb::handle overlaps, nb::handle scores, std::int64_t max_output_size,
                                               double overlap_threshold, double score_threshold, nb::handle name) {
    NodeName named(name);
    return tf::image::non_max_suppression_overlaps(to_tensor(overlaps), to_tensor(scores), max_output_size,
                                                   {.overlap_threshold = overlap_threshold, .score_threshold = score_threshold});
  }, "overlaps"_a, "scores"_a, "max_output_size"_a, "overlap_threshold"_a = 0.5,
     "score_threshold"_a = -std::numeric_limits<double>::infinity(), "name"_a = nb::none());
  image.def("non_max_suppression_padded", [](nb::handle boxes, nb::handle scores, std::int64_t max_output_size, double iou_threshold,
                                             double score_threshold, bool pad_to_max_output_size, nb::handle name, bool sorted_input,
                                             bool canonicalized_coordinates, std::int64_t tile_size) {
    NodeName named(name);
    const tf::Tensor b = to_tensor(boxes), s = to_tensor(scores);
    return python_argument_errors("non_max_suppression_padded", [&] {
      return tf::image::non_max_suppression_padded(
          b, s, max_output_size,
          {.iou_threshold = iou_threshold, .score_threshold = score_threshold, .pad_to_max_output_size = pad_to_max_output_size,
           .sorted_input = sorted_input, .canonicalized_coordinates = canonicalized_coordinates, .tile_size = tile_size});
    });
  }, "boxes"_a, "scores"_a, "max_output_size"_a, "iou_threshold"_a = 0.5,
     "score_threshold"_a = -std::numeric_limits<double>::infinity(), "pad_to_max_output_size"_a = false, "name"_a = nb::none(),
     "sorted_input"_a = false, "canonicalized_coordinates"_a = false, "tile_size"_a = 512);
  // TensorFlow returns the op's outputs as a namedtuple of this name.
  nb::object result_type = nb::module_::import_("collections").attr("namedtuple")(
      "CombinedNonMaxSuppression", nb::make_tuple("nmsed_boxes", "nmsed_scores", "nmsed_classes", "valid_detections"));
  image.def("combined_non_max_suppression", [result_type](nb::handle boxes, nb::handle scores, std::int64_t max_output_size_per_class,
                                                          std::int64_t max_total_size, double iou_threshold, double score_threshold,
                                                          bool pad_per_class, bool clip_boxes, nb::handle name) {
    NodeName named(name);
    tf::image::CombinedNmsResult r = tf::image::combined_non_max_suppression(
        to_tensor(boxes), to_tensor(scores), max_output_size_per_class, max_total_size,
        {.iou_threshold = iou_threshold, .score_threshold = score_threshold, .pad_per_class = pad_per_class, .clip_boxes = clip_boxes});
    return result_type(nb::cast(r.nmsed_boxes), nb::cast(r.nmsed_scores), nb::cast(r.nmsed_classes), nb::cast(r.valid_detections));
  }, "boxes"_a, "scores"_a, "max_output_size_per_class"_a, "max_total_size"_a, "iou_threshold"_a = 0.5,
     "score_threshold"_a = -std::numeric_limits<double>::infinity(), "pad_per_class"_a = false, "clip_boxes"_a = true,
     "name"_a = nb::none());
}

// DistortedBoxOptions from TensorFlow's arguments (None takes the op's default).
tf::image::DistortedBoxOptions distorted_box_options(double min_object_covered, nb::handle aspect_ratio_range, nb::handle area_range,
                                                     nb::handle max_attempts, nb::handle use_image_if_no_bounding_boxes) {
  tf::image::DistortedBoxOptions o{.min_object_covered = min_object_covered};
  const auto pair = [](nb::handle range, std::array<double, 2>& out) {
    if (range.is_none()) return;
    const auto values = nb::cast<std::vector<double>>(range);
    if (values.size() != 2) throw nb::value_error("the range must have 2 values");
    out = {values[0], values[1]};
  };
  pair(aspect_ratio_range, o.aspect_ratio_range);
  pair(area_range, o.area_range);
  if (!max_attempts.is_none()) o.max_attempts = nb::cast<std::int64_t>(max_attempts);
  if (!use_image_if_no_bounding_boxes.is_none()) o.use_image_if_no_bounding_boxes = nb::cast<bool>(use_image_if_no_bounding_boxes);
  return o;
}

void bind_distorted_boxes(nb::module_& image) {
  // TensorFlow returns each op's outputs as a namedtuple named after the op.
  const auto fields = nb::make_tuple("begin", "size", "bboxes");
  nb::object namedtuple = nb::module_::import_("collections").attr("namedtuple");
  nb::object stateful_type = namedtuple("SampleDistortedBoundingBoxV2", fields);
  nb::object stateless_type = namedtuple("StatelessSampleDistortedBoundingBox", fields);
  image.def("sample_distorted_bounding_box", [stateful_type](nb::handle image_size, nb::handle bounding_boxes, nb::handle seed,
                                                             double min_object_covered, nb::handle aspect_ratio_range, nb::handle area_range,
                                                             nb::handle max_attempts, nb::handle use_image, nb::handle name) {
    NodeName named(name);
    const tf::image::DistortedBox r = tf::image::sample_distorted_bounding_box(
        to_tensor(image_size), to_tensor_hinted(bounding_boxes, tf::float32),
        seed.is_none() ? std::nullopt : std::optional<std::int64_t>(nb::cast<std::int64_t>(seed)),
        distorted_box_options(min_object_covered, aspect_ratio_range, area_range, max_attempts, use_image));
    return stateful_type(nb::cast(r.begin), nb::cast(r.size), nb::cast(r.bboxes));
  }, "image_size"_a, "bounding_boxes"_a, "seed"_a.none() = 0, "min_object_covered"_a = 0.1, "aspect_ratio_range"_a.none() = nb::none(),
     "area_range"_a.none() = nb::none(), "max_attempts"_a.none() = nb::none(), "use_image_if_no_bounding_boxes"_a.none() = nb::none(),
     "name"_a = nb::none());
  image.def("stateless_sample_distorted_bounding_box", [stateless_type](nb::handle image_size, nb::handle bounding_boxes, nb::handle seed,
                                                                        double min_object_covered, nb::handle aspect_ratio_range,
                                                                        nb::handle area_range, nb::handle max_attempts, nb::handle use_image,
                                                                        nb::handle name) {
    NodeName named(name);
    const tf::image::DistortedBox r = tf::image::stateless_sample_distorted_bounding_box(
        to_tensor(image_size), to_tensor_hinted(bounding_boxes, tf::float32), to_tensor(seed),
        distorted_box_options(min_object_covered, aspect_ratio_range, area_range, max_attempts, use_image));
    return stateless_type(nb::cast(r.begin), nb::cast(r.size), nb::cast(r.bboxes));
  }, "image_size"_a, "bounding_boxes"_a, "seed"_a, "min_object_covered"_a = 0.1, "aspect_ratio_range"_a.none() = nb::none(),
     "area_range"_a.none() = nb::none(), "max_attempts"_a.none() = nb::none(), "use_image_if_no_bounding_boxes"_a.none() = nb::none(),
     "name"_a = nb::none());
}

void bind_jpeg_quality(nb::module_& image) {
  image.def("adjust_jpeg_quality", [](nb::handle image, nb::handle jpeg_quality, std::string dct_method, nb::handle name) {
    NodeName named(name);
    return tf::image::adjust_jpeg_quality(to_tensor(image), to_tensor(jpeg_quality, tf::int32), dct_method);
  }, "image"_a, "jpeg_quality"_a, "dct_method"_a = "", "name"_a = nb::none());
  image.def("random_jpeg_quality", [](nb::handle image, std::int64_t min_quality, std::int64_t max_quality, nb::handle seed) {
    const tf::Tensor t = to_tensor(image);
    return python_argument_errors("random_jpeg_quality",
                                  [&] { return tf::image::random_jpeg_quality(t, min_quality, max_quality, op_seed(seed)); });
  }, "image"_a, "min_jpeg_quality"_a, "max_jpeg_quality"_a, "seed"_a = nb::none());
  image.def("stateless_random_jpeg_quality", [](nb::handle image, std::int64_t min_quality, std::int64_t max_quality, nb::handle seed) {
    const tf::Tensor t = to_tensor(image), s = to_tensor(seed);
    return python_argument_errors("stateless_random_jpeg_quality",
                                  [&] { return tf::image::stateless_random_jpeg_quality(t, min_quality, max_quality, s); });
  }, "image"_a, "min_jpeg_quality"_a, "max_jpeg_quality"_a, "seed"_a);
}

void bind_glimpse(nb::module_& image) {
  image.def("extract_glimpse", [](nb::handle input, nb::handle size, nb::handle offsets, bool centered, bool normalized,
                                  std::string noise, nb::handle name) {
    NodeName named(name);
    return tf::image::extract_glimpse(to_tensor_hinted(input, tf::float32), to_tensor(size, tf::int32), to_tensor_hinted(offsets, tf::float32),
                                      {.centered = centered, .normalized = normalized, .noise = noise});
  }, "input"_a, "size"_a, "offsets"_a, "centered"_a = true, "normalized"_a = true, "noise"_a = "uniform", "name"_a = nb::none());
}

void bind_patches(nb::module_& image) {
  image.def("crop_and_resize", [](nb::handle image, nb::handle boxes, nb::handle box_indices, nb::handle crop_size, std::string method,
                                  double extrapolation_value, nb::handle name) {
    NodeName named(name);
    return tf::image::crop_and_resize(to_tensor(image), to_tensor(boxes), to_tensor(box_indices), to_tensor(crop_size),
                                      {.method = method, .extrapolation_value = extrapolation_value});
  }, "image"_a, "boxes"_a, "box_indices"_a, "crop_size"_a, "method"_a = "bilinear", "extrapolation_value"_a = 0.0,
     "name"_a = nb::none());
  image.def("draw_bounding_boxes", [](nb::handle images, nb::handle boxes, nb::handle colors, nb::handle name) {
    NodeName named(name);
    const std::optional<tf::Tensor> table = colors.is_none() ? std::nullopt : std::optional(to_tensor_hinted(colors, tf::float32));
    return tf::image::draw_bounding_boxes(to_tensor(images), to_tensor_hinted(boxes, tf::float32), table);
  }, "images"_a, "boxes"_a, "colors"_a.none(), "name"_a = nb::none());
  image.def("extract_patches", [](nb::handle images, std::vector<std::int64_t> sizes, std::vector<std::int64_t> strides,
                                  std::vector<std::int64_t> rates, std::string padding, nb::handle name) {
    NodeName named(name);
    return tf::image::extract_patches(to_tensor(images), sizes, strides, rates, padding);
  }, "images"_a, "sizes"_a, "strides"_a, "rates"_a, "padding"_a, "name"_a = nb::none());
}

}  // namespace

// Adds to the tf.image module that bind_gradients (gradients.cc) creates.
void bind_image_ops(nb::module_& m) {
  nb::module_ image = nb::borrow<nb::module_>(m.attr("image"));
  bind_geometry(image);
  bind_color(image);
  bind_resize(image);
  bind_codecs(image);
  bind_metrics(image);
  bind_random(image);
  bind_nms(image);
  bind_distorted_boxes(image);
  bind_jpeg_quality(image);
  bind_glimpse(image);
  bind_patches(image);
}

}  // namespace tfpp_python
