// A finite-difference gradient checker: compares the tape's Jacobian of a function of
// float64 tensors with central differences (f(x + h) - f(x - h)) / 2h, element by element.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include <tfpp/tfpp.h>

namespace tf::testing {

/// A function of several tensors returning one tensor.
using TensorFn = std::function<Tensor(const std::vector<Tensor>&)>;

/// float64 values in [lo, hi) of `shape`, fixed by `seed`; values are spread apart by at
/// least `gap` (so max/min/sort have no ties) when gap > 0.
inline Tensor random_tensor(const TensorShape& shape, std::uint32_t seed, double lo = -2.0, double hi = 2.0,
                            double gap = 0.0) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> dist(lo, hi);
  std::vector<double> values(static_cast<std::size_t>(shape.num_elements()));
  if (gap > 0) {  // a shuffled ladder: distinct by `gap`, within [lo, hi)
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = lo + (i + 0.5) * (hi - lo) / values.size();
    std::shuffle(values.begin(), values.end(), rng);
  } else {
    for (double& v : values) v = dist(rng);
  }
  return constant(values, shape);
}

/// The largest difference between the tape's and the numeric Jacobian of `f` at `inputs`,
/// relative to max(1, |numeric|). Every input must be float64.
inline double max_gradient_error(const TensorFn& f, const std::vector<Tensor>& inputs, double delta = 1e-6) {
  double worst = 0.0;
  const Tensor y0 = f(inputs);
  const std::int64_t ny = y0.num_elements();
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    // Tape Jacobian, [ny, nx].
    Tensor jac;
    {
      GradientTape tape;
      tape.watch(inputs[k]);
      jac = tape.jacobian(f(inputs), inputs[k], UnconnectedGradients::ZERO);
    }
    const std::vector<double> analytic = jac.numpy<double>();
    std::vector<double> x = inputs[k].numpy<double>();
    const std::int64_t nx = static_cast<std::int64_t>(x.size());
    for (std::int64_t j = 0; j < nx; ++j) {
      std::vector<Tensor> shifted = inputs;
      const double orig = x[j];
      x[j] = orig + delta;
      shifted[k] = constant(x, inputs[k].shape());
      const std::vector<double> plus = f(shifted).numpy<double>();
      x[j] = orig - delta;
      shifted[k] = constant(x, inputs[k].shape());
      const std::vector<double> minus = f(shifted).numpy<double>();
      x[j] = orig;
      for (std::int64_t i = 0; i < ny; ++i) {
        const double numeric = (plus[i] - minus[i]) / (2 * delta);
        const double err = std::abs(analytic[i * nx + j] - numeric) / std::max(1.0, std::abs(numeric));
        worst = std::max(worst, std::isnan(err) ? INFINITY : err);
      }
    }
  }
  return worst;
}

/// The function x -> d(sum(f(x) * w))/d(inputs[k]) for fixed weights w: checking its
/// gradient checks the second derivatives of f.
inline TensorFn gradient_of(const TensorFn& f, std::size_t k, const Tensor& weights) {
  return [f, k, weights](const std::vector<Tensor>& xs) {
    GradientTape tape;
    tape.watch(xs[k]);
    Tensor y = f(xs);
    Tensor g = tape.gradient(y, xs[k], weights);
    return g.defined() ? g : zeros_like(xs[k]);
  };
}

}  // namespace tf::testing
