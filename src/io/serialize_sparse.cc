// SerializeSparse and SerializeManySparse: a SparseTensor's three tensors as serialized TensorProtos,
// whole or per entry of the first dimension, byte for byte as TensorFlow writes them (its
// AsProtoTensorContent: every dtype in tensor_content, strings as varint lengths then bytes).
#include "tfpp/io/serialize_sparse.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "core/tensor_impl.h"
#include "ops/execute.h"
#include "proto/tensor_proto.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

void put_varint32(std::string& out, std::uint32_t v) {
  for (; v >= 0x80; v >>= 7) out.push_back(static_cast<char>((v & 0x7f) | 0x80));
  out.push_back(static_cast<char>(v));
}

std::string serialized(const Tensor& t) {
  proto::TensorProto message;
  proto_convert::to_tensor_proto(t, &message);
  if (t.dtype() == string) {  // TensorFlow's EncodeStringList: all the lengths, then all the bytes
    message.clear_string_val();
    std::string content;
    const std::string* s = t.data<std::string>();
    for (std::int64_t i = 0; i < t.num_elements(); ++i) put_varint32(content, static_cast<std::uint32_t>(s[i].size()));
    for (std::int64_t i = 0; i < t.num_elements(); ++i) content += s[i];
    message.set_tensor_content(content);
  }
  return message.SerializeAsString();
}

// (sparse_indices, sparse_values, sparse_shape), checked as TensorFlow's kernels do.
void check_sparse(const ShapeContext& ctx) {
  const TensorShape& i = ctx.input(0).shape();
  const TensorShape& v = ctx.input(1).shape();
  const TensorShape& s = ctx.input(2).shape();
  if (ctx.input(0).dtype() != int64 || ctx.input(2).dtype() != int64) ctx.fail("indices and dense_shape must be int64");
  if (ctx.input(1).dtype() == resource || ctx.input(1).dtype() == variant)
    ctx.fail("cannot serialize values of dtype " + std::string(dtype_name(ctx.input(1).dtype())));
  if (!i.has_unknown_rank() && i.rank() != 2) ctx.fail("Input indices should be a matrix but received shape " + i.debug_string());
  if (!v.has_unknown_rank() && v.rank() != 1) ctx.fail("Input values should be a vector but received shape " + v.debug_string());
  if (!s.has_unknown_rank() && s.rank() != 1) ctx.fail("Input shape should be a vector but received shape " + s.debug_string());
}

void serialize_shape(ShapeContext& ctx) {
  check_sparse(ctx);
  ctx.add_output(string, TensorShape({3}));
}

void serialize_kernel(KernelContext& ctx) {
  std::string* out = ctx.output(0).mutable_data<std::string>();
  for (int k = 0; k < 3; ++k) out[k] = serialized(ctx.input(k));
}

void serialize_many_shape(ShapeContext& ctx) {
  check_sparse(ctx);
  const Tensor& shape = ctx.input(2);
  std::int64_t n = None;
  if (!shape.is_symbolic()) {
    if (shape.num_elements() <= 1)
      ctx.fail("Rank of input SparseTensor should be > 1, but saw rank: " + std::to_string(shape.num_elements()));
    n = shape.data<std::int64_t>()[0];
  }
  ctx.add_output(string, TensorShape({n, 3}));
}

std::string index_string(const std::int64_t* index, std::int64_t rank) {
  std::string s = "[";
  for (std::int64_t d = 0; d < rank; ++d) {
    if (d > 0) s += ',';
    s += std::to_string(index[d]);
  }
  return s + "]";
}

