// Composites of existing ops, as TensorFlow writes them in Python: sequence_mask compares a
// range with the lengths, and repeat tiles each element max(repeats) times along a new axis and
// keeps the first repeats[i] copies of element i with a sequence mask (array_ops.repeat_with_axis).
#include <algorithm>

#include "ops/array/array_common.h"
#include "tfpp/broadcast_ops.h"
#include "tfpp/reduction_ops.h"
#include "tfpp/sequence_ops.h"

namespace tf {
namespace {

// `t` tiled `multiple` (a scalar int32 tensor) times along `axis`.
Tensor tile_one_dimension(const Tensor& t, int axis, const Tensor& multiple) {
  std::vector<Tensor> parts;
  if (axis > 0) parts.push_back(constant(std::vector<std::int32_t>(axis, 1)));
  parts.push_back(reshape(multiple, {1}));
  if (axis + 1 < t.rank()) parts.push_back(constant(std::vector<std::int32_t>(t.rank() - axis - 1, 1)));
  return tile(t, IntArray(concat(parts, 0)));
}

}  // namespace

Tensor sequence_mask(const Tensor& lengths, std::optional<Tensor> maxlen, DType dtype) {
  if (!is_index_dtype(lengths.dtype()))
    throw InvalidArgumentError("[sequence_mask] lengths must be int32 or int64, got " + ops::array::describe(lengths));
  const Tensor limit = maxlen ? *maxlen : maximum(scalar_like(lengths, 0), reduce_max(lengths));
  if (!is_index_dtype(limit.dtype()) || (!limit.shape().has_unknown_rank() && limit.rank() != 0))
    throw InvalidArgumentError("[sequence_mask] maxlen must be an int32 or int64 scalar, got " +
                               ops::array::describe(limit));
  const Tensor row = range(scalar_like(limit, 0), limit, scalar_like(limit, 1));
  const Tensor mask = less(row, cast(expand_dims(lengths, -1), limit.dtype()));
  return dtype == bool_ ? mask : cast(mask, dtype);
}

Tensor repeat(const Tensor& input, const IntArray& repeats, std::optional<std::int64_t> axis) {
  const Tensor data = axis ? input : reshape(input, {-1});
  if (data.shape().has_unknown_rank()) throw InvalidArgumentError("[repeat] the rank of input must be known");
  const int rank = data.rank();
  std::int64_t a = axis.value_or(0);
  if (a < -rank || a >= rank)
    throw InvalidArgumentError("[repeat] axis " + std::to_string(a) + " is out of range for input of shape " +
                               data.shape().debug_string());
  if (a < 0) a += rank;
  const int ax = static_cast<int>(a);
  const Tensor& given = repeats.tensor();
  const TensorShape& cs = given.shape();
  if (!cs.has_unknown_rank() && cs.rank() > 1)
    throw InvalidArgumentError("[repeat] repeats must be a scalar or a 1-D vector, got shape " + cs.debug_string());
  const Tensor counts = given.dtype() == int32 ? given : cast(given, int32);
  const Tensor expanded = expand_dims(data, ax + 1);
  if (cs.num_elements() == 1 && !given.is_symbolic()) {
    // A known count: constant multiples, and a constant result shape when at most one dimension
    // is unknown (as -1), so the result keeps its static shape inside tf::function.
    const std::int64_t n = ops::array::int_values(given)[0];
    std::vector<std::int64_t> multiples(rank + 1, 1), dims(data.shape().dims().begin(), data.shape().dims().end());
    multiples[ax + 1] = n;
    if (dims[ax] != None) dims[ax] *= n;
    if (n > 0 && std::count(dims.begin(), dims.end(), None) <= 1)  // an unknown dimension is -1 already
      return reshape(tile(expanded, multiples), dims);
  }
  const Tensor data_shape = shape(data);
  if (cs.num_elements() == 1) {  // every element the same number of times: a tile and a reshape
    const Tensor n = reshape(counts, IntArray());
    const Tensor result_shape = concat({slice(data_shape, {0}, {ax}), reshape(n * gather(data_shape, constant(ax)), {1}),
                                        slice(data_shape, {ax + 1}, {-1})}, 0);
    return reshape(tile_one_dimension(expanded, ax + 1, n), IntArray(result_shape));
  }
  const Tensor per_element = broadcast_to(counts, IntArray(slice(data_shape, {ax}, {1})));
  const Tensor most = maximum(scalar_like(per_element, 0), reduce_max(per_element));
  const Tensor tiled = tile_one_dimension(expanded, ax + 1, most);
  return boolean_mask(tiled, sequence_mask(per_element, most), ax);
}

Tensor repeat(const Tensor& input, std::int64_t repeats, std::optional<std::int64_t> axis) {
  return repeat(input, IntArray(constant(repeats)), axis);
}

}  // namespace tf
