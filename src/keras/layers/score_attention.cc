#include "tfpp/keras/layers/score_attention.h"

#include "keras/layers/config_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/keras/mask.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/nn_ops.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/softmax_ops.h"

namespace tf::keras::layers {

namespace {

AttentionOptions attention_options(const AdditiveAttentionOptions& o) {
  return {.use_scale = o.use_scale, .score_mode = "concat", .dropout = o.dropout, .seed = o.seed,
          .input_shape = o.input_shape, .name = o.name, .trainable = o.trainable, .dtype = o.dtype};
}

// Sizes that are both known and different.
bool differ(std::int64_t a, std::int64_t b) { return a >= 0 && b >= 0 && a != b; }

Tensor as_bool(const Tensor& m) { return m.dtype() == bool_ ? m : cast(m, bool_); }

// Dimension `axis` of `t`'s dynamic shape as an int32 scalar.
Tensor dim(const Tensor& t, std::int64_t axis) { return reshape(slice(shape(t), {axis}, {1}), {}); }

}  // namespace

Attention::Attention(AttentionOptions options) : Attention(std::move(options), "Attention") {}

Attention::Attention(AttentionOptions options, const char* class_name)
    : Layer(layer_options(options, class_name)), options_(std::move(options)) {
  if (options_.score_mode != "dot" && options_.score_mode != "concat")
    throw InvalidArgumentError("[" + name() + "] score_mode must be one of {'dot', 'concat'}, got '" + options_.score_mode +
                               "'");
  if (!(options_.dropout >= 0 && options_.dropout < 1))
    throw InvalidArgumentError("[" + name() + "] dropout must be in [0, 1), got " + std::to_string(options_.dropout));
}

void Attention::check_shapes(const std::vector<TensorShape>& shapes) const {
  if (shapes.size() < 2 || shapes.size() > 3)
    throw InvalidArgumentError("[" + name() + "] is called on {query, value} or {query, value, key}, got " +
                               std::to_string(shapes.size()) + " input(s)");
  const TensorShape& q = shapes[0];
  const TensorShape& v = shapes[1];
  const TensorShape& k = shapes.size() > 2 ? shapes[2] : v;
  const std::string got =
      "got query " + q.to_string() + ", value " + v.to_string() + (shapes.size() > 2 ? ", key " + k.to_string() : "");
  for (const TensorShape* s : {&q, &v, &k})
    if (s->has_unknown_rank() || s->rank() != 3)
      throw InvalidArgumentError("[" + name() + "] expects query, value and key of shape (batch, time, features), " + got);
  if (differ(q[2], k[2]))
    throw InvalidArgumentError("[" + name() + "] query and key must have the same number of features, " + got);
  if (differ(k[1], v[1]))
    throw InvalidArgumentError("[" + name() + "] key and value must have the same length, " + got);
  if (differ(q[0], v[0]) || differ(q[0], k[0]) || differ(k[0], v[0]))
    throw InvalidArgumentError("[" + name() + "] query, value and key must have the same batch size, " + got);
}

void Attention::build_multi(const std::vector<TensorShape>& shapes) {
  check_shapes(shapes);
  if (options_.use_scale) add_weight("scale", {}, {.initializer = initializers::Ones()});
  if (options_.score_mode == "concat") add_weight("concat_score_weight", {}, {.initializer = initializers::Ones()});
}

Tensor Attention::scores(const Tensor& query, const Tensor& key) {
  if (options_.score_mode == "dot") {
    Tensor s = matmul(query, key, {.transpose_b = true});
    return options_.use_scale ? s * weight(0) : s;
  }
  Tensor sum = expand_dims(query, -2) + expand_dims(key, -3);  // [B, Tq, Tv, dim]
  if (options_.use_scale) sum = weight(0) * sum;
  return weight(options_.use_scale ? 1 : 0) * reduce_sum(tanh(sum), {-1});
}

std::vector<Tensor> Attention::attend(const Tensor& query, const Tensor& value, const ScoreAttentionCall& call) {
  std::vector<Tensor> inputs{call.query_mask.defined() ? with_keras_mask(query, call.query_mask) : query,
                             call.value_mask.defined() ? with_keras_mask(value, call.value_mask) : value};
  if (call.key.defined()) inputs.push_back(call.key);
  auto& self = static_cast<Attention&>(instance());
  self.flags_ = Flags{.use_causal_mask = call.use_causal_mask, .return_attention_scores = call.return_attention_scores};
  try {
    std::vector<Tensor> out = call_all(inputs, call.training);
    self.flags_.reset();
    return out;
  } catch (...) {
    self.flags_.reset();
    throw;
  }
}

std::vector<Tensor> Attention::call_multi(const std::vector<Tensor>& inputs, bool training) {
  return call_masked(inputs, std::vector<Tensor>(inputs.size()), training);
}

std::vector<Tensor> Attention::call_masked(const std::vector<Tensor>& inputs, const std::vector<Tensor>& masks,
                                           bool training) {
  std::vector<TensorShape> shapes;
  for (const Tensor& t : inputs) shapes.push_back(t.shape());
  check_shapes(shapes);
  const Flags flags = flags_.value_or(Flags{});
  const Tensor& query = inputs[0];
  const Tensor& value = inputs[1];
  const Tensor& key = inputs.size() > 2 ? inputs[2] : value;
  const Tensor query_mask = masks.size() > 0 && masks[0].defined() ? as_bool(masks[0]) : Tensor();
  const Tensor value_mask = masks.size() > 1 && masks[1].defined() ? as_bool(masks[1]) : Tensor();
  auto check_mask = [&](const Tensor& mask, const char* what, const TensorShape& of) {
    const TensorShape& m = mask.shape();
    if (!m.has_unknown_rank() && (m.rank() != 2 || differ(m[0], of[0]) || differ(m[1], of[1])))
      throw InvalidArgumentError("[" + name() + "] the " + what + " mask must have shape (batch, time) of the " + what +
                                 " " + of.to_string() + ", got " + m.to_string());
  };
  if (query_mask.defined()) check_mask(query_mask, "query", query.shape());
  if (value_mask.defined()) check_mask(value_mask, "value", value.shape());

  Tensor s = scores(query, key);  // [B, Tq, Tv]
  // Keras' _calculate_score_mask: the value mask over keys, and with it the causal mask.
  Tensor scores_mask;
  if (value_mask.defined()) scores_mask = expand_dims(value_mask, -2);  // [B, 1, Tv]
  if (flags.use_causal_mask) {
    const Tensor one = constant(1);
    const Tensor rows = expand_dims(range(constant(0), dim(s, 1), one), -1);
    const Tensor causal = greater_equal(rows, range(constant(0), dim(s, 2), one));  // [Tq, Tv]
    scores_mask = scores_mask.defined() ? logical_and(scores_mask, causal) : causal;
  }
  // Keras' _apply_scores: masked positions lose 1e9 (a row masked whole stays a softmax of its scores).
  if (scores_mask.defined()) s = where(scores_mask, s, s - 1.0e9);
  Tensor weights = nn::softmax(s, -1);
  if (training && options_.dropout > 0) weights = nn::stateless_dropout(weights, options_.dropout, next_seed(options_.seed));
  Tensor out = matmul(weights, value);  // [B, Tq, dim_v]
  if (query_mask.defined()) out = where(expand_dims(query_mask, -1), out, zeros_like(out));
  if (flags.return_attention_scores) return {out, weights};
  return {out};
}

Tensor Attention::compute_mask(const std::vector<Tensor>&, const std::vector<Tensor>& masks) {
  return masks.empty() ? Tensor() : masks[0];
}

Config Attention::get_config() const {
  Config c = Layer::get_config();
  c["use_scale"] = options_.use_scale;
  c["score_mode"] = options_.score_mode;
  c["dropout"] = options_.dropout;
  c["seed"] = options_.seed ? ConfigValue(*options_.seed) : ConfigValue();
  return c;
}

Attention Attention::from_config(const Config& c) {
  AttentionOptions o;
  detail::read_common(c, o);
  detail::read_if_present(c, "use_scale", o.use_scale, [](const ConfigValue& v) { return v.get<bool>(); });
  detail::read_if_present(c, "score_mode", o.score_mode, [](const ConfigValue& v) { return v.get<std::string>(); });
  detail::read_if_present(c, "dropout", o.dropout, [](const ConfigValue& v) { return v.as_double(); });
  detail::read_if_present(c, "seed", o.seed, [](const ConfigValue& v) { return v.get<std::int64_t>(); });
  return Attention(o);
}

AdditiveAttention::AdditiveAttention(AdditiveAttentionOptions options)
    : Attention(attention_options(options), "AdditiveAttention") {}

void AdditiveAttention::build_multi(const std::vector<TensorShape>& shapes) {
  check_shapes(shapes);
  const std::int64_t features = shapes[0][2];
  if (options_.use_scale) {
    if (features < 0)
      throw InvalidArgumentError("[" + name() + "] use_scale needs the query's features known, got query " +
                                 shapes[0].to_string());
    add_weight("scale", {features}, {.initializer = initializers::GlorotUniform()});
  }
}

Tensor AdditiveAttention::scores(const Tensor& query, const Tensor& key) {
  Tensor t = tanh(expand_dims(query, -2) + expand_dims(key, -3));  // [B, Tq, Tv, dim]
  return reduce_sum(options_.use_scale ? weight(0) * t : t, {-1});
}

Config AdditiveAttention::get_config() const {
  Config c = Attention::get_config();
  c.erase("score_mode");
  return c;
}

AdditiveAttention AdditiveAttention::from_config(const Config& c) {
  AdditiveAttentionOptions o;
  detail::read_common(c, o);
  detail::read_if_present(c, "use_scale", o.use_scale, [](const ConfigValue& v) { return v.get<bool>(); });
  detail::read_if_present(c, "dropout", o.dropout, [](const ConfigValue& v) { return v.as_double(); });
  detail::read_if_present(c, "seed", o.seed, [](const ConfigValue& v) { return v.get<std::int64_t>(); });
  return AdditiveAttention(o);
}

}  // namespace tf::keras::layers
