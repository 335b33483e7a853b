// Calling a layer: eagerly or traced on tensors, and symbolically on KerasTensors
// (Note [Layer call] in layer.h).
#include <functional>
#include <map>
#include <tuple>
#include <set>

#include "autodiff/autocast_scope.h"
#include "graph/graph.h"
#include "graph/tracer.h"
#include "keras/engine/activity_regularization.h"
#include "keras/engine/call_arguments.h"
#include "keras/engine/call_context.h"
#include "keras/mixed_precision/layer_policy.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layer.h"
#include "tfpp/keras/mask.h"

namespace tf::keras {

namespace {

// Calls fn on `root` and every layer state below it, once each.
void for_each_state(detail::LayerState& root, const std::function<void(detail::LayerState&)>& fn) {
  std::set<detail::LayerState*> seen;
  std::function<void(detail::LayerState&)> go = [&](detail::LayerState& s) {
    if (!seen.insert(&s).second) return;
    fn(s);
    for (const auto& sub : s.sublayers) go(*sub);
  };
  go(root);
}

void clear_losses(detail::LayerState& root) {
  for_each_state(root, [](detail::LayerState& s) { s.losses.clear(); });
}

// Rethrows an argument error from inside a layer with the layer's name in front.
[[noreturn]] void rethrow_in(const std::string& layer, const InvalidArgumentError& e) {
  const std::string prefix = "[" + layer + "]";
  const std::string what = e.what();
  if (what.rfind(prefix, 0) == 0) throw;
  throw InvalidArgumentError(prefix + " " + what);
}

}  // namespace

LayerRef::LayerRef(std::shared_ptr<Layer> layer) : ptr_(std::move(layer)) {
  if (!ptr_) throw InvalidArgumentError("[LayerRef] null layer");
  if (ptr_->layer_state().instance.expired()) ptr_->layer_state().instance = ptr_;
}

void Layer::build_for(const std::vector<TensorShape>& input_shapes) {
  detail::LayerState& s = layer_state();
  if (s.built) return;
  if (s.building) throw FailedPreconditionError("[" + name() + "] build() called the layer itself");
  // Keras builds with the batch size the first call saw and keeps it in build_config, where a
  // stateful RNN loaded from a file needs it.
  detail::InitScope init;
  detail::CallContext::Push frame(this, &s, false);
  s.building = true;
  try {
    build_multi(input_shapes);
  } catch (const InvalidArgumentError& e) {
    s.building = false;
    rethrow_in(name(), e);
  } catch (...) {
    s.building = false;
    throw;
  }
  s.building = false;
  s.build_input_shapes = input_shapes;
  s.built = true;
}

void Layer::check_input(const Tensor& input, std::size_t index) const {
  const detail::LayerState& s = layer_state();
  if (!input.defined()) throw InvalidArgumentError("[" + name() + "] input " + std::to_string(index) + " is undefined");
  if (!s.input_spec) return;
  const InputSpec& spec = *s.input_spec;
  const TensorShape& shape = input.shape();
  if (shape.has_unknown_rank()) return;
  const std::string head = "[" + name() + "] input " + std::to_string(index) + " is incompatible with the layer: ";
  if (spec.ndim && shape.rank() != *spec.ndim)
    throw InvalidArgumentError(head + "expected ndim=" + std::to_string(*spec.ndim) + ", found ndim=" +
                               std::to_string(shape.rank()) + ". Full shape received: " + shape.to_string());
  if (spec.min_ndim && shape.rank() < *spec.min_ndim)
    throw InvalidArgumentError(head + "expected min_ndim=" + std::to_string(*spec.min_ndim) + ", found ndim=" +
                               std::to_string(shape.rank()) + ". Full shape received: " + shape.to_string());
  for (const auto& [axis, size] : spec.axes) {
    const int a = axis < 0 ? axis + shape.rank() : axis;
    if (a < 0 || a >= shape.rank()) continue;
    if (shape[a] >= 0 && shape[a] != size)
      throw InvalidArgumentError(head + "expected axis " + std::to_string(axis) + " of input shape to have value " +
                                 std::to_string(size) + ", but received input with shape " + shape.to_string());
  }
}

std::vector<Tensor> Layer::call_checked(const std::vector<Tensor>& inputs, std::optional<bool> training) {
  Layer& self = instance();
  detail::LayerState& s = layer_state();
  const detail::CallFrame* parent = detail::CallContext::top();
  if (parent && parent->state != &s) parent->layer->track_state(shared_layer_state(), s.instance.lock());
  // Keras' order: the argument, else the enclosing call's, else the layer's own default (which
  // the layer's sublayers do not inherit).
  const std::optional<bool> decided = training ? training : parent ? parent->training : std::nullopt;
  const bool train = decided.value_or(self.default_training());
  if (!parent) clear_losses(s);
  if (inputs.empty()) throw InvalidArgumentError("[" + name() + "] was called without inputs");
  if (!s.built) {
    std::vector<TensorShape> shapes;
    for (const Tensor& t : inputs) {
      if (!t.defined()) throw InvalidArgumentError("[" + name() + "] an input is undefined");
      shapes.push_back(t.shape());
    }
    self.build_for(shapes);
  }
  for (std::size_t i = 0; i < inputs.size(); ++i) check_input(inputs[i], i);
  // Keras' autocast: floating inputs in the compute dtype, variables read in it during the call.
  const std::vector<Tensor> inputs_cast = mixed_precision::detail::autocast_inputs(self, inputs);
  std::optional<autodiff::AutocastScope> autocast;
  if (auto scope = mixed_precision::detail::call_autocast(self)) autocast.emplace(*scope);
  // Note [Keras masks] (mask.cc): the inputs' masks go to call_masked; compute_mask's result
  // goes with the first output unless the call attached one itself.
  std::vector<Tensor> masks;
  masks.reserve(inputs.size());
  for (const Tensor& t : inputs) masks.push_back(get_keras_mask(t));
  detail::CallContext::Push frame(&self, &s, decided);
  try {
    std::vector<Tensor> out = self.call_masked(inputs_cast, masks, train);
    if (!out.empty() && out[0].defined() && !get_keras_mask(out[0]).defined()) {
      Tensor mask = self.compute_mask(inputs_cast, masks);
      if (mask.defined()) set_keras_mask(out[0], mask);
    }
    if (s.activity_regularizer)
      for (const Tensor& t : out)
        if (t.defined()) s.losses.push_back(detail::activity_loss(*s.activity_regularizer, t));
    return out;
  } catch (const InvalidArgumentError& e) {
    rethrow_in(name(), e);
  }
}

Tensor Layer::operator()(const Tensor& inputs, std::optional<bool> training) {
  std::vector<Tensor> out = call_checked({inputs}, training);
  if (out.size() != 1)
    throw InvalidArgumentError("[" + name() + "] returns " + std::to_string(out.size()) + " outputs; use call_all()");
  return out[0];
}

Tensor Layer::operator()(const std::vector<Tensor>& inputs, std::optional<bool> training) {
  std::vector<Tensor> out = call_checked(inputs, training);
  if (out.size() != 1)
    throw InvalidArgumentError("[" + name() + "] returns " + std::to_string(out.size()) + " outputs; use call_all()");
  return out[0];
}

std::vector<Tensor> Layer::call_all(const std::vector<Tensor>& inputs, std::optional<bool> training) {
  return call_checked(inputs, training);
}

// ---- Functional API ------------------------------------------------------------------------

namespace {

// What a call on placeholders gave: each output's shape, dtype and mask shape.
struct TracedSpec {
  std::vector<TensorShape> shapes;
  std::vector<DType> dtypes;
  std::vector<std::optional<TensorShape>> mask_shapes;
};

// Builds `self`, then traces its call on placeholders of `shapes` and `dtypes` (with boolean
// placeholder masks where `mask_shapes` has one) into a scratch graph, keeping no side effects:
// the losses of the layer and of its sublayers (add_loss, activity regularizers) are put back.
TracedSpec trace_output_spec(Layer& self, const std::vector<TensorShape>& shapes, const std::vector<DType>& dtypes,
                             const std::vector<std::optional<TensorShape>>& mask_shapes) {
  detail::LayerState& s = self.layer_state();
  self.build_for(shapes);
  std::map<detail::LayerState*, std::vector<Tensor>> saved_losses;
  for_each_state(s, [&](detail::LayerState& state) { saved_losses[&state] = state.losses; });
  const auto restore_losses = [&] {
    for_each_state(s, [&](detail::LayerState& state) {
      auto it = saved_losses.find(&state);
      state.losses = it == saved_losses.end() ? std::vector<Tensor>{} : it->second;
    });
  };
  graph::Graph g;
  graph::Tracer tracer(g, nullptr);
  autodiff::SuspendTapes suspend;
  ops::ContextScope scope(&tracer);
  std::vector<Tensor> placeholders, masks;
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    placeholders.push_back(tracer.add_arg({dtypes[i], shapes[i]}, "input_" + std::to_string(i)));
    const bool masked = i < mask_shapes.size() && mask_shapes[i];
    masks.push_back(masked ? tracer.add_arg({bool_, *mask_shapes[i]}, "mask_" + std::to_string(i)) : Tensor());
  }
  for (std::size_t i = 0; i < placeholders.size(); ++i) self.check_input(placeholders[i], i);
  TracedSpec spec;
  {
    const std::vector<Tensor> inputs_cast = mixed_precision::detail::autocast_inputs(self, placeholders);
    std::optional<autodiff::AutocastScope> autocast;
    if (auto scope = mixed_precision::detail::call_autocast(self)) autocast.emplace(*scope);
    detail::CallContext::Push frame(&self, &s, false);
    try {
      const std::vector<Tensor> outputs = self.call_masked(inputs_cast, masks, false);
      for (const Tensor& t : outputs) {
        spec.shapes.push_back(t.shape());
        spec.dtypes.push_back(t.dtype());
        const Tensor mask = get_keras_mask(t);
        spec.mask_shapes.push_back(mask.defined() ? std::optional(mask.shape()) : std::nullopt);
      }
      // As an eager call: compute_mask's result goes with the first output unless the call attached one.
      if (!outputs.empty() && !spec.mask_shapes[0]) {
        const Tensor mask = self.compute_mask(inputs_cast, masks);
        if (mask.defined()) spec.mask_shapes[0] = mask.shape();
      }
    } catch (const InvalidArgumentError& e) {
      restore_losses();
      rethrow_in(self.name(), e);
    } catch (...) {
      restore_losses();
      throw;
    }
  }
  restore_losses();
  return spec;
}

}  // namespace

