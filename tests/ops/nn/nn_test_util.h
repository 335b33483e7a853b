// Helpers for the nn op tests: random inputs, tolerant comparison, error capture (error_of.h), symbolic
// stand-ins for shape-function tests.
#pragma once

#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include <cmath>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "core/tensor_impl.h"
#include "error_of.h"
#include "symbolic_tensor.h"
#include "ops/execute.h"

namespace tf::testing {

/// Uniform values in [-1, 1) from a fixed-seed std engine.
inline std::vector<double> random_values(std::int64_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> dist(-1.0, 1.0);
  std::vector<double> v(n);
  for (double& x : v) x = dist(rng);
  return v;
}

/// A tensor of `shape` holding `values` in `dtype` (float32 or float64).
inline Tensor make_tensor(const std::vector<double>& values, const TensorShape& shape, DType dtype) {
  if (dtype == float64) return constant(values, shape);
  return constant(std::vector<float>(values.begin(), values.end()), shape);
}

/// A float tensor's elements as doubles.
inline std::vector<double> to_doubles(const Tensor& t) {
  if (t.dtype() == float64) return t.numpy<double>();
  auto v = t.numpy<float>();
  return std::vector<double>(v.begin(), v.end());
}

/// Element-by-element closeness with an absolute-plus-relative tolerance.
inline void expect_close(const std::vector<double>& actual, const std::vector<double>& expected, double tol,
                         const std::string& what = "") {
  ASSERT_EQ(actual.size(), expected.size()) << what;
  for (std::size_t i = 0; i < actual.size(); ++i)
    ASSERT_NEAR(actual[i], expected[i], tol * (1 + std::abs(expected[i]))) << what << " at element " << i;
}

/// Runs the registered op `name` eagerly with the given inputs and attrs.
inline Tensor run_op(const char* name, std::initializer_list<Tensor> inputs, std::vector<ops::AttrValue> attrs) {
  const ops::OpDef* op = ops::find_op(name);
  if (!op) throw NotFoundError(name);
  return ops::execute(*op, std::span<const Tensor>(inputs.begin(), inputs.size()), attrs)[0];
}

/// The output shape the shape function of op `name` infers for these inputs.
inline TensorShape inferred_shape(const char* name, std::vector<Tensor> inputs, std::vector<ops::AttrValue> attrs) {
  return ops::infer_outputs(*ops::find_op(name), inputs, attrs)[0].shape;
}

}  // namespace tf::testing
