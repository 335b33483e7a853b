#include "ops/nn/ctc_decoder_inputs.h"

#include <algorithm>
#include <string>

#include "tfpp/constant.h"
#include "tfpp/errors.h"

namespace tf::ops {

void check_ctc_decoder_signature(const OpContext& ctx) {
  const TensorShape& in = ctx.input(0).shape();
  const TensorShape& lengths = ctx.input(1).shape();
  if (ctx.input(0).dtype() != float32 && ctx.input(0).dtype() != float64)
    ctx.fail("inputs must be float32 or float64, got " + std::string(dtype_name(ctx.input(0).dtype())));
  if (ctx.input(1).dtype() != int32) ctx.fail("sequence_length must be int32, got " + std::string(dtype_name(ctx.input(1).dtype())));
  if (!in.has_unknown_rank() && in.rank() != 3) ctx.fail("inputs is not a 3-Tensor");
  if (!lengths.has_unknown_rank() && lengths.rank() != 1) ctx.fail("sequence_length is not a vector");
}

void check_ctc_decoder_values(const OpContext& ctx) {
  const TensorShape& in = ctx.input(0).shape();
  const std::int64_t max_time = in[0], batch = in[1];
  const Tensor& lengths = ctx.input(1);
  const auto precondition = [&](const std::string& message) {
    throw FailedPreconditionError("[" + ctx.op().name + "] " + message);
  };
  if (in.num_elements() == 0) ctx.fail("inputs must not be empty");
  if (max_time == 0) ctx.fail("max_time is 0");
  if (lengths.shape()[0] != batch)
    precondition("len(sequence_length) != batch_size.  len(sequence_length):  " + std::to_string(lengths.shape()[0]) +
                 " batch_size: " + std::to_string(batch));
  for (std::int64_t b = 0; b < batch; ++b)
    if (lengths.data<std::int32_t>()[b] > max_time) precondition("sequence_length(" + std::to_string(b) + ") <= " + std::to_string(max_time));
}

CtcSparseParts pack_ctc_sequences(const std::vector<std::vector<std::int64_t>>& sequences) {
  std::vector<std::int64_t> indices, values;
  std::int64_t longest = 0;
  for (std::size_t b = 0; b < sequences.size(); ++b) {
    const auto length = static_cast<std::int64_t>(sequences[b].size());
    for (std::int64_t t = 0; t < length; ++t) indices.insert(indices.end(), {static_cast<std::int64_t>(b), t});
    values.insert(values.end(), sequences[b].begin(), sequences[b].end());
    longest = std::max(longest, length);
  }
  const auto n = static_cast<std::int64_t>(values.size());
  return {constant(indices, {n, 2}), constant(values, {n}),
          constant(std::vector<std::int64_t>{static_cast<std::int64_t>(sequences.size()), longest}, {2})};
}

}  // namespace tf::ops
