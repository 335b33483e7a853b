#include "tfpp/tensor_shape.h"

#include <algorithm>
#include <ostream>

#include "tfpp/errors.h"

namespace tf {
namespace {

void check_rank(int rank) {
  if (rank > kMaxRank)
    throw InvalidArgumentError("[TensorShape] rank " + std::to_string(rank) + " exceeds tfpp's maximum rank of " +
                               std::to_string(kMaxRank));
}

void check_dim(std::int64_t d) {
  if (d < None) throw InvalidArgumentError("[TensorShape] dimension sizes must be >= 0 or tf::None, got " + std::to_string(d));
}

}  // namespace

TensorShape::TensorShape(std::initializer_list<std::int64_t> dims)
    : TensorShape(std::span<const std::int64_t>(dims.begin(), dims.size())) {}

TensorShape::TensorShape(std::span<const std::int64_t> dims) : rank_(static_cast<int>(dims.size())) {
  check_rank(rank_);
  for (std::int64_t d : dims) check_dim(d);
  std::copy(dims.begin(), dims.end(), dims_.begin());
}

TensorShape TensorShape::unknown_rank() {
  TensorShape s;
  s.rank_ = -1;
  return s;
}

bool TensorShape::is_fully_defined() const {
  if (rank_ < 0) return false;
  return std::none_of(dims_.begin(), dims_.begin() + rank_, [](std::int64_t d) { return d < 0; });
}

std::int64_t TensorShape::num_elements() const {
  if (rank_ < 0) return -1;
  std::int64_t n = 1;
  bool unknown = false;  // one pass: this runs several times per eager op
  for (int i = 0; i < rank_; ++i) {
    unknown |= dims_[i] < 0;
    n *= dims_[i];
  }
  return unknown ? -1 : n;
}

void TensorShape::append(std::int64_t dim) { insert_dim(rank_ < 0 ? 0 : rank_, dim); }

void TensorShape::remove_dim(int i) {
  if (i < 0) i += rank_;
  std::copy(dims_.begin() + i + 1, dims_.begin() + rank_, dims_.begin() + i);
  --rank_;
}

void TensorShape::insert_dim(int i, std::int64_t size) {
  if (rank_ < 0) rank_ = 0;
  check_rank(rank_ + 1);
  check_dim(size);
  std::copy_backward(dims_.begin() + i, dims_.begin() + rank_, dims_.begin() + rank_ + 1);
  dims_[i] = size;
  ++rank_;
}

bool TensorShape::is_compatible_with(const TensorShape& other) const {
  if (rank_ < 0 || other.rank_ < 0) return true;
  if (rank_ != other.rank_) return false;
  for (int i = 0; i < rank_; ++i)
    if (dims_[i] >= 0 && other.dims_[i] >= 0 && dims_[i] != other.dims_[i]) return false;
  return true;
}

std::string TensorShape::to_string() const {
  if (rank_ < 0) return "<unknown>";
  std::string s = "(";
  for (int i = 0; i < rank_; ++i) {
    if (i) s += ", ";
    s += dims_[i] < 0 ? "None" : std::to_string(dims_[i]);
  }
  if (rank_ == 1) s += ",";
  return s + ")";
}

std::string TensorShape::debug_string() const {
  if (rank_ < 0) return "<unknown>";
  std::string s = "[";
  for (int i = 0; i < rank_; ++i) {
    if (i) s += ",";
    s += dims_[i] < 0 ? "?" : std::to_string(dims_[i]);
  }
  return s + "]";
}

bool operator==(const TensorShape& a, const TensorShape& b) {
  if (a.rank_ != b.rank_) return false;
  return a.rank_ < 0 || std::equal(a.dims_.begin(), a.dims_.begin() + a.rank_, b.dims_.begin());
}

std::ostream& operator<<(std::ostream& os, const TensorShape& shape) { return os << shape.to_string(); }

}  // namespace tf
