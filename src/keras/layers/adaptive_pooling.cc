// Adaptive pooling, one spatial dimension at a time: each dimension's bins become a gather of
// [bins, widest bin] input positions (short bins repeat their last position), reduced by max,
// or by a weighted sum whose weights are 1 / bin size (0 on the repeats) for the mean. Pooling
// dimension by dimension gives the same result as pooling whole bins, as Keras' own does.
#include "tfpp/keras/layers/adaptive_pooling.h"

#include <algorithm>

#include "keras/layers/config_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::layers {

namespace {

// The gather indices [out, width] and mean weights [out, width] of one dimension of size n.
struct Bins {
  std::int64_t width = 0;
  std::vector<std::int32_t> indices;
  std::vector<double> weights;
};

Bins bins_of(std::int64_t n, std::int64_t out) {
  Bins b;
  std::vector<std::int64_t> starts, ends;
  for (std::int64_t i = 0; i < out; ++i) {
    starts.push_back(i * n / out);
    ends.push_back(((i + 1) * n + out - 1) / out);
    b.width = std::max(b.width, ends.back() - starts.back());
  }
  for (std::int64_t i = 0; i < out; ++i) {
    const std::int64_t size = ends[std::size_t(i)] - starts[std::size_t(i)];
    for (std::int64_t k = 0; k < b.width; ++k) {
      b.indices.push_back(static_cast<std::int32_t>(starts[std::size_t(i)] + std::min(k, size - 1)));
      b.weights.push_back(k < size ? 1.0 / double(size) : 0.0);
    }
  }
  return b;
}

// Pools `x` along `axis` into `out` bins.
Tensor pool_axis(const Tensor& x, int axis, std::int64_t out, bool max) {
  const Bins b = bins_of(x.shape()[axis], out);
  const Tensor gathered = gather(x, constant(b.indices, {out, b.width}), {.axis = axis});  // [..., out, width, ...]
  if (max) return reduce_max(gathered, {axis + 1});
  std::vector<std::int64_t> weight_shape{out, b.width};
  weight_shape.insert(weight_shape.end(), std::size_t(x.shape().rank() - axis - 1), 1);
  const Tensor weights = cast(constant(b.weights, TensorShape(weight_shape)), x.dtype());
  return reduce_sum(gathered * weights, {axis + 1});
}

std::vector<std::int64_t> sizes_from(const ConfigValue& v) {
  if (v.holds<std::int64_t>()) return {v.get<std::int64_t>()};
  return detail::int_list_from(v);
}

}  // namespace

BaseAdaptivePooling::BaseAdaptivePooling(const char* class_name, int spatial_rank, bool max,
                                         std::vector<std::int64_t> output_size, const AdaptivePoolingOptions& options)
    : Layer(layer_options(options, class_name)), spatial_rank_(spatial_rank), max_(max), data_format_(options.data_format) {
  if (output_size.size() == 1) output_size.assign(std::size_t(spatial_rank), output_size[0]);
  if (int(output_size.size()) != spatial_rank)
    throw InvalidArgumentError("[" + name() + "] `output_size` must be an integer or a tuple of " +
                               std::to_string(spatial_rank) + " integers. Received: " + TensorShape(output_size).to_string());
  for (std::int64_t s : output_size)
    if (s <= 0)
      throw InvalidArgumentError("[" + name() + "] `output_size` must be positive. Received: " +
                                 TensorShape(output_size).to_string());
  if (data_format_ != "channels_last" && data_format_ != "channels_first")
    throw InvalidArgumentError("[" + name() + "] Invalid data_format: " + data_format_ +
                               ". Expected 'channels_first' or 'channels_last'.");
  output_size_ = std::move(output_size);
  set_input_spec({.ndim = spatial_rank + 2});
}

Tensor BaseAdaptivePooling::call(const Tensor& inputs, bool) {
  const TensorShape& shape = inputs.shape();
  const int first = data_format_ == "channels_last" ? 1 : 2;
  for (int d = 0; d < spatial_rank_; ++d)
    if (shape[first + d] < 0)
      throw InvalidArgumentError("[" + name() + "] Input spatial dimensions must be statically known for adaptive pooling, got " +
                                 shape.to_string());
  Tensor y = inputs;
  for (int d = 0; d < spatial_rank_; ++d) y = pool_axis(y, first + d, output_size_[std::size_t(d)], max_);
  return y;
}

Config BaseAdaptivePooling::get_config() const {
  Config c = Layer::get_config();
  c["output_size"] = detail::int_list(output_size_);
  c["data_format"] = data_format_;
  return c;
}

std::pair<std::vector<std::int64_t>, AdaptivePoolingOptions> BaseAdaptivePooling::read_config(const Config& c,
                                                                                              const char* who) {
  AdaptivePoolingOptions o;
  detail::read_common(c, o);
  detail::read_if_present(c, "data_format", o.data_format, [](const ConfigValue& v) { return v.get<std::string>(); });
  return {sizes_from(detail::config_at(c, "output_size", who)), o};
}

#define TFPP_DEFINE_ADAPTIVE_POOLING(ClassName, rank, max)                                                      \
  ClassName::ClassName(std::vector<std::int64_t> output_size, AdaptivePoolingOptions options)                  \
      : BaseAdaptivePooling(#ClassName, rank, max, std::move(output_size), options) {}                        \
  ClassName ClassName::from_config(const Config& config) {                                                     \
    auto [sizes, options] = read_config(config, #ClassName);                                                   \
    return ClassName(sizes, options);                                                                          \
  }

TFPP_DEFINE_ADAPTIVE_POOLING(AdaptiveAveragePooling1D, 1, false)
TFPP_DEFINE_ADAPTIVE_POOLING(AdaptiveAveragePooling2D, 2, false)
TFPP_DEFINE_ADAPTIVE_POOLING(AdaptiveAveragePooling3D, 3, false)
TFPP_DEFINE_ADAPTIVE_POOLING(AdaptiveMaxPooling1D, 1, true)
TFPP_DEFINE_ADAPTIVE_POOLING(AdaptiveMaxPooling2D, 2, true)
TFPP_DEFINE_ADAPTIVE_POOLING(AdaptiveMaxPooling3D, 3, true)

#undef TFPP_DEFINE_ADAPTIVE_POOLING

}  // namespace tf::keras::layers
