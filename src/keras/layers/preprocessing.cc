#include <algorithm>

#include "keras/layers/config_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/broadcast_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/keras/epsilon.h"
#include "tfpp/keras/layers/preprocessing.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::layers {

Normalization::Normalization(NormalizationOptions options)
    : Layer(layer_options(options, "Normalization")), options_(std::move(options)) {
  if (options_.mean.has_value() != options_.variance.has_value())
    throw InvalidArgumentError("[" + name() + "] give both mean and variance, or neither");
  if (options_.mean && options_.mean->size() != options_.variance->size())
    throw InvalidArgumentError("[" + name() + "] mean has " + std::to_string(options_.mean->size()) +
                               " values but variance has " + std::to_string(options_.variance->size()));
}

std::vector<std::int64_t> Normalization::keep_axes(int rank) const {
  std::vector<std::int64_t> keep;
  for (std::int64_t a : options_.axis) {
    if (a < -rank || a >= rank)
      throw InvalidArgumentError("[" + name() + "] all axis values must be in the range [-ndim, ndim); got inputs with ndim=" +
                                 std::to_string(rank) + " and axis " + std::to_string(a));
    keep.push_back(a < 0 ? a + rank : a);
  }
  std::sort(keep.begin(), keep.end());
  return keep;
}

void Normalization::build(const TensorShape& input_shape) {
  if (input_shape.has_unknown_rank()) throw InvalidArgumentError("[" + name() + "] needs inputs of known rank");
  std::vector<std::int64_t> stat_shape;
  for (std::int64_t a : keep_axes(input_shape.rank())) {
    if (input_shape[static_cast<int>(a)] < 0)
      throw InvalidArgumentError("[" + name() + "] the kept axis " + std::to_string(a) + " must have a known size, got inputs " +
                                 input_shape.to_string());
    stat_shape.push_back(input_shape[static_cast<int>(a)]);
  }
  if (options_.mean) {
    const std::size_t n = options_.mean->size();
    const std::int64_t want = TensorShape(std::span<const std::int64_t>(stat_shape)).num_elements();
    if (n != 1 && static_cast<std::int64_t>(n) != want)
      throw InvalidArgumentError("[" + name() + "] mean and variance need 1 or " + std::to_string(want) +
                                 " values for inputs " + input_shape.to_string() + ", got " + std::to_string(n));
    return;
  }
  const TensorShape shape{std::span<const std::int64_t>(stat_shape)};
  add_weight("mean", shape, {.initializer = initializers::Zeros(), .trainable = false});
  add_weight("variance", shape, {.initializer = initializers::Ones(), .trainable = false});
  add_weight("count", {}, {.initializer = initializers::Zeros(), .trainable = false, .dtype = int64});
}

std::pair<Tensor, Tensor> Normalization::statistics(DType dtype) const {
  // Shaped to broadcast against inputs of the rank built for, as Keras' build computes it.
  const TensorShape& built = build_input_shapes().at(0);
  const int rank = built.rank();
  std::vector<std::int64_t> broadcast(static_cast<std::size_t>(rank), 1);
  for (std::int64_t a : keep_axes(rank)) broadcast[static_cast<std::size_t>(a)] = built[static_cast<int>(a)];
  Tensor mean, variance;
  if (options_.mean) {  // one value or one per kept index, spread over the kept axes
    const std::vector<std::int64_t> shape = options_.mean->size() == 1 ? std::vector<std::int64_t>{} : broadcast;
    mean = broadcast_to(reshape(constant(*options_.mean), shape), broadcast);
    variance = broadcast_to(reshape(constant(*options_.variance), shape), broadcast);
  } else {
    mean = reshape(weight(0).read_value(), broadcast);
    variance = reshape(weight(1).read_value(), broadcast);
  }
  return {cast(mean, dtype), cast(variance, dtype)};
}

Tensor Normalization::call(const Tensor& inputs, bool) {
  Tensor x = inputs.dtype() == dtype() ? inputs : cast(inputs, dtype());
  auto [mean, variance] = statistics(x.dtype());
  const Tensor stddev = maximum(sqrt(variance), scalar_like(variance, config::epsilon()));
  if (options_.invert) return mean + x * stddev;
  return (x - mean) / stddev;
}

void Normalization::adapt(const Tensor& data) {
  adapt(data::Dataset::from_tensors({data}));
}

