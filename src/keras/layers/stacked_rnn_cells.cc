// StackedRNNCells: the cells' states side by side in one flat list, each cell stepping on the
// previous cell's output, as Keras' StackedRNNCells.call does.
#include "tfpp/keras/layers/stacked_rnn_cells.h"

#include "keras/layers/recurrent_util.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layers/deserialize.h"

namespace tf::keras::layers {

StackedRNNCells::StackedRNNCells(const std::vector<LayerRef>& cells, StackedRNNCellsOptions options)
    : RNNCell(layer_options(options, "StackedRNNCells")) {
  if (cells.empty()) throw InvalidArgumentError("[" + name() + "] needs at least one cell");
  for (const LayerRef& ref : cells) {
    auto cell = std::dynamic_pointer_cast<RNNCell>(ref.ptr());
    if (!cell)
      throw InvalidArgumentError("[" + name() + "] All cells must be recurrent cells (RNNCell). Received: '" +
                                 ref->name() + "' of class " + ref->class_name());
    track_state(cell->shared_layer_state(), cell);
    cells_.push_back(std::move(cell));
  }
}

void StackedRNNCells::build(const TensorShape& input_shape) {
  TensorShape shape = input_shape;
  for (const auto& cell : cells_) {
    if (!cell->built()) cell->build_for({shape});
    shape = TensorShape{shape[0], cell->output_size()};
  }
}

std::vector<std::int64_t> StackedRNNCells::state_size() const {
  std::vector<std::int64_t> sizes;
  for (const auto& cell : cells_) {
    const std::vector<std::int64_t> own = cell->state_size();
    sizes.insert(sizes.end(), own.begin(), own.end());
  }
  return sizes;
}

std::int64_t StackedRNNCells::output_size() const { return cells_.back()->output_size(); }

std::vector<Tensor> StackedRNNCells::get_initial_state(const Tensor& first_input) const {
  std::vector<Tensor> states;
  for (const auto& cell : cells_) {
    const std::vector<Tensor> own = cell->get_initial_state(first_input);
    states.insert(states.end(), own.begin(), own.end());
  }
  return states;
}

void StackedRNNCells::begin_sequence(const Tensor& first_input, const std::vector<Tensor>& states, bool training) {
  // Each cell's dropout masks take the shape of its own input: the previous cell's output.
  Tensor input = first_input;
  std::size_t at = 0;
  for (const auto& cell : cells_) {
    const std::size_t n = cell->state_size().size();
    cell->begin_sequence(input, std::vector<Tensor>(states.begin() + std::ptrdiff_t(at), states.begin() + std::ptrdiff_t(at + n)),
                         training);
    at += n;
    input = detail::batch_zeros(first_input, cell->output_size(), first_input.dtype());
  }
}

void StackedRNNCells::end_sequence() {
  for (const auto& cell : cells_) cell->end_sequence();
}

std::pair<Tensor, std::vector<Tensor>> StackedRNNCells::step(const Tensor& inputs, const std::vector<Tensor>& states,
                                                             bool training) {
  Tensor x = inputs;
  std::vector<Tensor> next;
  std::size_t at = 0;
  for (const auto& cell : cells_) {
    const std::size_t n = cell->state_size().size();
    auto [output, own] =
        cell->step(x, std::vector<Tensor>(states.begin() + std::ptrdiff_t(at), states.begin() + std::ptrdiff_t(at + n)), training);
    next.insert(next.end(), own.begin(), own.end());
    x = output;
    at += n;
  }
  return {x, next};
}

Config StackedRNNCells::get_config() const {
  Config c = Layer::get_config();
  ConfigValue::List cells;
  for (const auto& cell : cells_) cells.emplace_back(serialize(*cell));
  c["cells"] = cells;
  return c;
}

StackedRNNCells StackedRNNCells::from_config(const Config& c) {
  StackedRNNCellsOptions o;
  keras::detail::read_common(c, o);
  std::vector<LayerRef> cells;
  for (const ConfigValue& cell : keras::detail::config_at(c, "cells", "StackedRNNCells").get<ConfigValue::List>())
    cells.emplace_back(deserialize(cell));
  return StackedRNNCells(cells, o);
}

}  // namespace tf::keras::layers
