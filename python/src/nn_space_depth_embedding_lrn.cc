// tf.nn.space_to_depth / depth_to_space, embedding_lookup and local_response_normalization / lrn
// for Python, with TensorFlow's argument names and defaults.
#include <nanobind/stl/string.h>

#include "bindings.h"
#include "tfpp/embedding_lookup.h"
#include "tfpp/local_response_normalization.h"
#include "tfpp/space_to_depth.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

tf::Tensor lrn(nb::handle input, std::int64_t depth_radius, double bias, double alpha, double beta, nb::handle name) {
  NodeName named(name);
  return tf::nn::local_response_normalization(to_tensor(input),
                                              {.depth_radius = depth_radius, .bias = bias, .alpha = alpha, .beta = beta});
}

}  // namespace

// Called by bind_nn_ops (nn_ops.cc) on the tf.nn module.
void bind_nn_space_depth_embedding_lrn(nb::module_& nn) {
  nn.def("space_to_depth", [](nb::handle input, std::int64_t block_size, std::string data_format, nb::handle name) {
    NodeName named(name);
    return tf::nn::space_to_depth(to_tensor(input), block_size, data_format);
  }, "input"_a, "block_size"_a, "data_format"_a = "NHWC", "name"_a = nb::none());
  nn.def("depth_to_space", [](nb::handle input, std::int64_t block_size, std::string data_format, nb::handle name) {
    NodeName named(name);
    return tf::nn::depth_to_space(to_tensor(input), block_size, data_format);
  }, "input"_a, "block_size"_a, "data_format"_a = "NHWC", "name"_a = nb::none());
  nn.def("embedding_lookup", [](nb::handle params, nb::handle ids, nb::handle max_norm, nb::handle name) {
    NodeName named(name);
    const tf::nn::EmbeddingLookupOptions options{
        .max_norm = max_norm.is_none() ? std::nullopt : std::optional(nb::cast<double>(max_norm))};
    const tf::Tensor i = to_tensor(ids);
    if (!nb::isinstance<nb::list>(params) && !nb::isinstance<nb::tuple>(params))
      return tf::nn::embedding_lookup(to_tensor(params), i, options);
    std::vector<tf::Tensor> partitions;
    for (nb::handle p : params) partitions.push_back(to_tensor(p));
    return tf::nn::embedding_lookup(partitions, i, options);
  }, "params"_a, "ids"_a, "max_norm"_a = nb::none(), "name"_a = nb::none());
  for (const char* py_name : {"local_response_normalization", "lrn"})
    nn.def(py_name, &lrn, "input"_a, "depth_radius"_a = 5, "bias"_a = 1.0, "alpha"_a = 1.0, "beta"_a = 0.5, "name"_a = nb::none());
}

}  // namespace tfpp_python
