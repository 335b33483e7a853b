#include "tfpp/custom_gradient.h"

#include "autodiff/custom_gradient_boundary.h"
#include "autodiff/tape.h"

namespace tf {
namespace detail {

Tensor call_with_custom_gradient(std::span<const Tensor> inputs, const std::function<CustomGradientResult()>& forward) {
  CustomGradientResult result;
  {
    autodiff::SuspendTapes no_recording;
    result = forward();
  }
  if (!result.value.defined()) throw InvalidArgumentError("[custom_gradient] the forward function returned an undefined tensor");
  result.value = autodiff::custom_gradient_boundary(result.value);  // Note [Custom gradients in traced graphs]
  if (!autodiff::any_tape_recording()) return result.value;
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
  ops::Outputs outputs{core::view(result.value, result.value.shape())};  // its own identity on the tapes
  for (autodiff::Tape* tape : autodiff::recording_tapes()) tape->record_custom(inputs, outputs, backward);
  return outputs[0];
}

}  // namespace detail
}  // namespace tf
