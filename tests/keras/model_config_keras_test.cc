// Functional and Sequential get_config / from_config against Keras 3.15 in the same run: the
// same models built on both sides give the same config (every key tfpp writes, with Keras'
// value; the layers, inbound nodes, input_layers and output_layers exactly), Keras' own configs
// rebuild in tfpp with the same layers and weight names and, with the same weights, the same
// outputs, and tfpp's configs rebuild themselves unchanged.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include <tfpp/tfpp.h>
#include <tfpp/keras/keras.h>

#include "error_of.h"
#include "keras/keras_reference.h"

namespace {

namespace keras = tf::keras;
namespace layers = tf::keras::layers;
using List = keras::ConfigValue::List;
using tf::testing::error_of;
using tf::testing::pattern_tensor;

const char* kScript = R"PY(
import json
import keras
from keras import layers
def models():
    seq = keras.Sequential([keras.Input((4,), name='seq_in'), layers.Dense(3, activation='relu', name='seq_d1'),
                            layers.Dropout(0.1, name='seq_drop'), layers.Dense(2, name='seq_d2')], name='seq')
    a = keras.Input((4,), name='a'); b = keras.Input((4,), name='b')
    shared = layers.Dense(3, name='shared'); ha = shared(a); hb = shared(b)
    o1 = layers.Dense(1, name='o1')(layers.Concatenate(name='cat')([ha, hb]))
    o2 = layers.Add(name='add')([ha, hb])
    multi = keras.Model([a, b], [o1, o2], name='multi')
    x = keras.Input((3,), name='inner_in')
    inner = keras.Model(x, layers.Dense(2, activation='tanh', name='inner_d')(x), name='inner')
    i = keras.Input((3,), name='outer_in')
    outer = keras.Model(i, layers.Dense(1, name='outer_d')(inner(i)), name='outer')
    s = keras.Input((5, 4), name='rnn_in')
    h = layers.Bidirectional(layers.LSTM(3, return_sequences=True, name='lstm'), name='bi')(s)
    h = layers.TimeDistributed(layers.Dense(2, name='td_d'), name='td')(h)
    h = layers.MultiHeadAttention(2, 3, name='mha')(h, h)
    o = layers.GlobalAveragePooling1D(name='gap')(layers.LayerNormalization(name='ln')(h))
    rnn = keras.Model([s], [o], name='rnn')
    f = keras.Input((4,), batch_size=2, name='fixed_in')
    fixed = keras.Model(f, layers.Dense(2, name='fixed_d')(f), name='fixed')
    return {'seq': (seq, [(2, 4)]), 'multi': (multi, [(2, 4), (2, 4)]), 'outer': (outer, [(2, 3)]), 'rnn': (rnn, [(2, 5, 4)]),
            'fixed': (fixed, [(2, 4)])}
for name, (model, shapes) in models().items():
    print('config', name, json.dumps(model.get_config()))
    print('weights', name, json.dumps([w.path for w in model.weights]))
    # A model rebuilt from its config builds its layers outside the model's name scope.
    print('rebuilt', name, json.dumps([w.path for w in type(model).from_config(model.get_config()).weights]))
    model.set_weights([pattern(w.shape, 1.0 + k) * 0.5 for k, w in enumerate(model.weights)])
    xs = [pattern(sh, 0.5 + k) for k, sh in enumerate(shapes)]
    outs = model(xs if len(xs) > 1 else xs[0])
    outs = outs if isinstance(outs, (list, tuple)) else [outs]
    for k, o in enumerate(outs): emit(name + '.out' + str(k), o)
)PY";

