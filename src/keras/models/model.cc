#include "tfpp/keras/model.h"

#include <algorithm>
#include <functional>
#include <iostream>
#include <set>
#include <unordered_map>
#include <utility>

#include "keras/engine/call_arguments.h"
#include "keras/engine/call_context.h"
#include "keras/layers/config_util.h"
#include "keras/models/model_data.h"
#include "tfpp/array_ops.h"
#include "tfpp/errors.h"
#include "tfpp/keras/auto_name.h"
#include "tfpp/math_ops.h"

namespace tf::keras {

namespace {

// Keras' Functional._adjust_input_rank: an input one axis short of an expected (..., 1) shape
// gains that axis (a vector of values for a one-feature model), and one with an extra last axis of
// size 1 loses it.
Tensor adjust_input_rank(const Tensor& x, const TensorShape& want) {
  if (want.has_unknown_rank() || x.shape().has_unknown_rank()) return x;
  if (x.rank() + 1 == want.rank() && want.dim(-1) == 1) return expand_dims(x, -1);
  if (x.rank() == want.rank() + 1 && x.shape().dim(-1) == 1) return squeeze(x, {-1});
  return x;
}

LayerOptions model_layer_options(const ModelOptions& o, const char* class_name) {
  LayerOptions l{.name = o.name, .trainable = o.trainable, .class_name = class_name};
  return l;
}

}  // namespace

Model::Model(ModelOptions options) : Layer(model_layer_options(options, "")), data_(std::make_shared<detail::ModelData>()) {}

Model::Model(ModelOptions options, const char* class_name)
    : Layer(model_layer_options(options, class_name)), data_(std::make_shared<detail::ModelData>()) {}

Model::Model(const KerasTensor& inputs, const KerasTensor& outputs, ModelOptions options)
    : Model(std::vector<KerasTensor>{inputs}, std::vector<KerasTensor>{outputs}, std::move(options)) {
  data_->nested_inputs = false;
  data_->nested_outputs = false;
}

Model::Model(std::vector<KerasTensor> inputs, std::vector<KerasTensor> outputs, ModelOptions options)
    : Layer(model_layer_options(options, "Functional")), data_(std::make_shared<detail::ModelData>()) {
  data_->kind = detail::ModelData::Kind::kFunctional;
  set_graph(std::move(inputs), std::move(outputs));
  set_built();
}

Model::~Model() = default;

std::string Model::class_name() const {
  if (data_->kind == detail::ModelData::Kind::kFunctional) return "Functional";
  return Layer::class_name();
}

void Model::adopt(const std::shared_ptr<Layer>& layer) { track_state(layer->shared_layer_state(), layer); }

void Model::set_graph(std::vector<KerasTensor> inputs, std::vector<KerasTensor> outputs) {
  const std::string who = "[" + name() + "] ";
  if (inputs.empty()) throw InvalidArgumentError(who + "a Functional model needs at least one input");
  if (outputs.empty()) throw InvalidArgumentError(who + "a Functional model needs at least one output");
  std::set<const detail::Node*> input_nodes;
  for (const KerasTensor& k : inputs) {
    if (!k.defined()) throw InvalidArgumentError(who + "an input KerasTensor is undefined");
    if (!k.node()->inputs.empty())
      throw InvalidArgumentError(who + "inputs must be tensors made by tf::keras::Input; " + k.name() +
                                 " is the output of layer '" + k.node()->layer->name() + "'");
    input_nodes.insert(k.node().get());
  }
  // Depth-first from the outputs: post-order is a topological order with inputs first. Each
  // layer's first visit numbers it, for Keras' order of layers below.
  std::vector<std::shared_ptr<detail::Node>> order;
  std::set<const detail::Node*> done, active;
  std::unordered_map<const Layer*, int> first_visit;
  std::function<void(const std::shared_ptr<detail::Node>&)> visit = [&](const std::shared_ptr<detail::Node>& node) {
    if (done.count(node.get())) return;
    first_visit.try_emplace(node->layer.get(), static_cast<int>(first_visit.size()));
    if (!active.insert(node.get()).second) throw InvalidArgumentError(who + "the layer graph has a cycle");
    if (node->inputs.empty() && !input_nodes.count(node.get()))
      throw InvalidArgumentError(who + "graph disconnected: cannot obtain value for tensor " + KerasTensor(node, 0).name() +
                                 ", an Input that is not among the model's inputs");
    for (const KerasTensor& k : node->inputs) visit(k.node());
    active.erase(node.get());
    done.insert(node.get());
    order.push_back(node);
  };
  for (const KerasTensor& k : outputs) {
    if (!k.defined()) throw InvalidArgumentError(who + "an output KerasTensor is undefined");
    visit(k.node());
  }
  // Inputs the outputs do not use still belong to the model (Keras keeps them first).
  std::vector<std::shared_ptr<detail::Node>> nodes;
  for (const KerasTensor& k : inputs)
    if (!done.count(k.node().get())) nodes.push_back(k.node());
  nodes.insert(nodes.end(), order.begin(), order.end());
  // Keras' map_graph: a node's depth is its distance from the outputs (the largest over all
  // paths), a layer's the largest of its nodes'; layers go deepest first, ties in the order the
  // search first met them (unused inputs first).
  std::unordered_map<const detail::Node*, int> node_depth;
  std::unordered_map<const Layer*, int> layer_depth;
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const detail::Node* node = it->get();
    const int depth = std::max(node_depth[node], layer_depth[node->layer.get()]);
    layer_depth[node->layer.get()] = depth;
    node_depth[node] = depth;
    for (const KerasTensor& k : node->inputs) {
      int& parent = node_depth[k.node().get()];
      parent = std::max(parent, depth + 1);
    }
  }
  std::vector<std::shared_ptr<Layer>> layers;
  std::set<const Layer*> seen;
  for (const auto& node : nodes)
    if (seen.insert(node->layer.get()).second) layers.push_back(node->layer);
  const auto rank = [&](const std::shared_ptr<Layer>& l) {
    auto d = layer_depth.find(l.get());
    auto v = first_visit.find(l.get());
    return std::pair<int, int>(d == layer_depth.end() ? 0 : -d->second, v == first_visit.end() ? -1 : v->second);
  };
  std::stable_sort(layers.begin(), layers.end(), [&](const auto& a, const auto& b) { return rank(a) < rank(b); });
  data_->inputs = std::move(inputs);
  data_->outputs = std::move(outputs);
  data_->nodes = std::move(nodes);
  if (data_->kind == detail::ModelData::Kind::kFunctional) {
    data_->layers = layers;
    for (const auto& layer : layers) adopt(layer);
  }
}