std::pair<std::vector<TensorShape>, std::vector<DType>> Layer::compute_output_spec(const std::vector<TensorShape>& shapes,
                                                                                  const std::vector<DType>& dtypes) {
  TracedSpec spec = trace_output_spec(instance(), shapes, dtypes, {});
  return {std::move(spec.shapes), std::move(spec.dtypes)};
}

namespace {

// Output shapes and dtypes of a call with Keras' other arguments, traced on placeholders into a
// scratch graph (the call builds the layer itself: its node inputs include masks and keys).
std::pair<std::vector<TensorShape>, std::vector<DType>> arguments_output_spec(Layer& layer, const std::vector<KerasTensor>& inputs,
                                                                              const detail::CallArguments& arguments) {
  detail::LayerState& s = layer.layer_state();
  std::vector<Tensor> saved_losses = s.losses;
  graph::Graph g;
  graph::Tracer tracer(g, nullptr);
  autodiff::SuspendTapes suspend;
  ops::ContextScope scope(&tracer);
  std::vector<Tensor> placeholders;
  for (std::size_t i = 0; i < inputs.size(); ++i)
    placeholders.push_back(tracer.add_arg({inputs[i].dtype(), inputs[i].shape()}, "input_" + std::to_string(i)));
  std::vector<Tensor> outputs;
  try {
    outputs = detail::call_with_arguments(layer, placeholders, arguments, false);
  } catch (...) {
    s.losses = saved_losses;
    throw;
  }
  s.losses = saved_losses;
  std::pair<std::vector<TensorShape>, std::vector<DType>> spec;
  for (const Tensor& t : outputs) {
    spec.first.push_back(t.shape());
    spec.second.push_back(t.dtype());
  }
  return spec;
}

}  // namespace

