// keras.optimizers.Muon (Jordan et al.; the Moonlight scaling of Liu et al.): matrices (variables of
// rank 2 that are no embedding and match no exclude_layers pattern) take an orthogonalized momentum
// step: the Nesterov momentum's Newton-Schulz iteration (an approximation of U V^T of its SVD),
// scaled by sqrt(max(rows, columns)) * rms_rate. Every other variable takes an AdamW step. Slots
// "<name>/<variable path>_momentum" for all, "_velocity" for the AdamW ones, per variable in turn.
//
//   tf::keras::optimizers::Muon opt({.learning_rate = 0.02});
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/keras/optimizers.h"

namespace tf::keras::optimizers {

/// Options of Muon.
struct MuonOptions {
  LearningRate learning_rate = 0.001;          ///< a number or a schedule
  double adam_beta_1 = 0.9;                    ///< AdamW's first-moment decay
  double adam_beta_2 = 0.999;                  ///< AdamW's second-moment decay
  std::optional<double> adam_weight_decay = 0.004;  ///< decoupled decay of the AdamW variables
  double epsilon = 1e-7;                       ///< AdamW's epsilon
  std::optional<double> weight_decay = 0.004;  ///< decoupled decay of the Muon variables
  std::optional<double> clipnorm = {};         ///< clip each gradient to this L2 norm
  std::optional<double> clipvalue = {};        ///< clip each gradient element to [-v, v]
  std::optional<double> global_clipnorm = {};  ///< clip all gradients to this joint norm
  std::string name = {};                       ///< the optimizer's name ("" picks "muon", "muon_1", ...)
  std::vector<std::string> exclude_layers = {};  ///< regular expressions: matching variable paths use AdamW
  bool exclude_embeddings = true;              ///< paths containing "embedding" use AdamW
  double muon_a = 3.4445;                      ///< Newton-Schulz coefficient of X
  double muon_b = -4.7750;                     ///< ... of (X X^T) X
  double muon_c = 2.0315;                      ///< ... of (X X^T)^2 X
  double adam_lr_ratio = 1;                    ///< the AdamW variables' rate is learning_rate times this
  double momentum = 0.95;                      ///< the Muon momentum
  std::int64_t ns_steps = 5;                   ///< Newton-Schulz iterations
  bool nesterov = true;                        ///< Nesterov momentum
  std::optional<double> rms_rate = 0.2;        ///< the update's scale factor (none: unscaled)
};

/// Muon, as Keras 3 computes it. get_config() holds a non-empty exclude_layers as one regular
/// expression ("a|b"), since optimizer configs hold no lists of strings; serialize() (and so
/// .keras files) writes Keras' list.
class Muon : public Optimizer {
 public:
  /// A Muon optimizer; throws InvalidArgumentError for ns_steps < 0 or a bad exclude_layers pattern.
  explicit Muon(MuonOptions options = {});
};

}  // namespace tf::keras::optimizers
