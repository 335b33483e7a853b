// The registry of deferred values (deferred_restore.h).
#include "checkpoint/deferred_restore.h"

#include <atomic>
#include <mutex>
#include <vector>

#include "tfpp/errors.h"

namespace tf::checkpoint {
namespace {

struct Pending {
  std::weak_ptr<const void> owner;
  std::string attribute;
  Tensor value;
  std::function<void()> on_restore;
};

std::mutex g_mutex;
std::vector<Pending> g_pending;
std::atomic<bool> g_any{false};  // weight registration stays lock-free when nothing is deferred

}  // namespace

void defer_restore(const std::shared_ptr<const void>& owner, const std::string& attribute, const Tensor& value,
                   std::function<void()> on_restore) {
  std::lock_guard lock(g_mutex);
  std::erase_if(g_pending, [&](const Pending& p) {
    return p.owner.expired() || (p.owner.lock() == owner && p.attribute == attribute);
  });
  g_pending.push_back({owner, attribute, value, std::move(on_restore)});
  g_any = true;
}

void restore_deferred(const void* owner, const std::string& attribute, Variable& variable) {
  if (!g_any) return;
  Pending found;
  {
    std::lock_guard lock(g_mutex);
    auto it = std::find_if(g_pending.begin(), g_pending.end(),
                           [&](const Pending& p) { return p.owner.lock().get() == owner && p.attribute == attribute; });
    if (it == g_pending.end()) return;
    found = std::move(*it);
    g_pending.erase(it);
    std::erase_if(g_pending, [](const Pending& p) { return p.owner.expired(); });
    g_any = !g_pending.empty();
  }
  if (found.value.dtype() != variable.dtype() || found.value.shape() != variable.shape())
    throw InvalidArgumentError("[Checkpoint] the checkpoint's value for '" + variable.name() + "' is a " +
                               std::string(dtype_name(found.value.dtype())) + " of shape " + found.value.shape().to_string() +
                               "; the variable is a " + std::string(dtype_name(variable.dtype())) + " of shape " +
                               variable.shape().to_string());
  variable.assign(found.value);
  if (found.on_restore) found.on_restore();
}

}  // namespace tf::checkpoint
