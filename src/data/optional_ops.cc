// The optional variant and its ops. An optional's variant is made with a deleter of its own type,
// which is how optional_of tells it from a dataset's variant.
#include "data/optional_ops.h"

#include <memory>
#include <string>

#include "core/buffer.h"
#include "core/tensor_impl.h"
#include "data/element_specs.h"
#include "data/iterator_resource.h"
#include "ops/execute.h"
#include "tfpp/errors.h"

namespace tf::data::detail {
namespace {

struct OptionalDeleter {
  void operator()(const void* p) const { delete static_cast<const std::optional<Element>*>(p); }
};

std::string describe(const Tensor& t) { return std::string(dtype_name(t.dtype())) + t.shape().debug_string(); }

void check_optional_input(const ops::ShapeContext& ctx) {
  const Tensor& optional = ctx.input(0);
  if (optional.dtype() != DType::kVariant || !optional.shape().is_compatible_with(TensorShape{}))
    ctx.fail("the optional must be a variant scalar, got " + describe(optional));
}

// --- OptionalFromValue / OptionalNone ---------------------------------------------------------

void optional_shape(ops::ShapeContext& ctx) { ctx.add_output(DType::kVariant, TensorShape{}); }

void from_value_kernel(ops::KernelContext& ctx) {
  ctx.output(0) = optional_variant(Element(ctx.inputs().begin(), ctx.inputs().end()));
}

void none_kernel(ops::KernelContext& ctx) { ctx.output(0) = optional_variant(std::nullopt); }

// --- OptionalHasValue / OptionalGetValue ------------------------------------------------------

void has_value_shape(ops::ShapeContext& ctx) {
  check_optional_input(ctx);
  ctx.add_output(DType::kBool, TensorShape{});
}

void has_value_kernel(ops::KernelContext& ctx) {
  ctx.output(0).mutable_data<bool>()[0] = optional_of(ctx.input(0), "OptionalHasValue").has_value();
}

void get_value_shape(ops::ShapeContext& ctx) {
  check_optional_input(ctx);
  add_element_outputs(ctx);
}

void get_value_kernel(ops::KernelContext& ctx) {
  const std::optional<Element>& optional = optional_of(ctx.input(0), "OptionalGetValue");
  if (!optional) throw InvalidArgumentError("The given optional does not have a value.");
  output_element(ctx, *optional);
}

// --- IteratorGetNextAsOptional ----------------------------------------------------------------

void next_as_optional_shape(ops::ShapeContext& ctx) {
  const Tensor& handle = ctx.input(0);
  if (handle.dtype() != DType::kResource || !handle.shape().is_compatible_with(TensorShape{}))
    ctx.fail("the iterator must be a scalar tf.resource handle, got " + describe(handle));
  ctx.add_output(DType::kVariant, TensorShape{});
}

void next_as_optional_kernel(ops::KernelContext& ctx) {
  std::optional<Element> element = iterator_of(ctx.input(0), "IteratorGetNextAsOptional").get_next();
  if (element) {
    const std::vector<TensorSpec>& specs = element_specs_of(ctx);
    bool matches = element->size() == specs.size();
    for (std::size_t i = 0; matches && i < specs.size(); ++i)
      matches = (*element)[i].dtype() == specs[i].dtype && specs[i].shape.is_compatible_with((*element)[i].shape());
    if (!matches) ctx.fail("the iterator's element does not match the element_spec");
  }
  ctx.output(0) = optional_variant(std::move(element));
}

const ops::OpDef& kFromValue = [] {
  ops::OpBuilder b("OptionalFromValue");
  b.variadic_inputs().kernel_allocates_outputs().no_gradient().shape(optional_shape);
  for (int d = 0; d < kNumDTypes; ++d) b.kernel(static_cast<DType>(d), from_value_kernel);
  return std::ref(static_cast<const ops::OpDef&>(b));
}();

const ops::OpDef& kNone = [] {
  ops::OpBuilder b("OptionalNone");
  b.inputs(0).kernel_allocates_outputs().no_gradient().shape(optional_shape).kernel(DType::kVariant, none_kernel);
  return std::ref(static_cast<const ops::OpDef&>(b));
}();

const ops::OpDef& kHasValue = [] {
  ops::OpBuilder b("OptionalHasValue");
  b.inputs(1).no_gradient().shape(has_value_shape).kernel(DType::kVariant, has_value_kernel);
  return std::ref(static_cast<const ops::OpDef&>(b));
}();

const ops::OpDef& kGetValue = [] {
  ops::OpBuilder b("OptionalGetValue");
  b.inputs(1).kernel_allocates_outputs().no_gradient().attrs({"element_spec"});
  b.shape(get_value_shape).kernel(DType::kVariant, get_value_kernel);
  return std::ref(static_cast<const ops::OpDef&>(b));
}();

const ops::OpDef& kNextAsOptional = [] {
  ops::OpBuilder b("IteratorGetNextAsOptional");
  b.inputs(1).kernel_allocates_outputs().stateful().no_gradient().attrs({"element_spec"});
  b.shape(next_as_optional_shape).kernel(DType::kResource, next_as_optional_kernel);
  return std::ref(static_cast<const ops::OpDef&>(b));
}();

}  // namespace

Tensor optional_variant(std::optional<Element> value) {
  Tensor t = core::empty(DType::kVariant, TensorShape{});
  *static_cast<core::Variant*>(t.raw_mutable_data()) =
      core::Variant(new std::optional<Element>(std::move(value)), OptionalDeleter{});
  return t;
}

const std::optional<Element>& optional_of(const Tensor& t, std::string_view op) {
  const std::string prefix = "[" + std::string(op) + "] ";
  if (t.dtype() != DType::kVariant || t.num_elements() != 1 || t.is_symbolic())
    throw InvalidArgumentError(prefix + "expected an optional (a concrete variant scalar), got " + describe(t));
  const core::Variant& variant = *static_cast<const core::Variant*>(t.raw_data());
  if (!variant || !std::get_deleter<OptionalDeleter>(variant))
    throw InvalidArgumentError(prefix + "the variant does not hold an optional");
  return *static_cast<const std::optional<Element>*>(variant.get());
}

Tensor optional_from_value(const std::vector<Tensor>& components) {
  if (components.empty())
    throw InvalidArgumentError("[OptionalFromValue] an optional's value needs at least one tensor, got none");
  return ops::execute(kFromValue, std::span<const Tensor>(components))[0];
}

Tensor optional_none() { return ops::execute(kNone, std::span<const Tensor>())[0]; }

Tensor optional_has_value(const Tensor& optional) {
  return ops::execute(kHasValue, std::span<const Tensor>(&optional, 1))[0];
}

std::vector<Tensor> optional_get_value(const Tensor& optional, const std::vector<TensorSpec>& element_specs) {
  const ops::AttrValue attrs[] = {element_specs_attr(element_specs)};
  ops::Outputs out = ops::execute(kGetValue, std::span<const Tensor>(&optional, 1), attrs);
  return {out.begin(), out.end()};
}

Tensor iterator_get_next_as_optional(const Tensor& handle, const std::vector<TensorSpec>& element_specs) {
  const ops::AttrValue attrs[] = {element_specs_attr(element_specs)};
  return ops::execute(kNextAsOptional, std::span<const Tensor>(&handle, 1), attrs)[0];
}

}  // namespace tf::data::detail
