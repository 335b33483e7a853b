#include "ops/array/array_common.h"

#include <limits>

#include "tfpp/array_ops.h"

namespace tf {
namespace ops::array {

std::vector<std::int64_t> int_values(const Tensor& t) {
  const std::int64_t n = t.num_elements();
  if (t.dtype() == DType::kInt32) {
    const std::int32_t* p = t.data<std::int32_t>();
    return std::vector<std::int64_t>(p, p + n);
  }
  const std::int64_t* p = t.data<std::int64_t>();
  return std::vector<std::int64_t>(p, p + n);
}

void check_int_input(const OpContext& ctx, std::size_t i, const char* what, int rank) {
  const Tensor& t = ctx.input(i);
  if (!is_index_dtype(t.dtype()))
    ctx.fail(std::string(what) + " must be int32 or int64, got " + describe(t));
  const TensorShape& s = t.shape();
  if (rank >= 0 && !s.has_unknown_rank() && s.rank() != rank)
    ctx.fail(std::string(what) + " must have rank " + std::to_string(rank) + ", got shape " + s.debug_string());
}

std::optional<std::vector<std::int64_t>> known_int_values(const OpContext& ctx, std::size_t i) {
  if (ctx.input(i).is_symbolic()) return std::nullopt;
  return int_values(ctx.input(i));
}

Tensor int_tensor(std::span<const std::int64_t> values) {
  const bool fits = std::all_of(values.begin(), values.end(), [](std::int64_t v) {
    return v >= std::numeric_limits<std::int32_t>::min() && v <= std::numeric_limits<std::int32_t>::max();
  });
  if (!fits) return constant(std::vector<std::int64_t>(values.begin(), values.end()));
  return constant(std::vector<std::int32_t>(values.begin(), values.end()));
}

std::string join_ints(std::span<const std::int64_t> values) {
  std::string s = "{";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i) s += ',';
    s += std::to_string(values[i]);
  }
  return s + "}";
}

std::string describe(const Tensor& t) { return std::string(dtype_name(t.dtype())) + " " + t.shape().debug_string(); }

}  // namespace ops::array

IntArray::IntArray() : tensor_(ops::array::int_tensor({})) {}
IntArray::IntArray(std::initializer_list<std::int64_t> values)
    : tensor_(ops::array::int_tensor(std::span<const std::int64_t>(values.begin(), values.size()))) {}
IntArray::IntArray(const std::vector<std::int64_t>& values) : tensor_(ops::array::int_tensor(values)) {}
IntArray::IntArray(const std::vector<int>& values)
    : tensor_(constant(std::vector<std::int32_t>(values.begin(), values.end()))) {}
IntArray::IntArray(Tensor values) : tensor_(std::move(values)) {}
IntArray::IntArray(const TensorShape& shape) {
  if (!shape.is_fully_defined())
    throw InvalidArgumentError("A list of integers needs a fully defined shape, got " + shape.debug_string());
  tensor_ = ops::array::int_tensor(shape.dims());
}

}  // namespace tf
