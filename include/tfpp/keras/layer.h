// tf::keras::Layer: the base of every Keras layer and model (keras.layers.Layer).
//
// A layer is a shared handle: its weights, name, built flag and losses live in a shared state,
// so copies of a layer, and one layer used twice, share weights. Subclass it to write a layer:
//
//   class Linear : public tf::keras::Layer {
//    public:
//     explicit Linear(int units) : Layer({.name = ""}), units_(units) {}
//     void build(const tf::TensorShape& input_shape) override {
//       add_weight("kernel", {input_shape[-1], units_});                       // glorot_uniform
//       add_weight("bias", {units_}, {.initializer = "zeros"});
//     }
//     tf::Tensor call(const tf::Tensor& x, bool training) override { return tf::matmul(x, weight(0)) + weight(1); }
//     tf::keras::Config get_config() const override { auto c = Layer::get_config(); c["units"] = units_; return c; }
//     TFPP_KERAS_LAYER(Linear)   // clone(), so the Functional API can keep the layer
//    private:
//     int units_;
//   };
//
// What happens on a call, layer(x) (Note [Layer call]):
//  - The first call builds the layer: build(input_shape) runs once, eagerly and outside any
//    tf::function trace (TensorFlow's init_scope), so variables are created once.
//  - Inputs are checked against the input spec set in build (set_input_spec): a wrong rank or
//    size is an InvalidArgumentError naming the layer and both shapes.
//  - `training` defaults to the enclosing layer call's value, else false.
//  - Losses added with add_loss during the outermost call replace those of the previous call.
//  - An activity regularizer adds its penalty of each output, divided by the output's batch
//    size, as a loss of the call (Keras 3's Layer.__call__).
//  - A layer called inside another layer's call becomes its sublayer (as Keras tracks
//    attributes): its weights and losses join the outer layer's.
// Calling a layer on KerasTensors (the Functional API) builds it from their shapes, infers the
// output shapes by tracing call() into a scratch graph, and records a node.
//
// Writing a built-in layer (conv, pooling, normalization, RNN, attention, ...):
//  - derive from Layer, take an options struct whose last fields are TFPP_KERAS_LAYER_OPTIONS
//    and pass `layer_options(options, "ClassName")` to the Layer constructor (this names the
//    layer "class_name", "class_name_1", ... as Keras does);
//  - create weights in build() with add_weight and read them in call() with weight(i) (never
//    store them in members: members are per copy, the weight list is shared);
//  - override call() (one input) or call_multi() (several inputs or outputs), get_config(),
//    class_name() and put TFPP_KERAS_LAYER(ClassName) in the class body.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/keras/config.h"
#include "tfpp/keras/constraints.h"
#include "tfpp/keras/initializers.h"
#include "tfpp/keras/keras_tensor.h"
#include "tfpp/keras/regularizers.h"
#include "tfpp/module.h"
#include "tfpp/tensor.h"
#include "tfpp/variable.h"

