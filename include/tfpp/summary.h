// tf::summary: TensorBoard summaries written to event files in TensorFlow 2's format.
//
//   auto writer = tf::summary::create_file_writer("logs");
//   {
//     auto scope = writer.as_default();
//     tf::summary::scalar("loss", loss, /*step=*/1);
//     tf::summary::histogram("weights", w, 1);
//   }
//   writer.flush();
//
// Every summary is a stateful WriteSummary op, so the same calls work eagerly and inside
// tf::function (where they run at every call, in program order, with the writer that was the
// default while tracing). Values are written the TF2 way: a tensor plus metadata naming the
// TensorBoard plugin ("scalars", "histograms", "images", "text"). A background thread writes
// the file, so a summary call never waits for the disk.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <variant>

#include "tfpp/tensor.h"
#include "tfpp/variable.h"

namespace tf {
class FuncGraph;
}

namespace tf::summary {

namespace detail {
class WriterState;
}

/// Options of create_file_writer (tf.summary.create_file_writer's keyword arguments).
struct FileWriterOptions {
  int max_queue = 10;                     ///< events queued before they are written (a full queue waits at most 20 ms)
  int flush_millis = 120000;              ///< the longest time an event waits before it is written
  std::string filename_suffix = ".v2";    ///< appended to the event file's name
};

/// A summary's step: a number, or an int64 scalar tensor or variable read when the summary runs
/// (so `step = optimizer.iterations()` inside a tf::function writes each call's step).
class Step {
 public:
  /// No step: the default step is used.
  Step() = default;
  Step(std::int64_t step) : value_(step) {}           ///< a fixed step
  Step(int step) : value_(std::int64_t{step}) {}      ///< a fixed step
  Step(const Tensor& step) : value_(step) {}          ///< an int64 scalar tensor
  Step(const Variable& step) : value_(step) {}        ///< an int64 scalar variable, read when used
  /// True if a step was given.
  bool defined() const { return !std::holds_alternative<std::monostate>(value_); }
  /// The step as an int64 scalar tensor (reads a variable now; inside a trace, a graph read).
  Tensor to_tensor() const;

 private:
  std::variant<std::monostate, std::int64_t, Tensor, Variable> value_;
};

class SummaryWriter;

/// While alive, makes a writer the default for summary calls on this thread (`with writer.as_default()`).
class [[nodiscard]] DefaultWriterScope {
 public:
  DefaultWriterScope(const DefaultWriterScope&) = delete;
  DefaultWriterScope& operator=(const DefaultWriterScope&) = delete;
  ~DefaultWriterScope();

 private:
  friend class SummaryWriter;
  DefaultWriterScope(std::shared_ptr<detail::WriterState> writer, Step step);
  std::shared_ptr<detail::WriterState> previous_writer_;
  Step previous_step_;
  bool restores_step_ = false;
};

/// A handle to an event-file writer; copies share the writer. The file is closed (and every
/// queued event written) by close() or when the last handle goes away.
class SummaryWriter {
 public:
  /// An undefined handle.
  SummaryWriter() = default;
  /// Makes this writer the default while the returned scope lives; `step`, if given, becomes
  /// the default step for that time.
  DefaultWriterScope as_default(Step step = {}) const;
  /// Makes this writer the default for this thread until another one is set.
  void set_as_default(Step step = {}) const;
  /// Writes every queued event to the file and waits until the operating system has it.
  void flush() const;
  /// Flushes and closes the file, deleting the writer: later summaries to it raise NotFoundError
  /// (further eager flush() and close() calls do nothing).
  void close() const;
  /// The event file's path.
  std::string path() const;
  /// True when the handle refers to a writer.
  bool defined() const { return state_ != nullptr; }

