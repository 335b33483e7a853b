// The one entry point of every op call, including the ones inside gradient functions.
//
// execute() hands the call to the thread's current ExecutionContext. With none installed
// the op runs eagerly: its shape function validates the inputs and sizes the outputs, the
// outputs are allocated, and the kernel for the dispatch dtype runs. A tracing context
// (tf::function) installs itself to append graph nodes instead; the same op code serves both.
#pragma once

#include <initializer_list>
#include <span>

#include "ops/op_def.h"

namespace tf::ops {

using Outputs = core::SmallVector<Tensor, 2>;

/// Something that carries out op calls differently from plain eager execution (a tracer).
class ExecutionContext {
 public:
  virtual ~ExecutionContext() = default;
  virtual Outputs execute(const OpDef& op, std::span<const Tensor> inputs, std::span<const AttrValue> attrs) = 0;
  /// Op seeds handed out in this graph to random ops with only a global seed: 0, 1, 2, ... as
  /// TensorFlow counts them per graph (each function, cond branch and loop body its own).
  std::int64_t op_seeds_drawn = 0;
};

/// The context installed on this thread, or null for eager execution.
ExecutionContext* current_context();
/// Installs `context` on this thread for the guard's lifetime (contexts nest).
class ContextScope {
 public:
  explicit ContextScope(ExecutionContext* context);
  ~ContextScope();
  ContextScope(const ContextScope&) = delete;
  ContextScope& operator=(const ContextScope&) = delete;

 private:
  ExecutionContext* previous_;
};

/// Observes op calls (gradient tapes record them); may replace outputs by fresh handles.
using RecordHook = void (*)(const OpDef& op, std::span<const Tensor> inputs, std::span<const AttrValue> attrs,
                            Outputs& outputs);
/// Installs the one hook called after every op on threads with active recorders.
void set_record_hook(RecordHook hook);
/// Adds `delta` to this thread's count of active recorders; execute() calls the hook only
/// while it is positive, so ops cost one thread-local read when nothing records.
void add_active_recorders(int delta);

/// Runs `op` on `inputs` with positional `attrs` in the thread's current mode.
Outputs execute(const OpDef& op, std::span<const Tensor> inputs, std::span<const AttrValue> attrs = {});
inline Outputs execute(const OpDef& op, std::initializer_list<Tensor> inputs, std::span<const AttrValue> attrs = {}) {
  return execute(op, std::span<const Tensor>(inputs.begin(), inputs.size()), attrs);
}
/// Runs a single-output op and returns that output.
inline Tensor execute1(const OpDef& op, std::initializer_list<Tensor> inputs, std::span<const AttrValue> attrs = {}) {
  return std::move(execute(op, inputs, attrs)[0]);
}

/// Runs the shape function of `op` on these inputs (validating them) and returns the outputs' dtypes and shapes.
OutputInfos infer_outputs(const OpDef& op, std::span<const Tensor> inputs, std::span<const AttrValue> attrs);

/// Runs `op` eagerly, whatever context is installed (used by contexts themselves).
Outputs execute_eagerly(const OpDef& op, std::span<const Tensor> inputs, std::span<const AttrValue> attrs);

}  // namespace tf::ops
