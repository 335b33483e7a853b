// Controlling gradients: tf::custom_gradient and tf::stop_gradient.
//
//   auto log1pexp = tf::custom_gradient([](const tf::Tensor& x) {
//     tf::Tensor e = tf::exp(x);
//     return std::pair{tf::math::log(1.0f + e), [e](const tf::Tensor& dy) { return dy * (1.0f - 1.0f / (1.0f + e)); }};
//   });
//   tf::Tensor y = log1pexp(x);     // gradients of y use the given function
//
// The forward function runs without recording; the gradient function runs while tapes
// record (so it may itself be differentiated). With several inputs the gradient function
// returns a std::vector<Tensor>, one per input.
#pragma once

#include <functional>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "tfpp/tensor.h"

namespace tf {

namespace detail {
/// The result of a custom-gradient forward function, type-erased.
struct CustomGradientResult {
  Tensor value;
  std::function<std::vector<Tensor>(const Tensor& dy)> gradient;
};
/// Runs `forward` without recording, then records its result on the recording tapes with
/// the user's gradient as its backward function.
Tensor call_with_custom_gradient(std::span<const Tensor> inputs, const std::function<CustomGradientResult()>& forward);
/// Type-erases what a forward function returned: std::pair{y, grad_fn}.
template <class Pair>
CustomGradientResult erase_custom_result(Pair result) {
  auto& [value, grad] = result;
  return {Tensor(value), [grad = std::move(grad)](const Tensor& dy) -> std::vector<Tensor> {
            auto g = grad(dy);
            if constexpr (std::is_convertible_v<decltype(g), Tensor>) return {Tensor(g)};
            else return std::vector<Tensor>(g.begin(), g.end());
          }};
}
}  // namespace detail

/// Wraps `f` (Tensors -> std::pair{y, grad_fn}) into a function of Tensors whose gradient is grad_fn.
template <class F>
auto custom_gradient(F f) {
  return [f = std::move(f)]<class... Xs>(const Xs&... xs) -> Tensor {
    const std::vector<Tensor> inputs{Tensor(xs)...};
    return detail::call_with_custom_gradient(inputs, [&]() {
      return [&]<std::size_t... I>(std::index_sequence<I...>) {
        return detail::erase_custom_result(f(inputs[I]...));
      }(std::index_sequence_for<Xs...>{});
    });
  };
}

/// Returns `t` unchanged, but gradients do not flow through it (tf.stop_gradient).
Tensor stop_gradient(const Tensor& t);

}  // namespace tf