 private:
  friend SummaryWriter create_file_writer(const std::string&, FileWriterOptions);
  explicit SummaryWriter(std::shared_ptr<detail::WriterState> state) : state_(std::move(state)) {}
  std::shared_ptr<detail::WriterState> state_;
};

/// A writer of a new event file `events.out.tfevents.<time>.<host>.<pid>.<n><suffix>` in `logdir`
/// (created if missing).
SummaryWriter create_file_writer(const std::string& logdir, FileWriterOptions options = {});

/// A scalar summary (data is any real scalar, written as float32). Returns true if a summary was
/// written (a default writer exists and recording is on). `step` defaults to the default step;
/// with neither, throws InvalidArgumentError.
bool scalar(const std::string& name, const Tensor& data, Step step = {},
            const std::string& description = "");
/// A histogram of `data`'s values in `buckets` equal-width buckets between its min and max
/// (TensorBoard's bucketing: a [buckets, 3] float64 tensor of left edge, right edge, count).
bool histogram(const std::string& name, const Tensor& data, Step step = {},
               int buckets = 30, const std::string& description = "");
/// Images from a [batch, height, width, channels] tensor (1, 3 or 4 channels), at most
/// `max_outputs` of them, PNG-encoded. Floats are in [0, 1] (scaled to 0..255, clipped);
/// integers are pixel values 0..255.
bool image(const std::string& name, const Tensor& data, Step step = {},
           int max_outputs = 3, const std::string& description = "");
/// A text summary of a string tensor (Markdown in TensorBoard).
bool text(const std::string& name, const Tensor& data, Step step = {},
          const std::string& description = "");
/// Audio clips from a [k, frames, channels] float tensor in [-1, 1], at most `max_outputs`,
/// encoded as 16-bit WAV.
bool audio(const std::string& name, const Tensor& data, double sample_rate,
           Step step = {}, int max_outputs = 3, const std::string& description = "");
/// A generic tensor summary with TensorBoard plugin metadata (tf.summary.write): `plugin_name`
/// names the plugin that shows it ("" for none). The tag is used as given, without the name scope.
bool write(const std::string& tag, const Tensor& tensor, Step step = {},
           const std::string& plugin_name = "");


/// Writes a traced function's graph (its GraphDef, with name scopes) to the default writer, for
/// TensorBoard's graph dashboard (tf.summary.graph). Eager only: inside a tf::function it throws
/// FailedPreconditionError. Returns true if it was written.
bool graph(const FuncGraph& graph);

/// True if summaries would be written now: a default writer exists and record_if allows it.
bool should_record_summaries();

/// While alive, summaries are recorded only if `condition` holds (tf.summary.record_if).
class [[nodiscard]] RecordIf {
 public:
  explicit RecordIf(bool condition);
  ~RecordIf();
  RecordIf(const RecordIf&) = delete;
  RecordIf& operator=(const RecordIf&) = delete;

 private:
  bool previous_;
};
/// tf.summary.record_if(condition) as a scope.
inline RecordIf record_if(bool condition) { return RecordIf(condition); }

/// Options of trace_on.
struct TraceOptions {
  bool graph = true;      ///< record the graphs of the tf::functions called while tracing
  bool profiler = false;  ///< also profile (tf::profiler::experimental::start), recording the graphs too
  /// Where the profile goes. Without it the profiler is not started (TensorFlow only warns).
  std::string profiler_outdir;
};
/// Starts recording the graphs of tf::function calls (tf.summary.trace_on), and with `profiler`
/// a profile into `profiler_outdir`.
void trace_on(const TraceOptions& options = {});
/// Writes the recorded graphs to the default writer as `name` at `step` (TensorBoard's
/// "graph_run_metadata_graph", or "graph_run_metadata" when profiling), then stops tracing and
/// saves the profile.
void trace_export(const std::string& name, Step step = {});
/// Stops tracing and drops the graphs recorded; a profile being taken is saved, as TensorFlow's
/// trace_off saves it.
void trace_off();

namespace experimental {
/// Sets this thread's default step for summaries (tf.summary.experimental.set_step).
void set_step(Step step);
/// This thread's default step (undefined if none is set).
Step get_step();
}  // namespace experimental

}  // namespace tf::summary
