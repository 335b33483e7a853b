// SetSize and the set operations DenseToDenseSetOperation, DenseToSparseSetOperation and
// SparseToSparseSetOperation. Each row of an input (its positions sharing all but the last index)
// is a set; a row's result lists its values in ascending order.
#include <algorithm>
#include <array>
#include <set>

#include "core/tensor_impl.h"
#include "ops/execute.h"
#include "ops/sparse/sparse_common.h"
#include "tfpp/set_ops.h"

namespace tf {
namespace {

using namespace ops::sparse;
using ops::KernelContext;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

// Calls fn(T{}) for the dtypes TensorFlow's set ops take.
template <class Fn>
void visit_set_dtype(const OpContext& ctx, DType dtype, Fn&& fn) {
  switch (dtype) {
    case DType::kInt8: return fn(std::int8_t{});
    case DType::kInt16: return fn(std::int16_t{});
    case DType::kInt32: return fn(std::int32_t{});
    case DType::kInt64: return fn(std::int64_t{});
    case DType::kUInt8: return fn(std::uint8_t{});
    case DType::kUInt16: return fn(std::uint16_t{});
    case DType::kString: return fn(std::string{});
    default: ctx.fail("set values must be int8, int16, int32, int64, uint8, uint16 or string, got " +
                      std::string(dtype_name(dtype)));
  }
}

// The sets of one input: the leading dimensions and, per row (row-major), its value positions.
struct Rows {
  std::vector<std::int64_t> dims;
  std::vector<std::vector<std::int64_t>> positions;
};

Rows dense_rows(const OpContext& ctx, const Tensor& t) {
  if (t.rank() < 2) ctx.fail("Shape " + t.shape().debug_string() + " has rank " + std::to_string(t.rank()) + " < 2");
  Rows rows;
  rows.dims.assign(t.shape().dims().begin(), t.shape().dims().end() - 1);
  const std::int64_t n = t.shape().dim(-1);
  const std::int64_t count = n == 0 ? 0 : t.num_elements() / n;
  std::int64_t total = 1;
  for (std::int64_t d : rows.dims) total *= d;
  rows.positions.resize(static_cast<std::size_t>(total));
  for (std::int64_t r = 0; r < count; ++r)
    for (std::int64_t j = 0; j < n; ++j) rows.positions[r].push_back(r * n + j);
  return rows;
}

Rows sparse_rows(const OpContext& ctx, std::size_t first, bool validate) {
  const SparseView sp = read_sparse(ctx, first);
  if (sp.rank < 2) ctx.fail("Invalid input rank " + std::to_string(sp.rank) + ", expected rank >= 2");
  check_bounds(ctx, sp);
  Rows rows;
  rows.dims.assign(sp.shape.begin(), sp.shape.end() - 1);
  std::int64_t total = 1;
  for (std::int64_t d : rows.dims) total *= d;
  rows.positions.resize(static_cast<std::size_t>(total));
  const std::vector<std::int64_t> strides = strides_of(sp.shape);
  std::int64_t previous = -1;
  for (std::int64_t i = 0; i < sp.n; ++i) {
    const std::int64_t offset = offset_of(sp, i, strides);
    if (validate && offset <= previous) {
      std::vector<std::int64_t> index(sp.indices + i * sp.rank, sp.indices + (i + 1) * sp.rank);
      ctx.fail("indices[" + std::to_string(i) + "] = " + dims_string(index) +
               (offset == previous ? std::string(" is repeated")
                                   : std::string(" is out of order. Many sparse ops require sorted indices.\n"
                                                 "    Use `tf.sparse.reorder` to create a correctly ordered copy.\n\n")));
    }
    previous = offset;
    rows.positions[offset / sp.shape.back()].push_back(i);
  }
  return rows;
}

// ---- SetSize: inputs set_indices, set_values, set_shape; attr validate_indices ----

void set_size_shape(ShapeContext& ctx) {
  check_components(ctx, 0, "set");
  const std::int64_t rank = static_rank(ctx, 2);
  ctx.add_output(int32, rank == None ? TensorShape::unknown_rank()
                                     : TensorShape(std::vector<std::int64_t>(static_cast<std::size_t>(std::max<std::int64_t>(rank - 1, 0)), None)));
}

void set_size_kernel(KernelContext& ctx) {
  const Rows rows = sparse_rows(ctx, 0, ctx.attr<bool>(0));
  Tensor out = core::empty(int32, TensorShape(rows.dims));
  std::int32_t* o = out.mutable_data<std::int32_t>();
  visit_set_dtype(ctx, ctx.input(1).dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* v = ctx.input(1).data<T>();
    for (std::size_t r = 0; r < rows.positions.size(); ++r) {
      std::set<T> distinct;
      for (std::int64_t p : rows.positions[r]) distinct.insert(v[p]);
      o[r] = static_cast<std::int32_t>(distinct.size());
    }
  });
  ctx.output(0) = std::move(out);
}

const OpDef& kSetSize = OpBuilder("SetSize").inputs(3).attrs({"validate_indices"}).shape(set_size_shape)
    .kernel(int64, set_size_kernel).kernel_allocates_outputs().no_gradient();

// ---- the set operations: attrs set_operation, validate_indices ----

enum class Layout { kDenseDense, kDenseSparse, kSparseSparse };

template <Layout kLayout>
void set_operation_shape(ShapeContext& ctx) {
  const std::string& op = ctx.attr<std::string>(0);
  if (op != "a-b" && op != "b-a" && op != "intersection" && op != "union")
    ctx.fail("Invalid set_operation " + op + ".");
  const std::size_t b_values = kLayout == Layout::kDenseDense ? 1 : kLayout == Layout::kDenseSparse ? 2 : 4;
  const std::size_t a_values = kLayout == Layout::kSparseSparse ? 1 : 0;
  if (kLayout != Layout::kDenseDense) check_components(ctx, b_values - 1, "set2");
  if (kLayout == Layout::kSparseSparse) check_components(ctx, 0, "set1");
  const DType dtype = ctx.input(a_values).dtype();
  if (dtype != ctx.input(b_values).dtype())
    ctx.fail("set1 and set2 must have one dtype, got " + std::string(dtype_name(dtype)) + " and " +
             std::string(dtype_name(ctx.input(b_values).dtype())));
  std::int64_t rank = None;
  if (kLayout != Layout::kSparseSparse && !ctx.input(0).shape().has_unknown_rank()) {
    rank = ctx.input(0).rank();
    if (rank < 2) ctx.fail("Shape " + ctx.input(0).shape().debug_string() + " has rank " + std::to_string(rank) + " < 2");
  } else if (kLayout == Layout::kSparseSparse) {
    rank = static_rank(ctx, 2);
  }
  ctx.add_output(int64, TensorShape{None, rank});
  ctx.add_output(dtype, TensorShape{None});
  ctx.add_output(int64, TensorShape{rank});
}

template <class T>
std::vector<T> combine(const std::set<T>& a, const std::set<T>& b, const std::string& op) {
  std::vector<T> out;
  if (op == "intersection") std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  else if (op == "union") std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  else if (op == "a-b") std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  else std::set_difference(b.begin(), b.end(), a.begin(), a.end(), std::back_inserter(out));
  return out;
}

template <Layout kLayout>
void set_operation_kernel(KernelContext& ctx) {
  const bool validate = ctx.attr<bool>(1);
  const std::size_t a_values = kLayout == Layout::kSparseSparse ? 1 : 0;
  const std::size_t b_values = kLayout == Layout::kDenseDense ? 1 : kLayout == Layout::kDenseSparse ? 2 : 4;
  const Rows a = kLayout == Layout::kSparseSparse ? sparse_rows(ctx, 0, validate) : dense_rows(ctx, ctx.input(0));
  const Rows b = kLayout == Layout::kDenseDense ? dense_rows(ctx, ctx.input(1)) : sparse_rows(ctx, b_values - 1, validate);
  if (a.dims != b.dims) ctx.fail("Mismatched shapes " + dims_string(a.dims) + " vs " + dims_string(b.dims));
  const std::int64_t rank = static_cast<std::int64_t>(a.dims.size()) + 1;
  const std::vector<std::int64_t> lead_strides = strides_of(a.dims);
  std::vector<std::int64_t> indices;
  std::int64_t widest = 0;
  visit_set_dtype(ctx, ctx.input(a_values).dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* av = ctx.input(a_values).template data<T>();
    const T* bv = ctx.input(b_values).template data<T>();
    std::vector<T> values;
    for (std::size_t r = 0; r < a.positions.size(); ++r) {
      std::set<T> sa, sb;
      for (std::int64_t p : a.positions[r]) sa.insert(av[p]);
      for (std::int64_t p : b.positions[r]) sb.insert(bv[p]);
      const std::vector<T> result = combine(sa, sb, ctx.attr<std::string>(0));
      widest = std::max(widest, static_cast<std::int64_t>(result.size()));
      for (std::size_t j = 0; j < result.size(); ++j) {
        std::int64_t rest = static_cast<std::int64_t>(r);
        for (std::size_t d = 0; d < a.dims.size(); ++d) {
          indices.push_back(rest / lead_strides[d]);
          rest %= lead_strides[d];
        }
        indices.push_back(static_cast<std::int64_t>(j));
        values.push_back(result[j]);
      }
    }
    Tensor out = core::empty(ctx.input(a_values).dtype(), TensorShape{static_cast<std::int64_t>(values.size())});
    std::copy(values.begin(), values.end(), out.template mutable_data<T>());
    ctx.output(1) = std::move(out);
  });
  ctx.output(0) = index_matrix(indices, ctx.output(1).num_elements(), rank);
  std::vector<std::int64_t> shape = a.dims;
  shape.push_back(widest);
  ctx.output(2) = int64_vector(shape);
}

