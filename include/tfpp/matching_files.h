// tf.io.matching_files: the files whose names match glob patterns (*, ?, [...]), read when the
// op runs. As in TensorFlow, a tf::function whose pattern is a constant may list the files once,
// when its graph is optimized; pass the pattern as an argument to list them at each call.
#pragma once

#include "tfpp/tensor.h"

namespace tf::io {

/// The sorted names of the files matching `pattern` (a string scalar or vector of patterns, each
/// pattern's matches in turn); an empty vector when none match (MatchingFiles).
Tensor matching_files(const Tensor& pattern);

}  // namespace tf::io
