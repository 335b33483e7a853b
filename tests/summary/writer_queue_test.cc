// create_file_writer's max_queue and flush_millis: events wait in memory until max_queue of
// them are queued or flush_millis has passed, then reach the file without a flush() or close().
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>
#include <unistd.h>

#include "tfpp/tfpp.h"

namespace tf {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

fs::path fresh_dir(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("tfpp_writer_queue_" + name + "_" + std::to_string(getpid()));
  fs::remove_all(dir);
  return dir;
}

// The complete framed records (8-byte length, 4-byte CRC, data, 4-byte CRC) in the file now.
int records_in(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), {});
  int records = 0;
  for (std::size_t at = 0; at + 12 <= bytes.size(); ++records) {
    std::uint64_t length;
    std::memcpy(&length, bytes.data() + at, sizeof length);
    if (at + 12 + length + 4 > bytes.size()) break;
    at += 12 + length + 4;
  }
  return records;
}

// Waits up to 20 s (a loaded machine) for the file to hold `records` records.
bool wait_for_records(const std::string& path, int records) {
  for (auto waited = 0ms; waited < 20s; waited += 10ms) {
    if (records_in(path) >= records) return true;
    std::this_thread::sleep_for(10ms);
  }
  return false;
}

TEST(SummaryWriterQueue, AFullQueueIsWrittenWithoutAFlush) {
  auto writer = summary::create_file_writer(fresh_dir("max_queue").string(), {.max_queue = 3, .flush_millis = 600000});
  EXPECT_EQ(records_in(writer.path()), 1);  // file_version
  {
    auto scope = writer.as_default();
    summary::scalar("loss", constant(1.0f), 0);
    summary::scalar("loss", constant(2.0f), 1);
    std::this_thread::sleep_for(100ms);
    EXPECT_EQ(records_in(writer.path()), 1) << "two events of a queue of three were written";
    summary::scalar("loss", constant(3.0f), 2);
  }
  EXPECT_TRUE(wait_for_records(writer.path(), 4)) << records_in(writer.path()) << " records";
  EXPECT_EQ(records_in(writer.path()), 4);
  writer.close();
}

TEST(SummaryWriterQueue, AnEventWaitsAtMostFlushMillis) {
  auto writer = summary::create_file_writer(fresh_dir("flush_millis").string(), {.max_queue = 1000, .flush_millis = 50});
  {
    auto scope = writer.as_default();
    summary::scalar("loss", constant(1.0f), 0);
  }
  EXPECT_TRUE(wait_for_records(writer.path(), 2)) << records_in(writer.path()) << " records";
  writer.close();
  EXPECT_EQ(records_in(writer.path()), 2);
}

TEST(SummaryWriterQueue, InsideAFunctionTheQueueFillsAtEachCall) {
  auto writer = summary::create_file_writer(fresh_dir("traced").string(), {.max_queue = 2, .flush_millis = 600000});
  auto step = function([&](Tensor x, Tensor s) {
    auto scope = writer.as_default();
    summary::scalar("x", x, s);
    return x;
  });
  step(constant(1.0f), constant(std::int64_t{0}));
  std::this_thread::sleep_for(100ms);
  EXPECT_EQ(records_in(writer.path()), 1);
  step(constant(2.0f), constant(std::int64_t{1}));
  EXPECT_TRUE(wait_for_records(writer.path(), 3)) << records_in(writer.path()) << " records";
  writer.close();
}

}  // namespace
}  // namespace tf
