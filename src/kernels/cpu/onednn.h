// The oneDNN CPU engine and a per-thread stream, shared by every oneDNN-backed kernel
// (matmul, convolution, pooling, batch normalization).
#pragma once

#include <dnnl.hpp>

namespace tf::kernels {

/// The process-wide oneDNN CPU engine.
dnnl::engine& onednn_engine();
/// A stream on that engine for the calling thread.
dnnl::stream& onednn_stream();

// Note [oneDNN scratchpads]: this oneDNN build shares a primitive's library-managed scratchpad
// between threads, so one primitive run from two threads at once (a tf::function called from
// several threads) computed wrong results. Primitives are therefore built with a user-managed
// scratchpad, and each run passes its thread's own.

/// `attr` with a user-managed scratchpad (Note [oneDNN scratchpads]).
dnnl::primitive_attr onednn_user_scratchpad(dnnl::primitive_attr attr = {});
/// The calling thread's scratchpad, at least as big as `md` asks, for one primitive run.
dnnl::memory onednn_scratchpad(const dnnl::memory::desc& md);

}  // namespace tf::kernels
