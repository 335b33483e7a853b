#include "kernels/cpu/matmul_onednn.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>

#include "kernels/cpu/matmul_split.h"
#include "kernels/cpu/onednn.h"
#include "kernels/cpu/onednn_plan.h"

namespace tf::kernels {
namespace {

using dnnl::memory;

// Note [MatMul primitive cache]: creating a oneDNN primitive descriptor and primitive costs
// tens of microseconds (and a JIT on first use), so repeated calls with one piece geometry
// reuse them. The cache is a small array scanned under a mutex; primitives are immutable and
// may run on several threads at once, each with its own stream.
struct CachedMatMul {
  MatMulGeometry geometry;
  std::int64_t m_total = 0, n_total = 0;  // the leading dimensions (MatMulPiece)
  memory::desc a_md, b_md, out_md, scratchpad_md;
  dnnl::matmul primitive;
};

bool same_piece(const CachedMatMul& e, const MatMulPiece& p) {
  const MatMulGeometry &x = e.geometry, &y = p.g;
  return x.batch_rank == y.batch_rank && x.a_batch == y.a_batch && x.b_batch == y.b_batch && x.m == y.m &&
         x.n == y.n && x.k == y.k && x.transpose_a == y.transpose_a && x.transpose_b == y.transpose_b &&
         e.m_total == p.m_total && e.n_total == p.n_total;
}

// A descriptor of logical [batch..., rows, cols] whose element (r, c) of each matrix sits at
// r * row_stride + c * col_stride, and whose matrices are `matrix` elements apart.
memory::desc strided_desc(const std::array<std::int64_t, kMaxRank>& batch, int batch_rank, std::int64_t rows,
                          std::int64_t cols, std::int64_t row_stride, std::int64_t col_stride, std::int64_t matrix) {
  memory::dims dims(batch.begin(), batch.begin() + batch_rank), strides(batch_rank + 2);
  dims.push_back(rows);
  dims.push_back(cols);
  strides[batch_rank] = row_stride;
  strides[batch_rank + 1] = col_stride;
  for (int d = batch_rank - 1; d >= 0; --d) {
    strides[d] = matrix;
    matrix *= batch[d];
  }
  return memory::desc(dims, memory::data_type::f32, strides);
}

std::shared_ptr<const CachedMatMul> create(const MatMulPiece& p) {
  const MatMulGeometry& g = p.g;
  auto entry = std::make_shared<CachedMatMul>();
  entry->geometry = g;
  entry->m_total = p.m_total;
  entry->n_total = p.n_total;
  // a is stored [m_total, k] (or [k, m_total]), b [k, n_total] (or [n_total, k]), out [m_total, n_total].
  entry->a_md = strided_desc(g.a_batch, g.batch_rank, g.m, g.k, g.transpose_a ? 1 : g.k, g.transpose_a ? p.m_total : 1,
                             p.m_total * g.k);
  entry->b_md = strided_desc(g.b_batch, g.batch_rank, g.k, g.n, g.transpose_b ? 1 : p.n_total, g.transpose_b ? g.k : 1,
                             g.k * p.n_total);
  entry->out_md = strided_desc(g.out_batch, g.batch_rank, g.m, g.n, p.n_total, 1, p.m_total * p.n_total);
  const dnnl::matmul::desc desc(entry->a_md, entry->b_md, entry->out_md);
  const dnnl::matmul::primitive_desc pd(desc, onednn_user_scratchpad(), onednn_engine());
  entry->scratchpad_md = pd.scratchpad_desc();
  entry->primitive = dnnl::matmul(pd);
  return entry;
}

class PrimitiveCache {
 public:
  std::shared_ptr<const CachedMatMul> get(const MatMulPiece& p) {
    {
      std::lock_guard lock(mutex_);
      for (const auto& e : entries_)
        if (e && same_piece(*e, p)) return e;
    }
    auto entry = create(p);  // outside the lock: slow, and other geometries may proceed
    std::lock_guard lock(mutex_);
    entries_[next_] = entry;
    next_ = (next_ + 1) % entries_.size();
    return entry;
  }

