// Where layers meet their dtype policies (tfpp internals of keras/mixed_precision.h).
#pragma once

#include <optional>
#include <vector>

#include "tfpp/keras/mixed_precision.h"

namespace tf::keras::mixed_precision::detail {

/// The policy given to a layer state (set_dtype_policy or the global policy when it was made),
/// or none: the layer computes in its dtype.
std::optional<Policy> recorded_policy(const keras::detail::LayerState& state);

/// Called by Layer's constructor: without a dtype of its own (the float32 default), a layer
/// made while the global policy is not float32 takes the global policy.
void adopt_global_policy(Layer& layer, DType requested);

/// Records `policy` for `layer` and sets its variable dtype (configs and deserialization).
void record_policy(Layer& layer, const Policy& policy);

/// The inputs of a call as `layer` sees them: floating inputs in its compute dtype, where the
/// input or the compute dtype is float16 / bfloat16 (Keras' input autocast; models pass
/// inputs on unchanged).
std::vector<Tensor> autocast_inputs(const Layer& layer, const std::vector<Tensor>& inputs);

/// The autocast dtype a call of `layer` runs under, as Keras 3's Layer.__call__ picks it:
/// its compute dtype if an enclosing scope has another one or its dtypes are mixed, none if
/// nothing changes (std::nullopt: keep the current scope).
std::optional<std::optional<DType>> call_autocast(const Layer& layer);

/// The policy name a config's "dtype" names ("mixed_float16", or a dtype name), if a policy.
std::optional<std::string> policy_name(const ConfigValue& dtype);

}  // namespace tf::keras::mixed_precision::detail
