// Discretization (keras.layers.Discretization): buckets numbers by bin boundaries, given or
// estimated with adapt() as approximate quantiles (Keras' own summary algorithm), and outputs the
// bucket index or one-hot, multi-hot or count vectors.
//
//   layers::Discretization bins({.bin_boundaries = std::vector<double>{0.0, 1.0}});
//   bins(tf::constant({-0.5f, 0.5f, 2.0f}));     // int32 [0, 1, 2]
//   layers::Discretization quantiles({.num_bins = 4});
//   quantiles.adapt(data);
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tfpp/data/dataset.h"
#include "tfpp/keras/layer.h"

namespace tf::keras::layers {

/// Options of Discretization (Keras 3's arguments).
struct DiscretizationOptions {
  std::optional<std::vector<double>> bin_boundaries = {};  ///< sorted boundaries; bucket i holds [b[i-1], b[i])
  std::optional<std::int64_t> num_bins = {};              ///< buckets adapt() makes (instead of boundaries)
  double epsilon = 0.01;                                  ///< the quantile summary's precision
  std::string output_mode = "int";                        ///< "int", "one_hot", "multi_hot" or "count"
  bool sparse = false;                                    ///< not supported: must be false
  TFPP_KERAS_LAYER_OPTIONS
};

/// Buckets numbers; "int" output is int32, the other modes have the layer's float dtype.
class Discretization : public Layer {
 public:
  explicit Discretization(DiscretizationOptions options = {});
  /// A Discretization from get_config()'s output.
  static Discretization from_config(const Config& config);
  /// Estimates num_bins - 1 boundaries from all of `data`.
  void adapt(const Tensor& data);
  /// Estimates the boundaries from every batch of `dataset` (the first tensor of each element).
  void adapt(const data::Dataset& dataset);
  /// The steps of adapt(), as Keras' reset_state / update_state / finalize_state.
  void reset_state();
  void update_state(const Tensor& batch);
  void finalize_state();
  /// The boundaries (empty until given or adapted).
  std::vector<double> bin_boundaries() const;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(Discretization)

 private:
  struct State;
  DiscretizationOptions options_;
  std::shared_ptr<State> state_;  // boundaries and the quantile summary: shared by copies
};

}  // namespace tf::keras::layers
