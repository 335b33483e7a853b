// Compares Keras layers of tfpp with Keras 3's in the same test run: a Python case() runs a
// Keras layer with weights and inputs both sides compute (keras_reference.h's pattern), and
// check() runs the C++ layer the same way and compares outputs, output shapes, gradients,
// non-trainable weights, weight names and config arguments.
//
// case(name, layer, x, training=False) sets weight i to pattern(shape, 1 + i) * 0.5 (+1 for a
// moving variance), calls the layer under a tape and prints the output, its shape, the gradients
// of sum(y * pattern(y.shape, 9)) with respect to the input and the trainable weights, and the
// non-trainable weights after the call.
#pragma once

#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/keras.h>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "keras/keras_reference.h"

namespace tf::testing {

/// The Python case() function (after kPythonPattern).
inline const char* kLayerCaseScript = R"PY(
import json
import tensorflow as tf
import keras
from keras import layers
def case(name, layer, x, training=False):
    layer.build(x.shape)
    ws = []
    for i, w in enumerate(layer.weights):
        v = pattern(w.shape, 1.0 + i) * 0.5
        if 'moving_variance' in w.path:
            v = v + 1.0
        ws.append(v)
    layer.set_weights(ws)
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        y = layer(xt, training=training)
        loss = tf.reduce_sum(y * pattern(tuple(y.shape), 9.0))
    grads = tape.gradient(loss, [xt] + list(layer.trainable_weights))
    emit(name, y)
    emit(name + '_shape', list(y.shape))
    for i, g in enumerate(grads):
        emit(name + '_g' + str(i), g)
    for i, w in enumerate(layer.non_trainable_weights):
        emit(name + '_nt' + str(i), w)
    print('names', name, ' '.join(w.path for w in layer.weights))
    keys = ['filters', 'kernel_size', 'strides', 'padding', 'data_format', 'dilation_rate', 'groups', 'activation',
            'use_bias', 'output_padding', 'depth_multiplier', 'pool_size', 'keepdims', 'axis', 'momentum', 'epsilon',
            'center', 'scale', 'rms_scaling', 'cropping', 'size', 'interpolation', 'class_name']
    config = layer.get_config()
    config['class_name'] = type(layer).__name__
    print('config', name, json.dumps({k: config[k] for k in keys if k in config}, sort_keys=True))

)PY";

/// Keras' output for a script of case() lines, and the C++ side of each case.
class LayerCaseReference {
 public:
  /// Runs kPythonPattern, kLayerCaseScript and `cases` (case() lines) in the reference environment.
  explicit LayerCaseReference(const std::string& cases)
      : output_(run_reference(std::string(kPythonPattern) + kLayerCaseScript + cases)), values_(parse_values(output_)) {}
  /// True when the script printed nothing (the reference environment failed).
  bool empty() const { return values_.empty(); }
  /// The rest of the script's output line "<kind> <name> ..." (for lines a test script adds).
  std::string raw_line(const std::string& kind, const std::string& name) const { return line(kind, name); }
  /// Compares `got` with the values the script emitted under `name`.
  void expect_values(const std::string& name, const Tensor& got, double tol) const { expect_close(name, got, tol); }

  /// The C++ side of case(): same weights, same input, same checks.
  void check(const std::string& name, tf::keras::Layer& layer, const Tensor& x, bool training = false,
             double tol = 2e-5) const {
    SCOPED_TRACE(name);
    layer.build_for({x.shape()});
    std::vector<tf::Tensor> ws;
    const std::vector<tf::Variable> weights = layer.weights();
    for (std::size_t i = 0; i < weights.size(); ++i) {
      tf::Tensor v = pattern_tensor(weights[i].shape(), 1.0 + double(i)) * 0.5f;
      if (weights[i].name().find("moving_variance") != std::string::npos) v = v + 1.0f;
      ws.push_back(v);
    }
    layer.set_weights(ws);
    tf::Tensor y;
    std::vector<tf::Tensor> grads;
    {
      tf::GradientTape tape({.persistent = true});
      tape.watch(x);
      y = layer(x, training);
      const tf::Tensor loss = tf::reduce_sum(y * pattern_tensor(y.shape(), 9.0));
      grads.push_back(tape.gradient(loss, x));
      for (const tf::Variable& w : layer.trainable_weights()) grads.push_back(tape.gradient(loss, w));
    }
    expect_close(name, y, tol);
    std::vector<double> shape;
    for (std::int64_t d : y.shape().dims()) shape.push_back(double(d));
    EXPECT_EQ(values_.at(name + "_shape"), shape);
    for (std::size_t i = 0; i < grads.size(); ++i) expect_close(name + "_g" + std::to_string(i), grads[i], tol * 5);
    const std::vector<tf::Variable> fixed = layer.non_trainable_weights();
    for (std::size_t i = 0; i < fixed.size(); ++i) expect_close(name + "_nt" + std::to_string(i), fixed[i].read_value(), tol);
    // Weight names: Keras' paths after the layer's name.
    std::string names;
    for (const tf::Variable& w : weights) {
      std::string n = w.name();
      n = n.substr(0, n.rfind(':'));
      names += (names.empty() ? "" : " ") + n.substr(n.find('/'));
    }
    std::string keras_names;
    std::istringstream words(line("names", name));
    for (std::string w; words >> w;) keras_names += (keras_names.empty() ? "" : " ") + w.substr(w.find('/'));
    EXPECT_EQ(names, keras_names);
    // The config's arguments, and a round trip through from_config.
    EXPECT_EQ(arguments(layer), line("config", name));
  }

 private:
  void expect_close(const std::string& name, const tf::Tensor& got, double tol) const {
    ASSERT_TRUE(values_.count(name)) << name << " missing from Keras' output:\n" << output_;
    const std::vector<double>& want = values_.at(name);
    const std::vector<double> g = tf::cast(got, tf::float64).numpy<double>();
    ASSERT_EQ(g.size(), want.size()) << name;
    for (std::size_t i = 0; i < g.size(); ++i) ASSERT_NEAR(g[i], want[i], tol * (1 + std::abs(want[i]))) << name << " at " << i;
  }

  // The line "<kind> <name> <rest>" of Keras' output.
  std::string line(const std::string& kind, const std::string& name) const {
    const std::string head = kind + " " + name + " ";
    const std::size_t at = output_.find("\n" + head);
    if (at == std::string::npos) return "";
    const std::size_t start = at + 1 + head.size();
    return output_.substr(start, output_.find('\n', start) - start);
  }

  // The config entries case() prints, as JSON with sorted keys.
  static std::string arguments(const tf::keras::Layer& layer) {
    static const char* kKeys[] = {"filters", "kernel_size", "strides", "padding", "data_format", "dilation_rate",
                                  "groups", "activation", "use_bias", "output_padding", "depth_multiplier",
                                  "pool_size", "keepdims", "axis", "momentum", "epsilon", "center", "scale",
                                  "rms_scaling", "cropping", "size", "interpolation"};
    const tf::keras::Config config = layer.get_config();
    tf::keras::Config picked;
    for (const char* k : kKeys)
      if (auto it = config.find(k); it != config.end()) picked[k] = it->second;
    picked["class_name"] = layer.class_name();
    return tf::keras::to_json(picked);
  }

  std::string output_;
  std::map<std::string, std::vector<double>> values_;
};

}  // namespace tf::testing