std::vector<KerasTensor> Layer::call_symbolic(const std::vector<KerasTensor>& inputs, bool single,
                                              std::shared_ptr<const detail::CallArguments> arguments) {
  std::shared_ptr<Layer> self = shared_instance();
  detail::LayerState& s = layer_state();
  std::vector<TensorShape> shapes;
  for (const KerasTensor& k : inputs) {
    if (!k.defined()) throw InvalidArgumentError("[" + name() + "] was called on an undefined KerasTensor");
    shapes.push_back(k.shape());
  }
  auto node = std::make_shared<detail::Node>();
  node->layer = self;
  node->inputs = inputs;
  node->single_input = single;
  node->arguments = arguments;
  std::vector<DType> dtypes;
  for (const KerasTensor& k : inputs) dtypes.push_back(k.dtype());
  if (arguments) {
    std::tie(node->output_shapes, node->output_dtypes) = arguments_output_spec(*self, inputs, *arguments);
  } else {
    std::vector<std::optional<TensorShape>> input_masks;
    for (const KerasTensor& k : inputs) input_masks.push_back(k.mask_shape());
    TracedSpec spec = trace_output_spec(*self, shapes, dtypes, input_masks);
    node->output_shapes = std::move(spec.shapes);
    node->output_dtypes = std::move(spec.dtypes);
    node->output_mask_shapes = std::move(spec.mask_shapes);
  }
  node->index_in_layer = static_cast<int>(s.inbound_nodes.size());
  s.inbound_nodes.push_back(node);
  std::vector<KerasTensor> out;
  for (std::size_t i = 0; i < node->output_shapes.size(); ++i) out.emplace_back(node, static_cast<int>(i));
  return out;
}

