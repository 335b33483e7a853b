// GroupedQueryAttention: Keras 3's projections (EinsumDense sublayers there, weights of this
// layer here, in Keras' order query, key, gate, value, attention_output), key/value heads repeated
// to the query heads, and MultiHeadAttention's masked softmax.
#include "tfpp/keras/layers/grouped_query_attention.h"

#include <cmath>

#include "keras/engine/activity_regularization.h"
#include "keras/layers/attention_inputs.h"
#include "keras/layers/config_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/keras/auto_name.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/nn_ops.h"
#include "tfpp/softmax_ops.h"

namespace tf::keras::layers {

namespace {
// Keras saves the class as "GroupQueryAttention" (its exported name) but names its objects after
// the Python class GroupedQueryAttention.
LayerOptions gqa_layer_options(const GroupedQueryAttentionOptions& o) {
  LayerOptions options = layer_options(o, "GroupQueryAttention");
  if (options.name.empty()) options.name = utils::auto_name("grouped_query_attention");
  return options;
}
}  // namespace

GroupedQueryAttention::GroupedQueryAttention(std::int64_t head_dim, std::int64_t num_query_heads,
                                             std::int64_t num_key_value_heads, GroupedQueryAttentionOptions options)
    : QueryValueAttention(gqa_layer_options(options)),
      head_dim_(head_dim),
      num_query_heads_(num_query_heads),
      num_key_value_heads_(num_key_value_heads),
      options_(std::move(options)) {
  if (head_dim <= 0 || num_query_heads <= 0 || num_key_value_heads <= 0)
    throw InvalidArgumentError("[" + name() + "] head_dim, num_query_heads and num_key_value_heads must be positive, got " +
                               std::to_string(head_dim) + ", " + std::to_string(num_query_heads) + ", " +
                               std::to_string(num_key_value_heads));
  if (num_query_heads % num_key_value_heads != 0)
    throw InvalidArgumentError("[" + name() + "] `num_query_heads` must be divisible by `num_key_value_heads`.");
  if (!(options_.dropout >= 0 && options_.dropout < 1))
    throw InvalidArgumentError("[" + name() + "] dropout must be in [0, 1), got " + std::to_string(options_.dropout));
  if (options_.sliding_window && *options_.sliding_window <= 0)
    throw InvalidArgumentError("[" + name() + "] `sliding_window` must be `None` or a positive integer. Received: sliding_window=" +
                               std::to_string(*options_.sliding_window));
  set_supports_masking();
  // Keras gives the activity regularizer to the projections, not to the layer's output.
  set_activity_regularizer(std::nullopt);
}

void GroupedQueryAttention::build_projections(const TensorShape& q, const TensorShape& v, const TensorShape& k) {
  auto dense = [&](const std::string& prefix, const TensorShape& kernel, const TensorShape& bias) {
    add_weight(prefix + "/kernel", kernel,
               {.initializer = options_.kernel_initializer, .regularizer = options_.kernel_regularizer,
                .constraint = options_.kernel_constraint});
    if (options_.use_bias)
      add_weight(prefix + "/bias", bias,
                 {.initializer = options_.bias_initializer, .regularizer = options_.bias_regularizer,
                  .constraint = options_.bias_constraint});
  };
  dense("query", {q[2], num_query_heads_, head_dim_}, {num_query_heads_, head_dim_});
  dense("key", {k[2], num_key_value_heads_, head_dim_}, {num_key_value_heads_, head_dim_});
  if (options_.use_gate) dense("gate", {q[2], num_query_heads_, head_dim_}, {num_query_heads_, head_dim_});
  dense("value", {v[2], num_key_value_heads_, head_dim_}, {num_key_value_heads_, head_dim_});
  dense("attention_output", {num_query_heads_, head_dim_, q[2]}, {q[2]});
}

std::vector<Tensor> GroupedQueryAttention::call_masked(const std::vector<Tensor>& inputs, const std::vector<Tensor>& masks,
                                                       bool training) {
  const Layout layout = this->layout(inputs.size());
  const std::size_t expected = 2 + (layout.has_key ? 1 : 0) + (layout.has_attention_mask ? 1 : 0);
  const auto [query, value, key] = detail::attention_inputs(inputs, layout.has_key, expected, name());
  const std::int64_t t_len = query.shape()[1], s_len = value.shape()[1];

  // The boolean [B, T, S] mask: Keras' _compute_attention_mask.
  Tensor mask = detail::attention_padding_mask(masks, layout.has_key);
  auto join = [&](const Tensor& m) { mask = mask.defined() ? logical_and(mask, m) : m; };
  auto as_bool = [](const Tensor& m) { return m.dtype() == bool_ ? m : cast(m, bool_); };
  if (layout.use_causal_mask || options_.sliding_window) {
    if (t_len < 0 || s_len < 0)
      throw InvalidArgumentError("[" + name() + "] use_causal_mask and sliding_window need the query and value lengths known, got " +
                                 query.shape().to_string() + " and " + value.shape().to_string());
    const Tensor rows = reshape(range(t_len), {1, t_len, 1});
    const Tensor cols = reshape(range(s_len), {1, 1, s_len});
    if (layout.use_causal_mask) join(greater_equal(rows, cols));
    if (options_.sliding_window) join(math::abs(rows - cols) < constant(static_cast<std::int32_t>(*options_.sliding_window)));
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
    return y;
  };
  Tensor q = project(query);
  regularize(q);
  Tensor k = project(key);
  regularize(k);
  Tensor gate;
  if (options_.use_gate) {
    gate = math::sigmoid(project(query));
    regularize(gate);
  }
  Tensor v = project(value);
  regularize(v);
  // Each key/value head serves num_query_heads / num_key_value_heads consecutive query heads.
  std::vector<std::int32_t> heads;
  for (std::int64_t h = 0; h < num_query_heads_; ++h)
    heads.push_back(static_cast<std::int32_t>(h / (num_query_heads_ / num_key_value_heads_)));
  k = gather(k, constant(heads), {.axis = 2});
  v = gather(v, constant(heads), {.axis = 2});
  q = q * (1.0 / std::sqrt(static_cast<double>(head_dim_)));
  Tensor scores = einsum("bquh,bkuh->buqk", {q, k});  // [B, N, T, S]
  if (mask.defined()) {
    const Tensor m = expand_dims(mask, -3);  // [B, 1, T, S]
    scores = where(m, scores, scalar_like(scores, -1e9));
    // As in MultiHeadAttention: ops.dot_product_attention (a fully masked row attends uniformly)
    // unless there is dropout or the scores are returned, when the Softmax layer zeroes masked positions.
    const bool softmax_layer = options_.dropout > 0 || layout.return_attention_scores;
    scores = softmax_layer ? where(m, nn::softmax(scores, -1), scalar_like(scores, 0.0)) : nn::softmax(scores, -1);
  } else {
    scores = nn::softmax(scores, -1);
  }
  const Tensor dropped =
      training && options_.dropout > 0 ? nn::stateless_dropout(scores, options_.dropout, next_seed(options_.seed)) : scores;
  Tensor out = einsum("buqk,bkuh->bquh", {dropped, v});
  if (gate.defined()) out = out * gate;
  out = einsum("bquh,uhm->bqm", {out, weight(w++)});
  if (options_.use_bias) out = out + weight(w++);
  regularize(out);
  if (layout.return_attention_scores) return {out, scores};
  return {out};
}

Config GroupedQueryAttention::get_config() const {
  Config c = Layer::get_config();
  c["head_dim"] = head_dim_;
  c["num_query_heads"] = num_query_heads_;
  c["num_key_value_heads"] = num_key_value_heads_;
  c["use_bias"] = options_.use_bias;
  c["use_gate"] = options_.use_gate;
  c["sliding_window"] = options_.sliding_window ? ConfigValue(*options_.sliding_window) : ConfigValue();
  c["dropout"] = options_.dropout;
  detail::write_weight_config(c, "kernel", options_.kernel_initializer, options_.kernel_regularizer,
                              options_.kernel_constraint);
  detail::write_weight_config(c, "bias", options_.bias_initializer, options_.bias_regularizer, options_.bias_constraint);
  c["activity_regularizer"] = detail::optional_config(options_.activity_regularizer);
  c["seed"] = options_.seed ? ConfigValue(*options_.seed) : ConfigValue();
  return c;
}

GroupedQueryAttention GroupedQueryAttention::from_config(const Config& c) {
  GroupedQueryAttentionOptions o;
  detail::read_common(c, o);
  const auto integer = [](const ConfigValue& v) { return v.get<std::int64_t>(); };
  detail::read_if_present(c, "dropout", o.dropout, [](const ConfigValue& v) { return v.as_double(); });
  detail::read_if_present(c, "use_bias", o.use_bias, [](const ConfigValue& v) { return v.get<bool>(); });
  detail::read_if_present(c, "use_gate", o.use_gate, [](const ConfigValue& v) { return v.get<bool>(); });
  detail::read_if_present(c, "sliding_window", o.sliding_window, integer);
  detail::read_if_present(c, "seed", o.seed, integer);
  detail::read_weight_config(c, "kernel", o.kernel_initializer, o.kernel_regularizer, o.kernel_constraint);
  detail::read_weight_config(c, "bias", o.bias_initializer, o.bias_regularizer, o.bias_constraint);
  if (auto it = c.find("flash_attention"); it != c.end() && !it->second.is_null() && it->second.get<bool>())
    throw UnimplementedError("[GroupQueryAttention] flash_attention=True is not supported");
  const char* who = "GroupQueryAttention";
  return GroupedQueryAttention(detail::config_at(c, "head_dim", who).get<std::int64_t>(),
                               detail::config_at(c, "num_query_heads", who).get<std::int64_t>(),
                               detail::config_at(c, "num_key_value_heads", who).get<std::int64_t>(), o);
}

}  // namespace tf::keras::layers
