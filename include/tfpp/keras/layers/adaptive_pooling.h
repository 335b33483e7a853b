// Adaptive pooling layers: average or maximum over bins that split each spatial dimension into
// a fixed number of outputs, whatever the input's size (keras.layers.AdaptiveAveragePooling1D /
// 2D / 3D and AdaptiveMaxPooling1D / 2D / 3D).
//
//   namespace layers = tf::keras::layers;
//   layers::AdaptiveAveragePooling2D({7, 7});        // [batch, h, w, c] -> [batch, 7, 7, c]
//   layers::AdaptiveMaxPooling1D({4}, {.data_format = "channels_first"});
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tfpp/keras/layer.h"

namespace tf::keras::layers {

/// Options of the adaptive pooling layers.
struct AdaptivePoolingOptions {
  std::string data_format = "channels_last";  ///< or "channels_first"
  TFPP_KERAS_LAYER_OPTIONS
};

/// What the adaptive poolings share. Output bin i of a dimension of size n split into m covers
/// [floor(i * n / m), ceil((i + 1) * n / m)), Keras 3's (and PyTorch's) bin edges; bins overlap
/// when m does not divide n, and repeat inputs when m > n. Spatial sizes must be known.
class BaseAdaptivePooling : public Layer {
 public:
  /// `output_size` holds one size, used for every spatial dimension, or one per dimension.
  BaseAdaptivePooling(const char* class_name, int spatial_rank, bool max, std::vector<std::int64_t> output_size,
                      const AdaptivePoolingOptions& options);
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  /// The output size of every spatial dimension.
  const std::vector<std::int64_t>& output_size() const { return output_size_; }

 protected:
  /// The options get_config() wrote, and the output size, for from_config.
  static std::pair<std::vector<std::int64_t>, AdaptivePoolingOptions> read_config(const Config& config, const char* who);

 private:
  int spatial_rank_;
  bool max_;
  std::vector<std::int64_t> output_size_;
  std::string data_format_;
};

/// Mean over bins of sequences [batch, steps, channels] (keras.layers.AdaptiveAveragePooling1D).
class AdaptiveAveragePooling1D : public BaseAdaptivePooling {
 public:
  explicit AdaptiveAveragePooling1D(std::vector<std::int64_t> output_size, AdaptivePoolingOptions options = {});
  /// An AdaptiveAveragePooling1D from get_config()'s output.
  static AdaptiveAveragePooling1D from_config(const Config& config);
  TFPP_KERAS_LAYER(AdaptiveAveragePooling1D)
};

/// Mean over bins of images [batch, height, width, channels] (keras.layers.AdaptiveAveragePooling2D).
class AdaptiveAveragePooling2D : public BaseAdaptivePooling {
 public:
  explicit AdaptiveAveragePooling2D(std::vector<std::int64_t> output_size, AdaptivePoolingOptions options = {});
  /// An AdaptiveAveragePooling2D from get_config()'s output.
  static AdaptiveAveragePooling2D from_config(const Config& config);
  TFPP_KERAS_LAYER(AdaptiveAveragePooling2D)
};

/// Mean over bins of volumes [batch, depth, height, width, channels] (keras.layers.AdaptiveAveragePooling3D).
class AdaptiveAveragePooling3D : public BaseAdaptivePooling {
 public:
  explicit AdaptiveAveragePooling3D(std::vector<std::int64_t> output_size, AdaptivePoolingOptions options = {});
  /// An AdaptiveAveragePooling3D from get_config()'s output.
  static AdaptiveAveragePooling3D from_config(const Config& config);
  TFPP_KERAS_LAYER(AdaptiveAveragePooling3D)
};

/// Maximum over bins of sequences [batch, steps, channels] (keras.layers.AdaptiveMaxPooling1D).
class AdaptiveMaxPooling1D : public BaseAdaptivePooling {
 public:
  explicit AdaptiveMaxPooling1D(std::vector<std::int64_t> output_size, AdaptivePoolingOptions options = {});
  /// An AdaptiveMaxPooling1D from get_config()'s output.
  static AdaptiveMaxPooling1D from_config(const Config& config);
  TFPP_KERAS_LAYER(AdaptiveMaxPooling1D)
};

/// Maximum over bins of images [batch, height, width, channels] (keras.layers.AdaptiveMaxPooling2D).
class AdaptiveMaxPooling2D : public BaseAdaptivePooling {
 public:
  explicit AdaptiveMaxPooling2D(std::vector<std::int64_t> output_size, AdaptivePoolingOptions options = {});
  /// An AdaptiveMaxPooling2D from get_config()'s output.
  static AdaptiveMaxPooling2D from_config(const Config& config);
  TFPP_KERAS_LAYER(AdaptiveMaxPooling2D)
};

/// Maximum over bins of volumes [batch, depth, height, width, channels] (keras.layers.AdaptiveMaxPooling3D).
class AdaptiveMaxPooling3D : public BaseAdaptivePooling {
 public:
  explicit AdaptiveMaxPooling3D(std::vector<std::int64_t> output_size, AdaptivePoolingOptions options = {});
  /// An AdaptiveMaxPooling3D from get_config()'s output.
  static AdaptiveMaxPooling3D from_config(const Config& config);
  TFPP_KERAS_LAYER(AdaptiveMaxPooling3D)
};

}  // namespace tf::keras::layers
