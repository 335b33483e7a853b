// DeserializeRagged: RaggedTensors serialized as string vectors [flat_values, row_splits...] (each
// a TensorProto, as tf.io.serialize_tensor writes them; a dense tensor is [itself]) back into one
// RaggedTensor. An input of shape [d1, ..., dk, n] (k = the `batch_levels` attribute) holds
// d1*...*dk of them, which become the rows of a RaggedTensor of k more ragged dimensions, as
// TensorFlow's RaggedTensorFromVariant joins a batch: tf.data carries ragged elements this way,
// so that batching stacks the strings, and this op reads the stack eagerly and inside graphs.
// Outputs: the k + n - 1 row splits, outermost first, then the flat values.
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

// Attributes: dtype (of the flat values), splits_dtype, batch_levels (k), ragged_rank (n - 1).
void deserialize_ragged_shape(ShapeContext& ctx) {
  ops::check_string_input(ctx, 0, "serialized_ragged");
  const DType dtype = ctx.attr<DType>(0), splits_dtype = ctx.attr<DType>(1);
  const auto batch_levels = ctx.attr<std::int64_t>(2), ragged_rank = ctx.attr<std::int64_t>(3);
  if (splits_dtype != int32 && splits_dtype != int64)
    ctx.fail("splits_dtype must be int32 or int64, got " + std::string(dtype_name(splits_dtype)));
  if (batch_levels < 0 || ragged_rank < 0)
    ctx.fail("batch_levels and ragged_rank must be >= 0, got " + std::to_string(batch_levels) + " and " +
             std::to_string(ragged_rank));
  const TensorShape& in = ctx.input(0).shape();
  if (!in.has_unknown_rank() &&
      (in.rank() != batch_levels + 1 || (in.dim(-1) != None && in.dim(-1) != ragged_rank + 1)))
    ctx.fail("expected serialized components of shape [d1, ..., d" + std::to_string(batch_levels) + ", " +
             std::to_string(ragged_rank + 1) + "], got " + in.debug_string());
  for (std::int64_t i = 0; i < batch_levels + ragged_rank; ++i) ctx.add_output(splits_dtype, {None});
  ctx.add_output(dtype, TensorShape::unknown_rank());
}

Tensor parse_component(KernelContext& ctx, const std::string& bytes, DType dtype, std::int64_t element) {
  proto::TensorProto message;
  const std::string what = "component of RaggedTensor " + std::to_string(element);
  if (!message.ParseFromString(bytes)) ctx.fail("Could not parse the serialized " + what);
  Tensor t;
  try {
    t = proto_convert::from_tensor_proto(message);
  } catch (const Error& e) {
    ctx.fail("Could not parse the serialized " + what + ": " + e.what());
  }
  if (t.dtype() != dtype)
    ctx.fail("Expected a " + std::string(dtype_name(dtype)) + " " + what + ", got " +
             std::string(dtype_name(t.dtype())));
  return t;
}

// Row splits parsed as int32 or int64, widened.
std::vector<std::int64_t> splits_values(KernelContext& ctx, const Tensor& splits, std::int64_t element) {
  if (splits.rank() != 1 || splits.num_elements() < 1)
    ctx.fail("row splits of RaggedTensor " + std::to_string(element) + " must be a non-empty vector, got shape " +
             splits.shape().debug_string());
  if (splits.dtype() == int64) return splits.numpy<std::int64_t>();
  const std::vector<std::int32_t> narrow = splits.numpy<std::int32_t>();
  return {narrow.begin(), narrow.end()};
}

template <class T>
void copy_elements(const std::vector<Tensor>& parts, Tensor& out) {
  T* dst = out.mutable_data<T>();
  for (const Tensor& p : parts) dst = std::copy_n(p.data<T>(), p.num_elements(), dst);
}

Tensor splits_tensor(const std::vector<std::int64_t>& splits, DType dtype) {
  Tensor out = core::empty(dtype, TensorShape{static_cast<std::int64_t>(splits.size())});
  if (dtype == int64) std::copy(splits.begin(), splits.end(), out.mutable_data<std::int64_t>());
  else std::copy(splits.begin(), splits.end(), out.mutable_data<std::int32_t>());
  return out;
}

