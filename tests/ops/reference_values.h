// What op tests that compare with a TensorFlow script's printed values share: the script's output
// (run once with the reference environment's Python) and tfpp's values in the script's format.
#pragma once

#include <cstdio>
#include <string>

#include "reference_env.h"
#include "tfpp/math_ops.h"
#include "tfpp/tensor.h"

namespace tf::testing {

/// The standard output of tests/`script` (a path under tests/) run with TensorFlow 2.21.
inline std::string reference_output(const std::string& script) {
  return run_command(reference_python() + " " + source_dir() + "/tests/" + script + " 2>/dev/null");
}

/// The values of `t` as float64 "%.17g", separated by spaces (exact for every float dtype).
inline std::string exact_text(const Tensor& t) {
  std::string out;
  for (const double v : cast(t, float64).numpy<double>()) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.17g", v);
    out += (out.empty() ? "" : " ") + std::string(buffer);
  }
  return out;
}

}  // namespace tf::testing
