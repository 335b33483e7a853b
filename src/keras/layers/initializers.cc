#include "tfpp/keras/initializers.h"

#include <cmath>
#include <vector>

#include "keras/layers/constant_value.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/keras/identity_initializer.h"
#include "tfpp/math_ops.h"
#include "tfpp/random_ops.h"

namespace tf::keras::initializers {

namespace {

std::map<std::string, double> with_seed(std::map<std::string, double> config, std::optional<std::int64_t> seed) {
  if (seed) config["seed"] = static_cast<double>(*seed);
  return config;
}

// Keras 3's draws: a seeded initializer draws with stateless ops from the seed pair [seed, 0]
// (folded into int32 as Keras does), so it gives Keras' numbers and the same values at every
// call; an unseeded one draws new values from a stateful op.
Tensor seed_pair(std::int64_t seed) {
  constexpr std::int64_t kFold = 2147483646;  // int32 max - 1, Keras' floormod
  return constant(std::vector<std::int32_t>{static_cast<std::int32_t>(((seed % kFold) + kFold) % kFold), 0});
}
Tensor draw_normal(const TensorShape& s, double mean, double stddev, DType d, std::optional<std::int64_t> seed) {
  if (seed) return random::stateless_normal(s, seed_pair(*seed), {.mean = mean, .stddev = stddev, .dtype = d});
  return random::normal(s, {.mean = mean, .stddev = stddev, .dtype = d});
}
Tensor draw_truncated_normal(const TensorShape& s, double mean, double stddev, DType d, std::optional<std::int64_t> seed) {
  if (seed) return random::stateless_truncated_normal(s, seed_pair(*seed), {.mean = mean, .stddev = stddev, .dtype = d});
  return random::truncated_normal(s, {.mean = mean, .stddev = stddev, .dtype = d});
}
Tensor draw_uniform(const TensorShape& s, double minval, double maxval, DType d, std::optional<std::int64_t> seed) {
  if (seed) return random::stateless_uniform(s, seed_pair(*seed), {.minval = minval, .maxval = maxval, .dtype = d});
  return random::uniform(s, {.minval = minval, .maxval = maxval, .dtype = d});
}

void check_float(DType dtype, const char* who) {
  if (dtype != float32 && dtype != float64)
    throw InvalidArgumentError(std::string("[") + who + "] needs a float dtype, got " + std::string(dtype_name(dtype)));
}

}  // namespace

std::pair<double, double> compute_fans(const TensorShape& shape) {
  const int rank = shape.rank();
  if (rank == 0) return {1, 1};
  if (rank == 1) return {double(shape[0]), double(shape[0])};
  double receptive = 1;
  for (int i = 0; i < rank - 2; ++i) receptive *= double(shape[i]);
  return {double(shape[rank - 2]) * receptive, double(shape[rank - 1]) * receptive};
}

Initializer::Initializer() : Initializer(GlorotUniform()) {}
Initializer::Initializer(const char* name) : Initializer(get(name)) {}
Initializer::Initializer(const std::string& name) : Initializer(get(name)) {}

Initializer Zeros() {
  return Initializer("Zeros", {}, [](const TensorShape& s, DType d) { return zeros(s, d); });
}
Initializer Ones() {
  return Initializer("Ones", {}, [](const TensorShape& s, DType d) { return ones(s, d); });
}
Initializer Constant(double value) {
  return Initializer("Constant", {{"value", value}}, [value](const TensorShape& s, DType d) { return cast(fill(s, value), d); });
}
Initializer Constant(const Tensor& value) { return detail::constant_initializer(value, detail::numpy_array_config(value)); }

Initializer RandomNormal(const RandomOptions& o) {
  return Initializer("RandomNormal", with_seed({{"mean", o.mean}, {"stddev", o.stddev}}, o.seed),
                     [o](const TensorShape& s, DType d) {
                       check_float(d, "RandomNormal");
                       return draw_normal(s, o.mean, o.stddev, d, o.seed);
                     });
}

Initializer TruncatedNormal(const RandomOptions& o) {
  return Initializer("TruncatedNormal", with_seed({{"mean", o.mean}, {"stddev", o.stddev}}, o.seed),
                     [o](const TensorShape& s, DType d) {
                       check_float(d, "TruncatedNormal");
                       return draw_truncated_normal(s, o.mean, o.stddev, d, o.seed);
                     });
}

Initializer RandomUniform(const UniformOptions& o) {
  return Initializer("RandomUniform", with_seed({{"minval", o.minval}, {"maxval", o.maxval}}, o.seed),
                     [o](const TensorShape& s, DType d) {
                       check_float(d, "RandomUniform");
                       return draw_uniform(s, o.minval, o.maxval, d, o.seed);
                     });
}

Initializer VarianceScaling(const VarianceScalingOptions& o) {
  if (o.mode != "fan_in" && o.mode != "fan_out" && o.mode != "fan_avg")
    throw InvalidArgumentError("[VarianceScaling] mode must be fan_in, fan_out or fan_avg, got '" + o.mode + "'");
  if (o.distribution != "truncated_normal" && o.distribution != "untruncated_normal" && o.distribution != "uniform")
    throw InvalidArgumentError("[VarianceScaling] unknown distribution '" + o.distribution + "'");
  const Config text{{"mode", o.mode}, {"distribution", o.distribution}};
  return Initializer("VarianceScaling", with_seed({{"scale", o.scale}}, o.seed), [o](const TensorShape& s, DType d) {
    check_float(d, "VarianceScaling");
    auto [fan_in, fan_out] = compute_fans(s);
    const double fan = o.mode == "fan_in" ? fan_in : o.mode == "fan_out" ? fan_out : (fan_in + fan_out) / 2;
    const double scale = o.scale / std::max(1.0, fan);
    if (o.distribution == "truncated_normal") {
      // 0.879... is the stddev of a standard normal truncated to [-2, 2].
      const double stddev = std::sqrt(scale) / 0.87962566103423978;
      return draw_truncated_normal(s, 0.0, stddev, d, o.seed);
    }
    if (o.distribution == "untruncated_normal")
      return draw_normal(s, 0.0, std::sqrt(scale), d, o.seed);
    const double limit = std::sqrt(3.0 * scale);
    return draw_uniform(s, -limit, limit, d, o.seed);
  }, text);
}

namespace {
Initializer renamed(Initializer init, std::string class_name, std::optional<std::int64_t> seed) {
  return Initializer(std::move(class_name), with_seed({}, seed), [init](const TensorShape& s, DType d) { return init(s, d); });
}
}  // namespace

Initializer GlorotUniform(const SeedOptions& o) {
  return renamed(VarianceScaling({.scale = 1, .mode = "fan_avg", .distribution = "uniform", .seed = o.seed}), "GlorotUniform", o.seed);
}
Initializer GlorotNormal(const SeedOptions& o) {
  return renamed(VarianceScaling({.scale = 1, .mode = "fan_avg", .seed = o.seed}), "GlorotNormal", o.seed);
}
Initializer HeNormal(const SeedOptions& o) {
  return renamed(VarianceScaling({.scale = 2, .mode = "fan_in", .seed = o.seed}), "HeNormal", o.seed);
}
Initializer HeUniform(const SeedOptions& o) {
  return renamed(VarianceScaling({.scale = 2, .mode = "fan_in", .distribution = "uniform", .seed = o.seed}), "HeUniform", o.seed);
}
Initializer LecunNormal(const SeedOptions& o) {
  return renamed(VarianceScaling({.scale = 1, .mode = "fan_in", .seed = o.seed}), "LecunNormal", o.seed);
}
Initializer LecunUniform(const SeedOptions& o) {
  return renamed(VarianceScaling({.scale = 1, .mode = "fan_in", .distribution = "uniform", .seed = o.seed}), "LecunUniform", o.seed);
}

Initializer Orthogonal(double gain, std::optional<std::int64_t> seed) {
  return Initializer("Orthogonal", with_seed({{"gain", gain}}, seed), [gain, seed](const TensorShape& s, DType d) {
    check_float(d, "Orthogonal");
    if (s.rank() < 2) throw InvalidArgumentError("[Orthogonal] needs a shape of rank >= 2, got " + s.to_string());
    const std::int64_t cols = s[s.rank() - 1];
    const std::int64_t rows = s.num_elements() / cols;
    // Gram-Schmidt on the columns of the taller orientation, so the result has orthonormal
    // rows or columns, whichever are fewer (what a QR of a normal matrix gives).
    const bool transpose = rows < cols;
    const std::int64_t n = transpose ? cols : rows, k = transpose ? rows : cols;
    // Drawn in the weight's dtype, as Keras draws it.
    std::vector<double> a = cast(draw_normal({n, k}, 0.0, 1.0, d, seed), float64).numpy<double>();
    for (std::int64_t j = 0; j < k; ++j) {
      for (std::int64_t p = 0; p < j; ++p) {
        double dot = 0;
        for (std::int64_t i = 0; i < n; ++i) dot += a[i * k + j] * a[i * k + p];
        for (std::int64_t i = 0; i < n; ++i) a[i * k + j] -= dot * a[i * k + p];
      }
      double norm = 0;
      for (std::int64_t i = 0; i < n; ++i) norm += a[i * k + j] * a[i * k + j];
      norm = std::sqrt(norm);
      for (std::int64_t i = 0; i < n; ++i) a[i * k + j] /= norm;
    }
    std::vector<double> out(rows * cols);
    for (std::int64_t r = 0; r < rows; ++r)
      for (std::int64_t c = 0; c < cols; ++c) out[r * cols + c] = gain * (transpose ? a[c * k + r] : a[r * k + c]);
    return cast(reshape(constant(out, {rows, cols}), std::vector<std::int64_t>(s.dims().begin(), s.dims().end())), d);
  });
}

Initializer get(const std::string& name) {
  if (name == "zeros") return Zeros();
  if (name == "ones") return Ones();
  if (name == "random_normal") return RandomNormal();
  if (name == "truncated_normal") return TruncatedNormal();
  if (name == "random_uniform") return RandomUniform();
  if (name == "variance_scaling") return VarianceScaling();
  if (name == "glorot_uniform") return GlorotUniform();
  if (name == "glorot_normal") return GlorotNormal();
  if (name == "he_normal") return HeNormal();
  if (name == "he_uniform") return HeUniform();
  if (name == "lecun_normal") return LecunNormal();
  if (name == "lecun_uniform") return LecunUniform();
  if (name == "orthogonal") return Orthogonal();
  if (name == "identity") return Identity();
  throw InvalidArgumentError("[initializers] unknown initializer '" + name +
                             "'; known: zeros, ones, random_normal, truncated_normal, random_uniform, variance_scaling, "
                             "glorot_uniform, glorot_normal, he_normal, he_uniform, lecun_normal, lecun_uniform, orthogonal, "
                             "identity");
}

}  // namespace tf::keras::initializers
