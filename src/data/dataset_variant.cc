// Datasets held by variant scalars.
#include "data/dataset_variant.h"

#include <string>

#include "core/buffer.h"
#include "core/tensor_impl.h"
#include "tfpp/errors.h"

namespace tf::data::detail {
namespace {

// Deletes a variant's dataset; its type marks the variants that hold one, as the optional's
// marks optionals (data/optional_ops.cc), so that neither is read as the other.
struct DatasetDeleter {
  void operator()(const void* p) const { delete static_cast<const Dataset*>(p); }
};

}  // namespace

Tensor dataset_variant(const Dataset& dataset) {
  Tensor t = core::empty(DType::kVariant, TensorShape{});
  *static_cast<core::Variant*>(t.raw_mutable_data()) = core::Variant(new Dataset(dataset), DatasetDeleter{});
  return t;
}

const Dataset& dataset_of(const Tensor& t, std::string_view op) {
  const std::string prefix = "[" + std::string(op) + "] ";
  if (t.dtype() != DType::kVariant || t.num_elements() != 1 || t.is_symbolic())
    throw InvalidArgumentError(prefix + "expected a dataset (a concrete variant scalar), got " +
                               std::string(dtype_name(t.dtype())) + t.shape().debug_string());
  const core::Variant& variant = *static_cast<const core::Variant*>(t.raw_data());
  if (!variant) throw InvalidArgumentError(prefix + "the dataset variant is empty");
  if (!std::get_deleter<DatasetDeleter>(variant)) throw InvalidArgumentError(prefix + "the variant does not hold a dataset");
  return *static_cast<const Dataset*>(variant.get());
}

}  // namespace tf::data::detail
