// DynamicPartition and DynamicStitch. Rows are the slices of data below the dimensions the
// partitions (or indices) cover; both kernels move whole rows, so one kernel per element size
// serves every dtype.
#include <algorithm>
#include <array>
#include <type_traits>

#include "core/tensor_impl.h"
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "tfpp/partition_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

// Whether `prefix`'s dimensions start `shape`'s (unknown ones match anything).
bool starts_with(const TensorShape& shape, const TensorShape& prefix) {
  if (shape.has_unknown_rank() || prefix.has_unknown_rank()) return true;
  if (prefix.rank() > shape.rank()) return false;
  for (int d = 0; d < prefix.rank(); ++d)
    if (prefix.dim(d) != None && shape.dim(d) != None && prefix.dim(d) != shape.dim(d)) return false;
  return true;
}

// The dimensions of `shape` from `from` on, after a leading `rows` dimension.
TensorShape rows_of(std::int64_t rows, const TensorShape& shape, int from) {
  if (shape.has_unknown_rank()) return TensorShape::unknown_rank();
  TensorShape out({rows});
  for (int d = from; d < shape.rank(); ++d) out.append(shape.dim(d));
  return out;
}

// The multi-index of flat element i of `shape`, as TensorFlow prints it: "1,0".
std::string index_text(const TensorShape& shape, std::int64_t i) {
  std::vector<std::int64_t> index(static_cast<std::size_t>(shape.rank()));
  for (int d = shape.rank() - 1; d >= 0; --d) {
    index[d] = i % shape.dim(d);
    i /= shape.dim(d);
  }
  std::string s;
  for (std::size_t d = 0; d < index.size(); ++d) {
    if (d) s += ",";
    s += std::to_string(index[d]);
  }
  return s;
}

// ---- DynamicPartition: data, partitions; attr num_partitions ----

void partition_shape(ShapeContext& ctx) {
  const Tensor &data = ctx.input(0), &partitions = ctx.input(1);
  if (partitions.dtype() != int32) ctx.fail("partitions must be int32, got " + std::string(dtype_name(partitions.dtype())));
  const std::int64_t n = ctx.attr<std::int64_t>(0);
  if (n < 1) ctx.fail("Value for attr 'num_partitions' of " + std::to_string(n) + " must be at least minimum 1");
  if (!starts_with(data.shape(), partitions.shape()))
    ctx.fail("data.shape must start with partitions.shape, got data.shape = " + data.shape().debug_string() +
             ", partitions.shape = " + partitions.shape().debug_string());
  const int p_rank = partitions.shape().has_unknown_rank() ? -1 : partitions.rank();
  for (std::int64_t i = 0; i < n; ++i)
    ctx.add_output(data.dtype(), p_rank < 0 ? TensorShape::unknown_rank() : rows_of(None, data.shape(), p_rank));
}

template <class S>
void partition_kernel(KernelContext& ctx) {
  const Tensor &data = ctx.input(0), &partitions = ctx.input(1);
  const std::int64_t n = ctx.attr<std::int64_t>(0);
  const std::int32_t* p = partitions.data<std::int32_t>();
  const std::int64_t rows = partitions.num_elements();
  std::vector<std::int64_t> counts(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < rows; ++i) {
    if (p[i] < 0 || p[i] >= n)
      ctx.fail("partitions[" + index_text(partitions.shape(), i) + "] = " + std::to_string(p[i]) + " is not in [0, " +
               std::to_string(n) + ")");
    ++counts[static_cast<std::size_t>(p[i])];
  }
  const std::int64_t row_size = rows ? data.num_elements() / rows : 0;
  const S* in = ops::array::elements<S>(data);
  std::vector<S*> out(static_cast<std::size_t>(n));
  for (std::int64_t k = 0; k < n; ++k) {
    ctx.output(k) = core::empty(data.dtype(), rows_of(counts[k], data.shape(), partitions.rank()));
    out[k] = ops::array::mutable_elements<S>(ctx.output(k));
  }
  for (std::int64_t i = 0; i < rows; ++i) {
    S*& dst = out[static_cast<std::size_t>(p[i])];
    std::copy(in + i * row_size, in + (i + 1) * row_size, dst);
    dst += row_size;
  }
}

OpBuilder partition_op() {
  OpBuilder b("DynamicPartition");
  b.inputs(2).attrs({"num_partitions"}).shape(partition_shape).kernel_allocates_outputs();
  ops::array::all_dtypes(b, []<class S>() -> KernelFn { return &partition_kernel<S>; });
  return b;
}

const OpDef& kDynamicPartition = partition_op();

// ---- DynamicStitch: indices (N int32 tensors), data (N tensors); attr N ----

