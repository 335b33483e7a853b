// tf.nn and tf.random for Python, over tfpp's public C++ functions, with TensorFlow's argument names.
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.h"
#include "padding_argument.h"
#include "shape_argument.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;
using UnaryFn = tf::Tensor (*)(const tf::Tensor&);

struct Activation {
  const char* name;
  const char* arg;  // TensorFlow's name of the input
  UnaryFn fn;
};

const Activation kActivations[] = {
    {"relu", "features", tf::nn::relu},   {"relu6", "features", tf::nn::relu6},
    {"elu", "features", tf::nn::elu},     {"selu", "features", tf::nn::selu},
    {"softplus", "features", tf::nn::softplus}, {"sigmoid", "x", tf::nn::sigmoid},
    {"tanh", "x", tf::nn::tanh},
};

tf::nn::Sizes sizes(nb::handle value) { return tf::nn::Sizes(int_list(value)); }

std::optional<std::int64_t> optional_seed(nb::handle seed) {
  if (seed.is_none()) return std::nullopt;
  return nb::cast<std::int64_t>(seed);
}

}  // namespace

// tf.nn's activations, losses and moments beyond these (nn_losses_and_moments.cc), and the other
// convolutions and pools (nn_conv_pool.cc), space_to_depth, embedding_lookup and lrn
// (nn_space_depth_embedding_lrn.cc).
void bind_nn_losses_and_moments(nb::module_& nn);
void bind_nn_conv_pool(nb::module_& nn);
void bind_nn_space_depth_embedding_lrn(nb::module_& nn);
// tf.random's stateless functions, sampling and seed helpers (random_sampling.cc).
void bind_random_sampling(nb::module_& random);

