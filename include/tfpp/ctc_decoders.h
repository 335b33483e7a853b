// tf.nn.ctc_greedy_decoder: the best path of CTC logits, per time step the most likely class, with
// blanks dropped and (by default) repeats merged, as TensorFlow's CTCGreedyDecoder op.
//
//   auto d = tf::nn::ctc_greedy_decoder(logits,             // [time, batch, classes] float
//                                       sequence_length);   // [batch] int32
//   // d.indices [n, 2] (batch, position), d.values [n], d.dense_shape [batch, longest]: a sparse tensor
#pragma once

#include <cstdint>

#include "tfpp/tensor.h"

namespace tf::nn {

/// Options of ctc_greedy_decoder.
struct CtcGreedyDecoderOptions {
  bool merge_repeated = true;     ///< a class repeated at consecutive steps is emitted once
  std::int64_t blank_index = -1;  ///< the blank class; negative counts from the number of classes
};

/// ctc_greedy_decoder's results: the decoded labels as a sparse tensor's parts, and scores.
struct CtcDecoded {
  Tensor indices;          ///< int64 [n, 2]: (batch, position) of each decoded label
  Tensor values;           ///< int64 [n]: the labels
  Tensor dense_shape;      ///< int64 [2]: batch, longest decoded sequence
  Tensor log_probability;  ///< [batch, 1], inputs' dtype: minus the sum of each step's largest logit
};

/// Decodes float32 or float64 logits [max_time, batch, classes] over the first sequence_length[b]
/// steps of each batch entry (CTCGreedyDecoder).
CtcDecoded ctc_greedy_decoder(const Tensor& inputs, const Tensor& sequence_length, const CtcGreedyDecoderOptions& options = {});

}  // namespace tf::nn
