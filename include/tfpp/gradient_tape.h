// tf::GradientTape: reverse-mode automatic differentiation, as TensorFlow 2 does it.
//
//   tf::Variable x(5.0f, {.name = "x"});
//   tf::GradientTape tape;              // records while alive: the `with` block
//   tf::Tensor y = 5.0f * x + 10.0f;
//   tf::Tensor dydx = tape.gradient(y, x);   // 5
//
// A tape records the ops whose inputs it watches (tensors given to watch(), and trainable
// variables read while it records), keeping only what the gradients need. Tapes nest and
// are independent; a tape records the gradient computation of another one, which gives
// higher-order gradients. A non-persistent tape gives one set of gradients, then releases
// what it kept.
#pragma once

#include <initializer_list>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "tfpp/tensor.h"
#include "tfpp/variable.h"

namespace tf {

namespace autodiff {
class Tape;
}

/// What gradient() returns for a source the targets do not depend on.
enum class UnconnectedGradients { NONE, ZERO };

/// Options of a GradientTape.
struct GradientTapeOptions {
  bool persistent = false;               ///< allow several gradient()/jacobian() calls
  bool watch_accessed_variables = true;  ///< watch trainable variables when they are read
};

/// Targets of gradient(): one tensor, or several whose gradients are summed.
class GradientTargets {
 public:
  GradientTargets(const Tensor& target) : targets_{target} {}
  GradientTargets(const Variable& target) : targets_{target.read_value()} {}
  GradientTargets(std::vector<Tensor> targets) : targets_(std::move(targets)) {}
  GradientTargets(std::initializer_list<Tensor> targets) : targets_(targets) {}
  std::span<const Tensor> tensors() const { return targets_; }

 private:
  std::vector<Tensor> targets_;
};

/// Initial gradients of the targets (default: ones, so a non-scalar target is summed).
class OutputGradients {
 public:
  OutputGradients() = default;
  OutputGradients(const Tensor& gradient) : gradients_{gradient} {}
  OutputGradients(std::vector<Tensor> gradients) : gradients_(std::move(gradients)) {}
  std::span<const Tensor> tensors() const { return gradients_; }

 private:
  std::vector<Tensor> gradients_;
};

namespace detail {
/// One source of gradient(): a watched tensor or a variable.
struct GradientSource {
  Tensor tensor;
  Variable variable;
};
/// How each accepted source structure maps to sources and back to results.
template <class S>
struct SourceStructure;
template <>
struct SourceStructure<Tensor> {
  using Result = Tensor;
  static std::vector<GradientSource> flatten(const Tensor& s) { return {{s, {}}}; }
  static Result pack(const Tensor&, std::vector<Tensor> g) { return std::move(g[0]); }
};
template <>
struct SourceStructure<Variable> {
  using Result = Tensor;
  static std::vector<GradientSource> flatten(const Variable& s) { return {{{}, s}}; }
  static Result pack(const Variable&, std::vector<Tensor> g) { return std::move(g[0]); }
};
template <class E>
struct SourceStructure<std::vector<E>> {
  using Result = std::vector<Tensor>;
  static std::vector<GradientSource> flatten(const std::vector<E>& s) {
    std::vector<GradientSource> out;
    for (const E& e : s) out.push_back(SourceStructure<E>::flatten(e)[0]);
    return out;
  }
  static Result pack(const std::vector<E>&, std::vector<Tensor> g) { return g; }
};
template <class E>
struct SourceStructure<std::map<std::string, E>> {
  using Result = std::map<std::string, Tensor>;
  static std::vector<GradientSource> flatten(const std::map<std::string, E>& s) {
    std::vector<GradientSource> out;
    for (const auto& [key, e] : s) out.push_back(SourceStructure<E>::flatten(e)[0]);
    return out;
  }
  static Result pack(const std::map<std::string, E>& s, std::vector<Tensor> g) {
    Result out;
    std::size_t i = 0;
    for (const auto& entry : s) out.emplace(entry.first, std::move(g[i++]));
    return out;
  }
};
template <class S>
concept SourceLike = requires { typename SourceStructure<S>::Result; };
}  // namespace detail

/// Records operations for automatic differentiation while in scope (RAII `with` block).
class GradientTape {
 public:
  /// Starts recording on this thread; tapes nest.
  explicit GradientTape(GradientTapeOptions options = {});
  /// Stops recording and releases what the tape kept.
  ~GradientTape();
  GradientTape(const GradientTape&) = delete;
  GradientTape& operator=(const GradientTape&) = delete;

