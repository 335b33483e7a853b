#include "tfpp/keras/layers/merge.h"

#include <algorithm>

#include "keras/layers/config_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/errors.h"
#include "tfpp/linalg_ops.h"
#include "tfpp/math_ops.h"
#include "tfpp/reduction_ops.h"

namespace tf::keras::layers {

namespace {
std::string shapes_text(const std::vector<TensorShape>& shapes) {
  std::string s;
  for (const TensorShape& t : shapes) s += (s.empty() ? "" : ", ") + t.to_string();
  return "[" + s + "]";
}

TensorShape without_batch(const TensorShape& shape) {
  if (shape.has_unknown_rank() || shape.rank() == 0) return shape;
  return TensorShape(shape.dims().subspan(1));
}

}  // namespace

// Keras 3 merges a list of one input too (the input itself). The inputs' batch sizes must agree;
// the rest of their shapes broadcast as Keras' elementwise shape rule has it: trailing dimensions
// align, and a 1 stretches to the other size.
void Merge::build_multi(const std::vector<TensorShape>& shapes) {
  if (shapes.empty()) throw InvalidArgumentError("[" + name() + "] needs at least 1 input, got none");
  std::int64_t batch = -1;
  for (const TensorShape& s : shapes) {
    if (s.has_unknown_rank() || s.rank() == 0 || s.dim(0) < 0) continue;
    if (batch >= 0 && s.dim(0) != batch)
      throw InvalidArgumentError("[" + name() + "] Cannot merge tensors with different batch sizes. Received tensors with shapes " +
                                 shapes_text(shapes));
    batch = s.dim(0);
  }
  TensorShape merged = without_batch(shapes[0]);
  for (std::size_t i = 1; i < shapes.size(); ++i) {
    const TensorShape other = without_batch(shapes[i]);
    if (merged.has_unknown_rank() || other.has_unknown_rank()) continue;
    const TensorShape& longer = merged.rank() >= other.rank() ? merged : other;
    const TensorShape& shorter = merged.rank() >= other.rank() ? other : merged;
    TensorShape out = longer;
    const int offset = longer.rank() - shorter.rank();
    for (int d = 0; d < shorter.rank(); ++d) {
      const std::int64_t a = longer.dim(offset + d), b = shorter.dim(d);
      if (a >= 0 && b >= 0 && a != b && a != 1 && b != 1)
        throw InvalidArgumentError("[" + name() + "] Inputs have incompatible shapes. Received shapes " +
                                   longer.to_string() + " and " + shorter.to_string());
      out.set_dim(offset + d, a < 0 || b < 0 ? -1 : std::max(a, b));
    }
    merged = out;
  }
}

// Inputs of lower rank gain axes after the batch axis until all ranks agree, as in Keras.
std::vector<Tensor> Merge::call_multi(const std::vector<Tensor>& inputs, bool) {
  if (inputs.empty()) throw InvalidArgumentError("[" + name() + "] needs at least 1 input, got none");
  int rank = 0;
  for (const Tensor& x : inputs) rank = std::max(rank, x.shape().rank());
  auto same_rank = [rank](Tensor x) {
    while (x.shape().rank() >= 0 && x.shape().rank() < rank) x = expand_dims(x, 1);
    return x;
  };
  Tensor out = same_rank(inputs[0]);
  for (std::size_t i = 1; i < inputs.size(); ++i) out = merge(out, same_rank(inputs[i]));
  return {finish(out, inputs.size())};
}

Tensor Add::merge(const Tensor& a, const Tensor& b) const { return a + b; }
Tensor Subtract::merge(const Tensor& a, const Tensor& b) const { return a - b; }
void Subtract::build_multi(const std::vector<TensorShape>& shapes) {
  if (shapes.size() != 2) throw InvalidArgumentError("[" + name() + "] needs exactly 2 inputs, got " + std::to_string(shapes.size()));
  Merge::build_multi(shapes);
}
Tensor Multiply::merge(const Tensor& a, const Tensor& b) const { return a * b; }
Tensor Average::merge(const Tensor& a, const Tensor& b) const { return a + b; }
Tensor Average::finish(const Tensor& combined, std::size_t count) const { return combined / static_cast<double>(count); }
Tensor Maximum::merge(const Tensor& a, const Tensor& b) const { return math::maximum(a, b); }
Tensor Minimum::merge(const Tensor& a, const Tensor& b) const { return math::minimum(a, b); }

Concatenate::Concatenate(ConcatenateOptions options) : Layer(layer_options(options, "Concatenate")), options_(std::move(options)) {}

void Concatenate::build_multi(const std::vector<TensorShape>& shapes) {
  if (shapes.empty()) throw InvalidArgumentError("[" + name() + "] needs at least 1 input, got none");
  const int rank = shapes[0].rank();
  const int axis = static_cast<int>(options_.axis < 0 ? options_.axis + rank : options_.axis);
  for (const TensorShape& s : shapes) {
    bool ok = s.rank() == rank && axis >= 0 && axis < rank;
    for (int i = 0; ok && i < rank; ++i)
      if (i != axis && s[i] >= 0 && shapes[0][i] >= 0 && s[i] != shapes[0][i]) ok = false;
    if (!ok)
      throw InvalidArgumentError("[" + name() + "] requires inputs with matching shapes except for the concatenation axis " +
                                 std::to_string(options_.axis) + ", got " + shapes_text(shapes));
  }
}

std::vector<Tensor> Concatenate::call_multi(const std::vector<Tensor>& inputs, bool) {
  return {concat(inputs, options_.axis)};
}

Config Concatenate::get_config() const {
  Config c = Layer::get_config();
  c["axis"] = options_.axis;
  return c;
}
Concatenate Concatenate::from_config(const Config& c) {
  ConcatenateOptions o;
  detail::read_common(c, o);
  if (auto it = c.find("axis"); it != c.end()) o.axis = it->second.get<std::int64_t>();
  return Concatenate(o);
}

Dot::Dot(std::vector<std::int64_t> axes, DotOptions options)
    : Layer(layer_options(options, "Dot")), axes_(std::move(axes)), options_(std::move(options)) {
  if (axes_.size() == 1) axes_.push_back(axes_[0]);
  if (axes_.size() != 2) throw InvalidArgumentError("[" + name() + "] axes must be one axis or a pair");
}

void Dot::build_multi(const std::vector<TensorShape>& shapes) {
  if (shapes.size() != 2) throw InvalidArgumentError("[" + name() + "] needs exactly 2 inputs, got " + std::to_string(shapes.size()));
  for (int i = 0; i < 2; ++i) {
    const int rank = shapes[i].rank();
    if (rank != 2 && rank != 3)
      throw InvalidArgumentError("[" + name() + "] supports inputs of rank 2 or 3, got " + shapes_text(shapes));
    const std::int64_t a = axes_[i] < 0 ? axes_[i] + rank : axes_[i];
    if (a < 1 || a >= rank) throw InvalidArgumentError("[" + name() + "] axis " + std::to_string(axes_[i]) + " is invalid for " + shapes_text(shapes));
  }
  const std::int64_t a0 = axes_[0] < 0 ? axes_[0] + shapes[0].rank() : axes_[0];
  const std::int64_t a1 = axes_[1] < 0 ? axes_[1] + shapes[1].rank() : axes_[1];
  if (shapes[0][a0] >= 0 && shapes[1][a1] >= 0 && shapes[0][a0] != shapes[1][a1])
    throw InvalidArgumentError("[" + name() + "] incompatible input shapes: axis values " + std::to_string(shapes[0][a0]) +
                               " (at axis " + std::to_string(a0) + ") != " + std::to_string(shapes[1][a1]) + " (at axis " +
                               std::to_string(a1) + "). Full input shapes: " + shapes_text(shapes));
}

std::vector<Tensor> Dot::call_multi(const std::vector<Tensor>& inputs, bool) {
  if (inputs.size() != 2) throw InvalidArgumentError("[" + name() + "] needs exactly 2 inputs, got " + std::to_string(inputs.size()));
  Tensor x = inputs[0], y = inputs[1];
  const std::int64_t ax = axes_[0] < 0 ? axes_[0] + x.rank() : axes_[0];
  const std::int64_t ay = axes_[1] < 0 ? axes_[1] + y.rank() : axes_[1];
  if (options_.normalize) {
    x = x * math::rsqrt(math::maximum(reduce_sum(math::square(x), {ax}, {.keepdims = true}), 1e-12));
    y = y * math::rsqrt(math::maximum(reduce_sum(math::square(y), {ay}, {.keepdims = true}), 1e-12));
  }
  if (x.rank() == 2 && y.rank() == 2) return {reduce_sum(x * y, {1}, {.keepdims = true})};
  // Batched: bring x's contracted axis last and y's first (after the batch), then matmul.
  if (x.rank() == 2) x = expand_dims(x, 1);
  else if (ax == 1) x = transpose(x, {0, 2, 1});
  if (y.rank() == 2) y = expand_dims(y, 2);
  else if (ay == 2) y = transpose(y, {0, 2, 1});
  Tensor out = matmul(x, y);
  if (inputs[0].rank() == 2) out = squeeze(out, {1});
  else if (inputs[1].rank() == 2) out = squeeze(out, {2});
  return {out};
}

Config Dot::get_config() const {
  Config c = Layer::get_config();
  // Keras keeps the axes as given: one int (the usual Dot(axes=1)) or a pair; negative axes stay
  // negative. A pair of equal axes reads back as the one axis.
  if (axes_[0] == axes_[1]) c["axes"] = axes_[0];
  else c["axes"] = ConfigValue::List{ConfigValue(axes_[0]), ConfigValue(axes_[1])};
  c["normalize"] = options_.normalize;
  return c;
}
Dot Dot::from_config(const Config& c) {
  DotOptions o;
  detail::read_common(c, o);
  if (auto it = c.find("normalize"); it != c.end()) o.normalize = it->second.get<bool>();
  const ConfigValue& axes = detail::config_at(c, "axes", "Dot");
  if (axes.holds<std::int64_t>()) return Dot({axes.get<std::int64_t>()}, o);
  std::vector<std::int64_t> pair;
  for (const ConfigValue& a : axes.get<ConfigValue::List>()) pair.push_back(a.get<std::int64_t>());
  return Dot(pair, o);
}

}  // namespace tf::keras::layers
