#include "tfpp/init_scope.h"

#include "autodiff/tape.h"
#include "ops/execute.h"

namespace tf {

// The eager context, with every tape on this thread paused; both restored in reverse order.
struct init_scope::Lifted {
  ops::ContextScope eager{nullptr};
  autodiff::SuspendTapes suspend;
};

init_scope::init_scope() : lifted_(std::make_unique<Lifted>()) {}
init_scope::~init_scope() = default;

}  // namespace tf
