#include "kernels/cpu/matmul_onednn.h"

#include <memory>
#include <mutex>

#include "kernels/cpu/onednn.h"
#include "kernels/cpu/onednn_plan.h"

namespace tf::kernels {
namespace {

using dnnl::memory;

// Note [MatMul primitive cache]: creating a oneDNN primitive descriptor and primitive costs
// tens of microseconds (and a JIT on first use), so repeated calls with one geometry reuse
// them. The cache is a small array scanned under a mutex; primitives are immutable and may
// run on several threads at once, each with its own stream.
struct CachedMatMul {
  MatMulGeometry geometry;
  memory::desc a_md, b_md, out_md, scratchpad_md;
  dnnl::matmul primitive;
};

bool same_geometry(const MatMulGeometry& x, const MatMulGeometry& y) {
  return x.batch_rank == y.batch_rank && x.a_batch == y.a_batch && x.b_batch == y.b_batch && x.m == y.m &&
         x.n == y.n && x.k == y.k && x.transpose_a == y.transpose_a && x.transpose_b == y.transpose_b;
}

// A descriptor of logical [batch..., rows, cols] for a row-major buffer that stores the matrix
// part as [rows, cols], or as [cols, rows] when `transposed`.
memory::desc plain_desc(const std::array<std::int64_t, kMaxRank>& batch, int batch_rank, std::int64_t rows,
                        std::int64_t cols, bool transposed) {
  memory::dims dims(batch.begin(), batch.begin() + batch_rank), strides(batch_rank + 2);
  dims.push_back(rows);
  dims.push_back(cols);
  strides[batch_rank] = transposed ? 1 : cols;
  strides[batch_rank + 1] = transposed ? rows : 1;
  std::int64_t stride = rows * cols;
  for (int d = batch_rank - 1; d >= 0; --d) {
    strides[d] = stride;
    stride *= batch[d];
  }
  return memory::desc(dims, memory::data_type::f32, strides);
}

std::shared_ptr<const CachedMatMul> create(const MatMulGeometry& g) {
  auto entry = std::make_shared<CachedMatMul>();
  entry->geometry = g;
  entry->a_md = plain_desc(g.a_batch, g.batch_rank, g.m, g.k, g.transpose_a);
  entry->b_md = plain_desc(g.b_batch, g.batch_rank, g.k, g.n, g.transpose_b);
  entry->out_md = plain_desc(g.out_batch, g.batch_rank, g.m, g.n, false);
  const dnnl::matmul::desc desc(entry->a_md, entry->b_md, entry->out_md);
  const dnnl::matmul::primitive_desc pd(desc, onednn_user_scratchpad(), onednn_engine());
  entry->scratchpad_md = pd.scratchpad_desc();
  entry->primitive = dnnl::matmul(pd);
  return entry;
}

class PrimitiveCache {
 public:
  std::shared_ptr<const CachedMatMul> get(const MatMulGeometry& g) {
    {
      std::lock_guard lock(mutex_);
      for (const auto& e : entries_)
        if (e && same_geometry(e->geometry, g)) return e;
    }
    auto entry = create(g);  // outside the lock: slow, and other geometries may proceed
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

// Note [Large sgemm]: for big single matrix products, oneDNN's packed JIT sgemm (dnnl_sgemm,
// "gemm:jit") sustains ~185-190 GFLOP/s at n = 1536, 2048 and 3072 on the 2-core AVX-512 machine,
// while the matmul primitive's brgemm kernel on plain row-major operands falls to ~170, ~180 and
// ~140; at n = 1024 and below the primitive is as fast or faster, and only it handles batches.
constexpr double kLargeGemm = 2.0 * 1024 * 1024 * 1024;

bool large_single_product(const MatMulGeometry& g) {
  for (int d = 0; d < g.batch_rank; ++d)
    if (g.out_batch[d] != 1) return false;
  return static_cast<double>(g.m) * g.n * g.k >= kLargeGemm;
}

}  // namespace

void onednn_matmul(const float* a, const float* b, float* out, const MatMulGeometry& g) {
  if (large_single_product(g)) {
    const dnnl_status_t status =
        dnnl_sgemm(g.transpose_a ? 'T' : 'N', g.transpose_b ? 'T' : 'N', g.m, g.n, g.k, 1.0f, a,
                   g.transpose_a ? g.m : g.k, b, g.transpose_b ? g.k : g.n, 0.0f, out, g.n);
    if (status == dnnl_success) return;  // otherwise (never seen) the primitive below computes it
  }
  static PrimitiveCache cache;
  const auto entry = cache.get(g);
  static constexpr int kArgs[] = {DNNL_ARG_SRC, DNNL_ARG_WEIGHTS, DNNL_ARG_DST, DNNL_ARG_SCRATCHPAD};
  const memory::desc descs[] = {entry->a_md, entry->b_md, entry->out_md, entry->scratchpad_md};
  void* const data[] = {const_cast<float*>(a), const_cast<float*>(b), out};
  onednn_execute(entry, entry->primitive, kArgs, descs, data);
}

void onednn_matmul_accumulate(const float* a, const float* b, float* out, const MatMulGeometry& g, float alpha) {
  if (g.m == 0 || g.n == 0 || g.k == 0) return;
  // sgemm's beta = 1 adds the product to out as it is computed: no product buffer, no extra pass.
  const dnnl_status_t status = dnnl_sgemm(g.transpose_a ? 'T' : 'N', g.transpose_b ? 'T' : 'N', g.m, g.n, g.k, alpha, a,
                                          g.transpose_a ? g.m : g.k, b, g.transpose_b ? g.k : g.n, 1.0f, out, g.n);
  if (status == dnnl_success) return;
  ScratchBuffer product(static_cast<std::size_t>(g.m * g.n) * sizeof(float));  // never seen: the primitive, then the sum
  float* p = static_cast<float*>(product.data());
  onednn_matmul(a, b, p, g);
  for (std::int64_t i = 0; i < g.m * g.n; ++i) out[i] += alpha * p[i];
}

}  // namespace tf::kernels
