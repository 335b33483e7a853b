#include "list_inputs.h"

#include <optional>

namespace tfpp_python {

std::vector<tf::Tensor> matching_tensors(nb::handle values) {
  const bool tracing = tf::graph::Tracer::current() != nullptr;
  std::optional<tf::DType> dtype;
  for (nb::handle value : nb::iter(values))
    if (is_tensor_like(value)) {
      dtype = to_tensor(value).dtype();
      break;
    }
  std::vector<tf::Tensor> tensors;
  for (nb::handle value : nb::iter(values)) {
    if (!dtype) {
      tensors.push_back(to_tensor(value));
      if (!tracing) dtype = tensors.back().dtype();
    } else {
      tensors.push_back(tracing ? to_tensor_hinted(value, *dtype) : to_tensor(value, *dtype));
    }
  }
  return tensors;
}

}  // namespace tfpp_python
