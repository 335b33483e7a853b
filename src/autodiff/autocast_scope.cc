#include "autodiff/autocast_scope.h"

namespace tf::autodiff {
namespace {
thread_local std::optional<DType> current;
}  // namespace

std::optional<DType> autocast_dtype() { return current; }

AutocastScope::AutocastScope(std::optional<DType> dtype) : previous_(current) { current = dtype; }
AutocastScope::~AutocastScope() { current = previous_; }

}  // namespace tf::autodiff
