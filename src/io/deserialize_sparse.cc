// DeserializeSparse: SparseTensors serialized as string vectors [indices, values, dense_shape]
// (each a TensorProto, as tf.io.serialize_tensor writes them) back into one SparseTensor. An input
// of shape [d1, ..., dk, 3] holds d1*...*dk of them, which become one SparseTensor of k more
// dimensions whose other dimensions are the largest of theirs, as TensorFlow's op batches them:
// tf.data carries sparse elements this way, so that batching stacks the strings.
#include <algorithm>

#include "core/tensor_impl.h"
#include "ops/execute.h"
#include "ops/strings/string_inputs.h"
#include "proto/tensor_proto.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

void deserialize_shape(ShapeContext& ctx) {
  ops::check_string_input(ctx, 0, "serialized_sparse");
  const TensorShape& in = ctx.input(0).shape();
  if (!in.has_unknown_rank() && (in.rank() == 0 || (in.dim(-1) != None && in.dim(-1) != 3)))
    ctx.fail("Serialized sparse should have 3 as the last dimension, got shape " + in.debug_string());
  const DType dtype = ctx.attr<DType>(0);
  if (dtype == resource || dtype == variant)
    ctx.fail("cannot deserialize a SparseTensor of dtype " + std::string(dtype_name(dtype)));
  ctx.add_output(int64, {None, None});
  ctx.add_output(dtype, {None});
  ctx.add_output(int64, {None});
}

// One serialized SparseTensor, checked: indices [n, rank] int64, values [n], dense_shape [rank].
struct Parsed {
  Tensor indices, values, dense_shape;
};

Tensor parse_component(KernelContext& ctx, const std::string& bytes, DType dtype, const char* what) {
  proto::TensorProto message;
  if (!message.ParseFromString(bytes)) ctx.fail(std::string("Could not parse the serialized ") + what);
  Tensor t;
  try {
    t = proto_convert::from_tensor_proto(message);
  } catch (const Error& e) {
    ctx.fail(std::string("Could not parse the serialized ") + what + ": " + e.what());
  }
  if (t.dtype() != dtype)
    ctx.fail(std::string("Requested SparseTensor of type ") + std::string(dtype_name(dtype)) + " but " + what +
             " has type " + std::string(dtype_name(t.dtype())));
  return t;
}

Parsed parse_one(KernelContext& ctx, const std::string* parts, DType dtype) {
  Parsed p{parse_component(ctx, parts[0], int64, "indices"), parse_component(ctx, parts[1], dtype, "values"),
           parse_component(ctx, parts[2], int64, "dense_shape")};
  if (p.indices.rank() != 2 || p.values.rank() != 1 || p.dense_shape.rank() != 1 ||
      p.indices.shape().dim(0) != p.values.shape().dim(0) || p.indices.shape().dim(1) != p.dense_shape.shape().dim(0))
    ctx.fail("Expected indices [n, rank], values [n] and dense_shape [rank], got " + p.indices.shape().debug_string() +
             ", " + p.values.shape().debug_string() + " and " + p.dense_shape.shape().debug_string());
  return p;
}

template <class T>
void copy_values(const std::vector<Parsed>& parts, Tensor& out) {
  T* dst = out.mutable_data<T>();
  for (const Parsed& p : parts) dst = std::copy_n(p.values.data<T>(), p.values.num_elements(), dst);
}

void deserialize_kernel(KernelContext& ctx) {
  const Tensor& serialized = ctx.input(0);
  const DType dtype = ctx.attr<DType>(0);
  const std::int64_t count = serialized.num_elements() / 3;
  const int batch_rank = serialized.rank() - 1;
  if (count == 0)
    ctx.fail("Serialized sparse should have at least 1 serialized tensor, but has a zero dimension " + serialized.shape().debug_string());
  std::vector<Parsed> parts;
  parts.reserve(count);
  for (std::int64_t i = 0; i < count; ++i) parts.push_back(parse_one(ctx, serialized.data<std::string>() + 3 * i, dtype));
  const std::int64_t rank = parts[0].dense_shape.num_elements();
  std::int64_t total = 0;
  std::vector<std::int64_t> dense_shape(serialized.shape().dims().begin(), serialized.shape().dims().end() - 1);
  dense_shape.resize(batch_rank + rank, 0);
  for (const Parsed& p : parts) {
    if (p.dense_shape.num_elements() != rank)
      ctx.fail("Inconsistent rank across SparseTensors: rank prior to SparseTensor[" + std::to_string(&p - &parts[0]) +
               "] was: " + std::to_string(rank) + " but rank of SparseTensor[" + std::to_string(&p - &parts[0]) +
               "] is: " + std::to_string(p.dense_shape.num_elements()));
    const std::int64_t* shape = p.dense_shape.data<std::int64_t>();
    for (std::int64_t d = 0; d < rank; ++d) dense_shape[batch_rank + d] = std::max(dense_shape[batch_rank + d], shape[d]);
    total += p.values.num_elements();
  }
  // Each element's indices, prefixed with its position in the batch dimensions.
  const std::int64_t out_rank = batch_rank + rank;
  Tensor indices = core::empty(int64, TensorShape{total, out_rank});
  std::int64_t* dst = indices.mutable_data<std::int64_t>();
  for (std::int64_t i = 0; i < count; ++i) {
    std::vector<std::int64_t> position(batch_rank);
    for (std::int64_t rem = i, d = batch_rank - 1; d >= 0; --d) {
      position[d] = rem % serialized.shape().dim(d);
      rem /= serialized.shape().dim(d);
    }
    const std::int64_t* src = parts[i].indices.data<std::int64_t>();
    for (std::int64_t n = 0; n < parts[i].values.num_elements(); ++n) {
      dst = std::copy(position.begin(), position.end(), dst);
      dst = std::copy_n(src + n * rank, rank, dst);
    }
  }
  Tensor values = core::empty(dtype, TensorShape{total});
  visit_dtype(dtype, [&](auto tag) { copy_values<decltype(tag)>(parts, values); });
  Tensor shape = core::empty(int64, TensorShape{out_rank});
  std::copy(dense_shape.begin(), dense_shape.end(), shape.mutable_data<std::int64_t>());
  ctx.output(0) = std::move(indices);
  ctx.output(1) = std::move(values);
  ctx.output(2) = std::move(shape);
}

const OpDef& kDeserializeSparse = OpBuilder("DeserializeSparse").inputs(1).attrs({"dtype"}).shape(deserialize_shape)
    .kernel(string, deserialize_kernel).kernel_allocates_outputs().no_gradient();
// tf.io.deserialize_many_sparse's op: TensorFlow 2.21 runs it with DeserializeSparse's kernel.
const OpDef& kDeserializeManySparse = OpBuilder("DeserializeManySparse").inputs(1).attrs({"dtype"}).shape(deserialize_shape)
    .kernel(string, deserialize_kernel).kernel_allocates_outputs().no_gradient();

}  // namespace
}  // namespace tf
