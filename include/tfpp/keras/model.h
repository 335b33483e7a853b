// tf::keras::Model and Sequential: layers grouped into a trainable model (keras.Model).
//
//   tf::keras::Sequential model({layers::Reshape({784}, {.input_shape = {28, 28}}),
//                                layers::Dense(100, {.activation = "relu"}), layers::Dense(10)});
//   auto inputs = tf::keras::Input({784});                        // Functional API
//   tf::keras::Model fmodel(inputs, layers::Dense(10)(layers::Dense(64)(inputs)));
//   class MyModel : public tf::keras::Model { ... Tensor call(const Tensor&, bool) override; };
//
// Every model is a layer: callable on tensors and KerasTensors, nestable in other models.
// A Model is a shared handle like every layer: copies share layers, weights and the compiled
// training state (compile, fit, evaluate, predict: training.h has their options).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "tfpp/keras/input.h"
#include "tfpp/keras/keras_tensor.h"
#include "tfpp/keras/layer.h"
#include "tfpp/keras/training.h"

namespace tf::keras {

namespace detail {
struct ModelData;
}

/// Options of a Model.
struct ModelOptions {
  std::string name = {};  ///< default "functional" / "sequential" / the class name in snake_case
  bool trainable = true;  ///< false freezes every layer
};

/// A model: a Functional graph of layers, a Sequential stack, or a subclass with call().
class Model : public Layer {
 public:
  /// A Functional model from its input and output KerasTensors.
  Model(const KerasTensor& inputs, const KerasTensor& outputs, ModelOptions options = {});
  /// A Functional model with several inputs and/or outputs.
  Model(std::vector<KerasTensor> inputs, std::vector<KerasTensor> outputs, ModelOptions options = {});
  /// A subclassed model (override call(); sublayers called in call() are tracked).
  explicit Model(ModelOptions options = {});
  ~Model() override;
  Model(const Model&) = default;
  Model& operator=(const Model&) = default;

  /// The model's layers: a Functional model's in topological order (InputLayers included, as
  /// Keras 3 lists them), a Sequential's in order, a subclass' as they were tracked.
  virtual std::vector<std::shared_ptr<Layer>> layers() const;
  /// The layer called `name`; NotFoundError lists the names there are.
  Layer& get_layer(const std::string& name) const;
  /// The layer at `index` in layers().
  Layer& get_layer(std::size_t index) const;
  /// Input KerasTensors of a Functional model (or a built Sequential).
  const std::vector<KerasTensor>& inputs() const;
  /// Output KerasTensors of a Functional model (or a built Sequential).
  const std::vector<KerasTensor>& outputs() const;
  /// The first input / output (KerasTensor), for single-input / single-output models.
  KerasTensor input() const;
  KerasTensor output() const;
  /// Keras' Model.input_shape / output_shape of a single-input / single-output model (the batch
  /// dimension unknown): InvalidArgumentError for several (use inputs()[i].shape()),
  /// FailedPreconditionError for a model without KerasTensors yet (an unbuilt Sequential).
  TensorShape input_shape() const;
  TensorShape output_shape() const;
  /// True for a model built from KerasTensors (Functional or built Sequential).
  bool is_functional() const;

  /// Prints Keras 3's summary table to `os` (std::cout by default).
  void summary() const;
  void summary(std::ostream& os, int line_length = -1) const;
  /// The summary table as text.
  std::string summary_string(int line_length = -1) const;

  void build_multi(const std::vector<TensorShape>& input_shapes) override;
  std::vector<Tensor> call_multi(const std::vector<Tensor>& inputs, bool training) override;
  /// A Functional model's config as Keras 3 writes it: name, trainable, layers (each serialized
  /// with its name and inbound_nodes), input_layers and output_layers; a Sequential's name,
  /// trainable, dtype, layers (the InputLayer first once built) and build_input_shape; a
  /// subclass' base config.
  Config get_config() const override;
  /// {"input_shape": null} for a Functional model, as Keras 3 writes it.
  Config get_build_config() const override;
  /// A Functional model rebuilt from get_config()'s output (or Keras 3's): the layers are
  /// deserialized and called as the inbound nodes say.
  static Model from_config(const Config& config);
  std::string class_name() const override;
  TFPP_KERAS_LAYER(Model)

  // ---- Training (training.cc) ------------------------------------------------------------
  /// Configures the model for training: optimizer, loss(es), metrics, loss weights.
  void compile(CompileOptions options);
  /// Trains on tensors x and y (several inputs/outputs: vectors), returns the History.
  History fit(const Tensor& x, const Tensor& y, FitOptions options = {});
  History fit(const std::vector<Tensor>& x, const std::vector<Tensor>& y, FitOptions options = {});
  /// Trains on a dataset of (x, y) or (x, y, sample_weight) batches.
  History fit(const data::Dataset& dataset, FitOptions options = {});
  /// Trains on a keras::utils::Sequence of batches.
  History fit(utils::Sequence& sequence, FitOptions options = {});
  /// Loss and metrics on test data: {"loss": ..., "accuracy": ...}.
  Logs evaluate(const Tensor& x, const Tensor& y, EvaluateOptions options = {});
  Logs evaluate(const std::vector<Tensor>& x, const std::vector<Tensor>& y, EvaluateOptions options = {});
  Logs evaluate(const data::Dataset& dataset, EvaluateOptions options = {});
  /// Predictions for a dataset of input batches (targets, if present, are ignored).
  Tensor predict(const data::Dataset& dataset, PredictOptions options = {});
  /// The model's outputs for x, batch by batch, concatenated.
  Tensor predict(const Tensor& x, PredictOptions options = {});
  /// predict() for multi-input or multi-output models: one tensor per output.
  std::vector<Tensor> predict_all(const std::vector<Tensor>& x, PredictOptions options = {});
  std::vector<Tensor> predict_all(const data::Dataset& dataset, PredictOptions options = {});
  /// One training step on one batch (the default: forward, loss, gradients, optimizer update,
  /// metric updates); returns the logs. Override to customize fit.
  virtual TensorLogs train_step(const Batch& batch);
  /// One evaluation step (forward, loss, metric updates).
  virtual TensorLogs test_step(const Batch& batch);
  /// One prediction step.
  virtual std::vector<Tensor> predict_step(const Batch& batch);
  /// fit/evaluate on one batch.
  Logs train_on_batch(const std::vector<Tensor>& x, const std::vector<Tensor>& y, const Tensor& sample_weight = {});
  Logs test_on_batch(const std::vector<Tensor>& x, const std::vector<Tensor>& y, const Tensor& sample_weight = {});

