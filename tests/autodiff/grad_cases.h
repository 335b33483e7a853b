// Table-driven gradient checks: a case names a function of float64 tensors and its inputs;
// the check compares the tape's Jacobian with central differences, and optionally the
// gradient's own Jacobian (second order).
#pragma once

#include <gtest/gtest.h>

#include <ostream>
#include <string>
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

/// y scaled by fixed weights, so that each output element matters differently to the check.
inline Tensor weighted(const Tensor& y) { return y * random_tensor(y.shape(), 77, 0.5, 1.5); }

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

/// The test name of a parameterized case.
inline std::string case_name(const ::testing::TestParamInfo<GradCase>& info) { return info.param.name; }

}  // namespace tf::testing
