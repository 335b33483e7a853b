// The event file writer thread.
#include "summary/event_file_writer.h"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "io/errno_error.h"
#include "io/record_framing.h"
#include "proto/event.pb.h"
#include "tfpp/errors.h"

namespace tf::summary::detail {
namespace {

std::string hostname() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0) return "localhost";
  return name;
}

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::string event_file_name(const std::string& suffix) {
  static std::atomic<std::int64_t> next_id{0};
  char time_digits[32];
  std::snprintf(time_digits, sizeof time_digits, "%010lld", static_cast<long long>(now_seconds()));
  return std::string("events.out.tfevents.") + time_digits + "." + hostname() + "." + std::to_string(getpid()) + "." +
         std::to_string(next_id++) + suffix;
}

}  // namespace

EventFileWriter::EventFileWriter(const std::string& logdir, int max_queue, int flush_millis, const std::string& suffix)
    : max_queue_(static_cast<std::size_t>(std::max(max_queue, 1))), flush_interval_(std::max(flush_millis, 1)) {
  std::error_code error;
  std::filesystem::create_directories(logdir, error);
  if (error)
    io::throw_errno_error(error.value(), "[create_file_writer] cannot create the log directory " + logdir + ": " + error.message());
  path_ = (std::filesystem::path(logdir) / event_file_name(suffix)).string();
  file_ = std::fopen(path_.c_str(), "wb");
  if (!file_) {
    const int err = errno;
    io::throw_errno_error(err, "[create_file_writer] cannot create " + path_ + ": " + std::strerror(err));
  }

  proto::Event first;
  first.set_wall_time(static_cast<double>(static_cast<std::int64_t>(now_seconds())));
  first.set_file_version("brain.Event:2");
  first.mutable_source_metadata()->set_writer("tfpp");
  std::string framed;
  io::append_framed_record(framed, first.SerializeAsString());
  std::fwrite(framed.data(), 1, framed.size(), file_);
  std::fflush(file_);
  thread_ = std::thread([this] { run(); });
}

EventFileWriter::~EventFileWriter() {
  try {
    close();
  } catch (const Error&) {
    // A destructor cannot report a failed final write; close() called explicitly does.
  }
}

void EventFileWriter::write_event(const std::string& serialized_event) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closing_) return;
  io::append_framed_record(pending_, serialized_event);
  // Only a writer asleep for the flush interval is woken (Note [Summary writer thread]).
  if (++pending_events_ >= max_queue_ && !polling_) wake_.notify_one();
}

void EventFileWriter::flush() {
  std::unique_lock<std::mutex> lock(mu_);
  if (closed_) return;
  const std::uint64_t ticket = ++flush_requests_;
  wake_.notify_one();
  written_.wait(lock, [&] { return flushes_done_ >= ticket || closed_; });
  if (!write_error_.empty()) throw DataLossError("[SummaryWriter] writing " + path_ + " failed: " + write_error_);
}

void EventFileWriter::close() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (closing_) return;
    closing_ = true;
  }
  wake_.notify_one();
  thread_.join();
  const bool synced = fsync(fileno(file_)) == 0;
  const bool closed = std::fclose(file_) == 0;
  file_ = nullptr;
  if (!write_error_.empty() || !synced || !closed)
    throw DataLossError("[SummaryWriter] closing " + path_ + " failed: " +
                        (write_error_.empty() ? std::string(std::strerror(errno)) : write_error_));
}

// Note [Summary writer thread]: producers only append framed records to pending_ under the
// lock; this thread swaps the buffer out and writes it without holding the lock, when the
// queue is full, a flush is asked for, the flush interval has passed, or the writer closes.
// Waking a sleeping thread costs the producer a futex call and, on a busy machine, its core and
// caches: a training step writing one scalar per step ran 10-20 % slower when every tenth step
// woke this thread. So once the queue has filled, this thread polls every kPollInterval instead
// of being woken, for as long as each poll finds a full queue; a poll that finds less goes back
// to sleeping for the flush interval, and the next full queue wakes it. A full queue thus waits
// at most kPollInterval, and producers making events steadily never wake anyone.
void EventFileWriter::run() {
  std::unique_lock<std::mutex> lock(mu_);
  while (true) {
    const auto wait = polling_ ? std::min(flush_interval_, kPollInterval) : flush_interval_;
    wake_.wait_for(lock, wait, [&] {
      return closing_ || flush_requests_ > flushes_done_ || (!polling_ && pending_events_ >= max_queue_);
    });
    polling_ = pending_events_ >= max_queue_;
    write_pending(lock);
    if (closing_ && pending_.empty()) break;
  }
  closed_ = true;
  written_.notify_all();
}

void EventFileWriter::write_pending(std::unique_lock<std::mutex>& lock) {
  const std::uint64_t requested = flush_requests_;
  std::string batch;
  batch.swap(pending_);
  pending_events_ = 0;
  lock.unlock();
  std::string error;
  if (!batch.empty() && std::fwrite(batch.data(), 1, batch.size(), file_) != batch.size()) error = std::strerror(errno);
  if (std::fflush(file_) != 0 && error.empty()) error = std::strerror(errno);
  lock.lock();
  if (!error.empty() && write_error_.empty()) write_error_ = error;
  flushes_done_ = requested;
  written_.notify_all();
}

}  // namespace tf::summary::detail
