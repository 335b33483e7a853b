// tf::keras::SeedGenerator: the state of a sequence of seeds for stateless random ops,
// as Keras 3 keeps it (keras.random.SeedGenerator).
//
//   keras::SeedGenerator gen(7);
//   tf::nn::stateless_dropout(x, 0.5, keras::int32_seed(gen.next()));  // seeds [7, 0], [7, 1], ...
//
// A layer that draws random numbers (Dropout, GaussianNoise, ...) owns one, so inside a traced
// training step every step draws new numbers, and a seeded layer draws Keras' own numbers.
#pragma once

#include <cstdint>
#include <optional>

#include "tfpp/tensor.h"
#include "tfpp/variable.h"

namespace tf::keras {

/// An int64 [seed, counter] variable whose counter advances at every draw (Keras 3's
/// keras.random.SeedGenerator; here in tf::keras so that tf::random stays unshadowed).
class SeedGenerator {
 public:
  /// Starts at [seed, 0]. Without a seed, the seed comes from tf::random::get_seed's sequence
  /// (reproducible after tf::random::set_seed), or from the system when no global seed is set.
  explicit SeedGenerator(std::optional<std::int64_t> seed = std::nullopt);
  /// The state before this draw, [seed, counter] (int64); the counter then advances by one.
  Tensor next();
  /// The state variable, "seed_generator_state" (not trainable; not among a layer's weights).
  const Variable& state() const { return state_; }

 private:
  Variable state_;
};

/// A [2] int64 seed folded into the int32 pair stateless ops take, as Keras' TensorFlow backend
/// does (floormod by 2^31 - 2).
Tensor int32_seed(const Tensor& seed);

}  // namespace tf::keras
