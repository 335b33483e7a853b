// ComputeAccidentalHits: the (row, sampled position) pairs where a sampled candidate is one of
// the row's true classes, each with weight -FLT_MAX, which the sampled losses add to the logits.
#include <array>
#include <cfloat>
#include <unordered_map>
#include <vector>

#include "ops/execute.h"
#include "tfpp/candidate_sampling.h"
#include "tfpp/constant.h"
#include "tfpp/random_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::ShapeContext;

enum HitsAttr { kNumTrue, kSeed, kSeed2 };

void hits_shape(ShapeContext& ctx) {
  for (std::size_t i = 0; i < 2; ++i) ctx.expect_input_dtype(i, int64);
  const std::int64_t num_true = ctx.attr<std::int64_t>(kNumTrue);
  const TensorShape& true_shape = ctx.input(0).shape();
  const TensorShape& sampled_shape = ctx.input(1).shape();
  if (!true_shape.has_unknown_rank() &&
      (true_shape.rank() != 2 || (true_shape.dim(1) != None && true_shape.dim(1) != num_true)))
    ctx.fail("true_candidates must be a batch_size * num_true matrix, got shape " + true_shape.debug_string() +
             " with num_true " + std::to_string(num_true));
  if (!sampled_shape.has_unknown_rank() && sampled_shape.rank() != 1)
    ctx.fail("sampled_candidates must be a vector, which is typically an output from CandidateSampler, got shape " +
             sampled_shape.debug_string());
  ctx.add_output(int32, TensorShape({None}));
  ctx.add_output(int64, TensorShape({None}));
  ctx.add_output(float32, TensorShape({None}));
}

void hits_kernel(KernelContext& ctx) {
  const Tensor& true_classes = ctx.input(0);
  const Tensor& sampled = ctx.input(1);
  const std::int64_t* candidates = sampled.data<std::int64_t>();
  std::unordered_map<std::int64_t, std::int64_t> position;  // a repeated candidate keeps its last position
  for (std::int64_t i = 0; i < sampled.num_elements(); ++i) position[candidates[i]] = i;
  const std::int64_t num_true = ctx.attr<std::int64_t>(kNumTrue);
  const std::int64_t batch = true_classes.shape().dim(0);
  const std::int64_t* classes = true_classes.data<std::int64_t>();
  std::vector<std::int32_t> rows;
  std::vector<std::int64_t> ids;
  for (std::int64_t i = 0; i < batch; ++i)
    for (std::int64_t j = 0; j < num_true; ++j)
      if (const auto hit = position.find(classes[i * num_true + j]); hit != position.end()) {
        rows.push_back(static_cast<std::int32_t>(i));
        ids.push_back(hit->second);
      }
  const std::int64_t n = static_cast<std::int64_t>(rows.size());
  ctx.output(0) = constant(rows, {n});
  ctx.output(1) = constant(ids, {n});
  ctx.output(2) = constant(std::vector<float>(rows.size(), -FLT_MAX), {n});
}

const ops::OpDef& kComputeAccidentalHits = ops::OpBuilder("ComputeAccidentalHits")
    .inputs(2).attrs({"num_true", "seed", "seed2"}).shape(hits_shape).kernel_allocates_outputs().no_gradient()
    .kernel(int64, hits_kernel);

}  // namespace

namespace nn {

AccidentalHits compute_accidental_hits(const Tensor& true_classes, const Tensor& sampled_candidates, std::int64_t num_true,
                                       std::optional<std::int64_t> seed) {
  const auto [seed1, seed2] = random::get_seed(seed);
  const std::array<ops::AttrValue, 3> attrs{num_true, seed1, seed2};
  ops::Outputs out = ops::execute(kComputeAccidentalHits, {true_classes, sampled_candidates}, attrs);
  return {std::move(out[0]), std::move(out[1]), std::move(out[2])};
}

}  // namespace nn
}  // namespace tf