  /// Makes the tape trace operations on `t` (a tensor is not watched by default).
  void watch(const Tensor& t);
  /// Watches a variable (also non-trainable ones).
  void watch(const Variable& v);
  /// Watches each tensor of a list.
  void watch(const std::vector<Tensor>& ts);
  /// Watches each variable of a list.
  void watch(const std::vector<Variable>& vs);
  /// The variables this tape watches, in the order they were first watched.
  std::vector<Variable> watched_variables() const;

  /// A guard pausing this tape's recording while it lives (tape.stop_recording()).
  class StopRecording {
   public:
    explicit StopRecording(GradientTape& tape);
    ~StopRecording();
    StopRecording(const StopRecording&) = delete;
    StopRecording& operator=(const StopRecording&) = delete;

   private:
    GradientTape& tape_;
    bool was_recording_;
  };
  /// Pauses recording until the returned guard is destroyed.
  [[nodiscard]] StopRecording stop_recording() { return StopRecording(*this); }
  /// Forgets everything recorded so far (tape.reset()).
  void reset();

  /// d(sum of targets)/d(sources); `sources` is a Tensor, a Variable, or a std::vector or
  /// std::map<std::string, ...> of them, and the result has the same structure.
  template <detail::SourceLike S>
  typename detail::SourceStructure<S>::Result gradient(const GradientTargets& target, const S& sources,
                                                       const OutputGradients& output_gradients = {},
                                                       UnconnectedGradients unconnected = UnconnectedGradients::NONE) {
    using St = detail::SourceStructure<S>;
    return St::pack(sources, compute(target, St::flatten(sources), output_gradients, unconnected));
  }
  template <detail::SourceLike S>
  typename detail::SourceStructure<S>::Result gradient(const GradientTargets& target, const S& sources,
                                                       UnconnectedGradients unconnected) {
    return gradient(target, sources, OutputGradients{}, unconnected);
  }
  /// Braced lists of sources: tape.gradient(y, {w, b}).
  std::vector<Tensor> gradient(const GradientTargets& target, std::initializer_list<Variable> sources,
                               const OutputGradients& output_gradients = {},
                               UnconnectedGradients unconnected = UnconnectedGradients::NONE) {
    return gradient(target, std::vector<Variable>(sources), output_gradients, unconnected);
  }
  std::vector<Tensor> gradient(const GradientTargets& target, std::initializer_list<Tensor> sources,
                               const OutputGradients& output_gradients = {},
                               UnconnectedGradients unconnected = UnconnectedGradients::NONE) {
    return gradient(target, std::vector<Tensor>(sources), output_gradients, unconnected);
  }
  std::vector<Tensor> gradient(const GradientTargets& target, std::initializer_list<Variable> sources,
                               UnconnectedGradients unconnected) {
    return gradient(target, std::vector<Variable>(sources), OutputGradients{}, unconnected);
  }
  std::vector<Tensor> gradient(const GradientTargets& target, std::initializer_list<Tensor> sources,
                               UnconnectedGradients unconnected) {
    return gradient(target, std::vector<Tensor>(sources), OutputGradients{}, unconnected);
  }

  /// The full Jacobian: shape target.shape + source.shape.
  Tensor jacobian(const Tensor& target, const Tensor& source,
                  UnconnectedGradients unconnected = UnconnectedGradients::NONE);
  Tensor jacobian(const Tensor& target, const Variable& source,
                  UnconnectedGradients unconnected = UnconnectedGradients::NONE);
  /// Per-example Jacobians of target [B, ...] w.r.t. source [B, ...], assuming example b of
  /// the target depends only on example b of the source: shape [B, target dims..., source dims...].
  Tensor batch_jacobian(const Tensor& target, const Tensor& source,
                        UnconnectedGradients unconnected = UnconnectedGradients::NONE);

 private:
  std::vector<Tensor> compute(const GradientTargets& target, const std::vector<detail::GradientSource>& sources,
                              const OutputGradients& output_gradients, UnconnectedGradients unconnected);
  Tensor jacobian_of(const Tensor& target, const detail::GradientSource& source, UnconnectedGradients unconnected);

  std::shared_ptr<autodiff::Tape> tape_;
};

}  // namespace tf
