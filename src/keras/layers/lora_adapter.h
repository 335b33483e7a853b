// The part of LoRA that Dense, EinsumDense and Embedding share (Keras 3's enable_lora, the
// merged kernel of their `kernel` / `embeddings` properties, and the lora_rank config keys).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "tfpp/keras/config.h"
#include "tfpp/keras/layer.h"
#include "tfpp/keras/layers/lora.h"

namespace tf::keras::detail {

/// A layer's LoRA: disabled (rank 0) until enable_lora, then the frozen kernel, the two adapter
/// weights and the scale's terms.
struct LoraState {
  std::int64_t rank = 0;
  double alpha = 0.0;
  Variable kernel, a, b;
};

/// What enable_lora needs of the layer besides its kernel.
struct LoraTarget {
  std::string weight_prefix;        ///< "lora_kernel" or "lora_embeddings"
  std::string constraint_message;   ///< Keras' error when the kernel has a constraint
  bool has_constraint = false;
  std::optional<regularizers::Regularizer> regularizer;  ///< the kernel's, also on a and b
};

/// The target of Dense and EinsumDense: their `kernel`, with its constraint and regularizer.
LoraTarget kernel_lora_target(bool has_constraint, const std::optional<regularizers::Regularizer>& regularizer);

/// Keras' enable_lora: checks the layer, adds <prefix>_a ([kernel dims but the last..., rank]) and
/// <prefix>_b ([rank, last kernel dim]) as float32 weights and freezes the kernel, the layer's
/// first weight.
void enable_lora(Layer& layer, LoraState& state, std::int64_t rank, const layers::LoraOptions& options,
                 const LoraTarget& target);

/// The kernel the layer computes with: kernel + (alpha / rank) * (a @ b) in the kernel's dtype,
/// or `kernel` itself while LoRA is disabled.
Tensor lora_kernel(const LoraState& state, const Tensor& kernel);

/// The LoRA of a Dense, EinsumDense or Embedding layer with LoRA enabled, else null.
const LoraState* lora_state_of(const Layer& layer);

/// Writes lora_rank and lora_alpha as Keras does: only when a rank is set (by the constructor or
/// enable_lora).
void write_lora_config(Config& config, const LoraState& state, const std::optional<std::int64_t>& rank,
                       const std::optional<double>& alpha);
/// Reads lora_rank and lora_alpha (absent or None: unset).
void read_lora_config(const Config& config, std::optional<std::int64_t>& rank, std::optional<double>& alpha);

}  // namespace tf::keras::detail
