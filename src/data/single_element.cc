// The DatasetToSingleElement op: the one element of a dataset, as Dataset.get_single_element
// returns it; its element_spec (an op payload) gives the outputs' dtypes and static shapes.
#include <string>

#include "data/dataset_ops.h"
#include "ops/execute.h"

namespace tf::data::detail {
namespace {

struct ElementSpecs final : ops::OpPayload {
  explicit ElementSpecs(std::vector<TensorSpec> s) : specs(std::move(s)) {}
  std::vector<TensorSpec> specs;
};

const std::vector<TensorSpec>& specs_of(const ops::OpContext& ctx) {
  return static_cast<const ElementSpecs&>(*ctx.attr<std::shared_ptr<const ops::OpPayload>>(0)).specs;
}

void single_element_shape(ops::ShapeContext& ctx) {
  const Tensor& dataset = ctx.input(0);
  if (dataset.dtype() != DType::kVariant || !dataset.shape().is_compatible_with(TensorShape{}))
    ctx.fail("the dataset must be a variant scalar, got " + std::string(dtype_name(dataset.dtype())) +
             dataset.shape().debug_string());
  for (const TensorSpec& s : specs_of(ctx)) ctx.add_output(s.dtype, s.shape);
}

void single_element_kernel(ops::KernelContext& ctx) {
  Iterator it = dataset_of(ctx.input(0), "DatasetToSingleElement").make_iterator();
  std::optional<Element> element = it.get_next();
  if (!element) ctx.fail("Dataset was empty.");
  if (it.get_next()) ctx.fail("Dataset had more than one element.");
  const std::vector<TensorSpec>& specs = specs_of(ctx);
  if (element->size() != specs.size())
    ctx.fail("the element has " + std::to_string(element->size()) + " tensors, the element_spec " +
             std::to_string(specs.size()));
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const Tensor& t = (*element)[i];
    if (t.dtype() != specs[i].dtype || !specs[i].shape.is_compatible_with(t.shape()))
      ctx.fail("component " + std::to_string(i) + " is " + std::string(dtype_name(t.dtype())) +
               t.shape().debug_string() + ", outside the element_spec's " + std::string(dtype_name(specs[i].dtype)) +
               specs[i].shape.debug_string());
    ctx.output(i) = t;
  }
}

const ops::OpDef& kDatasetToSingleElement = [] {
  ops::OpBuilder b("DatasetToSingleElement");
  b.inputs(1).kernel_allocates_outputs().stateful().no_gradient().attrs({"element_spec"});
  b.shape(single_element_shape).kernel(DType::kVariant, single_element_kernel);
  return std::ref(static_cast<const ops::OpDef&>(b));
}();

}  // namespace

std::vector<Tensor> dataset_to_single_element(const Tensor& dataset, const std::vector<TensorSpec>& element_specs) {
  const ops::AttrValue attrs[] = {std::shared_ptr<const ops::OpPayload>(std::make_shared<ElementSpecs>(element_specs))};
  ops::Outputs out = ops::execute(kDatasetToSingleElement, std::span<const Tensor>(&dataset, 1), attrs);
  return {out.begin(), out.end()};
}

}  // namespace tf::data::detail

namespace tf::data {

Element Dataset::get_single_element() const {
  Iterator it = make_iterator();
  std::optional<Element> element = it.get_next();
  if (!element) throw InvalidArgumentError("[Dataset.get_single_element] Dataset was empty.");
  if (it.get_next()) throw InvalidArgumentError("[Dataset.get_single_element] Dataset had more than one element.");
  return std::move(*element);
}

}  // namespace tf::data
