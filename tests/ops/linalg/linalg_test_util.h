// Helpers of the tf::linalg factorization tests: float64 results compared within a tolerance.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <tfpp/tensor.h>

namespace tf::testing {

/// Whether `s` contains `part` (for error messages).
inline bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

/// Expects the float64 tensor `t` to hold `want`, element by element within `tolerance`.
inline void expect_near(const Tensor& t, const std::vector<double>& want, double tolerance = 1e-12) {
  const std::vector<double> got = t.numpy<double>();
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(got[i], want[i], tolerance) << "element " << i;
}

}  // namespace tf::testing
