// tf::profiler::experimental: the profile tfpp writes is read by TensorFlow 2.21's own profiler
// tools (tests/profiler/read_profile.py, in the same run), has the structure of the profile
// TensorFlow writes for the same program, and holds tfpp's op executions and Trace events.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <regex>
#include <thread>

#include "error_of.h"
#include "reference_env.h"
#include "tfpp/profiler.h"
#include "tfpp/tfpp.h"

namespace tf {
namespace {

namespace fs = std::filesystem;
namespace prof = profiler::experimental;
using testing::error_of;
using testing::block;

fs::path fresh_dir(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("tfpp_profiler_" + name + "_" + std::to_string(getpid()));
  fs::remove_all(dir);
  return dir;
}

std::string read_profile(const std::string& args) {
  return testing::run_command(testing::reference_python() + " " + testing::source_dir() +
                              "/tests/profiler/read_profile.py " + args + " 2>/dev/null");
}

TEST(Profiler, TensorFlowsToolsReadTheProfileAsTheirOwn) {
  const fs::path ours = fresh_dir("ours"), theirs = fresh_dir("theirs");
  const Tensor x = constant({{1.f, 2.f}, {3.f, 4.f}});
  auto f = function([](const Tensor& a) { return reduce_sum(a * a); });
  f(x);  // traced before the profile, as TensorFlow's is not: tracing runs no ops
  prof::start(ours.string());
  {
    prof::Trace trace("train", {{"step_num", 1}, {"_r", 1}});
    nn::relu(matmul(x, x) - 5.f);
  }
  f(x);
  prof::stop();
  const std::string report = read_profile("compare " + ours.string() + " " + theirs.string());
  EXPECT_EQ(block(report, "tfpp"), block(report, "tensorflow")) << report;
  EXPECT_NE(block(report, "tfpp").find("step: train 1 (step_num 1)"), std::string::npos) << report;
  // TensorFlow's op statistics count tfpp's eager ops as eager and the function's nodes as run
  // by a function.
  EXPECT_EQ(block(report, "ops"),
            "Eager MatMul MatMul 1\nEager Relu Relu 1\nEager Sub Sub 1\nFunction Mul mul 1\nFunction Sum Sum 1\n");
  fs::remove_all(ours);
  fs::remove_all(theirs);
}

TEST(Profiler, EventsNestAsTensorFlowsAndEachThreadHasItsLine) {
  const fs::path logdir = fresh_dir("events");
  {
    prof::Trace before("before_start");  // not recorded: no profile yet
    prof::start(logdir.string());
  }
  std::thread worker([] {
    prof::Trace trace("worker", {{"rate", 0.5}, {"tag", std::string("w")}});
    math::exp(constant({1.0}));
  });
  worker.join();
  {
    prof::Trace trace("main");
    math::negative(constant({1.f}));
  }
  prof::stop();
  const std::string events = read_profile("events " + logdir.string());
  EXPECT_EQ(events.find("before_start"), std::string::npos) << events;
  EXPECT_NE(events.find("  worker rate=0.5 tag=w\n  EagerExecute eager_op=Exp is_func=0\n  Exp:Exp\n"), std::string::npos)
      << events;
  EXPECT_NE(events.find("  main\n  EagerExecute eager_op=Neg is_func=0\n  Neg:Neg\n"), std::string::npos) << events;
  std::size_t lines = 0;
  for (std::size_t at = events.find("line "); at != std::string::npos; at = events.find("\nline ", at + 1)) ++lines;
  EXPECT_EQ(lines, 2u) << events;
  fs::remove_all(logdir);
}

// A tf::function call shows in the trace viewer as TensorFlow's does: an event named after the
// function with TensorFlow's tf_function_call and tracing_count stats (what Python's
// tf.function records), EagerExecute of the graph named "__inference_<function name>_<n>", then
// its nodes. A call that traces says so.
TEST(Profiler, FunctionCallsAreNamedAsTensorFlowsGraphs) {
  const fs::path logdir = fresh_dir("calls");
  auto square_sum = function([](const Tensor& a) { return reduce_sum(a * a); }, {.name = "square_sum"});
  square_sum(constant({1.f, 2.f}));
  prof::start(logdir.string());
  square_sum(constant({1.f, 2.f}));
  square_sum(constant({1.f, 2.f, 3.f}));  // a new shape: traced again
  square_sum.get_concrete_function(constant({1.f}));  // traced, not called: no call event
  prof::stop();
  const std::string events = read_profile("events " + logdir.string());
  const std::regex call("  square_sum tf_function_call=notTraced-nonXla tracing_count=1\n"
                        "  EagerExecute eager_op=(__inference_square_sum_[0-9]+) is_func=1\n"
                        "  EagerLocalExecute: (\\S+)\n");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(events, m, call)) << events;
  EXPECT_EQ(m[1], m[2]);
  EXPECT_NE(events.find("  square_sum tf_function_call=traced-nonXla tracing_count=2\n  EagerExecute"), std::string::npos)
      << events;
  EXPECT_EQ(events.find("tracing_count=3"), std::string::npos) << events;
  fs::remove_all(logdir);
}

TEST(Profiler, HostTracerLevelOneRecordsOnlyTraces) {
  const fs::path logdir = fresh_dir("level1");
  prof::start(logdir.string(), {.host_tracer_level = 1});
  {
    prof::Trace trace("step");
    math::exp(constant({1.f}));
  }
  prof::stop();
  const std::string events = read_profile("events " + logdir.string());
  EXPECT_EQ(events.substr(events.find('\n') + 1), "  step\n") << events;
  fs::remove_all(logdir);
}

TEST(Profiler, ErrorsAreTensorFlowsAndStopWithoutSavingWritesNothing) {
  const fs::path logdir = fresh_dir("errors");
  const std::string expected = read_profile("errors " + fresh_dir("errors_tf").string());
  std::string ours;
  try {
    prof::stop();
  } catch (const UnavailableError& e) {
    ours += std::string("UnavailableError: ") + e.what() + "\n";
  }
  prof::start(logdir.string());
  try {
    prof::start(logdir.string());
  } catch (const AlreadyExistsError& e) {
    ours += std::string("AlreadyExistsError: ") + e.what() + "\n";
  }
  prof::stop(/*save=*/false);
  EXPECT_EQ(ours, expected);
  EXPECT_FALSE(fs::exists(logdir / "plugins"));
  EXPECT_THROW(prof::stop(), UnavailableError);
  fs::remove_all(fresh_dir("errors_tf"));
}

}  // namespace
}  // namespace tf
