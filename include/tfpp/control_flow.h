// Control flow that works eagerly and inside tf::function: tf::cond, tf::switch_case,
// tf::case_, tf::while_loop and tf::for_range.
//
// Eagerly they are a plain C++ `if`, `switch` and `while`. While tracing, each branch or loop
// body is traced into a graph of its own and the call becomes If or While nodes, so the
// choice is made at run time from the tensor's value.
#pragma once

#include <cstdint>
#include <functional>
#include <tuple>
#include <type_traits>
#include <vector>

#include "tfpp/errors.h"
#include "tfpp/math_ops.h"
#include "tfpp/nest.h"
#include "tfpp/tensor_array.h"

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
/// tf::case_ on flat branch results (traced): the first fn whose pred holds, else default_fn.
std::vector<Tensor> case_flat(const char* op, const std::vector<Tensor>& preds, const std::vector<FlatFn>& fns,
                              const FlatFn& default_fn, bool exclusive, std::vector<std::string>& keys);
/// The preds of tf::switch_case: branch_index == i for each branch (checks the index).
std::vector<Tensor> switch_preds(const Tensor& branch_index, std::size_t num_branches);
/// The branch tf::switch_case runs eagerly (the default's index when out of range).
std::size_t eager_switch_index(const Tensor& branch_index, std::size_t num_branches);
/// The branch tf::case_ runs eagerly (fns.size() for the default); checks `exclusive`.
std::size_t eager_case_index(const std::vector<Tensor>& preds, bool exclusive);
/// The loop condition of tf::for_range: i < limit for a positive delta, i > limit for a negative one.
Tensor for_range_cond(const Tensor& i, const Tensor& limit, const Tensor& delta);
/// i + delta.
Tensor for_range_next(const Tensor& i, const Tensor& delta);
/// Checks that start, limit and delta are scalars of one integer or float dtype.
void check_range_args(const Tensor& start, const Tensor& limit, const Tensor& delta);
/// tf::while_loop on flat loop variables (eager or traced).
std::vector<Tensor> while_flat(const FlatFn& cond, const FlatFn& body, const std::vector<Tensor>& loop_vars,
                               const WhileOptions& options);

/// The TensorArray a traced If returns with state `flow`, from the arrays its branches
/// returned: they must have one dtype; its element shape has the dims all of them agree on.
TensorArray branch_array(const char* op, const std::vector<TensorArray>& branches, const Tensor& flow);

/// How a loop variable (a Tensor or a TensorArray) is carried by a traced While
/// (and crosses a traced If): as one tensor.
template <class T>
struct LoopVar;
template <>
struct LoopVar<Tensor> {
  static Tensor flat(const Tensor& t) { return t; }
  static Tensor rebuild(const Tensor&, const Tensor& flat) { return flat; }
};
template <>
struct LoopVar<TensorArray> {
  static Tensor flat(const TensorArray& ta) { return ta.flow(); }
  static TensorArray rebuild(const TensorArray& like, const Tensor& flow) { return like.with_flow(flow); }
};

/// How a branch result R crosses a traced If: flattened to tensors (a TensorArray as its
/// flow), then rebuilt from the If's outputs and every branch's own result.
template <class R>
struct BranchResult {
  static void flatten(const R& r, std::vector<Tensor>& out, std::vector<std::string>& keys) {
    ResultTraits<R>::flatten(r, out, keys);
  }
  static R rebuild(const char*, const std::vector<R>&, std::vector<Tensor>& outs, const std::vector<std::string>& keys) {
    return ResultTraits<R>::rebuild(outs, keys);
  }
};
template <>
struct BranchResult<TensorArray> {
  static void flatten(const TensorArray& r, std::vector<Tensor>& out, std::vector<std::string>&) {
    out.push_back(r.flow());
  }
  static TensorArray rebuild(const char* op, const std::vector<TensorArray>& branches, std::vector<Tensor>& outs,
                             const std::vector<std::string>&) {
    return branch_array(op, branches, outs.at(0));
  }
};
template <class... Ts>
  requires(std::is_same_v<Ts, TensorArray> || ...)
