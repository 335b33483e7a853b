// The profiler (tf.profiler.experimental): start(logdir) ... stop() records the program's op
// executions (eager ops, tf::function calls and the nodes their graphs run) and the scoped
// Trace events the program marks, on the host plane of an XSpace, and writes it where
// TensorFlow 2.21 writes its own: <logdir>/plugins/profile/<YYYY_MM_DD_HH_MM_SS>/<host>.xplane.pb,
// which TensorBoard's profile plugin and TensorFlow's profiler tools read.
//
//   tf::profiler::experimental::start("logs");
//   for (int step = 0; step < 10; ++step) {
//     tf::profiler::experimental::Trace trace("train", {{"step_num", step}, {"_r", 1}});
//     train_step(x, y);
//   }
//   tf::profiler::experimental::stop();
//
// CPU only: there is no device tracer, no Python tracer and no profiler server.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "tfpp/errors.h"

namespace tf::profiler::experimental {

/// Options of start (tf.profiler.experimental.ProfilerOptions).
struct ProfilerOptions {
  /// 0 records nothing on the host, 1 only Trace events, 2 (the default) also op executions.
  int host_tracer_level = 2;
  /// Kept in the profile's options; tfpp has no Python code to trace.
  int python_tracer_level = 0;
  /// Kept in the profile's options; tfpp has no accelerator to trace.
  int device_tracer_level = 1;
  /// Events start being recorded this many milliseconds after start().
  std::int64_t delay_ms = 0;
};

/// Starts profiling into `logdir`. Throws AlreadyExistsError if a profile is being taken.
void start(const std::string& logdir, const ProfilerOptions& options = {});

/// Stops profiling and, with `save`, writes the profile under the logdir given to start().
/// Throws UnavailableError if no profile is being taken.
void stop(bool save = true);

/// A value attached to a Trace event (TensorFlow's Trace keyword arguments): an integer, a
/// floating-point number or a string. As TensorFlow, which passes the values as text, a string
/// that spells a number is recorded as that number ("7" as the integer 7).
using TraceArg = std::variant<std::int64_t, double, std::string>;

/// A scoped trace event (tf.profiler.experimental.Trace): while a profile is being taken, the
/// time from construction to destruction is an event named `name` with `args` as its stats on
/// the constructing thread's line; otherwise it costs one atomic load.
class Trace {
 public:
  /// Starts the event, e.g. Trace("train", {{"step_num", step}, {"_r", 1}}).
  explicit Trace(std::string name, std::vector<std::pair<std::string, TraceArg>> args = {});
  /// Adds stats to the event (Trace.set_metadata), e.g. what was learnt while it ran.
  void set_metadata(std::vector<std::pair<std::string, TraceArg>> args);
  /// Ends the event and records it.
  ~Trace();
  Trace(const Trace&) = delete;
  Trace& operator=(const Trace&) = delete;

 private:
  struct Event;
  std::unique_ptr<Event> event_;
};

}  // namespace tf::profiler::experimental
