// keras/src/losses/losses.py's ctc and its LossFunctionWrapper class CTC, over tf::nn::ctc_loss
// (as Keras' TensorFlow backend computes keras.ops.ctc_loss).
#include "tfpp/keras/ctc_loss.h"

#include "keras/losses/loss_utils.h"
#include "tfpp/array_ops.h"
#include "tfpp/ctc_loss.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::losses {

namespace {

// The shape as Keras prints it: "(3,)", "(2, 5)".
std::string python_shape(const TensorShape& shape) {
  std::string text = "(";
  for (int i = 0; i < shape.rank(); ++i) {
    text += shape[i] < 0 ? "None" : std::to_string(shape[i]);
    text += i + 1 < shape.rank() ? ", " : (shape.rank() == 1 ? ",)" : ")");
  }
  return shape.rank() == 0 ? "()" : text;
}

}  // namespace

Tensor ctc(const Tensor& y_true, const Tensor& y_pred) {
  if (y_true.shape().rank() != 2)
    throw InvalidArgumentError("[ctc] Targets `y_true` are expected to be a tensor of shape `(batch_size, max_length)` "
                               "in integer format. Received: y_true.shape=" + python_shape(y_true.shape()));
  if (y_pred.shape().rank() != 3)
    throw InvalidArgumentError("[ctc] Logits `y_pred` are expected to be a tensor of shape `(batch_size, max_length, "
                               "num_classes)`. Received: y_pred.shape=" + python_shape(y_pred.shape()));
  // Every sample spans all time steps; its labels are the non-zero entries (0 is the blank).
  const Tensor labels = cast(y_true, int32);
  const Tensor label_length = reduce_sum(cast(not_equal(labels, constant(0)), int32), {-1});
  const Tensor logit_length = zeros_like(label_length) + slice(shape(y_pred), {1}, {1});
  // Keras computes float64 logits in float32 (tf.nn.ctc_loss has no float64 kernel) and casts back.
  const Tensor logits = y_pred.dtype() == float64 ? cast(y_pred, float32) : y_pred;
  const Tensor loss = nn::ctc_loss(labels, logits, label_length, logit_length, {.logits_time_major = false});
  return keras::detail::cast_if_needed(loss, y_pred.dtype());
}

CTC::CTC(CTCOptions o) : Loss(o.name, o.reduction, o.dtype), options_(std::move(o)) {}

Tensor CTC::call(const Tensor& y_true, const Tensor& y_pred) const {
  auto [t, p] = squeeze_or_expand_to_same_rank(y_true, y_pred);
  return ctc(t, p);
}

}  // namespace tf::keras::losses
