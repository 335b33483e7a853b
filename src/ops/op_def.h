// The op registry: every op is declared once, here described by an OpDef, and every
// execution mode (eager now, tracing later) goes through that one declaration.
//
//   static const OpDef& kAddV2 = OpBuilder("AddV2").inputs(2).shape(broadcast_binary_shape)
//                                    .kernel(float32, add_kernel<float>) ...;
//
// Ops keep a reference to their OpDef, so dispatch needs no name lookup. Attributes are
// positional and typed: an op lists its attribute names once (for graph export and error
// messages) and callers pass values in that order.
#pragma once

#include <array>
#include <memory>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/small_vector.h"
#include "tfpp/errors.h"
#include "tfpp/tensor.h"

namespace tf::graph {
struct FunctionBody;  // a traced body that control-flow ops run (graph/function_body.h)
}

namespace tf::ops {

struct OpDef;

/// Base of precompiled data an op runs from (a fused elementwise region's program).
struct OpPayload {
  virtual ~OpPayload() = default;
};

/// One attribute value of an op call.
using AttrValue = std::variant<std::monostate, bool, std::int64_t, double, DType, std::string,
                               std::vector<std::int64_t>, TensorShape, std::shared_ptr<const graph::FunctionBody>,
                               std::shared_ptr<const OpPayload>>;

/// The dtype and static shape of one op output.
struct TensorInfo {
  DType dtype = DType::kFloat32;
  TensorShape shape;
};

using OutputInfos = core::SmallVector<TensorInfo, 2>;

/// Base of the contexts handed to shape functions and kernels: the op, its inputs and attrs.
class OpContext {
 public:
  OpContext(const OpDef& op, std::span<const Tensor> inputs, std::span<const AttrValue> attrs)
      : op_(op), inputs_(inputs), attrs_(attrs) {}

  const OpDef& op() const { return op_; }
  std::span<const Tensor> inputs() const { return inputs_; }
  const Tensor& input(std::size_t i) const { return inputs_[i]; }
  std::size_t num_inputs() const { return inputs_.size(); }
  /// Attribute number i, of type T (the op's own declaration fixes both).
  template <class T>
  const T& attr(std::size_t i) const {
    return std::get<T>(attrs_[i]);
  }
  std::span<const AttrValue> attrs() const { return attrs_; }
  /// Throws InvalidArgumentError prefixed with "[OpName] ".
  [[noreturn]] void fail(const std::string& message) const;
  /// Fails with TensorFlow's kernel message unless input i has dtype `expected`.
  void expect_input_dtype(std::size_t i, DType expected) const;

 private:
  const OpDef& op_;
  std::span<const Tensor> inputs_;
  std::span<const AttrValue> attrs_;
};

/// What a shape function sees: inputs (concrete or symbolic; read only dtype and shape, or a
/// value when `input(i).is_symbolic()` is false) and attrs; it fills outputs().
class ShapeContext : public OpContext {
 public:
  using OpContext::OpContext;
  OutputInfos& outputs() { return outputs_; }
  void add_output(DType dtype, const TensorShape& shape) { outputs_.push_back({dtype, shape}); }

 private:
  OutputInfos outputs_;
};

/// What a kernel sees: concrete inputs, attrs, and outputs preallocated from the shape
/// function's result (unless the op creates its own outputs).
class KernelContext : public OpContext {
 public:
  KernelContext(const OpDef& op, std::span<const Tensor> inputs, std::span<const AttrValue> attrs,
                std::span<Tensor> outputs)
      : OpContext(op, inputs, attrs), outputs_(outputs) {}
  Tensor& output(std::size_t i) { return outputs_[i]; }
  std::span<Tensor> outputs() { return outputs_; }

 private:
  std::span<Tensor> outputs_;
};

using ShapeFn = void (*)(ShapeContext&);
using KernelFn = void (*)(KernelContext&);

struct GradientDef;  // defined by the autodiff layer

/// The single declaration of an op.
struct OpDef {
  std::string name;                     ///< TensorFlow's spelling, e.g. "AddV2"
  std::vector<std::string> attr_names;  ///< positional attribute names
  int num_inputs = 0;                   ///< -1 for a variadic list
  ShapeFn shape_fn = nullptr;
  std::array<KernelFn, kNumDTypes> kernels{};  ///< by the dtype of input 0 (output 0 if no inputs)
  bool kernel_allocates_outputs = false;       ///< views and data-dependent shapes
  bool stateful = false;
  bool no_gradient = false;                 ///< explicitly not differentiable
  const GradientDef* gradient = nullptr;    ///< filled by the autodiff layer
};

/// Fluent declaration of an op; converting it to `const OpDef&` registers it.
class OpBuilder {
 public:
  explicit OpBuilder(std::string name);
  OpBuilder& inputs(int n);
  OpBuilder& variadic_inputs();
  OpBuilder& attrs(std::vector<std::string> names);
  OpBuilder& shape(ShapeFn fn);
  OpBuilder& kernel(DType dtype, KernelFn fn);
  /// Registers `make.template operator()<T>()` as the kernel for each listed type T.
  template <class... Ts, class Make>
  OpBuilder& kernels(Make make) {
    (kernel(dtype_of<Ts>(), make.template operator()<Ts>()), ...);
    return *this;
  }
  /// The kernel creates its own outputs (views of inputs, or shapes that depend on values).
  OpBuilder& kernel_allocates_outputs();
  OpBuilder& stateful();
  OpBuilder& no_gradient();
  operator const OpDef&();

 private:
  OpDef def_;
};

/// Attaches the gradient of the op named `name`, now or when the op registers later (static
/// registrations run in any order). Throws InternalError for a second gradient of one op.
void set_gradient(std::string_view name, const GradientDef* gradient);
/// Marks the op named `name` as not differentiable, now or when it registers later.
void set_no_gradient(std::string_view name);

/// The registered op with this name, or null.
const OpDef* find_op(std::string_view name);
/// Every registered op, in registration order.
std::vector<const OpDef*> all_ops();

/// The kernel for this call's dispatch dtype; throws a clear error when there is none.
KernelFn kernel_for(const OpDef& op, DType dtype);

}  // namespace tf::ops
