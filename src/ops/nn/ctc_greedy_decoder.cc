// CTCGreedyDecoder: per batch entry, the argmax class of each step (the first on ties), blanks
// dropped and repeats merged when asked; the score is minus the sum of the maxima.
#include <array>
#include <string>
#include <vector>

#include "ops/execute.h"
#include "ops/nn/ctc_decoder_inputs.h"
#include "tfpp/constant.h"
#include "tfpp/ctc_decoders.h"
#include "tfpp/errors.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

void greedy_shape(ShapeContext& ctx) {
  ops::check_ctc_decoder_signature(ctx);
  const TensorShape& in = ctx.input(0).shape();
  const std::int64_t batch = in.has_unknown_rank() ? None : in.dim(1);
  ctx.add_output(int64, TensorShape({None, 2}));
  ctx.add_output(int64, TensorShape({None}));
  ctx.add_output(int64, TensorShape({2}));
  ctx.add_output(ctx.input(0).dtype(), TensorShape({batch, 1}));
}

// TensorFlow checks the values, then the blank index.
std::int64_t checked_blank(const KernelContext& ctx) {
  ops::check_ctc_decoder_values(ctx);
  const std::int64_t classes = ctx.input(0).shape()[2];
  const std::int64_t given = ctx.attr<std::int64_t>(1);
  const std::int64_t blank = given < 0 ? given + classes : given;
  if (blank < 0 || blank >= classes)
    ctx.fail("blank_index expected to be between " + std::to_string(-classes) + " and " + std::to_string(classes - 1) +
             " but was " + std::to_string(given));
  return blank;
}

template <class T>
void decode(KernelContext& ctx) {
  const Tensor& inputs = ctx.input(0);
  const std::int64_t blank = checked_blank(ctx);
  const std::int64_t batch = inputs.shape()[1], classes = inputs.shape()[2];
  const bool merge_repeated = ctx.attr<bool>(0);
  const T* x = inputs.data<T>();
  const std::int32_t* length = ctx.input(1).data<std::int32_t>();
  std::vector<std::vector<std::int64_t>> sequences(static_cast<std::size_t>(batch));
  std::vector<T> scores(static_cast<std::size_t>(batch), T(0));
  for (std::int64_t b = 0; b < batch; ++b) {
    std::vector<std::int64_t>& labels = sequences[static_cast<std::size_t>(b)];
    std::int64_t previous = -1;
    for (std::int64_t t = 0; t < length[b]; ++t) {
      const T* row = x + (t * batch + b) * classes;
      std::int64_t best = 0;
      for (std::int64_t c = 1; c < classes; ++c)
        if (row[c] > row[best]) best = c;
      scores[static_cast<std::size_t>(b)] -= row[best];
      if (best != blank && !(merge_repeated && best == previous)) labels.push_back(best);
      previous = best;
    }
  }
  ops::CtcSparseParts parts = ops::pack_ctc_sequences(sequences);
  ctx.output(0) = std::move(parts.indices);
  ctx.output(1) = std::move(parts.values);
  ctx.output(2) = std::move(parts.dense_shape);
  ctx.output(3) = constant(scores, {batch, 1});
}

void greedy_kernel(KernelContext& ctx) {
  if (ctx.input(0).dtype() == float64) decode<double>(ctx);
  else decode<float>(ctx);
}

const OpDef& kCtcGreedyDecoder = OpBuilder("CTCGreedyDecoder")
                                     .inputs(2)
                                     .attrs({"merge_repeated", "blank_index"})
                                     .shape(greedy_shape)
                                     .kernel_allocates_outputs()
                                     .kernel(float32, greedy_kernel)
                                     .kernel(float64, greedy_kernel)
                                     .no_gradient();

}  // namespace

namespace nn {

CtcDecoded ctc_greedy_decoder(const Tensor& inputs, const Tensor& sequence_length, const CtcGreedyDecoderOptions& options) {
  const std::array<ops::AttrValue, 2> attrs{options.merge_repeated, options.blank_index};
  ops::Outputs out = ops::execute(kCtcGreedyDecoder, {inputs, sequence_length}, attrs);
  return {std::move(out[0]), std::move(out[1]), std::move(out[2]), std::move(out[3])};
}

}  // namespace nn
}  // namespace tf
