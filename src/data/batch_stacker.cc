#include "data/batch_stacker.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "core/tensor_impl.h"
#include "data/tensor_copy.h"

namespace tf::data::detail {

namespace {

// Room for this many bytes of rows is allocated at once; larger batches grow by doubling, so
// that a batch size far beyond the dataset's length does not reserve memory for rows that
// never come.
constexpr std::int64_t kInitialBytes = std::int64_t{16} << 20;

// Whether stack() takes a component like `t` by plain element copies: a concrete tensor of
// copyable elements whose shape has room for the batch dimension.
bool copyable(const Tensor& t) {
  if (!t.defined() || t.is_symbolic() || t.rank() >= kMaxRank) return false;
  return t.dtype() != DType::kResource && t.dtype() != DType::kVariant;
}

// A tensor of `rows` rows of shape `row_shape` (along a new first dimension).
Tensor rows_of(DType dtype, const TensorShape& row_shape, std::int64_t rows) {
  TensorShape shape = row_shape;
  shape.insert_dim(0, rows);
  return core::empty(dtype, shape);
}

// The first element of a concrete tensor, read through its impl (the handle's accessors are
// out of line and checked; rows are checked once, in matches_first).
const void* data_of(const tf::detail::TensorImpl& impl) {
  return static_cast<const char*>(impl.buffer->data()) + impl.offset * dtype_size(impl.dtype);
}

}  // namespace

void BatchStacker::add(const Element& row) {
  if (size_ == 0) {
    start(row);
  } else if (copying_ && !matches_first(row)) {
    // The rows so far match the first, so for stack_elements they may as well be copies of it.
    whole_.assign(static_cast<std::size_t>(size_), first_);
    copying_ = false;
    columns_.clear();
  }
  if (!copying_) {
    whole_.push_back(row);
    ++size_;
    return;
  }
  if (size_ == allocated_) grow();
  for (std::size_t c = 0; c < columns_.size(); ++c) {
    Column& col = columns_[c];
    char* dst = static_cast<char*>(col.tensor.impl()->buffer->data()) + size_ * col.bytes;
    const void* src = data_of(*row[c].impl());
    if (col.dtype == DType::kString) copy_elements(col.dtype, src, dst, col.elements);
    else std::memcpy(dst, src, col.bytes);
  }
  ++size_;
}

void BatchStacker::take(Element& out) {
  if (!copying_) {
    std::vector<Element> rows = std::move(whole_);
    clear();
    stack_elements(rows, op_, out);
    return;
  }
  out.resize(columns_.size());
  for (std::size_t c = 0; c < columns_.size(); ++c) {
    Column& col = columns_[c];
    if (size_ == allocated_) {
      out[c] = std::move(col.tensor);
    } else {  // a short last batch, in a tensor allocated for more rows
      out[c] = rows_of(col.dtype, col.row_shape, size_);
      copy_elements(col.dtype, col.tensor.raw_data(), out[c].raw_mutable_data(), size_ * col.elements);
    }
  }
  clear();
}

void BatchStacker::clear() {
  size_ = allocated_ = 0;
  first_.clear();
  columns_.clear();
  whole_.clear();
  copying_ = false;
}

bool BatchStacker::matches_first(const Element& row) const {
  if (row.size() != columns_.size()) return false;
  for (std::size_t c = 0; c < row.size(); ++c) {
    const tf::detail::TensorImpl* impl = row[c].impl().get();
    if (!impl || impl->symbolic || impl->dtype != columns_[c].dtype || impl->shape != columns_[c].row_shape)
      return false;
  }
  return true;
}

void BatchStacker::start(const Element& row) {
  first_ = row;
  copying_ = std::all_of(row.begin(), row.end(), copyable);
  if (!copying_) return;
  std::int64_t total = 0;
  for (const Tensor& t : row) {
    Column col{.dtype = t.dtype(), .row_shape = t.shape(), .elements = t.num_elements()};
    col.bytes = static_cast<std::size_t>(col.elements) * dtype_size(col.dtype);
    total += static_cast<std::int64_t>(col.bytes);
    columns_.push_back(std::move(col));
  }
  allocated_ = 0;
  grow_to(std::clamp<std::int64_t>(kInitialBytes / std::max<std::int64_t>(total, 1), 1, capacity_));
}

void BatchStacker::grow() { grow_to(std::max(std::min(capacity_, 2 * allocated_), size_ + 1)); }

void BatchStacker::grow_to(std::int64_t rows) {
  for (Column& col : columns_) {
    Tensor bigger = rows_of(col.dtype, col.row_shape, rows);
    if (size_ > 0) copy_elements(col.dtype, col.tensor.raw_data(), bigger.raw_mutable_data(), size_ * col.elements);
    col.tensor = std::move(bigger);
  }
  allocated_ = rows;
}

}  // namespace tf::data::detail
