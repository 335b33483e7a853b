// What the tf::debugging assertions share (assertions.cc): TensorFlow's message pieces and the
// graph form of an assertion (an Assert node in TensorFlow's scopes).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "graph/tracer.h"
#include "tfpp/tensor.h"

namespace tf::debugging::detail {

/// TensorFlow's default for eager messages and the Assert op.
inline constexpr std::int64_t kSummarize = 3;

/// TensorFlow's _message_prefix: "msg.  ", or nothing.
std::string message_prefix(const std::string& message);
/// The trace being recorded on this thread, or null when running eagerly.
graph::Tracer* tracing();
/// Opens a name scope as TensorFlow's graph name_scope does: "base", or "base_1" when taken.
std::string unique_scope(graph::Tracer& tracer, const std::string& base);
/// A tensor's graph name, "args_0:0", as TensorFlow's Tensor.name.
std::string graph_name(graph::Tracer& tracer, const Tensor& t);
/// control_flow_assert.Assert in a graph: an Assert node in scope "Assert" (and "AssertGuard"
/// unless every data tensor is a string or int32).
void graph_assert(graph::Tracer& tracer, const Tensor& condition, std::vector<Tensor> data);
/// Python's repr of a bytes object (b'text'), as TensorFlow's eager Assert shows string data.
std::string bytes_repr(const std::string& s);
/// control_flow_assert._summarize_eager: the first `summarize` elements, ", "-joined.
std::string summarize_eager(const Tensor& t, std::int64_t summarize = kSummarize);
/// "shape=(3,) dtype=float32", as TensorFlow's eager messages name a tensor.
std::string shape_and_dtype(const Tensor& t);
/// assert_rank (one rank) or assert_rank_in (`in`), as check_ops writes them.
void rank_check(const Tensor& x, const std::vector<int>& ranks, const std::string& message, bool in);

}  // namespace tf::debugging::detail
