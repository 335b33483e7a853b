// tf::keras::Input and InputLayer: the entry points of a Functional model.
//
//   auto inputs = tf::keras::Input({28, 28});   // KerasTensor of shape (None, 28, 28)
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tfpp/keras/keras_tensor.h"
#include "tfpp/keras/layer.h"

namespace tf::keras {

/// Options of Input.
struct InputOptions {
  DType dtype = float32;   ///< dtype of the input tensor
  std::string name = {};   ///< name of the InputLayer (default input_layer, input_layer_1, ...)
  std::int64_t batch_size = -1;  ///< fixed batch size, as stateful layers need (-1: None)
};

/// The layer behind an Input: it passes its tensor through.
class InputLayer : public Layer {
 public:
  /// An input of `shape` (without the batch dimension).
  explicit InputLayer(std::vector<std::int64_t> shape, InputOptions options = {});
  /// An InputLayer from get_config()'s output (Keras 3's batch_shape, dtype and name).
  static InputLayer from_config(const Config& config);
  std::vector<Tensor> call_multi(const std::vector<Tensor>& inputs, bool training) override;
  Config get_config() const override;
  /// The input's shape with its batch dimension (-1 where the batch size is None).
  std::vector<std::int64_t> batch_shape() const;
  /// The KerasTensor this layer outputs.
  KerasTensor tensor() const;
  TFPP_KERAS_LAYER(InputLayer)

 private:
  std::vector<std::int64_t> shape_;
  std::int64_t batch_size_;
  DType input_dtype_;
};

/// A symbolic input of `shape` (without the batch dimension) for the Functional API.
KerasTensor Input(std::vector<std::int64_t> shape, InputOptions options = {});

}  // namespace tf::keras
