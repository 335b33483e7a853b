// ReversibleEmbedding: Embedding's lookup forward, and Keras' reverse projection (matmul with the
// transposed table or the reverse table, in reverse_dtype, soft-capped).
#include "tfpp/keras/layers/reversible_embedding.h"

#include "keras/engine/call_arguments.h"
#include "keras/layers/config_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/math_ops.h"

namespace tf::keras::layers {

ReversibleEmbedding::ReversibleEmbedding(std::int64_t input_dim, std::int64_t output_dim, ReversibleEmbeddingOptions options)
    : Layer(layer_options(options, "ReversibleEmbedding")),
      input_dim_(input_dim),
      output_dim_(output_dim),
      options_(std::move(options)) {
  if (input_dim <= 0 || output_dim <= 0)
    throw InvalidArgumentError("[" + name() + "] input_dim and output_dim must be positive, got " +
                               std::to_string(input_dim) + " and " + std::to_string(output_dim));
}

void ReversibleEmbedding::build(const TensorShape&) {
  add_weight("embeddings", {input_dim_, output_dim_},
             {.initializer = options_.embeddings_initializer, .regularizer = options_.embeddings_regularizer,
              .constraint = options_.embeddings_constraint});
  if (!options_.tie_weights)
    add_weight("reverse_embeddings", {output_dim_, input_dim_}, {.initializer = options_.embeddings_initializer});
}

Tensor ReversibleEmbedding::call(const Tensor& inputs, bool) {
  Tensor ids = inputs;
  if (ids.dtype() != int32 && ids.dtype() != int64) {
    if (ids.dtype() == string || ids.dtype() == bool_)
      throw InvalidArgumentError("[" + name() + "] expects integer ids, got dtype " + std::string(dtype_name(ids.dtype())) +
                                 " with shape " + ids.shape().to_string());
    ids = cast(ids, int32);
  }
  return gather(weight(0), ids);
}

Tensor ReversibleEmbedding::compute_mask(const std::vector<Tensor>& inputs, const std::vector<Tensor>&) {
  if (!options_.mask_zero) return {};
  return not_equal(inputs.at(0), scalar_like(inputs.at(0), 0));
}

Tensor ReversibleEmbedding::reverse(const Tensor& inputs) {
  if (!built()) build_for({TensorShape{-1}});
  if (inputs.shape().rank() < 1 || (inputs.shape()[-1] >= 0 && inputs.shape()[-1] != output_dim_))
    throw InvalidArgumentError("[" + name() + "] reverse expects inputs whose last dimension is output_dim " +
                               std::to_string(output_dim_) + ", got shape " + inputs.shape().to_string());
  Tensor kernel = options_.tie_weights ? transpose(weight(0), {1, 0}) : Tensor(weight(1));
  Tensor x = inputs;
  if (options_.reverse_dtype) {
    x = cast(x, *options_.reverse_dtype);
    kernel = cast(kernel, *options_.reverse_dtype);
  } else if (kernel.dtype() != x.dtype()) {
    kernel = cast(kernel, x.dtype());
  }
  // matmul on the last axis of inputs of any rank.
  Tensor logits = tensordot(x, kernel, 1);
  if (options_.logit_soft_cap) {
    const Tensor cap = cast(constant(*options_.logit_soft_cap), logits.dtype());
    logits = math::tanh(logits / cap) * cap;
  }
  return logits;
}

KerasTensor ReversibleEmbedding::reverse(const KerasTensor& inputs) {
  auto arguments = std::make_shared<detail::CallArguments>();
  arguments->args = {detail::input_reference(0)};
  arguments->kwargs["reverse"] = true;
  return call_all({inputs}, arguments).at(0);
}

Config ReversibleEmbedding::get_config() const {
  Config c = Layer::get_config();
  c["input_dim"] = input_dim_;
  c["output_dim"] = output_dim_;
  c["embeddings_initializer"] =
      detail::object_config(options_.embeddings_initializer);
  c["embeddings_regularizer"] = detail::optional_config(options_.embeddings_regularizer);
  c["activity_regularizer"] = detail::optional_config(activity_regularizer());
  c["embeddings_constraint"] = detail::optional_config(options_.embeddings_constraint);
  c["mask_zero"] = options_.mask_zero;
  detail::write_no_quantization(c);
  c["tie_weights"] = options_.tie_weights;
  c["reverse_dtype"] = options_.reverse_dtype ? ConfigValue(std::string(dtype_name(*options_.reverse_dtype))) : ConfigValue();
  c["logit_soft_cap"] = options_.logit_soft_cap ? ConfigValue(*options_.logit_soft_cap) : ConfigValue();
  return c;
}

ReversibleEmbedding ReversibleEmbedding::from_config(const Config& c) {
  ReversibleEmbeddingOptions o;
  detail::read_common(c, o);
  detail::read_if_present(c, "embeddings_initializer", o.embeddings_initializer, detail::initializer_from);
  if (auto it = c.find("embeddings_regularizer"); it != c.end()) o.embeddings_regularizer = detail::regularizer_from(it->second);
  if (auto it = c.find("embeddings_constraint"); it != c.end()) o.embeddings_constraint = detail::constraint_from(it->second);
  detail::read_if_present(c, "mask_zero", o.mask_zero, [](const ConfigValue& v) { return v.get<bool>(); });
  detail::read_if_present(c, "tie_weights", o.tie_weights, [](const ConfigValue& v) { return v.get<bool>(); });
  detail::read_if_present(c, "reverse_dtype", o.reverse_dtype,
                          [](const ConfigValue& v) { return std::optional<DType>(detail::dtype_from(v)); });
  detail::read_if_present(c, "logit_soft_cap", o.logit_soft_cap,
                          [](const ConfigValue& v) { return std::optional<double>(v.as_double()); });
  detail::refuse_quantization(c, "ReversibleEmbedding");
  return ReversibleEmbedding(detail::config_at(c, "input_dim", "ReversibleEmbedding").get<std::int64_t>(),
                             detail::config_at(c, "output_dim", "ReversibleEmbedding").get<std::int64_t>(), o);
}

}  // namespace tf::keras::layers
