// The C++ & and | on tensors: logical on bools and bitwise on integers, as TensorFlow's Python
// operators, with the traced nodes in TensorFlow's "and" / "or" scopes.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include <tfpp/tfpp.h>

namespace {

using tf::Tensor;

TEST(BitwiseOperators, LogicalOnBoolsBitwiseOnIntegers) {
  const Tensor a = tf::constant(std::vector<std::int32_t>{1, 2, 12}), b = tf::constant(std::vector<std::int32_t>{4, 3, 10});
  EXPECT_EQ((a | b).numpy<std::int32_t>(), (std::vector<std::int32_t>{5, 3, 14}));
  EXPECT_EQ((a & b).numpy<std::int32_t>(), (std::vector<std::int32_t>{0, 2, 8}));
  const Tensor p = tf::constant(std::vector<bool>{true, true, false}), q = tf::constant(std::vector<bool>{true, false, false});
  EXPECT_EQ((p | q).numpy<bool>(), (std::vector<bool>{true, true, false}));
  EXPECT_EQ((p & q).numpy<bool>(), (std::vector<bool>{true, false, false}));
  EXPECT_THROW(tf::constant(std::vector<float>{1.5f}) | tf::constant(std::vector<float>{2.5f}), tf::InvalidArgumentError);
}

TEST(BitwiseOperators, TracedNodesInTensorFlowsScopes) {
  // Bools keep the scope's name for the op ("or"), integers the op's own inside it.
  auto f = tf::function([](Tensor x, Tensor y) { return std::vector<Tensor>{x | y, x & y}; });
  auto concrete = f.get_concrete_function(tf::TensorSpec(tf::TensorShape{3}, tf::int32), tf::TensorSpec(tf::TensorShape{3}, tf::int32));
  const std::string graph = concrete.graph().to_string();
  EXPECT_NE(graph.find("or/BitwiseOr = BitwiseOr(args_0, args_1)"), std::string::npos) << graph;
  EXPECT_NE(graph.find("and/BitwiseAnd = BitwiseAnd(args_0, args_1)"), std::string::npos) << graph;
  const std::vector<Tensor> out =
      concrete.call_flat({tf::constant(std::vector<std::int32_t>{1, 2, 12}), tf::constant(std::vector<std::int32_t>{4, 3, 10})});
  EXPECT_EQ(out[0].numpy<std::int32_t>(), (std::vector<std::int32_t>{5, 3, 14}));
  EXPECT_EQ(out[1].numpy<std::int32_t>(), (std::vector<std::int32_t>{0, 2, 8}));
}

}  // namespace