namespace tf::keras {

/// Requirements on a layer's input, checked at every call (keras.InputSpec).
struct InputSpec {
  std::optional<int> ndim = {};           ///< exact rank
  std::optional<int> min_ndim = {};       ///< minimum rank
  std::map<int, std::int64_t> axes = {};  ///< axis (negative counts from the end) -> required size
};

/// Options every layer takes.
struct LayerOptions {
  std::string name = {};                       ///< unique name; default from the class name
  bool trainable = true;                       ///< false freezes the layer's weights
  DType dtype = float32;                       ///< dtype of the weights
  std::vector<std::int64_t> input_shape = {};  ///< input shape without the batch (Keras 2's input_shape)
  /// Penalty on each output of every call, divided by the batch size, added to losses().
  std::optional<regularizers::Regularizer> activity_regularizer = {};
  std::string class_name = {};                 ///< set by built-in layers ("Dense")
};

/// The common fields, last in every built-in layer's options struct (in this order).
#define TFPP_KERAS_LAYER_OPTIONS                                                              \
  std::vector<std::int64_t> input_shape = {}; /**< input shape without the batch */             \
  std::string name = {};                      /**< unique name; default from the class name */ \
  bool trainable = true;                      /**< false freezes the layer's weights */         \
  ::tf::DType dtype = ::tf::float32;          /**< dtype of the weights */                      \
  /** penalty on the layer's outputs, divided by the batch size, added to losses() */           \
  std::optional<::tf::keras::regularizers::Regularizer> activity_regularizer = {};

/// The LayerOptions of a built-in layer's options.
template <class O>
LayerOptions layer_options(const O& o, const char* class_name) {
  return {.name = o.name, .trainable = o.trainable, .dtype = o.dtype, .input_shape = o.input_shape,
          .activity_regularizer = o.activity_regularizer, .class_name = class_name};
}

/// Options of add_weight.
struct WeightOptions {
  initializers::Initializer initializer = {};             ///< default glorot_uniform
  std::optional<regularizers::Regularizer> regularizer = {};  ///< its penalty joins losses()
  std::optional<constraints::Constraint> constraint = {};     ///< applied after optimizer updates
  bool trainable = true;                                  ///< false: a non-trainable weight (moving statistics)
  std::optional<DType> dtype = {};                        ///< default: the layer's dtype
};

class Layer;
class SeedGenerator;

namespace detail {

/// A weight with what add_weight was given.
struct Weight {
  Variable variable;
  bool trainable = true;
  std::optional<regularizers::Regularizer> regularizer;
  std::optional<constraints::Constraint> constraint;
};

/// What copies of a layer share.
struct LayerState : tf::detail::ModuleState {
  std::string class_name;
  bool built = false;
  bool trainable = true;
  bool building = false;
  bool supports_masking = false;  ///< passes its input's mask on (compute_mask's default)
  DType dtype = float32;
  std::optional<TensorShape> input_shape;       ///< declared batch-less input shape (input_shape option)
  std::vector<TensorShape> build_input_shapes;  ///< what build() got
  std::optional<InputSpec> input_spec;
  std::optional<regularizers::Regularizer> activity_regularizer;  ///< applied to each output of a call
  std::vector<Weight> weights;
  std::vector<std::shared_ptr<LayerState>> sublayers;  ///< tracked layers, in order
  std::vector<std::weak_ptr<Layer>> sublayer_objects;  ///< their instances, when known
  std::vector<Tensor> losses;                          ///< add_loss values of the last call
  std::weak_ptr<Layer> instance;                       ///< the heap instance calls go to, once one exists
  std::vector<std::weak_ptr<Node>> inbound_nodes;      ///< Functional API calls
  std::shared_ptr<SeedGenerator> seed_generator;  ///< the layer's random seeds, made at its first draw
};

}  // namespace detail

/// Base of Keras layers and models.
class Layer : public Module {
 public:
  explicit Layer(const LayerOptions& options = {});
  /// A plain handle to an existing layer state (tfpp internals: sublayers() of unknown type).
  explicit Layer(std::shared_ptr<detail::LayerState> state);
  ~Layer() override;
  Layer(const Layer&) = default;
  Layer& operator=(const Layer&) = default;

  // ---- Calling -------------------------------------------------------------------------
  /// Calls the layer on one tensor (building it first if needed).
  Tensor operator()(const Tensor& inputs, std::optional<bool> training = std::nullopt);
  /// Calls a layer that takes several tensors (Add, Concatenate, multi-input models).
  Tensor operator()(const std::vector<Tensor>& inputs, std::optional<bool> training = std::nullopt);
  /// Calls the layer and returns all its outputs (multi-output models and layers).
  std::vector<Tensor> call_all(const std::vector<Tensor>& inputs, std::optional<bool> training = std::nullopt);
  /// Functional API: records a call on a KerasTensor and returns its one output.
  KerasTensor operator()(const KerasTensor& inputs);
  /// Functional API: a call on several KerasTensors, with one output.
  KerasTensor operator()(const std::vector<KerasTensor>& inputs);
  /// Functional API: every output of a call.
  std::vector<KerasTensor> call_all(const std::vector<KerasTensor>& inputs);
  /// Functional API: a call with Keras' other call arguments besides `inputs` (tfpp internals:
  /// Functional configs with masks, attention flags or op constants in their nodes).
  std::vector<KerasTensor> call_all(const std::vector<KerasTensor>& inputs,
                                    std::shared_ptr<const detail::CallArguments> arguments);

