#include "graph/shape_value.h"

#include <algorithm>
#include <vector>

#include "core/tensor_impl.h"
#include "graph/tracer.h"
#include "ops/array/array_common.h"

namespace tf::graph {
namespace {

// Graph ops are reached through one trace; a chain of shape arithmetic deeper than this is not
// followed (TensorFlow's constant_value_as_shape follows a handful of ops, not whole graphs).
constexpr int kMaxDepth = 16;

class ShapeReader {
 public:
  explicit ShapeReader(const Graph& g) : g_(g) {}

  std::optional<TensorShape> vector(NodeOutput out, int depth) const {
    const Node& n = g_.node(out.node);
    if (depth > kMaxDepth) return unknown_dims(n.outputs[out.index].shape);
    if (n.kind == NodeKind::kConst) return from_values(n.value);
    if (n.kind != NodeKind::kOp) return unknown_dims(n.outputs[out.index].shape);
    const std::string& op = n.op->name;
    if (op == "Shape") return g_.info(n.inputs[0]).shape;
    if (op == "Cast") return vector(n.inputs[0], depth + 1);
    if (op == "Pack" && std::get<std::int64_t>(n.attrs[0]) == 0) {
      TensorShape s;
      for (const NodeOutput& in : n.inputs) s.append(scalar(in, depth + 1).value_or(None));
      return s;
    }
    if (op == "ConcatV2") {
      TensorShape s;
      for (std::size_t i = 0; i + 1 < n.inputs.size(); ++i) {
        const std::optional<TensorShape> part = vector(n.inputs[i], depth + 1);
        if (!part || part->has_unknown_rank()) return unknown_dims(n.outputs[0].shape);
        for (std::int64_t d : part->dims()) s.append(d);
      }
      return s;
    }
    if (op == "StridedSlice")
      if (std::optional<TensorShape> s = sliced_shape(n, false)) return s;
    return unknown_dims(n.outputs[out.index].shape);
  }

 private:
  // A scalar: a constant, or one dim of a Shape (nullopt when unknown).
  std::optional<std::int64_t> scalar(NodeOutput out, int depth) const {
    const Node& n = g_.node(out.node);
    if (n.kind == NodeKind::kConst) {
      if (!is_index_dtype(n.value.dtype()) || n.value.num_elements() != 1) return std::nullopt;
      const std::int64_t v = ops::array::int_values(n.value)[0];
      return v < 0 ? std::nullopt : std::optional(v);
    }
    if (n.kind != NodeKind::kOp || depth > kMaxDepth) return std::nullopt;
    if (n.op->name == "Cast") return scalar(n.inputs[0], depth + 1);
    if (n.op->name != "StridedSlice") return std::nullopt;
    const std::optional<TensorShape> dim = sliced_shape(n, true);
    if (!dim || dim->rank() != 1 || dim->dim(0) == None) return std::nullopt;
    return dim->dim(0);
  }

  // StridedSlice of a Shape with constant bounds and unit strides: the dims it keeps (one for
  // `shrink`, an index); nullopt for any other slice.
  std::optional<TensorShape> sliced_shape(const Node& n, bool shrink) const {
    const Node& source = g_.node(n.inputs[0].node);
    if (source.kind != NodeKind::kOp || source.op->name != "Shape") return std::nullopt;
    const TensorShape& shape = g_.info(source.inputs[0]).shape;
    if (shape.has_unknown_rank()) return std::nullopt;
    const auto mask = [&](std::size_t i) { return std::get<std::int64_t>(n.attrs[i]); };
    const std::int64_t begin_mask = mask(0), end_mask = mask(1), shrink_mask = mask(4);
    if (mask(2) != 0 || mask(3) != 0 || (shrink ? shrink_mask != 1 : shrink_mask != 0)) return std::nullopt;
    std::int64_t bounds[3];
    for (int i = 0; i < 3; ++i) {
      const Node& c = g_.node(n.inputs[i + 1].node);
      if (c.kind != NodeKind::kConst || !is_index_dtype(c.value.dtype()) || c.value.num_elements() != 1) return std::nullopt;
      bounds[i] = ops::array::int_values(c.value)[0];
    }
    if (bounds[2] != 1) return std::nullopt;
    const std::int64_t rank = shape.rank();
    const auto place = [&](std::int64_t v) { return std::clamp(v < 0 ? v + rank : v, std::int64_t{0}, rank); };
    if (shrink) {
      const std::int64_t i = bounds[0] < 0 ? bounds[0] + rank : bounds[0];
      if (i < 0 || i >= rank) return std::nullopt;
      return TensorShape({shape.dim(i)});
    }
    const std::int64_t begin = begin_mask & 1 ? 0 : place(bounds[0]), end = end_mask & 1 ? rank : place(bounds[1]);
    TensorShape s;
    for (std::int64_t i = begin; i < end; ++i) s.append(shape.dim(i));
    return s;
  }

  // A constant shape: -1 (or any negative value) is an unknown dim, as in TensorFlow.
  static std::optional<TensorShape> from_values(const Tensor& value) {
    if (!is_index_dtype(value.dtype()) || value.rank() != 1) return std::nullopt;
    TensorShape s;
    for (std::int64_t v : ops::array::int_values(value)) s.append(v < 0 ? None : v);
    return s;
  }

  // As many unknown dims as a vector of static shape `vector_shape` holds.
  static std::optional<TensorShape> unknown_dims(const TensorShape& vector_shape) {
    if (vector_shape.has_unknown_rank() || vector_shape.rank() != 1 || vector_shape.dim(0) == None) return std::nullopt;
    TensorShape s;
    for (std::int64_t i = 0; i < vector_shape.dim(0); ++i) s.append(None);
    return s;
  }

  const Graph& g_;
};

}  // namespace

std::optional<TensorShape> shape_value(const Tensor& t) {
  Tracer* tracer = Tracer::current();
  if (!t.is_symbolic() || !tracer || t.impl()->symbolic->graph_id != tracer->graph().id()) return std::nullopt;
  const auto& value = *t.impl()->symbolic;
  const std::optional<TensorShape> s = ShapeReader(tracer->graph()).vector({value.node, value.index}, 0);
  if (s && s->has_unknown_rank()) return std::nullopt;  // a Shape of an input of unknown rank
  return s;
}

}  // namespace tf::graph
