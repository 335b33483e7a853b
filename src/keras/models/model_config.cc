// Functional and Sequential models to and from Keras 3's config: the layers, each with its
// inbound nodes ({"args": [KerasTensor configs], "kwargs": {}}), and input_layers /
// output_layers as [layer name, node index, tensor index] (node indices count only the nodes
// that belong to the model, as Keras renumbers them), or dicts of them by key for a model given
// dicts of inputs or outputs; a Sequential lists its InputLayer first.
#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "keras/engine/call_arguments.h"
#include "keras/layers/config_util.h"
#include "keras/models/op_layers.h"
#include "keras/models/model_data.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layers/deserialize.h"
#include "tfpp/keras/model.h"

namespace tf::keras {

namespace {

using List = ConfigValue::List;

ConfigValue shape_config(const TensorShape& shape) {
  return detail::int_list(std::vector<std::int64_t>(shape.dims().begin(), shape.dims().end()));
}

// Node indices as Keras 3.15 writes them: a layer's calls inside this model, in call order (a
// nested model's too: its own graph's node is not counted).
std::map<const detail::Node*, std::int64_t> node_indices(const detail::ModelData& d) {
  std::map<const Layer*, std::vector<const detail::Node*>> by_layer;
  for (const auto& node : d.nodes) by_layer[node->layer.get()].push_back(node.get());
  std::map<const detail::Node*, std::int64_t> index;
  for (auto& [layer, nodes] : by_layer) {
    std::sort(nodes.begin(), nodes.end(),
              [](const detail::Node* a, const detail::Node* b) { return a->index_in_layer < b->index_in_layer; });
    std::int64_t next = 0;
    for (const detail::Node* n : nodes) index[n] = next++;
  }
  return index;
}

ConfigValue history(const KerasTensor& k, const std::map<const detail::Node*, std::int64_t>& index) {
  return List{k.node()->layer->name(), index.at(k.node().get()), static_cast<std::int64_t>(k.index())};
}

ConfigValue keras_tensor_config(const KerasTensor& k, const std::map<const detail::Node*, std::int64_t>& index) {
  return Config{{"class_name", "__keras_tensor__"},
                {"config", Config{{"shape", shape_config(k.shape())},
                                  {"dtype", std::string(dtype_name(k.dtype()))},
                                  {"keras_history", history(k, index)}}}};
}

// {"args": [...], "kwargs": {...}} of one call. Keras passes one tensor as itself and several as
// one list, except MultiHeadAttention, which takes query and value as arguments and key by name.
// A call argument with its input placeholders replaced by the inputs' KerasTensor configs.
ConfigValue with_tensors(const ConfigValue& v, const detail::Node& node, const std::map<const detail::Node*, std::int64_t>& index) {
  if (std::optional<std::size_t> i = detail::referenced_input(v)) return keras_tensor_config(node.inputs.at(*i), index);
  if (v.holds<List>()) {
    List out;
    for (const ConfigValue& item : v.get<List>()) out.push_back(with_tensors(item, node, index));
    return out;
  }
  if (v.holds<Config>()) {
    Config out;
    for (const auto& [key, item] : v.get<Config>()) out[key] = with_tensors(item, node, index);
    return out;
  }
  return v;
}

Config node_config(const detail::Node& node, const std::map<const detail::Node*, std::int64_t>& index) {
  if (node.arguments) {
    List args;
    for (const ConfigValue& a : node.arguments->args) args.push_back(with_tensors(a, node, index));
    return {{"args", args}, {"kwargs", with_tensors(node.arguments->kwargs, node, index)}};
  }
  List args;
  Config kwargs;
  const std::vector<KerasTensor>& in = node.inputs;
  if (in.size() == 1) {
    args.push_back(keras_tensor_config(in[0], index));
  } else if (node.layer->class_name() == "MultiHeadAttention") {
    args = {keras_tensor_config(in.at(0), index), keras_tensor_config(in.at(1), index)};
    if (in.size() > 2) kwargs["key"] = keras_tensor_config(in[2], index);
  } else {
    List list;
    for (const KerasTensor& k : in) list.push_back(keras_tensor_config(k, index));
    args.push_back(list);
  }
  // Keras records the mask argument of layers whose call() takes one (None without a mask).
  static const std::set<std::string> takes_mask{
      "AdditiveAttention", "Attention", "BatchNormalization", "Bidirectional", "Functional", "GRU",
      "GlobalAveragePooling1D", "LSTM", "Lambda", "RNN", "Sequential", "SimpleRNN", "Softmax", "TimeDistributed"};
  if (takes_mask.count(node.layer->class_name())) kwargs["mask"] = nullptr;
  return {{"args", args}, {"kwargs", kwargs}};
}

// The model's inputs or outputs: by key when given as a dict (`keys` in the tensors' order), else
// one reference or a list of them.
ConfigValue tensors_config(const std::vector<KerasTensor>& tensors, bool nested, const std::vector<std::string>& keys,
                           const std::map<const detail::Node*, std::int64_t>& index) {
  if (!keys.empty()) {
    Config by_key;
    for (std::size_t i = 0; i < tensors.size(); ++i) by_key[keys.at(i)] = history(tensors[i], index);
    return by_key;
  }
  if (!nested && tensors.size() == 1) return history(tensors[0], index);
  List list;
  for (const KerasTensor& k : tensors) list.push_back(history(k, index));
  return list;
}

}  // namespace

Config Model::get_config() const {
  const detail::ModelData& d = model_data();
  if (d.kind == detail::ModelData::Kind::kSequential) return sequential_config();
  if (d.kind != detail::ModelData::Kind::kFunctional) return Layer::get_config();
  const std::map<const detail::Node*, std::int64_t> index = node_indices(d);
  List layer_configs;
  for (const auto& layer : d.layers) {
    List inbound;
    std::vector<const detail::Node*> nodes;
    for (const auto& node : d.nodes)
      if (node->layer == layer && !node->inputs.empty()) nodes.push_back(node.get());
    std::sort(nodes.begin(), nodes.end(),
              [&](const detail::Node* a, const detail::Node* b) { return index.at(a) < index.at(b); });
    for (const detail::Node* n : nodes) inbound.push_back(node_config(*n, index));
    Config c = layers::serialize(*layer);
    if (const auto* op = dynamic_cast<const detail::OpLayer*>(layer.get())) {
      c["module"] = op->module();
      c["registered_name"] = op->class_name();
    }
    c["name"] = layer->name();
    c["inbound_nodes"] = inbound;
    layer_configs.push_back(c);
  }
  return {{"name", name()},
          {"trainable", trainable()},
          {"layers", layer_configs},
          {"input_layers", tensors_config(d.inputs, d.nested_inputs, d.input_names, index)},
          {"output_layers", tensors_config(d.outputs, d.nested_outputs, d.output_names, index)}};
}

Config Model::get_build_config() const {
  // Keras 3 writes {"input_shape": None} for Functional models, which need no building.
  if (model_data().kind == detail::ModelData::Kind::kFunctional) return {{"input_shape", nullptr}};
  return Layer::get_build_config();
}

namespace {

// Rebuilds the calls of a Functional config, layer by layer, deferring calls whose inputs come
// from calls not made yet (a layer shared at several depths), as Keras' functional_from_config.
class FunctionalBuilder {
 public:
  explicit FunctionalBuilder(const Config& config) : config_(config) {}

