// LoRA (low-rank adaptation) of Dense, EinsumDense and Embedding, as Keras 3's enable_lora: the
// kernel is frozen and the layer computes with kernel + (lora_alpha / rank) * (a @ b), where the
// trainable float32 weights a ([kernel dims but the last..., rank]) and b ([rank, last kernel dim])
// start at he_uniform and zeros. A .keras file holds the merged kernel; loading it zeroes a and b.
//
//   layers::Dense dense(64);
//   dense.build({tf::None, 128});
//   dense.enable_lora(8);                        // weights: kernel (frozen), bias, lora_kernel_a, lora_kernel_b
//   layers::Dense tuned(64, {.lora_rank = 8});   // the same, from the first call on
#pragma once

#include <optional>

#include "tfpp/keras/initializers.h"

namespace tf::keras::layers {

/// Options of enable_lora (Keras' keyword arguments).
struct LoraOptions {
  std::optional<double> lora_alpha = {};  ///< scales the delta by lora_alpha / rank; default: rank
  initializers::Initializer a_initializer = initializers::HeUniform();  ///< of lora_*_a
  initializers::Initializer b_initializer = initializers::Zeros();      ///< of lora_*_b
};

}  // namespace tf::keras::layers

namespace tf::keras::detail {
/// A layer's LoRA settings and weights, shared by the copies of the layer (src/keras/layers/lora_adapter.h).
struct LoraState;
}  // namespace tf::keras::detail
