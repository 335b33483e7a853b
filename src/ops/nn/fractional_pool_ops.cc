// FractionalMaxPool and FractionalAvgPool (tf.nn.fractional_max_pool / fractional_avg_pool) and
// their backprops FractionalMaxPoolGrad and FractionalAvgPoolGrad, as TensorFlow's kernels
// compute them: windows from TensorFlow's pooling sequences (fractional_pool_sequence.cc), the
// max from the lowest value up, the average summed in the input's dtype and divided once, the
// max backprop to each window's first maximum, the average backprop accumulated in double.
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

#include "core/tensor_impl.h"
#include "ops/allowed_dtypes.h"
#include "ops/array/array_common.h"
#include "ops/execute.h"
#include "ops/nn/fractional_pool.h"
#include "ops/random/random_seed.h"
#include "tfpp/fractional_pool.h"
#include "tfpp/random_ops.h"

namespace tf {
namespace {

using I64 = std::int64_t;
using ops::KernelContext;
using ops::KernelFn;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

enum PoolAttr { kPoolingRatio, kPseudoRandom, kOverlapping, kDeterministic, kSeed, kSeed2 };
enum GradAttr { kGradOverlapping };

// Note [Pooling ratios as bits]: TensorFlow's pooling_ratio is a list of float32 and tfpp's
// attributes have no float list, so the attribute holds each ratio's float32 bit pattern; the
// ratios are then exactly TensorFlow's, and so are the output sizes floor(size / ratio) in float.
std::vector<I64> ratio_bits(const std::vector<double>& ratios) {
  std::vector<I64> bits;
  for (const double r : ratios) {
    const float f = static_cast<float>(r);
    std::uint32_t b;
    std::memcpy(&b, &f, sizeof b);
    bits.push_back(b);
  }
  return bits;
}

std::vector<float> ratios_of(const OpContext& ctx) {
  std::vector<float> ratios;
  for (const I64 bits : ctx.attr<std::vector<I64>>(kPoolingRatio)) {
    const auto b = static_cast<std::uint32_t>(bits);
    float f;
    std::memcpy(&f, &b, sizeof f);
    ratios.push_back(f);
  }
  return ratios;
}

std::string number(float v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

void check_dtype(const OpContext& ctx, DType dtype) {
  ops::check_type_attr(ctx, dtype, std::array{DType::kFloat32, DType::kFloat64, DType::kInt32, DType::kInt64});
}

// The output size of input dimension i: floor(size / ratio), computed in float as TensorFlow does.
I64 pooled_size(const OpContext& ctx, I64 size, float ratio, int i) {
  if (static_cast<float>(size) < ratio)
    ctx.fail("Pooling ratio is higher than input dimension size for dimension " + std::to_string(i) +
             ". Input dim size: " + std::to_string(size) + " pooling ratio: " + number(ratio));
  return static_cast<int>(std::floor(static_cast<float>(size) / ratio));
}

void fractional_pool_shape(ShapeContext& ctx) {
  const Tensor& value = ctx.input(0);
  check_dtype(ctx, value.dtype());
  const std::vector<float> ratios = ratios_of(ctx);
  if (ratios.size() != 4)
    ctx.fail("pooling_ratio field must specify 4 dimensions, got " + std::to_string(ratios.size()));
  for (const float r : ratios)
    if (!(r >= 1)) ctx.fail("pooling_ratio cannot be smaller than 1, got: " + number(r));
  if (ratios[0] != 1 || ratios[3] != 1)
    throw UnimplementedError("[" + ctx.op().name + "] Fractional " +
                             (ctx.op().name == "FractionalMaxPool" ? "max" : "average") +
                             " pooling is not yet supported on the batch nor channel dimension, got pooling_ratio [" +
                             number(ratios[0]) + ", " + number(ratios[1]) + ", " + number(ratios[2]) + ", " +
                             number(ratios[3]) + "]");
  if (!ctx.attr<bool>(kDeterministic) && (ctx.attr<I64>(kSeed) != 0 || ctx.attr<I64>(kSeed2) != 0))
    ctx.fail("Both seed and seed2 should be 0 if deterministic is false.");
  const TensorShape& in = value.shape();
  if (!in.has_unknown_rank() && in.rank() != 4)
    ctx.fail("tensor_in must be 4-dimensional, got shape " + in.debug_string());
  TensorShape out{None, None, None, None};
  for (int i = 0; i < 4 && !in.has_unknown_rank(); ++i)
    if (in.dim(i) != None) out.set_dim(i, pooled_size(ctx, in.dim(i), ratios[static_cast<std::size_t>(i)], i));
  ctx.add_output(value.dtype(), out);
  ctx.add_output(int64, TensorShape{out.dim(1) == None ? None : out.dim(1) + 1});
  ctx.add_output(int64, TensorShape{out.dim(2) == None ? None : out.dim(2) + 1});
}

// The windows of one pooling: output row r takes input rows rows[r] .. rows[r + 1] - 1 (with
// rows[r + 1] too when overlapping), clipped to the input.
struct Windows {
  const I64 *rows, *cols;
  I64 in_rows, in_cols;
  bool overlapping;
  std::pair<I64, I64> row_range(I64 r) const { return range(rows, r, in_rows); }
  std::pair<I64, I64> col_range(I64 c) const { return range(cols, c, in_cols); }
  std::pair<I64, I64> range(const I64* seq, I64 i, I64 size) const {
    return {seq[i], std::min(overlapping ? seq[i + 1] : seq[i + 1] - 1, size - 1)};
  }
};

// Calls visit(out_index, in_index) for every input pixel of every output pixel's window, in
// TensorFlow's order (batch, output row, output column, input row, input column); indices count pixels.
template <class Visit>
void for_each_window(const Windows& w, I64 batch, I64 out_rows, I64 out_cols, Visit visit) {
  for (I64 b = 0; b < batch; ++b)
    for (I64 r = 0; r < out_rows; ++r) {
      const auto [r0, r1] = w.row_range(r);
      for (I64 c = 0; c < out_cols; ++c) {
        const auto [c0, c1] = w.col_range(c);
        const I64 out_index = (b * out_rows + r) * out_cols + c;
        for (I64 h = r0; h <= r1; ++h)
          for (I64 x = c0; x <= c1; ++x) visit(out_index, (b * w.in_rows + h) * w.in_cols + x);
      }
    }
}

// Draws the sequences into outputs 1 and 2 and returns the windows they bound.
Windows draw_windows(KernelContext& ctx) {
  const TensorShape& in = ctx.input(0).shape();
  kernels::Philox generator = ops::make_philox(ctx.attr<I64>(kSeed), ctx.attr<I64>(kSeed2));
  const bool pseudo_random = ctx.attr<bool>(kPseudoRandom);
  const std::vector<I64> rows = ops::nn::pooling_sequence(in.dim(1), ctx.output(0).shape().dim(1), generator, pseudo_random);
  const std::vector<I64> cols = ops::nn::pooling_sequence(in.dim(2), ctx.output(0).shape().dim(2), generator, pseudo_random);
  std::copy(rows.begin(), rows.end(), ctx.output(1).mutable_data<I64>());
  std::copy(cols.begin(), cols.end(), ctx.output(2).mutable_data<I64>());
  return {ctx.output(1).data<I64>(), ctx.output(2).data<I64>(), in.dim(1), in.dim(2), ctx.attr<bool>(kOverlapping)};
}

template <class T>
void fractional_max_pool_kernel(KernelContext& ctx) {
  const Windows w = draw_windows(ctx);
  const TensorShape& out_shape = ctx.output(0).shape();
  const I64 depth = out_shape.dim(3);
  const T* x = ctx.input(0).data<T>();
  T* y = ctx.output(0).mutable_data<T>();
  std::fill_n(y, ctx.output(0).num_elements(), std::numeric_limits<T>::lowest());
  for_each_window(w, out_shape.dim(0), out_shape.dim(1), out_shape.dim(2), [&](I64 o, I64 i) {
    for (I64 d = 0; d < depth; ++d)
      if (y[o * depth + d] < x[i * depth + d]) y[o * depth + d] = x[i * depth + d];
  });
}

template <class T>
void fractional_avg_pool_kernel(KernelContext& ctx) {
  const Windows w = draw_windows(ctx);
  const TensorShape& out_shape = ctx.output(0).shape();
  const I64 depth = out_shape.dim(3);
  const T* x = ctx.input(0).data<T>();
  T* y = ctx.output(0).mutable_data<T>();
  std::fill_n(y, ctx.output(0).num_elements(), T(0));
  std::vector<I64> counts(static_cast<std::size_t>(ctx.output(0).num_elements() / std::max<I64>(depth, 1)), 0);
  for_each_window(w, out_shape.dim(0), out_shape.dim(1), out_shape.dim(2), [&](I64 o, I64 i) {
    for (I64 d = 0; d < depth; ++d) y[o * depth + d] += x[i * depth + d];
    ++counts[static_cast<std::size_t>(o)];
  });
  for (std::size_t o = 0; o < counts.size(); ++o)
    for (I64 d = 0; d < depth; ++d) y[static_cast<I64>(o) * depth + d] /= static_cast<T>(counts[o]);
}

// The backprops' checks of a row or column sequence: an int64 vector of at least `needed`
// values, none negative (larger values give empty windows).
void check_sequence(const OpContext& ctx, const Tensor& seq, const char* what, I64 needed, const TensorShape& grad) {
  if (seq.dtype() != int64 || (!seq.shape().has_unknown_rank() && seq.shape().rank() != 1))
    ctx.fail(std::string(what) + " must be an int64 vector, got " + ops::array::describe(seq));
  if (seq.is_symbolic() || needed == None) return;
  if (seq.num_elements() < needed)
    ctx.fail("Given out_backprop shape " + grad.debug_string() + ", " + what + " must have at least " +
             std::to_string(needed) + " elements, but got " + std::to_string(seq.num_elements()));
  for (I64 i = 0; i < seq.num_elements(); ++i)
    if (seq.data<I64>()[i] < 0)
      ctx.fail(std::string(what) + " values must not be negative, got " + seq.values_string());
}

void check_rank4(const OpContext& ctx, const TensorShape& s, const char* what) {
  if (!s.has_unknown_rank() && s.rank() != 4) ctx.fail(std::string(what) + " should be a tensor of rank 4, got shape " + s.debug_string());
}

// The dimension of `s` (rank 4 or unknown), None when unknown.
I64 dim_of(const TensorShape& s, int i) { return s.has_unknown_rank() ? None : s.dim(i); }

void check_sequences(const OpContext& ctx, std::size_t first, const TensorShape& grad) {
  const I64 rows = dim_of(grad, 1), cols = dim_of(grad, 2);
  check_sequence(ctx, ctx.input(first), "row_pooling_sequence", rows == None ? None : rows + 1, grad);
  check_sequence(ctx, ctx.input(first + 1), "col_pooling_sequence", cols == None ? None : cols + 1, grad);
}

// FractionalMaxPoolGrad(orig_input, orig_output, out_backprop, row_pooling_sequence, col_pooling_sequence).
void fractional_max_pool_grad_shape(ShapeContext& ctx) {
  const Tensor &input = ctx.input(0), &output = ctx.input(1), &grad = ctx.input(2);
  check_dtype(ctx, input.dtype());
  if (output.dtype() != input.dtype() || grad.dtype() != input.dtype())
    ctx.fail("orig_input, orig_output and out_backprop must have one dtype, got " + ops::array::describe(input) + ", " +
             ops::array::describe(output) + " and " + ops::array::describe(grad));
  check_rank4(ctx, input.shape(), "orig_input");
  check_rank4(ctx, output.shape(), "orig_output");
  if (!grad.shape().is_compatible_with(output.shape()))
    ctx.fail("out_backprop has shape " + grad.shape().debug_string() + " but orig_output " + output.shape().debug_string());
  if (input.shape().is_fully_defined() && input.shape().num_elements() == 0)
    ctx.fail("orig_input must not be empty, got shape " + input.shape().debug_string());
  if (output.shape().is_fully_defined() && output.shape().num_elements() == 0)
    ctx.fail("orig_output must not be empty, got shape " + output.shape().debug_string());
  for (int i : {0, 3})
    if (dim_of(input.shape(), i) != None && dim_of(output.shape(), i) != None && input.shape().dim(i) != output.shape().dim(i))
      ctx.fail("orig_input " + input.shape().debug_string() + " and orig_output " + output.shape().debug_string() +
               " differ in batch or depth");
  check_sequences(ctx, 3, output.shape());
  ctx.add_output(input.dtype(), input.shape());
}

// The windows a backprop walks, from its sequence inputs `first` and `first + 1`.
Windows given_windows(const KernelContext& ctx, std::size_t first, const TensorShape& in, bool overlapping) {
  return {ctx.input(first).data<I64>(), ctx.input(first + 1).data<I64>(), in.dim(1), in.dim(2), overlapping};
}

// Finds each window's first maximum again (as TensorFlow does), checks that the maxima are
// orig_output, and adds each gradient there.
template <class T>
void fractional_max_pool_grad_kernel(KernelContext& ctx) {
  const Tensor &input = ctx.input(0), &output = ctx.input(1);
  const TensorShape& out_shape = output.shape();
  const I64 depth = out_shape.dim(3);
  const Windows w = given_windows(ctx, 3, input.shape(), ctx.attr<bool>(kGradOverlapping));
  const T* x = input.data<T>();
  std::vector<T> maxima(static_cast<std::size_t>(output.num_elements()), std::numeric_limits<T>::lowest());
  std::vector<I64> argmax(maxima.size(), -1);
  for_each_window(w, out_shape.dim(0), out_shape.dim(1), out_shape.dim(2), [&](I64 o, I64 i) {
    for (I64 d = 0; d < depth; ++d) {
      const auto k = static_cast<std::size_t>(o * depth + d);
      if (maxima[k] < x[i * depth + d] || argmax[k] == -1) maxima[k] = x[i * depth + d], argmax[k] = i * depth + d;
    }
  });
  const T* y = output.data<T>();
  for (std::size_t k = 0; k < maxima.size(); ++k)
    if (!(maxima[k] == y[k]) || argmax[k] < 0)
      ctx.fail("orig_output is not the maximum of its window at " + std::to_string(k) +
               " (tensor_out_dup is not the same as tensor_out)");
  T* dx = ctx.output(0).mutable_data<T>();
  std::fill_n(dx, ctx.output(0).num_elements(), T(0));
  const T* dy = ctx.input(2).data<T>();
  for (std::size_t k = 0; k < maxima.size(); ++k) dx[argmax[k]] += dy[k];
}

// FractionalAvgPoolGrad(orig_input_tensor_shape, out_backprop, row_pooling_sequence, col_pooling_sequence).
void fractional_avg_pool_grad_shape(ShapeContext& ctx) {
  const Tensor &sizes = ctx.input(0), &grad = ctx.input(1);
  const TensorShape& s = sizes.shape();
  if (sizes.dtype() != int64 || (!s.has_unknown_rank() && (s.rank() != 1 || (s.dim(0) != None && s.dim(0) != 4))))
    ctx.fail("original input tensor shape must be 1-dimensional and 4 elements (int64), got " + ops::array::describe(sizes));
  check_dtype(ctx, grad.dtype());
  check_rank4(ctx, grad.shape(), "out_backprop");
  TensorShape input{None, None, None, None};
  if (!sizes.is_symbolic())
    for (int i = 0; i < 4; ++i) {
      const I64 d = sizes.data<I64>()[i];
      if (d < 0) ctx.fail("original input tensor shape must be non-negative, got " + sizes.values_string());
      input.set_dim(i, d);
    }
  for (int i : {0, 3})
    if (input.dim(i) != None && dim_of(grad.shape(), i) != None && input.dim(i) != grad.shape().dim(i))
      ctx.fail("original input shape " + input.debug_string() + " and out_backprop " + grad.shape().debug_string() +
               " differ in batch or depth");
  check_sequences(ctx, 2, grad.shape());
  ctx.add_output(grad.dtype(), input);
}

template <class T>
void fractional_avg_pool_grad_typed(KernelContext& ctx) {
  const Tensor& grad = ctx.input(1);
  const TensorShape& g = grad.shape();
  const I64 depth = g.dim(3);
  const Windows w = given_windows(ctx, 2, ctx.output(0).shape(), ctx.attr<bool>(kGradOverlapping));
  std::vector<double> dx(static_cast<std::size_t>(ctx.output(0).num_elements()), 0.0);
  const T* dy = grad.data<T>();
  for (I64 b = 0; b < g.dim(0); ++b)
    for (I64 r = 0; r < g.dim(1); ++r) {
      const auto [r0, r1] = w.row_range(r);
      for (I64 c = 0; c < g.dim(2); ++c) {
        const auto [c0, c1] = w.col_range(c);
        const I64 count = (r1 - r0 + 1) * (c1 - c0 + 1), o = (b * g.dim(1) + r) * g.dim(2) + c;
        for (I64 h = r0; h <= r1; ++h)
          for (I64 x = c0; x <= c1; ++x)
            for (I64 d = 0; d < depth; ++d)
              dx[static_cast<std::size_t>(((b * w.in_rows + h) * w.in_cols + x) * depth + d)] +=
                  static_cast<double>(dy[o * depth + d]) / static_cast<double>(count);
      }
    }
  T* out = ctx.output(0).mutable_data<T>();
  for (std::size_t i = 0; i < dx.size(); ++i) out[i] = static_cast<T>(dx[i]);
}

// Dispatched on the shape's dtype (int64); out_backprop's picks the type.
void fractional_avg_pool_grad_kernel(KernelContext& ctx) {
  switch (ctx.input(1).dtype()) {
    case DType::kFloat32: return fractional_avg_pool_grad_typed<float>(ctx);
    case DType::kFloat64: return fractional_avg_pool_grad_typed<double>(ctx);
    case DType::kInt32: return fractional_avg_pool_grad_typed<std::int32_t>(ctx);
    default: return fractional_avg_pool_grad_typed<I64>(ctx);
  }
}

OpBuilder pool_op(const char* name) {
  OpBuilder b(name);
  b.inputs(1).attrs({"pooling_ratio", "pseudo_random", "overlapping", "deterministic", "seed", "seed2"})
      .shape(fractional_pool_shape).stateful();
  return b;
}

const OpDef& kFractionalMaxPool = pool_op("FractionalMaxPool")
    .kernels<float, double, std::int32_t, I64>([]<class T>() -> KernelFn { return &fractional_max_pool_kernel<T>; });
const OpDef& kFractionalAvgPool = pool_op("FractionalAvgPool")
    .kernels<float, double, std::int32_t, I64>([]<class T>() -> KernelFn { return &fractional_avg_pool_kernel<T>; });
// TensorFlow registers no gradient for the backprops either.
const OpDef& kFractionalMaxPoolGrad = OpBuilder("FractionalMaxPoolGrad").inputs(5).attrs({"overlapping"})
    .shape(fractional_max_pool_grad_shape).no_gradient()
    .kernels<float, double, std::int32_t, I64>([]<class T>() -> KernelFn { return &fractional_max_pool_grad_kernel<T>; });
const OpDef& kFractionalAvgPoolGrad = OpBuilder("FractionalAvgPoolGrad").inputs(4).attrs({"overlapping"})
    .shape(fractional_avg_pool_grad_shape).no_gradient().kernel(int64, fractional_avg_pool_grad_kernel);

// pooling_ratio as the op takes it: one value for both spatial dimensions, two (rows, columns),
// or all four (other lengths go to the op, which reports them).
std::vector<double> four_ratios(const std::vector<double>& r) {
  if (r.size() == 1) return {1.0, r[0], r[0], 1.0};
  if (r.size() == 2) return {1.0, r[0], r[1], 1.0};
  return r;
}

nn::FractionalPoolResult run_pool(const OpDef& op, const Tensor& value, const std::vector<double>& pooling_ratio,
                                  bool pseudo_random, bool overlapping, bool deterministic, I64 seed, I64 seed2) {
  const ops::AttrValue attrs[] = {ratio_bits(pooling_ratio), pseudo_random, overlapping, deterministic, seed, seed2};
  ops::Outputs out = ops::execute(op, {value}, attrs);
  return {std::move(out[0]), std::move(out[1]), std::move(out[2])};
}

// As TensorFlow 2's wrappers: seed 0 is nondeterministic, any other seed goes through tf.random's rules.
nn::FractionalPoolResult run_pool(const OpDef& op, const Tensor& value, const std::vector<double>& pooling_ratio,
                                  const nn::FractionalPoolOptions& options) {
  const auto [seed, seed2] = options.seed == 0 ? std::pair<I64, I64>{0, 0} : random::get_seed(options.seed);
  return run_pool(op, value, four_ratios(pooling_ratio), options.pseudo_random, options.overlapping, options.seed != 0,
                  seed, seed2);
}

}  // namespace

namespace ops::nn {

tf::nn::FractionalPoolResult fractional_pool(bool max, const Tensor& value, const std::vector<double>& pooling_ratio,
                                             bool pseudo_random, bool overlapping, bool deterministic, std::int64_t seed,
                                             std::int64_t seed2) {
  return run_pool(max ? kFractionalMaxPool : kFractionalAvgPool, value, pooling_ratio, pseudo_random, overlapping,
                  deterministic, seed, seed2);
}

Tensor fractional_max_pool_grad(const Tensor& orig_input, const Tensor& orig_output, const Tensor& out_backprop,
                                const Tensor& rows, const Tensor& cols, bool overlapping) {
  const AttrValue attrs[] = {overlapping};
  return execute1(kFractionalMaxPoolGrad, {orig_input, orig_output, out_backprop, rows, cols}, attrs);
}

Tensor fractional_avg_pool_grad(const Tensor& orig_input_shape, const Tensor& out_backprop, const Tensor& rows,
                                const Tensor& cols, bool overlapping) {
  const AttrValue attrs[] = {overlapping};
  return execute1(kFractionalAvgPoolGrad, {orig_input_shape, out_backprop, rows, cols}, attrs);
}

}  // namespace ops::nn

namespace nn {

FractionalPoolResult fractional_max_pool(const Tensor& value, const std::vector<double>& pooling_ratio,
                                         const FractionalPoolOptions& options) {
  return run_pool(kFractionalMaxPool, value, pooling_ratio, options);
}

FractionalPoolResult fractional_avg_pool(const Tensor& value, const std::vector<double>& pooling_ratio,
                                         const FractionalPoolOptions& options) {
  return run_pool(kFractionalAvgPool, value, pooling_ratio, options);
}

}  // namespace nn
}  // namespace tf
