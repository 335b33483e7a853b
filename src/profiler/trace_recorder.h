// What the profiler records while a profile is being taken: timed events per thread, kept in
// per-thread buffers (Note [Profiler event buffers]). Depends only on the standard library, so
// every layer (eager dispatch, the graph executor, function calls) can record.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace tf::profiler {

/// A stat value that names an interned string (XStat's ref_value), e.g. eager_op = "MatMul".
struct StatRef {
  std::string name;
};
/// A stat's value, as XStat holds one.
using StatValue = std::variant<std::int64_t, std::uint64_t, double, std::string, StatRef>;
/// A named value attached to an event.
struct Stat {
  std::string name;
  StatValue value;
};

/// One timed event; times are nanoseconds on the steady clock.
struct Event {
  std::string name;
  std::string display_name;
  std::int64_t start_ns = 0;
  std::int64_t end_ns = 0;
  std::vector<Stat> stats;
};

/// The events one thread recorded, in the order they ended.
struct ThreadEvents {
  std::int64_t thread_id = 0;
  std::string thread_name;
  std::vector<Event> events;
};

/// What is recorded: nothing, scoped Trace events only, or op executions too
/// (ProfilerOptions::host_tracer_level).
enum class Level : int { kOff = 0, kTraceMe = 1, kOps = 2 };

namespace detail {
extern std::atomic<int> g_level;
}  // namespace detail

/// True while events of `level` are recorded (one relaxed atomic load).
inline bool recording(Level level) {
  return detail::g_level.load(std::memory_order_relaxed) >= static_cast<int>(level);
}

/// The steady clock in nanoseconds.
std::int64_t now_ns();

/// Starts recording events of `level` and below that start at or after `from_ns` (steady clock);
/// false if a recording is under way.
bool begin_recording(Level level, std::int64_t from_ns);
/// Stops recording and returns what each thread recorded since begin_recording.
std::vector<ThreadEvents> end_recording();
/// Appends a finished event to the calling thread's buffer.
void record(Event event);

/// Records the time from begin() to its destruction as an event; does nothing if begin() was
/// not called, so an unprofiled call pays only for the empty optional.
class ScopedEvent {
 public:
  ScopedEvent() = default;
  ScopedEvent(const ScopedEvent&) = delete;
  ScopedEvent& operator=(const ScopedEvent&) = delete;
  ~ScopedEvent();
  /// Starts the event now.
  void begin(std::string name, std::string display_name = {}, std::vector<Stat> stats = {});
  /// Appends stats to the event begun (nothing if begin() was not called).
  void add_stats(std::vector<Stat> stats);

 private:
  std::optional<Event> event_;
};

}  // namespace tf::profiler
