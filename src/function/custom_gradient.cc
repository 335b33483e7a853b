#include "tfpp/custom_gradient.h"

#include "function/custom_gradient_record.h"

namespace tf {
namespace detail {

Tensor call_with_custom_gradient(std::span<const Tensor> inputs, const std::function<CustomGradientResult()>& forward) {
  CustomGradientResult result;
  {
    autodiff::SuspendTapes no_recording;
    result = forward();
  }
  if (!result.value.defined()) throw InvalidArgumentError("[custom_gradient] the forward function returned an undefined tensor");
  const std::size_t num_inputs = inputs.size();
  auto backward = std::make_shared<autodiff::BackwardFn>(
      [gradient = std::move(result.gradient), num_inputs](std::span<const Tensor> grads) -> autodiff::Grads {
        std::vector<Tensor> g = gradient(grads[0]);
        if (g.size() != num_inputs)
          throw InvalidArgumentError("[custom_gradient] the gradient function returned " + std::to_string(g.size()) +
                                     " gradients for " + std::to_string(num_inputs) + " inputs");
        autodiff::Grads out;
        for (Tensor& t : g) out.push_back(std::move(t));
        return out;
      });
  return function_ops::record_custom_gradient(inputs, {&result.value, 1}, std::move(backward))[0];
}

}  // namespace detail
}  // namespace tf
