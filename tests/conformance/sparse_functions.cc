// Case functions for tf.sparse and tf.sets: SparseTensors arrive as their three components and
// leave as them (cases_sparse.py's adapters do the same on TensorFlow's side).
#include "conformance/case_functions.h"
#include "tfpp/set_ops.h"
#include "tfpp/sparse_ops.h"
#include "tfpp/tfpp.h"

namespace tf::conformance {
namespace {

using Inputs = std::vector<Tensor>;
using Outputs = std::vector<Tensor>;

SparseTensor sparse_at(const Inputs& in, std::size_t first) { return {in.at(first), in.at(first + 1), in.at(first + 2)}; }
Outputs parts(const SparseTensor& sp) { return {sp.indices, sp.values, sp.dense_shape}; }

std::vector<std::int64_t> axes(const Attrs& a) { return a.has("axis") ? a.ints("axis") : std::vector<std::int64_t>{}; }

void add_value_functions(CaseFunctions& t) {
  t["sparse.to_dense"] = [](const Inputs& in, const Attrs& a) {
    const Tensor fill = in.size() > 3 ? in[3] : Tensor();
    return Outputs{sparse::to_dense(sparse_at(in, 0), {.default_value = fill, .validate_indices = a.b("validate_indices", true)})};
  };
  t["sparse.reorder"] = [](const Inputs& in, const Attrs&) { return parts(sparse::reorder(sparse_at(in, 0))); };
  t["sparse.add"] = [](const Inputs& in, const Attrs& a) {
    const Tensor threshold = a.has("threshold") ? cast(constant(a.f("threshold")), in[1].dtype()) : Tensor();
    return parts(sparse::add(sparse_at(in, 0), sparse_at(in, 3), threshold));
  };
  t["sparse.add_dense"] = [](const Inputs& in, const Attrs&) { return Outputs{sparse::add(sparse_at(in, 0), in.at(3))}; };
  t["sparse.sparse_dense_matmul"] = [](const Inputs& in, const Attrs& a) {
    return Outputs{sparse::sparse_dense_matmul(sparse_at(in, 0), in.at(3),
                                               {.adjoint_a = a.b("adjoint_a"), .adjoint_b = a.b("adjoint_b")})};
  };
  t["sparse.reduce_sum"] = [](const Inputs& in, const Attrs& a) {
    if (a.b("output_is_sparse")) return parts(sparse::reduce_sum_sparse(sparse_at(in, 0), axes(a), {.keepdims = a.b("keepdims")}));
    return Outputs{sparse::reduce_sum(sparse_at(in, 0), axes(a), {.keepdims = a.b("keepdims")})};
  };
  t["sparse.reduce_max"] = [](const Inputs& in, const Attrs& a) {
    if (a.b("output_is_sparse")) return parts(sparse::reduce_max_sparse(sparse_at(in, 0), axes(a), {.keepdims = a.b("keepdims")}));
    return Outputs{sparse::reduce_max(sparse_at(in, 0), axes(a), {.keepdims = a.b("keepdims")})};
  };
  t["sparse.softmax"] = [](const Inputs& in, const Attrs&) { return parts(sparse::softmax(sparse_at(in, 0))); };
  t["sparse.slice"] = [](const Inputs& in, const Attrs& a) {
    return parts(sparse::slice(sparse_at(in, 0), a.ints("start"), a.ints("size")));
  };
  t["sparse.reshape"] = [](const Inputs& in, const Attrs& a) { return parts(sparse::reshape(sparse_at(in, 0), a.ints("shape"))); };
  t["sparse.transpose"] = [](const Inputs& in, const Attrs&) { return parts(sparse::transpose(sparse_at(in, 0))); };
  t["sparse.maximum"] = [](const Inputs& in, const Attrs&) { return parts(sparse::maximum(sparse_at(in, 0), sparse_at(in, 3))); };
  t["sparse.minimum"] = [](const Inputs& in, const Attrs&) { return parts(sparse::minimum(sparse_at(in, 0), sparse_at(in, 3))); };
  t["sparse.concat"] = [](const Inputs& in, const Attrs& a) {
    return parts(sparse::concat(a.i("axis"), {sparse_at(in, 0), sparse_at(in, 3)}));
  };
  t["sparse.fill_empty_rows"] = [](const Inputs& in, const Attrs&) {
    const sparse::FillEmptyRowsResult r = sparse::fill_empty_rows(sparse_at(in, 0), in.at(3));
    Outputs out = parts(r.output);
    out.push_back(r.empty_row_indicator);
    return out;
  };
  t["sparse.split"] = [](const Inputs& in, const Attrs& a) {
    Outputs out;
    for (const SparseTensor& piece : sparse::split(sparse_at(in, 0), a.i("num_split"), a.i("axis")))
      for (const Tensor& part : parts(piece)) out.push_back(part);
    return out;
  };
  t["sparse.times"] = [](const Inputs& in, const Attrs&) { return Outputs{sparse::multiply(sparse_at(in, 0), in.at(3)).values}; };
  t["sparse.divided"] = [](const Inputs& in, const Attrs&) { return Outputs{sparse::divide(sparse_at(in, 0), in.at(3)).values}; };
  const std::pair<const char*, Tensor (*)(const Tensor&, const IntArray&, const IntArray&, const sparse::SegmentOptions&)>
      segments[] = {{"sum", sparse::segment_sum}, {"mean", sparse::segment_mean}, {"sqrt_n", sparse::segment_sqrt_n}};
  for (const auto& [name, fn] : segments)
    t[std::string("tf.sparse.segment_") + name] = [fn](const Inputs& in, const Attrs& a) {
      sparse::SegmentOptions options;
      if (a.has("num_segments")) options.num_segments = a.i("num_segments");
      return Outputs{fn(in.at(0), in.at(1), in.at(2), options)};
    };
}

void add_set_functions(CaseFunctions& t) {
  t["sets.intersection"] = [](const Inputs& in, const Attrs&) { return parts(sets::intersection(in.at(0), in.at(1))); };
  t["sets.union"] = [](const Inputs& in, const Attrs&) { return parts(sets::set_union(in.at(0), in.at(1))); };
  t["sets.difference"] = [](const Inputs& in, const Attrs& a) {
    return parts(sets::difference(in.at(0), in.at(1), a.b("aminusb", true)));
  };
  t["sets.size"] = [](const Inputs& in, const Attrs&) { return Outputs{sets::size(sparse_at(in, 0))}; };
}

}  // namespace

void add_sparse_functions(CaseFunctions& table) {
  add_value_functions(table);
  add_set_functions(table);
}

}  // namespace tf::conformance
