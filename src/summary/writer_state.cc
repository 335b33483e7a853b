// Writer registry and the per-thread summary context.
#include "summary/writer_state.h"

#include <atomic>
#include <mutex>
#include <unordered_map>

#include "tfpp/errors.h"

namespace tf::summary::detail {
namespace {

struct Registry {
  std::mutex mu;
  std::unordered_map<std::int64_t, std::weak_ptr<WriterState>> writers;
};

Registry& registry() {
  static Registry* r = new Registry;  // outlives writers destroyed during static destruction
  return *r;
}

std::int64_t next_writer_id() {
  static std::atomic<std::int64_t> next{1};
  return next++;
}

}  // namespace

WriterState::WriterState(const std::string& logdir, const FileWriterOptions& options)
    : id_(next_writer_id()), file_(logdir, options.max_queue, options.flush_millis, options.filename_suffix) {}

WriterState::~WriterState() {
  std::lock_guard<std::mutex> lock(registry().mu);
  registry().writers.erase(id_);
}

std::shared_ptr<WriterState> find_writer(std::int64_t id, std::string_view op) {
  std::lock_guard<std::mutex> lock(registry().mu);
  auto it = registry().writers.find(id);
  std::shared_ptr<WriterState> writer = it == registry().writers.end() ? nullptr : it->second.lock();
  if (!writer)
    throw NotFoundError("[" + std::string(op) + "] summary writer " + std::to_string(id) +
                        " does not exist (it was closed, or its last handle is gone)");
  return writer;
}

void unregister_writer(std::int64_t id) {
  std::lock_guard<std::mutex> lock(registry().mu);
  registry().writers.erase(id);
}

void register_writer(const std::shared_ptr<WriterState>& writer) {
  std::lock_guard<std::mutex> lock(registry().mu);
  registry().writers[writer->id()] = writer;
}

Context& context() {
  thread_local Context c;
  return c;
}

}  // namespace tf::summary::detail
