// TensorFlow's check of an op's type attribute 'T' against the dtypes its op definition lists,
// with TensorFlow's message ("Value for attr 'T' of int8 is not in the list of allowed values:
// half, bfloat16, float, double, int32"), and the lists the convolution and pooling ops share.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>

#include "ops/op_def.h"

namespace tf::ops {

/// TensorFlow's DataTypeString of `dtype`, which names three dtypes by their C types ("half",
/// "float", "double") and the others as tfpp does.
std::string tensorflow_type_name(DType dtype);

/// Fails with TensorFlow's message unless `dtype` is one of `allowed` (listed in the op's order);
/// `unlisted` names the dtypes of TensorFlow's list that tfpp does not have ("qint8"); `attr` is
/// the attribute's name in TensorFlow's op.
void check_type_attr(const OpContext& ctx, DType dtype, std::span<const DType> allowed, std::string_view unlisted = {},
                     std::string_view attr = "T");

namespace nn {

/// The dtypes of TensorFlow's floating-point window ops (AvgPool, DepthwiseConv2dNative, ...).
inline constexpr std::array kFloatTypes = {DType::kFloat16, DType::kBFloat16, DType::kFloat32, DType::kFloat64};
/// Conv2D's and Conv2DBackpropInput's: the floating-point dtypes and int32.
inline constexpr std::array kFloatAndInt32Types = {DType::kFloat16, DType::kBFloat16, DType::kFloat32, DType::kFloat64,
                                                   DType::kInt32};

/// MaxPool's: those and the integers up to 16 bits, int32 and int64.
inline constexpr std::array kMaxPoolTypes = {DType::kFloat16, DType::kBFloat16, DType::kFloat32, DType::kFloat64,
                                             DType::kInt32,   DType::kInt64,    DType::kUInt8,   DType::kInt16,
                                             DType::kInt8,    DType::kUInt16};

}  // namespace nn
}  // namespace tf::ops
