// tf.nn.depthwise_conv2d_backprop_input / _filter for Python.
#include <nanobind/stl/string.h>

#include "bindings.h"
#include "padding_argument.h"
#include "tfpp/depthwise_conv_backprops.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

// TensorFlow's 4-value dilations (the native ops' form) or None.
tf::nn::Sizes dilations_of(nb::handle value) { return value.is_none() ? tf::nn::Sizes(1) : tf::nn::Sizes(int_list(value)); }

}  // namespace

void bind_depthwise_conv_backprops(nb::module_& m) {
  nb::module_ nn = nb::borrow<nb::module_>(m.attr("nn"));
  nn.def("depthwise_conv2d_backprop_input", [](nb::handle input_sizes, nb::handle filter, nb::handle out_backprop,
                                               nb::handle strides, nb::handle padding, std::string data_format,
                                               nb::handle dilations, nb::handle name) {
    NodeName named(name);
    return tf::nn::depthwise_conv2d_backprop_input(to_tensor(input_sizes, tf::int32), to_tensor(filter), to_tensor(out_backprop),
                                                   tf::nn::Sizes(int_list(strides)), explicit_or_named_padding(padding),
                                                   {.dilations = dilations_of(dilations), .data_format = data_format});
  }, "input_sizes"_a, "filter"_a, "out_backprop"_a, "strides"_a, "padding"_a, "data_format"_a = "NHWC",
     "dilations"_a = nb::none(), "name"_a = nb::none());
  nn.def("depthwise_conv2d_backprop_filter", [](nb::handle input, nb::handle filter_sizes, nb::handle out_backprop,
                                                nb::handle strides, nb::handle padding, std::string data_format,
                                                nb::handle dilations, nb::handle name) {
    NodeName named(name);
    return tf::nn::depthwise_conv2d_backprop_filter(to_tensor(input), to_tensor(filter_sizes, tf::int32), to_tensor(out_backprop),
                                                    tf::nn::Sizes(int_list(strides)), explicit_or_named_padding(padding),
                                                    {.dilations = dilations_of(dilations), .data_format = data_format});
  }, "input"_a, "filter_sizes"_a, "out_backprop"_a, "strides"_a, "padding"_a, "data_format"_a = "NHWC",
     "dilations"_a = nb::none(), "name"_a = nb::none());
}

}  // namespace tfpp_python
