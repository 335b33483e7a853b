// Reading and advancing a random generator's state variable (the RngReadAndSkip op).
#pragma once

#include <cstdint>

#include "tfpp/tensor.h"

namespace tf::ops {

/// The state (int64 [3]) of the generator variable behind `handle`, whose counter then
/// advances as a draw of `delta` values would.
Tensor rng_read_and_skip(const Tensor& handle, std::int32_t alg, std::int64_t delta);

}  // namespace tf::ops