void bind_nn_ops(nb::module_& m) {
  nb::module_ nn = m.def_submodule("nn", "tf.nn: activations, softmax, convolutions and pooling.");
  for (const Activation& a : kActivations) {
    UnaryFn fn = a.fn;
    nn.def(a.name, [fn](nb::handle x, nb::handle name) {
      NodeName named(name);
      return fn(to_tensor(x));
    }, nb::arg(a.arg), "name"_a = nb::none());
  }
  nn.def("gelu", [](nb::handle features, bool approximate, nb::handle name) {
    NodeName named(name);
    return tf::nn::gelu(to_tensor(features), {.approximate = approximate});
  }, "features"_a, "approximate"_a = false, "name"_a = nb::none());
  nn.def("softmax", [](nb::handle logits, nb::handle axis, nb::handle name) {
    NodeName named(name);
    return tf::nn::softmax(to_tensor(logits), axis.is_none() ? -1 : nb::cast<std::int64_t>(axis));
  }, "logits"_a, "axis"_a = nb::none(), "name"_a = nb::none());
  nn.def("log_softmax", [](nb::handle logits, nb::handle axis, nb::handle name) {
    NodeName named(name);
    return tf::nn::log_softmax(to_tensor(logits), axis.is_none() ? -1 : nb::cast<std::int64_t>(axis));
  }, "logits"_a, "axis"_a = nb::none(), "name"_a = nb::none());
  nn.def("sparse_softmax_cross_entropy_with_logits", [](nb::handle labels, nb::handle logits, nb::handle name) {
    NodeName named(name);
    return tf::nn::sparse_softmax_cross_entropy_with_logits(to_tensor(labels), to_tensor(logits));
  }, "labels"_a, "logits"_a, "name"_a = nb::none());
  nn.def("softmax_cross_entropy_with_logits", [](nb::handle labels, nb::handle logits, std::int64_t axis, nb::handle name) {
    NodeName named(name);
    auto [l, x] = binary_operands(labels, logits);
    return tf::nn::softmax_cross_entropy_with_logits(l, x, axis);
  }, "labels"_a, "logits"_a, "axis"_a = -1, "name"_a = nb::none());
  nn.def("conv2d", [](nb::handle input, nb::handle filters, nb::handle strides, nb::handle padding,
                      std::string data_format, nb::handle dilations, nb::handle name) {
    NodeName named(name);
    return tf::nn::conv2d(to_tensor(input), to_tensor(filters), sizes(strides), explicit_or_named_padding(padding),
                          {.dilations = dilations.is_none() ? tf::nn::Sizes(1) : sizes(dilations), .data_format = data_format});
  }, "input"_a, "filters"_a, "strides"_a, "padding"_a, "data_format"_a = "NHWC", "dilations"_a = nb::none(),
     "name"_a = nb::none());
  nn.def("max_pool2d", [](nb::handle input, nb::handle ksize, nb::handle strides, std::string padding,
                          std::string data_format, nb::handle name) {
    NodeName named(name);
    return tf::nn::max_pool2d(to_tensor(input), sizes(ksize), sizes(strides), padding, {.data_format = data_format});
  }, "input"_a, "ksize"_a, "strides"_a, "padding"_a, "data_format"_a = "NHWC", "name"_a = nb::none());
  nn.def("avg_pool2d", [](nb::handle input, nb::handle ksize, nb::handle strides, std::string padding,
                          std::string data_format, nb::handle name) {
    NodeName named(name);
    return tf::nn::avg_pool2d(to_tensor(input), sizes(ksize), sizes(strides), padding, {.data_format = data_format});
  }, "input"_a, "ksize"_a, "strides"_a, "padding"_a, "data_format"_a = "NHWC", "name"_a = nb::none());
  nn.def("dropout", [](nb::handle x, double rate, nb::handle noise_shape, nb::handle seed, nb::handle name) {
    NodeName named(name);
    return tf::nn::dropout(to_tensor(x), rate,
                           {.seed = optional_seed(seed),
                            .noise_shape = noise_shape.is_none() ? std::vector<std::int64_t>{} : int_list(noise_shape)});
  }, "x"_a, "rate"_a, "noise_shape"_a = nb::none(), "seed"_a = nb::none(), "name"_a = nb::none());
  nn.def("_stateless_dropout", [](nb::handle x, double rate, nb::handle seed, nb::handle noise_shape, nb::handle name) {
    NodeName named(name);
    return tf::nn::stateless_dropout(to_tensor(x), rate, to_tensor(seed),
                                     noise_shape.is_none() ? std::vector<std::int64_t>{} : int_list(noise_shape));
  }, "x"_a, "rate"_a, "seed"_a, "noise_shape"_a = nb::none(), "name"_a = nb::none());

  bind_nn_losses_and_moments(nn);
  bind_nn_conv_pool(nn);
  bind_nn_space_depth_embedding_lrn(nn);

  nb::module_ random = m.def_submodule("random", "tf.random: seeded random tensors (TensorFlow's Philox streams).");
  random.def("set_seed", [](nb::handle seed) { tf::random::set_seed(optional_seed(seed)); }, "seed"_a.none());
  random.def("normal", [](nb::handle shape, double mean, double stddev, nb::handle dtype, nb::handle seed, nb::handle name) {
    NodeName named(name);
    return tf::random::normal(shape_argument(shape), {.mean = mean, .stddev = stddev, .dtype = dtype_from(dtype), .seed = optional_seed(seed)});
  }, "shape"_a, "mean"_a = 0.0, "stddev"_a = 1.0, "dtype"_a = nb::str("float32"), "seed"_a = nb::none(),
     "name"_a = nb::none());
  random.def("truncated_normal", [](nb::handle shape, double mean, double stddev, nb::handle dtype, nb::handle seed, nb::handle name) {
    NodeName named(name);
    return tf::random::truncated_normal(shape_argument(shape),
                                        {.mean = mean, .stddev = stddev, .dtype = dtype_from(dtype), .seed = optional_seed(seed)});
  }, "shape"_a, "mean"_a = 0.0, "stddev"_a = 1.0, "dtype"_a = nb::str("float32"), "seed"_a = nb::none(),
     "name"_a = nb::none());
  random.def("uniform", [](nb::handle shape, double minval, nb::handle maxval, nb::handle dtype, nb::handle seed, nb::handle name) {
    NodeName named(name);
    return tf::random::uniform(shape_argument(shape),
                               {.minval = minval,
                                .maxval = maxval.is_none() ? std::nullopt : std::optional(nb::cast<double>(maxval)),
                                .dtype = dtype_from(dtype), .seed = optional_seed(seed)});
  }, "shape"_a, "minval"_a = 0.0, "maxval"_a = nb::none(), "dtype"_a = nb::str("float32"), "seed"_a = nb::none(),
     "name"_a = nb::none());
  // tf.random.uniform with an integer dtype: the shape a list or a 1-D int tensor, the bounds
  // scalar tensors of the dtype; any of them may be symbolic while tracing.
  random.def("_uniform_int", [](nb::handle shape, const tf::Tensor& minval, const tf::Tensor& maxval, nb::handle seed,
                                nb::handle name) {
    NodeName named(name);
    return tf::random::uniform(shape_argument(shape), minval, maxval, optional_seed(seed));
  }, "shape"_a, "minval"_a, "maxval"_a, "seed"_a = nb::none(), "name"_a = nb::none());
  bind_random_sampling(random);
}

}  // namespace tfpp_python
