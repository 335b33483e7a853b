// Case functions for reductions, scans, arg-reductions, sorting, matrix products, segment
// reductions, add_n and the composite reductions.
#include "conformance/case_functions.h"
#include "tfpp/add_n.h"
#include "tfpp/counting_ops.h"
#include "tfpp/l2_normalize.h"
#include "tfpp/segment_ops.h"
#include "tfpp/statistics_ops.h"
#include "tfpp/tfpp.h"

namespace tf::conformance {
namespace {

using Inputs = std::vector<Tensor>;
using Outputs = std::vector<Tensor>;
using Reduce = Tensor (*)(const Tensor&, const Axes&, const ReduceOptions&);
using ReduceAll = Tensor (*)(const Tensor&, const ReduceOptions&);

CaseFn reduction(Reduce with_axis, ReduceAll over_all) {
  return [with_axis, over_all](const Inputs& in, const Attrs& a) {
    const ReduceOptions options{.keepdims = a.b("keepdims")};
    if (!a.has("axis")) return Outputs{over_all(in.at(0), options)};
    return Outputs{with_axis(in.at(0), Axes(a.ints("axis")), options)};
  };
}

using Segment = Tensor (*)(const Tensor&, const IntArray&);
using UnsortedSegment = Tensor (*)(const Tensor&, const IntArray&, const Tensor&);

void add_segment_functions(CaseFunctions& t) {
  const std::pair<const char*, Segment> sorted[] = {
      {"sum", math::segment_sum}, {"mean", math::segment_mean}, {"max", math::segment_max},
      {"min", math::segment_min}, {"prod", math::segment_prod}};
  for (const auto& [name, fn] : sorted)
    t[std::string("tf.math.segment_") + name] = [fn](const Inputs& in, const Attrs&) { return Outputs{fn(in.at(0), in.at(1))}; };
  const std::pair<const char*, UnsortedSegment> unsorted[] = {
      {"sum", math::unsorted_segment_sum},   {"mean", math::unsorted_segment_mean},
      {"max", math::unsorted_segment_max},   {"min", math::unsorted_segment_min},
      {"prod", math::unsorted_segment_prod}, {"sqrt_n", math::unsorted_segment_sqrt_n}};
  for (const auto& [name, fn] : unsorted)
    t[std::string("tf.math.unsorted_segment_") + name] = [fn](const Inputs& in, const Attrs&) {
      return Outputs{fn(in.at(0), in.at(1), in.at(2))};
    };
}

void add_statistics_functions(CaseFunctions& t) {
  t["tf.math.reduce_logsumexp"] = reduction(math::reduce_logsumexp, math::reduce_logsumexp);
  t["tf.math.reduce_variance"] = reduction(math::reduce_variance, math::reduce_variance);
  t["tf.math.reduce_std"] = reduction(math::reduce_std, math::reduce_std);
  t["tf.math.reduce_euclidean_norm"] = reduction(math::reduce_euclidean_norm, math::reduce_euclidean_norm);
  t["tf.math.count_nonzero"] = [](const Inputs& in, const Attrs& a) {
    const ReduceOptions options{.keepdims = a.b("keepdims")};
    const DType dtype = a.d("dtype", int64);
    if (!a.has("axis")) return Outputs{math::count_nonzero(in.at(0), options, dtype)};
    return Outputs{math::count_nonzero(in.at(0), Axes(a.ints("axis")), options, dtype)};
  };
  t["tf.math.zero_fraction"] = [](const Inputs& in, const Attrs&) { return Outputs{math::zero_fraction(in.at(0))}; };
  t["tf.math.add_n"] = [](const Inputs& in, const Attrs&) { return Outputs{add_n(in)}; };
  t["tf.math.l2_normalize"] = [](const Inputs& in, const Attrs& a) {
    const math::L2NormalizeOptions options{.epsilon = a.f("epsilon", 1e-12)};
    if (!a.has("axis")) return Outputs{math::l2_normalize(in.at(0), options)};
    return Outputs{math::l2_normalize(in.at(0), Axes(a.ints("axis")), options)};
  };
}

void add_counting_functions(CaseFunctions& t) {
  const auto optional_int = [](const Attrs& a, const std::string& name) {
    return a.has(name) ? std::optional<std::int64_t>(a.i(name)) : std::nullopt;
  };
  t["tf.math.bincount"] = [optional_int](const Inputs& in, const Attrs& a) {
    return Outputs{math::bincount(in.at(0), {.weights = in.size() > 1 ? in[1] : Tensor(), .minlength = optional_int(a, "minlength"),
                                             .maxlength = optional_int(a, "maxlength"), .dtype = a.d("dtype", int32),
                                             .axis = static_cast<int>(a.i("axis", 0)), .binary_output = a.b("binary_output")})};
  };
  t["tf.math.confusion_matrix"] = [optional_int](const Inputs& in, const Attrs& a) {
    return Outputs{math::confusion_matrix(in.at(0), in.at(1), {.num_classes = optional_int(a, "num_classes"),
                                                               .weights = in.size() > 2 ? in[2] : Tensor(),
                                                               .dtype = a.d("dtype", int32)})};
  };
  t["tf.math.in_top_k"] = [](const Inputs& in, const Attrs& a) { return Outputs{math::in_top_k(in.at(0), in.at(1), a.i("k"))}; };
  t["tf.math.cumulative_logsumexp"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{math::cumulative_logsumexp(in.at(0), a.i("axis"), {.exclusive = a.b("exclusive"), .reverse = a.b("reverse")})};
  };
}

}  // namespace

void add_reduce_functions(CaseFunctions& t) {
  t["tf.math.reduce_sum"] = reduction(reduce_sum, reduce_sum);
  t["tf.math.reduce_mean"] = reduction(reduce_mean, reduce_mean);
  t["tf.math.reduce_max"] = reduction(reduce_max, reduce_max);
  t["tf.math.reduce_min"] = reduction(reduce_min, reduce_min);
  t["tf.math.reduce_prod"] = reduction(reduce_prod, reduce_prod);
  t["tf.math.reduce_any"] = reduction(reduce_any, reduce_any);
  t["tf.math.reduce_all"] = reduction(reduce_all, reduce_all);
  t["tf.math.argmax"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{argmax(in.at(0), a.i("axis"), a.d("output_type", int64))};
  };
  t["tf.math.argmin"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{argmin(in.at(0), a.i("axis"), a.d("output_type", int64))};
  };
  t["tf.math.cumsum"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{cumsum(in.at(0), a.i("axis"), {.exclusive = a.b("exclusive"), .reverse = a.b("reverse")})};
  };
  t["tf.math.cumprod"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{math::cumprod(in.at(0), a.i("axis"), {.exclusive = a.b("exclusive"), .reverse = a.b("reverse")})};
  };
  t["tf.sort"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{sort(in.at(0), a.i("axis", -1), a.s("direction", "ASCENDING"))};
  };
  t["tf.argsort"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{argsort(in.at(0), a.i("axis", -1), a.s("direction", "ASCENDING"))};
  };
  t["tf.math.top_k"] = [](const Inputs& in, const Attrs& a) {
    math::TopK r = math::top_k(in.at(0), a.i("k", 1), a.b("sorted", true));
    return Outputs{r.values, r.indices};
  };
  t["tf.linalg.matmul"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{matmul(in.at(0), in.at(1), {.transpose_a = a.b("transpose_a"), .transpose_b = a.b("transpose_b")})};
  };
  t["tf.tensordot"] = [](const Inputs& in, const Attrs& a) {
    if (a.kind("axes") == 'i') return Outputs{tensordot(in.at(0), in.at(1), a.i("axes"))};
    const std::vector<std::int64_t> flat = a.ints("axes");  // [[a axes], [b axes]] flattened
    const auto half = flat.begin() + static_cast<std::ptrdiff_t>(flat.size() / 2);
    return Outputs{tensordot(in.at(0), in.at(1), TensordotAxes{{flat.begin(), half}, {half, flat.end()}})};
  };
  t["tf.einsum"] = [](const Inputs& in, const Attrs& a) { return Outputs{einsum(a.s("equation"), in)}; };
  add_segment_functions(t);
  add_statistics_functions(t);
  add_counting_functions(t);
}

}  // namespace tf::conformance
