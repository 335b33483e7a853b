// Control flow that works eagerly and inside tf::function: tf::cond and tf::while_loop.
//
// Eagerly they are a plain C++ `if` and `while`. While tracing, each branch or loop body is
// traced into a graph of its own and the call becomes one If or While node, so the choice
// is made at run time from the tensor's value.
#pragma once

#include <cstdint>
#include <tuple>
#include <type_traits>
#include <vector>

#include "tfpp/nest.h"

namespace tf {

/// Options of tf::while_loop.
struct WhileOptions {
  /// Stop after this many iterations even if the condition still holds (-1: no limit).
  std::int64_t maximum_iterations = -1;
  /// Shapes the loop variables may take while looping (unknown dims allowed); by default
  /// each variable must keep the shape it entered with.
  std::vector<TensorShape> shape_invariants = {};
};

namespace detail {
/// True while a tf::function is being traced on this thread.
bool tracing();
/// The value of a scalar bool predicate; throws naming `op` if it is not one.
bool eager_predicate(const Tensor& pred, const char* op);
/// tf::cond on flat branch results (traced).
std::vector<Tensor> cond_flat(const Tensor& pred, const FlatFn& true_fn, const FlatFn& false_fn,
                              std::vector<std::string>& keys);
/// tf::while_loop on flat loop variables (eager or traced).
std::vector<Tensor> while_flat(const FlatFn& cond, const FlatFn& body, const std::vector<Tensor>& loop_vars,
                               const WhileOptions& options);

template <class R, class Fn>
FlatFn flat_branch(Fn& fn) {
  return [&fn](const std::vector<Tensor>&, std::vector<std::string>& keys) {
    std::vector<Tensor> out;
    ResultTraits<R>::flatten(fn(), out, keys);
    return out;
  };
}
}  // namespace detail

/// Runs true_fn() if `pred` (a scalar bool tensor) is true, else false_fn(). Both branches
/// return the same structure of tensors with the same dtypes.
template <class TrueFn, class FalseFn>
auto cond(const Tensor& pred, TrueFn&& true_fn, FalseFn&& false_fn) {
  using R = std::invoke_result_t<TrueFn&>;
  static_assert(std::is_same_v<R, std::invoke_result_t<FalseFn&>>, "both branches of tf::cond must return one type");
  if (!detail::tracing()) return detail::eager_predicate(pred, "cond") ? true_fn() : false_fn();
  std::vector<std::string> keys;
  std::vector<Tensor> out =
      detail::cond_flat(pred, detail::flat_branch<R>(true_fn), detail::flat_branch<R>(false_fn), keys);
  return detail::ResultTraits<R>::rebuild(out, keys);
}

/// Repeats `loop_vars = body(loop_vars...)` while `cond(loop_vars...)` is true and returns the
/// final variables: tf::while_loop(cond, body, std::tuple{i, acc}).
template <class Cond, class Body, class... Ts>
std::tuple<Ts...> while_loop(Cond&& cond, Body&& body, const std::tuple<Ts...>& loop_vars, WhileOptions options = {}) {
  static_assert((std::is_same_v<Ts, Tensor> && ...), "while_loop variables are tensors");
  auto unflat = [](const std::vector<Tensor>& v) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) { return std::tuple<Ts...>(v.at(I)...); }(
        std::index_sequence_for<Ts...>{});
  };
  detail::FlatFn flat_cond = [&](const std::vector<Tensor>& v, std::vector<std::string>&) {
    return std::vector<Tensor>{std::apply(cond, unflat(v))};
  };
  detail::FlatFn flat_body = [&](const std::vector<Tensor>& v, std::vector<std::string>& keys) {
    std::vector<Tensor> out;
    using R = decltype(std::apply(body, unflat(v)));
    if constexpr (std::is_same_v<R, Tensor>) out.push_back(std::apply(body, unflat(v)));
    else detail::ResultTraits<R>::flatten(std::apply(body, unflat(v)), out, keys);
    return out;
  };
  std::vector<Tensor> flat;
  std::apply([&](const auto&... t) { (flat.push_back(t), ...); }, loop_vars);
  return unflat(detail::while_flat(flat_cond, flat_body, flat, options));
}

/// tf::while_loop over a vector of loop variables; cond and body take the vector.
template <class Cond, class Body>
std::vector<Tensor> while_loop(Cond&& cond, Body&& body, const std::vector<Tensor>& loop_vars, WhileOptions options = {}) {
  detail::FlatFn flat_cond = [&](const std::vector<Tensor>& v, std::vector<std::string>&) {
    return std::vector<Tensor>{cond(v)};
  };
  detail::FlatFn flat_body = [&](const std::vector<Tensor>& v, std::vector<std::string>&) {
    return std::vector<Tensor>(body(v));
  };
  return detail::while_flat(flat_cond, flat_body, loop_vars, options);
}

}  // namespace tf
