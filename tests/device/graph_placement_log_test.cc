// set_log_device_placement inside tf::function: the first call prints each graph node's placement
// in TensorFlow 2.21's form, compared with what TensorFlow prints for the same function (run in
// this test): the same line format, and the same arguments and compute ops on the same device.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "reference_env.h"
#include "tfpp/tfpp.h"

namespace tf {
namespace {

constexpr const char* kTensorFlowScript = R"PY(
import os
os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
import tensorflow as tf
tf.debugging.set_log_device_placement(True)  # before the first op: TensorFlow's placer reads it once
@tf.function
def f(x, y):
    with tf.name_scope("scope"):
        z = x * y + x
    return tf.reduce_sum(z)
x, y = tf.constant([1.0, 2.0]), tf.constant(3.0)
print("CALL", flush=True)
f(x, y)
)PY";

// Op -> count over the lines "<node>: (<Op>): <device>" of these ops; every line must have that form.
std::map<std::string, int> placed_ops(const std::string& text, const std::string& device) {
  static const std::regex line_form(R"(^([^:]+): \(([A-Za-z0-9_]+)\): (/job:localhost/replica:0/task:0/device:CPU:\d+)$)");
  std::map<std::string, int> ops;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    EXPECT_TRUE(std::regex_match(line, m, line_form)) << line;
    if (m.empty()) continue;
    EXPECT_EQ(m[3].str(), device) << line;
    const std::string op = m[2].str();
    if (op == "_Arg" || op == "Mul" || op == "AddV2" || op == "Sum") ++ops[op];
  }
  return ops;
}

TEST(GraphPlacementLog, TheFirstCallPrintsEachNodesPlacementAsTensorFlowDoes) {
  const Tensor x = constant({1.0f, 2.0f}), y = constant(3.0f);
  auto g = function([](Tensor x, Tensor y) {
    name_scope scope("scope");
    return reduce_sum(x * y + x);
  });
  debugging::set_log_device_placement(true);
  ::testing::internal::CaptureStderr();
  g(x, y);
  g(x, y);  // printed once, as TensorFlow prints when it instantiates the function
  const std::string ours = ::testing::internal::GetCapturedStderr();
  debugging::set_log_device_placement(false);

  const std::string python = testing::reference_python();
  const std::string path = ::testing::TempDir() + "graph_placement_" + std::to_string(getpid()) + ".py";
  std::ofstream(path) << kTensorFlowScript;
  std::string theirs = testing::run_command(python + " " + path + " 2>&1");
  theirs = theirs.substr(theirs.find("CALL\n") + 5);
  // TensorFlow's placer also prints the nodes of the function that makes eager constants.
  std::string function_lines;
  std::istringstream lines(theirs);
  for (std::string line; std::getline(lines, line);)
    if (line.find("_EagerConst") == std::string::npos && line.rfind("input:", 0) != 0 && line.rfind("output_RetVal", 0) != 0)
      function_lines += line + "\n";

  const std::string cpu0 = "/job:localhost/replica:0/task:0/device:CPU:0";
  EXPECT_EQ(placed_ops(ours, cpu0), placed_ops(function_lines, cpu0)) << "tfpp:\n" << ours << "TensorFlow:\n" << function_lines;
  EXPECT_EQ(placed_ops(ours, cpu0), (std::map<std::string, int>{{"AddV2", 1}, {"Mul", 1}, {"Sum", 1}, {"_Arg", 2}})) << ours;
  for (const char* node : {"scope/mul: (Mul): ", "scope/add: (AddV2): "}) {  // Python's operator names
    EXPECT_NE(ours.find(node + cpu0 + "\n"), std::string::npos) << ours;
    EXPECT_NE(function_lines.find(node + cpu0 + "\n"), std::string::npos) << function_lines;
  }
}

}  // namespace
}  // namespace tf
