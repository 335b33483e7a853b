// Spatial reshaping layers for sequences and volumes: ZeroPadding1D/3D, Cropping1D/3D and
// UpSampling1D/3D, with Keras 3's arguments and configs (the 2-D ones are in reshaping.h).
//
//   namespace layers = tf::keras::layers;
//   layers::ZeroPadding1D({2, 1});                    // 2 steps before, 1 after
//   layers::Cropping3D({.depth = {1, 1}});
//   layers::UpSampling3D({2, 2, 1});
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "tfpp/keras/layers/core.h"
#include "tfpp/keras/layers/reshaping.h"

namespace tf::keras::layers {

/// Steps before and after along a sequence (Keras' (left, right)).
using Margins1D = std::array<std::int64_t, 2>;

/// Before and after along the depth, height and width of volumes (Keras' ((d0, d1), (h0, h1), (w0, w1))).
struct Margins3D {
  std::array<std::int64_t, 2> depth = {0, 0};
  std::array<std::int64_t, 2> height = {0, 0};
  std::array<std::int64_t, 2> width = {0, 0};
  /// The same amount on every side.
  static Margins3D uniform(std::int64_t n) { return {{n, n}, {n, n}, {n, n}}; }
};

/// Adds zeros before and after the steps of [batch, steps, channels] (keras.layers.ZeroPadding1D).
class ZeroPadding1D : public Layer {
 public:
  /// `padding` steps on each side.
  explicit ZeroPadding1D(std::int64_t padding = 1, SpatialOptions options = {});
  /// The given steps before and after.
  explicit ZeroPadding1D(Margins1D padding, SpatialOptions options = {});
  /// A ZeroPadding1D from get_config()'s output.
  static ZeroPadding1D from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(ZeroPadding1D)

 private:
  Margins1D padding_;
  bool channels_first_;
  SpatialOptions options_;
};

/// Adds zeros around volumes (keras.layers.ZeroPadding3D).
class ZeroPadding3D : public Layer {
 public:
  /// `padding` on every side.
  explicit ZeroPadding3D(std::int64_t padding = 1, SpatialOptions options = {});
  /// The given amounts on each side.
  explicit ZeroPadding3D(Margins3D padding, SpatialOptions options = {});
  /// A ZeroPadding3D from get_config()'s output.
  static ZeroPadding3D from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(ZeroPadding3D)

 private:
  Margins3D padding_;
  bool channels_first_;
  SpatialOptions options_;
};

/// Removes steps at the start and end of [batch, steps, channels] (keras.layers.Cropping1D).
class Cropping1D : public Layer {
 public:
  /// `cropping` steps from each end.
  explicit Cropping1D(std::int64_t cropping = 1, BasicOptions options = {});
  /// The given steps from the start and the end.
  explicit Cropping1D(Margins1D cropping, BasicOptions options = {});
  /// A Cropping1D from get_config()'s output.
  static Cropping1D from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(Cropping1D)

 private:
  Margins1D cropping_;
};

/// Removes the edges of volumes (keras.layers.Cropping3D).
class Cropping3D : public Layer {
 public:
  /// `cropping` from every side.
  explicit Cropping3D(std::int64_t cropping = 1, SpatialOptions options = {});
  /// The given amounts from each side.
  explicit Cropping3D(Margins3D cropping, SpatialOptions options = {});
  /// A Cropping3D from get_config()'s output.
  static Cropping3D from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(Cropping3D)

 private:
  Margins3D cropping_;
  bool channels_first_;
  SpatialOptions options_;
};

/// Repeats every step `size` times (keras.layers.UpSampling1D).
class UpSampling1D : public Layer {
 public:
  explicit UpSampling1D(std::int64_t size = 2, BasicOptions options = {});
  /// An UpSampling1D from get_config()'s output.
  static UpSampling1D from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(UpSampling1D)

 private:
  std::int64_t size_;
};

/// Repeats every plane, row and column size[0], size[1] and size[2] times (keras.layers.UpSampling3D).
class UpSampling3D : public Layer {
 public:
  explicit UpSampling3D(const nn::Sizes& size = 2, SpatialOptions options = {});
  /// An UpSampling3D from get_config()'s output.
  static UpSampling3D from_config(const Config& config);
  void build(const TensorShape& input_shape) override;
  Tensor call(const Tensor& inputs, bool training) override;
  Config get_config() const override;
  TFPP_KERAS_LAYER(UpSampling3D)

 private:
  std::vector<std::int64_t> size_;
  bool channels_first_;
  SpatialOptions options_;
};

}  // namespace tf::keras::layers
