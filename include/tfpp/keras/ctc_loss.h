// Keras 3's CTC loss (keras.losses.CTC / keras.losses.ctc): the connectionist temporal
// classification loss of integer label sequences (0 is the blank and pads them) against per-step
// logits, per sample, over tf::nn::ctc_loss. Every sample uses all time steps of y_pred; its label
// length is the number of non-zero labels.
//
//   tf::keras::losses::CTC loss;
//   tf::Tensor value = loss(labels /* [batch, max_length] */, logits /* [batch, time, classes] */);
#pragma once

#include <optional>
#include <string>

#include "tfpp/keras/losses.h"

namespace tf::keras::losses {

/// The CTC loss per sample ([batch]) of labels y_true [batch, max_length] (0 = blank / padding)
/// against logits y_pred [batch, time, classes]; float64 logits are computed in float32, as Keras
/// does. Throws InvalidArgumentError for other ranks.
Tensor ctc(const Tensor& y_true, const Tensor& y_pred);

/// Options of CTC.
struct CTCOptions {
  std::string reduction = "sum_over_batch_size";  ///< how the loss reduces
  std::string name = "ctc";                       ///< the loss's name
  std::optional<DType> dtype;                     ///< the compute dtype (float32 if unset)
};

/// ctc as a Loss.
class CTC : public Loss {
 public:
  /// A CTC loss with `options`.
  explicit CTC(CTCOptions options = {});
  Tensor call(const Tensor& y_true, const Tensor& y_pred) const override;

 private:
  CTCOptions options_;
};

}  // namespace tf::keras::losses