  // ---- What subclasses override ----------------------------------------------------------
  /// Creates the weights for inputs of `input_shape` (batch dimension unknown); default: nothing.
  virtual void build(const TensorShape& input_shape);
  /// build() for several inputs; default: build(shapes[0]) for one input, else nothing.
  virtual void build_multi(const std::vector<TensorShape>& input_shapes);
  /// The forward pass for one input.
  virtual Tensor call(const Tensor& inputs, bool training);
  /// The forward pass for several inputs or outputs; default: call() on the one input.
  virtual std::vector<Tensor> call_multi(const std::vector<Tensor>& inputs, bool training);
  /// call_multi with the inputs' masks (undefined tensors where an input has none; mask.h);
  /// default: call_multi. Layers that use masks override it.
  virtual std::vector<Tensor> call_masked(const std::vector<Tensor>& inputs, const std::vector<Tensor>& masks,
                                          bool training);
  /// The mask of the first output of a call on `inputs` whose masks are `masks` (undefined: no
  /// mask); default: the first input's mask if the layer supports masking, else none.
  virtual Tensor compute_mask(const std::vector<Tensor>& inputs, const std::vector<Tensor>& masks);
  /// `training` for a call that neither passes it nor runs inside a call that decided it (Keras'
  /// default of `training` in the layer's call signature); default: false. The random
  /// augmentation layers say true, so calling them directly augments, as in Keras 3.
  virtual bool default_training() const { return false; }
  /// The layer's config: name, trainable, dtype and the subclass' arguments.
  virtual Config get_config() const;
  /// Keras' class name ("Dense"); default: the C++ class name.
  virtual std::string class_name() const;
  /// The shapes build() got, as Keras 3 saves them: {"input_shape": [null, 4]} (a list of shapes
  /// for several inputs); {} while unbuilt.
  virtual Config get_build_config() const;
  /// Builds the layer from get_build_config()'s output (nothing for {}), as Keras' load does.
  virtual void build_from_config(const Config& build_config);
  /// A new heap instance sharing this layer's state (TFPP_KERAS_LAYER writes it).
  virtual std::shared_ptr<Layer> clone() const;

  // ---- Weights and losses ---------------------------------------------------------------
  /// Creates a weight `<layer>/<name>`, registers it and returns it (call it from build()).
  Variable add_weight(const std::string& name, const TensorShape& shape, const WeightOptions& options = {});
  /// Adds a loss (a scalar tensor) to this call's losses().
  void add_loss(const Tensor& loss);
  /// Losses of the last call (add_loss) and the weight regularization penalties, this layer's and its sublayers'.
  std::vector<Tensor> losses() const;
  /// Weight `i` of this layer in add_weight order.
  const Variable& weight(std::size_t i) const;
  /// All weights: own trainable, own non-trainable, then the sublayers'.
  std::vector<Variable> weights() const;
  /// The weights gradients update (none when the layer is frozen).
  std::vector<Variable> trainable_weights() const;
  /// The other weights.
  std::vector<Variable> non_trainable_weights() const;
  /// The weights' values, in weights() order.
  std::vector<Tensor> get_weights() const;
  /// Assigns values in weights() order; counts, shapes and dtypes must match.
  void set_weights(const std::vector<Tensor>& values);
  /// Applies the weights' constraints (the optimizer step calls it).
  void apply_constraints();
  /// Number of weight elements.
  std::int64_t count_params() const;
  /// The penalty on the layer's outputs, if any (Keras' activity_regularizer).
  const std::optional<regularizers::Regularizer>& activity_regularizer() const;
  /// Sets or clears the penalty on the layer's outputs, from the next call on.
  void set_activity_regularizer(std::optional<regularizers::Regularizer> regularizer);