  /// The compiled loss of all outputs plus the model's losses() (regularization, add_loss).
  Tensor compute_loss(const std::vector<Tensor>& x, const std::vector<Tensor>& y, const std::vector<Tensor>& y_pred,
                      const Tensor& sample_weight = {});
  /// The compiled loss alone (Keras 2's model.compiled_loss).
  Tensor compiled_loss(const std::vector<Tensor>& y, const std::vector<Tensor>& y_pred, const Tensor& sample_weight = {});
  /// Updates the compiled metrics (Keras 2's model.compiled_metrics.update_state).
  void compiled_metrics_update(const std::vector<Tensor>& y, const std::vector<Tensor>& y_pred, const Tensor& sample_weight = {});
  /// The loss tracker followed by the compiled metrics (what the progress bar shows).
  std::vector<std::shared_ptr<metrics::Metric>> metrics() const;
  /// Resets every metric in metrics().
  void reset_metrics();
  /// Current values of metrics(), by name (tensors: symbolic inside a traced step).
  TensorLogs get_metrics_result() const;
  /// The optimizer given to compile().
  optimizers::Optimizer& optimizer() const;
  /// True once compile() has run.
  bool compiled() const;

  // ---- Saving (keras/saving) ------------------------------------------------------------------
  /// Writes the weights, and the optimizer's variables once compiled, to `filepath` (which must
  /// end in ".weights.h5") in Keras 3's layout, atomically; Keras' model.load_weights reads it.
  void save_weights(const std::string& filepath) const;
  /// Loads a ".weights.h5" file that save_weights or Keras 3 wrote into this model (built, with
  /// the same layers). Every weight's presence, shape and type is checked before any changes;
  /// with `skip_mismatch`, layers whose weights do not match keep theirs and one UserWarning on
  /// stderr lists them (Keras' skip_mismatch), the others load.
  void load_weights(const std::string& filepath, bool skip_mismatch = false);

  /// Writes the model to `filepath` (which must end in ".keras") as Keras 3 does: a zip of
  /// metadata.json, config.json (get_config() with the compile_config) and model.weights.h5
  /// (the weights and the optimizer's state), atomically; keras.models.load_model reads it.
  void save(const std::string& filepath) const;
  /// The model's serialized config as JSON text (Keras' model.to_json()).
  std::string to_json() const;
  /// The arguments compile() was given, serialized as Keras 3 writes them (optimizer, loss,
  /// loss_weights, metrics, weighted_metrics, run_eagerly, steps_per_execution, jit_compile);
  /// empty before compile().
  Config get_compile_config() const;
  /// Compiles the model with a get_compile_config() result (or Keras'), and builds the
  /// optimizer's variables if the model is built.
  void compile_from_config(const Config& config);

  /// Asks fit to stop after this epoch (callbacks set it; Keras' model.stop_training).
  bool stop_training() const;
  void set_stop_training(bool stop);

  /// The shared model data (tfpp internals).
  detail::ModelData& model_data() const { return *data_; }

 protected:
  /// For Sequential: a model with the given default name and no graph yet.
  Model(ModelOptions options, const char* class_name);
  /// Adopts `layer` as a tracked layer of this model.
  void adopt(const std::shared_ptr<Layer>& layer);
  /// Makes this a Functional model over `inputs` and `outputs`.
  void set_graph(std::vector<KerasTensor> inputs, std::vector<KerasTensor> outputs);
  // A Sequential's behaviour, kept on the model data, so a Sequential handled as a Model (what
  // load_model returns) still calls, builds and serializes as one.
  /// Builds the stack for inputs of `input_shape` (batch dimension first).
  void sequential_build(const TensorShape& input_shape);
  /// Calls the stack's graph again after a layer was added or removed.
  void sequential_rebuild();
  /// Runs the stack on one input.
  std::vector<Tensor> sequential_call(const std::vector<Tensor>& inputs);
  /// Keras 3's Sequential config.
  Config sequential_config() const;

 private:
  std::shared_ptr<detail::ModelData> data_;
};

/// A linear stack of layers (keras.Sequential).
class Sequential : public Model {
 public:
  /// A model of `layers`, in order; built at once if the first has an input_shape.
  explicit Sequential(std::vector<LayerRef> layers = {}, ModelOptions options = {});
  /// Appends a layer (rebuilding if the model is built).
  void add(LayerRef layer);
  /// Removes the last layer.
  void pop();
  /// Builds the model for inputs of `input_shape` (with the batch dimension, which may be -1).
  void build(const TensorShape& input_shape) override;
  /// A Sequential rebuilt from get_config()'s output (or Keras 3's).
  static Sequential from_config(const Config& config);
  std::string class_name() const override { return "Sequential"; }
  TFPP_KERAS_LAYER(Sequential)
};

}  // namespace tf::keras
