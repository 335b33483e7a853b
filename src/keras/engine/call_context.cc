#include "keras/engine/call_context.h"

namespace tf::keras::detail {

namespace {
thread_local std::vector<CallFrame> tls_frames;
}

CallContext::Push::Push(Layer* layer, LayerState* state, std::optional<bool> training) { tls_frames.push_back({layer, state, training}); }
CallContext::Push::~Push() { tls_frames.pop_back(); }

const CallFrame* CallContext::top() { return tls_frames.empty() ? nullptr : &tls_frames.back(); }

namespace {
thread_local std::vector<std::string> tls_name_scopes;
}  // namespace

void CallContext::push_name_scope(std::string name) { tls_name_scopes.push_back(std::move(name)); }

void CallContext::pop_name_scope() {
  if (!tls_name_scopes.empty()) tls_name_scopes.pop_back();
}

std::string CallContext::name_scope_path() {
  std::string path;
  for (const std::string& scope : tls_name_scopes) path += scope + "/";
  return path;
}

std::string CallContext::variable_path(const std::string& layer_name) {
  std::string path = name_scope_path();
  const LayerState* previous = nullptr;
  for (const CallFrame& f : tls_frames) {
    if (f.state != previous) path += f.state->name + "/";
    previous = f.state;
  }
  if (tls_frames.empty() || tls_frames.back().state->name != layer_name) path += layer_name + "/";
  return path;
}

}  // namespace tf::keras::detail
