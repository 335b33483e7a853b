// tf.sparse's ops for Python: python/tfpp/sparse_ops.py passes each SparseTensor's components and
// builds SparseTensors from the results (include/tfpp/sparse_ops.h).
#include <nanobind/stl/string.h>

#include "bindings.h"
#include "tfpp/set_ops.h"
#include "tfpp/sparse_ops.h"

namespace tfpp_python {

using namespace nb::literals;

namespace {

tf::SparseTensor sparse_of(nb::handle indices, nb::handle values, nb::handle dense_shape) {
  return {to_tensor(indices, tf::int64), to_tensor(values), to_tensor(dense_shape, tf::int64)};
}

nb::tuple parts(const tf::SparseTensor& sp) { return nb::make_tuple(sp.indices, sp.values, sp.dense_shape); }

// tf.sets' operation on a and b, each a dense tensor or a SparseTensor's (indices, values, dense_shape).
tf::SparseTensor set_operation(const std::string& op, nb::handle a, nb::handle b, const tf::sets::SetOptions& options) {
  const bool a_sparse = nb::isinstance<nb::tuple>(a), b_sparse = nb::isinstance<nb::tuple>(b);
  const auto run = [&](auto&& x, auto&& y) {
    if (op == "intersection") return tf::sets::intersection(x, y, options);
    if (op == "union") return tf::sets::set_union(x, y, options);
    return tf::sets::difference(x, y, op == "a-b", options);
  };
  if (a_sparse && b_sparse) return run(sparse_of(a[0], a[1], a[2]), sparse_of(b[0], b[1], b[2]));
  if (b_sparse) return run(to_tensor(a), sparse_of(b[0], b[1], b[2]));
  return run(to_tensor(a), to_tensor(b));
}

}  // namespace

void bind_sparse_ops(nb::module_& m) {
  m.def("_sparse_to_dense", [](nb::handle i, nb::handle v, nb::handle s, nb::handle fill, bool validate, nb::handle name) {
    NodeName named(name);
    tf::SparseTensor sp = sparse_of(i, v, s);
    tf::Tensor default_value = fill.is_none() ? tf::Tensor() : operand_like(fill, sp.values);
    return tf::sparse::to_dense(sp, {.default_value = default_value, .validate_indices = validate});
  }, "indices"_a, "values"_a, "dense_shape"_a, nb::arg("default_value").none(), "validate_indices"_a, "name"_a = nb::none());
  m.def("_sparse_reorder", [](nb::handle i, nb::handle v, nb::handle s, nb::handle name) {
    NodeName named(name);
    return parts(tf::sparse::reorder(sparse_of(i, v, s)));
  }, "indices"_a, "values"_a, "dense_shape"_a, "name"_a = nb::none());
  m.def("_sparse_add", [](nb::handle ai, nb::handle av, nb::handle as, nb::handle bi, nb::handle bv, nb::handle bs,
                          nb::handle threshold, nb::handle name) {
    NodeName named(name);
    tf::SparseTensor a = sparse_of(ai, av, as);
    return parts(tf::sparse::add(a, sparse_of(bi, bv, bs), operand_like(threshold, a.values)));
  }, "a_indices"_a, "a_values"_a, "a_shape"_a, "b_indices"_a, "b_values"_a, "b_shape"_a, "threshold"_a,
     "name"_a = nb::none());
  m.def("_sparse_dense_add", [](nb::handle i, nb::handle v, nb::handle s, nb::handle b, nb::handle name) {
    NodeName named(name);
    tf::SparseTensor a = sparse_of(i, v, s);
    return tf::sparse::add(a, operand_like(b, a.values));
  }, "indices"_a, "values"_a, "dense_shape"_a, "b"_a, "name"_a = nb::none());
  m.def("_sparse_dense_matmul", [](nb::handle i, nb::handle v, nb::handle s, nb::handle b, bool adjoint_a,
                                   bool adjoint_b, nb::handle name) {
    NodeName named(name);
    tf::SparseTensor a = sparse_of(i, v, s);
    return tf::sparse::sparse_dense_matmul(a, operand_like(b, a.values), {.adjoint_a = adjoint_a, .adjoint_b = adjoint_b});
  }, "indices"_a, "values"_a, "dense_shape"_a, "b"_a, "adjoint_a"_a, "adjoint_b"_a, "name"_a = nb::none());
  m.def("_sparse_reduce", [](bool max, bool sparse_output, nb::handle i, nb::handle v, nb::handle s, nb::handle axis,
                             bool keepdims, nb::handle name) -> nb::object {
    NodeName named(name);
    tf::SparseTensor sp = sparse_of(i, v, s);
    const std::vector<std::int64_t> axes = axis.is_none() ? std::vector<std::int64_t>{} : int_list(axis);
    if (sparse_output)
      return parts(max ? tf::sparse::reduce_max_sparse(sp, axes, {.keepdims = keepdims})
                       : tf::sparse::reduce_sum_sparse(sp, axes, {.keepdims = keepdims}));
    return nb::cast(max ? tf::sparse::reduce_max(sp, axes, {.keepdims = keepdims})
                        : tf::sparse::reduce_sum(sp, axes, {.keepdims = keepdims}));
  }, "max"_a, "sparse_output"_a, "indices"_a, "values"_a, "dense_shape"_a, nb::arg("axis").none(), "keepdims"_a,
     "name"_a = nb::none());
  m.def("_sparse_concat", [](std::int64_t axis, nb::list inputs, nb::handle name) {
    NodeName named(name);
    std::vector<tf::SparseTensor> sparse;
    for (nb::handle part : inputs) sparse.push_back(sparse_of(part[0], part[1], part[2]));
    return parts(tf::sparse::concat(axis, sparse));
  }, "axis"_a, "inputs"_a, "name"_a = nb::none());
  m.def("_sparse_slice", [](nb::handle i, nb::handle v, nb::handle s, nb::handle start, nb::handle size,
                            nb::handle name) {
    NodeName named(name);
    return parts(tf::sparse::slice(sparse_of(i, v, s), int_list(start), int_list(size)));
  }, "indices"_a, "values"_a, "dense_shape"_a, "start"_a, "size"_a, "name"_a = nb::none());
  m.def("_sparse_reshape", [](nb::handle i, nb::handle v, nb::handle s, nb::handle shape, nb::handle name) {
    NodeName named(name);
    return parts(tf::sparse::reshape(sparse_of(i, v, s), int_list(shape)));
  }, "indices"_a, "values"_a, "dense_shape"_a, "shape"_a, "name"_a = nb::none());
  m.def("_sparse_fill_empty_rows", [](nb::handle i, nb::handle v, nb::handle s, nb::handle fill, nb::handle name) {
    NodeName named(name);
    tf::SparseTensor sp = sparse_of(i, v, s);
    tf::sparse::FillEmptyRowsResult r = tf::sparse::fill_empty_rows(sp, operand_like(fill, sp.values));
    return nb::make_tuple(parts(r.output), r.empty_row_indicator);
  }, "indices"_a, "values"_a, "dense_shape"_a, "default_value"_a, "name"_a = nb::none());
  m.def("_sparse_softmax", [](nb::handle i, nb::handle v, nb::handle s, nb::handle name) {
    NodeName named(name);
    return tf::sparse::softmax(sparse_of(i, v, s)).values;
  }, "indices"_a, "values"_a, "dense_shape"_a, "name"_a = nb::none());
  m.def("_sparse_minmax", [](bool max, nb::handle ai, nb::handle av, nb::handle as, nb::handle bi, nb::handle bv,
                             nb::handle bs, nb::handle name) {
    NodeName named(name);
    tf::SparseTensor a = sparse_of(ai, av, as), b = sparse_of(bi, bv, bs);
    return parts(max ? tf::sparse::maximum(a, b) : tf::sparse::minimum(a, b));
  }, "max"_a, "a_indices"_a, "a_values"_a, "a_shape"_a, "b_indices"_a, "b_values"_a, "b_shape"_a, "name"_a = nb::none());
  m.def("_sparse_dense_cwise", [](const std::string& op, nb::handle i, nb::handle v, nb::handle s, nb::handle dense,
                                  nb::handle name) {
    NodeName named(name);
    tf::SparseTensor sp = sparse_of(i, v, s);
    tf::Tensor d = operand_like(dense, sp.values);
    if (op == "mul") return tf::sparse::multiply(sp, d).values;
    if (op == "div") return tf::sparse::divide(sp, d).values;
    return tf::sparse::add_dense_at_indices(sp, d).values;
  }, "op"_a, "indices"_a, "values"_a, "dense_shape"_a, "dense"_a, "name"_a = nb::none());
  m.def("_sparse_segment", [](const std::string& kind, nb::handle data, nb::handle indices, nb::handle ids,
                              nb::handle num_segments, nb::handle name) {
    NodeName named(name);
    tf::sparse::SegmentOptions options;
    if (!num_segments.is_none()) options.num_segments = nb::cast<std::int64_t>(num_segments);
    tf::Tensor x = to_tensor(data);
    tf::Tensor idx = to_tensor(indices), seg = to_tensor(ids);
    if (kind == "mean") return tf::sparse::segment_mean(x, idx, seg, options);
    if (kind == "sqrt_n") return tf::sparse::segment_sqrt_n(x, idx, seg, options);
    return tf::sparse::segment_sum(x, idx, seg, options);
  }, "kind"_a, "data"_a, "indices"_a, "segment_ids"_a, nb::arg("num_segments").none(), "name"_a = nb::none());
  m.def("_set_size", [](nb::handle i, nb::handle v, nb::handle s, bool validate) {
    return tf::sets::size(sparse_of(i, v, s), {.validate_indices = validate});
  }, "indices"_a, "values"_a, "dense_shape"_a, "validate_indices"_a);
  m.def("_set_operation", [](const std::string& op, nb::handle a, nb::handle b, bool validate) {
    return parts(set_operation(op, a, b, {.validate_indices = validate}));
  }, "op"_a, "a"_a, "b"_a, "validate_indices"_a);
  m.def("_sparse_split", [](nb::handle i, nb::handle v, nb::handle s, std::int64_t num_split, std::int64_t axis,
                            nb::handle name) {
    NodeName named(name);
    nb::list pieces;
    for (const tf::SparseTensor& piece : tf::sparse::split(sparse_of(i, v, s), num_split, axis)) pieces.append(parts(piece));
    return pieces;
  }, "indices"_a, "values"_a, "dense_shape"_a, "num_split"_a, "axis"_a, "name"_a = nb::none());
  m.def("_sparse_transpose", [](nb::handle i, nb::handle v, nb::handle s, nb::handle perm, nb::handle name) {
    NodeName named(name);
    return parts(tf::sparse::transpose(sparse_of(i, v, s), perm.is_none() ? std::vector<std::int64_t>{} : int_list(perm)));
  }, "indices"_a, "values"_a, "dense_shape"_a, nb::arg("perm").none(), "name"_a = nb::none());
  m.def("_sparse_expand_dims", [](nb::handle i, nb::handle v, nb::handle s, std::int64_t axis, nb::handle name) {
    NodeName named(name);
    return parts(tf::sparse::expand_dims(sparse_of(i, v, s), axis));
  }, "indices"_a, "values"_a, "dense_shape"_a, "axis"_a, "name"_a = nb::none());
  m.def("_sparse_bincount", [](nb::handle values, nb::handle weights, std::int64_t minlength, std::int64_t maxlength,
                               bool binary_output, nb::handle name) {
    NodeName named(name);
    tf::sparse::BincountOptions options{.minlength = minlength, .maxlength = maxlength, .binary_output = binary_output};
    if (!weights.is_none()) options.weights = to_tensor(weights);
    if (nb::isinstance<nb::tuple>(values))
      return parts(tf::sparse::bincount(sparse_of(values[0], values[1], values[2]), options));
    return parts(tf::sparse::bincount(to_tensor(values), options));
  }, "values"_a, nb::arg("weights").none(), "minlength"_a, "maxlength"_a, "binary_output"_a, "name"_a = nb::none());
  m.def("_sparse_cross", [](nb::list sparse, nb::list dense, nb::handle separator, std::int64_t num_buckets,
                            std::int64_t hash_key, nb::handle name) {
    NodeName named(name);
    std::vector<tf::SparseTensor> sparse_inputs;
    for (nb::handle part : sparse) sparse_inputs.push_back(sparse_of(part[0], part[1], part[2]));
    std::vector<tf::Tensor> dense_inputs;
    for (nb::handle t : dense) dense_inputs.push_back(to_tensor(t));
    if (separator.is_none()) return parts(tf::sparse::cross_hashed(sparse_inputs, dense_inputs, num_buckets, hash_key));
    return parts(tf::sparse::cross(sparse_inputs, dense_inputs, nb::cast<std::string>(separator)));
  }, "sparse"_a, "dense"_a, nb::arg("separator").none(), "num_buckets"_a, "hash_key"_a, "name"_a = nb::none());
}

}  // namespace tfpp_python
