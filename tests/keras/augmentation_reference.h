// What the image augmentation layers' Keras tests share: a Keras script run once per suite (in
// a scratch directory, with arguments), and comparisons of tfpp's outputs and configs with the
// lines it printed: "NAME v1 v2 ..." (values), "dtype NAME D" and "config NAME JSON".
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "keras/keras_reference.h"
#include "tfpp/keras/config.h"
#include "tfpp/keras/layer.h"
#include "tfpp/keras/layers/deserialize.h"
#include "tfpp/keras/saving.h"
#include "tfpp/math_ops.h"

namespace tf::testing {

/// A Keras script (after kPythonPattern) run in a scratch directory, and what it printed.
class KerasScript {
 public:
  KerasScript(std::string script, const std::string& tag, const std::string& arguments = "")
      : script_(std::move(script)),
        dir_(std::filesystem::temp_directory_path() / ("tfpp_" + tag + "_" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(dir_);
    output_ = run(arguments);
    values_ = parse_values(output_);
  }
  ~KerasScript() { std::filesystem::remove_all(dir_); }
  KerasScript(const KerasScript&) = delete;
  KerasScript& operator=(const KerasScript&) = delete;

  /// Runs the script again with other command-line arguments and returns what it printed.
  std::string run(const std::string& arguments) const {
    const std::filesystem::path script = dir_ / "reference.py";
    std::FILE* f = std::fopen(script.c_str(), "w");
    std::fputs("import os\nos.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'\n", f);
    std::fputs(kPythonPattern, f);
    std::fputs(script_.c_str(), f);
    std::fclose(f);
    return run_command("env -u COLUMNS TF_CPP_MIN_LOG_LEVEL=3 " + reference_python() + " " + script.string() + " " + arguments);
  }

  const std::filesystem::path& dir() const { return dir_; }
  const std::string& output() const { return output_; }
  const std::map<std::string, std::vector<double>>& values() const { return values_; }

 private:
  std::string script_;
  std::filesystem::path dir_;
  std::string output_;
  std::map<std::string, std::vector<double>> values_;
};

/// The text after "<kind> <name> " on its line of `output` ("" when absent).
inline std::string line_of(const std::string& output, const std::string& kind, const std::string& name) {
  const std::string head = "\n" + kind + " " + name + " ";
  const std::size_t at = output.find(head);
  if (at == std::string::npos) return "";
  const std::size_t start = at + head.size();
  return output.substr(start, output.find('\n', start) - start);
}

/// `y`'s values against the line `name` of `values`, within tol * (1 + |want|).
inline void expect_values(const std::map<std::string, std::vector<double>>& values, const std::string& name, const Tensor& y,
                          double tol) {
  ASSERT_TRUE(values.count(name)) << name << " missing from Keras' output";
  const std::vector<double>& want = values.at(name);
  const std::vector<double> got = cast(y, float64).numpy<double>();
  ASSERT_EQ(got.size(), want.size()) << name;
  for (std::size_t i = 0; i < got.size(); ++i) ASSERT_NEAR(got[i], want[i], tol * (1 + std::abs(want[i]))) << name << " at " << i;
}

/// Calls `layer` and compares the output's values, shape ("NAME_shape") and dtype with Keras' case `name`.
inline void expect_case(const KerasScript& keras, const std::string& name, keras::LayerRef layer, const Tensor& x, bool training = true,
                        double tol = 1e-5) {
  SCOPED_TRACE(name);
  const Tensor y = (*layer)(x, training);
  ASSERT_TRUE(keras.values().count(name + "_shape")) << name;
  const std::vector<double>& want_shape = keras.values().at(name + "_shape");
  ASSERT_EQ(y.shape().rank(), static_cast<int>(want_shape.size()));
  for (int d = 0; d < y.shape().rank(); ++d) EXPECT_EQ(y.shape().dim(d), static_cast<std::int64_t>(want_shape[d]));
  EXPECT_EQ(std::string(dtype_name(y.dtype())), line_of(keras.output(), "dtype", name));
  expect_values(keras.values(), name, y, tol);
}

/// The number values of a config, ints as doubles: Keras writes a number as it was given (0 or
/// 0.0), which a C++ double cannot remember.
inline keras::ConfigValue numbers_as_doubles(const keras::ConfigValue& v) {
  if (v.holds<std::int64_t>()) return static_cast<double>(v.get<std::int64_t>());
  if (v.holds<keras::ConfigValue::List>()) {
    keras::ConfigValue::List out;
    for (const keras::ConfigValue& item : v.get<keras::ConfigValue::List>()) out.push_back(numbers_as_doubles(item));
    return out;
  }
  if (v.holds<keras::Config>()) {
    keras::Config out;
    for (const auto& [key, item] : v.get<keras::Config>()) out[key] = numbers_as_doubles(item);
    return out;
  }
  return v;
}

/// A config (name, dtype and trainable left out) against Keras' "config NAME JSON" line of `output`.
inline void expect_config(const std::string& output, const std::string& name, keras::Config c) {
  c.erase("name");
  c.erase("dtype");
  c.erase("trainable");
  const std::string want = line_of(output, "config", name);
  ASSERT_FALSE(want.empty()) << "config " << name << " missing from Keras' output";
  EXPECT_EQ(keras::to_json(numbers_as_doubles(c)), keras::to_json(numbers_as_doubles(keras::from_json(want)))) << name;
}

/// Keras' config `name` read by layers::deserialize and written back, and `built` (the same layer
/// made in C++), both against Keras' config.
inline void expect_configs(const KerasScript& keras, const std::string& name, const std::string& class_name, const keras::Layer& built) {
  SCOPED_TRACE(name);
  keras::Config keras_config = keras::from_json(line_of(keras.output(), "config", name)).get<keras::Config>();
  keras_config["name"] = "from_keras";
  const std::shared_ptr<keras::Layer> read = keras::layers::deserialize(keras::Config{{"class_name", class_name}, {"config", keras_config}});
  EXPECT_EQ(read->class_name(), class_name);
  expect_config(keras.output(), name, read->get_config());
  expect_config(keras.output(), name, built.get_config());
}

/// Python for the script: case(name, layer, x, training=True) prints a layer's output, its shape
/// and dtype; config(name, layer) its config without name, dtype and trainable.
inline const char* kAugmentationHelpers = R"PY(
import json
import sys
import numpy as np
import tensorflow as tf
import keras
from keras import layers
def case(name, layer, x, training=True):
    y = layer(x, training=training)
    emit(name, y)
    emit(name + '_shape', list(y.shape))
    print('dtype', name, y.dtype.name)
def config(name, layer):
    c = layer.get_config()
    for key in ('name', 'dtype', 'trainable'):
        c.pop(key)
    print('config', name, json.dumps(c, sort_keys=True))
)PY";

}  // namespace tf::testing
