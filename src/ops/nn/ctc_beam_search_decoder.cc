// CTCBeamSearchDecoder: per batch entry, a prefix beam search over its first sequence_length steps
// (ctc_prefix_beam_search.h); outputs are top_paths sparse indices, then as many values, as many
// dense shapes, then the log probabilities [batch, top_paths], in TensorFlow's order.
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "ops/execute.h"
#include "ops/nn/ctc_decoder_inputs.h"
#include "ops/nn/ctc_prefix_beam_search.h"
#include "tfpp/constant.h"
#include "tfpp/ctc_beam_search.h"
#include "tfpp/errors.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

// Attribute positions.
constexpr std::size_t kBeamWidth = 0, kTopPaths = 1, kMergeRepeated = 2;

void beam_search_shape(ShapeContext& ctx) {
  for (const auto& [index, name] : {std::pair{kBeamWidth, "beam_width"}, std::pair{kTopPaths, "top_paths"}})
    if (ctx.attr<std::int64_t>(index) < 1)
      ctx.fail("Value for attr '" + std::string(name) + "' of " + std::to_string(ctx.attr<std::int64_t>(index)) +
               " must be at least minimum 1");
  ops::check_ctc_decoder_signature(ctx);
  const TensorShape& in = ctx.input(0).shape();
  const TensorShape& lengths = ctx.input(1).shape();
  std::int64_t batch = in.has_unknown_rank() ? None : in.dim(1);
  if (batch == None && !lengths.has_unknown_rank()) batch = lengths.dim(0);
  const std::int64_t top_paths = ctx.attr<std::int64_t>(kTopPaths);
  for (std::int64_t p = 0; p < top_paths; ++p) ctx.add_output(int64, TensorShape({None, 2}));
  for (std::int64_t p = 0; p < top_paths; ++p) ctx.add_output(int64, TensorShape({None}));
  for (std::int64_t p = 0; p < top_paths; ++p) ctx.add_output(int64, TensorShape({2}));
  ctx.add_output(ctx.input(0).dtype(), TensorShape({batch, top_paths}));
}

template <class T>
void decode(KernelContext& ctx) {
  ops::check_ctc_decoder_values(ctx);
  const std::int64_t beam_width = ctx.attr<std::int64_t>(kBeamWidth), top_paths = ctx.attr<std::int64_t>(kTopPaths);
  if (top_paths > beam_width) ctx.fail("requested more paths than the beam width.");
  const bool merge_repeated = ctx.attr<bool>(kMergeRepeated);
  const Tensor& inputs = ctx.input(0);
  const std::int64_t batch = inputs.shape()[1], classes = inputs.shape()[2];
  const T* x = inputs.data<T>();
  const std::int32_t* length = ctx.input(1).data<std::int32_t>();
  const auto paths = static_cast<std::size_t>(top_paths);
  // sequences[p][b]: the labels of batch entry b's p-th best path.
  std::vector<std::vector<std::vector<std::int64_t>>> sequences(paths, std::vector<std::vector<std::int64_t>>(static_cast<std::size_t>(batch)));
  std::vector<T> scores(static_cast<std::size_t>(batch) * paths);
  for (std::int64_t b = 0; b < batch; ++b) {
    ops::CtcPrefixBeamSearch<T> search(classes, beam_width);
    for (std::int64_t t = 0; t < length[b]; ++t) search.step(x + (t * batch + b) * classes);
    std::vector<typename ops::CtcPrefixBeamSearch<T>::Path> best = search.best_paths(paths, merge_repeated);
    if (best.empty()) ctx.fail("Less leaves in the beam search than requested.");
    for (std::size_t p = 0; p < paths; ++p) {
      sequences[p][static_cast<std::size_t>(b)] = std::move(best[p].labels);
      scores[static_cast<std::size_t>(b) * paths + p] = best[p].log_probability;
    }
  }
  for (std::size_t p = 0; p < paths; ++p) {
    ops::CtcSparseParts parts = ops::pack_ctc_sequences(sequences[p]);
    ctx.output(p) = std::move(parts.indices);
    ctx.output(paths + p) = std::move(parts.values);
    ctx.output(2 * paths + p) = std::move(parts.dense_shape);
  }
  ctx.output(3 * paths) = constant(scores, {batch, top_paths});
}

void beam_search_kernel(KernelContext& ctx) {
  if (ctx.input(0).dtype() == float64) decode<double>(ctx);
  else decode<float>(ctx);
}

const OpDef& kCtcBeamSearchDecoder = OpBuilder("CTCBeamSearchDecoder")
                                         .inputs(2)
                                         .attrs({"beam_width", "top_paths", "merge_repeated"})
                                         .shape(beam_search_shape)
                                         .kernel_allocates_outputs()
                                         .kernel(float32, beam_search_kernel)
                                         .kernel(float64, beam_search_kernel)
                                         .no_gradient();

}  // namespace

namespace nn {

CtcBeamSearchDecoded ctc_beam_search_decoder(const Tensor& inputs, const Tensor& sequence_length,
                                             const CtcBeamSearchOptions& options) {
  const std::array<ops::AttrValue, 3> attrs{options.beam_width, options.top_paths, options.merge_repeated};
  ops::Outputs out = ops::execute(kCtcBeamSearchDecoder, {inputs, sequence_length}, attrs);
  const std::size_t paths = (out.size() - 1) / 3;
  CtcBeamSearchDecoded result;
  for (std::size_t p = 0; p < paths; ++p) result.decoded.push_back({out[p], out[paths + p], out[2 * paths + p]});
  result.log_probability = std::move(out[3 * paths]);
  return result;
}

}  // namespace nn
}  // namespace tf
