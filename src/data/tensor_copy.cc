#include "data/tensor_copy.h"

#include <algorithm>
#include <cstring>

#include "core/tensor_impl.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"

namespace tf::data::detail {

namespace {

std::int64_t row_elements(const TensorShape& shape) {
  std::int64_t n = 1;
  for (int i = 1; i < shape.rank(); ++i) n *= shape.dim(i);
  return n;
}

const char* element_ptr(const Tensor& t, std::int64_t i) {
  return static_cast<const char*>(t.raw_data()) + i * static_cast<std::int64_t>(dtype_size(t.dtype()));
}

char* element_ptr(Tensor& t, std::int64_t i) {
  return static_cast<char*>(t.raw_mutable_data()) + i * static_cast<std::int64_t>(dtype_size(t.dtype()));
}

// Copies the block `src` (shape src_shape from dimension d on) into `dst` (dst_shape), which
// is at least as large in every dimension; the rest of dst keeps its fill value.
void copy_padded(DType dtype, const char* src, const TensorShape& src_shape, char* dst, const TensorShape& dst_shape,
                 int d) {
  const std::size_t size = dtype_size(dtype);
  if (d == src_shape.rank()) {
    copy_elements(dtype, src, dst, 1);
    return;
  }
  if (d == src_shape.rank() - 1) {
    copy_elements(dtype, src, dst, src_shape.dim(d));
    return;
  }
  std::int64_t src_inner = 1, dst_inner = 1;
  for (int i = d + 1; i < src_shape.rank(); ++i) src_inner *= src_shape.dim(i), dst_inner *= dst_shape.dim(i);
  for (std::int64_t i = 0; i < src_shape.dim(d); ++i)
    copy_padded(dtype, src + i * src_inner * size, src_shape, dst + i * dst_inner * size, dst_shape, d + 1);
}

}  // namespace

void copy_elements(DType dtype, const void* src, void* dst, std::int64_t n) {
  if (n <= 0) return;
  if (dtype == DType::kString) {
    std::copy_n(static_cast<const std::string*>(src), n, static_cast<std::string*>(dst));
  } else {
    std::memcpy(dst, src, static_cast<std::size_t>(n) * dtype_size(dtype));
  }
}

Tensor slice_rows(const Tensor& t, std::int64_t begin, std::int64_t end) {
  auto impl = std::make_shared<tf::detail::TensorImpl>(*t.impl());
  impl->shape.set_dim(0, end - begin);
  impl->offset += static_cast<std::size_t>(begin * row_elements(t.shape()));
  return Tensor(std::move(impl));
}

Tensor slice_row(const Tensor& t, std::int64_t i) {
  auto impl = std::make_shared<tf::detail::TensorImpl>(*t.impl());
  impl->shape.remove_dim(0);
  impl->offset += static_cast<std::size_t>(i * row_elements(t.shape()));
  return Tensor(std::move(impl));
}

Tensor stack(std::span<const Tensor* const> parts, const std::string& what) {
  const Tensor& first = *parts[0];
  TensorShape shape = first.shape();
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const Tensor& p = *parts[i];
    if (p.dtype() != first.dtype() || p.shape() != first.shape())
      throw InvalidArgumentError(what + ": cannot stack " + std::string(dtype_name(p.dtype())) + " " +
                                 p.shape().debug_string() + " with " + std::string(dtype_name(first.dtype())) + " " +
                                 first.shape().debug_string() + " (element " + std::to_string(i) +
                                 " of the batch); use padded_batch for elements of differing shapes");
  }
  shape.insert_dim(0, static_cast<std::int64_t>(parts.size()));
  Tensor out = core::empty(first.dtype(), shape);
  const std::int64_t n = first.num_elements();
  for (std::size_t i = 0; i < parts.size(); ++i)
    copy_elements(first.dtype(), parts[i]->raw_data(), element_ptr(out, static_cast<std::int64_t>(i) * n), n);
  return out;
}

void stack_elements(const std::vector<std::vector<Tensor>>& rows, const char* op, std::vector<Tensor>& out) {
  const std::size_t n = rows[0].size();
  std::vector<const Tensor*> parts(rows.size());
  out.resize(n);
  for (std::size_t c = 0; c < n; ++c) {
    for (std::size_t r = 0; r < rows.size(); ++r) {
      if (rows[r].size() != n)
        throw InvalidArgumentError(std::string(op) + " elements differ in their number of components: " +
                                   std::to_string(n) + " versus " + std::to_string(rows[r].size()));
      parts[r] = &rows[r][c];
    }
    out[c] = stack(parts, std::string(op) + " component " + std::to_string(c));
  }
}

Tensor pad_stack(std::span<const Tensor* const> parts, const TensorShape& shape, const Tensor& pad,
                 const std::string& what) {
  const DType dtype = parts[0]->dtype();
  if (pad.defined() && (pad.dtype() != dtype || pad.num_elements() != 1))
    throw InvalidArgumentError(what + ": the padding value must be a " + std::string(dtype_name(dtype)) +
                               " scalar, got " + std::string(dtype_name(pad.dtype())) + " " + pad.shape().debug_string());
  for (const Tensor* p : parts) {
    const std::string padding = what + ": cannot pad " + std::string(dtype_name(p->dtype())) + " " +
                                p->shape().debug_string() + " to " + std::string(dtype_name(dtype)) + " " +
                                shape.debug_string();
    if (p->dtype() != dtype || p->rank() != shape.rank()) throw InvalidArgumentError(padding);
    // TensorFlow's PaddedBatchDataset reports an element larger than its padded shape as DataLoss.
    for (int d = 0; d < shape.rank(); ++d)
      if (p->shape().dim(d) > shape.dim(d))
        throw DataLossError(padding + ": attempted to pad to a smaller size than the input element");
  }
  TensorShape out_shape = shape;
  out_shape.insert_dim(0, static_cast<std::int64_t>(parts.size()));
  Tensor out = pad.defined() ? fill(out_shape, pad) : zeros(out_shape, dtype);
  const std::int64_t n = shape.num_elements();
  for (std::size_t i = 0; i < parts.size(); ++i)
    copy_padded(dtype, element_ptr(*parts[i], 0), parts[i]->shape(), element_ptr(out, static_cast<std::int64_t>(i) * n),
                shape, 0);
  return out;
}

}  // namespace tf::data::detail
