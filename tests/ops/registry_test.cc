// Completeness of the op registry: every registered op can infer shapes, run somewhere, and
// either has a gradient, is marked not differentiable, or (as TensorFlow does) leaves its gradient
// to users (tf::RegisterGradient).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "autodiff/unregistered_gradients.h"
#include "ops/op_def.h"

namespace {

TEST(OpRegistry, EveryOpHasAShapeFunctionAndAKernel) {
  const auto ops = tf::ops::all_ops();
  ASSERT_FALSE(ops.empty());
  for (const tf::ops::OpDef* op : ops) {
    EXPECT_NE(op->shape_fn, nullptr) << op->name << " has no shape function";
    EXPECT_TRUE(std::any_of(op->kernels.begin(), op->kernels.end(), [](auto k) { return k != nullptr; }))
        << op->name << " has no kernel";
  }
}

TEST(OpRegistry, EveryOpHasAGradientOrIsMarkedNotDifferentiable) {
  std::string missing;
  for (const tf::ops::OpDef* op : tf::ops::all_ops())
    if (op->gradient == nullptr && !op->no_gradient && !tf::autodiff::gradient_left_to_users(op->name))
      missing += " " + op->name;
  EXPECT_TRUE(missing.empty()) << "ops with neither a gradient nor TF_NO_GRADIENT (nor left to users as in TensorFlow):"
                               << missing;
}

TEST(OpRegistry, FindsOpsByTensorFlowName) {
  ASSERT_NE(tf::ops::find_op("AddV2"), nullptr);
  EXPECT_EQ(tf::ops::find_op("AddV2")->name, "AddV2");
  EXPECT_EQ(tf::ops::find_op("NoSuchOp"), nullptr);
}

}  // namespace
