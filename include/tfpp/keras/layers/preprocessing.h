// Normalization (keras.layers.Normalization): (x - mean) / max(sqrt(variance), 1e-7) with mean
// and variance per feature, given or learned with adapt() from a tensor or a tf::data dataset.
//
//   layers::Normalization norm;                 // axis -1: one mean and variance per feature
//   norm.adapt(train_features);                 // or norm.adapt(dataset) (batches)
//   tf::Tensor y = norm(x);
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "tfpp/data/dataset.h"
#include "tfpp/keras/layer.h"

namespace tf::keras::layers {

/// Options of Normalization.
struct NormalizationOptions {
  std::vector<std::int64_t> axis = {-1};          ///< axes kept (one statistic per index); {} for one overall
  std::optional<std::vector<double>> mean = {};   ///< fixed means (one value broadcasts); no adapt then
  std::optional<std::vector<double>> variance = {};  ///< fixed variances, given with mean
  bool invert = false;                            ///< map normalized values back: mean + x * std
  TFPP_KERAS_LAYER_OPTIONS
};

/// Feature-wise normalization; adapted statistics live in the non-trainable weights "mean",
/// "variance" (float) and "count" (int64), as in Keras 3.
class Normalization : public Layer {
 public:
  explicit Normalization(NormalizationOptions options = {});
  /// A Normalization from get_config()'s output.
  static Normalization from_config(const Config& config);
  /// Sets mean and variance from all of `data` (the layer is built for its shape if needed).
  void adapt(const Tensor& data);
  /// Sets mean and variance from every batch of `dataset` (the first tensor of each element),
  /// merging per-batch statistics as Keras does.
  void adapt(const data::Dataset& dataset);
  /// adapt() in steps, as Keras' loop over batches: forget the batches seen, merge one batch's
  /// mean and variance into the running ones (building the layer for its shape if needed), then
  /// assign them to the weights.
  void reset_state();
  void update_state(const Tensor& batch);
  void finalize_state();
  /// The mean and variance in `dtype` as Keras' `mean` and `variance` attributes hold them:
  /// shaped to broadcast against the inputs built for (a kept axis' size, 1 elsewhere).
  std::pair<Tensor, Tensor> statistics(DType dtype) const;
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(Normalization)

 private:
  /// The kept axes for inputs of rank `rank`, non-negative and sorted; checks them.
  std::vector<std::int64_t> keep_axes(int rank) const;
  /// What update_state() has merged since reset_state(): the mean and variance of `count` values
  /// per statistic (undefined tensors before the first batch).
  struct Running {
    Tensor mean, variance;
    double count = 0;
  };
  NormalizationOptions options_;
  Running running_;
};

}  // namespace tf::keras::layers
