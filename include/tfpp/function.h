// tf::function: traces a C++ callable into a graph once per input signature and runs the
// cached, optimized graph on later calls.
//
//   auto add = tf::function([](tf::Tensor a, tf::Tensor b) { return a + b; });
//   add(tf::ones({2, 2}), tf::ones({2, 2}));   // traces, then runs the graph
//   add(tf::ones({2, 2}), tf::ones({2, 2}));   // runs the cached graph
//
// Arguments may be tensors, C++ numbers, bools and strings, and std::vector / std::map of
// those. Tensors are traced as symbolic placeholders, keyed by dtype and shape; every other
// value is part of the cache key, so a new value traces again (as Python arguments do).
// Results may be a tensor, a std::vector, std::pair or std::tuple of tensors, a std::map from names to
// tensors, or nothing. C++ side effects run only while tracing; ops (tf::print) run on every call.
// Under a GradientTape a call is one tape record: it runs a forward graph that keeps what the
// gradient needs, and its backward pass is a traced graph too, built once per signature.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "tfpp/concrete_function.h"
#include "tfpp/constant.h"
#include "tfpp/nest.h"
#include "tfpp/variable.h"

namespace tf {

/// Options of tf::function.
struct FunctionOptions {
  /// Fixes the argument specs: one trace serves every call that matches them.
  std::vector<TensorSpec> input_signature = {};
  /// Relax dimensions that differ between traces to unknown instead of tracing every size.
  bool reduce_retracing = false;
  /// Name of the function, used in signatures and errors.
  std::string name = "function";
  /// Names of the tensor arguments in order, as Python's parameter names name the placeholders
  /// (`Tensor("a:0", ...)`); C++ cannot read parameter names. Unnamed ones are args_0, args_1, ...
  std::vector<std::string> arg_names = {};
};

namespace config {
/// Runs every tf::function eagerly instead of tracing (for debugging).
void run_functions_eagerly(bool enable);
/// Whether tf::function currently runs eagerly.
bool functions_run_eagerly();
}  // namespace config

/// False while a tf::function is being traced on this thread (tf.executing_eagerly()).
bool executing_eagerly();

namespace detail {

/// One tensor argument of a call: its value (undefined for a TensorSpec) and spec.
struct Leaf {
  Tensor value;
  TensorSpec spec;
};

/// What a call's arguments reduce to: the cache key of their non-tensor parts and structure,
/// and the tensor leaves.
struct ArgWalk {
  std::string key;
  std::vector<Leaf> leaves;
};

/// Walks symbolic placeholders back into the arguments' structure while tracing.
struct LeafCursor {
  const std::vector<Tensor>* leaves;
  std::size_t next = 0;
  const Tensor& take() { return (*leaves)[next++]; }
};

template <class T>
struct ArgTraits {
  static_assert(std::is_arithmetic_v<T>, "tf::function arguments are tensors, numbers, strings, vectors and maps");
  using Traced = T;
  static void walk(T v, ArgWalk& w) {
    w.key += std::is_same_v<T, bool> ? (v ? "b1," : "b0,") : "n" + std::to_string(v) + ",";
  }
  static T rebuild(T v, LeafCursor&) { return v; }
};

template <>
struct ArgTraits<Tensor> {
  using Traced = Tensor;
  static void walk(const Tensor& t, ArgWalk& w) {
    w.key += "T,";  // dtype and shape join the key from the leaf's spec
    w.leaves.push_back({t, TensorSpec(t.shape(), t.dtype())});
  }
  static Tensor rebuild(const Tensor&, LeafCursor& c) { return c.take(); }
};

/// Makes the handle of variable argument `v` stand for `placeholder` in the current trace.
void bind_variable_argument(const Variable& v, const Tensor& placeholder);

/// A variable argument is passed as its handle, so the graph reads and writes the variable of
/// each call; variables of one dtype and shape share a trace, and which arguments are the same
/// variable is part of the key (TensorFlow's alias ids).
template <>
struct ArgTraits<Variable> {
  using Traced = Variable;
  static void walk(const Variable& v, ArgWalk& w) {
    Tensor handle = v.handle();
    std::size_t alias = w.leaves.size();
    for (std::size_t i = 0; i < w.leaves.size() && alias == w.leaves.size(); ++i)
      if (w.leaves[i].value.impl() == handle.impl()) alias = i;
    w.key += "V" + std::string(dtype_name(v.dtype())) + v.shape().debug_string() + "@" + std::to_string(alias) + ",";
    w.leaves.push_back({std::move(handle), TensorSpec(TensorShape{}, resource)});
  }
  static Variable rebuild(const Variable& v, LeafCursor& c) {
    bind_variable_argument(v, c.take());
    return v;
  }
};

template <>
struct ArgTraits<TensorSpec> {
  using Traced = Tensor;
  static void walk(const TensorSpec& s, ArgWalk& w) {
    w.key += "T,";
    w.leaves.push_back({Tensor(), s});
  }
  static Tensor rebuild(const TensorSpec&, LeafCursor& c) { return c.take(); }
};

template <>
struct ArgTraits<std::string> {
  using Traced = std::string;
  static void walk(const std::string& s, ArgWalk& w) { w.key += "s" + std::to_string(s.size()) + ":" + s + ","; }
  static std::string rebuild(const std::string& s, LeafCursor&) { return s; }
};

template <>
struct ArgTraits<const char*> : ArgTraits<std::string> {
  using Traced = const char*;
  static const char* rebuild(const char* s, LeafCursor&) { return s; }
};

template <std::size_t N>
struct ArgTraits<char[N]> : ArgTraits<const char*> {};

template <class T>
struct ArgTraits<std::vector<T>> {
  using Traced = std::vector<typename ArgTraits<T>::Traced>;
  static void walk(const std::vector<T>& v, ArgWalk& w) {
    w.key += "[";
    for (const T& x : v) ArgTraits<T>::walk(x, w);
    w.key += "],";
  }
  static Traced rebuild(const std::vector<T>& v, LeafCursor& c) {
    Traced out;
    for (const T& x : v) out.push_back(ArgTraits<T>::rebuild(x, c));
    return out;
  }
};

template <class T>
struct ArgTraits<std::map<std::string, T>> {
  using Traced = std::map<std::string, typename ArgTraits<T>::Traced>;
  static void walk(const std::map<std::string, T>& m, ArgWalk& w) {
    w.key += "{";
    for (const auto& [k, x] : m) {
      w.key += k + ":";
      ArgTraits<T>::walk(x, w);
    }
    w.key += "},";
  }
  static Traced rebuild(const std::map<std::string, T>& m, LeafCursor& c) {
    Traced out;
    for (const auto& [k, x] : m) out.emplace(k, ArgTraits<T>::rebuild(x, c));
    return out;
  }
};

template <class T>
using ArgOf = ArgTraits<std::remove_cvref_t<T>>;

/// Traces the user's callable: given symbolic leaves, returns flat outputs and map keys.
using TraceBody = FlatFn;

/// A tensor, for each index of a pack (one tensor per input_signature spec).
template <std::size_t>
using TensorAt = Tensor;

/// The non-template state of a tf::function: options, the trace cache, and tracing.
class FunctionState {
 public:
  explicit FunctionState(FunctionOptions options);
  ~FunctionState();
  /// The concrete function for these arguments, tracing with `body` when none is cached.
  ConcreteFunction lookup_or_trace(ArgWalk& walk, const TraceBody& body);
  /// Runs `cf` on the walk's tensor leaves.
  static std::vector<Tensor> call(const ConcreteFunction& cf, const ArgWalk& walk);
  int tracing_count() const;
  std::string pretty_printed_concrete_signatures() const;
  std::vector<ConcreteFunction> concrete_functions() const;
  /// The input_signature option (empty without one).
  const std::vector<TensorSpec>& input_signature() const { return options_.input_signature; }
  /// Throws for get_concrete_function() without arguments on a callable that does not take one
  /// tensor per input_signature spec.
  [[noreturn]] void throw_untraceable_signature() const;

