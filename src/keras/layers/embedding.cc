#include "tfpp/keras/layers/embedding.h"

#include "keras/layers/config_util.h"
#include "keras/layers/lora_adapter.h"
#include "tfpp/array_ops.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::layers {

// ---- Embedding ----------------------------------------------------------------------------

Embedding::Embedding(std::int64_t input_dim, std::int64_t output_dim, EmbeddingOptions options)
    : Layer(layer_options(options, "Embedding")),
      input_dim_(input_dim),
      output_dim_(output_dim),
      options_(std::move(options)),
      lora_(std::make_shared<detail::LoraState>()) {
  if (input_dim <= 0 || output_dim <= 0)
    throw InvalidArgumentError("[" + name() + "] input_dim and output_dim must be positive, got input_dim=" +
                               std::to_string(input_dim) + ", output_dim=" + std::to_string(output_dim));
}

void Embedding::build(const TensorShape&) {
  add_weight("embeddings", {input_dim_, output_dim_},
             {.initializer = options_.embeddings_initializer, .regularizer = options_.embeddings_regularizer,
              .constraint = options_.embeddings_constraint});
  // Keras' Embedding.build calls enable_lora(lora_rank) without lora_alpha, so alpha becomes the rank.
  if (options_.lora_rank) {
    set_built();  // as Keras' build, which marks the layer built first
    enable_lora(*options_.lora_rank);
  }
}

void Embedding::enable_lora(std::int64_t rank, LoraOptions options) {
  detail::enable_lora(*this, *lora_, rank, options,
                      {.weight_prefix = "lora_embeddings",
                       .constraint_message = "Lora is incompatible with embedding constraints. In order to enable lora on "
                                             "this layer, remove the `embeddings_constraint` argument.",
                       .has_constraint = options_.embeddings_constraint.has_value(),
                       .regularizer = options_.embeddings_regularizer});
}

bool Embedding::lora_enabled() const { return lora_->rank > 0; }

Tensor Embedding::call(const Tensor& inputs, bool) {
  Tensor ids = inputs;
  if (ids.dtype() != int32 && ids.dtype() != int64) {
    if (ids.dtype() == string || ids.dtype() == bool_)
      throw InvalidArgumentError("[" + name() + "] expects integer ids, got dtype " + std::string(dtype_name(ids.dtype())) +
                                 " with shape " + ids.shape().to_string());
    ids = cast(ids, int32);
  }
  return gather(detail::lora_kernel(*lora_, weight(0)), ids);
}

Tensor Embedding::compute_mask(const std::vector<Tensor>& inputs, const std::vector<Tensor>&) {
  if (!options_.mask_zero) return {};
  return not_equal(inputs.at(0), scalar_like(inputs.at(0), 0));
}

Config Embedding::get_config() const {
  Config c = Layer::get_config();
  c["input_dim"] = input_dim_;
  c["output_dim"] = output_dim_;
  c["embeddings_initializer"] = detail::object_config(options_.embeddings_initializer);
  c["embeddings_regularizer"] = detail::optional_config(options_.embeddings_regularizer);
  c["activity_regularizer"] = detail::optional_config(activity_regularizer());
  c["embeddings_constraint"] = detail::optional_config(options_.embeddings_constraint);
  c["mask_zero"] = options_.mask_zero;
  detail::write_lora_config(c, *lora_, options_.lora_rank, options_.lora_alpha);
  detail::write_no_quantization(c);
  return c;
}

Embedding Embedding::from_config(const Config& c) {
  EmbeddingOptions o;
  detail::read_common(c, o);
  if (auto it = c.find("embeddings_initializer"); it != c.end()) o.embeddings_initializer = detail::initializer_from(it->second);
  if (auto it = c.find("embeddings_regularizer"); it != c.end()) o.embeddings_regularizer = detail::regularizer_from(it->second);
  if (auto it = c.find("embeddings_constraint"); it != c.end()) o.embeddings_constraint = detail::constraint_from(it->second);
  if (auto it = c.find("mask_zero"); it != c.end()) o.mask_zero = it->second.get<bool>();
  detail::read_lora_config(c, o.lora_rank, o.lora_alpha);
  detail::refuse_quantization(c, "Embedding");
  return Embedding(detail::config_at(c, "input_dim", "Embedding").get<std::int64_t>(),
                   detail::config_at(c, "output_dim", "Embedding").get<std::int64_t>(), o);
}

// ---- Masking ------------------------------------------------------------------------------

Masking::Masking(MaskingOptions options) : Layer(layer_options(options, "Masking")), options_(std::move(options)) {
  set_supports_masking();
}

Tensor Masking::call(const Tensor& inputs, bool) {
  if (inputs.rank() < 1)
    throw InvalidArgumentError("[" + name() + "] expects inputs with a feature axis, got shape " + inputs.shape().to_string());
  const Tensor keep = reduce_any(not_equal(inputs, scalar_like(inputs, options_.mask_value)), {-1}, {.keepdims = true});
  return inputs * cast(keep, inputs.dtype());
}

Tensor Masking::compute_mask(const std::vector<Tensor>& inputs, const std::vector<Tensor>&) {
  const Tensor& x = inputs.at(0);
  return reduce_any(not_equal(x, scalar_like(x, options_.mask_value)), {-1});
}

Config Masking::get_config() const {
  Config c = Layer::get_config();
  c["mask_value"] = options_.mask_value;
  return c;
}

Masking Masking::from_config(const Config& c) {
  MaskingOptions o;
  detail::read_common(c, o);
  if (auto it = c.find("mask_value"); it != c.end()) o.mask_value = it->second.as_double();
  return Masking(o);
}

}  // namespace tf::keras::layers
