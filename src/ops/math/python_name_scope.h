// Some of TensorFlow's Python wrappers open `with name_scope(name, "erfinv", [x]):` around the
// ops they make, so a traced graph reads "erfinv/Erfinv", or "div_no_nan" where the last op
// takes the scope's own name. This helper does the same for the C++ functions behind them.
#pragma once

#include "graph/tracer.h"
#include "ops/execute.h"

namespace tf::ops {

/// Returns f(scope): while tracing, scope is an OpNameScope named `default_name` (f may call
/// scope->name_next_op() before its last op); eagerly, or when the caller already named the
/// op (a Python `name=`), scope is null and f runs as it is.
template <class F>
Tensor with_python_scope(const char* default_name, F f) {
  graph::Tracer* tracer = current_context() ? graph::Tracer::current() : nullptr;
  if (!tracer || graph::node_name_pending()) return f(static_cast<graph::OpNameScope*>(nullptr));
  graph::OpNameScope scope(*tracer, default_name);
  return f(&scope);
}

}  // namespace tf::ops
