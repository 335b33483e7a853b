// EditDistance: the Levenshtein distance of each pair of sequences of two sparse tensors (inputs
// hypothesis indices, values, shape, then truth's; attr normalize).
#include <algorithm>
#include <array>
#include <cstring>
#include <limits>

#include "core/tensor_impl.h"
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "tfpp/edit_distance.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

void check_side(const OpContext& ctx, std::size_t first, const char* side) {
  const Tensor &indices = ctx.input(first), &values = ctx.input(first + 1), &shape = ctx.input(first + 2);
  if (indices.dtype() != int64 || shape.dtype() != int64)
    ctx.fail(std::string(side) + " indices and shape must be int64, got " + std::string(dtype_name(indices.dtype())) +
             " and " + std::string(dtype_name(shape.dtype())));
  if ((!indices.shape().has_unknown_rank() && indices.rank() != 2) ||
      (!values.shape().has_unknown_rank() && values.rank() != 1) || (!shape.shape().has_unknown_rank() && shape.rank() != 1))
    ctx.fail(std::string(side) + " must be a sparse tensor's indices [n, R], values [n] and shape [R], got shapes " +
             indices.shape().debug_string() + ", " + values.shape().debug_string() + " and " + shape.shape().debug_string());
}

// The output dimensions: the larger of the two leading dimensions of the dense shapes.
std::vector<std::int64_t> output_dims(const OpContext& ctx, const std::vector<std::int64_t>& hyp,
                                      const std::vector<std::int64_t>& truth) {
  if (hyp.size() != truth.size())
    ctx.fail("Expected truth and hypothesis to have matching ranks, but their shapes are: [" +
             std::to_string(truth.size()) + "] and [" + std::to_string(hyp.size()) + "]");
  if (hyp.empty()) ctx.fail("the sparse tensors must have rank at least 1");
  std::vector<std::int64_t> dims;
  for (std::size_t d = 0; d + 1 < hyp.size(); ++d) dims.push_back(std::max(hyp[d], truth[d]));
  return dims;
}

void edit_distance_shape(ShapeContext& ctx) {
  check_side(ctx, 0, "hypothesis");
  check_side(ctx, 3, "truth");
  if (ctx.input(1).dtype() != ctx.input(4).dtype())
    ctx.fail("hypothesis and truth values must have one dtype, got " + std::string(dtype_name(ctx.input(1).dtype())) +
             " and " + std::string(dtype_name(ctx.input(4).dtype())));
  const auto hyp = ops::array::known_int_values(ctx, 2), truth = ops::array::known_int_values(ctx, 5);
  if (hyp && truth) {
    const std::vector<std::int64_t> dims = output_dims(ctx, *hyp, *truth);
    return ctx.add_output(float32, TensorShape(dims));
  }
  const TensorShape& rank = ctx.input(2).shape();
  if (rank.has_unknown_rank() || rank.dim(0) == None) return ctx.add_output(float32, TensorShape::unknown_rank());
  ctx.add_output(float32, TensorShape(std::vector<std::int64_t>(static_cast<std::size_t>(rank.dim(0) - 1), None)));
}

// The sequences of one side, by the flat position of their leading index in `dims`: value
// positions, in the order the indices list them.
std::vector<std::vector<std::int64_t>> sequences(const OpContext& ctx, const Tensor& indices,
                                                 const std::vector<std::int64_t>& dims, std::int64_t cells,
                                                 const char* side) {
  std::vector<std::vector<std::int64_t>> seqs(static_cast<std::size_t>(cells));
  const std::int64_t n = indices.rank() == 2 ? indices.shape().dim(0) : 0, r = dims.size() + 1;
  if (indices.rank() == 2 && indices.shape().dim(1) != r)
    ctx.fail(std::string(side) + " indices have " + std::to_string(indices.shape().dim(1)) + " columns for rank " +
             std::to_string(r));
  const std::int64_t* idx = indices.data<std::int64_t>();
  for (std::int64_t i = 0; i < n; ++i) {
    std::int64_t cell = 0;
    for (std::size_t d = 0; d < dims.size(); ++d) {
      const std::int64_t v = idx[i * r + static_cast<std::int64_t>(d)];
      if (v < 0 || v >= dims[d]) ctx.fail(std::string(side) + " index " + std::to_string(v) + " of entry " + std::to_string(i) + " is out of bounds");
      cell = cell * dims[d] + v;
    }
    seqs[static_cast<std::size_t>(cell)].push_back(i);
  }
  return seqs;
}

// Element equality of values at positions a (of x) and b (of y), by dtype.
bool same(const Tensor& x, std::int64_t a, const Tensor& y, std::int64_t b) {
  if (x.dtype() == string) return x.data<std::string>()[a] == y.data<std::string>()[b];
  const std::size_t size = dtype_size(x.dtype());
  return std::memcmp(static_cast<const char*>(x.raw_data()) + a * size, static_cast<const char*>(y.raw_data()) + b * size,
                     size) == 0;
}

std::int64_t levenshtein(const Tensor& hv, const std::vector<std::int64_t>& h, const Tensor& tv,
                         const std::vector<std::int64_t>& t) {
  std::vector<std::int64_t> row(t.size() + 1);
  for (std::size_t j = 0; j <= t.size(); ++j) row[j] = static_cast<std::int64_t>(j);
  for (std::size_t i = 1; i <= h.size(); ++i) {
    std::int64_t diagonal = row[0];
    row[0] = static_cast<std::int64_t>(i);
    for (std::size_t j = 1; j <= t.size(); ++j) {
      const std::int64_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same(hv, h[i - 1], tv, t[j - 1]) ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[t.size()];
}

void edit_distance_kernel(KernelContext& ctx) {
  const std::vector<std::int64_t> dims =
      output_dims(ctx, ops::array::int_values(ctx.input(2)), ops::array::int_values(ctx.input(5)));
  std::int64_t cells = 1;
  for (std::int64_t d : dims) cells *= d;
  const auto hyp = sequences(ctx, ctx.input(0), dims, cells, "hypothesis");
  const auto truth = sequences(ctx, ctx.input(3), dims, cells, "truth");
  ctx.output(0) = core::empty(float32, TensorShape(dims));
  float* out = ctx.output(0).mutable_data<float>();
  const bool normalize = ctx.attr<bool>(0);
  for (std::int64_t c = 0; c < cells; ++c) {
    const auto &h = hyp[c], &t = truth[c];
    const auto distance = static_cast<float>(levenshtein(ctx.input(1), h, ctx.input(4), t));
    if (!normalize) out[c] = distance;
    else if (t.empty()) out[c] = h.empty() ? 0.0f : std::numeric_limits<float>::infinity();
    else out[c] = distance / static_cast<float>(t.size());
  }
}

const OpDef& kEditDistance = OpBuilder("EditDistance").inputs(6).attrs({"normalize"}).shape(edit_distance_shape)
    .kernel(int64, edit_distance_kernel).kernel_allocates_outputs().no_gradient();

}  // namespace

Tensor edit_distance(const SparseSequences& hypothesis, const SparseSequences& truth, const EditDistanceOptions& options) {
  const std::array<ops::AttrValue, 1> attrs{options.normalize};
  return std::move(ops::execute(kEditDistance, {hypothesis.indices, hypothesis.values, hypothesis.dense_shape,
                                                truth.indices, truth.values, truth.dense_shape}, attrs)[0]);
}

}  // namespace tf
