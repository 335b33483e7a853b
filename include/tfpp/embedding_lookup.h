// tf::nn::embedding_lookup: the rows of an embedding table at some ids (a gather along the
// first dimension), optionally clipped to an L2 norm, from one table or a table split into
// row partitions as TensorFlow 2's "div" strategy splits it.
//
//   tf::Tensor vectors = tf::nn::embedding_lookup(table, ids);           // ids.shape + [dim]
//   tf::nn::embedding_lookup(table, ids, {.max_norm = 1.0});
#pragma once

#include <optional>
#include <vector>

#include "tfpp/tensor.h"

namespace tf::nn {

/// Options of embedding_lookup.
struct EmbeddingLookupOptions {
  std::optional<double> max_norm;  ///< clip each looked-up embedding to this L2 norm
};

/// params[ids]: shape ids.shape + params.shape[1:]; ids int32/int64 in [0, rows).
Tensor embedding_lookup(const Tensor& params, const Tensor& ids, const EmbeddingLookupOptions& options = {});
/// The same over a table split into consecutive row partitions of sizes differing by at most one,
/// the larger ones first (TensorFlow 2's "div" layout, which the sizes must follow).
Tensor embedding_lookup(const std::vector<Tensor>& params, const Tensor& ids, const EmbeddingLookupOptions& options = {});

}  // namespace tf::nn
