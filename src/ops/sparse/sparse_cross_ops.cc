// SparseCross (hashed, for tf.sparse.cross_hashed) and SparseCrossV2 (strings joined by a
// separator, for tf.sparse.cross): per batch row, every combination of one feature from each input
// column (sparse inputs first, then dense ones; the last column varies fastest). Features are int64
// or strings; a hashed cross chains FingerprintCat64 from the hash key over the features (strings
// fingerprinted, integers as they are), as TensorFlow's kernel does.
#include <array>

#include "core/tensor_impl.h"
#include "ops/execute.h"
#include "ops/sparse/sparse_common.h"
#include "ops/strings/string_hashes.h"
#include "tfpp/constant.h"
#include "tfpp/math_ops.h"
#include "tfpp/sparse_ops.h"

namespace tf {
namespace {

using namespace ops::sparse;
using ops::KernelContext;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

// One input column: the positions of each batch row's features in its values (or dense row).
struct Column {
  const Tensor* values = nullptr;
  std::vector<std::vector<std::int64_t>> rows;
};

std::vector<Column> columns(const OpContext& ctx, std::int64_t n_sparse, std::int64_t n_dense, std::int64_t& batch) {
  std::vector<Column> cols;
  batch = -1;
  const auto check_batch = [&](std::int64_t b) {
    if (batch >= 0 && b != batch)
      ctx.fail("Expected batch size " + std::to_string(batch) + " got " + std::to_string(b));
    batch = b;
  };
  for (std::int64_t i = 0; i < n_sparse; ++i) {
    const Tensor &indices = ctx.input(i), &values = ctx.input(n_sparse + i), &shape = ctx.input(2 * n_sparse + i);
    if (indices.rank() != 2 || shape.num_elements() != 2 || indices.shape().dim(1) != 2)
      ctx.fail("Expected sparse input " + std::to_string(i) + " to be a matrix (rank 2), got indices " +
               indices.shape().debug_string() + " and shape " + shape.shape().debug_string());
    if (values.dtype() != int64 && values.dtype() != string)
      ctx.fail("sparse values must be int64 or string, got " + std::string(dtype_name(values.dtype())));
    check_batch(shape.data<std::int64_t>()[0]);
    Column c{&values, std::vector<std::vector<std::int64_t>>(static_cast<std::size_t>(batch))};
    const std::int64_t* idx = indices.data<std::int64_t>();
    for (std::int64_t k = 0; k < indices.shape().dim(0); ++k) {
      if (idx[2 * k] < 0 || idx[2 * k] >= batch) ctx.fail("sparse input " + std::to_string(i) + " has a row out of range");
      c.rows[idx[2 * k]].push_back(k);
    }
    cols.push_back(std::move(c));
  }
  for (std::int64_t j = 0; j < n_dense; ++j) {
    const Tensor& dense = ctx.input(3 * n_sparse + j);
    if (dense.rank() != 2) ctx.fail("Dense inputs should be a matrix but received shape " + dense.shape().debug_string());
    if (dense.dtype() != int64 && dense.dtype() != string)
      ctx.fail("dense inputs must be int64 or string, got " + std::string(dtype_name(dense.dtype())));
    check_batch(dense.shape().dim(0));
    Column c{&dense, std::vector<std::vector<std::int64_t>>(static_cast<std::size_t>(batch))};
    const std::int64_t width = dense.shape().dim(1);
    for (std::int64_t r = 0; r < batch; ++r)
      for (std::int64_t k = 0; k < width; ++k) c.rows[r].push_back(r * width + k);
    cols.push_back(std::move(c));
  }
  if (cols.empty()) ctx.fail("cross needs at least one input");
  return cols;
}

std::uint64_t shift_mix(std::uint64_t v) { return v ^ (v >> 47); }

// TensorFlow's FingerprintCat64: combines two fingerprints, order-dependent.
std::uint64_t fingerprint_cat64(std::uint64_t fp1, std::uint64_t fp2) {
  constexpr std::uint64_t kMul = 0xc6a4a7935bd1e995ULL;
  std::uint64_t result = fp1 ^ kMul;
  result ^= shift_mix(fp2 * kMul) * kMul;
  result *= kMul;
  result = shift_mix(result) * kMul;
  return shift_mix(result);
}

std::uint64_t feature_hash(const Tensor& values, std::int64_t at) {
  if (values.dtype() == string) return ops::fingerprint64(values.data<std::string>()[at]);
  return static_cast<std::uint64_t>(values.data<std::int64_t>()[at]);
}

std::string feature_string(const Tensor& values, std::int64_t at) {
  if (values.dtype() == string) return values.data<std::string>()[at];
  return std::to_string(values.data<std::int64_t>()[at]);
}

// Calls emit(row, combination) for each combination of each row, the last column fastest.
template <class Emit>
void for_each_cross(const std::vector<Column>& cols, std::int64_t batch, Emit&& emit) {
  for (std::int64_t r = 0; r < batch; ++r) {
    bool empty = false;
    for (const Column& c : cols) empty = empty || c.rows[r].empty();
    if (empty) continue;
    std::vector<std::size_t> pick(cols.size(), 0);
    while (true) {
      emit(r, pick);
      std::size_t d = cols.size();
      while (d-- > 0) {
        if (++pick[d] < cols[d].rows[r].size()) break;
        pick[d] = 0;
      }
      if (d == static_cast<std::size_t>(-1)) break;
    }
  }
}

template <class T>
void write_outputs(KernelContext& ctx, const std::vector<std::int64_t>& row_of, const std::vector<T>& values, DType dtype,
                   std::int64_t batch) {
  std::vector<std::int64_t> indices;
  std::int64_t widest = 0, previous = -1, count = 0;
  for (std::int64_t r : row_of) {
    count = r == previous ? count + 1 : 0;
    previous = r;
    indices.push_back(r);
    indices.push_back(count);
    widest = std::max(widest, count + 1);
  }
  ctx.output(0) = index_matrix(indices, static_cast<std::int64_t>(values.size()), 2);
  ctx.output(1) = core::empty(dtype, TensorShape{static_cast<std::int64_t>(values.size())});
  std::copy(values.begin(), values.end(), ctx.output(1).mutable_data<T>());
  ctx.output(2) = int64_vector(std::vector<std::int64_t>{batch, widest});
}

std::int64_t dense_count(const OpContext& ctx, std::int64_t n_sparse, std::size_t extra) {
  const std::int64_t n = static_cast<std::int64_t>(ctx.num_inputs()) - 3 * n_sparse - static_cast<std::int64_t>(extra);
  if (n_sparse < 0 || n < 0) ctx.fail("N does not match the number of inputs");
  return n;
}

void cross_shape(ShapeContext& ctx) {
  dense_count(ctx, ctx.attr<std::int64_t>(0), ctx.op().name == "SparseCrossV2" ? 1 : 0);
  const bool hashed = ctx.op().name == "SparseCross" && ctx.attr<bool>(1);
  ctx.add_output(int64, TensorShape{None, 2});
  ctx.add_output(hashed ? int64 : string, TensorShape{None});
  ctx.add_output(int64, TensorShape{2});
}

// Attrs N, hashed_output, num_buckets, hash_key, out_type, internal_type.
void cross_kernel(KernelContext& ctx) {
  const std::int64_t n_sparse = ctx.attr<std::int64_t>(0);
  std::int64_t batch = 0;
  const std::vector<Column> cols = columns(ctx, n_sparse, dense_count(ctx, n_sparse, 0), batch);
  std::vector<std::int64_t> row_of;
  if (ctx.attr<bool>(1)) {
    const auto num_buckets = static_cast<std::uint64_t>(ctx.attr<std::int64_t>(2));
    const auto hash_key = static_cast<std::uint64_t>(ctx.attr<std::int64_t>(3));
    std::vector<std::int64_t> values;
    for_each_cross(cols, batch, [&](std::int64_t r, const std::vector<std::size_t>& pick) {
      std::uint64_t hash = hash_key;
      for (std::size_t c = 0; c < cols.size(); ++c) hash = fingerprint_cat64(hash, feature_hash(*cols[c].values, cols[c].rows[r][pick[c]]));
      row_of.push_back(r);
      values.push_back(static_cast<std::int64_t>(num_buckets > 0 ? hash % num_buckets
                                                                 : hash % static_cast<std::uint64_t>(INT64_MAX)));
    });
    return write_outputs(ctx, row_of, values, int64, batch);
  }
  std::vector<std::string> values;
  for_each_cross(cols, batch, [&](std::int64_t r, const std::vector<std::size_t>& pick) {
    std::string joined;
    for (std::size_t c = 0; c < cols.size(); ++c)
      joined += (c ? "_X_" : "") + feature_string(*cols[c].values, cols[c].rows[r][pick[c]]);
    row_of.push_back(r);
    values.push_back(std::move(joined));
  });
  write_outputs(ctx, row_of, values, string, batch);
}

// Attr N; the last input is the separator.
void cross_v2_kernel(KernelContext& ctx) {
  const std::int64_t n_sparse = ctx.attr<std::int64_t>(0);
  std::int64_t batch = 0;
  const std::vector<Column> cols = columns(ctx, n_sparse, dense_count(ctx, n_sparse, 1), batch);
  const std::string& sep = ctx.input(ctx.num_inputs() - 1).data<std::string>()[0];
  std::vector<std::int64_t> row_of;
  std::vector<std::string> values;
  for_each_cross(cols, batch, [&](std::int64_t r, const std::vector<std::size_t>& pick) {
    std::string joined;
    for (std::size_t c = 0; c < cols.size(); ++c) {
      if (c) joined += sep;
      joined += feature_string(*cols[c].values, cols[c].rows[r][pick[c]]);
    }
    row_of.push_back(r);
    values.push_back(std::move(joined));
  });
  write_outputs(ctx, row_of, values, string, batch);
}

const OpDef& kSparseCross = [] () -> const OpDef& {
  OpBuilder b("SparseCross");
  b.variadic_inputs().attrs({"N", "hashed_output", "num_buckets", "hash_key", "out_type", "internal_type"})
      .shape(cross_shape).kernel(int64, cross_kernel).kernel(string, cross_kernel).kernel_allocates_outputs().no_gradient();
  return b;
}();

const OpDef& kSparseCrossV2 = [] () -> const OpDef& {
  OpBuilder b("SparseCrossV2");
  b.variadic_inputs().attrs({"N"}).shape(cross_shape).kernel(int64, cross_v2_kernel).kernel(string, cross_v2_kernel)
      .kernel_allocates_outputs().no_gradient();
  return b;
}();

// The op inputs: sparse indices, values, shapes, then the dense inputs; integers as int64.
std::vector<Tensor> cross_inputs(const std::vector<SparseTensor>& sparse, const std::vector<Tensor>& dense) {
  const auto as_feature = [](const Tensor& t) { return t.dtype() == string ? t : cast(t, int64); };
  std::vector<Tensor> inputs;
  for (const SparseTensor& sp : sparse) inputs.push_back(sp.indices);
  for (const SparseTensor& sp : sparse) inputs.push_back(as_feature(sp.values));
  for (const SparseTensor& sp : sparse) inputs.push_back(sp.dense_shape);
  for (const Tensor& t : dense) inputs.push_back(as_feature(t));
  return inputs;
}

}  // namespace

SparseTensor sparse::cross(const std::vector<SparseTensor>& sparse, const std::vector<Tensor>& dense,
                           const std::string& separator) {
  std::vector<Tensor> inputs = cross_inputs(sparse, dense);
  inputs.push_back(constant(separator));
  const std::array<ops::AttrValue, 1> attrs{static_cast<std::int64_t>(sparse.size())};
  ops::Outputs out = ops::execute(kSparseCrossV2, inputs, attrs);
  return {out[0], out[1], out[2]};
}

SparseTensor sparse::cross_hashed(const std::vector<SparseTensor>& sparse, const std::vector<Tensor>& dense,
                                  std::int64_t num_buckets, std::int64_t hash_key) {
  const std::array<ops::AttrValue, 6> attrs{static_cast<std::int64_t>(sparse.size()), true, num_buckets, hash_key,
                                            int64, int64};
  ops::Outputs out = ops::execute(kSparseCross, cross_inputs(sparse, dense), attrs);
  return {out[0], out[1], out[2]};
}

}  // namespace tf
