// A finite-difference check of a Keras layer: its gradients with respect to its input and to
// every trainable weight against central differences.
#pragma once

#include <tfpp/tfpp.h>
#include <tfpp/keras/keras.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "autodiff/gradient_checker.h"

namespace tf::testing {

/// max |tape gradient - central difference| of sum(layer(x) * weights) over x and every trainable
/// weight (float64 layers and inputs).
inline double layer_gradient_error(tf::keras::Layer& layer, const tf::Tensor& x, bool training = false) {
  layer.build_for({x.shape()});
  tf::Tensor mix;
  const auto f = [&](const tf::Tensor& in) {
    const tf::Tensor y = layer(in, training);
    if (!mix.defined()) mix = random_tensor(y.shape(), 99);
    return tf::reduce_sum(y * mix);
  };
  double worst = max_gradient_error([&](const std::vector<tf::Tensor>& v) { return f(v[0]); }, {x});
  constexpr double kDelta = 1e-6;
  for (tf::Variable w : layer.trainable_weights()) {
    tf::Tensor analytic;
    {
      tf::GradientTape tape;
      analytic = tape.gradient(f(x), w);
    }
    const std::vector<double> g = analytic.numpy<double>();
    std::vector<double> value = w.numpy<double>();
    for (std::size_t j = 0; j < value.size(); ++j) {
      const double orig = value[j];
      value[j] = orig + kDelta;
      w.assign(tf::constant(value, w.shape()));
      const double up = f(x).item<double>();
      value[j] = orig - kDelta;
      w.assign(tf::constant(value, w.shape()));
      const double down = f(x).item<double>();
      value[j] = orig;
      w.assign(tf::constant(value, w.shape()));
      worst = std::max(worst, std::abs((up - down) / (2 * kDelta) - g[j]));
    }
  }
  return worst;
}

}  // namespace tf::testing
