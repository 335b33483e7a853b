// tf::train::Checkpoint: saving and restoring an object graph as a tensor bundle (checkpoint.h).
#include "tfpp/train/checkpoint.h"

#include <filesystem>
#include <mutex>
#include <set>

#include "checkpoint/checkpoint_state.h"
#include "checkpoint/deferred_restore.h"
#include "checkpoint/object_graph.h"
#include "checkpoint/tensor_bundle.h"
#include "keras/optimizers/optimizer_state.h"
#include "ops/lookup/table_checkpoint.h"
#include "proto/trackable_object_graph.pb.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"

namespace tf::checkpoint {

/// What a CheckpointLoadStatus checks, updated as deferred values are assigned.
struct RestoreState {
  std::mutex mutex;
  std::string path;
  std::set<std::string> unconsumed;    ///< checkpoint keys not restored yet
  std::vector<std::string> unmatched;  ///< existing variables and tables that got no value ("variable 'x'")
};

}  // namespace tf::checkpoint

namespace tf::train {
namespace {

using checkpoint::GraphNode;
using Graph = proto::TrackableObjectGraph;

const std::string* attribute_key(const Graph::TrackableObject& node, const char* name) {
  for (const auto& a : node.attributes())
    if (a.name() == name) return &a.checkpoint_key();
  return nullptr;
}

const std::string* variable_value_key(const Graph::TrackableObject& node) { return attribute_key(node, checkpoint::kVariableValue); }

void check_matches(const Variable& variable, const Tensor& value, const std::string& key, const std::string& path) {
  if (value.dtype() != variable.dtype() || value.shape() != variable.shape())
    throw InvalidArgumentError("[Checkpoint] " + path + ": \"" + key + "\" is a " + std::string(dtype_name(value.dtype())) +
                               " of shape " + value.shape().to_string() + " but the variable '" + variable.name() + "' is a " +
                               std::string(dtype_name(variable.dtype())) + " of shape " + variable.shape().to_string());
}

// What a restore reads of a table: "<key>-keys" and "<key>-values", into its entries.
void restore_table(const lookup::LookupTableBase& table, const checkpoint::BundleReader& reader, const std::string& key,
                   const std::string& path) {
  for (const char* suffix : {"-keys", "-values"})
    if (!reader.contains(key + suffix))
      throw NotFoundError("[Checkpoint] " + path + " has no \"" + key + suffix + "\" for a lookup table's entries");
  ops::restore_table_entries(table.resource_handle(), reader.get_tensor(key + "-keys"), reader.get_tensor(key + "-values"),
                             path + ": \"" + key + "\"");
}

// A key's value kept for the variable `owner` creates as `attribute`, consumed when assigned.
void defer(const std::shared_ptr<const void>& owner, const std::string& attribute, const checkpoint::BundleReader& reader,
           const std::string& key, const std::shared_ptr<checkpoint::RestoreState>& state) {
  std::weak_ptr<checkpoint::RestoreState> weak = state;
  checkpoint::defer_restore(owner, attribute, reader.get_tensor(key), [weak, key] {
    if (auto s = weak.lock()) {
      std::lock_guard lock(s->mutex);
      s->unconsumed.erase(key);
    }
  });
}

// The optimizer variables an optimizer creates when it builds (its slots) get their values then:
// the checkpoint's "_variables" past the ones that exist are kept as "_variables/N".
void defer_optimizer_variables(const keras::optimizers::Optimizer& optimizer, const Graph& graph,
                               const Graph::TrackableObject& saved, const checkpoint::BundleReader& reader,
                               const std::shared_ptr<checkpoint::RestoreState>& state) {
  for (const auto& list : saved.children()) {
    if (list.local_name() != "_variables" || list.node_id() < 0 || list.node_id() >= graph.nodes_size()) continue;
    const std::size_t existing = optimizer.state()->variables.size();
    for (const auto& item : graph.nodes(list.node_id()).children()) {
      const std::string& name = item.local_name();
      if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos || name.size() > 9) continue;
      if (static_cast<std::size_t>(std::stoul(name)) < existing || item.node_id() < 0 || item.node_id() >= graph.nodes_size())
        continue;
      if (const std::string* key = variable_value_key(graph.nodes(item.node_id())))
        defer(optimizer.state(), "_variables/" + name, reader, *key, state);
    }
  }
}

void throw_if_failed(const std::vector<std::string>& problems, const std::string& what) {
  if (problems.empty()) return;
  std::string message = "[Checkpoint] " + what + ": ";
  for (std::size_t i = 0; i < problems.size() && i < 20; ++i) message += (i ? ", " : "") + problems[i];
  if (problems.size() > 20) message += ", ... (" + std::to_string(problems.size()) + " in all)";
  throw AssertionError(message);
}

}  // namespace

// ---- Trackable ---------------------------------------------------------------------------------

