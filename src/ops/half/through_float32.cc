// float16 / bfloat16 kernels of the ops TensorFlow 2.21 registers on CPU for these dtypes
// (found by calling each op there), computed through the op's float32 kernel: inputs of the
// dtype are widened, the float32 kernel runs, outputs are rounded back. For elementwise math
// this is what Eigen does per element; for matmul, convolution and pooling TensorFlow's CPU
// kernels accumulate in float32 too. Reductions and cumulative sums, whose TensorFlow results
// depend on the accumulation type, have their own kernels (half_reductions.cc).
#include <iterator>
#include <limits>
#include <string_view>
#include <utility>
#include <vector>

#include "core/tensor_impl.h"
#include "ops/half/half_convert.h"
#include "ops/late_kernels.h"
#include "tfpp/errors.h"

namespace tf::ops::half {
namespace {

// Runs the op's float32 kernel on the call's inputs and attributes with D widened to float32;
// returns the float32 kernel's outputs (float32 where the call's are D).
template <DType D>
std::vector<Tensor> run_float32(KernelContext& ctx, KernelFn float_kernel) {
  const OpDef& op = ctx.op();
  std::vector<Tensor> inputs;
  inputs.reserve(ctx.num_inputs());
  for (const Tensor& in : ctx.inputs()) inputs.push_back(in.dtype() == D ? to_float32(in) : in);
  // Attributes naming the dtype (T, dtype, DstT) name float32 for the float32 kernel.
  std::vector<AttrValue> attrs(ctx.attrs().begin(), ctx.attrs().end());
  for (AttrValue& a : attrs)
    if (const DType* d = std::get_if<DType>(&a); d && *d == D) a = DType::kFloat32;
  std::vector<Tensor> outputs(ctx.outputs().begin(), ctx.outputs().end());
  for (Tensor& out : outputs)
    if (out.defined() && out.dtype() == D) out = core::empty(DType::kFloat32, out.shape());
  KernelContext float_ctx(op, inputs, attrs, outputs);
  float_kernel(float_ctx);
  return outputs;
}

template <DType D>
void round_outputs(KernelContext& ctx, const std::vector<Tensor>& outputs) {
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    Tensor& out = ctx.output(i);
    if (out.defined() && out.dtype() == D) round_into(outputs[i], out);
    else if (!out.defined() && outputs[i].defined() && outputs[i].dtype() == DType::kFloat32) out = from_float32(outputs[i], D);
    else if (!out.defined()) out = outputs[i];
  }
}

template <DType D>
void through_float32(KernelContext& ctx) {
  round_outputs<D>(ctx, run_float32<D>(ctx, kernel_for(ctx.op(), DType::kFloat32)));
}

// Ops whose kernels do not look at the values (views): the float32 kernel as it is.
void as_float32(KernelContext& ctx) { kernel_for(ctx.op(), DType::kFloat32)(ctx); }
constexpr std::string_view kAnyValues[] = {"PreventGradient"};

// Ops that dispatch on a leading int32 / int64 input (input_sizes, orig_input_shape, ScatterNd's
// indices): their index kernels are wrapped to take float16 / bfloat16 values through float32.
constexpr std::string_view kShapeFirst[] = {"Conv2DBackpropInput", "DepthwiseConv2dNativeBackpropInput", "Conv3DBackpropInputV2",
                                            "AvgPoolGrad", "_MaxPoolGradWithArgmax", "ScatterNd"};
KernelFn shape_first_originals[std::size(kShapeFirst)][2];

template <std::size_t I, int Slot>
void shape_first(KernelContext& ctx) {
  const KernelFn original = shape_first_originals[I][Slot];
  for (const Tensor& in : ctx.inputs()) {
    if (in.dtype() == DType::kFloat16) return round_outputs<DType::kFloat16>(ctx, run_float32<DType::kFloat16>(ctx, original));
    if (in.dtype() == DType::kBFloat16) return round_outputs<DType::kBFloat16>(ctx, run_float32<DType::kBFloat16>(ctx, original));
  }
  original(ctx);
}

template <std::size_t... I>
void wrap_shape_first(std::index_sequence<I...>) {
  ((wrap_kernel(kShapeFirst[I], DType::kInt32, &shape_first<I, 0>, &shape_first_originals[I][0]),
    wrap_kernel(kShapeFirst[I], DType::kInt64, &shape_first<I, 1>, &shape_first_originals[I][1])), ...);
}

// The ops whose TensorFlow op accepts the dtype but has no CPU kernel for it: NotFoundError, as there.
template <DType D>
void no_cpu_kernel(KernelContext& ctx) {
  throw NotFoundError("[" + ctx.op().name + "] TensorFlow has no CPU kernel for " + std::string(dtype_name(D)) +
                      " (it has one for float32 and float64)");
}
constexpr std::string_view kNoKernel[] = {"Erfinv", "Ndtri", "Rint", "TruncateMod"};

// The ops both dtypes have kernels for in TensorFlow 2.21 on CPU.
constexpr std::string_view kBoth[] = {
    // elementwise math
    "Neg", "Abs", "Sign", "Square", "Sqrt", "Rsqrt", "Exp", "Expm1", "Log", "Log1p", "Sin", "Cos", "Tan", "Asin",
    "Acos", "Atan", "Sinh", "Cosh", "Tanh", "Asinh", "Acosh", "Atanh", "Sigmoid", "Floor", "Ceil", "Round",
    "Reciprocal", "Erf", "Erfc", "IsNan", "IsInf", "IsFinite", "AddV2", "Sub", "Mul", "RealDiv", "DivNoNan",
    "FloorDiv", "FloorMod", "Maximum", "Minimum", "Pow", "SquaredDifference", "Atan2", "Xlogy", "Xdivy", "Xlog1py",
    "TruncateDiv", "MulNoNan", "Less", "LessEqual", "Greater", "GreaterEqual", "Equal", "NotEqual", "ClipByValue",
    // activations and nn
    "Relu", "Relu6", "Elu", "Selu", "Softplus", "Softsign", "LeakyRelu", "ReluGrad", "Gelu", "Softmax", "LogSoftmax",
    "BiasAdd", "BiasAddGrad", "SoftmaxCrossEntropyWithLogits", "SparseSoftmaxCrossEntropyWithLogits", "L2Loss", "MatMul",
    "BatchMatMulV2", "Conv2D", "Conv2DBackpropFilter", "DepthwiseConv2dNative", "DepthwiseConv2dNativeBackpropFilter",
    "Conv3D", "Conv3DBackpropFilterV2",  // (TensorFlow's float16 Conv3D sums in float16: its values differ in the last bits)
    "AvgPool", "MaxPoolGrad", "MaxPoolGradGrad", "_MaxPoolGradGradWithArgmax",
    "UnsortedSegmentSum",  // (the gradients of the shape-first backprop ops: kShapeFirst)
    // reductions whose results do not depend on the order
    "Max", "Min", "ArgMax", "ArgMin", "TopKV2",
    // images: the resize ops read pixels as floats (bilinear, bicubic, area and ScaleAndTranslate
    // give float32; nearest neighbour copies them, as CropAndResize's crops do), the colour
    // conversions compute in float
    "ResizeBilinear", "ResizeBicubic", "ResizeArea", "ResizeNearestNeighbor", "ResizeNearestNeighborGrad",
    "ScaleAndTranslate", "CropAndResize", "RGBToHSV", "HSVToRGB",
    // other
    "AddN", "ZerosLike", "OnesLike", "SumToShape"};

// TensorFlow runs a float16 MaxPool in oneDNN where the CPU has AVX512-FP16 instructions, and
// in its own kernel elsewhere; the two disagree on a window of NaNs and -infs.
bool tensorflow_pools_float16_in_onednn() {
  static const bool has_avx512_fp16 = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512fp16") != 0;
  }();
  return has_avx512_fp16;
}

