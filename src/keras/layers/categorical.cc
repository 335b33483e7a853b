#include "tfpp/keras/layers/categorical.h"

#include "keras/layers/categorical_encoding.h"
#include "keras/layers/config_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layers/deserialize.h"
#include "tfpp/math_ops.h"
#include "tfpp/string_hashing.h"
#include "tfpp/string_ops.h"

namespace tf::keras::layers {
namespace {

// Keras' default dtype of Hashing: int64 for "int" output, else the float dtype given.
template <class O>
O with_hashing_dtype(O o) {
  if (o.output_mode == "int" && o.dtype == float32) o.dtype = int64;
  return o;
}

void check_not_sparse(bool sparse, const std::string& layer) {
  if (sparse) throw InvalidArgumentError("[" + layer + "] sparse outputs are not supported by tfpp");
}


}  // namespace

// --- Hashing ---------------------------------------------------------------------------------

Hashing::Hashing(std::int64_t num_bins, HashingOptions options)
    : Layer(layer_options(with_hashing_dtype(options), "Hashing")), num_bins_(num_bins), options_(std::move(options)) {
  if (num_bins <= 0)
    throw InvalidArgumentError("[" + name() + "] The `num_bins` for `Hashing` cannot be `None` or non-positive values. "
                               "Received: num_bins=" + std::to_string(num_bins) + ".");
  const std::string& mode = options_.output_mode;
  if (mode != "int" && mode != "one_hot" && mode != "multi_hot" && mode != "count")
    throw InvalidArgumentError("[" + name() + "] Invalid value for argument `output_mode`. Expected one of ('int', "
                               "'one_hot', 'multi_hot', 'count'). Received: output_mode=" + mode);
  if (mode == "int" && dtype() != int32 && dtype() != int64)
    throw InvalidArgumentError("[" + name() + "] When `output_mode=\"int\"`, `dtype` should be an integer type, 'int32' or "
                               "'in64'. Received: dtype=" + std::string(dtype_name(dtype())));
  check_not_sparse(options_.sparse, name());
  if (options_.salt) {
    if (options_.salt->size() == 1) options_.salt->push_back(options_.salt->front());
    if (options_.salt->size() != 2)
      throw InvalidArgumentError("[" + name() + "] The `salt` argument for `Hashing` can only be a tuple of size 2 "
                                 "integers, or a single integer.");
  }
}

Tensor Hashing::bins_of(const Tensor& input) const {
  std::int64_t bins = num_bins_;
  Tensor mask;
  if (options_.mask_value && bins > 1) {
    --bins;
    const Tensor mask_value = std::holds_alternative<std::string>(*options_.mask_value)
                                  ? constant(std::get<std::string>(*options_.mask_value))
                                  : cast(constant(std::get<std::int64_t>(*options_.mask_value)), input.dtype());
    mask = equal(input, mask_value);
  }
  Tensor values = is_floating(input.dtype()) ? cast(input, int64) : input;
  if (values.dtype() != string) values = strings::as_string(values);
  Tensor hashed = options_.salt ? strings::to_hash_bucket_strong(values, bins, *options_.salt)
                                : strings::to_hash_bucket_fast(values, bins);
  if (mask.defined()) hashed = where(mask, constant(std::int64_t{0}), hashed + constant(std::int64_t{1}));
  return hashed;
}

Tensor Hashing::call(const Tensor& inputs, bool) {
  return detail::encode_categorical(bins_of(inputs), options_.output_mode, num_bins_, dtype());
}

Config Hashing::get_config() const {
  Config c = Layer::get_config();
  c["num_bins"] = num_bins_;
  c["salt"] = options_.salt ? detail::int_list(*options_.salt) : ConfigValue(nullptr);
  if (!options_.mask_value) c["mask_value"] = nullptr;
  else if (auto* s = std::get_if<std::string>(&*options_.mask_value)) c["mask_value"] = *s;
  else c["mask_value"] = std::get<std::int64_t>(*options_.mask_value);
  c["output_mode"] = options_.output_mode;
  c["sparse"] = options_.sparse;
  return c;
}

Hashing Hashing::from_config(const Config& c) {
  HashingOptions o;
  detail::read_common(c, o);
  detail::read_if_present(c, "output_mode", o.output_mode, [](const ConfigValue& v) { return v.get<std::string>(); });
  detail::read_if_present(c, "sparse", o.sparse, [](const ConfigValue& v) { return v.get<bool>(); });
  if (auto it = c.find("salt"); it != c.end() && !it->second.is_null())
    o.salt = it->second.holds<ConfigValue::List>() ? detail::int_list_from(it->second)
                                                   : std::vector<std::int64_t>{it->second.get<std::int64_t>()};
  if (auto it = c.find("mask_value"); it != c.end() && !it->second.is_null()) {
    if (it->second.holds<std::string>()) o.mask_value = it->second.get<std::string>();
    else o.mask_value = it->second.get<std::int64_t>();
  }
  return Hashing(detail::config_at(c, "num_bins", "Hashing").get<std::int64_t>(), o);
}

// --- CategoryEncoding ------------------------------------------------------------------------

CategoryEncoding::CategoryEncoding(std::int64_t num_tokens, CategoryEncodingOptions options)
    : Layer(layer_options(options, "CategoryEncoding")), num_tokens_(num_tokens), options_(std::move(options)) {
  if (options_.output_mode == "binary") options_.output_mode = "multi_hot";
  const std::string& mode = options_.output_mode;
  if (mode != "count" && mode != "one_hot" && mode != "multi_hot")
    throw InvalidArgumentError("[" + name() + "] Unknown arg for output_mode: " + mode);
  if (num_tokens < 1)
    throw InvalidArgumentError("[" + name() + "] `num_tokens` must be >= 1. Received: num_tokens=" +
                               std::to_string(num_tokens) + ".");
  check_not_sparse(options_.sparse, name());
}

Tensor CategoryEncoding::call(const Tensor& inputs, bool) {
  return detail::encode_categorical(inputs, options_.output_mode, num_tokens_, dtype());
}

Tensor CategoryEncoding::call_weighted(const Tensor& inputs, const Tensor& count_weights) {
  if (options_.output_mode != "count")
    throw InvalidArgumentError("[" + name() + "] `count_weights` is not used when `output_mode` is not `'count'`.");
  return detail::encode_categorical(inputs, options_.output_mode, num_tokens_, dtype(), cast(count_weights, dtype()));
}

Config CategoryEncoding::get_config() const {
  Config c = Layer::get_config();
  c["num_tokens"] = num_tokens_;
  c["output_mode"] = options_.output_mode;
  return c;
}

CategoryEncoding CategoryEncoding::from_config(const Config& c) {
  CategoryEncodingOptions o;
  detail::read_common(c, o);
  detail::read_if_present(c, "output_mode", o.output_mode, [](const ConfigValue& v) { return v.get<std::string>(); });
  detail::read_if_present(c, "sparse", o.sparse, [](const ConfigValue& v) { return v.get<bool>(); });
  return CategoryEncoding(detail::config_at(c, "num_tokens", "CategoryEncoding").get<std::int64_t>(), o);
}

namespace {
[[maybe_unused]] const bool registered = [] {
  register_layer_class("Hashing", [](const Config& c) { return std::make_shared<Hashing>(Hashing::from_config(c)); });
  register_layer_class("CategoryEncoding",
                       [](const Config& c) { return std::make_shared<CategoryEncoding>(CategoryEncoding::from_config(c)); });
  return true;
}();
}  // namespace

}  // namespace tf::keras::layers
