// Activity regularization and the dropout layers' configs against Keras 3.15 in the same run:
// the losses an activity_regularizer adds (Dense in a Sequential, MultiHeadAttention's four
// projections, every output of an LSTM with return_state), the training loss and weights after an
// SGD step that include them, and get_config / from_config with Keras' own configs.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "keras/keras_reference.h"
#include "tfpp/keras/layers/attention.h"
#include "tfpp/keras/layers/core.h"
#include "tfpp/keras/layers/recurrent.h"
#include "tfpp/keras/layers/regularization.h"
#include "tfpp/keras/model.h"
#include "tfpp/keras/optimizers.h"
#include "tfpp/keras/saving.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
namespace regularizers = tf::keras::regularizers;
using tf::testing::pattern_tensor;

// Values as "name v..." lines; configs as "cfg.<name> <json>" lines.
const char* kScript = R"PY(
import json
import tensorflow as tf
import keras
from keras import layers, regularizers
def set_pattern_weights(layer):
    layer.set_weights([pattern(w.shape, 1.0 + k) * 0.5 for k, w in enumerate(layer.weights)])
def cfg(name, layer):
    c = layer.get_config()
    c.pop('dtype', None)
    print('cfg.' + name, json.dumps(c, sort_keys=True))

x = pattern((5, 3), 0.5); y = pattern((5, 2), 1.5)
m = keras.Sequential([keras.Input((3,)),
                      layers.Dense(4, activation='tanh', activity_regularizer=regularizers.L2(0.01)),
                      layers.Dense(2, activity_regularizer=regularizers.L1(0.02))])
set_pattern_weights(m)
m(x)
emit('seq.losses', [float(l) for l in m.losses])
m.compile(optimizer=keras.optimizers.SGD(0.1), loss='mse')
emit('seq.evaluate', [m.evaluate(x, y, batch_size=5, verbose=0)])
h = m.fit(x, y, batch_size=5, epochs=2, shuffle=False, verbose=0)
emit('seq.fit', h.history['loss'])
emit('seq.weights', np.concatenate([w.numpy().ravel() for w in m.weights]))

q = pattern((2, 4, 5), 2.5); v = pattern((2, 3, 5), 3.5)
mha = layers.MultiHeadAttention(2, 3, activity_regularizer=regularizers.L2(0.05))
mha(q, v)
set_pattern_weights(mha)
mha(q, v)
emit('mha.losses', [float(l) for l in mha.losses])

xs = pattern((2, 4, 5), 0.5)
lstm = layers.LSTM(3, return_state=True, activity_regularizer=regularizers.L1L2(0.01, 0.02))
lstm(xs)
set_pattern_weights(lstm)
lstm(xs)
emit('lstm.losses', [float(l) for l in lstm.losses])

cfg('dense', layers.Dense(3, activity_regularizer=regularizers.L2(0.25), name='d'))
cfg('dense_plain', layers.Dense(3, name='d'))
cfg('dropout', layers.Dropout(0.3, noise_shape=(None, 1, 4), seed=2, name='drop'))
cfg('spatial1d', layers.SpatialDropout1D(0.2, seed=1, name='s1'))
cfg('spatial2d', layers.SpatialDropout2D(0.2, data_format='channels_first', name='s2'))
cfg('spatial3d', layers.SpatialDropout3D(0.4, name='s3'))
)PY";

class RegularizationKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const std::string out = tf::testing::run_reference(std::string(tf::testing::kPythonPattern) + kScript);
    values_ = new std::map<std::string, std::vector<double>>(tf::testing::parse_values(out));
    configs_ = new std::map<std::string, std::string>();
    std::istringstream lines(out);
    std::string line;
    while (std::getline(lines, line))
      if (line.rfind("cfg.", 0) == 0) {
        const std::size_t space = line.find(' ');
        (*configs_)[line.substr(4, space - 4)] = line.substr(space + 1);
      }
  }
  static void TearDownTestSuite() {
    delete values_;
    delete configs_;
  }
  static const std::vector<double>& want(const std::string& name) {
    EXPECT_TRUE(values_->count(name)) << name << " missing from Keras' output";
    static const std::vector<double> none;
    return values_->count(name) ? values_->at(name) : none;
  }
  static keras::Config keras_config(const std::string& name) {
    EXPECT_TRUE(configs_->count(name)) << "cfg." << name << " missing from Keras' output";
    return configs_->count(name) ? keras::from_json(configs_->at(name)).get<keras::Config>() : keras::Config{};
  }
  static void expect_values(const std::vector<double>& have, const std::vector<double>& want_values, double tol) {
    ASSERT_EQ(have.size(), want_values.size());
    for (std::size_t i = 0; i < have.size(); ++i)
      EXPECT_NEAR(have[i], want_values[i], tol * (1 + std::abs(want_values[i]))) << "at " << i;
  }
  static std::vector<double> loss_values(const keras::Layer& layer) {
    std::vector<double> out;
    for (const tf::Tensor& l : layer.losses()) out.push_back(l.item<float>());
    return out;
  }
  static void set_pattern_weights(keras::Layer& layer) {
    std::vector<tf::Tensor> values;
    for (const tf::Variable& w : layer.weights()) values.push_back(pattern_tensor(w.shape(), 1.0 + double(values.size())) * 0.5);
    layer.set_weights(values);
  }
  static std::map<std::string, std::vector<double>>* values_;
  static std::map<std::string, std::string>* configs_;
};
std::map<std::string, std::vector<double>>* RegularizationKeras::values_ = nullptr;
std::map<std::string, std::string>* RegularizationKeras::configs_ = nullptr;

