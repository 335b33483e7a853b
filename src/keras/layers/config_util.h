// Reading and writing the parts of layer configs many layers share.
#pragma once

#include <optional>
#include <string>

#include "tfpp/keras/activations.h"
#include "tfpp/keras/config.h"
#include "tfpp/keras/constraints.h"
#include "tfpp/keras/initializers.h"
#include "tfpp/keras/layer.h"
#include "tfpp/keras/regularizers.h"

namespace tf::keras::detail {

/// {"class_name": ..., "config": {...}} of an initializer, regularizer or constraint.
ConfigValue object_config(const std::string& class_name, const std::map<std::string, double>& config);
/// An initializer as Keras 3 serializes it ({"module", "class_name", "config", "registered_name"}),
/// its string keys beside its numbers.
ConfigValue object_config(const initializers::Initializer& initializer);
/// The same for optional regularizers and constraints (null when absent).
ConfigValue optional_config(const std::optional<regularizers::Regularizer>& r);
ConfigValue optional_config(const std::optional<constraints::Constraint>& c);
/// Rebuilds objects from object_config's output.
initializers::Initializer initializer_from(const ConfigValue& v);
std::optional<regularizers::Regularizer> regularizer_from(const ConfigValue& v);
std::optional<constraints::Constraint> constraint_from(const ConfigValue& v);
/// Keras 3's "quantization_config" of Dense, EinsumDense and the embeddings: tfpp writes None and
/// refuses a layer config that asks for quantization (UnimplementedError naming `layer`).
void write_no_quantization(Config& config);
void refuse_quantization(const Config& config, const std::string& layer);
/// Keras 3's serialized DTypePolicy of `name` ("float32", "mixed_float16"), as built-in layers write "dtype".
ConfigValue dtype_policy_config(const std::string& name);
/// DType from its name ("float32").
DType dtype_from(const std::string& name);
/// DType from a config's "dtype": a name, or Keras 3's DTypePolicy {"class_name": ..., "config": {"name": ...}}.
DType dtype_from(const ConfigValue& dtype);
/// The value at `key`, or a NotFoundError naming `who` and the key.
const ConfigValue& config_at(const Config& config, const std::string& key, const std::string& who);
/// A list of integers (-1 becomes None).
ConfigValue int_list(const std::vector<std::int64_t>& values);
/// The integers of a list (None becomes -1).
std::vector<std::int64_t> int_list_from(const ConfigValue& value);

/// Writes <prefix>_initializer, <prefix>_regularizer and <prefix>_constraint ("kernel", "bias", ...).
void write_weight_config(Config& config, const std::string& prefix, const initializers::Initializer& initializer,
                         const std::optional<regularizers::Regularizer>& regularizer,
                         const std::optional<constraints::Constraint>& constraint);
/// Reads what write_weight_config writes, where the config has it.
void read_weight_config(const Config& config, const std::string& prefix, initializers::Initializer& initializer,
                        std::optional<regularizers::Regularizer>& regularizer,
                        std::optional<constraints::Constraint>& constraint);

/// Sets `out` to convert(value) when the config has `key` and it is not None.
template <class T, class F>
void read_if_present(const Config& config, const char* key, T& out, F&& convert) {
  if (auto it = config.find(key); it != config.end() && !it->second.is_null()) out = convert(it->second);
}

/// Reads name, trainable, dtype and activity_regularizer into a built-in layer's options.
template <class O>
void read_common(const Config& c, O& o) {
  if (auto it = c.find("name"); it != c.end()) o.name = it->second.get<std::string>();
  if (auto it = c.find("trainable"); it != c.end()) o.trainable = it->second.get<bool>();
  if (auto it = c.find("dtype"); it != c.end() && !it->second.is_null()) o.dtype = dtype_from(it->second);
  if (auto it = c.find("activity_regularizer"); it != c.end()) o.activity_regularizer = regularizer_from(it->second);
}

}  // namespace tf::keras::detail
