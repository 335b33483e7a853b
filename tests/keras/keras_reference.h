// Runs a Python snippet in the reference environment (reference_env.h) and reads back what it
// prints, so tests compare tfpp with Keras 3 in the same test run.
#pragma once

#include <gtest/gtest.h>

#include "reference_env.h"
#include "tfpp/constant.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace tf::testing {

/// Runs `code` with the reference Python and returns its standard output.
inline std::string run_reference(const std::string& code) {
  const std::string python = reference_python();
  const std::filesystem::path script = std::filesystem::temp_directory_path() /
                                       ("tfpp_keras_ref_" + std::to_string(::getpid()) + "_" +
                                        std::to_string(std::hash<std::string>{}(code)) + ".py");
  {
    std::FILE* f = std::fopen(script.c_str(), "w");
    std::fputs("import os\nos.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'\n", f);
    std::fputs(code.c_str(), f);
    std::fclose(f);
  }
  // COLUMNS unset: Keras sizes its summary for a non-terminal as it does in the test.
  const std::string out = run_command("env -u COLUMNS TF_CPP_MIN_LOG_LEVEL=3 " + python + " " + script.string());
  std::filesystem::remove(script);
  return out;
}

/// Parses lines "name v1 v2 ..." into name -> values.
inline std::map<std::string, std::vector<double>> parse_values(const std::string& text) {
  std::map<std::string, std::vector<double>> out;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string name;
    if (!(words >> name)) continue;
    double v;
    while (words >> v) out[name].push_back(v);
  }
  return out;
}

/// Deterministic test data both sides compute: sin(0.37 * i + seed), as float32.
inline std::vector<float> pattern(std::size_t n, double seed) {
  std::vector<float> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<float>(std::sin(0.37 * double(i) + seed));
  return v;
}

/// A float32 tensor of `shape` holding pattern(shape.num_elements(), seed), as the Python pattern(shape, seed).
inline Tensor pattern_tensor(const TensorShape& shape, double seed) {
  return constant(pattern(static_cast<std::size_t>(shape.num_elements()), seed), shape);
}

/// The same pattern in Python (defines `pattern(shape, seed)`).
inline const char* kPythonPattern =
    "import numpy as np\n"
    "def pattern(shape, seed):\n"
    "    n = int(np.prod(shape))\n"
    "    return np.sin(0.37 * np.arange(n, dtype=np.float64) + seed).astype(np.float32).reshape(shape)\n"
    "def emit(name, arr):\n"
    "    print(name, ' '.join(repr(float(v)) for v in np.asarray(arr, dtype=np.float64).ravel()))\n";

}  // namespace tf::testing