  Model build() {
    const List& layer_list = detail::config_at(config_, "layers", who_).get<List>();
    std::vector<std::pair<std::string, List>> pending;  // layer name, its unprocessed nodes
    for (const ConfigValue& v : layer_list) {
      const Config& data = v.get<Config>();
      const std::string& name = detail::config_at(data, "name", who_).get<std::string>();
      // A keras.ops operation is made at its one call, which holds its constants.
      std::shared_ptr<Layer> layer = detail::is_op_config(data) ? nullptr : layers::deserialize(data);
      if (!layer) op_configs_.emplace(name, data);
      if (!layers_.emplace(name, layer).second)
        throw InvalidArgumentError(who_ + " the config has two layers named '" + name + "'");
      std::vector<std::vector<KerasTensor>>& made = outputs_[name];
      if (auto* input = dynamic_cast<InputLayer*>(layer.get())) made.push_back({input->tensor()});
      pending.emplace_back(name, detail::config_at(data, "inbound_nodes", who_).get<List>());
    }
    for (bool progress = true; progress;) {
      progress = false;
      for (auto& [name, nodes] : pending) {
        std::size_t done = 0;
        while (done < nodes.size() && call(name, nodes[done].get<Config>())) ++done;
        if (done > 0) {
          nodes.erase(nodes.begin(), nodes.begin() + static_cast<std::ptrdiff_t>(done));
          progress = true;
        }
      }
    }
    for (const auto& [name, nodes] : pending)
      if (!nodes.empty())
        throw InvalidArgumentError(who_ + " the layer graph has loops or disconnected nodes: a call of '" + name +
                                   "' needs a tensor no call makes");
    ModelOptions options;
    if (auto it = config_.find("name"); it != config_.end()) options.name = it->second.get<std::string>();
    if (auto it = config_.find("trainable"); it != config_.end()) options.trainable = it->second.get<bool>();
    const ModelTensors in = tensors(detail::config_at(config_, "input_layers", who_));
    const ModelTensors out = tensors(detail::config_at(config_, "output_layers", who_));
    Model model(in.tensors, out.tensors, options);
    model.model_data().nested_inputs = in.nested;
    model.model_data().nested_outputs = out.nested;
    model.model_data().input_names = in.keys;
    model.model_data().output_names = out.keys;
    return model;
  }