struct BranchResult<std::tuple<Ts...>> {
  static_assert(((std::is_same_v<Ts, Tensor> || std::is_same_v<Ts, TensorArray>) && ...),
                "tuple results must hold tensors or TensorArrays");
  static void flatten(const std::tuple<Ts...>& r, std::vector<Tensor>& out, std::vector<std::string>&) {
    std::apply([&](const auto&... x) { (out.push_back(LoopVar<Ts>::flat(x)), ...); }, r);
  }
  static std::tuple<Ts...> rebuild(const char* op, const std::vector<std::tuple<Ts...>>& branches,
                                   std::vector<Tensor>& outs, const std::vector<std::string>&) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return std::tuple<Ts...>(element<I>(op, branches, outs.at(I))...);
    }(std::index_sequence_for<Ts...>{});
  }

 private:
  template <std::size_t I>
  static std::tuple_element_t<I, std::tuple<Ts...>> element(const char* op, const std::vector<std::tuple<Ts...>>& branches,
                                                           const Tensor& out) {
    if constexpr (std::is_same_v<std::tuple_element_t<I, std::tuple<Ts...>>, TensorArray>) {
      std::vector<TensorArray> arrays;
      for (const auto& b : branches) arrays.push_back(std::get<I>(b));
      return branch_array(op, arrays, out);
    } else {
      return out;
    }
  }
};

/// A branch as a FlatFn; appends each result it returns to `results` (for BranchResult::rebuild).
template <class R, class Fn>
FlatFn flat_branch(Fn& fn, std::vector<R>& results) {
  return [&fn, &results](const std::vector<Tensor>&, std::vector<std::string>& keys) {
    R r = fn();
    std::vector<Tensor> out;
    BranchResult<R>::flatten(r, out, keys);
    results.push_back(std::move(r));
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
  std::vector<R> results;
  std::vector<Tensor> out = detail::cond_flat(pred, detail::flat_branch<R>(true_fn, results),
                                              detail::flat_branch<R>(false_fn, results), keys);
  return detail::BranchResult<R>::rebuild("cond", results, out, keys);
}

/// Runs branch_fns[branch_index]() (a scalar int32/int64 tensor), or default_fn() when the
/// index is out of range (the last branch when default_fn is empty), as tf.switch_case does.
/// Every branch returns R (a tensor by default; give R for structures).
template <class R = Tensor>
R switch_case(const Tensor& branch_index, const std::vector<std::function<std::type_identity_t<R>()>>& branch_fns,
              std::function<std::type_identity_t<R>()> default_fn = nullptr) {
  if (branch_fns.empty()) throw InvalidArgumentError("[switch_case] branch_fns must not be empty");
  std::vector<std::function<R()>> fns = branch_fns;
  if (!default_fn) {
    default_fn = fns.back();
    fns.pop_back();
  }
  if (!detail::tracing()) {
    const std::size_t i = detail::eager_switch_index(branch_index, fns.size());
    return i < fns.size() ? fns[i]() : default_fn();
  }
  std::vector<R> results;
  std::vector<detail::FlatFn> flat;
  for (auto& fn : fns) flat.push_back(detail::flat_branch<R>(fn, results));
  std::vector<std::string> keys;
  std::vector<Tensor> out = detail::case_flat("switch_case", detail::switch_preds(branch_index, fns.size()), flat,
                                              detail::flat_branch<R>(default_fn, results), false, keys);
  return detail::BranchResult<R>::rebuild("switch_case", results, out, keys);
}

/// A predicate and the branch it selects, for tf::case_.
template <class R = Tensor>
using CaseBranch = std::pair<Tensor, std::function<R()>>;

/// tf.case: runs the fn of the first pair whose predicate (a scalar bool tensor) is true, else
/// default_fn() (the last pair's fn when default_fn is empty). With `exclusive`, more than one
/// true predicate is an error. (`case` is a C++ keyword, hence the underscore.)
template <class R = Tensor>
R case_(const std::vector<std::pair<Tensor, std::function<std::type_identity_t<R>()>>>& pred_fn_pairs,
        std::function<std::type_identity_t<R>()> default_fn = nullptr, bool exclusive = false) {
  if (pred_fn_pairs.empty()) throw InvalidArgumentError("[case] pred_fn_pairs must not be empty");
  std::vector<Tensor> preds;
  std::vector<std::function<R()>> fns;
  for (const auto& [pred, fn] : pred_fn_pairs) {
    preds.push_back(pred);
    fns.push_back(fn);
  }
  if (!default_fn) default_fn = fns.back();  // its pred still counts for `exclusive`
  if (!detail::tracing()) {
    const std::size_t i = detail::eager_case_index(preds, exclusive);
    return i < fns.size() ? fns[i]() : default_fn();
  }
  std::vector<R> results;
  std::vector<detail::FlatFn> flat;
  for (auto& fn : fns) flat.push_back(detail::flat_branch<R>(fn, results));
  std::vector<std::string> keys;
  std::vector<Tensor> out =
      detail::case_flat("case", preds, flat, detail::flat_branch<R>(default_fn, results), exclusive, keys);
  return detail::BranchResult<R>::rebuild("case", results, out, keys);
}

namespace detail {
/// Throws unless loop variable `i` kept its dtype over an eager iteration.
void check_eager_loop_var(std::size_t i, const Tensor& before, const Tensor& after);
}  // namespace detail

/// Repeats `loop_vars = body(loop_vars...)` while `cond(loop_vars...)` is true and returns the
/// final variables: tf::while_loop(cond, body, std::tuple{i, acc}). Loop variables are tensors
/// or tf::TensorArrays.
template <class Cond, class Body, class... Ts>
std::tuple<Ts...> while_loop(Cond&& cond, Body&& body, const std::tuple<Ts...>& loop_vars, WhileOptions options = {}) {
  static_assert(((std::is_same_v<Ts, Tensor> || std::is_same_v<Ts, TensorArray>) && ...),
                "while_loop variables are tensors or TensorArrays");
  using Vars = std::tuple<Ts...>;
  auto step = [&](const Vars& v) { return Vars(std::apply(body, v)); };
  auto flatten = [](const Vars& v) {
    return std::apply([](const auto&... x) { return std::vector<Tensor>{detail::LoopVar<Ts>::flat(x)...}; }, v);
  };
  if (!detail::tracing()) {
    if (!options.shape_invariants.empty() && options.shape_invariants.size() != sizeof...(Ts))
      throw InvalidArgumentError("[while_loop] " + std::to_string(options.shape_invariants.size()) +
                                 " shape invariants for " + std::to_string(sizeof...(Ts)) + " loop variables");
    Vars vars = loop_vars;
    for (std::int64_t it = 0; options.maximum_iterations < 0 || it < options.maximum_iterations; ++it) {
      if (!detail::eager_predicate(std::apply(cond, vars), "while_loop")) break;
      Vars next = step(vars);
      [&]<std::size_t... I>(std::index_sequence<I...>) {
        (([&] {
           if constexpr (std::is_same_v<std::tuple_element_t<I, Vars>, Tensor>)
             detail::check_eager_loop_var(I, std::get<I>(vars), std::get<I>(next));
         }()),
         ...);
      }(std::index_sequence_for<Ts...>{});
      vars = std::move(next);
    }
    return vars;
  }
  // Traced: the body's latest result supplies the TensorArrays' static facts (element shapes).
  Vars latest = loop_vars;
  auto unflat = [&](const std::vector<Tensor>& v) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return Vars(detail::LoopVar<Ts>::rebuild(std::get<I>(latest), v.at(I))...);
    }(std::index_sequence_for<Ts...>{});
  };
  detail::FlatFn flat_cond = [&](const std::vector<Tensor>& v, std::vector<std::string>&) {
    return std::vector<Tensor>{std::apply(cond, unflat(v))};
  };
  detail::FlatFn flat_body = [&](const std::vector<Tensor>& v, std::vector<std::string>&) {
    Vars next = step(unflat(v));
    latest = next;
    return flatten(next);
  };
  return unflat(detail::while_flat(flat_cond, flat_body, flatten(loop_vars), options));
}

