// DecodeCompressed: zlib and gzip data inflated element by element, as TensorFlow's kernel reads
// each string through its ZlibInputStream.
#include <zlib.h>

#include "ops/execute.h"
#include "ops/strings/string_inputs.h"
#include "tfpp/errors.h"
#include "tfpp/io/decode_ops.h"

namespace tf::io {
namespace {

void decode_compressed_shape(ops::ShapeContext& ctx) {
  ops::check_string_input(ctx, 0, "bytes");
  const std::string& type = ctx.attr<std::string>(0);
  if (type != "" && type != "ZLIB" && type != "GZIP")
    ctx.fail("Only ZLIB, GZIP or NONE are supported compressions, got compression_type '" + type + "'");
  ctx.add_output(string, ctx.input(0).shape());
}

// Note [Inflating as TensorFlow's ZlibInputStream]: input that ends before the stream does gives
// the bytes inflated so far, without error; after a ZLIB stream's end the rest is ignored, after a
// GZIP member's end the next member is read (so trailing bytes that are not one fail).
std::string inflate_all(const std::string& in, bool gzip) {
  z_stream stream{};
  if (inflateInit2(&stream, gzip ? MAX_WBITS + 16 : MAX_WBITS) != Z_OK)
    throw ResourceExhaustedError("[DecodeCompressed] could not initialise zlib");
  std::string out;
  char buffer[1 << 16];
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  stream.avail_in = static_cast<uInt>(in.size());
  while (stream.avail_in > 0) {
    stream.next_out = reinterpret_cast<Bytef*>(buffer);
    stream.avail_out = sizeof buffer;
    const int status = inflate(&stream, Z_NO_FLUSH);
    out.append(buffer, sizeof buffer - stream.avail_out);
    if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) {
      const std::string message = "inflate() failed with error " + std::to_string(status) +
                                  (stream.msg ? std::string(": ") + stream.msg : std::string());
      inflateEnd(&stream);
      throw DataLossError(message);
    }
    if (status == Z_STREAM_END) {
      if (!gzip) break;
      inflateReset(&stream);
    } else if (status == Z_BUF_ERROR && stream.avail_out != 0) {
      break;  // no progress with input left: cannot happen for inflate, but never loop forever
    }
  }
  inflateEnd(&stream);
  return out;
}

void decode_compressed_kernel(ops::KernelContext& ctx) {
  const Tensor& bytes = ctx.input(0);
  const std::string& type = ctx.attr<std::string>(0);
  const std::string* in = bytes.data<std::string>();
  std::string* out = ctx.output(0).mutable_data<std::string>();
  for (std::int64_t i = 0; i < bytes.num_elements(); ++i) out[i] = type.empty() ? in[i] : inflate_all(in[i], type == "GZIP");
}

const ops::OpDef& kDecodeCompressed = ops::OpBuilder("DecodeCompressed").inputs(1).attrs({"compression_type"})
    .shape(decode_compressed_shape).kernel(string, decode_compressed_kernel).no_gradient();

}  // namespace

Tensor decode_compressed(const Tensor& bytes, const std::string& compression_type) {
  const std::array<ops::AttrValue, 1> attrs{compression_type};
  return std::move(ops::execute(kDecodeCompressed, {bytes}, attrs)[0]);
}

}  // namespace tf::io
