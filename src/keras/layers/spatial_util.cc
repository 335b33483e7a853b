#include "keras/layers/spatial_util.h"

#include <algorithm>
#include <cctype>

#include "tfpp/array_ops.h"
#include "tfpp/errors.h"

namespace tf::keras::detail {

std::string tuple_text(const std::vector<std::int64_t>& v) {
  std::string s = "(";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + (v.size() == 1 ? ",)" : ")");
}

std::vector<std::int64_t> spatial_tuple(const std::string& layer, const nn::Sizes& sizes, int rank, const char* what,
                                        bool allow_zero) {
  std::vector<std::int64_t> v = sizes.values();
  if (v.size() == 1) v.assign(static_cast<std::size_t>(rank), v[0]);
  if (static_cast<int>(v.size()) != rank)
    throw InvalidArgumentError("[" + layer + "] the `" + what + "` argument must be a tuple of " + std::to_string(rank) +
                               " integers. Received " + what + "=" + tuple_text(sizes.values()));
  for (std::int64_t d : v)
    if (d < 0 || (d == 0 && !allow_zero))
      throw InvalidArgumentError("[" + layer + "] the `" + what + "` argument must be a tuple of " +
                                 (allow_zero ? "non-negative" : "positive") + " integers. Received " + what + "=" +
                                 tuple_text(sizes.values()));
  return v;
}

nn::Sizes sizes_from(const ConfigValue& value) {
  if (value.holds<std::int64_t>()) return nn::Sizes(value.get<std::int64_t>());
  std::vector<std::int64_t> v;
  for (const ConfigValue& x : value.get<ConfigValue::List>()) v.push_back(x.get<std::int64_t>());
  return nn::Sizes(std::move(v));
}

bool channels_first(const std::string& layer, const std::string& data_format) {
  if (data_format == "channels_last") return false;
  if (data_format == "channels_first") return true;
  throw InvalidArgumentError("[" + layer + "] the `data_format` argument must be one of {'channels_first', 'channels_last'}. "
                             "Received: data_format=" + data_format);
}

std::string padding_mode(const std::string& layer, const std::string& padding, const std::vector<std::string>& allowed) {
  std::string mode = padding;
  std::transform(mode.begin(), mode.end(), mode.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (std::find(allowed.begin(), allowed.end(), mode) == allowed.end()) {
    std::string options;
    for (const std::string& a : allowed) options += (options.empty() ? "'" : ", '") + a + "'";
    throw InvalidArgumentError("[" + layer + "] the `padding` argument must be one of {" + options + "}. Received: " + padding);
  }
  return mode;
}

Tensor to_channels_last(const Tensor& x) {
  std::vector<std::int64_t> perm{0};
  for (int i = 2; i < x.rank(); ++i) perm.push_back(i);
  perm.push_back(1);
  return transpose(x, perm);
}

Tensor to_channels_first(const Tensor& x) {
  std::vector<std::int64_t> perm{0, x.rank() - 1};
  for (int i = 1; i < x.rank() - 1; ++i) perm.push_back(i);
  return transpose(x, perm);
}

void require_rank(const std::string& layer, const TensorShape& shape, int ndim, bool at_least) {
  if (shape.has_unknown_rank()) throw InvalidArgumentError("[" + layer + "] needs inputs of known rank");
  if (at_least ? shape.rank() >= ndim : shape.rank() == ndim) return;
  throw InvalidArgumentError("[" + layer + "] input 0 is incompatible with the layer: expected " +
                             (at_least ? "min_ndim=" : "ndim=") + std::to_string(ndim) + ", found ndim=" +
                             std::to_string(shape.rank()) + ". Full shape received: " + shape.to_string());
}

std::int64_t known_channels(const std::string& layer, const TensorShape& shape, bool channels_first) {
  const std::int64_t c = shape[channels_first ? 1 : -1];
  if (c < 0)
    throw InvalidArgumentError("[" + layer + "] the channel dimension of the inputs should be defined, got input shape " +
                               shape.to_string());
  return c;
}

std::int64_t conv_transpose_size(std::int64_t in, std::int64_t kernel, std::int64_t stride, const std::string& padding,
                                 std::optional<std::int64_t> output_padding, std::int64_t dilation) {
  const std::int64_t k = (kernel - 1) * dilation + 1;
  if (padding == "valid") return (in - 1) * stride + k + output_padding.value_or(std::max(k, stride) - k);
  if (!output_padding) return in * stride;
  return (in - 1) * stride + k - 2 * (k / 2) + *output_padding;
}

void check_positive(const std::string& layer, const char* what, std::int64_t value) {
  if (value <= 0)
    throw InvalidArgumentError("[" + layer + "] invalid value for argument `" + what +
                               "`. Expected a strictly positive value. Received " + what + "=" + std::to_string(value) + ".");
}

void check_strides_dilation(const std::string& layer, const std::vector<std::int64_t>& strides,
                            const std::vector<std::int64_t>& dilation) {
  const auto above_one = [](const std::vector<std::int64_t>& v) {
    for (std::int64_t d : v)
      if (d > 1) return true;
    return false;
  };
  if (above_one(strides) && above_one(dilation))
    throw InvalidArgumentError("[" + layer + "] `strides > 1` not supported in conjunction with `dilation_rate > 1`. "
                               "Received: strides=" + tuple_text(strides) + " and dilation_rate=" + tuple_text(dilation));
}

Config with_max_pooling_default(const Config& config) {
  Config with_default = config;
  with_default.try_emplace("pool_size", ConfigValue(std::int64_t{2}));
  return with_default;
}

}  // namespace tf::keras::detail