void serialize_many_kernel(KernelContext& ctx) {
  const Tensor& indices = ctx.input(0);
  const Tensor& values = ctx.input(1);
  const std::int64_t rank = ctx.input(2).num_elements();
  const std::int64_t* shape = ctx.input(2).data<std::int64_t>();
  const std::int64_t count = values.num_elements();
  if (indices.shape().dim(0) != count || indices.shape().dim(1) != rank)
    ctx.fail("indices " + indices.shape().debug_string() + " do not match values " + values.shape().debug_string() + " and rank " +
             std::to_string(rank));
  const std::int64_t* idx = indices.data<std::int64_t>();
  // TensorFlow's SparseTensor::IndicesValid: inside the shape, row-major order, no repeats.
  for (std::int64_t n = 0; n < count; ++n) {
    const std::int64_t* at = idx + n * rank;
    for (std::int64_t d = 0; d < rank; ++d)
      if (at[d] < 0 || at[d] >= shape[d])
        ctx.fail("indices[" + std::to_string(n) + "] = " + index_string(at, rank) + " is out of bounds: need 0 <= index < " +
                 index_string(shape, rank));
    if (n == 0) continue;
    if (std::equal(at - rank, at, at)) ctx.fail("indices[" + std::to_string(n) + "] = " + index_string(at, rank) + " is repeated");
    if (!std::lexicographical_compare(at - rank, at, at, at + rank))
      ctx.fail("indices[" + std::to_string(n) + "] = " + index_string(at, rank) +
               " is out of order. Many sparse ops require sorted indices.\n    Use `tf.sparse.reorder` to create a correctly ordered "
               "copy.\n\n");
  }
  const std::int64_t batch = shape[0];
  Tensor out = core::empty(string, TensorShape({batch, 3}));
  std::string* rows = out.mutable_data<std::string>();
  Tensor entry_shape = core::empty(int64, TensorShape({rank - 1}));
  std::copy(shape + 1, shape + rank, entry_shape.mutable_data<std::int64_t>());
  const std::string shape_bytes = serialized(entry_shape);
  for (std::int64_t b = 0, n = 0; b < batch; ++b) {
    std::int64_t end = n;
    while (end < count && idx[end * rank] == b) ++end;
    Tensor entry_indices = core::empty(int64, TensorShape({end - n, rank - 1}));
    std::int64_t* dst = entry_indices.mutable_data<std::int64_t>();
    for (std::int64_t k = n; k < end; ++k) dst = std::copy(idx + k * rank + 1, idx + (k + 1) * rank, dst);
    rows[b * 3] = serialized(entry_indices);
    Tensor entry_values = core::empty(values.dtype(), TensorShape({end - n}));
    if (values.dtype() == string) {
      std::copy(values.data<std::string>() + n, values.data<std::string>() + end, entry_values.mutable_data<std::string>());
    } else {  // bool and every number are plain bytes
      const std::size_t size = values.dtype() == DType::kBool ? 1 : dtype_size(values.dtype());
      std::memcpy(entry_values.raw_mutable_data(), static_cast<const char*>(values.raw_data()) + n * size, (end - n) * size);
    }
    rows[b * 3 + 1] = serialized(entry_values);
    rows[b * 3 + 2] = shape_bytes;
    n = end;
  }
  ctx.output(0) = std::move(out);
}

const OpDef& kSerializeSparse = OpBuilder("SerializeSparse").inputs(3).shape(serialize_shape).kernel(int64, serialize_kernel).no_gradient();
const OpDef& kSerializeManySparse = OpBuilder("SerializeManySparse")
                                        .inputs(3)
                                        .shape(serialize_many_shape)
                                        .kernel(int64, serialize_many_kernel)
                                        .kernel_allocates_outputs()
                                        .no_gradient();

}  // namespace

namespace io {

Tensor serialize_sparse(const SparseTensor& sp) {
  return ops::execute1(kSerializeSparse, {sp.indices, sp.values, sp.dense_shape});
}

Tensor serialize_many_sparse(const SparseTensor& sp) {
  return ops::execute1(kSerializeManySparse, {sp.indices, sp.values, sp.dense_shape});
}

SparseTensor deserialize_many_sparse(const Tensor& serialized_sparse, DType dtype) {
  static const OpDef& op = *ops::find_op("DeserializeManySparse");
  const ops::AttrValue attrs[] = {dtype};
  ops::Outputs out = ops::execute(op, {serialized_sparse}, attrs);
  return {std::move(out[0]), std::move(out[1]), std::move(out[2])};
}

}  // namespace io
}  // namespace tf
