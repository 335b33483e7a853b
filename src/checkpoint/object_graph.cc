// Children of trackables and the breadth-first traversal (object_graph.h).
#include "checkpoint/object_graph.h"

#include <algorithm>
#include <unordered_map>

#include "checkpoint/tensor_bundle.h"
#include "core/resource_handle.h"
#include "keras/optimizers/optimizer_state.h"
#include "ops/lookup/table_checkpoint.h"
#include "ops/lookup/tracked_table.h"
#include "tfpp/keras/layer.h"

namespace tf::checkpoint {
namespace {

const void* identity_of(const train::Trackable& object) {
  struct Visitor {
    const void* operator()(const Variable& v) const { return v.impl().get(); }
    const void* operator()(const Module& m) const { return m.module_state().get(); }
    const void* operator()(const keras::optimizers::Optimizer& o) const { return o.state().get(); }
    const void* operator()(const std::shared_ptr<const train::Trackable::Map>& m) const { return m.get(); }
    const void* operator()(const lookup::LookupTableBase& t) const { return core::resource_of(t.resource_handle()).get(); }
  };
  return std::visit(Visitor{}, object.value());
}

// A list as Keras 3 tracks one: children "0", "1", ...
train::Trackable list_of(const std::vector<Variable>& variables) {
  train::Trackable::Map map;
  for (std::size_t i = 0; i < variables.size(); ++i) map.emplace(std::to_string(i), variables[i]);
  return train::Trackable(std::move(map));
}

}  // namespace

std::vector<std::pair<std::string, train::Trackable>> children_of(const train::Trackable& object) {
  std::vector<std::pair<std::string, train::Trackable>> out;
  if (const auto* module = std::get_if<Module>(&object.value())) {
    for (const auto& [name, v] : module->named_variables()) out.emplace_back(name, v);
    const auto* layer = dynamic_cast<const keras::detail::LayerState*>(module->module_state().get());
    for (const auto& [name, m] : module->named_submodules()) {
      const auto* state = m.module_state().get();
      if (const auto* table = dynamic_cast<const lookup::detail::TrackedTable*>(state)) {
        out.emplace_back(name, table->table);
        continue;
      }
      const bool is_sublayer = layer && std::any_of(layer->sublayers.begin(), layer->sublayers.end(),
                                                   [&](const auto& sub) { return sub.get() == state; });
      if (!is_sublayer) out.emplace_back(name, m);
    }
    // Sublayers by position, as tf.keras names them ("layer_with_weights-0", "layer-0"), so
    // the keys do not depend on the layers' unique names.
    for (std::size_t i = 0, with_weights = 0; layer && i < layer->sublayers.size(); ++i) {
      const keras::Layer sublayer(layer->sublayers[i]);
      if (!sublayer.weights().empty()) out.emplace_back("layer_with_weights-" + std::to_string(with_weights++), sublayer);
      out.emplace_back("layer-" + std::to_string(i), sublayer);
    }
  } else if (const auto* optimizer = std::get_if<keras::optimizers::Optimizer>(&object.value())) {
    // Keras 3's optimizer attributes (keras/src/optimizers/base_optimizer.py).
    const auto& s = *optimizer->state();
    out.emplace_back("_iterations", s.iterations);
    if (s.learning_rate.defined()) out.emplace_back("_learning_rate", s.learning_rate);
    out.emplace_back("_variables", list_of(s.variables));
    out.emplace_back("_trainable_variables", list_of(s.trainable));
  } else if (const auto* map = std::get_if<std::shared_ptr<const train::Trackable::Map>>(&object.value())) {
    for (const auto& [name, child] : **map) out.emplace_back(name, child);
  }
  return out;
}

const Variable* variable_of(const train::Trackable& object) { return std::get_if<Variable>(&object.value()); }

const lookup::LookupTableBase* table_of(const train::Trackable& object) {
  return std::get_if<lookup::LookupTableBase>(&object.value());
}

bool has_own_values(const train::Trackable& object) {
  const lookup::LookupTableBase* table = table_of(object);
  return variable_of(object) || (table && ops::table_is_saveable(table->resource_handle()));
}

std::vector<GraphNode> traverse(const train::Trackable& root) {
  std::vector<GraphNode> nodes;
  std::unordered_map<const void*, int> ids;
  nodes.push_back({root, identity_of(root), {}, ""});
  ids.emplace(nodes[0].identity, 0);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    for (auto& [name, child] : children_of(nodes[i].object)) {
      const void* identity = identity_of(child);
      auto [it, inserted] = ids.emplace(identity, static_cast<int>(nodes.size()));
      if (inserted) {
        const std::string path = nodes[i].path.empty() ? escape_local_name(name) : nodes[i].path + "/" + escape_local_name(name);
        nodes.push_back({std::move(child), identity, {}, path});
      }
      nodes[i].children.emplace_back(name, it->second);
    }
  }
  return nodes;
}

proto::TrackableObjectGraph object_graph_proto(const std::vector<GraphNode>& nodes) {
  proto::TrackableObjectGraph graph;
  std::vector<bool> has_values(nodes.size(), false);
  for (std::size_t i = 0; i < nodes.size(); ++i) has_values[i] = has_own_values(nodes[i].object);
  for (bool changed = true; changed;) {  // a node has values if any descendant has
    changed = false;
    for (std::size_t i = nodes.size(); i-- > 0;)
      for (const auto& [name, child] : nodes[i].children)
        if (has_values[static_cast<std::size_t>(child)] && !has_values[i]) has_values[i] = changed = true;
  }
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    auto* node = graph.add_nodes();
    for (const auto& [name, child] : nodes[i].children) {
      auto* ref = node->add_children();
      ref->set_node_id(child);
      ref->set_local_name(name);
    }
    if (const Variable* v = variable_of(nodes[i].object)) {
      auto* attribute = node->add_attributes();
      attribute->set_name(kVariableValue);
      attribute->set_full_name(variable_full_name(*v));
      attribute->set_checkpoint_key(variable_key(nodes[i].path));
    } else if (const lookup::LookupTableBase* t = table_of(nodes[i].object); t && has_own_values(nodes[i].object)) {
      auto* attribute = node->add_attributes();  // TensorFlow writes no full_name for a table
      attribute->set_name(kTableAttribute);
      attribute->set_checkpoint_key(table_key(nodes[i].path));
    }
    node->mutable_has_checkpoint_values()->set_value(has_values[i]);
  }
  return graph;
}

std::string variable_full_name(const Variable& variable) {
  std::string name = variable.name();
  if (name.size() > 2 && name.compare(name.size() - 2, 2, ":0") == 0) name.resize(name.size() - 2);
  return name;
}

std::string escape_local_name(const std::string& name) {
  std::string out;
  for (char c : name) {
    if (c == '.') out += "..";
    else if (c == '/') out += ".S";
    else out.push_back(c);
  }
  return out;
}

std::string variable_key(const std::string& path) { return path + "/.ATTRIBUTES/" + kVariableValue; }

void add_values(BundleWriter& writer, const GraphNode& node) {
  if (const Variable* v = variable_of(node.object)) writer.add(variable_key(node.path), v->read_value());
  const lookup::LookupTableBase* table = table_of(node.object);
  if (!table || !has_own_values(node.object)) return;
  auto [keys, values] = ops::table_checkpoint_tensors(table->resource_handle());
  writer.add(table_key(node.path) + "-keys", keys);
  writer.add(table_key(node.path) + "-values", values);
}

std::string table_key(const std::string& path) { return path + "/.ATTRIBUTES/" + kTableAttribute; }

}  // namespace tf::checkpoint