  // ---- State ----------------------------------------------------------------------------
  bool built() const;
  bool trainable() const;
  /// True if the layer passes its input's mask on to its output (Keras' supports_masking).
  bool supports_masking() const;
  /// Freezes (false) or unfreezes the layer and its sublayers.
  void set_trainable(bool trainable);
  DType dtype() const;
  /// Layers tracked inside this one (sublayers called in call() or registered with track()).
  std::vector<std::shared_ptr<Layer>> sublayers() const;
  /// Registers `layer` as a sublayer before it is first called.
  template <class L>
  const L& track(const L& layer) {
    track_state(layer.shared_layer_state(), nullptr);
    return layer;
  }
  /// The output of the layer's first Functional API call (feature extraction).
  KerasTensor output() const;
  /// The input of the layer's first Functional API call.
  KerasTensor input() const;
  /// The batch-less input shape given with the input_shape option, if any.
  const std::optional<TensorShape>& declared_input_shape() const;
  /// The input shapes the layer was built with (batch dimension unknown).
  const std::vector<TensorShape>& build_input_shapes() const;
  /// Builds the layer for `input_shapes` now, if not built yet.
  void build_for(const std::vector<TensorShape>& input_shapes);
  /// Checks input `index` of a call against the layer's input spec (InvalidArgumentError).
  void check_input(const Tensor& input, std::size_t index) const;
  /// Output shapes and dtypes for inputs of these shapes and dtypes (builds the layer, then
  /// traces call() into a scratch graph; nothing is recorded).
  std::pair<std::vector<TensorShape>, std::vector<DType>> compute_output_spec(const std::vector<TensorShape>& shapes,
                                                                             const std::vector<DType>& dtypes);

  /// The shared state (tfpp internals).
  detail::LayerState& layer_state() const;
  /// The shared state as a shared_ptr (tfpp internals).
  std::shared_ptr<detail::LayerState> shared_layer_state() const;
  /// The instance calls go to: the heap copy models hold, else this one (tfpp internals).
  Layer& instance();
  /// A shared_ptr to this layer's instance, cloning it to the heap if needed (tfpp internals).
  std::shared_ptr<Layer> shared_instance() const;

 protected:
  /// Keras' unique name from the class name: "my_layer", "my_layer_1", ...
  std::string make_name() const override;
  /// Sets the input spec checked at every call (from build()).
  void set_input_spec(InputSpec spec);
  /// Declares that the layer passes masks on (Keras' `self.supports_masking = True`).
  void set_supports_masking(bool supports = true);
  /// Marks the layer built (for layers that build in their constructor).
  void set_built(bool built = true);
  /// Registers a sublayer's state (and instance, if known).
  void track_state(const std::shared_ptr<detail::LayerState>& sublayer, const std::shared_ptr<Layer>& instance);
  /// The next seed of the layer's SeedGenerator (Keras' `self.seed_generator`, made at the first
  /// draw from `seed`), as the int32 pair stateless random ops take.
  Tensor next_seed(std::optional<std::int64_t> seed);

 private:
  friend class Model;
  std::vector<Tensor> call_checked(const std::vector<Tensor>& inputs, std::optional<bool> training);
  std::vector<KerasTensor> call_symbolic(const std::vector<KerasTensor>& inputs, bool single,
                                         std::shared_ptr<const detail::CallArguments> arguments = nullptr);
};

/// Writes clone() for a layer class (put it in the class body).
#define TFPP_KERAS_LAYER(ClassName)                                      \
  std::shared_ptr<::tf::keras::Layer> clone() const override {           \
    return std::make_shared<ClassName>(*this);                           \
  }

/// A layer kept by a model: a shared instance of any Layer subclass, made from the layer
/// passed (which keeps sharing its state).
class LayerRef {
 public:
  /// Keeps `layer` (a copy of it on the heap that shares its state).
  template <class L>
    requires std::derived_from<std::remove_cvref_t<L>, Layer>
  LayerRef(L&& layer)  // NOLINT(google-explicit-constructor): Sequential({Dense(10), ...})
      : ptr_(layer.layer_state().instance.lock()) {
    using T = std::remove_cvref_t<L>;
    if (!ptr_) {
      if (typeid(layer) == typeid(T)) {
        ptr_ = std::make_shared<T>(std::forward<L>(layer));
        ptr_->layer_state().instance = ptr_;
      } else {
        ptr_ = layer.shared_instance();
      }
    }
  }
  /// Keeps an existing instance.
  LayerRef(std::shared_ptr<Layer> layer);  // NOLINT(google-explicit-constructor)
  Layer& operator*() const { return *ptr_; }
  Layer* operator->() const { return ptr_.get(); }
  const std::shared_ptr<Layer>& ptr() const { return ptr_; }

 private:
  std::shared_ptr<Layer> ptr_;
};

}  // namespace tf::keras