KerasTensor Layer::operator()(const KerasTensor& inputs) {
  std::vector<KerasTensor> out = call_symbolic({inputs}, true);
  if (out.size() != 1)
    throw InvalidArgumentError("[" + name() + "] returns " + std::to_string(out.size()) + " outputs; use call_all()");
  return out[0];
}

KerasTensor Layer::operator()(const std::vector<KerasTensor>& inputs) {
  std::vector<KerasTensor> out = call_symbolic(inputs, false);
  if (out.size() != 1)
    throw InvalidArgumentError("[" + name() + "] returns " + std::to_string(out.size()) + " outputs; use call_all()");
  return out[0];
}

std::vector<KerasTensor> Layer::call_all(const std::vector<KerasTensor>& inputs) { return call_symbolic(inputs, false); }

std::vector<KerasTensor> Layer::call_all(const std::vector<KerasTensor>& inputs,
                                         std::shared_ptr<const detail::CallArguments> arguments) {
  return call_symbolic(inputs, inputs.size() == 1, std::move(arguments));
}

KerasTensor Layer::output() const {
  for (const auto& weak : layer_state().inbound_nodes)
    if (auto node = weak.lock()) {
      if (node->output_shapes.size() != 1)
        throw InvalidArgumentError("[" + name() + "] has " + std::to_string(node->output_shapes.size()) + " outputs");
      return KerasTensor(node, 0);
    }
  throw FailedPreconditionError("[" + name() + "] has never been called on a KerasTensor, so it has no output");
}

KerasTensor Layer::input() const {
  for (const auto& weak : layer_state().inbound_nodes)
    if (auto node = weak.lock()) {
      if (node->inputs.size() == 1) return node->inputs[0];
      if (node->inputs.empty()) return KerasTensor(node, 0);  // an InputLayer is its own input
      throw InvalidArgumentError("[" + name() + "] has " + std::to_string(node->inputs.size()) + " inputs");
    }
  throw FailedPreconditionError("[" + name() + "] has never been called on a KerasTensor, so it has no input");
}

const TensorShape& KerasTensor::shape() const {
  if (!node_) throw FailedPreconditionError("[KerasTensor] undefined");
  return node_->output_shapes[index_];
}

DType KerasTensor::dtype() const {
  if (!node_) throw FailedPreconditionError("[KerasTensor] undefined");
  return node_->output_dtypes[index_];
}

std::optional<TensorShape> KerasTensor::mask_shape() const {
  if (!node_ || static_cast<std::size_t>(index_) >= node_->output_mask_shapes.size()) return std::nullopt;
  return node_->output_mask_shapes[index_];
}

std::string KerasTensor::name() const {
  if (!node_) return "";
  return node_->layer->name() + "[" + std::to_string(node_->index_in_layer) + "][" + std::to_string(index_) + "]";
}

}  // namespace tf::keras
