#include "tfpp/keras/layers/reshaping_1d_3d.h"

#include "keras/layers/config_util.h"
#include "keras/layers/spatial_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/errors.h"

namespace tf::keras::layers {

namespace {

using Pair = std::array<std::int64_t, 2>;

// (before, after) from an int (both sides) or a list of two ints.
Pair pair_from(const ConfigValue& v, const char* who) {
  if (v.holds<std::int64_t>()) return {v.get<std::int64_t>(), v.get<std::int64_t>()};
  const std::vector<std::int64_t> both = detail::int_list_from(v);
  if (both.size() != 2) throw InvalidArgumentError(std::string("[") + who + "] expected (before, after) pairs");
  return {both[0], both[1]};
}

ConfigValue pair_config(const Pair& p) { return ConfigValue::List{p[0], p[1]}; }

// The sides of a volume, in (depth, height, width) order.
std::array<Pair*, 3> sides(Margins3D& m) { return {&m.depth, &m.height, &m.width}; }
std::array<const Pair*, 3> sides(const Margins3D& m) { return {&m.depth, &m.height, &m.width}; }

// Reads an int, three ints (symmetric per dimension) or three (before, after) pairs.
Margins3D margins3d_from(const ConfigValue& v, const char* who) {
  if (v.holds<std::int64_t>()) return Margins3D::uniform(v.get<std::int64_t>());
  const ConfigValue::List& dims = v.get<ConfigValue::List>();
  if (dims.size() != 3) throw InvalidArgumentError(std::string("[") + who + "] expected 3 entries, got " + std::to_string(dims.size()));
  Margins3D m;
  for (int i = 0; i < 3; ++i) *sides(m)[i] = pair_from(dims[i], who);
  return m;
}

ConfigValue margins3d_config(const Margins3D& m) {
  return ConfigValue::List{pair_config(m.depth), pair_config(m.height), pair_config(m.width)};
}

std::string pair_text(const Pair& p) { return "(" + std::to_string(p[0]) + ", " + std::to_string(p[1]) + ")"; }
std::string margins3d_text(const Margins3D& m) {
  return "(" + pair_text(m.depth) + ", " + pair_text(m.height) + ", " + pair_text(m.width) + ")";
}

void check_non_negative(const std::string& layer, const char* what, const std::vector<std::int64_t>& values,
                        const std::string& text) {
  for (std::int64_t v : values)
    if (v < 0)
      throw InvalidArgumentError("[" + layer + "] `" + what + "` must hold non-negative integers. Received: " + what + "=" + text);
}

std::vector<std::int64_t> all_of(const Margins3D& m) {
  return {m.depth[0], m.depth[1], m.height[0], m.height[1], m.width[0], m.width[1]};
}

SpatialOptions read_spatial(const Config& c) {
  SpatialOptions o;
  detail::read_common(c, o);
  detail::read_if_present(c, "data_format", o.data_format, [](const ConfigValue& v) { return v.get<std::string>(); });
  return o;
}

BasicOptions read_basic(const Config& c) {
  BasicOptions o;
  detail::read_common(c, o);
  return o;
}

// x without `crops[k]` (before, after) elements along axis first_axis + k (a zero end crop runs to the end).
Tensor crop(const Tensor& x, int first_axis, const std::vector<Pair>& crops) {
  const int rank = x.shape().rank();
  std::vector<std::int64_t> begin(rank, 0), end(rank, 0);
  for (std::size_t k = 0; k < crops.size(); ++k) {
    begin[first_axis + k] = crops[k][0];
    end[first_axis + k] = -crops[k][1];
  }
  std::int64_t end_mask = 0;
  for (int i = 0; i < rank; ++i)
    if (end[i] == 0) end_mask |= std::int64_t{1} << i;
  return strided_slice(x, begin, end, std::vector<std::int64_t>(rank, 1), {.end_mask = end_mask});
}

// x with every element along `axis` repeated `times` times in a row (Keras' ops.repeat): a gather,
// as UpSampling2D does, whose gradient stays within tfpp's maximum rank for volumes.
Tensor repeat_along(const std::string& layer, const Tensor& x, int axis, std::int64_t times) {
  const std::int64_t size = x.shape()[axis];
  if (size < 0)
    throw InvalidArgumentError("[" + layer + "] needs the input's upsampled sizes known, got " + x.shape().to_string());
  std::vector<std::int64_t> source(static_cast<std::size_t>(size * times));
  for (std::size_t i = 0; i < source.size(); ++i) source[i] = static_cast<std::int64_t>(i) / times;
  return gather(x, source, {.axis = axis});
}

}  // namespace

// ---- ZeroPadding1D / ZeroPadding3D ---------------------------------------------------------

ZeroPadding1D::ZeroPadding1D(std::int64_t padding, SpatialOptions options)
    : ZeroPadding1D(Margins1D{padding, padding}, std::move(options)) {}

ZeroPadding1D::ZeroPadding1D(Margins1D padding, SpatialOptions options)
    : Layer(layer_options(options, "ZeroPadding1D")), padding_(padding), options_(std::move(options)) {
  check_non_negative(name(), "padding", {padding_[0], padding_[1]}, pair_text(padding_));
  channels_first_ = detail::channels_first(name(), options_.data_format);
}

void ZeroPadding1D::build(const TensorShape& input_shape) {
  detail::require_rank(name(), input_shape, 3);
  set_input_spec({.ndim = 3});
}

Tensor ZeroPadding1D::call(const Tensor& x, bool) {
  const Pair none{0, 0};
  return pad(x, channels_first_ ? std::vector<Pair>{none, none, padding_} : std::vector<Pair>{none, padding_, none});
}

Config ZeroPadding1D::get_config() const {
  Config c = Layer::get_config();
  c["padding"] = pair_config(padding_);
  c["data_format"] = options_.data_format;
  return c;
}

ZeroPadding1D ZeroPadding1D::from_config(const Config& c) {
  Margins1D padding{1, 1};  // Keras' default
  detail::read_if_present(c, "padding", padding, [](const ConfigValue& v) { return pair_from(v, "ZeroPadding1D"); });
  return ZeroPadding1D(padding, read_spatial(c));
}

ZeroPadding3D::ZeroPadding3D(std::int64_t padding, SpatialOptions options)
    : ZeroPadding3D(Margins3D::uniform(padding), std::move(options)) {}

ZeroPadding3D::ZeroPadding3D(Margins3D padding, SpatialOptions options)
    : Layer(layer_options(options, "ZeroPadding3D")), padding_(padding), options_(std::move(options)) {
  check_non_negative(name(), "padding", all_of(padding_), margins3d_text(padding_));
  channels_first_ = detail::channels_first(name(), options_.data_format);
}

void ZeroPadding3D::build(const TensorShape& input_shape) {
  detail::require_rank(name(), input_shape, 5);
  set_input_spec({.ndim = 5});
}

Tensor ZeroPadding3D::call(const Tensor& x, bool) {
  const Pair none{0, 0};
  if (channels_first_) return pad(x, {none, none, padding_.depth, padding_.height, padding_.width});
  return pad(x, {none, padding_.depth, padding_.height, padding_.width, none});
}

Config ZeroPadding3D::get_config() const {
  Config c = Layer::get_config();
  c["padding"] = margins3d_config(padding_);
  c["data_format"] = options_.data_format;
  return c;
}

ZeroPadding3D ZeroPadding3D::from_config(const Config& c) {
  Margins3D padding = Margins3D::uniform(1);  // Keras' default
  detail::read_if_present(c, "padding", padding, [](const ConfigValue& v) { return margins3d_from(v, "ZeroPadding3D"); });
  return ZeroPadding3D(padding, read_spatial(c));
}

// ---- Cropping1D / Cropping3D ---------------------------------------------------------------

Cropping1D::Cropping1D(std::int64_t cropping, BasicOptions options)
    : Cropping1D(Margins1D{cropping, cropping}, std::move(options)) {}

Cropping1D::Cropping1D(Margins1D cropping, BasicOptions options)
    : Layer(layer_options(options, "Cropping1D")), cropping_(cropping) {
  check_non_negative(name(), "cropping", {cropping_[0], cropping_[1]}, pair_text(cropping_));
}

void Cropping1D::build(const TensorShape& input_shape) {
  detail::require_rank(name(), input_shape, 3);
  if (input_shape[1] >= 0 && cropping_[0] + cropping_[1] >= input_shape[1])
    throw InvalidArgumentError("[" + name() + "] `cropping` parameter of `Cropping1D` layer must be smaller than the input "
                               "length. Received: input_shape=" + input_shape.to_string() +
                               ", cropping=" + pair_text(cropping_));
  set_input_spec({.ndim = 3});
}

Tensor Cropping1D::call(const Tensor& x, bool) { return crop(x, 1, {cropping_}); }

Config Cropping1D::get_config() const {
  Config c = Layer::get_config();
  c["cropping"] = pair_config(cropping_);
  return c;
}

Cropping1D Cropping1D::from_config(const Config& c) {
  Margins1D cropping{1, 1};  // Keras' default
  detail::read_if_present(c, "cropping", cropping, [](const ConfigValue& v) { return pair_from(v, "Cropping1D"); });
  return Cropping1D(cropping, read_basic(c));
}

Cropping3D::Cropping3D(std::int64_t cropping, SpatialOptions options)
    : Cropping3D(Margins3D::uniform(cropping), std::move(options)) {}

Cropping3D::Cropping3D(Margins3D cropping, SpatialOptions options)
    : Layer(layer_options(options, "Cropping3D")), cropping_(cropping), options_(std::move(options)) {
  check_non_negative(name(), "cropping", all_of(cropping_), margins3d_text(cropping_));
  channels_first_ = detail::channels_first(name(), options_.data_format);
}

void Cropping3D::build(const TensorShape& input_shape) {
  detail::require_rank(name(), input_shape, 5);
  const int first = channels_first_ ? 2 : 1;
  for (int i = 0; i < 3; ++i) {
    const std::int64_t size = input_shape[first + i];
    const Pair& side = *sides(cropping_)[i];
    if (size >= 0 && side[0] + side[1] >= size)
      throw InvalidArgumentError("[" + name() + "] Values in `cropping` argument should be smaller than the corresponding "
                                 "spatial dimension of the input. Received: input_shape=" + input_shape.to_string() +
                                 ", cropping=" + margins3d_text(cropping_));
  }
  set_input_spec({.ndim = 5});
}

Tensor Cropping3D::call(const Tensor& x, bool) {
  return crop(x, channels_first_ ? 2 : 1, {cropping_.depth, cropping_.height, cropping_.width});
}

Config Cropping3D::get_config() const {
  Config c = Layer::get_config();
  c["cropping"] = margins3d_config(cropping_);
  c["data_format"] = options_.data_format;
  return c;
}

Cropping3D Cropping3D::from_config(const Config& c) {
  Margins3D cropping = Margins3D::uniform(1);  // Keras' default
  detail::read_if_present(c, "cropping", cropping, [](const ConfigValue& v) { return margins3d_from(v, "Cropping3D"); });
  return Cropping3D(cropping, read_spatial(c));
}

// ---- UpSampling1D / UpSampling3D -----------------------------------------------------------

UpSampling1D::UpSampling1D(std::int64_t size, BasicOptions options)
    : Layer(layer_options(options, "UpSampling1D")), size_(size) {
  if (size <= 0)
    throw InvalidArgumentError("[" + name() + "] Argument `size` should be a positive integer. Received: size=" +
                               std::to_string(size));
}

void UpSampling1D::build(const TensorShape& input_shape) {
  detail::require_rank(name(), input_shape, 3);
  set_input_spec({.ndim = 3});
}

Tensor UpSampling1D::call(const Tensor& x, bool) { return repeat_along(name(), x, 1, size_); }

Config UpSampling1D::get_config() const {
  Config c = Layer::get_config();
  c["size"] = size_;
  return c;
}

UpSampling1D UpSampling1D::from_config(const Config& c) {
  std::int64_t size = 2;
  detail::read_if_present(c, "size", size, [](const ConfigValue& v) { return v.get<std::int64_t>(); });
  return UpSampling1D(size, read_basic(c));
}

UpSampling3D::UpSampling3D(const nn::Sizes& size, SpatialOptions options)
    : Layer(layer_options(options, "UpSampling3D")), options_(std::move(options)) {
  size_ = detail::spatial_tuple(name(), size, 3, "size");
  channels_first_ = detail::channels_first(name(), options_.data_format);
}

void UpSampling3D::build(const TensorShape& input_shape) {
  detail::require_rank(name(), input_shape, 5);
  set_input_spec({.ndim = 5});
}

Tensor UpSampling3D::call(const Tensor& x, bool) {
  const int first = channels_first_ ? 2 : 1;
  Tensor y = x;
  for (int i = 0; i < 3; ++i) y = repeat_along(name(), y, first + i, size_[i]);
  return y;
}

Config UpSampling3D::get_config() const {
  Config c = Layer::get_config();
  c["size"] = detail::int_list(size_);
  c["data_format"] = options_.data_format;
  return c;
}

UpSampling3D UpSampling3D::from_config(const Config& c) {
  nn::Sizes size = 2;
  detail::read_if_present(c, "size", size, detail::sizes_from);
  return UpSampling3D(size, read_spatial(c));
}

}  // namespace tf::keras::layers
