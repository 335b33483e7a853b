// The ops behind tf.summary.experimental.write_raw_pb (WriteRawProtoSummary), a writer's flush()
// and close() (FlushSummaryWriter, CloseSummaryWriter) and tf.summary.graph of a GraphDef message:
// eagerly and inside a tf::function, the events read back by TensorFlow 2.21's own event reader
// equal what TensorFlow writes for the same program (raw_summaries.py).
#include <gtest/gtest.h>

#include <filesystem>

#include "reference_env.h"
#include "summary/write_raw.h"
#include "tfpp/tfpp.h"

namespace tf {
namespace {

namespace fs = std::filesystem;
using testing::block;

fs::path fresh_dir(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("tfpp_raw_summary_" + name + "_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// Protocol-buffer wire format, enough to build raw_summaries.py's messages the same way.
std::string varint(std::uint64_t n) {
  std::string out;
  for (; n >= 0x80; n >>= 7) out.push_back(static_cast<char>(n | 0x80));
  out.push_back(static_cast<char>(n));
  return out;
}

std::string field(int number, const std::string& payload) { return varint(number << 3 | 2) + varint(payload.size()) + payload; }

template <class T>
std::string fixed(int number, T value) {  // float (wire type 5) or double (wire type 1)
  std::string out = varint(number << 3 | (sizeof(T) == 4 ? 5 : 1));
  out.append(reinterpret_cast<const char*>(&value), sizeof value);
  return out;
}

// Summary{value{tag, simple_value}}.
std::string scalar(const std::string& tag, float value) { return field(1, field(1, tag) + fixed(2, value)); }

// Summary{value{tag: "h", histo{max: 1, num: 2, sum: 1, sum_squares: 1, bucket_limit: [0.5, 1], bucket: [1, 1]}}}.
std::string histogram() {
  const auto packed = [](int number, double a, double b) {
    std::string bytes(reinterpret_cast<const char*>(&a), 8);
    bytes.append(reinterpret_cast<const char*>(&b), 8);
    return field(number, bytes);
  };
  const std::string histo =
      fixed(2, 1.0) + fixed(3, 2.0) + fixed(4, 1.0) + fixed(5, 1.0) + packed(6, 0.5, 1.0) + packed(7, 1.0, 1.0);
  return field(1, field(1, "h") + field(5, histo));
}

// GraphDef{node{name: "a", op: "Const"}, node{name: "b", op: "Identity", input: "a"}}.
std::string graph_def() {
  return field(1, field(1, "a") + field(2, "Const")) + field(1, field(1, "b") + field(2, "Identity") + field(3, "a"));
}

TEST(RawSummary, TensorFlowReadsBackWhatItWritesForTheSameProgram) {
  const fs::path logdir = fresh_dir("events");
  auto writer = summary::create_file_writer(logdir.string());
  Variable step(std::int64_t{10}, {.name = "step", .trainable = false});
  auto traced = function([&](const Tensor& serialized) {
    summary::detail::write_raw_proto(serialized, step);
    step.assign_add(constant(std::int64_t{1}));
    return serialized;
  });
  {
    auto scope = writer.as_default();
    EXPECT_TRUE(summary::detail::write_raw_proto(constant(scalar("a", 1.5f)), 1));
    EXPECT_TRUE(summary::detail::write_raw_proto(constant(std::vector<std::string>{scalar("b", -2.0f), histogram()}), 2));
    EXPECT_TRUE(summary::detail::write_raw_proto(zeros({0}, string), 3));  // an event without a summary
    for (float value : {10.0f, 11.0f}) traced(constant(scalar("t", value)));
    EXPECT_TRUE(summary::detail::write_graph_def(graph_def()));
  }
  EXPECT_EQ(traced.tracing_count(), 1);
  writer.close();
  const fs::path scratch = fresh_dir("reference");
  const std::string report = testing::run_command(testing::reference_python() + " " + testing::source_dir() +
                                                  "/tests/summary/raw_summaries.py " + logdir.string() + " " +
                                                  scratch.string() + " 2>/dev/null");
  EXPECT_EQ(block(report, "tfpp"), block(report, "tensorflow")) << report;
  EXPECT_NE(block(report, "tfpp").find("11 True value { tag: \"t\" simple_value: 11 }"), std::string::npos) << report;
  fs::remove_all(logdir);
  fs::remove_all(scratch);
}

TEST(RawSummary, NothingIsWrittenWithoutAWriterOrRecording) {
  EXPECT_FALSE(summary::detail::write_raw_proto(constant(scalar("a", 1.0f)), 1));
  EXPECT_FALSE(summary::detail::write_graph_def(graph_def()));
  const fs::path logdir = fresh_dir("record_if");
  auto writer = summary::create_file_writer(logdir.string());
  auto scope = writer.as_default();
  auto off = summary::record_if(false);
  EXPECT_FALSE(summary::detail::write_raw_proto(constant(scalar("a", 1.0f)), 1));
  EXPECT_FALSE(summary::detail::write_graph_def(graph_def()));
}

TEST(RawSummary, BadInputGetsTensorFlowsErrors) {
  const fs::path logdir = fresh_dir("errors");
  auto writer = summary::create_file_writer(logdir.string());
  auto scope = writer.as_default();
  EXPECT_THROW(summary::detail::write_raw_proto(constant("not a summary\xff"), 1), DataLossError);
  EXPECT_THROW(summary::detail::write_raw_proto(constant(1.0f), 1), InvalidArgumentError);
  EXPECT_THROW(summary::detail::write_raw_proto(constant(scalar("a", 1.0f)), summary::Step()), InvalidArgumentError);
  EXPECT_THROW(summary::detail::write_graph_def("not a graph\xff"), DataLossError);
  auto inside = function([](const Tensor& x) {
    summary::detail::write_graph_def(graph_def());
    return x;
  });
  EXPECT_THROW(inside(constant(1.0f)), FailedPreconditionError);
  auto bad_in_graph = function([](const Tensor& x) {
    summary::detail::write_raw_proto(x, 1);
    return x;
  });
  EXPECT_THROW(bad_in_graph(constant("garbage\xff")), DataLossError);  // found when the graph runs
}

std::uintmax_t file_size(const summary::SummaryWriter& writer) { return fs::file_size(writer.path()); }

// With a queue no summary fills and no flush interval, only a flush puts events in the file: the
// FlushSummaryWriter of a tf::function runs at every call, not once while tracing.
TEST(RawSummary, FlushAndCloseInsideAFunctionRunAtEveryCall) {
  const fs::path logdir = fresh_dir("flush");
  auto writer = summary::create_file_writer(logdir.string(), {.max_queue = 1000, .flush_millis = 100'000'000});
  auto write_and_flush = function([&](const Tensor& x) {
    auto scope = writer.as_default();
    summary::scalar("x", x, 1);
    writer.flush();
    return x;
  });
  write_and_flush(constant(1.0f));
  const std::uintmax_t after_one = file_size(writer);
  write_and_flush(constant(2.0f));
  const std::uintmax_t after_two = file_size(writer);
  EXPECT_GT(after_two, after_one);
  EXPECT_EQ(write_and_flush.tracing_count(), 1);

  auto close = function([&](const Tensor& x) {
    writer.close();
    return x;
  });
  {
    auto scope = writer.as_default();
    summary::scalar("queued", constant(3.0f), 2);
  }
  EXPECT_EQ(file_size(writer), after_two);  // tracing closed nothing
  close.get_concrete_function(constant(0.0f));
  EXPECT_EQ(file_size(writer), after_two);
  close(constant(0.0f));
  const std::uintmax_t closed = file_size(writer);
  EXPECT_GT(closed, after_two);  // closing wrote the queued summary
  // Closing deleted the writer, as TensorFlow deletes its resource: what follows raises.
  EXPECT_THROW(write_and_flush(constant(4.0f)), NotFoundError);
  EXPECT_THROW(close(constant(0.0f)), NotFoundError);
  EXPECT_THROW(writer.flush(), NotFoundError);  // closed by a function, not by this handle
  EXPECT_EQ(file_size(writer), closed);
  fs::remove_all(logdir);
}

// As TensorFlow's Python writer: closing again or flushing after an eager close does nothing, and
// a summary to the closed writer raises NotFoundError.
TEST(RawSummary, AnEagerlyClosedWriterIsDeleted) {
  const fs::path logdir = fresh_dir("closed");
  auto writer = summary::create_file_writer(logdir.string());
  auto scope = writer.as_default();
  EXPECT_TRUE(summary::scalar("x", constant(1.0f), 1));
  writer.close();
  const std::uintmax_t closed = file_size(writer);
  writer.close();
  writer.flush();
  EXPECT_THROW(summary::scalar("x", constant(2.0f), 2), NotFoundError);
  EXPECT_THROW(summary::detail::write_raw_proto(constant(scalar("s", 3.0f)), 3), NotFoundError);
  EXPECT_THROW(summary::detail::write_graph_def(graph_def()), NotFoundError);
  EXPECT_EQ(file_size(writer), closed);
  fs::remove_all(logdir);
}

}  // namespace
}  // namespace tf