bool Model::is_functional() const { return !data_->outputs.empty(); }
const std::vector<KerasTensor>& Model::inputs() const { return data_->inputs; }
const std::vector<KerasTensor>& Model::outputs() const { return data_->outputs; }

KerasTensor Model::input() const {
  if (data_->inputs.size() != 1)
    throw InvalidArgumentError("[" + name() + "] has " + std::to_string(data_->inputs.size()) + " inputs; use inputs()");
  return data_->inputs[0];
}

KerasTensor Model::output() const {
  if (data_->outputs.size() != 1)
    throw InvalidArgumentError("[" + name() + "] has " + std::to_string(data_->outputs.size()) + " outputs; use outputs()");
  return data_->outputs[0];
}

namespace {

// The shape of the one tensor of `tensors` ("input" or "output" in errors).
TensorShape only_shape(const Model& model, const std::vector<KerasTensor>& tensors, const std::string& what) {
  if (tensors.empty())
    throw FailedPreconditionError("[" + model.name() + "] has no defined " + what + " shape yet (the model is not built)");
  if (tensors.size() != 1)
    throw InvalidArgumentError("[" + model.name() + "] has " + std::to_string(tensors.size()) + " " + what + "s; use " +
                               what + "s()[i].shape()");
  return tensors[0].shape();
}

}  // namespace

TensorShape Model::input_shape() const { return only_shape(*this, data_->inputs, "input"); }

TensorShape Model::output_shape() const { return only_shape(*this, data_->outputs, "output"); }

std::vector<std::shared_ptr<Layer>> Model::layers() const {
  if (data_->kind != detail::ModelData::Kind::kSubclass) return data_->layers;
  return sublayers();
}

