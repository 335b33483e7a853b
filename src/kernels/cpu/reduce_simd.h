// Run-time SIMD selection for the reduction, scan and softmax kernels, without -march=native:
// a function marked TFPP_SIMD_CLONES is compiled for AVX-512, AVX2 and baseline x86-64, and the
// loader picks the best clone. Loops in always-inline helpers it calls vectorize per target.
#pragma once

#define TFPP_SIMD_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
