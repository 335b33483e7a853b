// Keras 3 ops in Functional configs: a Functional model whose layers compute a mask (an
// Embedding with mask_zero, Masking) records the ops that made the mask (keras.ops.not_equal,
// keras.ops.any, ...) as nodes of their own, {"module": "keras.src.ops.numpy", "class_name":
// "NotEqual", "config": {"name": "not_equal"}}, whose constants are in the node's arguments
// ({"args": [x, 0]}). An OpLayer is one such node: it computes its op on the node's tensors and
// constants, and serializes as Keras wrote it.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "keras/engine/call_arguments.h"
#include "tfpp/keras/layer.h"

namespace tf::keras::detail {

/// One keras.ops operation of a Functional config (one call: its constants live in `arguments`).
class OpLayer : public Layer {
 public:
  /// How an op outside tfpp's own table computes its outputs from the node's tensors (the Python
  /// front end's keras.ops functions, which hold the call's constants themselves).
  using Compute = std::function<std::vector<Tensor>(const std::vector<Tensor>& inputs)>;
  /// The op `class_name` of Keras module `module`, with its config and its one call's arguments;
  /// `compute` (optional) replaces tfpp's own table of ops.
  OpLayer(std::string class_name, std::string module, Config config, std::shared_ptr<const CallArguments> arguments,
          Compute compute = nullptr);
  std::vector<Tensor> call_multi(const std::vector<Tensor>& inputs, bool training) override;
  /// The op's config as Keras wrote it ({"name"} and the op's own keys: axis, keepdims, dtype).
  Config get_config() const override { return config_; }
  std::string class_name() const override { return class_name_; }
  /// Ops have no build config.
  Config get_build_config() const override { return {}; }
  /// The Keras module the op came from ("keras.src.ops.numpy").
  const std::string& module() const { return module_; }
  TFPP_KERAS_LAYER(OpLayer)

 private:
  std::string class_name_, module_;
  Config config_;
  std::shared_ptr<const CallArguments> arguments_;
  Compute compute_;
};

/// Makes the OpLayer of a config entry and its one call, or returns null for an op it does not know.
using OpLayerFactory = std::function<std::shared_ptr<OpLayer>(const Config& layer_entry, std::shared_ptr<const CallArguments> arguments)>;

/// Installs the factory op_layer_from asks first (the Python front end's keras.ops); null removes it.
void set_op_layer_factory(OpLayerFactory factory);

/// True for a layer entry of a Functional config that is a keras.ops operation.
bool is_op_config(const Config& layer_entry);

/// The OpLayer of such an entry for its one call (the installed factory's, else tfpp's own table);
/// InvalidArgumentError naming the op for an op
/// tfpp does not compute or a config it cannot read.
std::shared_ptr<OpLayer> op_layer_from(const Config& layer_entry, std::shared_ptr<const CallArguments> arguments);

}  // namespace tf::keras::detail