void Normalization::adapt(const data::Dataset& dataset) {
  reset_state();
  for (const data::Element& element : dataset) {
    if (element.empty()) throw InvalidArgumentError("[" + name() + "] adapt() got an empty dataset element");
    update_state(element[0]);
  }
  finalize_state();
}

void Normalization::reset_state() { running_ = {}; }

void Normalization::update_state(const Tensor& data) {
  if (options_.mean) throw InvalidArgumentError("[" + name() + "] has a fixed mean and variance; adapt() cannot change them");
  const Tensor batch = cast(data, dtype());
  if (!built()) build_for({batch.shape()});
  const std::vector<std::int64_t> keep = keep_axes(batch.rank());
  for (std::size_t i = 0; i < keep.size(); ++i)
    if (batch.shape()[static_cast<int>(keep[i])] != weight(0).shape()[static_cast<int>(i)])
      throw InvalidArgumentError("[" + name() + "] adapt() got a batch of shape " + batch.shape().to_string() +
                                 " whose kept axes do not match the layer's statistics " + weight(0).shape().to_string());
  std::vector<std::int64_t> reduce;
  double count = 1;
  for (int d = 0; d < batch.rank(); ++d)
    if (std::find(keep.begin(), keep.end(), d) == keep.end()) {
      reduce.push_back(d);
      count *= static_cast<double>(batch.shape()[d]);
    }
  if (count == 0) return;
  const Tensor mean = reduce.empty() ? batch : reduce_mean(batch, reduce);
  const Tensor var = reduce.empty() ? zeros_like(batch) : reduce_mean(square(batch - reduce_mean(batch, reduce, {.keepdims = true})), reduce);
  running_.count += count;
  if (!running_.mean.defined()) {
    running_.mean = mean;
    running_.variance = var;
    return;
  }
  // The batch's share of all values seen; the variance by the lack-of-fit sum of squares, as Keras.
  const double w = count / running_.count;
  const Tensor new_mean = running_.mean * (1 - w) + mean * w;
  running_.variance = (running_.variance + square(running_.mean - new_mean)) * (1 - w) + (var + square(mean - new_mean)) * w;
  running_.mean = new_mean;
}

void Normalization::finalize_state() {
  if (!running_.mean.defined()) throw InvalidArgumentError("[" + name() + "] adapt() got no data");
  auto dims = [](const Variable& v) { return std::vector<std::int64_t>(v.shape().dims().begin(), v.shape().dims().end()); };
  Variable mean_weight = weight(0), variance_weight = weight(1);
  mean_weight.assign(reshape(running_.mean, dims(mean_weight)));
  variance_weight.assign(reshape(running_.variance, dims(variance_weight)));
  reset_state();
}

Config Normalization::get_config() const {
  Config c = Layer::get_config();
  ConfigValue::List axis(options_.axis.begin(), options_.axis.end());  // -1 stays -1 (not None)
  c["axis"] = axis;
  c["invert"] = options_.invert;
  auto list = [](const std::optional<std::vector<double>>& v) -> ConfigValue {
    if (!v) return nullptr;
    ConfigValue::List out(v->begin(), v->end());
    return out;
  };
  c["mean"] = list(options_.mean);
  c["variance"] = list(options_.variance);
  return c;
}

Normalization Normalization::from_config(const Config& c) {
  NormalizationOptions o;
  detail::read_common(c, o);
  if (auto it = c.find("axis"); it != c.end()) {
    if (it->second.is_null()) o.axis = {};
    else if (it->second.holds<ConfigValue::List>()) {
      o.axis.clear();
      for (const ConfigValue& v : it->second.get<ConfigValue::List>()) o.axis.push_back(v.get<std::int64_t>());
    } else {
      o.axis = {it->second.get<std::int64_t>()};
    }
  }
  if (auto it = c.find("invert"); it != c.end()) o.invert = it->second.get<bool>();
  auto values = [&](const char* key) -> std::optional<std::vector<double>> {
    auto it = c.find(key);
    if (it == c.end() || it->second.is_null()) return std::nullopt;
    if (!it->second.holds<ConfigValue::List>()) return std::vector<double>{it->second.as_double()};
    std::vector<double> out;
    for (const ConfigValue& v : it->second.get<ConfigValue::List>()) out.push_back(v.as_double());
    return out;
  };
  o.mean = values("mean");
  o.variance = values("variance");
  return Normalization(o);
}

}  // namespace tf::keras::layers
