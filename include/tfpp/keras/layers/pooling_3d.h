// 3-D pooling layers: MaxPooling3D, AveragePooling3D and the global poolings
// GlobalMaxPooling3D, GlobalAveragePooling3D over volumes [batch, depth, height, width,
// channels], with Keras 3's arguments and configs (the shared bases are in pooling.h).
//
//   namespace layers = tf::keras::layers;
//   layers::MaxPooling3D();                                   // 2x2x2 windows, strides 2
//   layers::AveragePooling3D({2, 2, 1}, {.padding = "same"});
#pragma once

#include "tfpp/keras/layers/pooling.h"

namespace tf::keras::layers {

/// Maximum over windows of volumes (keras.layers.MaxPooling3D).
class MaxPooling3D : public BasePooling {
 public:
  explicit MaxPooling3D(const nn::Sizes& pool_size = 2, PoolingOptions options = {});
  /// A MaxPooling3D from get_config()'s output.
  static MaxPooling3D from_config(const Config& config);
  TFPP_KERAS_LAYER(MaxPooling3D)
};

/// Mean over windows of volumes; "same" padding leaves padded positions out of the mean
/// (keras.layers.AveragePooling3D).
class AveragePooling3D : public BasePooling {
 public:
  explicit AveragePooling3D(const nn::Sizes& pool_size, PoolingOptions options = {});
  /// An AveragePooling3D from get_config()'s output.
  static AveragePooling3D from_config(const Config& config);
  TFPP_KERAS_LAYER(AveragePooling3D)
};

/// Maximum over the depth, height and width of volumes (keras.layers.GlobalMaxPooling3D).
class GlobalMaxPooling3D : public BaseGlobalPooling {
 public:
  explicit GlobalMaxPooling3D(GlobalPoolingOptions options = {});
  /// A GlobalMaxPooling3D from get_config()'s output.
  static GlobalMaxPooling3D from_config(const Config& config);
  TFPP_KERAS_LAYER(GlobalMaxPooling3D)
};

/// Mean over the depth, height and width of volumes (keras.layers.GlobalAveragePooling3D).
class GlobalAveragePooling3D : public BaseGlobalPooling {
 public:
  explicit GlobalAveragePooling3D(GlobalPoolingOptions options = {});
  /// A GlobalAveragePooling3D from get_config()'s output.
  static GlobalAveragePooling3D from_config(const Config& config);
  TFPP_KERAS_LAYER(GlobalAveragePooling3D)
};

}  // namespace tf::keras::layers
