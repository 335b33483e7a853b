// The DatasetToSingleElement op: the one element of a dataset, as Dataset.get_single_element
// returns it; its element_spec (an op payload) gives the outputs' dtypes and static shapes.
#include <string>

#include "data/dataset_ops.h"
#include "data/element_specs.h"
#include "ops/execute.h"

namespace tf::data::detail {
namespace {

void single_element_shape(ops::ShapeContext& ctx) {
  const Tensor& dataset = ctx.input(0);
  if (dataset.dtype() != DType::kVariant || !dataset.shape().is_compatible_with(TensorShape{}))
    ctx.fail("the dataset must be a variant scalar, got " + std::string(dtype_name(dataset.dtype())) +
             dataset.shape().debug_string());
  add_element_outputs(ctx);
}

void single_element_kernel(ops::KernelContext& ctx) {
  Iterator it = dataset_of(ctx.input(0), "DatasetToSingleElement").make_iterator();
  std::optional<Element> element = it.get_next();
  if (!element) ctx.fail("Dataset was empty.");
  if (it.get_next()) ctx.fail("Dataset had more than one element.");
  output_element(ctx, std::move(*element));
}

const ops::OpDef& kDatasetToSingleElement = [] {
  ops::OpBuilder b("DatasetToSingleElement");
  b.inputs(1).kernel_allocates_outputs().stateful().no_gradient().attrs({"element_spec"});
  b.shape(single_element_shape).kernel(DType::kVariant, single_element_kernel);
  return std::ref(static_cast<const ops::OpDef&>(b));
}();

}  // namespace

std::vector<Tensor> dataset_to_single_element(const Tensor& dataset, const std::vector<TensorSpec>& element_specs) {
  const ops::AttrValue attrs[] = {element_specs_attr(element_specs)};
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
