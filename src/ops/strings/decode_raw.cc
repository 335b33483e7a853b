// DecodeRaw: reinterprets the bytes of each string as numbers, adding a last dimension.
#include <algorithm>
#include <cstring>

#include "ops/execute.h"
#include "ops/strings/string_inputs.h"
#include "tfpp/string_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

enum DecodeRawAttr { kOutType, kLittleEndian };

// The common byte length of the strings (checked equal and a multiple of the element size).
std::int64_t common_length(const OpContext& ctx, const Tensor& bytes, DType out) {
  const std::string* s = bytes.data<std::string>();
  const std::int64_t n = bytes.num_elements();
  if (n == 0) return 0;
  for (std::int64_t i = 1; i < n; ++i)
    if (s[i].size() != s[0].size())
      ctx.fail("all strings must have the same length, but element 0 has " + std::to_string(s[0].size()) +
               " bytes and element " + std::to_string(i) + " has " + std::to_string(s[i].size()));
  if (s[0].size() % dtype_size(out))
    ctx.fail("a string of " + std::to_string(s[0].size()) + " bytes is not a whole number of " +
             std::string(dtype_name(out)) + " values (" + std::to_string(dtype_size(out)) + " bytes each)");
  return static_cast<std::int64_t>(s[0].size() / dtype_size(out));
}

void decode_raw_shape(ShapeContext& ctx) {
  const Tensor& bytes = ctx.input(0);
  ops::check_string_input(ctx, 0, "bytes");
  const DType out = ctx.attr<DType>(kOutType);
  if (!is_numeric(out) || out == uint32 || out == uint64)  // TensorFlow's out_type has no uint32 or uint64
    ctx.fail("out_type must be a float, int8, int16, int32, int64, uint8 or uint16, got " + std::string(dtype_name(out)));
  TensorShape shape = bytes.shape();
  if (!shape.has_unknown_rank()) {
    if (shape.rank() == kMaxRank) ctx.fail("bytes has the largest rank already, shape " + shape.debug_string());
    shape.append(bytes.is_symbolic() ? None : common_length(ctx, bytes, out));
  }
  ctx.add_output(out, shape);
}

void decode_raw_kernel(KernelContext& ctx) {
  const Tensor& bytes = ctx.input(0);
  Tensor& out = ctx.output(0);
  const std::size_t size = dtype_size(out.dtype());
  const std::size_t length = out.rank() ? static_cast<std::size_t>(out.shape().dim(-1)) * size : 0;
  char* dst = static_cast<char*>(out.raw_mutable_data());
  const std::string* src = bytes.data<std::string>();
  for (std::int64_t i = 0; i < bytes.num_elements(); ++i) std::memcpy(dst + i * length, src[i].data(), length);
  // This machine is little-endian; big-endian data has its bytes reversed within each value.
  if (!ctx.attr<bool>(kLittleEndian))
    for (std::size_t at = 0; at + size <= length * bytes.num_elements(); at += size) std::reverse(dst + at, dst + at + size);
}

const OpDef& kDecodeRaw = OpBuilder("DecodeRaw").inputs(1).attrs({"out_type", "little_endian"})
    .shape(decode_raw_shape).kernel(string, decode_raw_kernel).no_gradient();

}  // namespace

namespace io {

Tensor decode_raw(const Tensor& bytes, DType out_type, const DecodeRawOptions& options) {
  const std::array<ops::AttrValue, 2> attrs{out_type, options.little_endian};
  return std::move(ops::execute(kDecodeRaw, {bytes}, attrs)[0]);
}

}  // namespace io
}  // namespace tf
