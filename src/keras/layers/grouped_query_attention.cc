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
    : Layer(gqa_layer_options(options)),
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

void GroupedQueryAttention::build_multi(const std::vector<TensorShape>& shapes) {
  if (shapes.size() < 2)
    throw InvalidArgumentError("[" + name() + "] is called on {query, value} or {query, value, key}, got " +
                               std::to_string(shapes.size()) + " input(s)");
  const TensorShape& q = shapes[0];
  const TensorShape& v = shapes[1];
  const bool has_key = shapes.size() > 2 && layout_.value_or(Layout{.has_key = true}).has_key;
  const TensorShape& k = has_key ? shapes[2] : v;
  for (const TensorShape* s : {&q, &v, &k})
    if (s->has_unknown_rank() || s->rank() != 3 || (*s)[2] < 0)
      throw InvalidArgumentError("[" + name() + "] expects query, value and key of shape (batch, time, features) with known "
                                 "features, got query " + q.to_string() + ", value " + v.to_string() + ", key " + k.to_string());
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
  *built_with_key_ = has_key;
}

Config GroupedQueryAttention::get_build_config() const {
  if (!built()) return {};
  return detail::attention_build_config(build_input_shapes(), *built_with_key_);
}

void GroupedQueryAttention::build_from_config(const Config& build_config) {
  if (built()) return;
  const std::vector<TensorShape> shapes = detail::attention_build_shapes(build_config, name());
  if (!shapes.empty()) build_for(shapes);
}

std::vector<Tensor> GroupedQueryAttention::attend(const Tensor& query, const Tensor& value, const AttentionCall& call) {
  std::vector<Tensor> inputs{query, value};
  Layout layout{.has_key = call.key.defined(), .has_attention_mask = call.attention_mask.defined(),
                .use_causal_mask = call.use_causal_mask, .return_attention_scores = call.return_attention_scores};
  if (call.key.defined()) inputs.push_back(call.key);
  if (call.attention_mask.defined()) inputs.push_back(call.attention_mask);
  auto& self = static_cast<GroupedQueryAttention&>(instance());
  self.layout_ = layout;
  try {
    std::vector<Tensor> out = call_all(inputs, call.training);
    self.layout_.reset();
    return out;
  } catch (...) {
    self.layout_.reset();
    throw;
  }
}

std::vector<Tensor> GroupedQueryAttention::call_multi(const std::vector<Tensor>& inputs, bool training) {
  return call_masked(inputs, std::vector<Tensor>(inputs.size()), training);
}

std::vector<Tensor> GroupedQueryAttention::call_masked(const std::vector<Tensor>& inputs, const std::vector<Tensor>& masks,
                                                       bool training) {
  const Layout layout = layout_.value_or(Layout{.has_key = inputs.size() > 2});
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
      training && options_.dropout > 0 ? nn::dropout(scores, options_.dropout, {.seed = options_.seed}) : scores;
  Tensor out = einsum("buqk,bkuh->bquh", {dropped, v});
  if (gate.defined()) out = out * gate;
  out = einsum("bquh,uhm->bqm", {out, weight(w++)});
  if (options_.use_bias) out = out + weight(w++);
  regularize(out);
  if (layout.return_attention_scores) return {out, scores};
  return {out};
}

Tensor GroupedQueryAttention::compute_mask(const std::vector<Tensor>&, const std::vector<Tensor>& masks) {
  return masks.empty() ? Tensor() : masks[0];
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
