#include "tfpp/keras/layers/pooling_3d.h"

#include "keras/layers/spatial_util.h"

namespace tf::keras::layers {

MaxPooling3D::MaxPooling3D(const nn::Sizes& pool_size, PoolingOptions options)
    : BasePooling(3, true, pool_size, std::move(options), "MaxPooling3D") {}
MaxPooling3D MaxPooling3D::from_config(const Config& c) {
  auto [pool_size, options] = read_config(detail::with_max_pooling_default(c));
  return MaxPooling3D(pool_size, options);
}

AveragePooling3D::AveragePooling3D(const nn::Sizes& pool_size, PoolingOptions options)
    : BasePooling(3, false, pool_size, std::move(options), "AveragePooling3D") {}
AveragePooling3D AveragePooling3D::from_config(const Config& c) {
  auto [pool_size, options] = read_config(c);
  return AveragePooling3D(pool_size, options);
}

GlobalMaxPooling3D::GlobalMaxPooling3D(GlobalPoolingOptions options)
    : BaseGlobalPooling(3, true, std::move(options), "GlobalMaxPooling3D") {}
GlobalMaxPooling3D GlobalMaxPooling3D::from_config(const Config& c) { return GlobalMaxPooling3D(read_config(c)); }

GlobalAveragePooling3D::GlobalAveragePooling3D(GlobalPoolingOptions options)
    : BaseGlobalPooling(3, false, std::move(options), "GlobalAveragePooling3D") {}
GlobalAveragePooling3D GlobalAveragePooling3D::from_config(const Config& c) {
  return GlobalAveragePooling3D(read_config(c));
}

}  // namespace tf::keras::layers
