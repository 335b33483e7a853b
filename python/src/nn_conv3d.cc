// tf.nn's 3-D convolution and pooling functions and tf.nn.pool for Python, with TensorFlow's
// argument names and defaults: conv3d, conv3d_transpose, max_pool3d, avg_pool3d, pool.
#include <nanobind/stl/string.h>

#include "argument_errors.h"
#include "bindings.h"
#include "tfpp/nn_conv3d.h"
#include "tfpp/nn_pool.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

tf::nn::Sizes sizes_or_one(nb::handle value) { return value.is_none() ? tf::nn::Sizes(1) : tf::nn::Sizes(int_list(value)); }

}  // namespace

// Called by bind_nn_conv_pool (nn_conv_pool.cc) on the tf.nn module.
void bind_nn_conv3d(nb::module_& nn) {
  nn.def("conv3d", [](nb::handle input, nb::handle filters, nb::handle strides, std::string padding, std::string data_format,
                      nb::handle dilations, nb::handle name) {
    NodeName named(name);
    return tf::nn::conv3d(to_tensor(input), to_tensor(filters), sizes_or_one(strides), padding,
                          {.dilations = sizes_or_one(dilations), .data_format = data_format});
  }, "input"_a, "filters"_a, "strides"_a, "padding"_a, "data_format"_a = "NDHWC", "dilations"_a = nb::none(),
     "name"_a = nb::none());
  nn.def("conv3d_transpose", [](nb::handle input, nb::handle filters, nb::handle output_shape, nb::handle strides,
                                std::string padding, std::string data_format, nb::handle dilations, nb::handle name) {
    NodeName named(name);
    return tf::nn::conv3d_transpose(to_tensor(input), to_tensor(filters), to_tensor(output_shape), sizes_or_one(strides),
                                    padding, {.dilations = sizes_or_one(dilations), .data_format = data_format});
  }, "input"_a, "filters"_a, "output_shape"_a, "strides"_a, "padding"_a = "SAME", "data_format"_a = "NDHWC",
     "dilations"_a = nb::none(), "name"_a = nb::none());
  using Pool3d = tf::Tensor (*)(const tf::Tensor&, const tf::nn::Sizes&, const tf::nn::Sizes&, const std::string&,
                                const std::string&);
  for (const auto& [py_name, fn] : {std::pair<const char*, Pool3d>{"max_pool3d", tf::nn::max_pool3d},
                                    std::pair<const char*, Pool3d>{"avg_pool3d", tf::nn::avg_pool3d}}) {
    const Pool3d pool = fn;
    nn.def(py_name, [pool](nb::handle input, nb::handle ksize, nb::handle strides, std::string padding,
                           std::string data_format, nb::handle name) {
      NodeName named(name);
      return pool(to_tensor(input), sizes_or_one(ksize), sizes_or_one(strides), padding, data_format);
    }, "input"_a, "ksize"_a, "strides"_a, "padding"_a, "data_format"_a = "NDHWC", "name"_a = nb::none());
  }
  nn.def("pool", [](nb::handle input, nb::handle window_shape, std::string pooling_type, nb::handle strides,
                    std::string padding, nb::handle data_format, nb::handle dilations, nb::handle name) {
    NodeName named(name);
    const tf::Tensor x = to_tensor(input);
    const tf::nn::PoolArgs args{.strides = sizes_or_one(strides), .padding = padding,
                                .data_format = data_format.is_none() ? "" : nb::cast<std::string>(data_format),
                                .dilations = sizes_or_one(dilations)};
    const std::vector<std::int64_t> window = int_list(window_shape);
    return python_argument_errors("pool", [&] { return tf::nn::pool(x, window, pooling_type, args); });
  }, "input"_a, "window_shape"_a, "pooling_type"_a, "strides"_a = nb::none(), "padding"_a = "VALID",
     "data_format"_a = nb::none(), "dilations"_a = nb::none(), "name"_a = nb::none());
}

}  // namespace tfpp_python