/// `for i in tf.range(start, limit, delta)`: repeats `loop_vars = body(i, loop_vars...)`
/// (body returns a std::tuple) and returns the final variables. Eagerly a plain loop; traced,
/// one While node whose first loop variable is i.
template <class Body, class... Ts>
std::tuple<Ts...> for_range(const Tensor& start, const Tensor& limit, const Tensor& delta, Body&& body,
                            const std::tuple<Ts...>& loop_vars, WhileOptions options = {}) {
  detail::check_range_args(start, limit, delta);
  if (!options.shape_invariants.empty()) options.shape_invariants.insert(options.shape_invariants.begin(), TensorShape{});
  auto result = while_loop([&](const Tensor& i, const Ts&...) { return detail::for_range_cond(i, limit, delta); },
                           [&](const Tensor& i, const Ts&... vars) {
                             return std::tuple_cat(std::tuple<Tensor>(detail::for_range_next(i, delta)),
                                                   std::tuple<Ts...>(body(i, vars...)));
                           },
                           std::tuple_cat(std::tuple<Tensor>(start), loop_vars), std::move(options));
  return [&]<std::size_t... I>(std::index_sequence<I...>) { return std::tuple<Ts...>(std::get<I + 1>(result)...); }(
      std::index_sequence_for<Ts...>{});
}

/// for_range from 0 to `limit` in steps of 1.
template <class Body, class... Ts>
std::tuple<Ts...> for_range(const Tensor& limit, Body&& body, const std::tuple<Ts...>& loop_vars, WhileOptions options = {}) {
  const Tensor zero = scalar_like(limit, 0), one = scalar_like(limit, 1);
  return for_range(zero, limit, one, std::forward<Body>(body), loop_vars, std::move(options));
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
