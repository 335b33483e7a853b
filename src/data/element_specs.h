// The element_spec attribute of the ops that output a dataset element (DatasetToSingleElement,
// IteratorGetNext, OptionalGetValue): an op payload holding the components' TensorSpecs, which give
// the outputs' dtypes and static shapes while tracing and check the element while running.
#pragma once

#include <vector>

#include "ops/op_def.h"
#include "tfpp/data/dataset.h"

namespace tf::data::detail {

/// `specs` as the op attribute.
ops::AttrValue element_specs_attr(std::vector<TensorSpec> specs);
/// The specs of attribute `index` of an op given element_specs_attr.
const std::vector<TensorSpec>& element_specs_of(const ops::OpContext& ctx, int index = 0);
/// Adds the outputs the element_spec attribute describes.
void add_element_outputs(ops::ShapeContext& ctx, int index = 0);
/// Moves `element` into the op's outputs, failing the op when a component's dtype or shape is
/// outside the element_spec attribute or the counts differ.
void output_element(ops::KernelContext& ctx, Element element, int index = 0);

}  // namespace tf::data::detail