Trackable::Trackable(const Variable& variable) : value_(variable) {
  if (!variable.defined()) throw InvalidArgumentError("[Checkpoint] an undefined variable cannot be tracked");
}
Trackable::Trackable(const Module& module) : value_(Module(module.module_state())) {}
Trackable::Trackable(const keras::optimizers::Optimizer& optimizer) : value_(optimizer) {
  if (!optimizer.defined()) throw InvalidArgumentError("[Checkpoint] an undefined optimizer cannot be tracked");
}
Trackable::Trackable(const lookup::LookupTableBase& table) : value_(table) {
  if (!table.resource_handle().defined()) throw InvalidArgumentError("[Checkpoint] an undefined lookup table cannot be tracked");
}
Trackable::Trackable(Map children) : value_(std::make_shared<const Map>(std::move(children))) {}

// ---- CheckpointLoadStatus ------------------------------------------------------------------------

const CheckpointLoadStatus& CheckpointLoadStatus::assert_consumed() const {
  std::lock_guard lock(state_->mutex);
  std::vector<std::string> problems;
  for (const std::string& v : state_->unmatched) problems.push_back(v + " got no value");
  for (const std::string& k : state_->unconsumed) problems.push_back("\"" + k + "\" was not restored");
  throw_if_failed(problems, "restoring " + state_->path + " did not consume everything");
  return *this;
}

const CheckpointLoadStatus& CheckpointLoadStatus::assert_existing_objects_matched() const {
  std::lock_guard lock(state_->mutex);
  std::vector<std::string> problems;
  for (const std::string& v : state_->unmatched) problems.push_back(v + " got no value");
  throw_if_failed(problems, "restoring " + state_->path + " left existing objects unmatched");
  return *this;
}

const CheckpointLoadStatus& CheckpointLoadStatus::expect_partial() const { return *this; }

// ---- Checkpoint ------------------------------------------------------------------------------------

Checkpoint::Checkpoint(Trackable::Map objects) : objects_(std::move(objects)) {
  if (objects_.count("save_counter")) throw InvalidArgumentError("[Checkpoint] 'save_counter' is reserved for the checkpoint's own counter");
}

Trackable::Map Checkpoint::root_children() const {
  Trackable::Map children = objects_;
  if (save_counter_.defined()) children.emplace("save_counter", save_counter_);
  return children;
}

Variable Checkpoint::save_counter() {
  if (!save_counter_.defined())
    save_counter_ = Variable(constant(std::int64_t{0}), {.name = "save_counter", .trainable = false});
  return save_counter_;
}

std::string Checkpoint::write(const std::string& file_prefix) {
  const std::vector<GraphNode> nodes = checkpoint::traverse(Trackable(root_children()));
  checkpoint::BundleWriter writer(file_prefix);
  for (const GraphNode& node : nodes)
    checkpoint::add_values(writer, node);
  writer.add(checkpoint::kObjectGraphKey, constant(checkpoint::object_graph_proto(nodes).SerializeAsString()));
  const auto parent = std::filesystem::path(file_prefix).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent);
  writer.finish();
  return file_prefix;
}

std::string Checkpoint::save(const std::string& file_prefix) {
  Variable counter = save_counter();
  counter.assign_add(std::int64_t{1});
  const std::string path = write(file_prefix + "-" + std::to_string(counter.read_value().item<std::int64_t>()));
  // As TensorFlow's Checkpoint.save, record it as the directory's latest checkpoint.
  const std::string directory = std::filesystem::path(file_prefix).parent_path().string();
  checkpoint::write_checkpoint_state(directory.empty() ? "." : directory, {.model_checkpoint_path = path, .all_model_checkpoint_paths = {path}});
  return path;
}

CheckpointLoadStatus Checkpoint::read(const std::string& save_path) { return restore(save_path); }

