#include "tfpp/keras/activations.h"

#include <map>

#include "tfpp/activation_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/softmax_ops.h"

namespace tf::keras::activations {

Tensor linear(const Tensor& x) { return x; }
Tensor relu(const Tensor& x) { return nn::relu(x); }
Tensor relu6(const Tensor& x) { return nn::relu6(x); }
Tensor sigmoid(const Tensor& x) { return nn::sigmoid(x); }
Tensor tanh(const Tensor& x) { return nn::tanh(x); }
Tensor softmax(const Tensor& x) { return nn::softmax(x); }
Tensor log_softmax(const Tensor& x) { return nn::log_softmax(x); }
Tensor elu(const Tensor& x) { return nn::elu(x); }
Tensor selu(const Tensor& x) { return nn::selu(x); }
Tensor gelu(const Tensor& x) { return nn::gelu(x); }
Tensor softplus(const Tensor& x) { return nn::softplus(x); }
Tensor softsign(const Tensor& x) { return x / (math::abs(x) + 1); }
Tensor silu(const Tensor& x) { return x * nn::sigmoid(x); }
Tensor exponential(const Tensor& x) { return math::exp(x); }
Tensor hard_sigmoid(const Tensor& x) { return clip_by_value(x / 6 + 0.5, 0.0, 1.0); }
Tensor leaky_relu(const Tensor& x, double negative_slope) { return math::maximum(x, x * negative_slope); }

namespace {

// Keras 3.15's activations reached by name only (keras.activations.get), as its TensorFlow
// backend computes them.
Tensor mish(const Tensor& x) { return x * nn::tanh(nn::softplus(x)); }
Tensor hard_silu(const Tensor& x) { return x * (nn::relu6(x + 3.0) / 6.0); }
Tensor log_sigmoid(const Tensor& x) { return -nn::softplus(-x); }
Tensor celu(const Tensor& x) { return math::maximum(x, zeros_like(x)) + math::expm1(math::minimum(x, zeros_like(x))); }
Tensor hard_tanh(const Tensor& x) { return clip_by_value(x, -1.0, 1.0); }
Tensor tanh_shrink(const Tensor& x) { return x - nn::tanh(x); }
Tensor soft_shrink(const Tensor& x) {
  return where(x > 0.5, x - 0.5, where(x < -0.5, x + 0.5, zeros_like(x)));
}
Tensor hard_shrink(const Tensor& x) { return where(math::abs(x) > 0.5, x, zeros_like(x)); }
Tensor squareplus(const Tensor& x) { return (x + math::sqrt(math::square(x) + 4.0)) / 2.0; }
Tensor sparse_plus(const Tensor& x) {
  return where(x <= -1.0, zeros_like(x), where(x < 1.0, 0.25 * math::square(x + 1.0), x));
}
Tensor sparse_sigmoid(const Tensor& x) {
  return where(x <= -1.0, zeros_like(x), where(x >= 1.0, ones_like(x), 0.5 * (x + 1.0)));
}

const std::map<std::string, Tensor (*)(const Tensor&)>& builtins() {
  static const std::map<std::string, Tensor (*)(const Tensor&)> table = {
      {"relu", relu},         {"relu6", relu6},       {"sigmoid", sigmoid},         {"tanh", tanh},
      {"softmax", softmax},   {"log_softmax", log_softmax}, {"elu", elu},           {"selu", selu},
      {"gelu", gelu},         {"softplus", softplus}, {"softsign", softsign},       {"silu", silu},
      {"swish", silu},        {"exponential", exponential}, {"hard_sigmoid", hard_sigmoid},
      {"leaky_relu", [](const Tensor& x) { return leaky_relu(x); }},
      {"mish", mish},         {"hard_silu", hard_silu}, {"hard_swish", hard_silu}, {"log_sigmoid", log_sigmoid},
      {"celu", celu},         {"hard_tanh", hard_tanh}, {"tanh_shrink", tanh_shrink}, {"soft_shrink", soft_shrink},
      {"hard_shrink", hard_shrink}, {"squareplus", squareplus}, {"sparse_plus", sparse_plus},
      {"sparse_sigmoid", sparse_sigmoid},
  };
  return table;
}

}  // namespace

Activation::Activation() = default;
Activation::Activation(const char* name) : Activation(std::string(name)) {}
Activation::Activation(const std::string& name) : Activation(get(name)) {}

Activation get(const std::string& name) {
  if (name == "linear" || name.empty()) return Activation();
  auto it = builtins().find(name);
  if (it == builtins().end()) {
    std::string known;
    for (const auto& [k, fn] : builtins()) known += (known.empty() ? "" : ", ") + k;
    throw InvalidArgumentError("[activations] unknown activation '" + name + "'; known: linear, " + known);
  }
  return Activation(it->second, name == "swish" ? "silu" : name == "hard_swish" ? "hard_silu" : name);
}

}  // namespace tf::keras::activations
