// tf::keras::initializers: how add_weight fills a new weight (keras.initializers).
//
//   layers::Dense(64, {.kernel_initializer = "he_normal"});
//   layers::Dense(64, {.kernel_initializer = initializers::RandomNormal({.stddev = 0.1, .seed = 3})});
//
// Fan sizes follow Keras: a [in, out] kernel has fan_in = in, fan_out = out; a convolution
// kernel [..spatial.., in, out] multiplies both by the receptive field size.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "tfpp/dtype.h"
#include "tfpp/keras/config.h"
#include "tfpp/tensor.h"
#include "tfpp/tensor_shape.h"

namespace tf::keras::initializers {

/// A weight initializer: a named function from (shape, dtype) to a tensor, with its Keras config.
class Initializer {
 public:
  using Fn = std::function<Tensor(const TensorShape&, DType)>;
  /// Keras' default kernel initializer, glorot_uniform.
  Initializer();
  /// The built-in initializer `name` ("zeros", "he_normal", ...); unknown names raise InvalidArgumentError.
  Initializer(const char* name);         // NOLINT(google-explicit-constructor): as Keras takes strings
  Initializer(const std::string& name);  // NOLINT(google-explicit-constructor)
  /// A custom initializer; `other_config` holds its config keys that are not numbers
  /// (VarianceScaling's "mode": "fan_in", Constant's array "value").
  Initializer(std::string class_name, std::map<std::string, double> config, Fn fn, Config other_config = {})
      : class_name_(std::move(class_name)), config_(std::move(config)), other_config_(std::move(other_config)),
        fn_(std::move(fn)) {}

  /// A new tensor of `shape` and `dtype`.
  Tensor operator()(const TensorShape& shape, DType dtype = float32) const { return fn_(shape, dtype); }
  /// Keras' class name ("GlorotUniform").
  const std::string& class_name() const { return class_name_; }
  /// Keras' numeric config keys (a missing seed is absent).
  const std::map<std::string, double>& config() const { return config_; }
  /// Keras' config keys that are not numbers (VarianceScaling's mode and distribution, Constant's
  /// array value).
  const Config& other_config() const { return other_config_; }

 private:
  std::string class_name_;
  std::map<std::string, double> config_;
  Config other_config_;
  Fn fn_;
};

/// Options of the random initializers.
struct RandomOptions {
  double mean = 0.0;                  ///< RandomNormal / TruncatedNormal mean
  double stddev = 0.05;               ///< RandomNormal / TruncatedNormal standard deviation
  std::optional<std::int64_t> seed;   ///< fixed seed for reproducible weights
};
/// Options of RandomUniform.
struct UniformOptions {
  double minval = -0.05;              ///< inclusive lower bound
  double maxval = 0.05;               ///< exclusive upper bound
  std::optional<std::int64_t> seed;   ///< fixed seed
};
/// Options of the variance-scaling family (Glorot, He, LeCun).
struct SeedOptions {
  std::optional<std::int64_t> seed;   ///< fixed seed
};
/// Options of VarianceScaling.
struct VarianceScalingOptions {
  double scale = 1.0;                       ///< variance scale
  std::string mode = "fan_in";              ///< "fan_in", "fan_out" or "fan_avg"
  std::string distribution = "truncated_normal";  ///< "truncated_normal", "untruncated_normal" or "uniform"
  std::optional<std::int64_t> seed;         ///< fixed seed
};

Initializer Zeros();                                  ///< all zeros
Initializer Ones();                                   ///< all ones
Initializer Constant(double value);                   ///< all `value`
/// Keras' Constant of an array: `value` cast to the weight's dtype times ones of its shape (so it
/// broadcasts, and incompatible shapes raise InvalidArgumentError when called); the config holds
/// the value as Keras serializes a NumPy array.
Initializer Constant(const Tensor& value);
Initializer RandomNormal(const RandomOptions& options = {});     ///< N(mean, stddev)
Initializer TruncatedNormal(const RandomOptions& options = {});  ///< N(mean, stddev) redrawn beyond 2 stddev
Initializer RandomUniform(const UniformOptions& options = {});   ///< U[minval, maxval)
Initializer VarianceScaling(const VarianceScalingOptions& options = {});  ///< Keras' VarianceScaling
Initializer GlorotUniform(const SeedOptions& options = {});  ///< U(±sqrt(6 / (fan_in + fan_out)))
Initializer GlorotNormal(const SeedOptions& options = {});   ///< truncated N with variance 2 / (fan_in + fan_out)
Initializer HeNormal(const SeedOptions& options = {});       ///< truncated N with variance 2 / fan_in
Initializer HeUniform(const SeedOptions& options = {});      ///< U(±sqrt(6 / fan_in))
Initializer LecunNormal(const SeedOptions& options = {});    ///< truncated N with variance 1 / fan_in
Initializer LecunUniform(const SeedOptions& options = {});   ///< U(±sqrt(3 / fan_in))
/// A (semi-)orthogonal matrix times `gain`, over the last dimension against the others.
Initializer Orthogonal(double gain = 1.0, std::optional<std::int64_t> seed = std::nullopt);

/// The built-in initializer called `name` (snake_case as Keras: "glorot_uniform", "zeros", ...).
Initializer get(const std::string& name);

/// Keras' (fan_in, fan_out) of a weight shape.
std::pair<double, double> compute_fans(const TensorShape& shape);

}  // namespace tf::keras::initializers
