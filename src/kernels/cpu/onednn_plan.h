// A cached oneDNN primitive with two inputs and one output, plus the reorders between the
// caller's plain layouts and the blocked layouts the primitive chose (format_tag::any).
//
// Note [oneDNN plan cache]: building a primitive (and JIT-compiling its code) costs far more
// than running a small one, so plans are built once per (op kind, geometry) and shared by all
// threads; executing a oneDNN primitive from several threads at once is safe with a scratchpad
// per thread (Note [oneDNN scratchpads], onednn.h). Reordered
// weights are not cached across calls: a Variable's buffer changes in place when assigned,
// so the reorder (cheap next to the convolution) runs on every call.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "kernels/cpu/onednn.h"

namespace tf::kernels {

/// One argument of a plan: the caller's layout, the primitive's, and the reorder between them.
struct PlanOperand {
  int arg = 0;  ///< DNNL_ARG_*
  dnnl::memory::desc user, chosen;
  dnnl::reorder reorder;  ///< empty when user == chosen
  dnnl::memory::desc reorder_scratchpad;  ///< the reorder's user scratchpad (Note [oneDNN scratchpads])
};

/// A primitive with inputs 0 and 1 and output 2.
struct OnednnPlan {
  dnnl::primitive primitive;
  dnnl::memory::desc scratchpad;  ///< built with onednn_user_scratchpad (Note [oneDNN scratchpads])
  std::array<PlanOperand, 3> operands;

  /// Sets operand i's layouts, adding a reorder when they differ (inputs reorder user -> chosen).
  void set_operand(int i, int arg, const dnnl::memory::desc& user, const dnnl::memory::desc& chosen);
  /// Runs the plan on the calling thread's stream.
  void run(const void* in0, const void* in1, void* out) const;
};

/// A temporary buffer (a reordered operand, a workspace) from the caching allocator.
class ScratchBuffer {
 public:
  explicit ScratchBuffer(std::size_t bytes);
  ~ScratchBuffer();
  ScratchBuffer(const ScratchBuffer&) = delete;
  ScratchBuffer& operator=(const ScratchBuffer&) = delete;
  void* data() const { return data_; }

 private:
  std::size_t bytes_;
  void* data_;
};

/// A thread-safe map from a geometry key to its plan, built on first use.
template <class Key, class Hash, class Plan = OnednnPlan>
class PlanCache {
 public:
  /// The plan for `key`, made by `build(key)` the first time.
  template <class Build>
  std::shared_ptr<const Plan> get(const Key& key, Build&& build) {
    {
      std::lock_guard lock(mutex_);
      if (auto it = plans_.find(key); it != plans_.end()) return it->second;
    }
    auto plan = std::make_shared<const Plan>(build(key));  // built outside the lock
    std::lock_guard lock(mutex_);
    if (plans_.size() >= kMaxPlans) plans_.clear();  // bound memory when shapes keep changing
    return plans_.emplace(key, std::move(plan)).first->second;
  }

 private:
  static constexpr std::size_t kMaxPlans = 512;
  std::mutex mutex_;
  std::unordered_map<Key, std::shared_ptr<const Plan>, Hash> plans_;
};

/// Hashes a run of int64 fields (a geometry key's sizes).
inline std::size_t hash_words(const std::int64_t* words, std::size_t count) {
  std::size_t h = 0;
  for (std::size_t i = 0; i < count; ++i) h = h * 1000003u ^ std::hash<std::int64_t>{}(words[i]);
  return h;
}

}  // namespace tf::kernels
