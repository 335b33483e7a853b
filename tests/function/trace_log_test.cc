// tf::autograph::set_verbosity(1) logs each trace of a tf::function and why it was needed: the
// first call, tensor arguments no trace takes, new non-tensor arguments, relaxed shapes.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>

#include "reference_env.h"
#include "test_child.h"
#include "tfpp/autograph.h"
#include "tfpp/tfpp.h"

namespace tf {
namespace {

TEST(TraceLog, VerbosityOneLogsTracesRetracesAndWhy) {
  const int previous = autograph::get_verbosity();
  autograph::set_verbosity(1, /*alsologtostdout=*/true);
  auto scale = function([](Tensor x, int k) { return x * static_cast<float>(k); }, {.name = "scale"});
  ::testing::internal::CaptureStdout();
  scale(constant({1.0f, 2.0f}), 2);
  scale(constant({3.0f, 4.0f}), 2);  // the same trace: nothing logged
  scale(constant({1.0f, 2.0f, 3.0f}), 2);
  scale(constant({1.0f, 2.0f}), 3);
  const std::string out = ::testing::internal::GetCapturedStdout();
  autograph::set_verbosity(previous);
  EXPECT_EQ(scale.tracing_count(), 3);
  const std::vector<std::string> expected = {
      "AutoGraph: scale: tracing (trace 1) for float32[2]; because this is the first call\n",
      "AutoGraph: scale: retracing (trace 2) for float32[3]; because tensor argument 0 is float32[3] where an "
      "earlier trace took float32[2]\n",
      "AutoGraph: scale: retracing (trace 3) for float32[2]; because the non-tensor arguments are new ("};
  std::size_t at = 0;
  for (const std::string& line : expected) {
    const std::size_t found = out.find(line, at);
    ASSERT_NE(found, std::string::npos) << "missing: " << line << "in:\n" << out;
    at = found + line.size();
  }
}

// AUTOGRAPH_VERBOSITY sets the starting level, read when the program starts: the test runs itself
// again with it set, and the child logs its trace.
TEST(TraceLog, AutographVerbosityFromTheEnvironment) {
  if (std::getenv("TFPP_TRACE_LOG_CHILD")) {
    EXPECT_EQ(autograph::get_verbosity(), 1);
    function([](Tensor x) { return x + 1.0f; }, {.name = "from_env"})(constant({1.0f}));
    return;
  }
  const std::string out = testing::run_command(
      testing::test_child_command(getpid(), "TraceLog.AutographVerbosityFromTheEnvironment",
                                  "AUTOGRAPH_VERBOSITY=1 TFPP_TRACE_LOG_CHILD=1") + " 2>&1");
  EXPECT_NE(out.find("AutoGraph: from_env: tracing (trace 1) for float32[1]; because this is the first call"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("[  PASSED  ] 1 test"), std::string::npos) << out;
}

TEST(TraceLog, RelaxedShapesAreLogged) {
  const int previous = autograph::get_verbosity();
  autograph::set_verbosity(1, true);
  auto twice = function([](Tensor x) { return x * 2.0f; }, {.reduce_retracing = true, .name = "twice"});
  ::testing::internal::CaptureStdout();
  twice(constant({1.0f}));
  twice(constant({1.0f, 2.0f}));
  const std::string out = ::testing::internal::GetCapturedStdout();
  autograph::set_verbosity(previous);
  EXPECT_NE(out.find("AutoGraph: twice: relaxed the argument shapes to float32[?];\n"), std::string::npos) << out;
  EXPECT_NE(out.find("AutoGraph: twice: retracing (trace 2) for float32[?]; because tensor argument 0 is float32[2]"),
            std::string::npos)
      << out;
}

}  // namespace
}  // namespace tf
