// The oneDNN CPU engine and a per-thread stream, shared by every oneDNN-backed kernel
// (matmul, convolution, pooling, batch normalization).
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include <dnnl.hpp>

namespace tf::kernels {

// Note [oneDNN on one thread]: tfpp splits oneDNN's work across its own threads (each product
// into pieces run by kernels::parallel_for), so oneDNN itself must never open an OpenMP team:
// libgomp's workers spin for milliseconds after each region and fight tfpp's and tf.data's
// threads for the cores. Every thread that creates or runs oneDNN work therefore sets its
// OpenMP thread count to 1 first (Debian's oneDNN uses the OpenMP runtime, whose threading it
// reads from the calling thread, at primitive creation as well as at execution).

/// Makes oneDNN run on the calling thread alone (Note [oneDNN on one thread]); a read of the
/// thread's OpenMP count once that is 1.
void onednn_single_thread();
/// The process-wide oneDNN CPU engine; also sets up the calling thread for creating primitives.
dnnl::engine& onednn_engine();
/// A stream on that engine for the calling thread, set up to run oneDNN on that thread alone.
dnnl::stream& onednn_stream();
/// Row-major c = alpha * op(a) @ op(b) + beta * c (dnnl_sgemm) on the calling thread alone.
dnnl_status_t onednn_sgemm(char transa, char transb, std::int64_t m, std::int64_t n, std::int64_t k, float alpha,
                           const float* a, std::int64_t lda, const float* b, std::int64_t ldb, float beta, float* c,
                           std::int64_t ldc);

// Note [oneDNN scratchpads]: this oneDNN build shares a primitive's library-managed scratchpad
// between threads, so one primitive run from two threads at once (a tf::function called from
// several threads) computed wrong results. Primitives are therefore built with a user-managed
// scratchpad, and each run passes its thread's own.

/// `attr` with a user-managed scratchpad (Note [oneDNN scratchpads]).
dnnl::primitive_attr onednn_user_scratchpad(dnnl::primitive_attr attr = {});
/// The calling thread's scratchpad, at least as big as `md` asks, for one primitive run.
dnnl::memory onednn_scratchpad(const dnnl::memory::desc& md);

/// Runs a primitive with a user scratchpad on the calling thread's stream, on the buffers
/// `data` (one per argument of `args`, DNNL_ARG_* ids, with their descriptors in `descs`).
/// The memory objects and argument map are built once per thread and primitive (`owner` keeps
/// the primitive alive and identifies it): creating them on every call cost as much as a small
/// matrix product. The last descriptor is the scratchpad's, whose buffer comes from here.
void onednn_execute(const std::shared_ptr<const void>& owner, const dnnl::primitive& primitive,
                    std::span<const int> args, std::span<const dnnl::memory::desc> descs, std::span<void* const> data);

}  // namespace tf::kernels
