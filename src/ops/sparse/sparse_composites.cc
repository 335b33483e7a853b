// tf.sparse functions TensorFlow composes from other ops: transpose, expand_dims, eye, map_values,
// reset_shape and to_indicator. They work on symbolic tensors too (inside tf::function).
#include "ops/array/array_common.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/sparse_ops.h"

namespace tf::sparse {

namespace {

// The static rank of `sp` (from its indices or its dense shape); throws when unknown.
std::int64_t rank_of(const SparseTensor& sp, const char* op) {
  if (!sp.indices.shape().has_unknown_rank() && sp.indices.shape().dim(1) != None) return sp.indices.shape().dim(1);
  if (!sp.dense_shape.shape().has_unknown_rank() && sp.dense_shape.shape().dim(0) != None)
    return sp.dense_shape.shape().dim(0);
  throw InvalidArgumentError(std::string("[") + op + "] needs a SparseTensor of known rank");
}

Tensor int64_scalar(std::int64_t v) { return constant(v); }

}  // namespace

SparseTensor transpose(const SparseTensor& sp, const std::vector<std::int64_t>& perm) {
  std::vector<std::int64_t> order = perm;
  if (order.empty())
    for (std::int64_t d = rank_of(sp, "transpose"); d-- > 0;) order.push_back(d);
  const Tensor p = constant(order);
  return reorder({gather(sp.indices, p, {.axis = 1}), sp.values, gather(sp.dense_shape, p)});
}

SparseTensor expand_dims(const SparseTensor& sp, std::int64_t axis) {
  const std::int64_t rank = rank_of(sp, "ExpandDims");
  if (axis < -rank - 1 || axis > rank)
    throw InvalidArgumentError("[ExpandDims] axis " + std::to_string(axis) + " out of range [" +
                               std::to_string(-rank - 1) + ", " + std::to_string(rank) + "]");
  const std::int64_t at = axis >= 0 ? axis : axis + rank + 1;
  const Tensor before = tf::slice(sp.indices, {0, 0}, {-1, at});
  const Tensor after = tf::slice(sp.indices, {0, at}, {-1, -1});
  const Tensor zeros = zeros_like(tf::slice(sp.indices, {0, 0}, {-1, 1}));
  const Tensor one = constant(std::vector<std::int64_t>{1});
  return {tf::concat({before, zeros, after}, 1), sp.values,
          tf::concat({tf::slice(sp.dense_shape, {0}, {at}), one, tf::slice(sp.dense_shape, {at}, {-1})}, 0)};
}

SparseTensor eye(std::int64_t num_rows, std::int64_t num_columns, DType dtype) {
  const Tensor diagonal = range(int64_scalar(0), int64_scalar(std::min(num_rows, num_columns)), int64_scalar(1));
  return {stack({diagonal, diagonal}, 1), cast(ones_like(diagonal), dtype),
          constant(std::vector<std::int64_t>{num_rows, num_columns})};
}

SparseTensor map_values(const std::function<Tensor(const Tensor&)>& op, const SparseTensor& sp) {
  return {sp.indices, op(sp.values), sp.dense_shape};
}

SparseTensor reset_shape(const SparseTensor& sp, const Tensor& new_shape) {
  const Tensor shape_tensor = cast(new_shape, int64);
  if (!shape_tensor.is_symbolic() && !sp.dense_shape.is_symbolic()) {
    const std::vector<std::int64_t> old = sp.dense_shape.numpy<std::int64_t>(), now = shape_tensor.numpy<std::int64_t>();
    if (old.size() != now.size()) throw InvalidArgumentError("[reset_shape] new_shape must have the SparseTensor's rank");
    for (std::size_t d = 0; d < old.size(); ++d)
      if (now[d] < old[d])
        throw InvalidArgumentError("[reset_shape] new_shape " + ops::array::join_ints(now) +
                                   " must be at least the old shape " + ops::array::join_ints(old));
  }
  return {sp.indices, sp.values, shape_tensor};
}

Tensor to_indicator(const SparseTensor& sp, std::int64_t vocab_size) {
  const Tensor ids = cast(sp.values, int64);
  const Tensor leading = tf::slice(sp.indices, {0, 0}, {-1, rank_of(sp, "to_indicator") - 1});
  const Tensor indices = tf::concat({leading, tf::expand_dims(ids, 1)}, 1);
  const Tensor shape_ = tf::concat({tf::slice(sp.dense_shape, {0}, {rank_of(sp, "to_indicator") - 1}),
                                constant(std::vector<std::int64_t>{vocab_size})}, 0);
  const SparseTensor marks = reorder({indices, cast(ones_like(ids), bool_), shape_});
  return to_dense(marks, {.default_value = constant(false), .validate_indices = false});
}

}  // namespace tf::sparse
