// Turning a random op's (seed, seed2) attributes into a Philox generator.
#pragma once

#include <cstdint>

#include "kernels/cpu/philox.h"

namespace tf::ops {

/// The generator for seeds (seed, seed2); (0, 0) asks for fresh nondeterministic seeds on
/// every call, as TensorFlow's kernels do, so an unseeded op inside a traced graph still
/// draws new numbers each time the graph runs.
kernels::Philox make_philox(std::int64_t seed, std::int64_t seed2);

}  // namespace tf::ops
