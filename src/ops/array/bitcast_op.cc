// Bitcast: the input's bytes as another dtype (tf.bitcast), a copy of the buffer.
#include "tfpp/bitcast.h"

#include <cstring>
#include <string>

#include "ops/array/array_common.h"
#include "ops/execute.h"

namespace tf {
namespace {

using ops::AttrValue;
using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

// TensorFlow's Bitcast takes the numeric dtypes, not bool or string.
bool bitcastable(DType d) { return is_numeric(d); }

void bitcast_shape(ShapeContext& ctx) {
  const Tensor& in = ctx.input(0);
  const DType from = in.dtype(), to = ctx.attr<DType>(0);
  if (!bitcastable(from) || !bitcastable(to))
    ctx.fail("cannot bitcast " + std::string(dtype_name(from)) + " to " + std::string(dtype_name(to)) +
             ": both must be numeric dtypes");
  const std::size_t in_size = dtype_size(from), out_size = dtype_size(to);
  TensorShape shape = in.shape();
  if (in_size == out_size || shape.has_unknown_rank()) return ctx.add_output(to, shape);
  if (in_size > out_size) {
    shape.append(static_cast<std::int64_t>(in_size / out_size));
    return ctx.add_output(to, shape);
  }
  const auto ratio = static_cast<std::int64_t>(out_size / in_size);
  if (shape.rank() == 0 || (shape.dim(-1) != None && shape.dim(-1) != ratio))
    ctx.fail("cannot bitcast " + ops::array::describe(in) + " to " + std::string(dtype_name(to)) +
             ": the last dimension must be " + std::to_string(ratio) + " (the size ratio of the dtypes)");
  TensorShape out;
  for (int i = 0; i + 1 < shape.rank(); ++i) out.append(shape.dim(i));
  ctx.add_output(to, out);
}

void bitcast_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const std::size_t bytes = static_cast<std::size_t>(in.num_elements()) * dtype_size(in.dtype());
  if (bytes) std::memcpy(ctx.output(0).raw_mutable_data(), in.raw_data(), bytes);
}

const OpDef& kBitcast = [] {
  OpBuilder b("Bitcast");
  b.inputs(1).attrs({"type"}).shape(bitcast_shape).no_gradient();
  for (int d = 0; d < kNumDTypes; ++d)
    if (bitcastable(static_cast<DType>(d))) b.kernel(static_cast<DType>(d), bitcast_kernel);
  return static_cast<const OpDef&>(b);
}();

}  // namespace

Tensor bitcast(const Tensor& input, DType type) {
  const AttrValue attrs[] = {type};
  return ops::execute1(kBitcast, {input}, attrs);
}

}  // namespace tf
