// ReverseSequence: reverses the first seq_lengths[b] elements along seq_dim of each batch slice b.
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "tfpp/sequence_ops.h"

namespace tf {
namespace {

using namespace ops::array;
using ops::AttrValue;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

// Checks the attrs seq_dim (0) and batch_dim (1) against the input's rank (TensorFlow's messages).
void check_dims(const OpContext& ctx, int rank) {
  const std::int64_t seq = ctx.attr<std::int64_t>(0), batch = ctx.attr<std::int64_t>(1);
  if (seq < 0) ctx.fail("Invalid seq_dim " + std::to_string(seq));
  if (batch < 0) ctx.fail("Invalid batch_dim " + std::to_string(batch));
  if (seq == batch) ctx.fail("batch_dim == seq_dim == " + std::to_string(seq));
  if (seq >= rank) ctx.fail("seq_dim must be < input rank ( " + std::to_string(seq) + " vs. " + std::to_string(rank) + ")");
  if (batch >= rank)
    ctx.fail("batch_dim must be < input rank ( " + std::to_string(batch) + " vs. " + std::to_string(rank) + ")");
}

void reverse_sequence_shape(ShapeContext& ctx) {
  check_int_input(ctx, 1, "seq_lengths", 1);
  const TensorShape& in = ctx.input(0).shape();
  if (!in.has_unknown_rank()) {
    check_dims(ctx, in.rank());
    const std::int64_t n = in.dim(static_cast<int>(ctx.attr<std::int64_t>(1)));
    const TensorShape& lengths = ctx.input(1).shape();
    const std::int64_t m = lengths.has_unknown_rank() ? None : lengths.dim(0);
    if (n != None && m != None && n != m)
      ctx.fail("Length of seq_lengths != input.dims(" + std::to_string(ctx.attr<std::int64_t>(1)) + "), (" +
               std::to_string(m) + " vs. " + std::to_string(n) + ")");
  }
  ctx.add_output(ctx.input(0).dtype(), in);
}

template <class S>
void reverse_sequence_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const TensorShape& shape = in.shape();
  const int seq = static_cast<int>(ctx.attr<std::int64_t>(0)), batch = static_cast<int>(ctx.attr<std::int64_t>(1));
  const std::vector<std::int64_t> lengths = int_values(ctx.input(1));
  for (std::size_t b = 0; b < lengths.size(); ++b) {
    if (lengths[b] < 0) ctx.fail("seq_lens(" + std::to_string(b) + ") < 0");
    if (lengths[b] > shape.dim(seq))
      ctx.fail("seq_lens(" + std::to_string(b) + ") > input.dims(" + std::to_string(seq) + ")");
  }
  const auto strides = kernels::row_major_strides(shape);
  const S* src = elements<S>(in);
  S* dst = mutable_elements<S>(ctx.output(0));
  const int r = shape.rank();
  kernels::parallel_for(in.num_elements(), 1, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t i = begin; i < end; ++i) {
      std::int64_t rem = i, b = 0, s = 0;
      for (int d = r - 1; d >= 0; --d) {
        const std::int64_t c = rem % shape.dim(d);
        rem /= shape.dim(d);
        if (d == batch) b = c;
        if (d == seq) s = c;
      }
      // Within the first lengths[b] positions, position s reads position lengths[b] - 1 - s.
      const std::int64_t from = s < lengths[b] ? i + (lengths[b] - 1 - 2 * s) * strides[seq] : i;
      dst[i] = src[from];
    }
  });
}

const OpDef& kReverseSequence = copy_op("ReverseSequence", 2, reverse_sequence_shape, {"seq_dim", "batch_dim"},
                                        []<class S>() -> KernelFn { return &reverse_sequence_kernel<S>; });

}  // namespace

Tensor reverse_sequence(const Tensor& input, const IntArray& seq_lengths, std::int64_t seq_axis, std::int64_t batch_axis) {
  const AttrValue attrs[] = {seq_axis, batch_axis};
  return ops::execute1(kReverseSequence, {input, seq_lengths.tensor()}, attrs);
}

}  // namespace tf
