// More of tf.debugging's checks: the sign assertions (assert_positive, ...), rank, type and
// dtype checks decided by static facts, tf.debugging.Assert and tf.ensure_shape.
//
// As tfpp/debugging.h's assertions: eagerly a failed check raises InvalidArgumentError with
// TensorFlow's text; while tracing, value checks become Assert nodes that raise when the graph
// runs. Checks decided by static shapes and dtypes raise InvalidArgumentError at once with
// TensorFlow's message (TensorFlow's ValueError / TypeError, which the Python bindings raise).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/tensor.h"

namespace tf::debugging {

/// Raises unless every element of x is > 0 (tf.debugging.assert_positive); `summarize` elements are shown.
void assert_positive(const Tensor& x, const std::string& message = "", std::int64_t summarize = 3);
/// Raises unless every element of x is < 0.
void assert_negative(const Tensor& x, const std::string& message = "", std::int64_t summarize = 3);
/// Raises unless every element of x is >= 0.
void assert_non_negative(const Tensor& x, const std::string& message = "", std::int64_t summarize = 3);
/// Raises unless every element of x is <= 0.
void assert_non_positive(const Tensor& x, const std::string& message = "", std::int64_t summarize = 3);

/// Raises unless x's rank is at least `rank` (statically, or when the graph runs).
void assert_rank_at_least(const Tensor& x, int rank, const std::string& message = "");
/// Raises unless x's rank is one of `ranks`.
void assert_rank_in(const Tensor& x, const std::vector<int>& ranks, const std::string& message = "");
/// Raises unless x has an integer dtype.
void assert_integer(const Tensor& x, const std::string& message = "");
/// Raises unless x has dtype `dtype`.
void assert_type(const Tensor& x, DType dtype, const std::string& message = "");
/// Raises unless x is a scalar (static rank 0).
void assert_scalar(const Tensor& x, const std::string& message = "");
/// True for tensors of a numeric dtype (not bool, string, resource or variant).
bool is_numeric_tensor(const Tensor& x);
/// The float dtype all `tensors` (and `dtype`, if given) share; float32 when there are none.
/// Raises if they differ or are not floating point.
DType assert_same_float_dtype(const std::vector<Tensor>& tensors, std::optional<DType> dtype = std::nullopt);

/// Raises InvalidArgumentError showing `data` (their first `summarize` elements each) unless the
/// scalar bool `condition` holds (tf.debugging.Assert).
void Assert(const Tensor& condition, const std::vector<Tensor>& data, std::int64_t summarize = 3);

}  // namespace tf::debugging

namespace tf {

/// x, checked to have a shape compatible with `shape` (unknown dims allowed); traced, the result
/// has the merged static shape (tf.ensure_shape; op EnsureShape).
Tensor ensure_shape(const Tensor& x, const TensorShape& shape);

}  // namespace tf
