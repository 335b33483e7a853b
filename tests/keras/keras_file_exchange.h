// A model's .keras file exchanged with Keras 3 both ways in one test: Keras builds the model from
// a Python expression, sets weight i to pattern(shape, 1 + i) * 0.5 and saves it; tfpp loads it
// and must predict what Keras predicted; tfpp saves it again and Keras loads tfpp's file and must
// predict what tfpp did; the models loaded on either side have the same layer classes and weight
// paths (after the model's name).
#pragma once

#include <gtest/gtest.h>

#include <tfpp/tfpp.h>
#include <tfpp/keras/keras.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "keras/keras_reference.h"

namespace tf::testing {

/// The layers' class names and weight paths of a model, one line: "Dense:dense/kernel,dense/bias ..."
/// (each layer's paths sorted with `sorted`).
inline std::string model_layout(tf::keras::Model& model, bool sorted = false) {
  std::string out;
  for (const std::shared_ptr<tf::keras::Layer>& layer : model.layers()) {
    out += (out.empty() ? "" : " ") + layer->class_name() + ":";
    std::vector<std::string> paths;
    for (const tf::Variable& w : layer->weights()) paths.push_back(w.name().substr(0, w.name().rfind(':')));
    if (sorted) std::sort(paths.begin(), paths.end());
    std::string names;
    for (const std::string& p : paths) names += (names.empty() ? "" : ",") + p;
    out += names;
  }
  return out;
}

/// Runs the exchange for `model_expr` (Python, may use `keras` and `layers`) on a float32 input of
/// `input_shape` (pattern(input_shape, 0.3)); `tag` names the files. `sorted_paths` compares each
/// layer's weight paths as sets, for layers whose weights tfpp lists in another order.
inline void expect_keras_file_exchange(const std::string& tag, const std::string& model_expr, const TensorShape& input_shape,
                                       double tol = 2e-5, bool sorted_paths = false) {
  SCOPED_TRACE(tag);
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("tfpp_kerasnn_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string from_keras = (dir / (tag + "_keras.keras")).string();
  const std::string from_tfpp = (dir / (tag + "_tfpp.keras")).string();
  std::ostringstream shape;
  shape << "(";
  for (std::int64_t d : input_shape.dims()) shape << d << ",";
  shape << ")";
  const std::string common = std::string(kPythonPattern) +
                             "import keras\nfrom keras import layers\n"
                             "def layout(m):\n"
                             "    rel = lambda p: p[len(m.name) + 1:] if p.startswith(m.name + '/') else p\n"
                             "    order = sorted if " + std::string(sorted_paths ? "True" : "False") + " else list\n"
                             "    return ' '.join(keras.layers.serialize(l)['class_name'] + ':' + ','.join(order(rel(w.path) for w in l.weights))\n"
                             "                    for l in m.layers)\n"
                             "x = pattern(" + shape.str() + ", 0.3)\n";
  const std::string saved = run_reference(common + "model = " + model_expr + "\n" +
                                          "model.set_weights([pattern(w.shape, 1.0 + i) * 0.5 for i, w in enumerate(model.weights)])\n"
                                          "model.save('" + from_keras + "')\n"
                                          "emit('pred', model.predict(x, verbose=0))\n"
                                          "print('layout', layout(keras.models.load_model('" + from_keras + "')))\n");
  const auto keras_values = parse_values(saved);
  ASSERT_TRUE(keras_values.count("pred")) << saved;
  const auto layout_line = [](const std::string& text) {
    const std::size_t at = text.find("layout ");
    return at == std::string::npos ? std::string("<missing>") : text.substr(at + 7, text.find('\n', at) - at - 7);
  };

  tf::keras::Model model = tf::keras::models::load_model(from_keras);
  const Tensor x = pattern_tensor(input_shape, 0.3);
  const std::vector<double> got = tf::cast(model.predict(x, {.verbose = 0}), tf::float64).numpy<double>();
  const std::vector<double>& want = keras_values.at("pred");
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) ASSERT_NEAR(got[i], want[i], tol * (1 + std::abs(want[i]))) << "at " << i;
  EXPECT_EQ(model_layout(model, sorted_paths), layout_line(saved));

  model.save(from_tfpp);
  const std::string loaded = run_reference(common + "model = keras.models.load_model('" + from_tfpp + "')\n" +
                                           "emit('pred', model.predict(x, verbose=0))\n"
                                           "print('layout', layout(model))\n");
  const auto tfpp_file_values = parse_values(loaded);
  ASSERT_TRUE(tfpp_file_values.count("pred")) << loaded;
  const std::vector<double>& again = tfpp_file_values.at("pred");
  ASSERT_EQ(again.size(), got.size());
  for (std::size_t i = 0; i < got.size(); ++i) ASSERT_NEAR(again[i], got[i], tol * (1 + std::abs(got[i]))) << "at " << i;
  EXPECT_EQ(layout_line(loaded), layout_line(saved));
  fs::remove_all(dir);
}

}  // namespace tf::testing