keras::Sequential activity_model() {
  return keras::Sequential(
      {layers::Dense(4, {.activation = "tanh", .input_shape = {3}, .activity_regularizer = regularizers::L2(0.01)}),
       layers::Dense(2, {.activity_regularizer = regularizers::L1(0.02)})});
}

TEST_F(RegularizationKeras, ActivityLossesOfACallAsKeras) {
  keras::Sequential m = activity_model();
  const tf::Tensor x = pattern_tensor({5, 3}, 0.5);
  m(x);
  set_pattern_weights(m);
  m(x);
  expect_values(loss_values(m), want("seq.losses"), 1e-5);
  m(x);  // a new call replaces the losses of the last one
  EXPECT_EQ(m.losses().size(), 2u);
}

TEST_F(RegularizationKeras, TrainingAndEvaluationLossesIncludeThem) {
  for (bool eager : {false, true}) {
    SCOPED_TRACE(eager ? "run_eagerly" : "traced");
    keras::Sequential m = activity_model();
    const tf::Tensor x = pattern_tensor({5, 3}, 0.5), y = pattern_tensor({5, 2}, 1.5);
    set_pattern_weights(m);
    m.compile({.optimizer = keras::optimizers::SGD({.learning_rate = 0.1}), .loss = "mse", .run_eagerly = eager});
    expect_values({m.evaluate(x, y, {.batch_size = 5, .verbose = 0}).at("loss")}, want("seq.evaluate"), 1e-5);
    const keras::History h = m.fit(x, y, {.batch_size = 5, .epochs = 2, .verbose = 0, .shuffle = false});
    expect_values(h.history().at("loss"), want("seq.fit"), 1e-5);
    std::vector<double> weights;
    for (const tf::Tensor& w : m.get_weights())
      for (float v : w.numpy<float>()) weights.push_back(v);
    expect_values(weights, want("seq.weights"), 1e-5);
  }
}

TEST_F(RegularizationKeras, MultiHeadAttentionRegularizesItsProjections) {
  layers::MultiHeadAttention mha(2, 3, {.activity_regularizer = regularizers::L2(0.05)});
  const tf::Tensor q = pattern_tensor({2, 4, 5}, 2.5), v = pattern_tensor({2, 3, 5}, 3.5);
  mha({q, v});
  set_pattern_weights(mha);
  mha({q, v});
  expect_values(loss_values(mha), want("mha.losses"), 1e-5);
}

TEST_F(RegularizationKeras, EveryOutputOfAnLstmWithStates) {
  layers::LSTM lstm(3, {.return_state = true, .activity_regularizer = regularizers::L1L2(0.01, 0.02)});
  const tf::Tensor x = pattern_tensor({2, 4, 5}, 0.5);
  lstm.call_all(std::vector<tf::Tensor>{x});
  set_pattern_weights(lstm);
  lstm.call_all(std::vector<tf::Tensor>{x});
  expect_values(loss_values(lstm), want("lstm.losses"), 1e-5);
}

TEST_F(RegularizationKeras, ConfigsAsKerasWritesThem) {
  // tfpp writes objects as {"class_name", "config"}; Keras adds module and registered_name.
  const keras::Config dense = keras_config("dense");
  const keras::Config mine = layers::Dense(3, {.name = "d", .activity_regularizer = regularizers::L2(0.25)}).get_config();
  const keras::Config& want_reg = dense.at("activity_regularizer").get<keras::Config>();
  const keras::Config& have_reg = mine.at("activity_regularizer").get<keras::Config>();
  EXPECT_EQ(have_reg.at("class_name"), want_reg.at("class_name"));
  EXPECT_NEAR(have_reg.at("config").get<keras::Config>().at("l2").as_double(),
              want_reg.at("config").get<keras::Config>().at("l2").as_double(), 1e-7);
  // Keras writes the key only when the layer has one.
  EXPECT_FALSE(keras_config("dense_plain").count("activity_regularizer"));
  EXPECT_FALSE(layers::Dense(3).get_config().count("activity_regularizer"));

  // Keras' own config loads, and what tfpp writes back has Keras' keys and values.
  const layers::Dense loaded = layers::Dense::from_config(dense);
  ASSERT_TRUE(loaded.activity_regularizer().has_value());
  EXPECT_EQ(loaded.activity_regularizer()->class_name(), "L2");
  const layers::Dense round = layers::Dense::from_config(loaded.get_config());
  EXPECT_NEAR(round.activity_regularizer()->config().at("l2"), 0.25, 1e-7);

  const auto expect_same_keys = [](const keras::Config& have, const keras::Config& want_config) {
    for (const auto& [key, value] : want_config) EXPECT_TRUE(have.count(key)) << key;
    for (const auto& [key, value] : have) EXPECT_TRUE(key == "dtype" || want_config.count(key)) << key;
  };
  const keras::Config dropout = keras_config("dropout");
  const keras::Config dropout_back = layers::Dropout::from_config(dropout).get_config();
  expect_same_keys(dropout_back, dropout);
  EXPECT_EQ(dropout_back.at("noise_shape"), dropout.at("noise_shape"));
  EXPECT_EQ(dropout_back.at("seed"), dropout.at("seed"));
  const keras::Config s1 = keras_config("spatial1d"), s2 = keras_config("spatial2d"), s3 = keras_config("spatial3d");
  expect_same_keys(layers::SpatialDropout1D::from_config(s1).get_config(), s1);
  expect_same_keys(layers::SpatialDropout2D::from_config(s2).get_config(), s2);
  expect_same_keys(layers::SpatialDropout3D::from_config(s3).get_config(), s3);
  EXPECT_EQ(layers::SpatialDropout2D::from_config(s2).get_config().at("data_format"), s2.at("data_format"));
  EXPECT_EQ(layers::SpatialDropout1D::from_config(s1).get_config().at("seed"), s1.at("seed"));
}

}  // namespace
