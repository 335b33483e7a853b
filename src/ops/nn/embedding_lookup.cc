// tf.nn.embedding_lookup, composed as TensorFlow composes it: a gather along the first
// dimension, then the optional clip by norm of each looked-up embedding.
#include "tfpp/embedding_lookup.h"

#include <numeric>
#include <string>

#include "ops/nn/window.h"
#include "tfpp/array_ops.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::nn {
namespace {

// t scaled so that its L2 norm over `axes` is at most clip_norm (TensorFlow's clip_by_norm,
// whose where() keeps the gradient of an all-zero slice finite).
Tensor clip_by_norm(const Tensor& t, double clip_norm, const std::vector<std::int64_t>& axes) {
  const Tensor l2sum = axes.empty() ? t * t : reduce_sum(t * t, Axes(axes), {.keepdims = true});
  const Tensor positive = l2sum > 0.0;
  const Tensor l2norm = where(positive, math::sqrt(where(positive, l2sum, scalar_like(l2sum, 1.0))), l2sum);
  return t * clip_norm / math::maximum(l2norm, scalar_like(l2norm, clip_norm));
}

// The embeddings' axes of a gather result: those after ids' dimensions.
std::vector<std::int64_t> embedding_axes(const Tensor& ids, const Tensor& result) {
  std::vector<std::int64_t> axes(result.shape().rank() - ids.shape().rank());
  std::iota(axes.begin(), axes.end(), ids.shape().rank());
  return axes;
}

}  // namespace

Tensor embedding_lookup(const Tensor& params, const Tensor& ids, const EmbeddingLookupOptions& options) {
  const Tensor rows = gather(params, ids);
  if (!options.max_norm) return rows;
  if (ids.shape().has_unknown_rank() || rows.shape().has_unknown_rank())
    throw InvalidArgumentError("[embedding_lookup] max_norm needs ids and params of known rank");
  return clip_by_norm(rows, *options.max_norm, embedding_axes(ids, rows));
}

Tensor embedding_lookup(const std::vector<Tensor>& params, const Tensor& ids, const EmbeddingLookupOptions& options) {
  if (params.empty()) throw InvalidArgumentError("[embedding_lookup] Length of params is currently 0. Need at least one param.");
  if (params.size() == 1) return embedding_lookup(params[0], ids, options);
  // With partitions in the "div" layout, TensorFlow's id-to-(partition, row) mapping is a
  // lookup in the concatenated table.
  const std::int64_t n = static_cast<std::int64_t>(params.size());
  std::vector<std::int64_t> sizes, layout;
  for (const Tensor& p : params) {
    if (p.shape().has_unknown_rank() || p.shape().rank() < 1 || p.shape().dim(0) == None)
      throw InvalidArgumentError("[embedding_lookup] each partition needs a known first dimension, got " + p.shape().debug_string());
    sizes.push_back(p.shape().dim(0));
  }
  const std::int64_t total = std::accumulate(sizes.begin(), sizes.end(), std::int64_t{0});
  for (std::int64_t i = 0; i < n; ++i) layout.push_back(total / n + (i < total % n ? 1 : 0));
  if (sizes != layout)
    throw InvalidArgumentError("[embedding_lookup] partition sizes " + ops::nn::list_string(sizes) + " do not follow the \"div\" layout " +
                               ops::nn::list_string(layout) + " of " + std::to_string(total) + " rows in " + std::to_string(n) + " partitions");
  return embedding_lookup(concat(params, 0), ids, options);
}

}  // namespace tf::nn