Layer& Model::get_layer(const std::string& layer_name) const {
  std::string names;
  for (const auto& layer : layers()) {
    if (layer->name() == layer_name) return *layer;
    names += (names.empty() ? "" : ", ") + layer->name();
  }
  throw NotFoundError("[" + name() + "] no layer named '" + layer_name + "'; its layers are: " + names);
}

Layer& Model::get_layer(std::size_t index) const {
  auto all = layers();
  if (index >= all.size())
    throw OutOfRangeError("[" + name() + "] was asked for layer " + std::to_string(index) + " but has " +
                          std::to_string(all.size()) + " layers");
  return *all[index];
}

void Model::build_multi(const std::vector<TensorShape>& input_shapes) {
  if (data_->kind == detail::ModelData::Kind::kFunctional) return;
  if (data_->kind == detail::ModelData::Kind::kSequential) {
    if (input_shapes.size() != 1)
      throw InvalidArgumentError("[" + name() + "] takes one input, got " + std::to_string(input_shapes.size()));
    sequential_build(input_shapes[0]);
    return;
  }
  // A subclassed model builds its sublayers by tracing call() on placeholders.
  std::vector<DType> dtypes(input_shapes.size(), dtype());
  layer_state().built = true;  // call_multi may call sublayers, not this model's build again
  try {
    compute_output_spec(input_shapes, dtypes);
  } catch (...) {
    layer_state().built = false;
    throw;
  }
}

std::vector<Tensor> Model::call_multi(const std::vector<Tensor>& inputs, bool training) {
  if (data_->kind == detail::ModelData::Kind::kSequential) return sequential_call(inputs);
  if (data_->kind != detail::ModelData::Kind::kFunctional)
    return Layer::call_multi(inputs, training);
  const std::vector<KerasTensor>& expected = data_->inputs;
  if (inputs.size() != expected.size())
    throw InvalidArgumentError("[" + name() + "] expects " + std::to_string(expected.size()) + " input(s), but it received " +
                               std::to_string(inputs.size()) + " input tensors");
  std::unordered_map<const detail::Node*, std::vector<Tensor>> values;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const TensorShape& want = expected[i].shape();
    Tensor x = adjust_input_rank(inputs[i], want);
    if (x.rank() != want.rank() || !x.shape().is_compatible_with(want))
      throw InvalidArgumentError("[" + name() + "] input " + std::to_string(i) +
                                 " is incompatible with the layer: expected shape=" + want.to_string() +
                                 ", found shape=" + x.shape().to_string());
    if (x.dtype() != expected[i].dtype()) x = cast(x, expected[i].dtype());
    values[expected[i].node().get()] = {x};
  }
  for (const auto& node : data_->nodes) {
    if (values.count(node.get())) continue;
    std::vector<Tensor> args;
    for (const KerasTensor& k : node->inputs) args.push_back(values.at(k.node().get())[k.index()]);
    values[node.get()] = node->arguments ? detail::call_with_arguments(*node->layer, args, *node->arguments, std::nullopt)
                                         : node->layer->call_all(args);
  }
  std::vector<Tensor> out;
  for (const KerasTensor& k : data_->outputs) out.push_back(values.at(k.node().get())[k.index()]);
  return out;
}

bool Model::stop_training() const { return data_->stop_training; }
void Model::set_stop_training(bool stop) { data_->stop_training = stop; }

// ---- Sequential ----------------------------------------------------------------------------

namespace {
// Set while a Sequential's constructor adds its layers: the model is built once, after the last.
thread_local bool tls_adding_initial_layers = false;
}  // namespace

Sequential::Sequential(std::vector<LayerRef> layers, ModelOptions options) : Model(std::move(options), "Sequential") {
  model_data().kind = detail::ModelData::Kind::kSequential;
  {
    const bool outer = std::exchange(tls_adding_initial_layers, true);
    struct Restore {
      bool value;
      ~Restore() { tls_adding_initial_layers = value; }
    } restore{outer};
    for (LayerRef& layer : layers) add(std::move(layer));
  }
  const detail::ModelData& d = model_data();
  if (d.input_layer || (!d.layers.empty() && d.layers[0]->declared_input_shape())) sequential_rebuild();
}

