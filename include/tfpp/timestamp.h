// tf::timestamp: the time since the Unix epoch, in seconds, when the op runs (tf.timestamp).
// Inside a tf::function it is read at every call, in program order, not once while tracing.
#pragma once

#include "tfpp/tensor.h"

namespace tf {

/// A float64 scalar: seconds since 1970-01-01 00:00 UTC, with microsecond or better resolution.
Tensor timestamp();

}  // namespace tf
