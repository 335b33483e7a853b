#include "tfpp/keras/layers/core.h"

#include <algorithm>

#include "keras/layers/config_util.h"
#include "keras/layers/lora_adapter.h"
#include "keras/layers/spatial_util.h"
#include "tfpp/keras/activation_functions.h"
#include "tfpp/activation_ops.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/nn_ops.h"
#include "tfpp/softmax_ops.h"

namespace tf::keras::layers {

namespace {

// The non-batch dimensions of `shape`, which must be known.
std::vector<std::int64_t> sample_dims(const std::string& layer, const TensorShape& shape) {
  if (shape.has_unknown_rank()) throw InvalidArgumentError("[" + layer + "] needs inputs of known rank");
  std::vector<std::int64_t> dims(shape.dims().begin() + (shape.rank() > 0 ? 1 : 0), shape.dims().end());
  for (std::int64_t d : dims)
    if (d < 0) throw InvalidArgumentError("[" + layer + "] needs the non-batch dimensions known, got " + shape.to_string());
  return dims;
}

std::int64_t product(const std::vector<std::int64_t>& v) {
  std::int64_t n = 1;
  for (std::int64_t d : v) n *= d;
  return n;
}

}  // namespace

// ---- Dense -------------------------------------------------------------------------------

Dense::Dense(std::int64_t units, DenseOptions options)
    : Layer(layer_options(options, "Dense")),
      units_(units),
      options_(std::move(options)),
      lora_(std::make_shared<detail::LoraState>()) {
  if (units <= 0) throw InvalidArgumentError("[" + name() + "] units must be positive, got " + std::to_string(units));
  set_supports_masking();
}

void Dense::build(const TensorShape& input_shape) {
  if (input_shape.rank() < 1 || input_shape[-1] < 0)
    throw InvalidArgumentError("[" + name() + "] needs the last input dimension known, got " + input_shape.to_string());
  const std::int64_t in = input_shape[-1];
  add_weight("kernel", {in, units_},
             {.initializer = options_.kernel_initializer, .regularizer = options_.kernel_regularizer,
              .constraint = options_.kernel_constraint});
  if (options_.use_bias)
    add_weight("bias", {units_},
               {.initializer = options_.bias_initializer, .regularizer = options_.bias_regularizer,
                .constraint = options_.bias_constraint});
  set_input_spec({.min_ndim = 2, .axes = {{-1, in}}});
  // Keras' Dense.build calls enable_lora(lora_rank) without lora_alpha, so alpha becomes the rank.
  if (options_.lora_rank) {
    set_built();  // as Keras' build, which marks the layer built first
    enable_lora(*options_.lora_rank);
  }
}

void Dense::enable_lora(std::int64_t rank, LoraOptions options) {
  detail::enable_lora(*this, *lora_, rank, options,
                      detail::kernel_lora_target(options_.kernel_constraint.has_value(), options_.kernel_regularizer));
}

bool Dense::lora_enabled() const { return lora_->rank > 0; }

Tensor Dense::call(const Tensor& inputs, bool) {
  // Integer inputs (images as 0..255) become the layer's dtype, as Keras' matmul promotes them.
  Tensor x = is_floating(inputs.dtype()) ? inputs : cast(inputs, dtype());
  const TensorShape& shape = x.shape();
  const Tensor kernel = detail::lora_kernel(*lora_, weight(0));
  Tensor y;
  if (shape.rank() == 2) {
    y = matmul(x, kernel);
  } else {
    // [..., in] -> [-1, in] -> one matmul -> [..., units].
    const Tensor rows = matmul(reshape(x, {-1, shape[-1]}), kernel);
    std::vector<std::int64_t> out_shape{-1};
    for (int i = 1; i < shape.rank() - 1; ++i) out_shape.push_back(shape[i]);
    out_shape.push_back(units_);
    if (std::count(out_shape.begin(), out_shape.end(), -1) == 1) {
      y = reshape(rows, out_shape);
    } else {  // sequences of any length, traced: the leading dimensions are the input's when it runs
      const Tensor leading = slice(tf::shape(x), {0}, {shape.rank() - 1});
      y = reshape(rows, concat({leading, constant({static_cast<std::int32_t>(units_)})}, 0));
    }
  }
  if (options_.use_bias) y = y + weight(1);
  return options_.activation(y);
}

Config Dense::get_config() const {
  Config c = Layer::get_config();
  c["units"] = units_;
  c["activation"] = options_.activation.name();
  c["use_bias"] = options_.use_bias;
  c["kernel_initializer"] = detail::object_config(options_.kernel_initializer);
  c["bias_initializer"] = detail::object_config(options_.bias_initializer);
  c["kernel_regularizer"] = detail::optional_config(options_.kernel_regularizer);
  c["bias_regularizer"] = detail::optional_config(options_.bias_regularizer);
  c["kernel_constraint"] = detail::optional_config(options_.kernel_constraint);
  c["bias_constraint"] = detail::optional_config(options_.bias_constraint);
  detail::write_lora_config(c, *lora_, options_.lora_rank, options_.lora_alpha);
  detail::write_no_quantization(c);
  return c;
}

Dense Dense::from_config(const Config& c) {
  DenseOptions o;
  detail::read_common(c, o);
  if (auto it = c.find("activation"); it != c.end() && !it->second.is_null()) o.activation = it->second.get<std::string>();
  if (auto it = c.find("use_bias"); it != c.end()) o.use_bias = it->second.get<bool>();
  if (auto it = c.find("kernel_initializer"); it != c.end()) o.kernel_initializer = detail::initializer_from(it->second);
  if (auto it = c.find("bias_initializer"); it != c.end()) o.bias_initializer = detail::initializer_from(it->second);
  if (auto it = c.find("kernel_regularizer"); it != c.end()) o.kernel_regularizer = detail::regularizer_from(it->second);
  if (auto it = c.find("bias_regularizer"); it != c.end()) o.bias_regularizer = detail::regularizer_from(it->second);
  if (auto it = c.find("kernel_constraint"); it != c.end()) o.kernel_constraint = detail::constraint_from(it->second);
  if (auto it = c.find("bias_constraint"); it != c.end()) o.bias_constraint = detail::constraint_from(it->second);
  detail::read_lora_config(c, o.lora_rank, o.lora_alpha);
  detail::refuse_quantization(c, "Dense");
  return Dense(detail::config_at(c, "units", "Dense").get<std::int64_t>(), o);
}

// ---- Activation layers ---------------------------------------------------------------------

Activation::Activation(activations::Activation activation, BasicOptions options)
    : Layer(layer_options(options, "Activation")), activation_(std::move(activation)) {
  set_supports_masking();
}
Tensor Activation::call(const Tensor& inputs, bool) { return activation_(inputs); }
Config Activation::get_config() const {
  Config c = Layer::get_config();
  c["activation"] = activation_.name();
  return c;
}
Activation Activation::from_config(const Config& c) {
  BasicOptions o;
  detail::read_common(c, o);
  return Activation(detail::config_at(c, "activation", "Activation").get<std::string>(), o);
}

ReLU::ReLU(ReLUOptions options) : Layer(layer_options(options, "ReLU")), options_(std::move(options)) {
  if (options_.max_value && *options_.max_value < 0)
    throw InvalidArgumentError("[" + name() + "] max_value must be >= 0, got " + std::to_string(*options_.max_value));
  if (options_.negative_slope < 0)
    throw InvalidArgumentError("[" + name() + "] negative_slope must be >= 0, got " + std::to_string(options_.negative_slope));
}

Tensor ReLU::call(const Tensor& x, bool) {
  return activations::relu(x, {.negative_slope = options_.negative_slope, .max_value = options_.max_value,
                               .threshold = options_.threshold});
}

Config ReLU::get_config() const {
  Config c = Layer::get_config();
  c["max_value"] = options_.max_value ? ConfigValue(*options_.max_value) : ConfigValue();
  c["negative_slope"] = options_.negative_slope;
  c["threshold"] = options_.threshold;
  return c;
}
ReLU ReLU::from_config(const Config& c) {
  ReLUOptions o;
  detail::read_common(c, o);
  if (auto it = c.find("max_value"); it != c.end() && !it->second.is_null()) o.max_value = it->second.as_double();
  if (auto it = c.find("negative_slope"); it != c.end()) o.negative_slope = it->second.as_double();
  if (auto it = c.find("threshold"); it != c.end()) o.threshold = it->second.as_double();
  return ReLU(o);
}

LeakyReLU::LeakyReLU(LeakyReLUOptions options) : Layer(layer_options(options, "LeakyReLU")), options_(std::move(options)) {}
Tensor LeakyReLU::call(const Tensor& x, bool) { return activations::leaky_relu(x, options_.negative_slope); }
Config LeakyReLU::get_config() const {
  Config c = Layer::get_config();
  c["negative_slope"] = options_.negative_slope;
  return c;
}
LeakyReLU LeakyReLU::from_config(const Config& c) {
  LeakyReLUOptions o;
  detail::read_common(c, o);
  if (auto it = c.find("negative_slope"); it != c.end()) o.negative_slope = it->second.as_double();
  return LeakyReLU(o);
}

Softmax::Softmax(SoftmaxOptions options) : Layer(layer_options(options, "Softmax")), options_(std::move(options)) {}
Tensor Softmax::call(const Tensor& x, bool) { return nn::softmax(x, options_.axis); }
Config Softmax::get_config() const {
  Config c = Layer::get_config();
  c["axis"] = options_.axis;
  return c;
}
Softmax Softmax::from_config(const Config& c) {
  SoftmaxOptions o;
  detail::read_common(c, o);
  if (auto it = c.find("axis"); it != c.end()) o.axis = it->second.get<std::int64_t>();
  return Softmax(o);
}

// ---- Dropout -----------------------------------------------------------------------------

Dropout::Dropout(double rate, DropoutOptions options)
    : Layer(layer_options(options, "Dropout")), rate_(rate), options_(std::move(options)) {
  if (!(rate >= 0 && rate <= 1))
    throw InvalidArgumentError("[" + name() + "] invalid value received for argument `rate`. Expected a float value "
                               "between 0 and 1. Received: rate=" + std::to_string(rate));
  if (options_.noise_shape)
    for (std::size_t i = 0; i < options_.noise_shape->size(); ++i)
      if (const std::int64_t d = (*options_.noise_shape)[i]; d != -1 && d <= 0)
        throw InvalidArgumentError("[" + name() + "] invalid value received for argument `noise_shape`. Expected all "
                                   "dimensions to be positive integers or None. Received negative or zero value at "
                                   "index " + std::to_string(i) + ": " + std::to_string(d));
  set_supports_masking();
}
Tensor Dropout::call(const Tensor& x, bool training) {
  if (!training || rate_ == 0) return x;
  if (rate_ == 1) return x * 0.0;
  return nn::stateless_dropout(x, rate_, next_seed(options_.seed), options_.noise_shape.value_or(std::vector<std::int64_t>{}));
}
Config Dropout::get_config() const {
  Config c = Layer::get_config();
  c["rate"] = rate_;
  c["seed"] = options_.seed ? ConfigValue(*options_.seed) : ConfigValue();
  c["noise_shape"] = options_.noise_shape ? detail::int_list(*options_.noise_shape) : ConfigValue();
  return c;
}
Dropout Dropout::from_config(const Config& c) {
  DropoutOptions o;
  detail::read_common(c, o);
  detail::read_if_present(c, "seed", o.seed, [](const ConfigValue& v) { return v.get<std::int64_t>(); });
  detail::read_if_present(c, "noise_shape", o.noise_shape, [](const ConfigValue& v) { return detail::int_list_from(v); });
  return Dropout(detail::config_at(c, "rate", "Dropout").as_double(), o);
}

// ---- Reshaping layers ----------------------------------------------------------------------

Reshape::Reshape(std::vector<std::int64_t> target_shape, BasicOptions options)
    : Layer(layer_options(options, "Reshape")), target_shape_(std::move(target_shape)) {
  int unknown = 0;
  for (std::int64_t d : target_shape_) {
    if (d == -1) ++unknown;
    else if (d <= 0) throw InvalidArgumentError("[" + name() + "] target_shape dimensions must be positive or -1");
  }
  if (unknown > 1) throw InvalidArgumentError("[" + name() + "] target_shape may hold at most one -1");
}

void Reshape::build(const TensorShape& input_shape) {
  const std::vector<std::int64_t> in = sample_dims(name(), input_shape);
  const std::int64_t total = product(in);
  std::int64_t known = 1, unknown_at = -1;
  for (std::size_t i = 0; i < target_shape_.size(); ++i)
    target_shape_[i] == -1 ? unknown_at = static_cast<std::int64_t>(i) : known *= target_shape_[i];
  auto shape_text = [](const std::vector<std::int64_t>& v) {
    std::string s = "(";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
    return s + (v.size() == 1 ? ",)" : ")");
  };
  if ((unknown_at < 0 && known != total) || (unknown_at >= 0 && (known == 0 || total % known != 0)))
    throw InvalidArgumentError("[" + name() + "] the total size of the new array must be unchanged, input_shape = " +
                               shape_text(in) + ", output_shape = " + shape_text(target_shape_));
}

Tensor Reshape::call(const Tensor& x, bool) {
  std::vector<std::int64_t> shape{-1};
  const std::vector<std::int64_t> in = sample_dims(name(), x.shape());
  std::int64_t known = 1;
  for (std::int64_t d : target_shape_)
    if (d != -1) known *= d;
  for (std::int64_t d : target_shape_) shape.push_back(d == -1 ? product(in) / known : d);
  return reshape(x, shape);
}

Config Reshape::get_config() const {
  Config c = Layer::get_config();
  ConfigValue::List dims;
  for (std::int64_t d : target_shape_) dims.emplace_back(d);
  c["target_shape"] = dims;
  return c;
}
Reshape Reshape::from_config(const Config& c) {
  BasicOptions o;
  detail::read_common(c, o);
  return Reshape(detail::int_list_from(detail::config_at(c, "target_shape", "Reshape")), o);
}

Flatten::Flatten(FlattenOptions options)
    : Layer(layer_options(options, "Flatten")), channels_first_(detail::channels_first(name(), options.data_format)) {}
Tensor Flatten::call(const Tensor& x, bool) {
  if (x.rank() == 1) return expand_dims(x, 1);
  const std::int64_t samples = product(sample_dims(name(), x.shape()));
  if (!channels_first_ || x.rank() < 3) return reshape(x, {-1, samples});
  // Channels go last first, so the flat order is the one channels_last data would have.
  std::vector<std::int64_t> perm{0};
  for (int axis = 2; axis < x.rank(); ++axis) perm.push_back(axis);
  perm.push_back(1);
  return reshape(transpose(x, perm), {-1, samples});
}
Config Flatten::get_config() const {
  Config c = Layer::get_config();
  c["data_format"] = channels_first_ ? "channels_first" : "channels_last";
  return c;
}
Flatten Flatten::from_config(const Config& c) {
  FlattenOptions o;
  detail::read_common(c, o);
  detail::read_if_present(c, "data_format", o.data_format, [](const ConfigValue& v) { return v.get<std::string>(); });
  return Flatten(o);
}

Permute::Permute(std::vector<std::int64_t> dims, BasicOptions options)
    : Layer(layer_options(options, "Permute")), dims_(std::move(dims)) {
  std::vector<bool> seen(dims_.size() + 1, false);
  for (std::int64_t d : dims_) {
    if (d < 1 || d > static_cast<std::int64_t>(dims_.size()) || seen[d])
      throw InvalidArgumentError("[" + name() + "] dims must be a permutation of 1.." + std::to_string(dims_.size()));
    seen[d] = true;
  }
}
void Permute::build(const TensorShape& input_shape) {
  if (input_shape.rank() != static_cast<int>(dims_.size()) + 1)
    throw InvalidArgumentError("[" + name() + "] dims has " + std::to_string(dims_.size()) + " entries but the input " +
                               input_shape.to_string() + " has " + std::to_string(input_shape.rank() - 1) + " non-batch dimensions");
  set_input_spec({.ndim = input_shape.rank()});
}
Tensor Permute::call(const Tensor& x, bool) {
  std::vector<std::int64_t> perm{0};
  perm.insert(perm.end(), dims_.begin(), dims_.end());
  return transpose(x, perm);
}
Config Permute::get_config() const {
  Config c = Layer::get_config();
  c["dims"] = detail::int_list(dims_);
  return c;
}
Permute Permute::from_config(const Config& c) {
  BasicOptions o;
  detail::read_common(c, o);
  return Permute(detail::int_list_from(detail::config_at(c, "dims", "Permute")), o);
}

RepeatVector::RepeatVector(std::int64_t n, BasicOptions options) : Layer(layer_options(options, "RepeatVector")), n_(n) {
  if (n <= 0) throw InvalidArgumentError("[" + name() + "] n must be positive, got " + std::to_string(n));
}
void RepeatVector::build(const TensorShape&) { set_input_spec({.ndim = 2}); }
Tensor RepeatVector::call(const Tensor& x, bool) { return tile(expand_dims(x, 1), {1, n_, 1}); }
Config RepeatVector::get_config() const {
  Config c = Layer::get_config();
  c["n"] = n_;
  return c;
}
RepeatVector RepeatVector::from_config(const Config& c) {
  BasicOptions o;
  detail::read_common(c, o);
  return RepeatVector(detail::config_at(c, "n", "RepeatVector").get<std::int64_t>(), o);
}

// ---- Rescaling and Lambda ------------------------------------------------------------------

Rescaling::Rescaling(double scale, RescalingOptions options)
    : Layer(layer_options(options, "Rescaling")), scale_(scale), options_(std::move(options)) {}
Rescaling::Rescaling(std::vector<double> scales, RescalingOptions options)
    : Layer(layer_options(options, "Rescaling")), scale_(1.0), scales_(std::move(scales)), options_(std::move(options)) {}
Tensor Rescaling::call(const Tensor& x, bool) {
  Tensor y = x.dtype() == dtype() ? x : cast(x, dtype());
  const auto per_channel = [&](const std::vector<double>& values) {
    const std::int64_t n = static_cast<std::int64_t>(values.size());
    if (y.shape().rank() < 1 || (y.shape()[-1] >= 0 && y.shape()[-1] != n && n != 1))
      throw InvalidArgumentError("[" + name() + "] Rescaling has " + std::to_string(n) +
                                 " per-channel values, the inputs' shape is " + y.shape().to_string());
    return cast(constant(values, {n}), y.dtype());
  };
  y = scales_.empty() ? y * scale_ : y * per_channel(scales_);
  if (!options_.offsets.empty()) return y + per_channel(options_.offsets);
  return options_.offset != 0 ? y + options_.offset : y;
}
Config Rescaling::get_config() const {
  const auto list = [](const std::vector<double>& values) { return ConfigValue(ConfigValue::List(values.begin(), values.end())); };
  Config c = Layer::get_config();
  c["scale"] = scales_.empty() ? ConfigValue(scale_) : list(scales_);
  c["offset"] = options_.offsets.empty() ? ConfigValue(options_.offset) : list(options_.offsets);
  return c;
}
Rescaling Rescaling::from_config(const Config& c) {
  RescalingOptions o;
  detail::read_common(c, o);
  const auto values = [](const ConfigValue& v) {
    std::vector<double> out;
    for (const ConfigValue& item : v.get<ConfigValue::List>()) out.push_back(item.as_double());
    return out;
  };
  if (auto it = c.find("offset"); it != c.end()) {
    if (it->second.holds<ConfigValue::List>()) o.offsets = values(it->second);
    else o.offset = it->second.as_double();
  }
  const ConfigValue& scale = detail::config_at(c, "scale", "Rescaling");
  if (scale.holds<ConfigValue::List>()) return Rescaling(values(scale), o);
  return Rescaling(scale.as_double(), o);
}

Lambda::Lambda(Fn fn, BasicOptions options) : Layer(layer_options(options, "Lambda")), fn_(std::move(fn)) {
  if (!fn_) throw InvalidArgumentError("[" + name() + "] needs a function");
}
Tensor Lambda::call(const Tensor& x, bool) { return fn_(x); }

}  // namespace tf::keras::layers