 private:
  struct Cache;
  // Traces `body` once for `specs`; a non-empty `refusal` forbids creating variables.
  ConcreteFunction trace(const std::vector<TensorSpec>& specs, const TraceBody& body, const char* refusal);
  FunctionOptions options_;
  std::unique_ptr<Cache> cache_;
};

}  // namespace detail

/// A traced, cached C++ callable (the object tf::function returns). Copies share one cache.
template <class F>
class Function {
 public:
  Function(F fn, FunctionOptions options)
      : fn_(std::make_shared<F>(std::move(fn))), state_(std::make_shared<detail::FunctionState>(std::move(options))) {}

  /// Calls the function: eagerly under config::run_functions_eagerly(true), else through the
  /// concrete function for these arguments (tracing it first if needed).
  template <class... Args>
    requires std::is_invocable_v<F&, typename detail::ArgOf<Args>::Traced...>
  auto operator()(const Args&... args) const {
    using R = std::remove_cvref_t<std::invoke_result_t<F&, typename detail::ArgOf<Args>::Traced...>>;
    if (config::functions_run_eagerly()) {
      if constexpr (std::is_void_v<R>) return std::invoke(*fn_, args...);
      else return detail::eager_result(std::invoke(*fn_, args...));
    }
    detail::ArgWalk walk;
    (detail::ArgOf<Args>::walk(args, walk), ...);
    ConcreteFunction cf = trace<R>(walk, args...);
    std::vector<Tensor> outputs = detail::FunctionState::call(cf, walk);
    if constexpr (!std::is_void_v<R>) return detail::ResultTraits<R>::rebuild(outputs, cf.output_keys());
  }

