// Helpers of the SavedModel tests that compare tfpp with TensorFlow run in the same test run:
// temporary paths, running Python in the reference environment, and comparing values.
#pragma once

#include <unistd.h>

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "reference_env.h"
#include "tfpp/tfpp.h"

namespace tf::testing {

/// A path in the temporary directory unique to this process and `name`.
inline std::string saved_model_temp_dir(const std::string& name) {
  return std::filesystem::temp_directory_path() / ("tfpp_saved_model_save_" + std::to_string(::getpid()) + "_" + name);
}

/// Runs `code` in the reference environment's Python (numpy as np and tensorflow as tf
/// imported, show(key, tensor) defined) and collects the lines it prints as "key v v v"
/// (standard error is dropped).
inline std::map<std::string, std::vector<double>> run_python(const std::string& name, const std::string& code) {
  const std::string script = saved_model_temp_dir(name) + ".py";
  std::ofstream(script) << "import os\nos.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'\n"
                           "import numpy as np, tensorflow as tf\n"
                           "def show(key, t): print(key, ' '.join(repr(float(v)) for v in np.ravel(np.asarray(t))))\n"
                        << code;
  std::istringstream lines(run_command(reference_python() + " " + script + " 2>/dev/null"));
  std::filesystem::remove(script);
  std::map<std::string, std::vector<double>> out;
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream s(line);
    std::string key;
    s >> key;
    double v;
    while (s >> v) out[key].push_back(v);
  }
  return out;
}

/// The values of `t` as doubles.
inline std::vector<double> values(const Tensor& t) {
  std::vector<double> out;
  for (float v : cast(t, float32).numpy<float>()) out.push_back(v);
  return out;
}

/// Expects `t`'s values within float tolerance of `want`.
inline void expect_near(const Tensor& t, const std::vector<double>& want) {
  std::vector<double> got = values(t);
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-5 * (1 + std::abs(want[i]))) << "at " << i;
}

}  // namespace tf::testing