// The shape of each data row past its indices' dimensions (data[0]'s), checking every pair.
TensorShape stitch_row_shape(const OpContext& ctx) {
  const std::size_t n = ctx.num_inputs() / 2;
  for (std::size_t m = 0; m < n; ++m) {
    const Tensor &indices = ctx.input(m), &data = ctx.input(n + m);
    if (indices.dtype() != int32)
      ctx.fail("indices[" + std::to_string(m) + "] must be int32, got " + std::string(dtype_name(indices.dtype())));
    if (data.dtype() != ctx.input(n).dtype())
      ctx.fail("data[" + std::to_string(m) + "] has dtype " + std::string(dtype_name(data.dtype())) + ", data[0] " +
               std::string(dtype_name(ctx.input(n).dtype())));
    if (!starts_with(data.shape(), indices.shape()))
      ctx.fail("data[" + std::to_string(m) + "].shape = " + data.shape().debug_string() + " does not start with indices[" +
               std::to_string(m) + "].shape = " + indices.shape().debug_string());
  }
  const Tensor &indices0 = ctx.input(0), &data0 = ctx.input(n);
  if (indices0.shape().has_unknown_rank()) return TensorShape::unknown_rank();
  return rows_of(0, data0.shape(), indices0.rank());
}

void stitch_shape(ShapeContext& ctx) {
  if (ctx.num_inputs() == 0 || ctx.num_inputs() % 2)
    ctx.fail("needs as many indices as data tensors, at least one of each; got " + std::to_string(ctx.num_inputs()) +
             " inputs");
  TensorShape out = stitch_row_shape(ctx);
  if (!out.has_unknown_rank()) {
    // The number of rows is known when every index is (eagerly, or constant).
    std::int64_t rows = 0;
    for (std::size_t m = 0; m < ctx.num_inputs() / 2; ++m) {
      const Tensor& indices = ctx.input(m);
      if (indices.is_symbolic()) {
        rows = None;
        break;
      }
      for (std::int32_t v : indices.numpy<std::int32_t>()) rows = std::max<std::int64_t>(rows, v + 1);
    }
    out = rows_of(rows, out, 1);
  }
  ctx.add_output(ctx.input(ctx.num_inputs() / 2).dtype(), out);
}

template <class S>
void stitch_rows(KernelContext& ctx, Tensor& merged) {
  const std::size_t n = ctx.num_inputs() / 2;
  const std::int64_t total_rows = merged.shape().dim(0);
  const std::int64_t row_size = total_rows ? merged.num_elements() / total_rows : 0;
  S* out = ops::array::mutable_elements<S>(merged);
  if constexpr (std::is_trivially_copyable_v<S>) std::fill(out, out + merged.num_elements(), S{});
  for (std::size_t m = 0; m < n; ++m) {
    const std::int32_t* idx = ctx.input(m).data<std::int32_t>();
    const S* in = ops::array::elements<S>(ctx.input(n + m));
    for (std::int64_t i = 0; i < ctx.input(m).num_elements(); ++i)
      std::copy(in + i * row_size, in + (i + 1) * row_size, out + idx[i] * row_size);
  }
}

void stitch_kernel(KernelContext& ctx) {
  const std::size_t n = ctx.num_inputs() / 2;
  std::int64_t rows = 0;
  for (std::size_t m = 0; m < n; ++m) {
    const std::int32_t* idx = ctx.input(m).data<std::int32_t>();
    for (std::int64_t i = 0; i < ctx.input(m).num_elements(); ++i) {
      if (idx[i] < 0) ctx.fail("indices[" + std::to_string(i) + "] is out of range");
      rows = std::max<std::int64_t>(rows, idx[i] + 1);
    }
  }
  const Tensor& data0 = ctx.input(n);
  Tensor merged = core::empty(data0.dtype(), rows_of(rows, data0.shape(), ctx.input(0).rank()));
  if (data0.dtype() == string) {
    stitch_rows<std::string>(ctx, merged);  // rows no index names stay empty strings
    ctx.output(0) = std::move(merged);
    return;
  }
  switch (dtype_size(data0.dtype())) {
    case 1: stitch_rows<std::uint8_t>(ctx, merged); break;
    case 2: stitch_rows<std::uint16_t>(ctx, merged); break;
    case 4: stitch_rows<std::uint32_t>(ctx, merged); break;
    case 8: stitch_rows<std::uint64_t>(ctx, merged); break;
    case 16: stitch_rows<unsigned __int128>(ctx, merged); break;
    default: ctx.fail("no kernel for dtype " + std::string(dtype_name(data0.dtype())));
  }
  ctx.output(0) = std::move(merged);
}

// Dispatch is on indices[0], always int32: the kernel reads the data's dtype itself.
const OpDef& kDynamicStitch = OpBuilder("DynamicStitch").variadic_inputs().shape(stitch_shape)
    .kernel(int32, stitch_kernel).kernel_allocates_outputs();

}  // namespace

std::vector<Tensor> dynamic_partition(const Tensor& data, const Tensor& partitions, std::int64_t num_partitions) {
  const std::array<ops::AttrValue, 1> attrs{num_partitions};
  ops::Outputs out = ops::execute(kDynamicPartition, {data, partitions}, attrs);
  return {out.begin(), out.end()};
}

Tensor dynamic_stitch(const std::vector<Tensor>& indices, const std::vector<Tensor>& data) {
  if (indices.size() != data.size() || indices.empty())
    throw InvalidArgumentError("[DynamicStitch] needs as many indices as data tensors, at least one; got " +
                               std::to_string(indices.size()) + " and " + std::to_string(data.size()));
  std::vector<Tensor> inputs(indices);
  inputs.insert(inputs.end(), data.begin(), data.end());
  return std::move(ops::execute(kDynamicStitch, inputs, {})[0]);
}

}  // namespace tf
