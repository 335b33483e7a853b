#include "graph/function_body.h"

namespace tf::graph {

bool FunctionBody::stateful() const {
  for (const Node& n : graph->nodes())
    if (n.kind == NodeKind::kOp && n.op->stateful) return true;
  return false;
}

std::shared_ptr<const FunctionBody> FunctionBody::derived(
    const std::string& key, const std::function<std::shared_ptr<const FunctionBody>()>& build) const {
  {
    std::lock_guard lock(derived_mutex_);
    if (auto it = derived_.find(key); it != derived_.end()) return it->second;
  }
  std::shared_ptr<const FunctionBody> body = build();  // may derive from other bodies: no lock held
  std::lock_guard lock(derived_mutex_);
  return derived_.emplace(key, std::move(body)).first->second;  // a racing build may have won
}

}  // namespace tf::graph
