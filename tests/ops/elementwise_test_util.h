// Helpers of the elementwise op tests: error-message checks and large random inputs.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <tfpp/tfpp.h>

namespace tfpp_test {

/// Expects `fn` to throw tf::InvalidArgumentError whose message starts with `prefix`.
template <class Fn>
void expect_invalid(Fn fn, const std::string& prefix) {
  try {
    fn();
    ADD_FAILURE() << "expected InvalidArgumentError starting with " << prefix;
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_EQ(std::string(e.what()).substr(0, prefix.size()), prefix) << e.what();
  }
}

/// n values uniform in [lo, hi), reproducibly.
template <class T>
std::vector<T> random_values(std::size_t n, double lo, double hi, unsigned seed = 1) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> dist(lo, hi);
  std::vector<T> v(n);
  for (auto& x : v) x = static_cast<T>(dist(gen));
  return v;
}

/// Expects |got - want| <= tol * max(1, |want|) elementwise (NaNs must match NaNs).
template <class T>
void expect_close(const std::vector<T>& got, const std::vector<T>& want, double tol) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(want[i])) {
      EXPECT_TRUE(std::isnan(got[i])) << "at " << i;
    } else if (std::isinf(want[i])) {
      EXPECT_EQ(got[i], want[i]) << "at " << i;
    } else {
      ASSERT_LE(std::abs(double(got[i]) - double(want[i])), tol * std::max(1.0, std::abs(double(want[i]))))
          << "at " << i << ": got " << got[i] << ", want " << want[i];
    }
  }
}

}  // namespace tfpp_test