CheckpointLoadStatus Checkpoint::restore(const std::string& save_path) {
  const checkpoint::BundleReader reader(save_path);
  const std::string index = checkpoint::index_filename(save_path);
  if (!reader.contains(checkpoint::kObjectGraphKey))
    throw InvalidArgumentError("[Checkpoint] " + save_path + " has no object graph (" + checkpoint::kObjectGraphKey +
                               "); it was not written by tf.train.Checkpoint");
  const Tensor serialized = reader.get_tensor(checkpoint::kObjectGraphKey);
  Graph graph;
  if (serialized.dtype() != DType::kString || serialized.num_elements() != 1 || !graph.ParseFromString(serialized.data<std::string>()[0]) ||
      graph.nodes_size() == 0)
    throw DataLossError("[Checkpoint] " + index + ": the object graph is not a TrackableObjectGraph");

  auto state = std::make_shared<checkpoint::RestoreState>();
  state->path = save_path;
  for (const auto& node : graph.nodes())
    for (const auto& a : node.attributes()) state->unconsumed.insert(a.checkpoint_key());
  for (const auto& child : graph.nodes(0).children())
    if (child.local_name() == "save_counter") save_counter();

  const std::vector<GraphNode> nodes = checkpoint::traverse(Trackable(root_children()));
  std::vector<bool> visited(static_cast<std::size_t>(graph.nodes_size()), false);
  std::vector<bool> matched(nodes.size(), false);
  std::vector<std::pair<int, int>> queue{{0, 0}};  // (checkpoint node, object node)
  for (std::size_t q = 0; q < queue.size(); ++q) {
    const auto [cid, oid] = queue[q];
    if (visited[static_cast<std::size_t>(cid)]) continue;
    visited[static_cast<std::size_t>(cid)] = true;
    matched[static_cast<std::size_t>(oid)] = true;
    const auto& cnode = graph.nodes(cid);
    const GraphNode& onode = nodes[static_cast<std::size_t>(oid)];
    if (const lookup::LookupTableBase* t = checkpoint::table_of(onode.object)) {
      if (const std::string* key = attribute_key(cnode, checkpoint::kTableAttribute); key && checkpoint::has_own_values(onode.object)) {
        restore_table(*t, reader, *key, save_path);
        state->unconsumed.erase(*key);
      }
    }
    if (const Variable* v = checkpoint::variable_of(onode.object)) {
      if (const std::string* key = variable_value_key(cnode)) {
        const Tensor value = reader.get_tensor(*key);
        check_matches(*v, value, *key, save_path);
        Variable(*v).assign(value);
        state->unconsumed.erase(*key);
      }
    }
    if (const auto* optimizer = std::get_if<keras::optimizers::Optimizer>(&onode.object.value()))
      defer_optimizer_variables(*optimizer, graph, cnode, reader, state);
    for (const auto& child : cnode.children()) {
      if (child.node_id() < 0 || child.node_id() >= graph.nodes_size())
        throw DataLossError("[Checkpoint] " + index + ": the object graph names node " + std::to_string(child.node_id()) + " of " +
                            std::to_string(graph.nodes_size()));
      const auto it = std::find_if(onode.children.begin(), onode.children.end(),
                                   [&](const auto& c) { return c.first == child.local_name(); });
      if (it != onode.children.end()) {
        queue.emplace_back(child.node_id(), it->second);
        continue;
      }
      // A weight the layer creates when it builds: keep the value for then.
      const auto* module = std::get_if<Module>(&onode.object.value());
      const std::string* key = variable_value_key(graph.nodes(child.node_id()));
      if (module && key && graph.nodes(child.node_id()).children_size() == 0)
        defer(module->module_state(), child.local_name(), reader, *key, state);
    }
  }
  for (std::size_t i = 0; i < nodes.size(); ++i)
    if (const Variable* v = checkpoint::variable_of(nodes[i].object); v && !matched[i]) state->unmatched.push_back("variable '" + v->name() + "'");
    else if (checkpoint::table_of(nodes[i].object) && checkpoint::has_own_values(nodes[i].object) && !matched[i])
      state->unmatched.push_back("lookup table '" + nodes[i].path + "'");
  return CheckpointLoadStatus(state);
}

// ---- Reading by key -----------------------------------------------------------------------------

namespace {

// A prefix, or a directory's latest checkpoint.
std::string resolve_checkpoint(const std::string& ckpt_dir_or_file) {
  if (std::filesystem::is_directory(ckpt_dir_or_file)) {
    if (auto latest = latest_checkpoint(ckpt_dir_or_file)) return *latest;
    throw NotFoundError("[load_checkpoint] no checkpoint found in " + ckpt_dir_or_file);
  }
  return ckpt_dir_or_file;
}

}  // namespace

CheckpointReader::CheckpointReader(const std::string& prefix)
    : reader_(std::make_shared<checkpoint::BundleReader>(resolve_checkpoint(prefix))) {}

bool CheckpointReader::has_tensor(const std::string& key) const { return reader_->contains(key); }

Tensor CheckpointReader::get_tensor(const std::string& key) const { return reader_->get_tensor(key); }

std::map<std::string, std::vector<std::int64_t>> CheckpointReader::get_variable_to_shape_map() const {
  std::map<std::string, std::vector<std::int64_t>> out;
  for (const std::string& key : reader_->keys()) {
    const auto dims = reader_->entry(key).shape.dims();
    out.emplace(key, std::vector<std::int64_t>(dims.begin(), dims.end()));
  }
  return out;
}

std::map<std::string, DType> CheckpointReader::get_variable_to_dtype_map() const {
  std::map<std::string, DType> out;
  for (const std::string& key : reader_->keys()) out.emplace(key, reader_->entry(key).dtype);
  return out;
}

CheckpointReader load_checkpoint(const std::string& ckpt_dir_or_file) { return CheckpointReader(ckpt_dir_or_file); }

std::vector<std::pair<std::string, std::vector<std::int64_t>>> list_variables(const std::string& ckpt_dir_or_file) {
  const auto shapes = load_checkpoint(ckpt_dir_or_file).get_variable_to_shape_map();
  return {shapes.begin(), shapes.end()};
}

std::optional<std::string> latest_checkpoint(const std::string& checkpoint_dir) {
  const auto state = checkpoint::read_checkpoint_state(checkpoint_dir);
  if (!state || state->model_checkpoint_path.empty()) return std::nullopt;
  const std::string path = checkpoint::resolve_in(checkpoint_dir, state->model_checkpoint_path);
  if (!std::filesystem::exists(checkpoint::index_filename(path))) return std::nullopt;
  return path;
}

}  // namespace tf::train
