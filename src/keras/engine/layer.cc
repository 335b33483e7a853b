// Note [Layer call]: what Layer::operator() does, in order (see layer.h for the contract).
#include "tfpp/keras/layer.h"

#include <functional>
#include <set>

#include "checkpoint/deferred_restore.h"
#include "keras/engine/call_context.h"
#include "keras/mixed_precision/layer_policy.h"
#include "keras/layers/config_util.h"
#include "tfpp/errors.h"
#include "tfpp/init_scope.h"
#include "tfpp/keras/auto_name.h"
#include "tfpp/keras/seed_generator.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras {

namespace {

// Visits `root` and every layer state below it once (root first).
void visit_states(const detail::LayerState& root, const std::function<void(const detail::LayerState&)>& fn) {
  std::set<const detail::LayerState*> seen;
  std::function<void(const detail::LayerState&)> go = [&](const detail::LayerState& s) {
    if (!seen.insert(&s).second) return;
    fn(s);
    for (const auto& sub : s.sublayers) go(*sub);
  };
  go(root);
}

void collect_weights(const detail::LayerState& s, bool frozen_above, int which, std::vector<Variable>& out,
                     std::set<std::uint64_t>& seen) {
  // which: 0 all, 1 trainable, 2 non-trainable.
  const bool frozen = frozen_above || !s.trainable;
  for (int pass = 0; pass < 2; ++pass)
    for (const detail::Weight& w : s.weights) {
      // Order follows add_weight's flag; membership also the variable's own (LoRA freezes a kernel).
      const bool trainable = w.trainable && w.variable.trainable() && !frozen;
      if ((pass == 0) != w.trainable) continue;  // own trainable first, then non-trainable
      if (which == 1 && !trainable) continue;
      if (which == 2 && trainable) continue;
      if (seen.insert(w.variable.id()).second) out.push_back(w.variable);
    }
  for (const auto& sub : s.sublayers) collect_weights(*sub, frozen, which, out, seen);
}

std::vector<Variable> weights_of(const detail::LayerState& s, int which) {
  std::vector<Variable> out;
  std::set<std::uint64_t> seen;
  collect_weights(s, false, which, out, seen);
  return out;
}

}  // namespace

// ---- Construction and state ----------------------------------------------------------------

Layer::Layer(const LayerOptions& options) : Module(std::static_pointer_cast<tf::detail::ModuleState>(std::make_shared<detail::LayerState>())) {
  detail::LayerState& s = layer_state();
  s.class_name = options.class_name;
  s.trainable = options.trainable;
  s.dtype = options.dtype;
  s.activity_regularizer = options.activity_regularizer;
  if (!options.input_shape.empty()) s.input_shape = TensorShape(std::span<const std::int64_t>(options.input_shape));
  if (!options.name.empty())
    s.name = options.name;
  else if (!options.class_name.empty())
    s.name = utils::auto_name(to_snake_case(options.class_name));
  mixed_precision::detail::adopt_global_policy(*this, options.dtype);
}

Layer::Layer(std::shared_ptr<detail::LayerState> state) : Module(std::static_pointer_cast<tf::detail::ModuleState>(std::move(state))) {}

Layer::~Layer() = default;

detail::LayerState& Layer::layer_state() const { return static_cast<detail::LayerState&>(*module_state()); }

std::string Layer::make_name() const { return utils::auto_name(to_snake_case(class_name())); }

std::string Layer::class_name() const {
  const detail::LayerState& s = layer_state();
  return s.class_name.empty() ? class_name_of(*this) : s.class_name;
}

std::shared_ptr<Layer> Layer::clone() const {
  throw FailedPreconditionError("[" + name() + "] the Functional API keeps a copy of each layer it calls; add "
                                "TFPP_KERAS_LAYER(" + class_name() + ") to the class body so it can make one");
}

Layer& Layer::instance() {
  if (auto p = layer_state().instance.lock()) return *p;
  return *this;
}

std::shared_ptr<Layer> Layer::shared_instance() const {
  detail::LayerState& s = layer_state();
  if (auto p = s.instance.lock()) return p;
  std::shared_ptr<Layer> p = clone();
  s.instance = p;
  return p;
}

