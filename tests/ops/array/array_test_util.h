// Helpers for the array op tests.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <tfpp/tfpp.h>

namespace tf::testing {

/// Runs `fn` and checks that it throws InvalidArgumentError whose message contains every `parts`.
template <class Fn>
void expect_invalid(Fn&& fn, std::initializer_list<std::string> parts) {
  try {
    fn();
    ADD_FAILURE() << "expected InvalidArgumentError containing " << *parts.begin();
  } catch (const InvalidArgumentError& e) {
    for (const std::string& p : parts) EXPECT_NE(std::string(e.what()).find(p), std::string::npos) << e.what();
  }
}

/// An int32 tensor 0, 1, ..., n-1 reshaped to `shape` (built without the ops under test).
inline Tensor iota(const TensorShape& shape) {
  std::vector<std::int32_t> v(shape.num_elements());
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<std::int32_t>(i);
  return constant(v, shape);
}

}  // namespace tf::testing