 private:
  // The tensor [layer, node, index] names, or nullopt when that call is not made yet.
  std::optional<KerasTensor> find(const ConfigValue& ref) const {
    const List& h = ref.get<List>();
    if (h.size() != 3) throw InvalidArgumentError(who_ + " a tensor reference has " + std::to_string(h.size()) +
                                                  " entries instead of [layer, node index, tensor index]");
    const std::string& name = h[0].get<std::string>();
    auto it = outputs_.find(name);
    if (it == outputs_.end()) throw InvalidArgumentError(who_ + " the config refers to a layer '" + name + "' it does not have");
    const std::int64_t node = h[1].get<std::int64_t>(), tensor = h[2].get<std::int64_t>();
    if (node < 0 || tensor < 0) throw InvalidArgumentError(who_ + " negative index in the reference to '" + name + "'");
    if (static_cast<std::size_t>(node) >= it->second.size()) return std::nullopt;
    const std::vector<KerasTensor>& made = it->second[static_cast<std::size_t>(node)];
    if (static_cast<std::size_t>(tensor) >= made.size())
      throw InvalidArgumentError(who_ + " call " + std::to_string(node) + " of '" + name + "' has " +
                                 std::to_string(made.size()) + " output(s), the config asks for output " + std::to_string(tensor));
    return made[static_cast<std::size_t>(tensor)];
  }

  // The tensors of a node argument: a KerasTensor config or a list of them (nested lists flatten).
  bool collect(const ConfigValue& v, std::vector<KerasTensor>& out) const {
    if (v.holds<List>()) {
      for (const ConfigValue& item : v.get<List>())
        if (!collect(item, out)) return false;
      return true;
    }
    const Config& c = v.get<Config>();
    if (detail::config_at(c, "class_name", who_).get<std::string>() != "__keras_tensor__")
      throw InvalidArgumentError(who_ + " node arguments must be KerasTensors, got a " +
                                 c.at("class_name").get<std::string>());
    std::optional<KerasTensor> k = find(detail::config_at(detail::config_at(c, "config", who_).get<Config>(), "keras_history", who_));
    if (!k) return false;
    out.push_back(*k);
    return true;
  }

  // A call argument with each KerasTensor config replaced by a placeholder of its place in
  // `inputs`; nullopt when a tensor it needs is not made yet.
  std::optional<ConfigValue> templated(const ConfigValue& v, std::vector<KerasTensor>& inputs) const {
    if (v.holds<List>()) {
      List out;
      for (const ConfigValue& item : v.get<List>()) {
        std::optional<ConfigValue> t = templated(item, inputs);
        if (!t) return std::nullopt;
        out.push_back(*t);
      }
      return out;
    }
    if (v.holds<Config>() && v.get<Config>().count("class_name") &&
        v.get<Config>().at("class_name") == ConfigValue("__keras_tensor__")) {
      std::vector<KerasTensor> one;
      if (!collect(v, one)) return std::nullopt;
      inputs.push_back(one[0]);
      return detail::input_reference(inputs.size() - 1);
    }
    if (v.holds<Config>()) {
      Config out;
      for (const auto& [key, item] : v.get<Config>()) {
        std::optional<ConfigValue> t = templated(item, inputs);
        if (!t) return std::nullopt;
        out[key] = *t;
      }
      return out;
    }
    return v;
  }

  // A call on the tensors alone (one tensor or one list of them, no keyword argument but
  // training and null masks), which tfpp records without arguments.
  static bool plain(const detail::CallArguments& a) {
    if (a.args.size() != 1) return false;
    const ConfigValue& arg = a.args[0];
    const bool tensors = detail::referenced_input(arg) ||
                         (arg.holds<List>() && std::all_of(arg.get<List>().begin(), arg.get<List>().end(), [](const ConfigValue& v) {
                            return detail::referenced_input(v).has_value();
                          }));
    if (!tensors) return false;
    for (const auto& [key, value] : a.kwargs)
      if (key != "training" && !(key == "mask" && value.is_null())) return false;
    return true;
  }

