// Runs Keras 3 (the repository's .venv-ref) on a batch of loss and metric cases in one Python
// process, for the tests that compare tfpp's losses and metrics with it.
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <tfpp/keras/config.h>
#include <tfpp/tfpp.h>

#include "reference_env.h"

namespace tf::testing {

/// What Keras gave for one case: the value (flattened) and its shape, its get_config() as
/// JSON, or the message of the exception it raised.
struct KerasResult {
  bool ok = false;
  std::vector<std::int64_t> shape;
  std::vector<double> values;
  std::string config_json;
  std::string error;
};

/// One update_state call (or the loss call): tensors may be undefined.
struct KerasCall {
  Tensor y_true, y_pred, sample_weight, values;
};

/// Cases collected by a test and run through Keras together.
class KerasReference {
 public:
  /// A loss case: keras.losses.<class_name>.from_config(config)(y_true, y_pred, sample_weight).
  void add_loss(const std::string& id, const std::string& class_name, const keras::Config& config,
                const KerasCall& call) {
    add("loss", id, class_name, config, {call});
  }
  /// A metric case: update_state for each call in turn, then result().
  void add_metric(const std::string& id, const std::string& class_name, const keras::Config& config,
                  const std::vector<KerasCall>& calls) {
    add("metric", id, class_name, config, calls);
  }

  /// Runs every case in Keras; fails the test (and returns nothing) if the reference
  /// environment is missing or Python fails.
  std::map<std::string, KerasResult> run() const {
    const std::filesystem::path python = reference_python();
    const std::filesystem::path script = std::filesystem::path(source_dir()) / "tests/keras/losses_metrics_reference.py";
    std::map<std::string, KerasResult> results;
    if (!std::filesystem::exists(python)) return results;  // reference_python() failed the test
    const std::filesystem::path input =
        std::filesystem::temp_directory_path() / ("tfpp_keras_reference_" + std::to_string(::getpid()) + ".json");
    {
      std::ofstream out(input);
      out << "[" << cases_ << "]";
    }
    const std::string command = python.string() + " " + script.string() + " < " + input.string() + " 2>&1";
    FILE* pipe = ::popen(command.c_str(), "r");
    std::string output;
    char buffer[4096];
    while (pipe && std::fgets(buffer, sizeof buffer, pipe)) output += buffer;
    const int status = pipe ? ::pclose(pipe) : -1;
    std::filesystem::remove(input);
    if (status != 0) {
      ADD_FAILURE() << "the Keras reference script failed (status " << status << "):\n" << output;
      return results;
    }
    std::istringstream lines(output);
    std::string line;
    while (std::getline(lines, line)) {
      std::vector<std::string> fields;
      std::istringstream parts(line);
      std::string field;
      while (std::getline(parts, field, '\t')) fields.push_back(field);
      if (fields.size() < 3) continue;  // a warning Python printed
      KerasResult r;
      if (fields[1] == "ok" && fields.size() >= 5) {
        r.ok = true;
        std::istringstream dims(fields[2]);
        for (std::string d; std::getline(dims, d, ',');) r.shape.push_back(std::stoll(d));
        std::istringstream values(fields[3]);
        for (double v; values >> v;) r.values.push_back(v);
        r.config_json = fields[4];
      } else {
        r.error = fields[2];
      }
      results[fields[0]] = r;
    }
    return results;
  }

 private:
  static std::string tensor_json(const Tensor& t) {
    if (!t.defined()) return "null";
    std::ostringstream out;
    out.precision(17);
    out << "{\"dtype\": \"" << dtype_name(t.dtype()) << "\", \"shape\": [";
    for (int i = 0; i < t.rank(); ++i) out << (i ? ", " : "") << t.shape().dim(i);
    out << "], \"values\": [";
    const Tensor values = cast(t, float64);
    const std::vector<double> v = values.numpy<double>();
    for (std::size_t i = 0; i < v.size(); ++i) out << (i ? ", " : "") << v[i];
    out << "]}";
    return out.str();
  }

  void add(const char* kind, const std::string& id, const std::string& class_name, const keras::Config& config,
           const std::vector<KerasCall>& calls) {
    std::ostringstream out;
    out << "{\"id\": \"" << id << "\", \"kind\": \"" << kind << "\", \"class\": \"" << class_name
        << "\", \"config\": " << keras::to_json(config) << ", \"calls\": [";
    for (std::size_t i = 0; i < calls.size(); ++i) {
      const KerasCall& c = calls[i];
      out << (i ? ", " : "") << "{";
      if (c.values.defined())
        out << "\"values\": " << tensor_json(c.values);
      else
        out << "\"y_true\": " << tensor_json(c.y_true) << ", \"y_pred\": " << tensor_json(c.y_pred);
      out << ", \"sample_weight\": " << tensor_json(c.sample_weight) << "}";
    }
    out << "]}";
    cases_ += (cases_.empty() ? "" : ",\n") + out.str();
  }

  std::string cases_;
};

/// Expects `actual` to match Keras' result within a float32 tolerance (relative 1e-5, absolute 1e-6).
inline void expect_matches_keras(const std::string& id, const KerasResult& keras_result, const Tensor& actual) {
  ASSERT_TRUE(keras_result.ok) << id << ": Keras raised " << keras_result.error;
  ASSERT_EQ(actual.rank(), static_cast<int>(keras_result.shape.size())) << id << ": tfpp " << actual;
  for (int i = 0; i < actual.rank(); ++i) EXPECT_EQ(actual.shape().dim(i), keras_result.shape[i]) << id;
  const std::vector<double> values = cast(actual, float64).numpy<double>();
  ASSERT_EQ(values.size(), keras_result.values.size()) << id;
  for (std::size_t i = 0; i < values.size(); ++i)
    EXPECT_NEAR(values[i], keras_result.values[i], 1e-6 + 1e-5 * std::abs(keras_result.values[i]))
        << id << " element " << i;
}

/// A loss's or metric's get_config without the keys Keras 3.15 leaves out (Huber's delta, the axis
/// of CosineSimilarity and of the SparseCategoricalCrossentropy loss; later Keras writes them):
/// Keras 3.15 reads them from tfpp's configs but does not echo them.
inline keras::Config without_keys_keras_3_15_drops(keras::Config config, const std::string& class_name) {
  const bool loss = config.count("reduction") > 0;  // the metric SparseCategoricalCrossentropy writes its axis
  if (class_name == "Huber") config.erase("delta");
  if (class_name == "CosineSimilarity" || (loss && class_name == "SparseCategoricalCrossentropy")) config.erase("axis");
  return config;
}

}  // namespace tf::testing
