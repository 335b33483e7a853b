// keras/src/layers/preprocessing/image_preprocessing/max_num_bounding_box.py: images pass
// through; boxes and labels are cut to max_number per image and padded with fill_value.
#include "keras/layers/config_util.h"
#include "keras/layers/image_preprocessing/image_layer_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/constant.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layers/image_augmentation.h"
#include "tfpp/math_ops.h"

namespace tf::keras::layers {

namespace {

// `t` [batch, n, ...] cut or padded along axis 1 to `count` entries.
Tensor cut_or_pad(const Tensor& t, std::int64_t count, std::int64_t fill_value) {
  const int rank = t.shape().rank();
  const Tensor n = reshape(slice(shape(t), {1}, {1}), {});
  const Tensor kept = minimum(n, constant(static_cast<int>(count)));
  std::vector<Tensor> begin(rank, constant(0)), size(rank, constant(-1));
  size[1] = kept;
  const Tensor cut = slice(t, stack(begin), stack(size));
  std::vector<Tensor> paddings(rank, constant(std::vector<int>{0, 0}));
  paddings[1] = stack({constant(0), constant(static_cast<int>(count)) - kept});
  return pad(cut, stack(paddings), {.constant_values = static_cast<double>(fill_value)});
}

}  // namespace

MaxNumBoundingBoxes::MaxNumBoundingBoxes(std::int64_t max_number, MaxNumBoundingBoxesOptions options)
    : ImageAugmentation(layer_options(options, "MaxNumBoundingBoxes")), max_number_(max_number), options_(std::move(options)) {
  image_util::check_data_format(name(), options_.data_format);
  if (max_number_ < 1)
    throw InvalidArgumentError("[" + name() + "] `max_number` must be positive. Received: max_number=" + std::to_string(max_number_));
}

Tensor MaxNumBoundingBoxes::call(const Tensor& inputs, bool) { return image_util::autocast(inputs, dtype()); }

std::pair<Tensor, Tensor> MaxNumBoundingBoxes::transform_bounding_boxes(const Tensor& boxes, const Tensor& labels) const {
  if (boxes.shape().rank() != 3 || labels.shape().rank() != 2)
    throw InvalidArgumentError("[" + name() + "] expects boxes [batch, num_boxes, 4] and labels [batch, num_boxes]. Received: boxes.shape=" +
                               boxes.shape().to_string() + ", labels.shape=" + labels.shape().to_string());
  return {reshape(cut_or_pad(boxes, max_number_, options_.fill_value), {-1, max_number_, 4}),
          reshape(cut_or_pad(labels, max_number_, options_.fill_value), {-1, max_number_})};
}

Config MaxNumBoundingBoxes::get_config() const {
  Config c = Layer::get_config();
  c["data_format"] = options_.data_format;
  if (options_.bounding_box_format) c["bounding_box_format"] = *options_.bounding_box_format;
  c["max_number"] = max_number_;
  return c;
}

MaxNumBoundingBoxes MaxNumBoundingBoxes::from_config(const Config& c) {
  MaxNumBoundingBoxesOptions o;
  detail::read_common(c, o);
  detail::read_if_present(c, "data_format", o.data_format, [](const ConfigValue& v) { return v.get<std::string>(); });
  detail::read_if_present(c, "fill_value", o.fill_value, [](const ConfigValue& v) { return v.get<std::int64_t>(); });
  detail::read_if_present(c, "bounding_box_format", o.bounding_box_format, [](const ConfigValue& v) { return v.get<std::string>(); });
  return MaxNumBoundingBoxes(detail::config_at(c, "max_number", "MaxNumBoundingBoxes").get<std::int64_t>(), o);
}

}  // namespace tf::keras::layers