template <Layout kLayout>
OpBuilder set_operation_op(const char* name, int inputs) {
  OpBuilder b(name);
  b.inputs(inputs).attrs({"set_operation", "validate_indices"}).shape(set_operation_shape<kLayout>)
      .kernel_allocates_outputs().no_gradient();
  if constexpr (kLayout == Layout::kSparseSparse) {
    b.kernel(int64, set_operation_kernel<kLayout>);
  } else {
    for (DType d : {int8, int16, int32, int64, uint8, uint16, string}) b.kernel(d, set_operation_kernel<kLayout>);
  }
  return b;
}

const OpDef& kDenseToDense = set_operation_op<Layout::kDenseDense>("DenseToDenseSetOperation", 2);
const OpDef& kDenseToSparse = set_operation_op<Layout::kDenseSparse>("DenseToSparseSetOperation", 4);
const OpDef& kSparseToSparse = set_operation_op<Layout::kSparseSparse>("SparseToSparseSetOperation", 6);

SparseTensor run(const OpDef& op, std::initializer_list<Tensor> inputs, const std::string& operation,
                 const sets::SetOptions& options) {
  const std::array<ops::AttrValue, 2> attrs{operation, options.validate_indices};
  ops::Outputs out = ops::execute(op, inputs, attrs);
  return {out[0], out[1], out[2]};
}

