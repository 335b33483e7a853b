#include "keras/layers/config_util.h"
#include "tfpp/errors.h"
#include "tfpp/keras/input.h"

namespace tf::keras {

InputLayer::InputLayer(std::vector<std::int64_t> shape, InputOptions options)
    : Layer(LayerOptions{.name = options.name, .dtype = options.dtype, .class_name = "InputLayer"}),
      shape_(std::move(shape)),
      batch_size_(options.batch_size),
      input_dtype_(options.dtype) {
  for (std::int64_t d : shape_)
    if (d < -1 || d == 0) throw InvalidArgumentError("[" + name() + "] dimensions must be positive or -1 (None)");
  if (batch_size_ < -1 || batch_size_ == 0)
    throw InvalidArgumentError("[" + name() + "] batch_size must be positive or -1 (None), got " + std::to_string(batch_size_));
  set_built();
}

InputLayer InputLayer::from_config(const Config& c) {
  std::vector<std::int64_t> batch_shape = detail::int_list_from(detail::config_at(c, "batch_shape", "InputLayer"));
  if (batch_shape.empty())
    throw InvalidArgumentError("[InputLayer] batch_shape must include the batch dimension, got []");
  InputOptions o;
  if (auto it = c.find("name"); it != c.end()) o.name = it->second.get<std::string>();
  if (auto it = c.find("dtype"); it != c.end() && !it->second.is_null()) o.dtype = detail::dtype_from(it->second);
  o.batch_size = batch_shape.front();
  return InputLayer(std::vector<std::int64_t>(batch_shape.begin() + 1, batch_shape.end()), o);
}

std::vector<Tensor> InputLayer::call_multi(const std::vector<Tensor>& inputs, bool) { return inputs; }

std::vector<std::int64_t> InputLayer::batch_shape() const {
  std::vector<std::int64_t> dims{batch_size_};
  dims.insert(dims.end(), shape_.begin(), shape_.end());
  return dims;
}

Config InputLayer::get_config() const {
  std::vector<std::int64_t> batch_shape = this->batch_shape();
  return {{"name", name()}, {"dtype", std::string(dtype_name(input_dtype_))}, {"batch_shape", detail::int_list(batch_shape)}, {"sparse", false},
          {"ragged", false}, {"optional", false}};
}

KerasTensor InputLayer::tensor() const {
  detail::LayerState& s = layer_state();
  for (const auto& weak : s.inbound_nodes)
    if (auto node = weak.lock()) return KerasTensor(node, 0);
  auto node = std::make_shared<detail::Node>();
  node->layer = shared_instance();
  std::vector<std::int64_t> dims = batch_shape();
  node->output_shapes.push_back(TensorShape(std::span<const std::int64_t>(dims)));
  node->output_dtypes.push_back(input_dtype_);
  s.inbound_nodes.push_back(node);
  // The node owns the layer; the KerasTensor returned owns the node.
  return KerasTensor(node, 0);
}

KerasTensor Input(std::vector<std::int64_t> shape, InputOptions options) {
  InputLayer layer(std::move(shape), std::move(options));
  return layer.tensor();
}

}  // namespace tf::keras
