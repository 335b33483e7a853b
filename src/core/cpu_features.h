// Per-thread CPU state that kernels rely on.
#pragma once

namespace tf::core {

/// Sets flush-to-zero and denormals-are-zero on the calling thread, once per thread.
/// Note [Denormals]: decaying optimizer moments and all-zero input pixels otherwise fall into
/// denormal floats, which made elementwise kernels 3-4x slower; TensorFlow flushes them too.
void flush_denormals_on_this_thread();

}  // namespace tf::core