bool Layer::built() const { return layer_state().built; }
bool Layer::trainable() const { return layer_state().trainable; }
bool Layer::supports_masking() const { return layer_state().supports_masking; }
void Layer::set_supports_masking(bool supports) { layer_state().supports_masking = supports; }
DType Layer::dtype() const { return layer_state().dtype; }
const std::optional<TensorShape>& Layer::declared_input_shape() const { return layer_state().input_shape; }
const std::vector<TensorShape>& Layer::build_input_shapes() const { return layer_state().build_input_shapes; }
void Layer::set_input_spec(InputSpec spec) { layer_state().input_spec = std::move(spec); }
void Layer::set_built(bool built) { layer_state().built = built; }

void Layer::set_trainable(bool trainable) {
  visit_states(layer_state(), [&](const detail::LayerState& s) { const_cast<detail::LayerState&>(s).trainable = trainable; });
}

std::vector<std::shared_ptr<Layer>> Layer::sublayers() const {
  std::vector<std::shared_ptr<Layer>> out;
  const detail::LayerState& s = layer_state();
  for (std::size_t i = 0; i < s.sublayers.size(); ++i) {
    std::shared_ptr<Layer> p = s.sublayer_objects[i].lock();
    if (!p) p = s.sublayers[i]->instance.lock();
    out.push_back(p ? p : std::make_shared<Layer>(s.sublayers[i]));
  }
  return out;
}

void Layer::track_state(const std::shared_ptr<detail::LayerState>& sub, const std::shared_ptr<Layer>& instance) {
  detail::LayerState& s = layer_state();
  if (sub.get() == &s) return;
  for (std::size_t i = 0; i < s.sublayers.size(); ++i)
    if (s.sublayers[i] == sub) {
      if (instance && s.sublayer_objects[i].expired()) s.sublayer_objects[i] = instance;
      return;
    }
  s.sublayers.push_back(sub);
  s.sublayer_objects.push_back(instance);
  s.submodules.emplace_back(sub->name, sub);
}

Tensor Layer::next_seed(std::optional<std::int64_t> seed) {
  detail::LayerState& s = layer_state();
  if (!s.seed_generator) {
    init_scope lift;  // a first draw inside a traced step makes the state variable once, eagerly
    s.seed_generator = std::make_shared<SeedGenerator>(seed);
  }
  return int32_seed(s.seed_generator->next());
}

std::shared_ptr<detail::LayerState> Layer::shared_layer_state() const {
  return std::static_pointer_cast<detail::LayerState>(module_state());
}

// ---- Weights ------------------------------------------------------------------------------

Variable Layer::add_weight(const std::string& weight_name, const TensorShape& shape, const WeightOptions& options) {
  detail::LayerState& s = layer_state();
  if (!shape.is_fully_defined())
    throw InvalidArgumentError("[" + name() + "] weight '" + weight_name + "' needs a fully defined shape, got " +
                               shape.to_string() + " (build() gets the input shape with an unknown batch dimension)");
  const DType dtype = options.dtype.value_or(s.dtype);
  Tensor initial;
  {
    detail::InitScope init;  // variables are created eagerly, even when a trace calls build()
    initial = options.initializer(shape, dtype);
    Variable v(initial, {.name = detail::CallContext::variable_path(name()) + weight_name, .trainable = options.trainable});
    s.weights.push_back({v, options.trainable, options.regularizer, options.constraint});
    s.variables.emplace_back(weight_name, v);
    checkpoint::restore_deferred(s, weight_name, v);  // a checkpoint restored before the first call
    return v;
  }
}

const Variable& Layer::weight(std::size_t i) const {
  const detail::LayerState& s = layer_state();
  if (i >= s.weights.size())
    throw OutOfRangeError("[" + name() + "] has " + std::to_string(s.weights.size()) + " weights; weight " +
                          std::to_string(i) + " does not exist (is the layer built?)");
  return s.weights[i].variable;
}

std::vector<Variable> Layer::weights() const { return weights_of(layer_state(), 0); }
std::vector<Variable> Layer::trainable_weights() const { return weights_of(layer_state(), 1); }
std::vector<Variable> Layer::non_trainable_weights() const { return weights_of(layer_state(), 2); }

