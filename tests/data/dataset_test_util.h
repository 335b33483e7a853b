// Helpers the tf::data tests share: reading a dataset of int64 scalars, and expecting an error of
// a given class whose message holds some text.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include <tfpp/data/dataset.h>

namespace tf::testing {

/// The int64 scalars of a dataset whose elements have one component.
inline std::vector<std::int64_t> ints(const data::Dataset& ds) {
  std::vector<std::int64_t> out;
  for (const data::Element& e : ds) out.push_back(e.at(0).item<std::int64_t>());
  return out;
}

/// Fails unless f throws an E whose message contains text.
template <class E, class F>
void expect_error(F f, const std::string& text) {
  try {
    f();
    FAIL() << "expected an error containing " << text;
  } catch (const E& e) {
    EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what();
  }
}

}  // namespace tf::testing
