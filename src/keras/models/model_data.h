// What copies of a Model share besides the layer state: the Functional graph, the Sequential
// stack and the compiled training state.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "tfpp/keras/keras_tensor.h"
#include "tfpp/keras/layer.h"

namespace tf::keras::detail {

struct TrainingState;

struct ModelData {
  enum class Kind { kSubclass, kFunctional, kSequential };
  Kind kind = Kind::kSubclass;
  std::vector<KerasTensor> inputs;                 ///< Functional (or built Sequential) inputs
  std::vector<KerasTensor> outputs;                ///< and outputs
  std::vector<std::string> input_names;            ///< the inputs' keys when given as a dict (in inputs' order), else empty
  std::vector<std::string> output_names;           ///< the outputs' keys when given as a dict (in outputs' order), else empty
  bool nested_inputs = true;                       ///< made from a list of inputs (config: [[...]])
  bool nested_outputs = true;                      ///< made from a list of outputs
  std::vector<std::shared_ptr<Node>> nodes;        ///< the graph's nodes, inputs first (topological)
  std::vector<std::shared_ptr<Layer>> layers;      ///< Functional: the graph's layers; Sequential: the stack
  std::shared_ptr<Layer> input_layer;              ///< Sequential: an InputLayer given as its first layer
  std::shared_ptr<TrainingState> training;         ///< set by compile()
  std::function<std::vector<Tensor>(const std::vector<Tensor>&)> predict_fn;  ///< traced predict_step
  const void* predict_owner = nullptr;             ///< the object predict_fn calls
  bool stop_training = false;
  // A model whose train_step / test_step are the user's (a Python subclass' own): as Keras 3, fit
  // and evaluate build neither the model nor its compiled losses before that step runs (it may
  // never call the model, as the VAE example's train_step calls only its encoder and decoder).
  bool user_train_step = false;
  bool user_test_step = false;
};

}  // namespace tf::keras::detail
