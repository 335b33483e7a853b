// What a SummaryWriter handle shares: its event file, and the id by which WriteSummary ops in
// traced graphs find it; plus this thread's summary context (default writer, step, record_if).
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

#include "summary/event_file_writer.h"
#include "tfpp/summary.h"

namespace tf::summary::detail {

/// One writer: its file, and a process-unique id registered for WriteSummary kernels.
class WriterState {
 public:
  WriterState(const std::string& logdir, const FileWriterOptions& options);
  ~WriterState();
  std::int64_t id() const { return id_; }
  EventFileWriter& file() { return file_; }
  /// Whether a handle's close() ran eagerly: later eager flush() and close() calls do nothing,
  /// as TensorFlow's Python writer skips them.
  bool closed_eagerly = false;

 private:
  std::int64_t id_;
  EventFileWriter file_;
};

/// Makes `writer` findable by its id.
void register_writer(const std::shared_ptr<WriterState>& writer);
/// Makes the writer with this id unfindable: closing a writer deletes it, as TensorFlow deletes
/// the writer's resource.
void unregister_writer(std::int64_t id);
/// The live writer with this id; NotFoundError naming `op` if it was closed or its last handle is
/// gone (TensorFlow's "resource does not exist").
std::shared_ptr<WriterState> find_writer(std::int64_t id, std::string_view op);

/// This thread's summary context.
struct Context {
  std::shared_ptr<WriterState> default_writer;
  Step step;
  bool recording = true;
};
/// This thread's context.
Context& context();

}  // namespace tf::summary::detail
