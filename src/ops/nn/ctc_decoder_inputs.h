// What TensorFlow's two CTC decoders (CTCGreedyDecoder, CTCBeamSearchDecoder) share: the checks of
// their inputs (CTCDecodeHelper's) and the packing of decoded label sequences into sparse parts.
#pragma once

#include <cstdint>
#include <vector>

#include "ops/op_def.h"

namespace tf::ops {

/// Shape-time checks: inputs float32/float64 of rank 3, sequence_length an int32 vector.
void check_ctc_decoder_signature(const OpContext& ctx);

/// Run-time checks of the values: a non-empty input, one length per batch entry, none past max_time
/// (FailedPreconditionError for the last two, as TensorFlow).
void check_ctc_decoder_values(const OpContext& ctx);

/// The sparse tensor [batch, longest] holding sequences[b] in row b.
struct CtcSparseParts {
  Tensor indices;      ///< int64 [n, 2]: (batch, position)
  Tensor values;       ///< int64 [n]
  Tensor dense_shape;  ///< int64 [2]
};

/// Packs one label sequence per batch entry, in batch order.
CtcSparseParts pack_ctc_sequences(const std::vector<std::vector<std::int64_t>>& sequences);

}  // namespace tf::ops