// tfpp's versions of the Python models, with the same names.
keras::Model make_model(const std::string& name) {
  if (name == "seq")
    return keras::Sequential({keras::InputLayer({4}, {.name = "seq_in"}), layers::Dense(3, {.activation = "relu", .name = "seq_d1"}),
                              layers::Dropout(0.1, {.name = "seq_drop"}), layers::Dense(2, {.name = "seq_d2"})},
                             {.name = "seq"});
  if (name == "multi") {
    auto a = keras::Input({4}, {.name = "a"}), b = keras::Input({4}, {.name = "b"});
    layers::Dense shared(3, {.name = "shared"});
    auto ha = shared(a), hb = shared(b);
    auto o1 = layers::Dense(1, {.name = "o1"})(layers::Concatenate({.name = "cat"})({ha, hb}));
    auto o2 = layers::Add({.name = "add"})({ha, hb});
    return keras::Model({a, b}, {o1, o2}, {.name = "multi"});
  }
  if (name == "outer") {
    auto x = keras::Input({3}, {.name = "inner_in"});
    keras::Model inner(x, layers::Dense(2, {.activation = "tanh", .name = "inner_d"})(x), {.name = "inner"});
    auto i = keras::Input({3}, {.name = "outer_in"});
    return keras::Model(i, layers::Dense(1, {.name = "outer_d"})(inner(i)), {.name = "outer"});
  }
  if (name == "fixed") {
    auto f = keras::Input({4}, {.name = "fixed_in", .batch_size = 2});
    return keras::Model(f, layers::Dense(2, {.name = "fixed_d"})(f), {.name = "fixed"});
  }
  auto s = keras::Input({5, 4}, {.name = "rnn_in"});
  auto h = layers::Bidirectional(layers::LSTM(3, {.return_sequences = true, .name = "lstm"}), {.name = "bi"})(s);
  h = layers::TimeDistributed(layers::Dense(2, {.name = "td_d"}), {.name = "td"})(h);
  h = layers::MultiHeadAttention(2, 3, {.name = "mha"})({h, h});
  auto o = layers::GlobalAveragePooling1D({.name = "gap"})(layers::LayerNormalization({.name = "ln"})(h));
  return keras::Model(std::vector<keras::KerasTensor>{s}, std::vector<keras::KerasTensor>{o}, {.name = "rnn"});
}

const std::vector<std::vector<tf::TensorShape>> kInputShapes{{{2, 4}}, {{2, 4}, {2, 4}}, {{2, 3}}, {{2, 5, 4}}, {{2, 4}}};
const std::vector<std::string> kModels{"seq", "multi", "outer", "rnn", "fixed"};

// Checks that every key tfpp writes is in Keras' config with the same value (a dtype name
// stands for Keras' DTypePolicy of that name) and that it writes every key Keras writes.
void expect_same_config(const keras::ConfigValue& ours, const keras::ConfigValue& theirs, const std::string& path) {
  if (ours.holds<std::string>() && theirs.holds<keras::Config>() &&
      theirs.get<keras::Config>().count("class_name") &&
      theirs.get<keras::Config>().at("class_name") == keras::ConfigValue("DTypePolicy")) {
    EXPECT_EQ(keras::to_json(ours), keras::to_json(theirs.get<keras::Config>().at("config").get<keras::Config>().at("name")))
        << path;
    return;
  }
  if (ours.holds<keras::Config>() && theirs.holds<keras::Config>()) {
    const keras::Config& o = ours.get<keras::Config>();
    const keras::Config& t = theirs.get<keras::Config>();
    for (const auto& [key, value] : o) {
      auto it = t.find(key);
      if (it == t.end()) {
        ADD_FAILURE() << path << "." << key << ": tfpp writes it, Keras does not";
        continue;
      }
      expect_same_config(value, it->second, path + "." + key);
    }
    for (const auto& [key, value] : t)
      if (!o.count(key)) ADD_FAILURE() << path << "." << key << ": Keras writes it, tfpp does not";
    return;
  }
  if (ours.holds<List>() && theirs.holds<List>()) {
    const List& o = ours.get<List>();
    const List& t = theirs.get<List>();
    ASSERT_EQ(o.size(), t.size()) << path;
    for (std::size_t i = 0; i < o.size(); ++i) expect_same_config(o[i], t[i], path + "[" + std::to_string(i) + "]");
    return;
  }
  const bool numbers = (ours.holds<double>() || ours.holds<std::int64_t>()) && (theirs.holds<double>() || theirs.holds<std::int64_t>());
  if (numbers) {
    EXPECT_NEAR(ours.as_double(), theirs.as_double(), 1e-12 * (1 + std::abs(theirs.as_double()))) << path;
    return;
  }
  EXPECT_EQ(keras::to_json(ours), keras::to_json(theirs)) << path;
}

std::vector<std::string> weight_paths(const keras::Model& model) {
  std::vector<std::string> out;
  for (const tf::Variable& w : model.weights()) {
    std::string n = w.name();
    if (n.size() > 2 && n.compare(n.size() - 2, 2, ":0") == 0) n.resize(n.size() - 2);
    out.push_back(n);
  }
  return out;
}

