// StringToNumber: parses each string as a float32, float64, int32 or int64.
#include "kernels/cpu/parallel.h"
#include "ops/execute.h"
#include "ops/strings/parse_number.h"
#include "ops/strings/string_inputs.h"
#include "tfpp/string_ops.h"

namespace tf {
namespace {

using ops::KernelContext;
using ops::OpBuilder;
using ops::OpDef;
using ops::ShapeContext;

void to_number_shape(ShapeContext& ctx) {
  ops::check_string_input(ctx, 0);
  const DType out = ctx.attr<DType>(0);
  if (!is_floating(out) && !is_index_dtype(out)) ctx.fail("out_type must be float32, float64, int32 or int64, got " + std::string(dtype_name(out)));
  ctx.add_output(out, ctx.input(0).shape());
}

template <class T>
void to_number_kernel(KernelContext& ctx) {
  const std::string* in = ctx.input(0).data<std::string>();
  T* out = ctx.output(0).mutable_data<T>();
  for (std::int64_t i = 0; i < ctx.output(0).num_elements(); ++i)
    if (!ops::parse_number(in[i], out[i]))
      ctx.fail("could not convert string \"" + in[i] + "\" to " + std::string(dtype_name(dtype_of<T>())));
}

// Dispatched on the input (string); the output type picks the parser.
void dispatch_kernel(KernelContext& ctx) {
  switch (ctx.attr<DType>(0)) {
    case DType::kFloat32: return to_number_kernel<float>(ctx);
    case DType::kFloat64: return to_number_kernel<double>(ctx);
    case DType::kInt32: return to_number_kernel<std::int32_t>(ctx);
    default: return to_number_kernel<std::int64_t>(ctx);
  }
}

const OpDef& kStringToNumber = OpBuilder("StringToNumber").inputs(1).attrs({"out_type"}).shape(to_number_shape)
    .kernel(string, dispatch_kernel).no_gradient();

}  // namespace

namespace strings {

Tensor to_number(const Tensor& input, DType out_type) {
  const std::array<ops::AttrValue, 1> attrs{out_type};
  return std::move(ops::execute(kStringToNumber, {input}, attrs)[0]);
}

}  // namespace strings
}  // namespace tf
