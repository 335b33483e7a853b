// Reordering and repeating elements along an axis: tf.roll, tf.reverse_sequence, tf.repeat, and
// tf.sequence_mask, the boolean mask of the first `length` positions of each row.
#pragma once

#include <cstdint>
#include <optional>

#include "tfpp/array_ops.h"
#include "tfpp/tensor.h"

namespace tf {

/// Rotates `input` by shift[i] positions along axis[i] (negative shifts go the other way; shifts
/// of one axis listed twice add up); `shift` and `axis` are scalars or lists of one length.
Tensor roll(const Tensor& input, const IntArray& shift, const IntArray& axis);
/// Rotates `input` by `shift` positions along one axis.
Tensor roll(const Tensor& input, std::int64_t shift, std::int64_t axis);
/// Reverses the first seq_lengths[b] elements along `seq_axis` of each slice b along `batch_axis`.
Tensor reverse_sequence(const Tensor& input, const IntArray& seq_lengths, std::int64_t seq_axis,
                        std::int64_t batch_axis = 0);
/// Repeats each element along `axis` repeats[i] times (a scalar repeats every element alike);
/// without `axis`, `input` is flattened first.
Tensor repeat(const Tensor& input, const IntArray& repeats, std::optional<std::int64_t> axis = std::nullopt);
/// Repeats every element along `axis` (or of the flattened input) `repeats` times.
Tensor repeat(const Tensor& input, std::int64_t repeats, std::optional<std::int64_t> axis = std::nullopt);
/// mask[i..., j] = j < lengths[i...], with the last dimension `maxlen` long (max(lengths) by
/// default), in `dtype` (bool by default).
Tensor sequence_mask(const Tensor& lengths, std::optional<Tensor> maxlen = std::nullopt, DType dtype = bool_);

}  // namespace tf
