// tf.nn.nce_loss and tf.nn.sampled_softmax_loss, composed as TensorFlow's
// _compute_sampled_logits composes them: the logits of each example's true classes and of the
// shared sampled classes, less the log expected counts, then a sigmoid or softmax cross-entropy.
#include <cfloat>
#include <numeric>
#include <string>

#include "ops/nn/window.h"
#include "tfpp/array_ops.h"
#include "tfpp/candidate_sampling.h"
#include "tfpp/constant.h"
#include "tfpp/custom_gradient.h"
#include "tfpp/embedding_lookup.h"
#include "tfpp/errors.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/nn_losses.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/scatter_ops.h"
#include "tfpp/softmax_ops.h"

namespace tf::nn {
namespace {

struct SampledLogits {
  Tensor logits, labels;
};

// The rows of `ids` in the table split into `params`: "div" partitions hold consecutive rows,
// "mod" ones every n-th row (id lives in partition id % n at row id / n); both layouts have
// partition sizes differing by at most one, the larger first.
Tensor lookup(const std::string& op, const std::vector<Tensor>& params, const Tensor& ids, const std::string& strategy) {
  // As TensorFlow, the strategy matters (and is checked) only for a table in several partitions.
  if (params.size() == 1) return embedding_lookup(params, ids);
  if (strategy != "div" && strategy != "mod")
    throw InvalidArgumentError("[" + op + "] Unrecognized partition strategy: " + strategy + ".Must be one of either `mod` or `div`.");
  if (strategy == "div") return embedding_lookup(params, ids);
  const std::int64_t n = static_cast<std::int64_t>(params.size());
  std::vector<std::int64_t> sizes, offsets{0};
  for (const Tensor& p : params) {
    if (p.shape().has_unknown_rank() || p.shape().rank() < 1 || p.shape().dim(0) == None)
      throw InvalidArgumentError("[" + op + "] each partition of weights needs a known first dimension, got " +
                                 p.shape().debug_string());
    sizes.push_back(p.shape().dim(0));
    offsets.push_back(offsets.back() + sizes.back());
  }
  const std::int64_t total = offsets.back();
  for (std::int64_t i = 0; i < n; ++i)
    if (sizes[static_cast<std::size_t>(i)] != total / n + (i < total % n ? 1 : 0))
      throw InvalidArgumentError("[" + op + "] partition sizes " + ops::nn::list_string(sizes) +
                                 " do not follow the \"mod\" layout of " + std::to_string(total) + " rows in " +
                                 std::to_string(n) + " partitions");
  offsets.pop_back();
  const Tensor index = gather(constant(offsets), math::floormod(ids, n)) + math::floordiv(ids, n);
  // Ids outside the table stay outside the concatenated table, so gather reports them.
  return gather(concat(params, 0), where(math::logical_and(ids >= std::int64_t{0}, ids < total), index, ids));
}

Tensor as_dtype(const Tensor& t, DType dtype) { return t.dtype() == dtype ? t : cast(t, dtype); }

void check_arguments(const std::string& op, const std::vector<Tensor>& weights, const Tensor& labels, const Tensor& inputs,
                     std::int64_t num_true) {
  if (weights.empty()) throw InvalidArgumentError("[" + op + "] weights is an empty list; give the table or its partitions");
  if (!inputs.shape().has_unknown_rank() && inputs.shape().rank() != 2)
    throw InvalidArgumentError("[" + op + "] inputs must be [batch_size, dim], got shape " + inputs.shape().debug_string());
  const TensorShape& l = labels.shape();
  if (!l.has_unknown_rank() && (l.rank() != 2 || (l.dim(1) != None && l.dim(1) != num_true)))
    throw InvalidArgumentError("[" + op + "] labels must be [batch_size, num_true] with num_true " + std::to_string(num_true) +
                               ", got shape " + l.debug_string());
}

SampledLogits compute_sampled_logits(const std::string& op, const std::vector<Tensor>& weights, const Tensor& biases,
                                     const Tensor& labels, const Tensor& inputs, std::int64_t num_sampled,
                                     std::int64_t num_classes, const SampledLossOptions& options,
                                     bool remove_accidental_hits) {
  const std::int64_t num_true = options.num_true;
  check_arguments(op, weights, labels, inputs, num_true);
  const Tensor labels64 = as_dtype(labels, int64);  // any numeric labels, truncated, as TensorFlow casts them
  const Tensor labels_flat = reshape(labels64, {-1});
  const random::SampledCandidates s =
      options.sampled_values ? *options.sampled_values
                             : random::log_uniform_candidate_sampler(labels64, num_true, num_sampled, true, num_classes,
                                                                     options.seed);
  const Tensor sampled = as_dtype(stop_gradient(s.sampled_candidates), int64);
  const DType dtype = inputs.dtype();
  // The expected counts are float32; tfpp casts them so that float64 models work too.
  const Tensor true_expected = as_dtype(stop_gradient(s.true_expected_count), dtype);
  const Tensor sampled_expected = as_dtype(stop_gradient(s.sampled_expected_count), dtype);

  // One lookup for the true and the sampled classes, then split.
  const Tensor all_ids = concat({labels_flat, sampled}, 0);
  const Tensor all_w = as_dtype(lookup(op, weights, all_ids, options.partition_strategy), dtype);
  const Tensor n = shape(labels_flat);
  const Tensor true_w = slice(all_w, {0, 0}, concat({n, constant({-1})}, 0));
  const Tensor sampled_w = slice(all_w, concat({n, constant({0})}, 0), {-1, -1});
  Tensor sampled_logits = matmul(inputs, sampled_w, {.transpose_b = true});
  const Tensor all_b = as_dtype(lookup(op, {biases}, all_ids, options.partition_strategy), dtype);
  const Tensor true_b = slice(all_b, {0}, n);
  const Tensor sampled_b = slice(all_b, n, {-1});

  // Each example's dot products with its own true classes.
  const Tensor dim = slice(shape(true_w), {1}, {1});
  const Tensor num_true_t = constant({-1, static_cast<std::int32_t>(num_true)});
  const Tensor dots = expand_dims(inputs, 1) * reshape(true_w, concat({num_true_t, dim}, 0));
  const Tensor dots_as_matrix = reshape(dots, concat({constant({-1}), dim}, 0));
  Tensor true_logits = reshape(reduce_sum(dots_as_matrix, {1}), {-1, num_true}) + reshape(true_b, {-1, num_true});
  sampled_logits = sampled_logits + sampled_b;

  if (remove_accidental_hits) {
    // -FLT_MAX at each (row, sampled position) that is one of the row's true classes; an
    // update rather than a sum, as TensorFlow's SparseToDense, so repeated labels stay finite.
    const AccidentalHits hits = compute_accidental_hits(labels64, sampled, num_true);
    const Tensor indices = concat({reshape(hits.indices, {-1, 1}), reshape(cast(hits.ids, int32), {-1, 1})}, 1);
    sampled_logits = sampled_logits + tensor_scatter_nd_update(zeros_like(sampled_logits), indices,
                                                               as_dtype(hits.weights, dtype));
  }
  if (options.subtract_log_q) {
    true_logits = true_logits - math::log(true_expected);
    sampled_logits = sampled_logits - math::log(sampled_expected);
  }
  const Tensor labels_out = concat({ones_like(true_logits) / static_cast<double>(num_true), zeros_like(sampled_logits)}, 1);
  return {concat({true_logits, sampled_logits}, 1), labels_out};
}

}  // namespace

Tensor nce_loss(const std::vector<Tensor>& weights, const Tensor& biases, const Tensor& labels, const Tensor& inputs,
                std::int64_t num_sampled, std::int64_t num_classes, const SampledLossOptions& options) {
  const SampledLogits s = compute_sampled_logits("nce_loss", weights, biases, labels, inputs, num_sampled, num_classes,
                                                 options, options.remove_accidental_hits.value_or(false));
  return reduce_sum(sigmoid_cross_entropy_with_logits(s.labels, s.logits), {1});
}

Tensor sampled_softmax_loss(const std::vector<Tensor>& weights, const Tensor& biases, const Tensor& labels,
                            const Tensor& inputs, std::int64_t num_sampled, std::int64_t num_classes,
                            const SampledLossOptions& options) {
  const SampledLogits s = compute_sampled_logits("sampled_softmax_loss", weights, biases, labels, inputs, num_sampled,
                                                 num_classes, options, options.remove_accidental_hits.value_or(true));
  return softmax_cross_entropy_with_logits(stop_gradient(s.labels), s.logits);
}

}  // namespace tf::nn
