#include "tfpp/keras/layers/attention.h"

#include <cmath>

#include "keras/engine/activity_regularization.h"
#include "keras/layers/attention_inputs.h"
#include "keras/layers/config_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/nn_ops.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/softmax_ops.h"

namespace tf::keras::layers {

MultiHeadAttention::MultiHeadAttention(std::int64_t num_heads, std::int64_t key_dim, MultiHeadAttentionOptions options)
    : QueryValueAttention(layer_options(options, "MultiHeadAttention")), num_heads_(num_heads), key_dim_(key_dim),
      options_(std::move(options)) {
  if (num_heads <= 0 || key_dim <= 0)
    throw InvalidArgumentError("[" + name() + "] num_heads and key_dim must be positive, got num_heads=" +
                               std::to_string(num_heads) + ", key_dim=" + std::to_string(key_dim));
  if (!(options_.dropout >= 0 && options_.dropout < 1))
    throw InvalidArgumentError("[" + name() + "] dropout must be in [0, 1), got " + std::to_string(options_.dropout));
  set_supports_masking();
  // Keras gives the activity regularizer to the four projections, not to the layer's output.
  set_activity_regularizer(std::nullopt);
}

void MultiHeadAttention::build_projections(const TensorShape& q, const TensorShape& v, const TensorShape& k) {
  const std::int64_t value_dim = options_.value_dim.value_or(key_dim_);
  const std::int64_t out_dim = options_.output_shape.value_or(q[2]);
  auto dense = [&](const std::string& prefix, const TensorShape& kernel, const TensorShape& bias) {
    add_weight(prefix + "/kernel", kernel,
               {.initializer = options_.kernel_initializer, .regularizer = options_.kernel_regularizer,
                .constraint = options_.kernel_constraint});
    if (options_.use_bias)
      add_weight(prefix + "/bias", bias,
                 {.initializer = options_.bias_initializer, .regularizer = options_.bias_regularizer,
                  .constraint = options_.bias_constraint});
  };
  dense("query", {q[2], num_heads_, key_dim_}, {num_heads_, key_dim_});
  dense("key", {k[2], num_heads_, key_dim_}, {num_heads_, key_dim_});
  dense("value", {v[2], num_heads_, value_dim}, {num_heads_, value_dim});
  dense("attention_output", {num_heads_, value_dim, out_dim}, {out_dim});
}

std::vector<Tensor> MultiHeadAttention::call_masked(const std::vector<Tensor>& inputs, const std::vector<Tensor>& masks,
                                                    bool training) {
  const Layout layout = this->layout(inputs.size());
  const std::size_t expected = 2 + (layout.has_key ? 1 : 0) + (layout.has_attention_mask ? 1 : 0);
  const auto [query, value, key] = detail::attention_inputs(inputs, layout.has_key, expected, name());
  const std::int64_t t_len = query.shape()[1], s_len = value.shape()[1];

  // The boolean [B, T, S] mask: Keras' _compute_attention_mask.
  Tensor mask = detail::attention_padding_mask(masks, layout.has_key);
  auto join = [&](const Tensor& m) { mask = mask.defined() ? logical_and(mask, m) : m; };
  auto as_bool = [](const Tensor& m) { return m.dtype() == bool_ ? m : cast(m, bool_); };
  if (layout.use_causal_mask) {
    if (t_len < 0 || s_len < 0)
      throw InvalidArgumentError("[" + name() + "] use_causal_mask needs the query and value lengths known, got " +
                                 query.shape().to_string() + " and " + value.shape().to_string());
    const Tensor ones_ts = ones({t_len, s_len}, int32);
    join(expand_dims(greater_equal(cumsum(ones_ts, 0), cumsum(ones_ts, 1)), 0));
  }
  if (layout.has_attention_mask) {
    const Tensor& given = inputs.back();
    if (given.rank() != 3 && given.rank() != 2)
      throw InvalidArgumentError("[" + name() + "] attention_mask must have shape (batch, T, S) or (T, S), got " +
                                 given.shape().to_string());
    join(as_bool(given));
  }

  std::size_t w = 0;
  auto regularize = [&](const Tensor& y) {
    if (options_.activity_regularizer) add_loss(keras::detail::activity_loss(*options_.activity_regularizer, y));
  };
  auto project = [&](const Tensor& x) {
    Tensor y = einsum("abc,cde->abde", {x, weight(w++)});
    if (options_.use_bias) y = y + weight(w++);
    regularize(y);
    return y;
  };
  Tensor q = project(query);
  Tensor k = project(key);
  Tensor v = project(value);
  q = q * (1.0 / std::sqrt(static_cast<double>(key_dim_)));
  Tensor scores = einsum("aecd,abcd->acbe", {k, q});  // [B, N, T, S]
  if (mask.defined()) {
    const Tensor m = expand_dims(mask, -3);  // [B, 1, T, S]
    scores = where(m, scores, scalar_like(scores, -1e9));
    // Keras computes through ops.dot_product_attention unless there is dropout or the scores are
    // returned: a query row masked everywhere then attends uniformly; its Softmax layer, used
    // otherwise, zeroes the masked positions.
    const bool softmax_layer = options_.dropout > 0 || layout.return_attention_scores;
    scores = softmax_layer ? where(m, nn::softmax(scores, -1), scalar_like(scores, 0.0)) : nn::softmax(scores, -1);
  } else {
    scores = nn::softmax(scores, -1);
  }
  Tensor dropped = training && options_.dropout > 0 ? nn::stateless_dropout(scores, options_.dropout, next_seed(options_.seed)) : scores;
  Tensor out = einsum("acbe,aecd->abcd", {dropped, v});  // [B, T, N, value_dim]
  out = einsum("abcd,cde->abe", {out, weight(w++)});
  if (options_.use_bias) out = out + weight(w++);
  regularize(out);
  if (layout.return_attention_scores) return {out, scores};
  return {out};
}

Config MultiHeadAttention::get_config() const {
  Config c = Layer::get_config();
  c["num_heads"] = num_heads_;
  c["key_dim"] = key_dim_;
  c["value_dim"] = options_.value_dim.value_or(key_dim_);
  c["dropout"] = options_.dropout;
  c["use_bias"] = options_.use_bias;
  c["output_shape"] = options_.output_shape ? ConfigValue(*options_.output_shape) : ConfigValue();
  // Keras resolves None to the axes between batch and features once built: (1,) for rank 3.
  c["attention_axes"] = built() ? ConfigValue(ConfigValue::List{std::int64_t{1}}) : ConfigValue();
  c["kernel_initializer"] = detail::object_config(options_.kernel_initializer);
  c["bias_initializer"] = detail::object_config(options_.bias_initializer);
  c["kernel_regularizer"] = detail::optional_config(options_.kernel_regularizer);
  c["bias_regularizer"] = detail::optional_config(options_.bias_regularizer);
  c["activity_regularizer"] = detail::optional_config(options_.activity_regularizer);
  c["kernel_constraint"] = detail::optional_config(options_.kernel_constraint);
  c["bias_constraint"] = detail::optional_config(options_.bias_constraint);
  c["seed"] = options_.seed ? ConfigValue(*options_.seed) : ConfigValue();
  c["use_gate"] = false;
  c["sliding_window"] = nullptr;
  return c;
}

MultiHeadAttention MultiHeadAttention::from_config(const Config& c) {
  MultiHeadAttentionOptions o;
  detail::read_common(c, o);
  auto opt_int = [&](const char* key) -> std::optional<std::int64_t> {
    auto it = c.find(key);
    if (it == c.end() || it->second.is_null()) return std::nullopt;
    if (it->second.holds<ConfigValue::List>()) return detail::int_list_from(it->second).at(0);
    return it->second.get<std::int64_t>();
  };
  o.value_dim = opt_int("value_dim");
  o.output_shape = opt_int("output_shape");
  o.seed = opt_int("seed");
  if (auto it = c.find("dropout"); it != c.end()) o.dropout = it->second.as_double();
  if (auto it = c.find("use_bias"); it != c.end()) o.use_bias = it->second.get<bool>();
  if (auto it = c.find("attention_axes"); it != c.end() && !it->second.is_null()) {
    const auto axes = detail::int_list_from(it->second);
    if (axes != std::vector<std::int64_t>{1})
      throw InvalidArgumentError("[MultiHeadAttention] attends over the time axis of rank-3 inputs (attention_axes=None or "
                                 "(1,)), the config asks for other axes");
  }
  if (auto it = c.find("use_gate"); it != c.end() && it->second.holds<bool>() && it->second.get<bool>())
    throw InvalidArgumentError("[MultiHeadAttention] use_gate=True is not supported (the config asks for it)");
  if (auto it = c.find("sliding_window"); it != c.end() && !it->second.is_null())
    throw InvalidArgumentError("[MultiHeadAttention] sliding_window is not supported (the config sets it to " +
                               to_json(it->second) + ")");
  if (auto it = c.find("kernel_initializer"); it != c.end()) o.kernel_initializer = detail::initializer_from(it->second);
  if (auto it = c.find("bias_initializer"); it != c.end()) o.bias_initializer = detail::initializer_from(it->second);
  if (auto it = c.find("kernel_regularizer"); it != c.end()) o.kernel_regularizer = detail::regularizer_from(it->second);
  if (auto it = c.find("bias_regularizer"); it != c.end()) o.bias_regularizer = detail::regularizer_from(it->second);
  if (auto it = c.find("kernel_constraint"); it != c.end()) o.kernel_constraint = detail::constraint_from(it->second);
  if (auto it = c.find("bias_constraint"); it != c.end()) o.bias_constraint = detail::constraint_from(it->second);
  return MultiHeadAttention(detail::config_at(c, "num_heads", "MultiHeadAttention").get<std::int64_t>(),
                            detail::config_at(c, "key_dim", "MultiHeadAttention").get<std::int64_t>(), o);
}

}  // namespace tf::keras::layers