std::vector<Tensor> Layer::get_weights() const {
  std::vector<Tensor> out;
  for (const Variable& v : weights()) out.push_back(v.read_value());
  return out;
}

void Layer::set_weights(const std::vector<Tensor>& values) {
  std::vector<Variable> ws = weights();
  if (values.size() != ws.size())
    throw InvalidArgumentError("[" + name() + "] set_weights was given " + std::to_string(values.size()) +
                               " values for " + std::to_string(ws.size()) + " weights");
  for (std::size_t i = 0; i < ws.size(); ++i)
    if (values[i].shape() != ws[i].shape() || values[i].dtype() != ws[i].dtype())
      throw InvalidArgumentError("[" + name() + "] weight '" + ws[i].name() + "' has shape " + ws[i].shape().to_string() +
                                 " and dtype " + std::string(dtype_name(ws[i].dtype())) + ", but the value has shape " +
                                 values[i].shape().to_string() + " and dtype " + std::string(dtype_name(values[i].dtype())));
  for (std::size_t i = 0; i < ws.size(); ++i) ws[i].assign(values[i]);
}

void Layer::apply_constraints() {
  visit_states(layer_state(), [](const detail::LayerState& s) {
    for (const detail::Weight& w : s.weights)
      if (w.constraint) {
        Variable v = w.variable;
        v.assign((*w.constraint)(v.read_value()));
      }
  });
}

std::int64_t Layer::count_params() const {
  std::int64_t n = 0;
  for (const Variable& v : weights()) n += v.shape().num_elements();
  return n;
}

const std::optional<regularizers::Regularizer>& Layer::activity_regularizer() const {
  return layer_state().activity_regularizer;
}

void Layer::set_activity_regularizer(std::optional<regularizers::Regularizer> regularizer) {
  layer_state().activity_regularizer = std::move(regularizer);
}

void Layer::add_loss(const Tensor& loss) {
  if (!loss.defined()) throw InvalidArgumentError("[" + name() + "] add_loss got an undefined tensor");
  layer_state().losses.push_back(loss.rank() == 0 ? loss : reduce_sum(loss));
}

std::vector<Tensor> Layer::losses() const {
  std::vector<Tensor> out;
  visit_states(layer_state(), [&](const detail::LayerState& s) {
    out.insert(out.end(), s.losses.begin(), s.losses.end());
    for (const detail::Weight& w : s.weights)
      if (w.regularizer) out.push_back((*w.regularizer)(w.variable.read_value()));
  });
  return out;
}

Config Layer::get_config() const {
  Config c{{"name", name()}, {"trainable", trainable()}, {"dtype", detail::dtype_policy_config(mixed_precision::dtype_policy(*this).name())}};
  // Keras writes the key only when the layer has one.
  if (const auto& r = layer_state().activity_regularizer) c["activity_regularizer"] = detail::optional_config(r);
  return c;
}

// ---- Overridable defaults ------------------------------------------------------------------

void Layer::build(const TensorShape&) {}

void Layer::build_multi(const std::vector<TensorShape>& input_shapes) {
  if (input_shapes.size() == 1) build(input_shapes[0]);
}

Tensor Layer::call(const Tensor&, bool) {
  throw UnimplementedError("[" + name() + "] " + class_name() + " overrides neither call() nor call_multi()");
}

std::vector<Tensor> Layer::call_masked(const std::vector<Tensor>& inputs, const std::vector<Tensor>&, bool training) {
  return call_multi(inputs, training);
}

Tensor Layer::compute_mask(const std::vector<Tensor>&, const std::vector<Tensor>& masks) {
  return supports_masking() && !masks.empty() ? masks[0] : Tensor();
}

std::vector<Tensor> Layer::call_multi(const std::vector<Tensor>& inputs, bool training) {
  if (inputs.size() != 1)
    throw InvalidArgumentError("[" + name() + "] takes one input, got " + std::to_string(inputs.size()));
  return {call(inputs[0], training)};
}

}  // namespace tf::keras
