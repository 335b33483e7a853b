#include "profiler/trace_recorder.h"

#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <iterator>
#include <memory>
#include <mutex>

namespace tf::profiler {

// Note [Profiler event buffers]: each thread appends to its own buffer, under the buffer's own
// mutex (uncontended except while end_recording collects), so recording threads never wait on
// one another. Buffers are shared with a process-wide registry, which keeps a buffer after its
// thread exits until the events are collected.
namespace detail {
std::atomic<int> g_level{0};
}  // namespace detail

namespace {

struct ThreadBuffer {
  std::mutex mu;
  std::int64_t thread_id = 0;
  std::string thread_name;
  std::vector<Event> events;
  bool exited = false;
};

struct Registry {
  std::mutex mu;
  std::vector<std::shared_ptr<ThreadBuffer>> buffers;
  bool active = false;
  std::int64_t from_ns = 0;
};

Registry& registry() {
  static Registry* r = new Registry;  // outlives the thread_local holders that exit after main
  return *r;
}

struct BufferHolder {
  std::shared_ptr<ThreadBuffer> buffer;
  ~BufferHolder() {
    if (!buffer) return;
    std::lock_guard lock(buffer->mu);
    buffer->exited = true;
  }
};

ThreadBuffer& this_thread_buffer() {
  thread_local BufferHolder holder;
  if (!holder.buffer) {
    auto buffer = std::make_shared<ThreadBuffer>();
    buffer->thread_id = static_cast<std::int64_t>(::syscall(SYS_gettid));
    char name[16] = {};
    if (pthread_getname_np(pthread_self(), name, sizeof name) == 0) buffer->thread_name = name;
    Registry& r = registry();
    std::lock_guard lock(r.mu);
    r.buffers.push_back(buffer);
    holder.buffer = std::move(buffer);
  }
  return *holder.buffer;
}

}  // namespace

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

bool begin_recording(Level level, std::int64_t from_ns) {
  Registry& r = registry();
  std::lock_guard lock(r.mu);
  if (r.active) return false;
  for (const auto& buffer : r.buffers) {  // events of an earlier recording that ended late
    std::lock_guard buffer_lock(buffer->mu);
    buffer->events.clear();
  }
  r.active = true;
  r.from_ns = from_ns;
  detail::g_level.store(static_cast<int>(level), std::memory_order_relaxed);
  return true;
}

std::vector<ThreadEvents> end_recording() {
  Registry& r = registry();
  std::lock_guard lock(r.mu);
  detail::g_level.store(0, std::memory_order_relaxed);
  r.active = false;
  std::vector<ThreadEvents> threads;
  for (const auto& buffer : r.buffers) {
    std::lock_guard buffer_lock(buffer->mu);
    ThreadEvents t{buffer->thread_id, buffer->thread_name, {}};
    for (Event& e : buffer->events)
      if (e.start_ns >= r.from_ns) t.events.push_back(std::move(e));
    buffer->events.clear();
    if (!t.events.empty()) threads.push_back(std::move(t));
  }
  std::erase_if(r.buffers, [](const std::shared_ptr<ThreadBuffer>& b) {
    std::lock_guard buffer_lock(b->mu);
    return b->exited;
  });
  return threads;
}

void record(Event event) {
  ThreadBuffer& buffer = this_thread_buffer();
  std::lock_guard lock(buffer.mu);
  buffer.events.push_back(std::move(event));
}

void ScopedEvent::begin(std::string name, std::string display_name, std::vector<Stat> stats) {
  event_.emplace(Event{std::move(name), std::move(display_name), now_ns(), 0, std::move(stats)});
}

void ScopedEvent::add_stats(std::vector<Stat> stats) {
  if (event_) std::move(stats.begin(), stats.end(), std::back_inserter(event_->stats));
}

ScopedEvent::~ScopedEvent() {
  if (!event_) return;
  event_->end_ns = now_ns();
  record(std::move(*event_));
}

}  // namespace tf::profiler
