#include "ops/image/image_checks.h"

#include "tfpp/errors.h"

namespace tf::image::detail {

void fail(const std::string& function, const std::string& message) {
  throw InvalidArgumentError("[" + function + "] " + message);
}

void check_at_least_3d(const std::string& function, const TensorShape& shape) {
  if (shape.has_unknown_rank())
    fail(function, "'image' needs a known rank (3 or 4) when traced, got " + shape.to_string());
  if (shape.rank() < 3) fail(function, "'image' (shape " + shape.to_string() + ") must be at least three-dimensional.");
  for (int i = shape.rank() - 3; i < shape.rank(); ++i)
    if (shape.dim(i) == 0) fail(function, "inner 3 dims of 'image.shape' must be > 0: " + shape.to_string());
}

void check_3d_or_4d(const std::string& function, const TensorShape& shape, bool space) {
  if (shape.has_unknown_rank())
    fail(function, "'image' needs a known rank (3 or 4) when traced, got " + shape.to_string());
  if (shape.rank() != 3 && shape.rank() != 4)
    fail(function, "'image' (shape " + shape.to_string() + ")" + (space ? " " : "") + "must have either 3 or 4 dimensions.");
}

}  // namespace tf::image::detail
