#include "keras/layers/attention_inputs.h"

#include <span>

#include "keras/layers/config_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"

namespace tf::keras::detail {

Config attention_build_config(const std::vector<TensorShape>& shapes, bool with_key) {
  auto shape = [](const TensorShape& s) { return int_list(std::vector<std::int64_t>(s.dims().begin(), s.dims().end())); };
  Config dict{{"query_shape", shape(shapes.at(0))}, {"value_shape", shape(shapes.at(1))}};
  if (with_key) dict["key_shape"] = shape(shapes.at(2));
  return {{"shapes_dict", dict}};
}

std::vector<TensorShape> attention_build_shapes(const Config& build_config, const std::string& layer) {
  auto it = build_config.find("shapes_dict");
  if (it == build_config.end()) return {};
  const Config& dict = it->second.get<Config>();
  auto shape = [&](const char* key) {
    const std::vector<std::int64_t> dims = int_list_from(config_at(dict, key, layer));
    return TensorShape(std::span<const std::int64_t>(dims));
  };
  std::vector<TensorShape> shapes{shape("query_shape"), shape("value_shape")};
  if (dict.count("key_shape") && !dict.at("key_shape").is_null()) shapes.push_back(shape("key_shape"));
  return shapes;
}

AttentionInputs attention_inputs(const std::vector<Tensor>& inputs, bool has_key, std::size_t expected,
                                 const std::string& layer) {
  if (inputs.size() != expected)
    throw InvalidArgumentError("[" + layer + "] expected " + std::to_string(expected) + " inputs, got " +
                               std::to_string(inputs.size()));
  AttentionInputs in{inputs[0], inputs[1], has_key ? inputs[2] : inputs[1]};
  for (const Tensor* t : {&in.query, &in.value, &in.key})
    if (t->rank() != 3)
      throw InvalidArgumentError("[" + layer + "] expects query, value and key of shape (batch, time, features), got query " +
                                 in.query.shape().to_string() + ", value " + in.value.shape().to_string() + ", key " +
                                 in.key.shape().to_string());
  const std::int64_t s_len = in.value.shape()[1];
  if (in.key.shape()[1] >= 0 && s_len >= 0 && in.key.shape()[1] != s_len)
    throw InvalidArgumentError("[" + layer + "] key and value must have the same length, got key " +
                               in.key.shape().to_string() + " and value " + in.value.shape().to_string());
  return in;
}

Tensor attention_padding_mask(const std::vector<Tensor>& masks, bool has_key) {
  Tensor mask;
  auto join = [&](const Tensor& m) {
    const Tensor b = m.dtype() == bool_ ? m : cast(m, bool_);
    mask = mask.defined() ? logical_and(mask, b) : b;
  };
  if (masks.size() > 0 && masks[0].defined()) join(expand_dims(masks[0], -1));
  if (masks.size() > 1 && masks[1].defined()) join(expand_dims(masks[1], -2));
  if (has_key && masks.size() > 2 && masks[2].defined()) join(expand_dims(masks[2], -2));
  return mask;
}

}  // namespace tf::keras::detail
