// The dtype tf.math.truediv divides integers of one dtype in.
#pragma once

#include "tfpp/dtype.h"

namespace tf::ops::math {

/// float32 for int8, int16, uint8 and uint16, float64 for int32, int64, uint32 and uint64: as
/// TensorFlow's truediv table, a float that holds every value of the integer dtype exactly.
inline DType truediv_dtype(DType integer) {
  const bool narrow = integer == DType::kUInt8 || integer == DType::kInt8 || integer == DType::kInt16 ||
                      integer == DType::kUInt16;
  return narrow ? DType::kFloat32 : DType::kFloat64;
}

}  // namespace tf::ops::math