  /// The concrete function for arguments like these; tf::TensorSpec stands for a tensor.
  template <class... Args>
  ConcreteFunction get_concrete_function(const Args&... args) const {
    return concrete_function_for(args...);
  }
  /// The concrete function of the input_signature, traced if need be (TensorFlow's
  /// get_concrete_function() without arguments); the callable must take one tensor per spec
  /// (up to kMaxSignatureTensors). Without an input_signature, the trace of a call with no arguments.
  ConcreteFunction get_concrete_function() const {
    return signature_concrete_function(std::make_index_sequence<kMaxSignatureTensors + 1>());
  }
  /// The most specs get_concrete_function() without arguments traces.
  static constexpr std::size_t kMaxSignatureTensors = 8;
  /// The input_signature option (empty without one).
  const std::vector<TensorSpec>& input_signature() const { return state_->input_signature(); }

  /// How many times the callable has been traced.
  int tracing_count() const { return state_->tracing_count(); }
  /// Every concrete signature traced so far, one per paragraph.
  std::string pretty_printed_concrete_signatures() const { return state_->pretty_printed_concrete_signatures(); }
  /// Every concrete function traced so far, in the order they were traced.
  std::vector<ConcreteFunction> concrete_functions() const { return state_->concrete_functions(); }

 private:
  template <class... Args>
  ConcreteFunction concrete_function_for(const Args&... args) const {
    using R = std::remove_cvref_t<std::invoke_result_t<F&, typename detail::ArgOf<Args>::Traced...>>;
    detail::ArgWalk walk;
    (detail::ArgOf<Args>::walk(args, walk), ...);
    return trace<R>(walk, args...);
  }

  // Traces the input_signature with the callable's arity among 0..kMaxSignatureTensors that
  // matches its number of specs.
  template <std::size_t... K>
  ConcreteFunction signature_concrete_function(std::index_sequence<K...>) const {
    const std::vector<TensorSpec>& specs = state_->input_signature();
    ConcreteFunction out;
    const bool traced = ((specs.size() == K && trace_specs(specs, std::make_index_sequence<K>(), out)) || ...);
    if (!traced) state_->throw_untraceable_signature();
    return out;
  }

  template <std::size_t... I>
  bool trace_specs(const std::vector<TensorSpec>& specs, std::index_sequence<I...>, ConcreteFunction& out) const {
    if constexpr (std::is_invocable_v<F&, detail::TensorAt<I>...>) {
      out = concrete_function_for(specs[I]...);
      return true;
    } else {
      return false;
    }
  }

  template <class R, class... Args>
  ConcreteFunction trace(detail::ArgWalk& walk, const Args&... args) const {
    return state_->lookup_or_trace(walk, [&](const std::vector<Tensor>& leaves, std::vector<std::string>& keys) {
      detail::LeafCursor cursor{&leaves};
      std::vector<Tensor> flat;
      // Arguments are rebuilt left to right (braced initialization fixes the order).
      auto traced_args = std::tuple<typename detail::ArgOf<Args>::Traced...>{detail::ArgOf<Args>::rebuild(args, cursor)...};
      if constexpr (std::is_void_v<R>) {
        std::apply(*fn_, traced_args);
      } else {
        detail::ResultTraits<R>::flatten(std::apply(*fn_, traced_args), flat, keys);
      }
      return flat;
    });
  }

  std::shared_ptr<F> fn_;
  std::shared_ptr<detail::FunctionState> state_;
};

/// Makes a tf::function of `fn` (TensorFlow's @tf.function).
template <class F>
Function<std::decay_t<F>> function(F&& fn, FunctionOptions options = {}) {
  return Function<std::decay_t<F>>(std::forward<F>(fn), std::move(options));
}

}  // namespace tf
