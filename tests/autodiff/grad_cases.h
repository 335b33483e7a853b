// Table-driven gradient checks: a case names a function of float64 tensors and its inputs;
// the check compares the tape's Jacobian with central differences, and optionally the
// gradient's own Jacobian (second order).
#pragma once

#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include <tfpp/tfpp.h>

#include "autodiff/gradient_checker.h"

namespace tf::testing {

/// One input of a case: shape and value range (gap > 0 keeps values apart, for max/min/sort).
struct InputSpec {
  TensorShape shape;
  double lo = -2.0, hi = 2.0, gap = 0.0;
};

/// A function, its inputs, whether to check second order, and the first-order tolerance.
struct GradCase {
  std::string name;
  std::vector<InputSpec> inputs;
  TensorFn f;
  bool second_order = false;
  double tolerance = 1e-6;
};

inline std::ostream& operator<<(std::ostream& os, const GradCase& c) { return os << c.name; }

/// Values in [0.5, 2): the domain of log, sqrt, reciprocal, ...
inline InputSpec positive(TensorShape s) { return {s, 0.5, 2.0}; }
/// Distinct values (no ties), never 0 for fewer than 200 elements, in [-1.93, 2.07).
inline InputSpec distinct(TensorShape s) { return {s, -1.93, 2.07, 1.0}; }

/// y scaled by fixed weights in [0.5, 1.5), so that each output element matters differently to
/// the check. Built with ops from y's run-time shape, so it also works on traced tensors whose
/// shape is unknown (the weights follow the golden-ratio sequence, well spread and never equal).
inline Tensor weighted(const Tensor& y) {
  const Tensor index = cast(range(constant(0), size(y), constant(1)), y.dtype());
  return y * reshape(index * 0.6180339887498949 % 1.0 + 0.5, shape(y));
}

/// Checks one case to first (and, if asked, second) order.
inline void check_gradient_case(const GradCase& c) {
  std::vector<Tensor> inputs;
  std::uint32_t seed = 1;
  for (const InputSpec& in : c.inputs) inputs.push_back(random_tensor(in.shape, seed++, in.lo, in.hi, in.gap));
  EXPECT_LT(max_gradient_error(c.f, inputs), c.tolerance);
  if (!c.second_order) return;
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    const Tensor weights = random_tensor(c.f(inputs).shape(), 100 + static_cast<std::uint32_t>(k));
    EXPECT_LT(max_gradient_error(gradient_of(c.f, k, weights), inputs), 1e-5) << "second order, input " << k;
  }
}

/// The gradients of f(a, b) with respect to a and b (one persistent tape).
inline std::pair<Tensor, Tensor> binary_gradients(Tensor (*f)(const Tensor&, const Tensor&), const Tensor& a,
                                                  const Tensor& b) {
  GradientTape tape({.persistent = true});
  tape.watch(a);
  tape.watch(b);
  const Tensor y = f(a, b);
  return {tape.gradient(y, a), tape.gradient(y, b)};
}

/// The case tables of the gradient suites (each defined in its own *_gradients_test.cc).
std::vector<GradCase> array_grad_cases();
std::vector<GradCase> binary_grad_cases();
std::vector<GradCase> linalg_grad_cases();
std::vector<GradCase> nn_grad_cases();
std::vector<GradCase> op_grad_cases();
std::vector<GradCase> reduction_grad_cases();
std::vector<GradCase> unary_grad_cases();

/// The test name of a parameterized case.
inline std::string case_name(const ::testing::TestParamInfo<GradCase>& info) { return info.param.name; }

}  // namespace tf::testing