std::vector<std::string> layer_names(const keras::Model& model) {
  std::vector<std::string> out;
  for (const auto& layer : model.layers()) out.push_back(layer->name());
  return out;
}

class ModelConfigKeras : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const std::string out = tf::testing::run_reference(std::string(tf::testing::kPythonPattern) + kScript);
    std::istringstream lines(out);
    std::string line, values;
    while (std::getline(lines, line)) {
      std::istringstream words(line);
      std::string kind, name;
      words >> kind >> name;
      const std::size_t start = kind.size() + name.size() + 2;
      if (kind == "config" && start <= line.size()) {
        configs_[name] = keras::from_json(line.substr(start)).get<keras::Config>();
      } else if ((kind == "weights" || kind == "rebuilt") && start <= line.size()) {
        const keras::ConfigValue paths = keras::from_json(line.substr(start));
        auto& out = kind == "weights" ? weights_ : rebuilt_weights_;
        for (const keras::ConfigValue& p : paths.get<List>()) out[name].push_back(p.get<std::string>());
      } else {
        values += line + "\n";
      }
    }
    values_ = tf::testing::parse_values(values);
  }
  void SetUp() override { ASSERT_EQ(configs_.size(), kModels.size()) << "the Keras script did not print every model"; }

  // The model's outputs on the pattern inputs, with the pattern weights Keras got.
  static void expect_keras_outputs(keras::Model& model, std::size_t which) {
    std::vector<tf::Tensor> weights;
    double seed = 1.0;
    for (const tf::Variable& w : model.weights()) weights.push_back(pattern_tensor(w.shape(), seed++) * 0.5f);
    model.set_weights(weights);
    std::vector<tf::Tensor> xs;
    double input_seed = 0.5;
    for (const tf::TensorShape& s : kInputShapes[which]) xs.push_back(pattern_tensor(s, input_seed++));
    const std::vector<tf::Tensor> outs = model.call_all(xs);
    for (std::size_t k = 0; k < outs.size(); ++k) {
      const std::string key = kModels[which] + ".out" + std::to_string(k);
      ASSERT_TRUE(values_.count(key)) << key;
      const std::vector<float> got = outs[k].numpy<float>();
      const std::vector<double>& want = values_.at(key);
      ASSERT_EQ(got.size(), want.size()) << key;
      for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], 2e-5 * (1 + std::abs(want[i]))) << key << " at " << i;
    }
  }

  static std::map<std::string, keras::Config> configs_;
  static std::map<std::string, std::vector<std::string>> weights_;          // Keras' weight paths
  static std::map<std::string, std::vector<std::string>> rebuilt_weights_;  // those of Keras' from_config
  static std::map<std::string, std::vector<double>> values_;
};

std::map<std::string, keras::Config> ModelConfigKeras::configs_;
std::map<std::string, std::vector<std::string>> ModelConfigKeras::weights_;
std::map<std::string, std::vector<std::string>> ModelConfigKeras::rebuilt_weights_;
std::map<std::string, std::vector<double>> ModelConfigKeras::values_;

TEST_F(ModelConfigKeras, TfppConfigsAreKerasConfigs) {
  for (const std::string& name : kModels) {
    SCOPED_TRACE(name);
    keras::Model model = make_model(name);
    expect_same_config(model.get_config(), configs_.at(name), name);
  }
}

TEST_F(ModelConfigKeras, KerasConfigsRebuildInTfpp) {
  for (std::size_t i = 0; i < kModels.size(); ++i) {
    const std::string& name = kModels[i];
    SCOPED_TRACE(name);
    std::shared_ptr<keras::Layer> layer = layers::deserialize(
        keras::Config{{"class_name", name == "seq" ? "Sequential" : "Functional"}, {"config", configs_.at(name)}});
    auto* model = dynamic_cast<keras::Model*>(layer.get());
    ASSERT_NE(model, nullptr);
    EXPECT_EQ(model->name(), name);
    EXPECT_EQ(weight_paths(*model), rebuilt_weights_.at(name));
    // Its config is Keras' again, and it computes what Keras computes.
    expect_same_config(model->get_config(), configs_.at(name), name);
    expect_keras_outputs(*model, i);
  }
}

