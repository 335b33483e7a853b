// HashedCrossing (keras.layers.HashedCrossing): crosses scalar categorical features with the
// hashing trick, hash(feature_1 x feature_2 x ...) % num_bins, through SparseCross's FarmHash
// fingerprints, so the bins are TensorFlow's.
//
//   layers::HashedCrossing cross(5);
//   cross({tf::constant({"A", "B"}), tf::constant({101, 102})});   // int64 bins, shape (2)
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tfpp/keras/layer.h"

namespace tf::keras::layers {

/// Options of HashedCrossing.
struct HashedCrossingOptions {
  std::string output_mode = "int";  ///< "int" (the bin) or "one_hot"
  bool sparse = false;              ///< not supported: must be false
  TFPP_KERAS_LAYER_OPTIONS
};

/// Hashes the cross of two or more equally shaped integer or string inputs of shape (),
/// (batch) or (batch, 1) into num_bins bins. Its dtype is int64 for output_mode "int".
class HashedCrossing : public Layer {
 public:
  explicit HashedCrossing(std::int64_t num_bins, HashedCrossingOptions options = {});
  /// A HashedCrossing from get_config()'s output.
  static HashedCrossing from_config(const Config& config);
  void build_multi(const std::vector<TensorShape>& input_shapes) override;
  std::vector<Tensor> call_multi(const std::vector<Tensor>& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(HashedCrossing)

 private:
  void check_inputs(const std::vector<TensorShape>& shapes, const std::vector<DType>& dtypes) const;
  std::int64_t num_bins_;
  HashedCrossingOptions options_;
};

}  // namespace tf::keras::layers