 private:
  std::mutex mutex_;
  std::array<std::shared_ptr<const CachedMatMul>, 64> entries_;
  std::size_t next_ = 0;  // round-robin eviction
};

PrimitiveCache& primitive_cache() {
  static PrimitiveCache cache;
  return cache;
}

// The primitives of a split product's pieces.
PiecePlans<CachedMatMul> piece_primitives(const MatMulGeometry& g, const MatMulSplit& split) {
  return {g, split, [](const MatMulPiece& p) { return primitive_cache().get(p); }};
}

// Runs piece p of the product of a and b into out, on its primitive e.
void run_piece(const std::shared_ptr<const CachedMatMul>& e, const MatMulPiece& p, const float* a, const float* b,
               float* out) {
  static constexpr int kArgs[] = {DNNL_ARG_SRC, DNNL_ARG_WEIGHTS, DNNL_ARG_DST, DNNL_ARG_SCRATCHPAD};
  const memory::desc descs[] = {e->a_md, e->b_md, e->out_md, e->scratchpad_md};
  void* const data[] = {const_cast<float*>(a + p.a_offset), const_cast<float*>(b + p.b_offset), out + p.out_offset};
  onednn_execute(e, e->primitive, kArgs, descs, data);
}

// Note [Large sgemm]: for big single matrix products, oneDNN's packed JIT sgemm (dnnl_sgemm,
// "gemm:jit") sustains ~185-190 GFLOP/s at n = 1536, 2048 and 3072 on the 2-core AVX-512 machine,
// while the matmul primitive's brgemm kernel on plain row-major operands falls to ~170, ~180 and
// ~140; at n = 1024 and below the primitive is as fast or faster, and only it handles batches.
// The same holds for the one-thread row pieces tfpp runs them as: on [n/2, n] x [n, n], sgemm
// was 10-25% faster at n = 1536 and 2048 and ~60% at 3072, and level with the primitive at 1024.
constexpr double kLargeGemm = 2.0 * 1024 * 1024 * 1024;

bool large_single_product(const MatMulGeometry& g) {
  for (int d = 0; d < g.batch_rank; ++d)
    if (g.out_batch[d] != 1) return false;
  return static_cast<double>(g.m) * g.n * g.k >= kLargeGemm;
}

// Piece p of op(a) @ op(b) on dnnl_sgemm: out_piece = alpha * product + beta * out_piece.
dnnl_status_t sgemm_piece(const float* a, const float* b, float* out, const MatMulGeometry& g, const MatMulPiece& p,
                          float alpha, float beta) {
  return onednn_sgemm(g.transpose_a ? 'T' : 'N', g.transpose_b ? 'T' : 'N', p.g.m, p.g.n, g.k, alpha, a + p.a_offset,
                      g.transpose_a ? g.m : g.k, b + p.b_offset, g.transpose_b ? g.k : g.n, beta, out + p.out_offset, g.n);
}

}  // namespace

void onednn_matmul(const float* a, const float* b, float* out, const MatMulGeometry& g) {
  const MatMulSplit split = split_matmul(g);
  if (large_single_product(g)) {
    std::atomic<bool> failed{false};
    for_each_piece(split, [&](std::int64_t i) {
      if (sgemm_piece(a, b, out, g, matmul_piece(g, split, i), 1.0f, 0.0f) != dnnl_success) failed = true;
    });
    if (!failed) return;  // otherwise (never seen) the primitives below compute it
  }
  const PiecePlans<CachedMatMul> primitives = piece_primitives(g, split);
  for_each_piece(split, [&](std::int64_t i) { run_piece(primitives[i], matmul_piece(g, split, i), a, b, out); });
}

void onednn_matmul_accumulate(const float* a, const float* b, float* out, const MatMulGeometry& g, float alpha) {
  if (g.m == 0 || g.n == 0 || g.k == 0) return;
  // sgemm's beta = 1 adds the product to out as it is computed: no product buffer, no extra pass.
  const MatMulSplit split = split_matmul(g);
  std::atomic<std::uint64_t> failed{0};  // a bit per piece (kMaxPieces, matmul_split.cc)
  for_each_piece(split, [&](std::int64_t i) {
    if (sgemm_piece(a, b, out, g, matmul_piece(g, split, i), alpha, 1.0f) != dnnl_success)
      failed |= std::uint64_t{1} << i;
  });
  if (!failed) return;
  // Never seen: the failed pieces' products on the primitives, then their sums, on this thread.
  ScratchBuffer product(static_cast<std::size_t>(g.m * g.n) * sizeof(float));
  float* prod = static_cast<float*>(product.data());
  const PiecePlans<CachedMatMul> primitives = piece_primitives(g, split);
  for (std::int64_t i = 0; i < split.pieces; ++i) {
    if (!(failed & (std::uint64_t{1} << i))) continue;
    const MatMulPiece p = matmul_piece(g, split, i);
    run_piece(primitives[i], p, a, b, prod);
    for (std::int64_t r = 0; r < p.g.m; ++r)
      for (std::int64_t c = 0; c < p.g.n; ++c) out[p.out_offset + r * g.n + c] += alpha * prod[p.out_offset + r * g.n + c];
  }
}

}  // namespace tf::kernels
