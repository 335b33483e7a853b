// SerializeTensor and ParseTensor: a tensor as a serialized TensorProto in a string scalar and
// back, through the TensorProto conversions the SavedModel code uses (proto/tensor_proto.h).
#include "tfpp/io/serialize_tensor.h"

#include "ops/execute.h"
#include "ops/strings/string_inputs.h"
#include "proto/tensor_proto.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

void serialize_shape(ShapeContext& ctx) {
  const DType dtype = ctx.input(0).dtype();
  if (dtype == resource || dtype == variant)
    ctx.fail("cannot serialize a tensor of dtype " + std::string(dtype_name(dtype)));
  ctx.add_output(string, TensorShape{});
}

void serialize_kernel(KernelContext& ctx) {
  proto::TensorProto message;
  proto_convert::to_tensor_proto(ctx.input(0), &message);
  ctx.output(0).mutable_data<std::string>()[0] = message.SerializeAsString();
}

const OpDef& kSerializeTensor = OpBuilder("SerializeTensor").inputs(1).shape(serialize_shape)
    .kernels<float, double, std::int32_t, std::int64_t, std::uint8_t, Eigen::half, Eigen::bfloat16, bool, std::string,
             std::complex<float>, std::complex<double>>(
        []<class T>() -> ops::KernelFn { return &serialize_kernel; })
    .kernels<std::int8_t, std::int16_t, std::uint16_t, std::uint32_t, std::uint64_t>(
        []<class T>() -> ops::KernelFn { return &serialize_kernel; })
    .no_gradient();

void parse_shape(ShapeContext& ctx) {
  const Tensor& serialized = ctx.input(0);
  ops::check_string_input(ctx, 0, "serialized");
  if (!serialized.shape().has_unknown_rank() && serialized.rank() != 0)
    ctx.fail("Expected `serialized` to be a scalar, got shape: " + serialized.shape().debug_string());
  ctx.add_output(ctx.attr<DType>(0), TensorShape::unknown_rank());
}

void parse_kernel(KernelContext& ctx) {
  const std::string& bytes = ctx.input(0).item<std::string>();
  proto::TensorProto message;
  if (!message.ParseFromString(bytes))
    ctx.fail("Could not parse `serialized` (" + std::to_string(bytes.size()) + " bytes) as TensorProto");
  Tensor parsed;
  try {
    parsed = proto_convert::from_tensor_proto(message);
  } catch (const Error& e) {  // sizes that disagree with the shape, or a dtype tfpp lacks
    ctx.fail("Could not parse `serialized` as TensorProto: " + std::string(e.what()));
  }
  const DType want = ctx.attr<DType>(0);
  if (parsed.dtype() != want)
    ctx.fail("Type mismatch between parsed tensor (" + std::string(dtype_name(parsed.dtype())) + ") and dtype (" +
             std::string(dtype_name(want)) + ")");
  ctx.output(0) = std::move(parsed);
}

const OpDef& kParseTensor = OpBuilder("ParseTensor").inputs(1).attrs({"out_type"}).shape(parse_shape)
    .kernel(string, parse_kernel).kernel_allocates_outputs().no_gradient();

}  // namespace

namespace io {

Tensor serialize_tensor(const Tensor& tensor) { return std::move(ops::execute(kSerializeTensor, {tensor})[0]); }

Tensor parse_tensor(const Tensor& serialized, DType out_type) {
  const std::array<ops::AttrValue, 1> attrs{out_type};
  return std::move(ops::execute(kParseTensor, {serialized}, attrs)[0]);
}

}  // namespace io
}  // namespace tf
