// String ops on whole strings: StringLength, StringJoin (elementwise, repeating scalars) and
// ReduceJoin (along a dimension).
#include "tfpp/string_ops.h"

#include "kernels/cpu/parallel.h"
#include "ops/execute.h"
#include "ops/strings/string_inputs.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpContext;
using ops::OpDef;
using ops::ShapeContext;

// --- StringLength -------------------------------------------------------------------------

void length_shape(ShapeContext& ctx) {
  ops::check_string_input(ctx, 0, "input 0");
  const std::string& unit = ctx.attr<std::string>(0);
  if (unit != "BYTE" && unit != "UTF8_CHAR") ctx.fail("unit must be \"BYTE\" or \"UTF8_CHAR\", got \"" + unit + "\"");
  ctx.add_output(int32, ctx.input(0).shape());
}

void length_kernel(KernelContext& ctx) {
  const std::string* in = ctx.input(0).data<std::string>();
  std::int32_t* out = ctx.output(0).mutable_data<std::int32_t>();
  const bool utf8 = ctx.attr<std::string>(0) == "UTF8_CHAR";
  kernels::parallel_for(ctx.output(0).num_elements(), 16, [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t i = begin; i < end; ++i) {
      if (!utf8) {
        out[i] = static_cast<std::int32_t>(in[i].size());
        continue;
      }
      std::int32_t chars = 0;  // count every byte that does not continue a code point (10xxxxxx)
      for (unsigned char c : in[i]) chars += (c & 0xC0) != 0x80;
      out[i] = chars;
    }
  });
}

const OpDef& kStringLength = OpBuilder("StringLength").inputs(1).attrs({"unit"}).shape(length_shape)
    .kernel(string, length_kernel).no_gradient();

// --- StringJoin -----------------------------------------------------------------------------

// As TensorFlow: the inputs that are not scalars have one shape (unknown dims are filled in from
// the others), and scalars are repeated; all scalars give a scalar.
void join_shape(ShapeContext& ctx) {
  TensorShape shape;  // a scalar until an input that is not one
  bool found = false;
  for (std::size_t i = 0; i < ctx.num_inputs(); ++i) {
    ops::check_string_input(ctx, i, "input " + std::to_string(i));
    const TensorShape& in = ctx.input(i).shape();
    if (in.rank() == 0 || (found && in.has_unknown_rank())) continue;
    if (!found || shape.has_unknown_rank()) {
      shape = in;
      found = true;
      continue;
    }
    if (!in.is_compatible_with(shape))
      ctx.fail("Input shapes do not match: " + shape.debug_string() + " vs. " + in.debug_string());
    for (int d = 0; d < shape.rank(); ++d)
      if (shape.dim(d) < 0) shape.set_dim(d, in.dim(d));
  }
  ctx.add_output(string, shape);
}

void join_kernel(KernelContext& ctx) {
  Tensor& out = ctx.output(0);
  const std::string& separator = ctx.attr<std::string>(0);
  std::string* o = out.mutable_data<std::string>();
  kernels::parallel_for(out.num_elements(), 16 * ctx.num_inputs(), [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t i = begin; i < end; ++i) {
      std::string s;
      for (std::size_t k = 0; k < ctx.num_inputs(); ++k) {
        const Tensor& in = ctx.input(k);
        if (k) s += separator;
        s += in.data<std::string>()[in.rank() == 0 ? 0 : i];
      }
      o[i] = std::move(s);
    }
  });
}

const OpDef& kStringJoin = OpBuilder("StringJoin").variadic_inputs().attrs({"separator"}).shape(join_shape)
    .kernel(string, join_kernel).no_gradient();

// --- ReduceJoin ----------------------------------------------------------------------------
// Attrs: axis (the joined dimensions; an empty list joins them all), keep_dims, separator.

enum ReduceJoinAttr { kAxes, kKeepDims, kSeparator };

// The dimensions joined, normalized; every dimension when the list is empty.
std::vector<bool> joined_dims(const OpContext& ctx, int rank) {
  const auto& axes = ctx.attr<std::vector<std::int64_t>>(kAxes);
  std::vector<bool> joined(rank, axes.empty());
  for (std::int64_t a : axes) {
    if (a < -rank || a >= rank)  // TensorFlow's ReduceJoin raises OutOfRange here
      throw OutOfRangeError("[ReduceJoin] axis " + std::to_string(a) + " is out of range for a tensor of rank " +
                            std::to_string(rank));
    joined[a < 0 ? a + rank : a] = true;
  }
  return joined;
}

void reduce_join_shape(ShapeContext& ctx) {
  ops::check_string_input(ctx, 0, "input 0");
  const TensorShape& in = ctx.input(0).shape();
  if (in.has_unknown_rank()) return ctx.add_output(string, TensorShape::unknown_rank());
  const std::vector<bool> joined = joined_dims(ctx, in.rank());
  TensorShape out;
  for (int d = 0; d < in.rank(); ++d)
    if (!joined[d]) out.append(in.dim(d));
    else if (ctx.attr<bool>(kKeepDims)) out.append(1);
  ctx.add_output(string, out);
}

void reduce_join_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const TensorShape& shape = in.shape();
  const std::vector<bool> joined = joined_dims(ctx, shape.rank());
  const std::string& separator = ctx.attr<std::string>(kSeparator);
  // Each input element goes to output (its index with joined dims dropped), in row-major order.
  std::int64_t kept_size = 1;
  for (int d = 0; d < shape.rank(); ++d)
    if (!joined[d]) kept_size *= shape.dim(d);
  std::vector<std::string> out(kept_size);
  std::vector<bool> started(kept_size, false);
  const std::string* values = in.data<std::string>();
  for (std::int64_t i = 0; i < in.num_elements(); ++i) {
    std::int64_t rem = i, target = 0, scale = 1;
    for (int d = shape.rank() - 1; d >= 0; --d) {
      const std::int64_t idx = rem % shape.dim(d);
      rem /= shape.dim(d);
      if (!joined[d]) target += idx * scale, scale *= shape.dim(d);
    }
    if (started[target]) out[target] += separator;
    started[target] = true;
    out[target] += values[i];
  }
  std::move(out.begin(), out.end(), ctx.output(0).mutable_data<std::string>());
}

const OpDef& kReduceJoin = OpBuilder("ReduceJoin").inputs(1).attrs({"axis", "keep_dims", "separator"})
    .shape(reduce_join_shape).kernel(string, reduce_join_kernel).no_gradient();

}  // namespace

namespace strings {

Tensor length(const Tensor& input, const LengthOptions& options) {
  const std::array<ops::AttrValue, 1> attrs{options.unit};
  return std::move(ops::execute(kStringLength, {input}, attrs)[0]);
}

Tensor join(const std::vector<Tensor>& inputs, const std::string& separator) {
  const std::array<ops::AttrValue, 1> attrs{separator};
  return std::move(ops::execute(kStringJoin, inputs, attrs)[0]);
}

Tensor reduce_join(const Tensor& input, const ReduceJoinOptions& options) {
  const std::array<ops::AttrValue, 3> attrs{
      options.axis ? std::vector<std::int64_t>{*options.axis} : std::vector<std::int64_t>{}, options.keepdims,
      options.separator};
  return std::move(ops::execute(kReduceJoin, {input}, attrs)[0]);
}

}  // namespace strings
}  // namespace tf
