// Node names of a traced function as TensorFlow 2.21 names them: operators ("mul", "truediv",
// "and") with the numbers they convert inside their scope ("add_2/y"), tf::math's functions
// ("Add", "Sub", "truediv", "floordiv"), integer division's casts, and TensorFlow's unique names,
// which ignore case ("Add_1" after "add"). TensorFlow names the same function in this test run.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <unistd.h>

#include "graph/graph.h"
#include "reference_env.h"
#include "tfpp/tfpp.h"

namespace tf {
namespace {

constexpr const char* kTensorFlowScript = R"PY(
import os
os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
import tensorflow as tf
@tf.function
def f(x, y, i, j, b, c):
    with tf.name_scope("ops"):
        return [x + y, x - y, x * y, x / y, x % y, -x, x < y, x <= y, x > y, x >= y, i / j, b & c, b | c, ~b,
                tf.add(x, y), tf.subtract(x, y), tf.multiply(x, y), tf.divide(x, y), tf.math.truediv(x, y),
                tf.math.floordiv(x, y), x + 2.0, 2.0 * x, x - 1.0, 3.0 / x, x < 0.5, x * y * 2.0, i % 3]
graph = f.get_concrete_function(tf.TensorSpec([2], tf.float32), tf.TensorSpec([2], tf.float32),
                                tf.TensorSpec([2], tf.int32), tf.TensorSpec([2], tf.int32),
                                tf.TensorSpec([2], tf.bool), tf.TensorSpec([2], tf.bool)).graph
for op in graph.get_operations():
    if op.type not in ("Placeholder", "Identity"):
        print(op.name, op.type)
)PY";

std::vector<Tensor> operators_and_functions(Tensor x, Tensor y, Tensor i, Tensor j, Tensor b, Tensor c) {
  name_scope scope("ops");
  return {x + y, x - y, x * y, x / y, x % y, -x, x < y, x <= y, x > y, x >= y, i / j, b & c, b | c, ~b,
          add(x, y), subtract(x, y), multiply(x, y), divide(x, y), math::truediv(x, y),
          math::floordiv(x, y), x + 2.0, 2.0 * x, x - 1.0, 3.0 / x, x < 0.5, x * y * 2.0, i % 3};
}

// "name Op" per constant and op node, in the order they were made.
std::string node_lines(const graph::Graph& g) {
  std::string lines;
  for (const graph::Node& node : g.nodes()) {
    if (node.kind == graph::NodeKind::kArg) continue;
    lines += node.name + " " + (node.kind == graph::NodeKind::kConst ? std::string("Const") : node.op->name) + "\n";
  }
  return lines;
}

TEST(NodeNames, OperatorsAndMathFunctionsAreNamedAsTensorFlowNamesThem) {
  auto f = function(operators_and_functions);
  const TensorSpec v(TensorShape{2}, float32), n(TensorShape{2}, int32), p(TensorShape{2}, tf::bool_);
  const std::string ours = node_lines(f.get_concrete_function(v, v, n, n, p, p).graph().impl());

  const std::string path = ::testing::TempDir() + "node_names_" + std::to_string(getpid()) + ".py";
  std::ofstream(path) << kTensorFlowScript;
  const std::string theirs = testing::run_command(testing::reference_python() + " " + path + " 2>/dev/null");
  ASSERT_FALSE(theirs.empty()) << "TensorFlow printed nothing";
  EXPECT_EQ(ours, theirs);
  EXPECT_NE(ours.find("ops/add_2/y Const\nops/add_2 AddV2\n"), std::string::npos) << ours;
  EXPECT_NE(ours.find("ops/truediv_1/Cast Cast\nops/truediv_1/Cast_1 Cast\nops/truediv_1 RealDiv\n"), std::string::npos) << ours;
}

TEST(NodeNames, AFunctionsGraphStartsAtTheRootScopeWhateverScopeItIsCalledIn) {
  auto f = function([](Tensor x) {
    name_scope inner("inner");
    return x * 2.0;
  });
  name_scope outer("outer");
  const std::string text = node_lines(f.get_concrete_function(TensorSpec(TensorShape{2}, float32)).graph().impl());
  EXPECT_EQ(text, "inner/mul/y Const\ninner/mul Mul\n");
}

TEST(NodeNames, UniqueNamesIgnoreCaseAndSkipNamesTaken) {
  graph::Graph g;
  EXPECT_EQ(g.unique_name("add"), "add");
  EXPECT_EQ(g.unique_name("Add"), "Add_1");
  EXPECT_EQ(g.unique_name("add_2"), "add_2");
  EXPECT_EQ(g.unique_name("add"), "add_3");  // add_2 is taken
  EXPECT_EQ(g.unique_name("add_1"), "add_1_1");
}

TEST(NodeNames, EagerOperatorsComputeAsTheMathFunctions) {
  const Tensor x = constant({6.0f, -7.0f}), y = constant({4.0f, 2.0f});
  EXPECT_EQ((x / y).numpy<float>(), (std::vector<float>{1.5f, -3.5f}));
  EXPECT_EQ((x % y).numpy<float>(), (std::vector<float>{2.0f, 1.0f}));
  EXPECT_EQ((2.0 - x).numpy<float>(), (std::vector<float>{-4.0f, 9.0f}));
  EXPECT_EQ((constant({7, -7}) / 2).dtype(), float64);
  EXPECT_EQ((x < 0).numpy<bool>(), (std::vector<bool>{false, true}));
}

}  // namespace
}  // namespace tf
