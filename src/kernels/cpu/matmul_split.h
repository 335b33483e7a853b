// Cutting a matrix product into pieces that tfpp's threads compute apart, each piece one
// single-threaded oneDNN call (Note [oneDNN on one thread], onednn.h).
#pragma once

#include <cstdint>
#include <memory>

#include "kernels/cpu/matmul.h"
#include "kernels/cpu/parallel.h"

namespace tf::kernels {

/// How a product is cut for tfpp's threads: along the flattened batch (operands not
/// broadcast), the rows of out (M) or its columns (N), into `pieces` runs of `size` (the last
/// one may be shorter). One piece (kWhole) for products too small to pay for a thread.
struct MatMulSplit {
  enum class Axis { kWhole, kBatch, kRows, kCols };
  Axis axis = Axis::kWhole;
  std::int64_t pieces = 1, size = 0;
};

/// One piece of a product: its own sizes in `g`, the whole product's m and n (which fix the
/// strides of the rows, columns and batches the piece reads and writes, so a row block of a
/// transposed a has stride m_total), and where its operands start in the whole ones.
struct MatMulPiece {
  MatMulGeometry g;
  std::int64_t m_total = 0, n_total = 0;
  std::int64_t a_offset = 0, b_offset = 0, out_offset = 0;  ///< in elements
  std::int64_t n_begin = 0;                                 ///< the first column of out it writes
};

/// The split of `g` for the calling thread's intra_op_threads().
MatMulSplit split_matmul(const MatMulGeometry& g);
/// Piece `i` of `g` under `split`.
MatMulPiece matmul_piece(const MatMulGeometry& g, const MatMulSplit& split, std::int64_t i);

/// The plans (oneDNN primitives with their descriptors) of a split product's pieces, made by
/// `plan_of(piece)` on the calling thread before the pieces run: making one may throw, and JITs
/// once. Every piece but the last has the first one's geometry, so two plans serve them all.
template <class Plan>
class PiecePlans {
 public:
  template <class PlanOf>
  PiecePlans(const MatMulGeometry& g, const MatMulSplit& split, PlanOf&& plan_of)
      : last_index_(split.pieces - 1),
        first_(plan_of(matmul_piece(g, split, 0))),
        last_(last_index_ == 0 ? first_ : plan_of(matmul_piece(g, split, last_index_))) {}

  /// The plan of piece i.
  const std::shared_ptr<const Plan>& operator[](std::int64_t i) const { return i == last_index_ ? last_ : first_; }

 private:
  std::int64_t last_index_;
  std::shared_ptr<const Plan> first_, last_;
};

/// Calls fn(i) for every piece of `split`: directly on the calling thread when there is one.
template <class Fn>
void for_each_piece(const MatMulSplit& split, Fn&& fn) {
  if (split.pieces == 1) return fn(std::int64_t{0});
  parallel_for(split.pieces, kParallelGrain, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t i = begin; i < end; ++i) fn(i);
  });
}

}  // namespace tf::kernels
