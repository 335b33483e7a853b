#include "tfpp/keras/activations.h"

#include <map>
#include <optional>

#include "tfpp/keras/activation_functions.h"

#include "keras/layers/activation_resolver.h"

#include "tfpp/activation_ops.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"
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

// `axis` of x as a non-negative index, or an InvalidArgumentError naming the activation.
int axis_of(const char* who, const Tensor& x, int axis) {
  const int rank = x.shape().has_unknown_rank() ? -1 : x.shape().rank();
  if (rank < 0 || axis < -rank || axis >= rank)
    throw InvalidArgumentError(std::string("[") + who + "] axis " + std::to_string(axis) + " is out of range for x of shape " +
                               x.shape().to_string());
  return axis < 0 ? axis + rank : axis;
}

}  // namespace

Tensor glu(const Tensor& x, int axis) {
  const int a = axis_of("glu", x, axis);
  if (x.shape()[a] < 0 || x.shape()[a] % 2 != 0)
    throw InvalidArgumentError("[glu] axis size must be divisible by 2. Received: x.shape=" + x.shape().to_string() +
                               " with axis=" + std::to_string(axis));
  const std::vector<Tensor> halves = split(x, 2, a);
  return halves[0] * nn::sigmoid(halves[1]);
}

// Note [Keras' sparsemax]: Keras 3.15 (every backend) takes tau = (sum of the cumulative sums over
// the support - 1) / k, not Martins et al.'s (cumulative sum at k - 1) / k, so its outputs need not
// sum to 1 once the support has two or more entries. tfpp computes what Keras computes, so that
// models using it by name give Keras' values.
Tensor sparsemax(const Tensor& x, int axis) {
  const int a = axis_of("sparsemax", x, axis);
  const std::int64_t n = x.shape()[a];
  if (n < 0) throw InvalidArgumentError("[sparsemax] needs the size of axis " + std::to_string(axis) + " known, got " + x.shape().to_string());
  const Tensor sorted = sort(x, a, "DESCENDING");
  const Tensor cumulative = cumsum(sorted, a);
  std::vector<std::int64_t> r_shape(static_cast<std::size_t>(x.shape().rank()), 1);
  r_shape[static_cast<std::size_t>(a)] = n;
  const Tensor r = reshape(range(1.0, static_cast<double>(n) + 1.0, 1.0, x.dtype()), r_shape);
  const Tensor support = greater(sorted - (cumulative - 1.0) / r, zeros_like(sorted));
  const Tensor k = reduce_sum(cast(support, x.dtype()), {a}, {.keepdims = true});
  const Tensor tau = (reduce_sum(where(support, cumulative, zeros_like(cumulative)), {a}, {.keepdims = true}) - 1.0) / k;
  return math::maximum(x - tau, zeros_like(x));
}

Tensor threshold(const Tensor& x, double threshold, double default_value) {
  return where(greater(x, scalar_like(x, threshold)), x, default_value);
}

namespace {

const std::map<std::string, Tensor (*)(const Tensor&)>& builtins() {
  static const std::map<std::string, Tensor (*)(const Tensor&)> table = {
      {"relu", relu},         {"relu6", relu6},       {"sigmoid", sigmoid},         {"tanh", tanh},
      {"softmax", softmax},   {"log_softmax", log_softmax}, {"elu", elu},           {"selu", selu},
      {"gelu", gelu},         {"softplus", softplus}, {"softsign", softsign},       {"silu", silu},
      {"swish", silu},        {"exponential", exponential}, {"hard_sigmoid", hard_sigmoid},
      {"leaky_relu", [](const Tensor& x) { return leaky_relu(x); }},
      {"mish", mish},         {"hard_silu", hard_silu}, {"hard_swish", hard_silu}, {"log_sigmoid", log_sigmoid},
      {"celu", [](const Tensor& x) { return celu(x); }}, {"hard_tanh", hard_tanh}, {"tanh_shrink", tanh_shrink},
      {"soft_shrink", [](const Tensor& x) { return soft_shrink(x); }},
      {"hard_shrink", [](const Tensor& x) { return hard_shrink(x); }},
      {"squareplus", [](const Tensor& x) { return squareplus(x); }}, {"sparse_plus", sparse_plus},
      {"sparse_sigmoid", sparse_sigmoid},
      {"glu", [](const Tensor& x) { return glu(x); }},
      {"sparsemax", [](const Tensor& x) { return sparsemax(x); }},
      {"threshold", [](const Tensor&) -> Tensor {
         throw InvalidArgumentError("[threshold] missing 2 required arguments: 'threshold' and 'default_value' (call "
                                    "activations::threshold(x, threshold, default_value))");
       }},
  };
  return table;
}

}  // namespace

namespace detail {
namespace {

Resolver& resolver() {
  static Resolver resolver;
  return resolver;
}

}  // namespace

void set_resolver(Resolver r) { resolver() = std::move(r); }

}  // namespace detail

Activation::Activation() = default;
Activation::Activation(const char* name) : Activation(std::string(name)) {}
Activation::Activation(const std::string& name) : Activation(get(name)) {}

Activation get(const std::string& name) {
  if (detail::resolver())
    if (std::optional<Activation> custom = detail::resolver()(name)) return *custom;
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
