// tf.nn.ctc_beam_search_decoder: the most likely label sequences of CTC logits by prefix beam search,
// as TensorFlow's CTCBeamSearchDecoder op (its default scorer, the blank the last class).
//
//   auto d = tf::nn::ctc_beam_search_decoder(logits,            // [time, batch, classes] float
//                                            sequence_length,   // [batch] int32
//                                            {.beam_width = 10, .top_paths = 2, .merge_repeated = false});
//   d.decoded[0]          // the best path of each batch entry: a sparse tensor [batch, longest]
//   d.log_probability     // [batch, top_paths]: each path's log probability
//
// TensorFlow 2's Python tf.nn.ctc_beam_search_decoder passes merge_repeated = false;
// tf.compat.v1's defaults to true, which collapses repeated labels of a path after the search.
// It runs eagerly and inside tf::function and has no gradient.
#pragma once

#include <cstdint>
#include <vector>

#include "tfpp/sparse_tensor.h"
#include "tfpp/tensor.h"

namespace tf::nn {

/// Options of ctc_beam_search_decoder (the op's attributes).
struct CtcBeamSearchOptions {
  std::int64_t beam_width = 100;  ///< prefixes kept per time step, >= 1
  std::int64_t top_paths = 1;     ///< paths returned per batch entry, 1 to beam_width
  bool merge_repeated = true;     ///< collapse consecutive equal labels of each returned path
};

/// ctc_beam_search_decoder's results.
struct CtcBeamSearchDecoded {
  std::vector<SparseTensor> decoded;  ///< top_paths sparse tensors of int64 labels [batch, longest]; [j] is the j-th best
  Tensor log_probability;             ///< [batch, top_paths], the inputs' dtype
};

/// Decodes float32 or float64 logits [max_time, batch, classes] over the first sequence_length[b]
/// steps of each batch entry (CTCBeamSearchDecoder). Throws InvalidArgumentError for bad shapes,
/// dtypes or attributes and for top_paths > beam_width, FailedPreconditionError for lengths that
/// do not fit, as TensorFlow.
CtcBeamSearchDecoded ctc_beam_search_decoder(const Tensor& inputs, const Tensor& sequence_length,
                                             const CtcBeamSearchOptions& options = {});

}  // namespace tf::nn
