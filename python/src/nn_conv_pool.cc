// tf.nn's other convolution and pooling functions for Python (conv2d, max_pool2d and avg_pool2d
// are in nn_ops.cc): conv1d, convolution, conv2d_transpose, depthwise_conv2d, separable_conv2d,
// the 1-D and rank-generic pools and max_pool_with_argmax, with TensorFlow's argument names.
#include <nanobind/stl/string.h>

#include "argument_errors.h"
#include "bindings.h"
#include "padding_argument.h"
#include "tfpp/max_pool_with_argmax.h"
#include "tfpp/nn_conv_pool_variants.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

tf::nn::Sizes sizes_or(nb::handle value, std::int64_t fallback) {
  return value.is_none() ? tf::nn::Sizes(fallback) : tf::nn::Sizes(int_list(value));
}

std::string string_or(nb::handle value, const char* fallback) {
  return value.is_none() ? fallback : nb::cast<std::string>(value);
}

void bind_convolutions(nb::module_& nn) {
  nn.def("conv1d", [](nb::handle input, nb::handle filters, nb::handle stride, nb::handle padding, nb::handle data_format,
                      nb::handle dilations, nb::handle name) {
    NodeName named(name);
    return tf::nn::conv1d(to_tensor(input), to_tensor(filters), sizes_or(stride, 1), named_padding(padding),
                          {.dilations = sizes_or(dilations, 1), .data_format = string_or(data_format, "NWC")});
  }, "input"_a, "filters"_a, "stride"_a, "padding"_a, "data_format"_a = "NWC", "dilations"_a = nb::none(), "name"_a = nb::none());
  nn.def("convolution", [](nb::handle input, nb::handle filters, nb::handle strides, nb::handle padding, nb::handle data_format,
                           nb::handle dilations, nb::handle name) {
    NodeName named(name);
    return tf::nn::convolution(to_tensor(input), to_tensor(filters), named_padding(padding),
                               {.strides = sizes_or(strides, 1), .dilations = sizes_or(dilations, 1),
                                .data_format = string_or(data_format, "")});
  }, "input"_a, "filters"_a, "strides"_a = nb::none(), "padding"_a = "VALID", "data_format"_a = nb::none(),
     "dilations"_a = nb::none(), "name"_a = nb::none());
  nn.def("conv2d_transpose", [](nb::handle input, nb::handle filters, nb::handle output_shape, nb::handle strides,
                                nb::handle padding, std::string data_format, nb::handle dilations, nb::handle name) {
    NodeName named(name);
    return tf::nn::conv2d_transpose(to_tensor(input), to_tensor(filters), to_tensor(output_shape), sizes_or(strides, 1),
                                    explicit_or_named_padding(padding),
                                    {.dilations = sizes_or(dilations, 1), .data_format = data_format});
  }, "input"_a, "filters"_a, "output_shape"_a, "strides"_a, "padding"_a = "SAME", "data_format"_a = "NHWC",
     "dilations"_a = nb::none(), "name"_a = nb::none());
  nn.def("depthwise_conv2d", [](nb::handle input, nb::handle filter, nb::handle strides, nb::handle padding,
                                nb::handle data_format, nb::handle dilations, nb::handle name) {
    NodeName named(name);
    return tf::nn::depthwise_conv2d(to_tensor(input), to_tensor(filter), sizes_or(strides, 1), explicit_or_named_padding(padding),
                                    {.dilations = sizes_or(dilations, 1), .data_format = string_or(data_format, "NHWC")});
  }, "input"_a, "filter"_a, "strides"_a, "padding"_a, "data_format"_a = nb::none(), "dilations"_a = nb::none(),
     "name"_a = nb::none());
  nn.def("separable_conv2d", [](nb::handle input, nb::handle depthwise_filter, nb::handle pointwise_filter, nb::handle strides,
                                nb::handle padding, nb::handle data_format, nb::handle dilations, nb::handle name) {
    NodeName named(name);
    const tf::Tensor x = to_tensor(input), depthwise = to_tensor(depthwise_filter), pointwise = to_tensor(pointwise_filter);
    const tf::nn::Padding pads = explicit_or_named_padding(padding);
    const tf::nn::ConvOptions options{.dilations = sizes_or(dilations, 1), .data_format = string_or(data_format, "NHWC")};
    return python_argument_errors("separable_conv2d", [&] {
      return tf::nn::separable_conv2d(x, depthwise, pointwise, sizes_or(strides, 1), pads, options);
    });
  }, "input"_a, "depthwise_filter"_a, "pointwise_filter"_a, "strides"_a, "padding"_a, "data_format"_a = nb::none(),
     "dilations"_a = nb::none(), "name"_a = nb::none());
}

using PoolFn = tf::Tensor (*)(const tf::Tensor&, const tf::nn::Sizes&, const tf::nn::Sizes&, const tf::nn::Padding&,
                              const std::string&);

void bind_pools(nb::module_& nn) {
  struct Pool {
    const char* name;
    PoolFn fn;
    const char* data_format;  // the default; empty: None (channels last, by rank)
  };
  for (const Pool& pool : {Pool{"max_pool", tf::nn::max_pool, ""}, Pool{"avg_pool", tf::nn::avg_pool, ""},
                           Pool{"max_pool1d", tf::nn::max_pool1d, "NWC"}, Pool{"avg_pool1d", tf::nn::avg_pool1d, "NWC"}}) {
    const PoolFn fn = pool.fn;
    const std::string fallback = pool.data_format;
    const std::string py_name = pool.name;
    nn.def(pool.name, [fn, fallback, py_name](nb::handle input, nb::handle ksize, nb::handle strides, std::string padding,
                                              nb::handle data_format, nb::handle name) {
      NodeName named(name);
      const tf::Tensor x = to_tensor(input);
      const std::string format = string_or(data_format, fallback.c_str());
      return python_argument_errors(py_name, [&] { return fn(x, sizes_or(ksize, 1), sizes_or(strides, 1), padding, format); });
    }, "input"_a, "ksize"_a, "strides"_a, "padding"_a,
       "data_format"_a.none() = fallback.empty() ? nb::object(nb::none()) : nb::object(nb::str(pool.data_format)),
       "name"_a = nb::none());
  }
  nn.def("max_pool_with_argmax", [](nb::handle input, nb::handle ksize, nb::handle strides, std::string padding,
                                    std::string data_format, nb::handle output_dtype, bool include_batch_in_index, nb::handle name) {
    NodeName named(name);
    const tf::nn::MaxPoolWithArgmaxResult r = tf::nn::max_pool_with_argmax(
        to_tensor(input), sizes_or(ksize, 1), sizes_or(strides, 1), padding,
        {.output_dtype = dtype_from(output_dtype), .include_batch_in_index = include_batch_in_index, .data_format = data_format});
    return nb::make_tuple(r.output, r.argmax);
  }, "input"_a, "ksize"_a, "strides"_a, "padding"_a, "data_format"_a = "NHWC", "output_dtype"_a = nb::str("int64"),
     "include_batch_in_index"_a = false, "name"_a = nb::none());
}

}  // namespace

// The 3-D convolutions and pools and tf.nn.pool (nn_conv3d.cc).
void bind_nn_conv3d(nb::module_& nn);

// Called by bind_nn_ops (nn_ops.cc) on the tf.nn module.
void bind_nn_conv_pool(nb::module_& nn) {
  bind_convolutions(nn);
  bind_pools(nn);
  bind_nn_conv3d(nn);
}

}  // namespace tfpp_python
