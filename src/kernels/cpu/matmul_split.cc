#include "kernels/cpu/matmul_split.h"

#include <algorithm>

namespace tf::kernels {
namespace {

// A piece below this many flops does not pay for waking a thread (a few microseconds of work).
constexpr double kPieceFlops = 1 << 18;
// Thinner row or column blocks than these leave oneDNN's kernels (16-float vectors) half idle.
constexpr std::int64_t kMinRows = 8, kMinCols = 16;
// An upper bound on pieces (so a bitmask can name them).
constexpr std::int64_t kMaxPieces = 64;

}  // namespace

MatMulSplit split_matmul(const MatMulGeometry& g) {
  std::int64_t batches = 1;
  bool broadcast = false;
  for (int d = 0; d < g.batch_rank; ++d) {
    batches *= g.out_batch[d];
    broadcast |= g.a_batch[d] != g.b_batch[d];
  }
  const double flops = 2.0 * static_cast<double>(batches) * static_cast<double>(g.m) * static_cast<double>(g.n) *
                       static_cast<double>(g.k);
  std::int64_t want = std::min<std::int64_t>(std::min<std::int64_t>(intra_op_threads(), kMaxPieces),
                                             static_cast<std::int64_t>(flops / kPieceFlops));
  MatMulSplit split;
  std::int64_t total = 0;
  if (want < 2) return split;
  if (!broadcast && batches >= want) {
    split.axis = MatMulSplit::Axis::kBatch;
    total = batches;
  } else if (g.m >= want * kMinRows || g.m / kMinRows >= g.n / kMinCols) {
    split.axis = MatMulSplit::Axis::kRows;
    total = g.m;
    want = std::min(want, g.m / kMinRows);
  } else {
    split.axis = MatMulSplit::Axis::kCols;
    total = g.n;
    want = std::min(want, g.n / kMinCols);
  }
  if (want < 2) return MatMulSplit{};
  split.size = (total + want - 1) / want;
  split.pieces = (total + split.size - 1) / split.size;
  return split;
}

MatMulPiece matmul_piece(const MatMulGeometry& g, const MatMulSplit& split, std::int64_t i) {
  MatMulPiece p{.g = g, .m_total = g.m, .n_total = g.n};
  const std::int64_t begin = i * split.size;
  switch (split.axis) {
    case MatMulSplit::Axis::kWhole: break;
    case MatMulSplit::Axis::kBatch: {
      std::int64_t batches = 1;
      for (int d = 0; d < g.batch_rank; ++d) batches *= g.out_batch[d];
      const std::int64_t count = std::min(split.size, batches - begin);
      p.g.batch_rank = 1;
      p.g.a_batch = p.g.b_batch = p.g.out_batch = {count};
      p.a_offset = begin * g.m * g.k;
      p.b_offset = begin * g.k * g.n;
      p.out_offset = begin * g.m * g.n;
      break;
    }
    case MatMulSplit::Axis::kRows:
      p.g.m = std::min(split.size, g.m - begin);
      p.a_offset = begin * (g.transpose_a ? 1 : g.k);
      p.out_offset = begin * g.n;
      break;
    case MatMulSplit::Axis::kCols:
      p.g.n = std::min(split.size, g.n - begin);
      p.b_offset = begin * (g.transpose_b ? g.k : 1);
      p.out_offset = begin;
      p.n_begin = begin;
      break;
  }
  return p;
}

}  // namespace tf::kernels
