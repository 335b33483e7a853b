#include "graph/function_body.h"

namespace tf::graph {

bool FunctionBody::stateful() const {
  for (const Node& n : graph->nodes())
    if (n.kind == NodeKind::kOp && n.op->stateful) return true;
  return false;
}

}  // namespace tf::graph
