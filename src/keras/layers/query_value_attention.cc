#include "tfpp/keras/layers/query_value_attention.h"

#include "keras/layers/attention_inputs.h"
#include "tfpp/errors.h"

namespace tf::keras::layers {

QueryValueAttention::QueryValueAttention(const LayerOptions& options) : Layer(options) {}

std::vector<Tensor> QueryValueAttention::attend(const Tensor& query, const Tensor& value, const AttentionCall& call) {
  std::vector<Tensor> inputs{query, value};
  if (call.key.defined()) inputs.push_back(call.key);
  if (call.attention_mask.defined()) inputs.push_back(call.attention_mask);
  // The layout goes on the instance the call reaches (a model's heap copy, say), for this call only.
  auto& self = static_cast<QueryValueAttention&>(instance());
  self.layout_ = Layout{.has_key = call.key.defined(), .has_attention_mask = call.attention_mask.defined(),
                        .use_causal_mask = call.use_causal_mask, .return_attention_scores = call.return_attention_scores};
  try {
    std::vector<Tensor> out = call_all(inputs, call.training);
    self.layout_.reset();
    return out;
  } catch (...) {
    self.layout_.reset();
    throw;
  }
}

QueryValueAttention::Layout QueryValueAttention::layout(std::size_t input_count) const {
  return layout_.value_or(Layout{.has_key = input_count > 2});
}

void QueryValueAttention::build_multi(const std::vector<TensorShape>& shapes) {
  if (shapes.size() < 2)
    throw InvalidArgumentError("[" + name() + "] is called on {query, value} or {query, value, key}, got " +
                               std::to_string(shapes.size()) + " input(s)");
  const TensorShape& q = shapes[0];
  const TensorShape& v = shapes[1];
  const bool has_key = layout(shapes.size()).has_key;
  const TensorShape& k = has_key ? shapes[2] : v;
  for (const TensorShape* s : {&q, &v, &k})
    if (s->has_unknown_rank() || s->rank() != 3 || (*s)[2] < 0)
      throw InvalidArgumentError("[" + name() + "] expects query, value and key of shape (batch, time, features) with known "
                                 "features, got query " + q.to_string() + ", value " + v.to_string() + ", key " + k.to_string());
  build_projections(q, v, k);
  *built_with_key_ = has_key;
}

std::vector<Tensor> QueryValueAttention::call_multi(const std::vector<Tensor>& inputs, bool training) {
  return call_masked(inputs, std::vector<Tensor>(inputs.size()), training);
}

Tensor QueryValueAttention::compute_mask(const std::vector<Tensor>&, const std::vector<Tensor>& masks) {
  return masks.empty() ? Tensor() : masks[0];
}

Config QueryValueAttention::get_build_config() const {
  if (!built()) return {};
  return detail::attention_build_config(build_input_shapes(), *built_with_key_);
}

void QueryValueAttention::build_from_config(const Config& build_config) {
  if (built()) return;
  const std::vector<TensorShape> shapes = detail::attention_build_shapes(build_config, name());
  if (!shapes.empty()) build_for(shapes);
}

}  // namespace tf::keras::layers
