// Functional models of dicts of inputs and outputs against Keras 3.15 in the same run: Keras
// writes input_layers / output_layers as dicts by key (keys that need not be the tensors' names);
// tfpp rebuilds such a config with the inputs and outputs in Keras' flattened (sorted key) order,
// the outputs named by their keys, writes the same dicts back, and computes Keras' outputs.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include <tfpp/tfpp.h>
#include <tfpp/keras/keras.h>

#include "error_of.h"
#include "keras/keras_reference.h"
#include "keras/models/model_data.h"

namespace {

namespace keras = tf::keras;
using List = keras::ConfigValue::List;
using tf::testing::error_of;
using tf::testing::pattern_tensor;

const char* kScript = R"PY(
import json
import keras
from keras import layers
a = keras.Input((2,), name='a'); b = keras.Input((3,), name='b')
h = layers.Concatenate(name='cat')([a, b])
outputs = {'score': layers.Dense(1, name='score_d')(h), 'class': layers.Dense(2, activation='softmax', name='class_d')(h)}
model = keras.Model({'second': b, 'first': a}, outputs, name='dicts')
print('config', json.dumps(model.get_config()))
model.set_weights([pattern(w.shape, 1.0 + k) * 0.5 for k, w in enumerate(model.weights)])
out = model({'first': pattern((2, 2), 0.5), 'second': pattern((2, 3), 1.5)})
for key in sorted(out): emit('out.' + key, out[key])
)PY";

class ModelDictConfigKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const std::string out = tf::testing::run_reference(std::string(tf::testing::kPythonPattern) + kScript);
    std::istringstream lines(out);
    std::string line, values;
    while (std::getline(lines, line)) {
      if (line.rfind("config ", 0) == 0) config_ = keras::from_json(line.substr(7)).get<keras::Config>();
      else values += line + "\n";
    }
    values_ = tf::testing::parse_values(values);
  }
  void SetUp() override { ASSERT_FALSE(config_.empty()) << "the Keras script printed no config"; }

  static keras::Config config_;
  static std::map<std::string, std::vector<double>> values_;
};

keras::Config ModelDictConfigKeras::config_;
std::map<std::string, std::vector<double>> ModelDictConfigKeras::values_;

TEST_F(ModelDictConfigKeras, KerasDictConfigRebuildsAsDicts) {
  ASSERT_TRUE(config_.at("input_layers").holds<keras::Config>()) << "Keras 3.15 writes a dict of inputs by key";
  keras::Model model = keras::Model::from_config(config_);
  const keras::detail::ModelData& d = model.model_data();
  EXPECT_EQ(d.input_names, (std::vector<std::string>{"first", "second"}));
  EXPECT_EQ(d.output_names, (std::vector<std::string>{"class", "score"}));
  ASSERT_EQ(model.inputs().size(), 2u);
  EXPECT_EQ(model.inputs()[0].shape(), tf::TensorShape({-1, 2}));  // "first" is the Input named a
  EXPECT_EQ(model.inputs()[1].shape(), tf::TensorShape({-1, 3}));
  EXPECT_EQ(keras::to_json(model.get_config().at("input_layers")), keras::to_json(config_.at("input_layers")));
  EXPECT_EQ(keras::to_json(model.get_config().at("output_layers")), keras::to_json(config_.at("output_layers")));

  std::vector<tf::Tensor> weights;
  double seed = 1.0;
  for (const tf::Variable& w : model.weights()) weights.push_back(pattern_tensor(w.shape(), seed++) * 0.5f);
  model.set_weights(weights);
  const std::vector<tf::Tensor> outs = model.call_all({pattern_tensor({2, 2}, 0.5), pattern_tensor({2, 3}, 1.5)});
  ASSERT_EQ(outs.size(), 2u);
  for (std::size_t k = 0; k < outs.size(); ++k) {
    const std::string key = "out." + d.output_names[k];
    ASSERT_TRUE(values_.count(key)) << key;
    const std::vector<float> got = outs[k].numpy<float>();
    const std::vector<double>& want = values_.at(key);
    ASSERT_EQ(got.size(), want.size()) << key;
    for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], 2e-5 * (1 + std::abs(want[i]))) << key;
  }
}

TEST_F(ModelDictConfigKeras, DictConfigRoundTrips) {
  keras::Model model = keras::Model::from_config(config_);
  keras::Model copy = keras::Model::from_config(model.get_config());
  EXPECT_EQ(keras::to_json(copy.get_config()), keras::to_json(model.get_config()));
  EXPECT_EQ(copy.model_data().output_names, model.model_data().output_names);
}

TEST_F(ModelDictConfigKeras, BadDictsAreClearErrors) {
  keras::Config broken = config_;
  broken["input_layers"] = keras::Config{};
  EXPECT_NE(error_of([&] { keras::Model::from_config(broken); }).find("input_layers / output_layers is an empty dict"),
            std::string::npos);
  broken = config_;
  broken["output_layers"] = keras::Config{{"score", "score_d"}};
  EXPECT_NE(error_of([&] { keras::Model::from_config(broken); }).find("an entry that is not a [layer, node index, tensor index]"),
            std::string::npos);
  broken = config_;
  broken["output_layers"] = keras::Config{{"score", List{"no_such_layer", 0, 0}}};
  EXPECT_NE(error_of([&] { keras::Model::from_config(broken); }).find("refers to a layer 'no_such_layer'"), std::string::npos);
  broken = config_;
  broken["input_layers"] = "a";
  EXPECT_NE(error_of([&] { keras::Model::from_config(broken); }).find("neither a list nor a dict"), std::string::npos);
}

}  // namespace
