// Case functions for shapes, slicing, gather/scatter, padding, tiling and constructors.
#include "conformance/case_functions.h"
#include "tfpp/broadcast_ops.h"
#include "tfpp/index_ops.h"
#include "tfpp/matrix_ops.h"
#include "tfpp/norm_ops.h"
#include "tfpp/scatter_ops.h"
#include "tfpp/search_ops.h"
#include "tfpp/sequence_ops.h"
#include "tfpp/tfpp.h"
#include "tfpp/unique_ops.h"

namespace tf::conformance {
namespace {

using Inputs = std::vector<Tensor>;
using Outputs = std::vector<Tensor>;

// An attribute that TensorFlow accepts as "a list or a tensor" of integers.
IntArray int_array(const Attrs& a, const std::string& name) { return IntArray(a.ints(name)); }

// An optional list of axes (absent: all).
std::optional<std::vector<std::int64_t>> optional_ints(const Attrs& a, const std::string& name) {
  if (!a.has(name)) return std::nullopt;
  return a.ints(name);
}

// broadcast_to, meshgrid, roll, reverse_sequence, repeat, sequence_mask, unique, searchsorted,
// monotonic checks, tensor scatters, invert_permutation, unravel_index.
void add_everyday_functions(CaseFunctions& t) {
  t["tf.broadcast_to"] = [](const Inputs& in, const Attrs& a) { return Outputs{broadcast_to(in.at(0), int_array(a, "shape"))}; };
  t["tf.meshgrid"] = [](const Inputs& in, const Attrs& a) { return meshgrid(in, a.s("indexing", "xy")); };
  t["tf.roll"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{roll(in.at(0), int_array(a, "shift"), int_array(a, "axis"))};
  };
  t["tf.reverse_sequence"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{reverse_sequence(in.at(0), IntArray(in.at(1)), a.i("seq_axis"), a.i("batch_axis"))};
  };
  t["tf.repeat"] = [](const Inputs& in, const Attrs& a) {
    const std::optional<std::int64_t> axis = a.has("axis") ? std::optional(a.i("axis")) : std::nullopt;
    if (a.kind("repeats") == 'i') return Outputs{repeat(in.at(0), a.i("repeats"), axis)};
    return Outputs{repeat(in.at(0), int_array(a, "repeats"), axis)};
  };
  t["tf.sequence_mask"] = [](const Inputs& in, const Attrs& a) {
    const std::optional<Tensor> maxlen = a.has("maxlen") ? std::optional(constant(static_cast<std::int32_t>(a.i("maxlen"))))
                                                         : std::nullopt;
    return Outputs{sequence_mask(in.at(0), maxlen, a.d("dtype", bool_))};
  };
  t["tf.unique"] = [](const Inputs& in, const Attrs& a) {
    const UniqueResult r = unique(in.at(0), a.d("out_idx", int32));
    return Outputs{r.y, r.idx};
  };
  t["tf.unique_with_counts"] = [](const Inputs& in, const Attrs& a) {
    const UniqueWithCountsResult r = unique_with_counts(in.at(0), a.d("out_idx", int32));
    return Outputs{r.y, r.idx, r.count};
  };
  t["tf.searchsorted"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{searchsorted(in.at(0), in.at(1), a.s("side", "left"), a.d("out_type", int32))};
  };
  t["tf.math.is_non_decreasing"] = [](const Inputs& in, const Attrs&) { return Outputs{math::is_non_decreasing(in.at(0))}; };
  t["tf.math.is_strictly_increasing"] = [](const Inputs& in, const Attrs&) {
    return Outputs{math::is_strictly_increasing(in.at(0))};
  };
  using Scatter = Tensor (*)(const Tensor&, const IntArray&, const Tensor&);
  for (const auto& [name, fn] : {std::pair<const char*, Scatter>{"update", tensor_scatter_nd_update},
                                 {"add", tensor_scatter_nd_add}, {"sub", tensor_scatter_nd_sub},
                                 {"max", tensor_scatter_nd_max}, {"min", tensor_scatter_nd_min}}) {
    t[std::string("tf.tensor_scatter_nd_") + name] = [fn](const Inputs& in, const Attrs&) {
      return Outputs{fn(in.at(0), IntArray(in.at(1)), in.at(2))};
    };
  }
  t["tf.math.invert_permutation"] = [](const Inputs& in, const Attrs&) { return Outputs{math::invert_permutation(in.at(0))}; };
  t["tf.unravel_index"] = [](const Inputs& in, const Attrs& a) { return Outputs{unravel_index(in.at(0), int_array(a, "dims"))}; };
}

// tf.linalg's matrix structure functions, the norms and the norm clipping.
void add_matrix_norm_functions(CaseFunctions& t) {
  t["tf.linalg.band_part"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{linalg::band_part(in.at(0), a.i("num_lower"), a.i("num_upper"))};
  };
  t["tf.linalg.diag"] = [](const Inputs& in, const Attrs&) { return Outputs{linalg::diag(in.at(0))}; };
  t["tf.linalg.diag_part"] = [](const Inputs& in, const Attrs&) { return Outputs{linalg::diag_part(in.at(0))}; };
  t["tf.linalg.set_diag"] = [](const Inputs& in, const Attrs&) { return Outputs{linalg::set_diag(in.at(0), in.at(1))}; };
  t["tf.linalg.trace"] = [](const Inputs& in, const Attrs&) { return Outputs{linalg::trace(in.at(0))}; };
  t["tf.linalg.matrix_transpose"] = [](const Inputs& in, const Attrs&) { return Outputs{linalg::matrix_transpose(in.at(0))}; };
  t["tf.linalg.adjoint"] = [](const Inputs& in, const Attrs&) { return Outputs{linalg::adjoint(in.at(0))}; };
  t["tf.norm"] = [](const Inputs& in, const Attrs& a) {
    const std::string ord = a.kind("ord") == 's' ? a.s("ord") : "euclidean";
    return Outputs{norm(in.at(0), {.ord = a.has("ord") && a.kind("ord") != 's' ? NormOrder(a.f("ord")) : NormOrder(ord.c_str()),
                                   .axis = optional_ints(a, "axis"),
                                   .keepdims = a.b("keepdims")})};
  };
  t["tf.clip_by_norm"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{clip_by_norm(in.at(0), a.f("clip_norm"), optional_ints(a, "axes"))};
  };
  t["tf.clip_by_global_norm"] = [](const Inputs& in, const Attrs& a) {
    auto [clipped, global] = clip_by_global_norm(in, a.f("clip_norm"));
    clipped.push_back(global);
    return clipped;
  };
  t["tf.linalg.global_norm"] = [](const Inputs& in, const Attrs&) { return Outputs{linalg::global_norm(in)}; };
}

}  // namespace

void add_array_functions(CaseFunctions& t) {
  add_everyday_functions(t);
  add_matrix_norm_functions(t);
  t["tf.reshape"] = [](const Inputs& in, const Attrs& a) { return Outputs{reshape(in.at(0), int_array(a, "shape"))}; };
  t["tf.squeeze"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{squeeze(in.at(0), a.has("axis") ? a.ints("axis") : std::vector<std::int64_t>{})};
  };
  t["tf.expand_dims"] = [](const Inputs& in, const Attrs& a) { return Outputs{expand_dims(in.at(0), a.i("axis"))}; };
  t["tf.transpose"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{a.has("perm") ? transpose(in.at(0), int_array(a, "perm")) : transpose(in.at(0))};
  };
  t["tf.concat"] = [](const Inputs& in, const Attrs& a) { return Outputs{concat(in, a.i("axis"))}; };
  t["tf.stack"] = [](const Inputs& in, const Attrs& a) { return Outputs{stack(in, a.i("axis"))}; };
  t["tf.unstack"] = [](const Inputs& in, const Attrs& a) { return unstack(in.at(0), a.i("axis")); };
  t["tf.split"] = [](const Inputs& in, const Attrs& a) {
    if (a.kind("num_or_size_splits") == 'i') return split(in.at(0), a.i("num_or_size_splits"), a.i("axis"));
    return split(in.at(0), int_array(a, "num_or_size_splits"), a.i("axis"));
  };
  t["tf.tile"] = [](const Inputs& in, const Attrs& a) { return Outputs{tile(in.at(0), int_array(a, "multiples"))}; };
  t["tf.pad"] = [](const Inputs& in, const Attrs& a) {
    const std::vector<std::int64_t> flat = a.ints("paddings");
    std::vector<std::array<std::int64_t, 2>> pairs;
    for (std::size_t k = 0; k + 1 < flat.size(); k += 2) pairs.push_back({flat[k], flat[k + 1]});
    return Outputs{pad(in.at(0), pairs, {.mode = a.s("mode", "CONSTANT"), .constant_values = a.f("constant_values", 0)})};
  };
  t["tf.slice"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{slice(in.at(0), int_array(a, "begin"), int_array(a, "size"))};
  };
  t["tf.strided_slice"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{strided_slice(in.at(0), int_array(a, "begin"), int_array(a, "end"),
                                 a.has("strides") ? int_array(a, "strides") : IntArray(),
                                 {.begin_mask = a.i("begin_mask"),
                                  .end_mask = a.i("end_mask"),
                                  .ellipsis_mask = a.i("ellipsis_mask"),
                                  .new_axis_mask = a.i("new_axis_mask"),
                                  .shrink_axis_mask = a.i("shrink_axis_mask")})};
  };
  t["tf.gather"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{gather(in.at(0), IntArray(in.at(1)), {.axis = a.i("axis"), .batch_dims = a.i("batch_dims")})};
  };
  t["tf.gather_nd"] = [](const Inputs& in, const Attrs&) { return Outputs{gather_nd(in.at(0), IntArray(in.at(1)))}; };
  t["tf.scatter_nd"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{scatter_nd(IntArray(in.at(0)), in.at(1), int_array(a, "shape"))};
  };
  t["tf.boolean_mask"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{boolean_mask(in.at(0), in.at(1), a.i("axis"))};
  };
  t["tf.reverse"] = [](const Inputs& in, const Attrs& a) { return Outputs{reverse(in.at(0), int_array(a, "axis"))}; };
  t["tf.one_hot"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{one_hot(IntArray(in.at(0)), a.i("depth"),
                           {.on_value = a.f("on_value", 1), .off_value = a.f("off_value", 0), .axis = a.i("axis", -1),
                            .dtype = a.d("dtype", float32)})};
  };
  t["tf.range"] = [](const Inputs&, const Attrs& a) {
    return Outputs{range(a.f("start"), a.f("limit"), a.f("delta", 1), a.d("dtype", float32))};
  };
  t["tf.linspace"] = [](const Inputs& in, const Attrs& a) { return Outputs{linspace(in.at(0), in.at(1), a.i("num"))}; };
  t["tf.shape"] = [](const Inputs& in, const Attrs& a) { return Outputs{shape(in.at(0), a.d("out_type", int32))}; };
  t["tf.size"] = [](const Inputs& in, const Attrs& a) { return Outputs{size(in.at(0), a.d("out_type", int32))}; };
  t["tf.rank"] = [](const Inputs& in, const Attrs&) { return Outputs{rank(in.at(0))}; };
  t["tf.identity"] = [](const Inputs& in, const Attrs&) { return Outputs{identity(in.at(0))}; };
  t["tf.zeros"] = [](const Inputs&, const Attrs& a) {
    const auto dims = a.ints("shape");
    return Outputs{zeros(TensorShape(std::span<const std::int64_t>(dims)), a.d("dtype", float32))};
  };
  t["tf.ones"] = [](const Inputs&, const Attrs& a) {
    const auto dims = a.ints("shape");
    return Outputs{ones(TensorShape(std::span<const std::int64_t>(dims)), a.d("dtype", float32))};
  };
  t["tf.fill"] = [](const Inputs& in, const Attrs& a) {
    const auto dims = a.ints("dims");
    return Outputs{fill(TensorShape(std::span<const std::int64_t>(dims)), in.at(0))};
  };
  t["tf.zeros_like"] = [](const Inputs& in, const Attrs&) { return Outputs{zeros_like(in.at(0))}; };
  t["tf.ones_like"] = [](const Inputs& in, const Attrs&) { return Outputs{ones_like(in.at(0))}; };
  t["tf.eye"] = [](const Inputs&, const Attrs& a) {
    return Outputs{eye(a.i("num_rows"), a.i("num_columns", -1), a.d("dtype", float32))};
  };
}

}  // namespace tf::conformance
