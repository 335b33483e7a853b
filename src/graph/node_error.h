// TensorFlow's suffix on errors raised while a graph runs: "\n\t [[{{node <name>}}]]".
#pragma once

#include <string>

#include "tfpp/errors.h"

namespace tf::graph {

/// Rethrows `error` as its own class with TensorFlow's suffix naming the graph node that raised
/// it, "\n\t [[{{node blk/CheckNumerics}}]]"; an error already naming a node (raised in a nested
/// graph: a While body, an If branch, a called function) is rethrown as it is, so, as in
/// TensorFlow, the innermost node is named.
[[noreturn]] void rethrow_at_node(const Error& error, const std::string& node_name);

}  // namespace tf::graph
