// tf.image's geometric and colour functions for Python, with TensorFlow's argument names and
// defaults. The C++ composites' own argument errors ("[flip_left_right] ...") become the
// ValueError TensorFlow's Python raises (AttributeError for convert_image_dtype's dtypes).
#include <nanobind/stl/string.h>

#include "argument_errors.h"
#include "bindings.h"
#include "tfpp/image_color_ops.h"
#include "tfpp/image_geometry_ops.h"
#include "tfpp/image_resize.h"

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

}  // namespace

// Adds to the tf.image module that bind_gradients (gradients.cc) creates.
void bind_image_ops(nb::module_& m) {
  nb::module_ image = nb::borrow<nb::module_>(m.attr("image"));
  bind_geometry(image);
  bind_color(image);
  bind_resize(image);
}

}  // namespace tfpp_python
