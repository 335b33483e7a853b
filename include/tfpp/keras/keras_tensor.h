// tf::keras::KerasTensor: a symbolic value of the Functional API (keras.KerasTensor).
//
//   auto inputs = tf::keras::Input({784});            // shape (None, 784)
//   auto h = layers::Dense(64)(inputs);               // a KerasTensor made by a layer call
//
// A KerasTensor has a shape (batch dimension unknown), a dtype and the layer call (node) that
// made it. Calling a layer on KerasTensors builds the layer and records a node; a
// tf::keras::Model over inputs and outputs walks those nodes.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/dtype.h"
#include "tfpp/tensor_shape.h"

namespace tf::keras {

class Layer;

namespace detail {
struct Node;
struct CallArguments;
}

/// A symbolic tensor of the Functional API.
class KerasTensor {
 public:
  KerasTensor() = default;
  /// Output `index` of `node` (tfpp internals).
  KerasTensor(std::shared_ptr<detail::Node> node, int index) : node_(std::move(node)), index_(index) {}

  /// The static shape; dimension 0 (the batch) is unknown.
  const TensorShape& shape() const;
  /// The element type.
  DType dtype() const;
  /// The static shape of the Keras mask the tensor carries (Embedding's mask_zero, Masking), if any.
  std::optional<TensorShape> mask_shape() const;
  /// "<layer>[node][index]", as Keras' summary names a tensor.
  std::string name() const;
  /// False for a default-constructed handle.
  bool defined() const { return node_ != nullptr; }
  /// The layer call that made this tensor.
  const std::shared_ptr<detail::Node>& node() const { return node_; }
  /// Which output of that call this is.
  int index() const { return index_; }

 private:
  std::shared_ptr<detail::Node> node_;
  int index_ = 0;
};

namespace detail {

/// One call of a layer on KerasTensors.
struct Node {
  std::shared_ptr<Layer> layer;           ///< the called layer (its shared instance)
  std::vector<KerasTensor> inputs;        ///< what it was called on (empty for an InputLayer)
  std::vector<TensorShape> output_shapes; ///< static shapes of its outputs
  std::vector<DType> output_dtypes;       ///< dtypes of its outputs
  /// The static shape of the Keras mask each output carries (none where it carries none).
  std::vector<std::optional<TensorShape>> output_mask_shapes;
  int index_in_layer = 0;                 ///< this call's index among the layer's calls
  bool single_input = true;               ///< called on one tensor rather than a list
  /// Keras' other call arguments (masks, use_causal_mask, key, constants of an op), when the
  /// call had any; null for a call on the tensors alone.
  std::shared_ptr<const CallArguments> arguments;
};

}  // namespace detail

}  // namespace tf::keras