// MaxPool (and _MaxPoolWithArgmax, its form under a tape): the float32 kernel's max starts from
// float32's lowest value, which rounds to -inf in float16, as oneDNN's gives, where TensorFlow's
// own float16 kernel gives float16's lowest (-65504) for a window of NaNs and -infs. (In bfloat16
// it rounds to -inf, as TensorFlow's gives.) No float16 input widens to float32's lowest, so only
// such windows change.
void max_pool_float16(KernelContext& ctx) {
  std::vector<Tensor> outputs = run_float32<DType::kFloat16>(ctx, kernel_for(ctx.op(), DType::kFloat32));
  if (!tensorflow_pools_float16_in_onednn()) {
    float* values = outputs[0].mutable_data<float>();
    for (std::int64_t i = 0; i < outputs[0].num_elements(); ++i)
      if (values[i] == std::numeric_limits<float>::lowest()) values[i] = -65504.0f;
  }
  round_outputs<DType::kFloat16>(ctx, outputs);
}
constexpr std::string_view kMaxPools[] = {"MaxPool", "_MaxPoolWithArgmax"};

// float16 only (TensorFlow has no bfloat16 kernel).
constexpr std::string_view kFloat16Only[] = {"Lgamma", "Digamma"};

// bfloat16 only: TensorFlow sums bfloat16 in float32 (float16 sums: half_reductions.cc).
constexpr std::string_view kBFloat16Only[] = {"Sum", "Mean"};

const bool kRegistered = [] {
  for (std::string_view name : kBoth) {
    add_kernel(name, DType::kFloat16, &through_float32<DType::kFloat16>);
    add_kernel(name, DType::kBFloat16, &through_float32<DType::kBFloat16>);
  }
  for (std::string_view name : kMaxPools) {
    add_kernel(name, DType::kFloat16, &max_pool_float16);
    add_kernel(name, DType::kBFloat16, &through_float32<DType::kBFloat16>);
  }
  for (std::string_view name : kAnyValues) {
    add_kernel(name, DType::kFloat16, &as_float32);
    add_kernel(name, DType::kBFloat16, &as_float32);
  }
  wrap_shape_first(std::make_index_sequence<std::size(kShapeFirst)>());
  for (std::string_view name : kNoKernel) {
    add_kernel(name, DType::kFloat16, &no_cpu_kernel<DType::kFloat16>);
    add_kernel(name, DType::kBFloat16, &no_cpu_kernel<DType::kBFloat16>);
  }
  for (std::string_view name : kFloat16Only) add_kernel(name, DType::kBFloat16, &no_cpu_kernel<DType::kBFloat16>);
  for (std::string_view name : kFloat16Only) add_kernel(name, DType::kFloat16, &through_float32<DType::kFloat16>);
  for (std::string_view name : kBFloat16Only) add_kernel(name, DType::kBFloat16, &through_float32<DType::kBFloat16>);
  return true;
}();

}  // namespace
}  // namespace tf::ops::half
