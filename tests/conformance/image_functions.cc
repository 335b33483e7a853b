// Case functions for tf.image: geometry, colour, resizing, codecs, measures and suppression.
#include <limits>

#include "conformance/case_functions.h"
#include "tfpp/image_codecs.h"
#include "tfpp/image_color_ops.h"
#include "tfpp/image_crop_and_resize.h"
#include "tfpp/image_draw_bounding_boxes.h"
#include "tfpp/image_geometry_ops.h"
#include "tfpp/image_gif_bmp.h"
#include "tfpp/image_metrics.h"
#include "tfpp/image_nms.h"
#include "tfpp/image_patches.h"
#include "tfpp/image_resize.h"
#include "tfpp/image_ssim_multiscale.h"

namespace tf::conformance {
namespace {

using Inputs = std::vector<Tensor>;
using Outputs = std::vector<Tensor>;
using ImageFn = Tensor (*)(const Tensor&);

void add_geometry(CaseFunctions& t) {
  for (const auto& [name, fn] : {std::pair<const char*, ImageFn>{"flip_left_right", &image::flip_left_right},
                                 {"flip_up_down", &image::flip_up_down},
                                 {"transpose", &image::transpose}})
    t[std::string("tf.image.") + name] = [fn](const Inputs& in, const Attrs&) { return Outputs{fn(in.at(0))}; };
  t["tf.image.rot90"] = [](const Inputs& in, const Attrs& a) { return Outputs{image::rot90(in.at(0), a.i("k", 1))}; };
  t["tf.image.central_crop"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{image::central_crop(in.at(0), a.f("central_fraction"))};
  };
  t["tf.image.crop_to_bounding_box"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{image::crop_to_bounding_box(in.at(0), a.i("offset_height"), a.i("offset_width"), a.i("target_height"),
                                               a.i("target_width"))};
  };
  t["tf.image.pad_to_bounding_box"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{image::pad_to_bounding_box(in.at(0), a.i("offset_height"), a.i("offset_width"), a.i("target_height"),
                                              a.i("target_width"))};
  };
  t["tf.image.resize_with_crop_or_pad"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{image::resize_with_crop_or_pad(in.at(0), a.i("target_height"), a.i("target_width"))};
  };
}

void add_color(CaseFunctions& t) {
  for (const auto& [name, fn] : {std::pair<const char*, ImageFn>{"rgb_to_grayscale", &image::rgb_to_grayscale},
                                 {"grayscale_to_rgb", &image::grayscale_to_rgb},
                                 {"rgb_to_hsv", &image::rgb_to_hsv},
                                 {"hsv_to_rgb", &image::hsv_to_rgb},
                                 {"rgb_to_yiq", &image::rgb_to_yiq},
                                 {"yiq_to_rgb", &image::yiq_to_rgb},
                                 {"rgb_to_yuv", &image::rgb_to_yuv},
                                 {"yuv_to_rgb", &image::yuv_to_rgb},
                                 {"per_image_standardization", &image::per_image_standardization}})
    t[std::string("tf.image.") + name] = [fn](const Inputs& in, const Attrs&) { return Outputs{fn(in.at(0))}; };
  t["tf.image.convert_image_dtype"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{image::convert_image_dtype(in.at(0), a.d("dtype", float32), a.b("saturate", false))};
  };
  t["tf.image.adjust_brightness"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{image::adjust_brightness(in.at(0), a.f("delta"))};
  };
  t["tf.image.adjust_gamma"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{image::adjust_gamma(in.at(0), a.f("gamma", 1.0), a.f("gain", 1.0))};
  };
  t["tf.image.adjust_saturation"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{image::adjust_saturation(in.at(0), a.f("saturation_factor"))};
  };
  t["tf.image.adjust_hue"] = [](const Inputs& in, const Attrs& a) { return Outputs{image::adjust_hue(in.at(0), a.f("delta"))}; };
}

void add_resize(CaseFunctions& t) {
  t["tf.image.resize"] = [](const Inputs& in, const Attrs& a) {
    const image::ResizeOptions options{.method = a.s("method", "bilinear"),
                                       .preserve_aspect_ratio = a.b("preserve_aspect_ratio", false),
                                       .antialias = a.b("antialias", false)};
    return Outputs{image::resize(in.at(0), a.ints("size"), options)};
  };
  t["tf.image.resize_with_pad"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{image::resize_with_pad(in.at(0), a.i("target_height"), a.i("target_width"), a.s("method", "bilinear"),
                                          a.b("antialias", false))};
  };
}

void add_codecs(CaseFunctions& t) {
  t["tf.io.encode_png"] = [](const Inputs& in, const Attrs& a) { return Outputs{io::encode_png(in.at(0), a.i("compression", -1))}; };
  t["tf.io.decode_png"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{io::decode_png(in.at(0), {.channels = a.i("channels", 0), .dtype = a.d("dtype", uint8)})};
  };
  t["tf.io.decode_gif"] = [](const Inputs& in, const Attrs&) { return Outputs{io::decode_gif(in.at(0))}; };
  t["tf.io.decode_bmp"] = [](const Inputs& in, const Attrs& a) { return Outputs{io::decode_bmp(in.at(0), a.i("channels", 0))}; };
  t["tf.io.decode_image"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{io::decode_image(in.at(0), {.channels = a.i("channels", 0), .dtype = a.d("dtype", uint8),
                                               .expand_animations = a.b("expand_animations", true)})};
  };
  t["tf.io.encode_jpeg"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{io::encode_jpeg(in.at(0), {.format = a.s("format"), .quality = a.i("quality", 95),
                                              .progressive = a.b("progressive", false), .optimize_size = a.b("optimize_size", false),
                                              .chroma_downsampling = a.b("chroma_downsampling", true)})};
  };
}

void add_metrics(CaseFunctions& t) {
  t["tf.image.total_variation"] = [](const Inputs& in, const Attrs&) { return Outputs{image::total_variation(in.at(0))}; };
  t["tf.image.image_gradients"] = [](const Inputs& in, const Attrs&) {
    const auto [dy, dx] = image::image_gradients(in.at(0));
    return Outputs{dy, dx};
  };
  t["tf.image.sobel_edges"] = [](const Inputs& in, const Attrs&) { return Outputs{image::sobel_edges(in.at(0))}; };
  t["tf.image.psnr"] = [](const Inputs& in, const Attrs& a) { return Outputs{image::psnr(in.at(0), in.at(1), a.f("max_val"))}; };
  t["tf.image.ssim"] = [](const Inputs& in, const Attrs& a) {
    const image::SsimOptions o{.filter_size = a.i("filter_size", 11), .filter_sigma = a.f("filter_sigma", 1.5),
                               .k1 = a.f("k1", 0.01), .k2 = a.f("k2", 0.03), .return_index_map = a.b("return_index_map", false)};
    return Outputs{image::ssim(in.at(0), in.at(1), a.f("max_val"), o)};
  };
  t["tf.image.ssim_multiscale"] = [](const Inputs& in, const Attrs& a) {
    const image::SsimOptions o{.filter_size = a.i("filter_size", 11), .filter_sigma = a.f("filter_sigma", 1.5),
                               .k1 = a.f("k1", 0.01), .k2 = a.f("k2", 0.03)};
    return Outputs{image::ssim_multiscale(in.at(0), in.at(1), a.f("max_val"), image::kMsSsimPowerFactors, o)};
  };
  t["tf.image.draw_bounding_boxes"] = [](const Inputs& in, const Attrs&) {
    return Outputs{image::draw_bounding_boxes(in.at(0), in.at(1), in.at(2))};
  };
}

image::NmsOptions nms_options(const Attrs& a) {
  return {.iou_threshold = a.f("iou_threshold", 0.5), .score_threshold = a.f("score_threshold", -std::numeric_limits<double>::infinity()),
          .soft_nms_sigma = a.f("soft_nms_sigma", 0.0)};
}

void add_nms(CaseFunctions& t) {
  t["tf.image.non_max_suppression"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{image::non_max_suppression(in.at(0), in.at(1), a.i("max_output_size"), nms_options(a))};
  };
  t["tf.image.non_max_suppression_with_scores"] = [](const Inputs& in, const Attrs& a) {
    const auto [indices, scores] = image::non_max_suppression_with_scores(in.at(0), in.at(1), a.i("max_output_size"), nms_options(a));
    return Outputs{indices, scores};
  };
}

void add_patches(CaseFunctions& t) {
  t["tf.image.crop_and_resize"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{image::crop_and_resize(in.at(0), in.at(1), in.at(2), a.ints("crop_size"),
                                          {.method = a.s("method", "bilinear"), .extrapolation_value = a.f("extrapolation_value", 0.0)})};
  };
  t["tf.image.extract_patches"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{image::extract_patches(in.at(0), a.ints("sizes"), a.ints("strides"), a.ints("rates"), a.s("padding"))};
  };
}

}  // namespace

void add_image_functions(CaseFunctions& t) {
  add_geometry(t);
  add_color(t);
  add_resize(t);
  add_codecs(t);
  add_metrics(t);
  add_nms(t);
  add_patches(t);
}

}  // namespace tf::conformance