TEST_F(ModelConfigKeras, TfppConfigsRoundTrip) {
  for (std::size_t i = 0; i < kModels.size(); ++i) {
    const std::string& name = kModels[i];
    SCOPED_TRACE(name);
    keras::Model model = make_model(name);
    const keras::Config config = model.get_config();
    keras::Model copy = name == "seq" ? keras::Sequential::from_config(config) : keras::Model::from_config(config);
    EXPECT_EQ(keras::to_json(copy.get_config()), keras::to_json(config));
    EXPECT_EQ(layer_names(copy), layer_names(model));
    // The original's weights are named as Keras names them when a model builds its layers, the
    // copy's as Keras names those of a model rebuilt from its config.
    EXPECT_EQ(weight_paths(model), weights_.at(name));
    EXPECT_EQ(weight_paths(copy), rebuilt_weights_.at(name));
    // The copy has its own weights, and computes what the original computes with them.
    model.set_weights(copy.get_weights());
    std::vector<tf::Tensor> xs;
    double seed = 0.5;
    for (const tf::TensorShape& s : kInputShapes[i]) xs.push_back(pattern_tensor(s, seed++));
    const std::vector<tf::Tensor> a = model.call_all(xs), b = copy.call_all(xs);
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t k = 0; k < a.size(); ++k) EXPECT_EQ(a[k].numpy<float>(), b[k].numpy<float>());
  }
}

TEST(ModelConfigTest, BadConfigsAreClearErrors) {
  auto x = keras::Input({2}, {.name = "bad_in"});
  keras::Model model(x, layers::Dense(1, {.name = "bad_d"})(x), {.name = "bad"});
  keras::Config c = model.get_config();
  keras::Config broken = c;
  broken["output_layers"] = List{"no_such_layer", 0, 0};
  EXPECT_NE(error_of([&] { keras::Model::from_config(broken); }).find("refers to a layer 'no_such_layer'"), std::string::npos);
  broken = c;
  broken["output_layers"] = List{"bad_d", 3, 0};
  EXPECT_NE(error_of([&] { keras::Model::from_config(broken); }).find("name a call the layers never make"), std::string::npos);
  broken = c;
  List layer_list = broken["layers"].get<List>();
  keras::Config dense = layer_list[1].get<keras::Config>();
  List nodes = dense["inbound_nodes"].get<List>();
  keras::Config node = nodes[0].get<keras::Config>();
  node["args"] = List{keras::Config{{"class_name", "__keras_tensor__"},
                                    {"config", keras::Config{{"keras_history", List{"bad_d", 0, 0}}}}}};
  dense["inbound_nodes"] = List{node};
  layer_list[1] = dense;
  broken["layers"] = layer_list;
  EXPECT_NE(error_of([&] { keras::Model::from_config(broken); }).find("has loops or disconnected nodes"), std::string::npos);
  EXPECT_NE(error_of([] { keras::from_json("{\"a\": [1, 2,]}"); }).find("[from_json]"), std::string::npos);
  EXPECT_NE(error_of([] { keras::from_json("{\"a\": 1} x"); }).find("unexpected text after the value at offset 9"),
            std::string::npos);
}

TEST(ModelConfigTest, InputBatchSizeFixesTheBatchDimension) {
  EXPECT_EQ(keras::Input({4, 3}, {.batch_size = 2}).shape(), tf::TensorShape({2, 4, 3}));
  EXPECT_EQ(keras::Input({4, 3}).shape().dims().front(), -1);
  EXPECT_NE(error_of([] { keras::Input({4}, {.name = "zero_batch", .batch_size = 0}); })
                .find("[zero_batch] batch_size must be positive or -1 (None), got 0"),
            std::string::npos);
}

TEST(ModelConfigTest, FromJsonReadsWhatToJsonWrites) {
  const keras::Config c{{"a", List{1, 2.5, nullptr, true, "x\"y\n"}}, {"b", keras::Config{{"c", -3}}}, {"inf", 1e300 * 1e10}};
  EXPECT_EQ(keras::to_json(keras::from_json(keras::to_json(c))), keras::to_json(c));
  EXPECT_TRUE(keras::from_json("[1]").get<List>()[0].holds<std::int64_t>());
  EXPECT_TRUE(keras::from_json("[1.0]").get<List>()[0].holds<double>());
  EXPECT_TRUE(std::isnan(keras::from_json("NaN").get<double>()));
  EXPECT_EQ(keras::from_json("\"\\u00e9\"").get<std::string>(), "\xc3\xa9");
}

}  // namespace
