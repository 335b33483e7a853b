// The dtype tf.math.truediv divides integers of one dtype in.
#pragma once

#include "tfpp/dtype.h"

namespace tf::ops::math {

/// float32 for uint8, float64 for int32 and int64: as TensorFlow's truediv table, a float that
/// holds every value of the integer dtype exactly.
inline DType truediv_dtype(DType integer) { return integer == DType::kUInt8 ? DType::kFloat32 : DType::kFloat64; }

}  // namespace tf::ops::math
