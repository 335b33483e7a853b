#include "keras/engine/activity_regularization.h"

#include "tfpp/array_ops.h"
#include "tfpp/math_ops.h"

namespace tf::keras::detail {

Tensor activity_loss(const regularizers::Regularizer& regularizer, const Tensor& output) {
  const Tensor loss = regularizer(output);
  if (output.rank() == 0) return loss;
  // Keras divides with divide_no_nan; an empty batch's L1/L2 penalty is 0, so max(batch, 1) agrees.
  const std::int64_t known = output.shape()[0];
  const Tensor batch = known >= 0 ? scalar_like(loss, static_cast<double>(known))
                                  : reshape(cast(slice(shape(output), {0}, {1}), loss.dtype()), {});
  return loss / math::maximum(batch, scalar_like(loss, 1.0));
}

}  // namespace tf::keras::detail