std::string difference_op(bool aminusb) { return aminusb ? "a-b" : "b-a"; }

}  // namespace

namespace sets {

Tensor size(const SparseTensor& a, const SetOptions& options) {
  const std::array<ops::AttrValue, 1> attrs{options.validate_indices};
  return ops::execute1(kSetSize, {a.indices, a.values, a.dense_shape}, attrs);
}

SparseTensor intersection(const Tensor& a, const Tensor& b, const SetOptions& options) {
  return run(kDenseToDense, {a, b}, "intersection", options);
}
SparseTensor intersection(const Tensor& a, const SparseTensor& b, const SetOptions& options) {
  return run(kDenseToSparse, {a, b.indices, b.values, b.dense_shape}, "intersection", options);
}
SparseTensor intersection(const SparseTensor& a, const SparseTensor& b, const SetOptions& options) {
  return run(kSparseToSparse, {a.indices, a.values, a.dense_shape, b.indices, b.values, b.dense_shape}, "intersection",
             options);
}

SparseTensor set_union(const Tensor& a, const Tensor& b, const SetOptions& options) {
  return run(kDenseToDense, {a, b}, "union", options);
}
SparseTensor set_union(const Tensor& a, const SparseTensor& b, const SetOptions& options) {
  return run(kDenseToSparse, {a, b.indices, b.values, b.dense_shape}, "union", options);
}
SparseTensor set_union(const SparseTensor& a, const SparseTensor& b, const SetOptions& options) {
  return run(kSparseToSparse, {a.indices, a.values, a.dense_shape, b.indices, b.values, b.dense_shape}, "union",
             options);
}

SparseTensor difference(const Tensor& a, const Tensor& b, bool aminusb, const SetOptions& options) {
  return run(kDenseToDense, {a, b}, difference_op(aminusb), options);
}
SparseTensor difference(const Tensor& a, const SparseTensor& b, bool aminusb, const SetOptions& options) {
  return run(kDenseToSparse, {a, b.indices, b.values, b.dense_shape}, difference_op(aminusb), options);
}
SparseTensor difference(const SparseTensor& a, const SparseTensor& b, bool aminusb, const SetOptions& options) {
  return run(kSparseToSparse, {a.indices, a.values, a.dense_shape, b.indices, b.values, b.dense_shape},
             difference_op(aminusb), options);
}

}  // namespace sets
}  // namespace tf
