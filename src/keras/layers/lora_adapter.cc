// LoRA for Dense, EinsumDense and Embedding, as Keras 3.15 computes it: the delta
// (lora_alpha / rank) * (a @ b) is float32 like a and b, added to the kernel in its dtype.
#include "keras/layers/lora_adapter.h"

#include <cmath>

#include "autodiff/variable_impl.h"
#include "tfpp/array_ops.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layers/core.h"
#include "tfpp/keras/layers/einsum_dense.h"
#include "tfpp/keras/layers/embedding.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/math_ops.h"

namespace tf::keras::detail {

LoraTarget kernel_lora_target(bool has_constraint, const std::optional<regularizers::Regularizer>& regularizer) {
  return {.weight_prefix = "lora_kernel",
          .constraint_message = "Lora is incompatible with kernel constraints. In order to enable lora on this layer, "
                                "remove the `kernel_constraint` argument.",
          .has_constraint = has_constraint,
          .regularizer = regularizer};
}

void enable_lora(Layer& layer, LoraState& state, std::int64_t rank, const layers::LoraOptions& options,
                 const LoraTarget& target) {
  const std::string who = "[" + layer.name() + "] ";
  if (target.has_constraint) throw InvalidArgumentError(who + target.constraint_message);
  if (!layer.built()) throw InvalidArgumentError(who + "Cannot enable lora on a layer that isn't yet built.");
  if (state.rank > 0) throw InvalidArgumentError(who + "lora is already enabled. This can only be done once per layer.");
  if (rank <= 0) throw InvalidArgumentError(who + "the lora rank must be positive, got " + std::to_string(rank));
  // A copy: add_weight below grows the layer's weight list, which a reference into it would not survive.
  const Variable kernel = layer.weight(0);
  std::vector<std::int64_t> a_shape(kernel.shape().dims().begin(), kernel.shape().dims().end() - 1);
  a_shape.push_back(rank);
  // Keras keeps a and b in float32 whatever the layer's dtype, against under- and overflow.
  state.a = layer.add_weight(target.weight_prefix + "_a", TensorShape(a_shape),
                             {.initializer = options.a_initializer, .regularizer = target.regularizer, .dtype = float32});
  state.b = layer.add_weight(target.weight_prefix + "_b", TensorShape({rank, kernel.shape()[-1]}),
                             {.initializer = options.b_initializer, .regularizer = target.regularizer, .dtype = float32});
  // Keras sets the variable's own flag (kernel.trainable = False): the kernel keeps its place in
  // `weights` and leaves `trainable_weights`, and tapes no longer watch it.
  const_cast<tf::detail::VariableImpl&>(*kernel.impl()).trainable = false;
  state.kernel = kernel;
  state.rank = rank;
  state.alpha = options.lora_alpha.value_or(double(rank));
}

Tensor lora_kernel(const LoraState& state, const Tensor& kernel) {
  if (state.rank == 0) return kernel;
  const Tensor a = state.a, b = state.b;
  // a is [..., rank]: a 2-D product, shaped back as the kernel.
  Tensor product = matmul(reshape(a, {-1, state.rank}), b);
  std::vector<std::int64_t> dims(kernel.shape().dims().begin(), kernel.shape().dims().end());
  if (dims.size() != 2) product = reshape(product, dims);
  Tensor delta = product * (state.alpha / double(state.rank));
  if (delta.dtype() != kernel.dtype()) delta = cast(delta, kernel.dtype());
  return kernel + delta;
}

const LoraState* lora_state_of(const Layer& layer) {
  const LoraState* state = nullptr;
  if (const auto* dense = dynamic_cast<const layers::Dense*>(&layer)) state = dense->lora_state().get();
  else if (const auto* einsum = dynamic_cast<const layers::EinsumDense*>(&layer)) state = einsum->lora_state().get();
  else if (const auto* embedding = dynamic_cast<const layers::Embedding*>(&layer)) state = embedding->lora_state().get();
  return state && state->rank > 0 ? state : nullptr;
}

namespace {
// Keras writes what it was given; integral alphas (the usual, and the default rank) as integers.
ConfigValue number(double v) {
  if (std::floor(v) == v && std::abs(v) < 9e15) return ConfigValue(std::int64_t(v));
  return ConfigValue(v);
}
}  // namespace

void write_lora_config(Config& config, const LoraState& state, const std::optional<std::int64_t>& rank,
                       const std::optional<double>& alpha) {
  if (state.rank > 0) {
    config["lora_rank"] = state.rank;
    config["lora_alpha"] = number(state.alpha);
  } else if (rank && *rank != 0) {
    config["lora_rank"] = *rank;
    config["lora_alpha"] = number(alpha.value_or(double(*rank)));
  }
}

void read_lora_config(const Config& config, std::optional<std::int64_t>& rank, std::optional<double>& alpha) {
  if (auto it = config.find("lora_rank"); it != config.end() && !it->second.is_null()) rank = it->second.get<std::int64_t>();
  if (auto it = config.find("lora_alpha"); it != config.end() && !it->second.is_null())
    alpha = it->second.as_double();
}

}  // namespace tf::keras::detail
