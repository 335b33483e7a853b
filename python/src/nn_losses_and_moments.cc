// tf.nn for Python, beyond nn_ops.cc: bias_add, leaky_relu, silu / swish, crelu, the logistic
// and Poisson losses, l2_loss, moments, batch_normalization and the loss-averaging helpers,
// with TensorFlow's argument names and defaults.
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>

#include "argument_errors.h"
#include "bindings.h"
#include "tfpp/bias_add.h"
#include "tfpp/ctc_loss.h"
#include "tfpp/nn_activations.h"
#include "tfpp/nn_losses.h"
#include "tfpp/nn_moments.h"

namespace tfpp_python {
namespace {

using namespace nb::literals;

nb::tuple as_tuple(const tf::nn::Moments& m) { return nb::make_tuple(m.mean, m.variance); }

// An optional tensor argument (None: undefined).
tf::Tensor optional_tensor(nb::handle value, const tf::Tensor& like) {
  return value.is_none() ? tf::Tensor() : operand_like(value, like);
}

void bind_activations(nb::module_& nn) {
  nn.def("bias_add", [](nb::handle value, nb::handle bias, nb::handle data_format, nb::handle name) {
    NodeName named(name);
    auto [v, b] = binary_operands(value, bias);
    const std::string format = data_format.is_none() ? "NHWC" : nb::cast<std::string>(data_format);
    return python_argument_errors("bias_add", [&] { return tf::nn::bias_add(v, b, format); });
  }, "value"_a, "bias"_a, "data_format"_a = nb::none(), "name"_a = nb::none());
  nn.def("leaky_relu", [](nb::handle features, double alpha, nb::handle name) {
    NodeName named(name);
    return tf::nn::leaky_relu(to_tensor(features), alpha);
  }, "features"_a, "alpha"_a = 0.2, "name"_a = nb::none());
  nn.def("silu", [](nb::handle features, double beta) { return tf::nn::silu(to_tensor(features), beta); },
         "features"_a, "beta"_a = 1.0);
  nn.def("swish", [](nb::handle features, double beta) { return tf::nn::swish(to_tensor(features), beta); },
         "features"_a, "beta"_a = 1.0);
  nn.def("crelu", [](nb::handle features, nb::handle name, std::int64_t axis) {
    NodeName named(name);
    return tf::nn::crelu(to_tensor(features), axis);
  }, "features"_a, "name"_a = nb::none(), "axis"_a = -1);
}

void bind_losses(nb::module_& nn) {
  nn.def("sigmoid_cross_entropy_with_logits", [](nb::handle labels, nb::handle logits, nb::handle name) {
    NodeName named(name);
    auto [l, x] = binary_operands(labels, logits);
    return python_argument_errors("sigmoid_cross_entropy_with_logits", [&] { return tf::nn::sigmoid_cross_entropy_with_logits(l, x); });
  }, "labels"_a = nb::none(), "logits"_a = nb::none(), "name"_a = nb::none());
  nn.def("weighted_cross_entropy_with_logits", [](nb::handle labels, nb::handle logits, nb::handle pos_weight, nb::handle name) {
    NodeName named(name);
    auto [l, x] = binary_operands(labels, logits);
    const tf::Tensor w = operand_like(pos_weight, l);
    return python_argument_errors("weighted_cross_entropy_with_logits", [&] { return tf::nn::weighted_cross_entropy_with_logits(l, x, w); });
  }, "labels"_a, "logits"_a, "pos_weight"_a, "name"_a = nb::none());
  nn.def("log_poisson_loss", [](nb::handle targets, nb::handle log_input, bool compute_full_loss, nb::handle name) {
    NodeName named(name);
    auto [t, x] = binary_operands(targets, log_input);
    return python_argument_errors("log_poisson_loss", [&] { return tf::nn::log_poisson_loss(t, x, compute_full_loss); });
  }, "targets"_a, "log_input"_a, "compute_full_loss"_a = false, "name"_a = nb::none());
  nn.def("l2_loss", [](nb::handle t, nb::handle name) {
    NodeName named(name);
    return tf::nn::l2_loss(to_tensor(t));
  }, "t"_a, "name"_a = nb::none());
  nn.def("compute_average_loss", [](nb::handle per_example_loss, nb::handle sample_weight, nb::handle global_batch_size) {
    const tf::Tensor losses = to_tensor(per_example_loss);
    tf::nn::AverageLossOptions options{.sample_weight = sample_weight.is_none() ? tf::Tensor() : to_tensor(sample_weight)};
    if (!global_batch_size.is_none()) options.global_batch_size = nb::cast<std::int64_t>(global_batch_size);
    return python_argument_errors("compute_average_loss", [&] { return tf::nn::compute_average_loss(losses, options); });
  }, "per_example_loss"_a, "sample_weight"_a = nb::none(), "global_batch_size"_a = nb::none());
  nn.def("scale_regularization_loss", [](nb::handle regularization_loss) {
    return tf::nn::scale_regularization_loss(to_tensor(regularization_loss));
  }, "regularization_loss"_a);
  // Dense labels only (a SparseTensor of labels is not taken); `unique` only speeds TensorFlow up.
  nn.def("ctc_loss", [](nb::handle labels, nb::handle logits, nb::handle label_length, nb::handle logit_length,
                        bool logits_time_major, nb::handle, nb::handle blank_index, nb::handle name) {
    NodeName named(name);
    if (label_length.is_none())
      throw nb::value_error("tfpp's tf.nn.ctc_loss takes dense labels, which need label_length");
    const tf::nn::CtcLossOptions options{.logits_time_major = logits_time_major,
                                         .blank_index = blank_index.is_none() ? 0 : nb::cast<std::int64_t>(blank_index)};
    const tf::Tensor l = to_tensor(labels), x = to_tensor(logits), ll = to_tensor(label_length), xl = to_tensor(logit_length);
    return python_argument_errors("CTCLoss", [&] { return tf::nn::ctc_loss(l, x, ll, xl, options); });
  }, "labels"_a, "logits"_a, "label_length"_a, "logit_length"_a, "logits_time_major"_a = true, "unique"_a = nb::none(),
     "blank_index"_a = nb::none(), "name"_a = nb::none());
}

void bind_moments(nb::module_& nn) {
  nn.def("moments", [](nb::handle x, nb::handle axes, nb::handle, bool keepdims, nb::handle name) {
    NodeName named(name);
    return as_tuple(tf::nn::moments(to_tensor(x), int_list(axes), keepdims));
  }, "x"_a, "axes"_a, "shift"_a = nb::none(), "keepdims"_a = false, "name"_a = nb::none());
  nn.def("weighted_moments", [](nb::handle x, nb::handle axes, nb::handle frequency_weights, bool keepdims, nb::handle name) {
    NodeName named(name);
    const tf::Tensor t = to_tensor(x);
    return as_tuple(tf::nn::weighted_moments(t, int_list(axes), operand_like(frequency_weights, t), keepdims));
  }, "x"_a, "axes"_a, "frequency_weights"_a, "keepdims"_a = false, "name"_a = nb::none());
  nn.def("normalize_moments", [](nb::handle counts, nb::handle mean_ss, nb::handle variance_ss, nb::handle shift, nb::handle name) {
    NodeName named(name);
    const tf::Tensor m = to_tensor(mean_ss);
    return as_tuple(tf::nn::normalize_moments(operand_like(counts, m), m, operand_like(variance_ss, m), optional_tensor(shift, m)));
  }, "counts"_a, "mean_ss"_a, "variance_ss"_a, "shift"_a.none(), "name"_a = nb::none());
  nn.def("batch_normalization", [](nb::handle x, nb::handle mean, nb::handle variance, nb::handle offset, nb::handle scale,
                                   double variance_epsilon, nb::handle name) {
    NodeName named(name);
    const tf::Tensor t = to_tensor(x);
    return tf::nn::batch_normalization(t, operand_like(mean, t), operand_like(variance, t), optional_tensor(offset, t),
                                       optional_tensor(scale, t), variance_epsilon);
  }, "x"_a, "mean"_a, "variance"_a, "offset"_a.none(), "scale"_a.none(), "variance_epsilon"_a, "name"_a = nb::none());
}

}  // namespace

// Called by bind_nn_ops (nn_ops.cc) on the tf.nn module.
void bind_nn_losses_and_moments(nb::module_& nn) {
  bind_activations(nn);
  bind_losses(nn);
  bind_moments(nn);
}

}  // namespace tfpp_python