void Sequential::add(LayerRef layer) {
  detail::ModelData& d = model_data();
  if (dynamic_cast<InputLayer*>(layer.ptr().get())) {
    if (!d.layers.empty() || d.input_layer)
      throw InvalidArgumentError("[" + name() + "] an InputLayer may only be the first layer");
    d.input_layer = layer.ptr();
    sequential_rebuild();
    return;
  }
  for (const auto& existing : d.layers)
    if (existing.get() == layer.ptr().get())
      throw InvalidArgumentError("[" + name() + "] already contains layer '" + layer->name() + "'");
  d.layers.push_back(layer.ptr());
  adopt(layer.ptr());
  if (built() || d.input_layer || (d.layers.size() == 1 && layer->declared_input_shape())) sequential_rebuild();
}

void Sequential::pop() {
  detail::ModelData& d = model_data();
  if (d.layers.empty()) throw InvalidArgumentError("[" + name() + "] has no layers to pop");
  auto last = d.layers.back();
  d.layers.pop_back();
  auto& s = layer_state();
  for (std::size_t i = 0; i < s.sublayers.size(); ++i)
    if (s.sublayers[i] == last->shared_layer_state()) {
      s.sublayers.erase(s.sublayers.begin() + static_cast<std::ptrdiff_t>(i));
      s.sublayer_objects.erase(s.sublayer_objects.begin() + static_cast<std::ptrdiff_t>(i));
      break;
    }
  std::erase_if(s.submodules, [&](const auto& entry) { return entry.second == last->module_state(); });
  d.inputs.clear();
  d.outputs.clear();
  d.nodes.clear();
  if (built()) sequential_rebuild();
}

void Model::sequential_rebuild() {
  if (tls_adding_initial_layers) return;
  detail::ModelData& d = model_data();
  std::optional<TensorShape> shape;
  KerasTensor x;
  if (d.input_layer) {
    x = static_cast<InputLayer&>(*d.input_layer).tensor();
  } else if (!d.layers.empty() && d.layers[0]->declared_input_shape()) {
    const TensorShape& s = *d.layers[0]->declared_input_shape();
    x = Input(std::vector<std::int64_t>(s.dims().begin(), s.dims().end()), {.dtype = d.layers[0]->dtype()});
  } else if (!layer_state().build_input_shapes.empty()) {
    const TensorShape& s = layer_state().build_input_shapes[0];
    x = Input(std::vector<std::int64_t>(s.dims().begin() + 1, s.dims().end()), {.dtype = dtype()});
  } else {
    return;
  }
  if (d.layers.empty()) return;
  // Keras builds a Sequential by making a Functional model of its layers, which takes the next
  // automatic "functional" name: models named later are numbered as in Keras.
  utils::auto_name("functional");
  KerasTensor input = x;
  {
    detail::InitScope init;
    detail::CallContext::Push frame(this, &layer_state(), false);
    for (const auto& layer : d.layers) x = (*layer)(x);
  }
  set_graph({input}, {x});
  layer_state().build_input_shapes = {input.shape()};
  set_built();
}

void Sequential::build(const TensorShape& input_shape) { sequential_build(input_shape); }

void Model::sequential_build(const TensorShape& input_shape) {
  if (input_shape.rank() < 1) throw InvalidArgumentError("[" + name() + "] build() needs a shape with a batch dimension");
  TensorShape shape = input_shape;
  shape.set_dim(0, -1);
  layer_state().build_input_shapes = {shape};
  if (!model_data().layers.empty()) sequential_rebuild();
}

std::vector<Tensor> Model::sequential_call(const std::vector<Tensor>& inputs) {
  if (inputs.size() != 1)
    throw InvalidArgumentError("[" + name() + "] takes one input, got " + std::to_string(inputs.size()));
  detail::ModelData& d = model_data();
  Tensor x = inputs[0];
  if (!d.inputs.empty()) {
    const TensorShape& want = d.inputs[0].shape();
    x = adjust_input_rank(x, want);
    if (x.rank() != want.rank() || !x.shape().is_compatible_with(want))
      throw InvalidArgumentError("[" + name() + "] input 0 is incompatible with the layer: expected shape=" +
                                 want.to_string() + ", found shape=" + x.shape().to_string());
    if (x.dtype() != d.inputs[0].dtype()) x = cast(x, d.inputs[0].dtype());
  }
  for (const auto& layer : d.layers) x = (*layer)(x);  // `training` as this call decided it, if it did
  return {x};
}

}  // namespace tf::keras
