// The oneDNN CPU engine and a per-thread stream, shared by every oneDNN-backed kernel
// (matmul, convolution, pooling, batch normalization).
#pragma once

#include <dnnl.hpp>

namespace tf::kernels {

/// The process-wide oneDNN CPU engine.
dnnl::engine& onednn_engine();
/// A stream on that engine for the calling thread.
dnnl::stream& onednn_stream();

}  // namespace tf::kernels
