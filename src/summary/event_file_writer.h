// EventFileWriter: appends framed Event records to a TensorBoard event file from a background
// thread, so the threads that make summaries never wait for the disk.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

namespace tf::summary::detail {

/// One event file and the thread that writes it.
class EventFileWriter {
 public:
  /// Creates `logdir` (and parents) and the file `events.out.tfevents.<time>.<host>.<pid>.<n><suffix>`,
  /// and writes its first event (file_version "brain.Event:2"). Throws NotFoundError if the
  /// directory or file cannot be created.
  EventFileWriter(const std::string& logdir, int max_queue, int flush_millis, const std::string& suffix);
  /// Closes the file (writing what is queued).
  ~EventFileWriter();
  EventFileWriter(const EventFileWriter&) = delete;
  EventFileWriter& operator=(const EventFileWriter&) = delete;

  /// Queues one serialized Event; returns at once. Dropped after close().
  void write_event(const std::string& serialized_event);
  /// Writes everything queued and hands it to the operating system before returning.
  void flush();
  /// Flushes, syncs and closes the file; later events are dropped.
  void close();
  /// The file's path.
  const std::string& path() const { return path_; }

 private:
  /// How often the thread looks at a queue that keeps filling (Note [Summary writer thread]).
  static constexpr std::chrono::milliseconds kPollInterval{20};

  void run();
  void write_pending(std::unique_lock<std::mutex>& lock);

  std::string path_;
  std::FILE* file_ = nullptr;
  const std::size_t max_queue_;
  const std::chrono::milliseconds flush_interval_;

  std::mutex mu_;
  std::condition_variable wake_;      // the writer thread waits on it
  std::condition_variable written_;   // flush() waits on it
  std::string pending_;               // framed records not yet written
  std::size_t pending_events_ = 0;
  bool polling_ = false;              // the thread polls a steadily filling queue (no wake-ups)
  std::uint64_t flush_requests_ = 0, flushes_done_ = 0;
  bool closing_ = false, closed_ = false;
  std::string write_error_;           // set by the thread if the disk refused a write
  std::thread thread_;
};

}  // namespace tf::summary::detail