  // Makes one call of layer `name`; false when an input is not made yet.
  bool call(const std::string& name, const Config& node) {
    std::vector<KerasTensor> inputs;
    auto arguments = std::make_shared<detail::CallArguments>();
    std::optional<ConfigValue> args = templated(detail::config_at(node, "args", who_), inputs);
    if (!args) return false;
    if (!args->holds<List>()) throw InvalidArgumentError(who_ + " the call of '" + name + "' has args that are not a list");
    arguments->args = args->get<List>();
    if (auto it = node.find("kwargs"); it != node.end()) {
      if (!it->second.holds<Config>()) throw InvalidArgumentError(who_ + " the call of '" + name + "' has kwargs that are not a dict");
      std::optional<ConfigValue> kwargs = templated(it->second, inputs);
      if (!kwargs) return false;
      arguments->kwargs = kwargs->get<Config>();
    }
    std::shared_ptr<Layer>& layer = layers_.at(name);
    if (!layer) {
      if (outputs_.at(name).size() > 0) throw InvalidArgumentError(who_ + " the op '" + name + "' has more than one call");
      layer = detail::op_layer_from(op_configs_.at(name), arguments);
    }
    if (plain(*arguments) && !dynamic_cast<detail::OpLayer*>(layer.get())) {
      outputs_[name].push_back(inputs.size() == 1 ? layer->call_all({inputs[0]}) : layer->call_all(inputs));
      return true;
    }
    detail::check_call_arguments(*layer, *arguments);
    outputs_[name].push_back(layer->call_all(inputs, arguments));
    return true;
  }

  // input_layers or output_layers: one reference, a list of them, or a dict of them by key
  // (flattened in sorted key order, as Keras 3 flattens a dict).
  struct ModelTensors {
    std::vector<KerasTensor> tensors;
    bool nested = false;
    std::vector<std::string> keys;  ///< a dict's keys, in the tensors' order
  };
  ModelTensors tensors(const ConfigValue& v) const {
    ModelTensors out;
    List refs;
    if (v.holds<Config>()) {
      if (v.get<Config>().empty()) throw InvalidArgumentError(who_ + " input_layers / output_layers is an empty dict");
      for (const auto& [key, ref] : v.get<Config>()) {
        out.keys.push_back(key);
        refs.push_back(ref);
      }
      out.nested = true;
    } else {
      if (!v.holds<List>()) throw InvalidArgumentError(who_ + " input_layers / output_layers is neither a list nor a dict");
      const List& list = v.get<List>();
      out.nested = !list.empty() && list[0].holds<List>();
      refs = out.nested ? list : List{v};
    }
    for (const ConfigValue& ref : refs) {
      if (!ref.holds<List>())
        throw InvalidArgumentError(who_ + " input_layers / output_layers has an entry that is not a [layer, node index, tensor index] list");
      std::optional<KerasTensor> k = find(ref);
      if (!k) throw InvalidArgumentError(who_ + " input_layers / output_layers name a call the layers never make");
      out.tensors.push_back(*k);
    }
    return out;
  }

  const Config& config_;
  const std::string who_ = "[Functional.from_config]";
  std::map<std::string, std::shared_ptr<Layer>> layers_;        // null for an op until its call
  std::map<std::string, Config> op_configs_;                     // the ops' entries
  std::map<std::string, std::vector<std::vector<KerasTensor>>> outputs_;  // per layer, per call
};

}  // namespace

Model Model::from_config(const Config& config) { return FunctionalBuilder(config).build(); }

Config Model::sequential_config() const {
  const detail::ModelData& d = model_data();
  Config c = Layer::get_config();
  List layer_configs;
  const std::shared_ptr<Layer> input = d.input_layer ? d.input_layer : d.inputs.empty() ? nullptr : d.inputs[0].node()->layer;
  if (input) layer_configs.push_back(layers::serialize(*input));
  for (const auto& layer : d.layers) layer_configs.push_back(layers::serialize(*layer));
  c["layers"] = layer_configs;
  if (!d.inputs.empty()) c["build_input_shape"] = shape_config(d.inputs[0].shape());
  return c;
}

Sequential Sequential::from_config(const Config& config) {
  ModelOptions options;
  if (auto it = config.find("name"); it != config.end()) options.name = it->second.get<std::string>();
  if (auto it = config.find("trainable"); it != config.end()) options.trainable = it->second.get<bool>();
  Sequential model({}, options);
  for (const ConfigValue& layer : detail::config_at(config, "layers", "Sequential.from_config").get<List>())
    model.add(LayerRef(layers::deserialize(layer)));
  if (auto it = config.find("build_input_shape"); it != config.end() && it->second.holds<List>() && !model.built()) {
    const std::vector<std::int64_t> dims = detail::int_list_from(it->second);
    model.build(TensorShape(std::span<const std::int64_t>(dims)));
  }
  return model;
}

}  // namespace tf::keras
