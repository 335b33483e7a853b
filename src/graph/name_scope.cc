#include "tfpp/name_scope.h"

#include <utility>

#include "graph/tracer.h"

namespace tf {
namespace {
thread_local std::string tls_scope;
}

name_scope::name_scope(const std::string& name) : previous_length_(tls_scope.size()) { tls_scope += name + "/"; }
name_scope::~name_scope() { tls_scope.resize(previous_length_); }

const std::string& graph::current_name_scope() { return tls_scope; }

graph::RootNameScope::RootNameScope() : caller_scope_(std::exchange(tls_scope, {})) {}
graph::RootNameScope::~RootNameScope() { tls_scope = std::move(caller_scope_); }

}  // namespace tf