void deserialize_ragged_kernel(KernelContext& ctx) {
  const Tensor& serialized = ctx.input(0);
  const DType dtype = ctx.attr<DType>(0), splits_dtype = ctx.attr<DType>(1);
  const auto batch_levels = static_cast<int>(ctx.attr<std::int64_t>(2));
  const auto ragged_rank = static_cast<int>(ctx.attr<std::int64_t>(3));
  const int n = ragged_rank + 1;
  // The shape function could not check an input whose rank was unknown while tracing.
  if (serialized.rank() != batch_levels + 1 || serialized.shape().dim(-1) != n)
    ctx.fail("expected serialized components of shape [d1, ..., d" + std::to_string(batch_levels) + ", " +
             std::to_string(n) + "], got " + serialized.shape().debug_string());
  const std::int64_t count = serialized.num_elements() / n;
  const std::string* strings = serialized.data<std::string>();
  // Each element's components: flat values, then its row splits outermost first.
  std::vector<Tensor> flat(count);
  using Splits = std::vector<std::int64_t>;
  std::vector<std::vector<Splits>> splits(ragged_rank, std::vector<Splits>(count));
  for (std::int64_t i = 0; i < count; ++i) {
    flat[i] = parse_component(ctx, strings[i * n], dtype, i);
    for (int level = 0; level < ragged_rank; ++level)
      splits[level][i] = splits_values(ctx, parse_component(ctx, strings[i * n + level + 1], splits_dtype, i), i);
    if (flat[i].rank() < 1) ctx.fail("the flat values of RaggedTensor " + std::to_string(i) + " are a scalar");
    if (flat[i].dtype() != flat[0].dtype() || !std::equal(flat[i].shape().dims().begin() + 1,
                                                          flat[i].shape().dims().end(),
                                                          flat[0].shape().dims().begin() + 1,
                                                          flat[0].shape().dims().end()))
      ctx.fail("RaggedTensors " + std::to_string(i) + " and 0 have flat values of different inner shapes: " +
               flat[i].shape().debug_string() + " and " + flat[0].shape().debug_string());
  }
  int out_index = 0;
  // The uniform batch dimensions: row j of level l holds d(l+1) items.
  std::int64_t items = 1;
  for (int level = 0; level + 1 < batch_levels; ++level) {
    items *= serialized.shape().dim(level);
    const std::int64_t width = serialized.shape().dim(level + 1);
    std::vector<std::int64_t> uniform(items + 1);
    for (std::int64_t j = 0; j <= items; ++j) uniform[j] = j * width;
    ctx.output(out_index++) = splits_tensor(uniform, splits_dtype);
  }
  // Each element's rows, then each of its ragged levels, offset past the elements before it.
  if (batch_levels > 0) {
    std::vector<std::int64_t> rows{0};
    for (std::int64_t i = 0; i < count; ++i)
      rows.push_back(rows.back() + (ragged_rank > 0 ? static_cast<std::int64_t>(splits[0][i].size()) - 1
                                                    : flat[i].shape().dim(0)));
    ctx.output(out_index++) = splits_tensor(rows, splits_dtype);
  }
  for (int level = 0; level < ragged_rank; ++level) {
    std::vector<std::int64_t> joined{0};
    std::int64_t offset = 0;
    for (const Splits& s : splits[level]) {
      for (std::size_t j = 1; j < s.size(); ++j) joined.push_back(s[j] + offset);
      offset += s.back();
    }
    ctx.output(out_index++) = splits_tensor(joined, splits_dtype);
  }
  TensorShape values_shape = count > 0 ? flat[0].shape() : TensorShape{0};
  std::int64_t total = 0;
  for (const Tensor& f : flat) total += f.shape().dim(0);
  values_shape.set_dim(0, total);
  Tensor values = core::empty(dtype, values_shape);
  visit_dtype(dtype, [&](auto tag) { copy_elements<decltype(tag)>(flat, values); });
  ctx.output(out_index) = std::move(values);
}

const OpDef& kDeserializeRagged = OpBuilder("DeserializeRagged")
    .inputs(1).attrs({"dtype", "splits_dtype", "batch_levels", "ragged_rank"}).shape(deserialize_ragged_shape)
    .kernel(string, deserialize_ragged_kernel).kernel_allocates_outputs().no_gradient();

}  // namespace
}  // namespace tf
