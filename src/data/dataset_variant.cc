// Datasets held by variant scalars.
#include "data/dataset_variant.h"

#include <string>

#include "core/buffer.h"
#include "core/tensor_impl.h"
#include "tfpp/errors.h"

namespace tf::data::detail {

Tensor dataset_variant(const Dataset& dataset) {
  Tensor t = core::empty(DType::kVariant, TensorShape{});
  *static_cast<core::Variant*>(t.raw_mutable_data()) = std::make_shared<const Dataset>(dataset);
  return t;
}

const Dataset& dataset_of(const Tensor& t, std::string_view op) {
  const std::string prefix = "[" + std::string(op) + "] ";
  if (t.dtype() != DType::kVariant || t.num_elements() != 1 || t.is_symbolic())
    throw InvalidArgumentError(prefix + "expected a dataset (a concrete variant scalar), got " +
                               std::string(dtype_name(t.dtype())) + t.shape().debug_string());
  const auto* dataset = static_cast<const core::Variant*>(t.raw_data())->get();
  if (dataset == nullptr) throw InvalidArgumentError(prefix + "the dataset variant is empty");
  return *static_cast<const Dataset*>(dataset);
}

}  // namespace tf::data::detail
