// tf::debugging: finding NaN and Inf where they are made, and assertions that run inside graphs.
//
//   tf::debugging::enable_check_numerics();   // every op now raises on a NaN or Inf output
//   tf::debugging::assert_equal(x, y, "x and y must agree");
//
// Assertions raise InvalidArgumentError at once eagerly; inside a tf::function they become Assert
// ops that raise when the graph runs (and run in program order with other side effects).
#pragma once

#include <string>
#include <vector>

#include "tfpp/tensor.h"

namespace tf::debugging {

/// From now on, every op that outputs a NaN or Inf raises InvalidArgumentError naming the op, its
/// output's dtype and shape, the counts of -Inf, +Inf and NaN, and its inputs; ops traced into a
/// tf::function meanwhile get a CheckNumericsV2 check on each floating-point output.
void enable_check_numerics();
/// Stops the checks of enable_check_numerics (for ops run or traced from now on).
void disable_check_numerics();

/// Returns `tensor` unchanged, or raises InvalidArgumentError "<message> : Tensor had NaN values"
/// (or Inf) when it holds any (the CheckNumerics op; gradients pass through, checked too).
Tensor check_numerics(const Tensor& tensor, const std::string& message);
/// `tensor`, checked as check_numerics does (tf.debugging.assert_all_finite); like every check,
/// it runs in a traced function even when nothing reads its result.
Tensor assert_all_finite(const Tensor& tensor, const std::string& message);

/// Raises unless x == y elementwise (with broadcasting).
void assert_equal(const Tensor& x, const Tensor& y, const std::string& message = "");
/// Raises unless x != y elementwise.
void assert_none_equal(const Tensor& x, const Tensor& y, const std::string& message = "");
/// Raises unless x < y elementwise.
void assert_less(const Tensor& x, const Tensor& y, const std::string& message = "");
/// Raises unless x <= y elementwise.
void assert_less_equal(const Tensor& x, const Tensor& y, const std::string& message = "");
/// Raises unless x > y elementwise.
void assert_greater(const Tensor& x, const Tensor& y, const std::string& message = "");
/// Raises unless x >= y elementwise.
void assert_greater_equal(const Tensor& x, const Tensor& y, const std::string& message = "");
/// Raises unless |x - y| <= atol + rtol * |y| elementwise; the default tolerances are 10 * eps of
/// the dtype, as TensorFlow's.
void assert_near(const Tensor& x, const Tensor& y, double rtol = -1, double atol = -1, const std::string& message = "");
/// Raises InvalidArgumentError unless `x` has rank `rank` (checked on the static shape when known).
void assert_rank(const Tensor& x, int rank, const std::string& message = "");
/// One entry of assert_shapes: a tensor and its expected dims, each a number or a symbol ("N").
struct ShapeConstraint {
  Tensor tensor;
  std::vector<std::string> dims;  ///< "3", "N" (a symbol shared between entries), "." (anything)
};
/// Raises unless every tensor has its listed rank and dims, with equal symbols meaning equal sizes.
void assert_shapes(const std::vector<ShapeConstraint>& shapes, const std::string& message = "");

/// Prints every op's device as it runs eagerly ("Executing op AddV2 in device
/// /job:localhost/replica:0/task:0/device:CPU:0"), to standard error.
void set_log_device_placement(bool enabled);

}  // namespace tf::debugging
