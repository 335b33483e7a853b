#include "data/element_specs.h"

#include <memory>
#include <string>

namespace tf::data::detail {
namespace {

struct ElementSpecs final : ops::OpPayload {
  explicit ElementSpecs(std::vector<TensorSpec> s) : specs(std::move(s)) {}
  std::vector<TensorSpec> specs;
};

std::string describe(DType dtype, const TensorShape& shape) { return std::string(dtype_name(dtype)) + shape.debug_string(); }

}  // namespace

ops::AttrValue element_specs_attr(std::vector<TensorSpec> specs) {
  return std::shared_ptr<const ops::OpPayload>(std::make_shared<ElementSpecs>(std::move(specs)));
}

const std::vector<TensorSpec>& element_specs_of(const ops::OpContext& ctx, int index) {
  return static_cast<const ElementSpecs&>(*ctx.attr<std::shared_ptr<const ops::OpPayload>>(index)).specs;
}

void add_element_outputs(ops::ShapeContext& ctx, int index) {
  for (const TensorSpec& s : element_specs_of(ctx, index)) ctx.add_output(s.dtype, s.shape);
}

void output_element(ops::KernelContext& ctx, Element element, int index) {
  const std::vector<TensorSpec>& specs = element_specs_of(ctx, index);
  if (element.size() != specs.size())
    ctx.fail("the element has " + std::to_string(element.size()) + " tensors, the element_spec " +
             std::to_string(specs.size()));
  for (std::size_t i = 0; i < specs.size(); ++i) {
    Tensor& t = element[i];
    if (t.dtype() != specs[i].dtype || !specs[i].shape.is_compatible_with(t.shape()))
      ctx.fail("component " + std::to_string(i) + " is " + describe(t.dtype(), t.shape()) +
               ", outside the element_spec's " + describe(specs[i].dtype, specs[i].shape));
    ctx.output(i) = std::move(t);
  }
}

}  // namespace tf::data::detail
