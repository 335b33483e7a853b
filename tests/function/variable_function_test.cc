// Variables inside tf::function: reads and writes are graph ops on captured handles, run in
// program order at every call; variable creation follows TensorFlow's first-trace rule.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include <tfpp/tfpp.h>

#include "function/concrete_function_impl.h"
#include "graph/graph.h"
#include "graph/graph_test_util.h"

namespace {

using tf::testing::count_ops;

const tf::graph::Node& find_node(const tf::graph::Graph& g, const std::string& name) {
  for (const auto& node : g.nodes())
    if (node.name == name) return node;
  throw std::runtime_error("no node " + name);
}

// The graph the executor of a concrete function runs (after optimization).
const tf::graph::Graph& optimized_graph(const tf::ConcreteFunction& cf) { return cf.impl()->executor.graph(); }

TEST(VariableFunction, AssignAddThenReadGivesTwoThenFour) {
  tf::Variable v(1.0f);
  auto f = tf::function([&](tf::Tensor x) {
    v.assign_add(x);
    return v.read_value();
  });
  EXPECT_EQ(f(tf::constant(1.0f)).item<float>(), 2.0f);
  EXPECT_EQ(f(tf::constant(2.0f)).item<float>(), 4.0f);
  EXPECT_EQ(v.numpy<float>(), std::vector<float>{4.0f});
  EXPECT_EQ(f.tracing_count(), 1);
}

TEST(VariableFunction, ValueIsReadAtCallTimeNotTraceTime) {
  tf::Variable external(3);
  auto add_one = tf::function([&] { return external.read_value() + 1; });
  EXPECT_EQ(add_one().item<std::int32_t>(), 4);
  external.assign(4);
  EXPECT_EQ(add_one().item<std::int32_t>(), 5);  // no retrace: the graph reads the variable
  external.assign_add(10);
  EXPECT_EQ(add_one().item<std::int32_t>(), 15);
  EXPECT_EQ(add_one.tracing_count(), 1);
  const std::string text = add_one.get_concrete_function().graph().to_string();
  EXPECT_NE(text.find("ReadVariableOp(resource"), std::string::npos) << text;
  EXPECT_NE(text.find("resource = Arg(0) : resource[]"), std::string::npos) << text;
}

TEST(VariableFunction, ReadAssignReadSeesOldThenNewValue) {
  tf::Variable v(tf::constant({1.0f, 2.0f}));
  auto f = tf::function([&] {
    tf::Tensor before = v.read_value();
    v.assign(before * 10.0f);
    tf::Tensor after = v.read_value();
    tf::Tensor again = v.read_value();
    return std::vector<tf::Tensor>{before, after, again};
  });
  std::vector<tf::Tensor> r = f();
  EXPECT_EQ(r[0].numpy<float>(), (std::vector<float>{1, 2}));
  EXPECT_EQ(r[1].numpy<float>(), (std::vector<float>{10, 20}));
  EXPECT_EQ(r[2].numpy<float>(), (std::vector<float>{10, 20}));
  r = f();
  EXPECT_EQ(r[0].numpy<float>(), (std::vector<float>{10, 20}));
  EXPECT_EQ(r[1].numpy<float>(), (std::vector<float>{100, 200}));
  // Common-subexpression elimination merges the two reads after the write, never the one before.
  EXPECT_EQ(count_ops(optimized_graph(f.get_concrete_function()), "ReadVariableOp"), 2);
}

TEST(VariableFunction, ControlDependenciesOrderReadsAndWritesPerVariable) {
  tf::Variable a(1.0f, {.name = "a"}), b(2.0f, {.name = "b"});
  auto f = tf::function([&] {
    tf::Tensor r1 = a.read_value();
    a.assign_add(1.0f);
    b.assign_add(1.0f);
    tf::Tensor r2 = a.read_value();
    tf::print("first");
    tf::print("second");
    return r1 + r2;
  });
  tf::ConcreteFunction cf = f.get_concrete_function();
  const tf::graph::Graph& g = cf.graph().impl();
  const auto& read1 = find_node(g, "ReadVariableOp");
  const auto& write_a = find_node(g, "AssignAddVariableOp");
  const auto& write_b = find_node(g, "AssignAddVariableOp_1");
  const auto& read2 = find_node(g, "ReadVariableOp_1");
  const auto index = [&](const tf::graph::Node& n) { return static_cast<int>(&n - g.nodes().data()); };
  EXPECT_TRUE(read1.control_inputs.empty());
  EXPECT_EQ(write_a.control_inputs, std::vector<int>{index(read1)});  // a write waits for earlier reads
  EXPECT_TRUE(write_b.control_inputs.empty());                        // another variable: unordered
  EXPECT_EQ(read2.control_inputs, std::vector<int>{index(write_a)});  // a read waits for the last write
  EXPECT_EQ(find_node(g, "PrintV2_1").control_inputs, std::vector<int>{index(find_node(g, "PrintV2"))});
  EXPECT_EQ(g.control_outputs().size(), 4u);  // two writes, two prints
  EXPECT_NE(g.to_string().find("ReadVariableOp_1 = ReadVariableOp(resource, ^AssignAddVariableOp"), std::string::npos)
      << g.to_string();
  bool exported = false;
  for (const tf::NodeDef& n : cf.graph().as_graph_def().node)
    if (n.name == "ReadVariableOp_1") exported = n.input.size() == 2 && n.input[1] == "^AssignAddVariableOp";
  EXPECT_TRUE(exported);
  testing::internal::CaptureStderr();
  EXPECT_EQ(cf().item<float>(), 3.0f);  // 1 + 2
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "first\nsecond\n");
  EXPECT_EQ(b.numpy<float>(), std::vector<float>{3.0f});
}

TEST(VariableFunction, WritesNobodyUsesStillRunAndUnusedReadsArePruned) {
  tf::Variable v(0);
  auto f = tf::function([&](tf::Tensor x) {
    tf::Tensor unused = v.read_value() * 7;
    v.assign_add(x);
    tf::Tensor unused_after = v.read_value();
    return x * 2;
  });
  EXPECT_EQ(f(tf::constant(5)).item<std::int32_t>(), 10);
  EXPECT_EQ(f(tf::constant(5)).item<std::int32_t>(), 10);
  EXPECT_EQ(v.numpy<std::int32_t>(), std::vector<std::int32_t>{10});
  const tf::graph::Graph& g = optimized_graph(f.get_concrete_function(tf::TensorSpec({}, tf::int32)));
  EXPECT_EQ(count_ops(g, "AssignAddVariableOp"), 1);
  EXPECT_EQ(count_ops(g, "ReadVariableOp"), 1);  // the read the write waits for stays; the last one goes
  EXPECT_EQ(count_ops(g, "Mul"), 1);             // x * 2; the unused product is pruned
}

TEST(VariableFunction, SubAndScatterInsideAFunction) {
  tf::Variable v(tf::constant({1.0f, 2.0f, 3.0f, 4.0f}));
  auto f = tf::function([&](tf::Tensor indices, tf::Tensor updates) {
    v.assign_sub(tf::constant(1.0f));
    v.scatter_update(indices, updates);
    return v.read_value();
  });
  EXPECT_EQ(f(tf::constant({3, 0}), tf::constant({9.0f, 8.0f})).numpy<float>(), (std::vector<float>{8, 1, 2, 9}));
  EXPECT_EQ(f(tf::constant({1, 2}), tf::constant({5.0f, 6.0f})).numpy<float>(), (std::vector<float>{7, 5, 6, 8}));
  EXPECT_THROW(f(tf::constant({4, 0}), tf::constant({9.0f, 8.0f})), tf::InvalidArgumentError);  // out of range
  EXPECT_EQ(f.tracing_count(), 1);
}

TEST(VariableFunction, WrongDtypeOrShapeFailsAtTraceTime) {
  tf::Variable v(tf::constant({1.0f, 2.0f}), {.name = "v"});
  auto wrong_dtype = tf::function([&](tf::Tensor x) {
    v.assign(x);
    return x;
  });
  try {
    wrong_dtype(tf::constant({1, 2}));
    FAIL() << "expected an error";
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("[AssignVariableOp] cannot write a value of dtype int32 and shape (2,) to "
                                         "variable 'v:0' of dtype float32 and shape (2,)"),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(wrong_dtype(tf::constant({1.0f, 2.0f, 3.0f})), tf::InvalidArgumentError);
  auto wrong_delta = tf::function([&](tf::Tensor x) {
    v.assign_add(x);
    return x;
  });
  EXPECT_THROW(wrong_delta(tf::ones({3, 2})), tf::InvalidArgumentError);
  // A partly unknown shape passes tracing; the kernel checks the actual value.
  auto relaxed = tf::function([&](tf::Tensor x) {
    v.assign(x);
    return x;
  }, {.input_signature = {tf::TensorSpec({tf::None}, tf::float32)}});
  relaxed(tf::constant({7.0f, 8.0f}));
  EXPECT_EQ(v.numpy<float>(), (std::vector<float>{7, 8}));
  try {
    relaxed(tf::constant({1.0f, 2.0f, 3.0f}));
    FAIL() << "expected an error";
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("[AssignVariableOp] cannot assign a value of shape (3,) to variable 'v:0'"), std::string::npos)
        << e.what();
  }
}

TEST(VariableFunction, CreatingAVariableAtEveryCallFailsOnTheFirstCall) {
  // The guide: tf.function only supports singleton variables created on the first call.
  auto f = tf::function([](tf::Tensor x) {
    tf::Variable v(1.0f);
    return v.read_value() + x;
  });
  try {
    f(tf::constant(1.0f));
    FAIL() << "expected an error";
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("tf.function only supports singleton tf.Variables created on the first call"),
              std::string::npos)
        << e.what();
  }
}

TEST(VariableFunction, AVariableCreatedOnceOnTheFirstCallIsKept) {
  // The guide's Count module: `if self.count is None: self.count = tf.Variable(0)`.
  tf::Variable count;
  auto increment = tf::function([&] {
    if (!count) count = tf::Variable(0);
    return count.assign_add(1).read_value();
  });
  EXPECT_EQ(increment().item<std::int32_t>(), 1);
  EXPECT_EQ(increment().item<std::int32_t>(), 2);
  EXPECT_EQ(count.numpy<std::int32_t>(), std::vector<std::int32_t>{2});
  EXPECT_EQ(increment.tracing_count(), 2);  // TensorFlow traces twice when the first trace creates variables
}

TEST(VariableFunction, CreatingAVariableOnALaterTraceFails) {
  tf::Variable v;
  auto f = tf::function([&](int n) {
    if (n > 1 && !v) v = tf::Variable(0.0f);
    return tf::constant(n);
  });
  EXPECT_EQ(f(1).item<std::int32_t>(), 1);
  try {
    f(2);
    FAIL() << "expected an error";
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("creating variables on a non-first call"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(v.defined());
}

TEST(VariableFunction, SymbolicInitialValueIsRefused) {
  tf::Variable v;
  auto f = tf::function([&](tf::Tensor x) {
    if (!v) v = tf::Variable(x * 2.0f);
    return x;
  });
  EXPECT_THROW(f(tf::constant(1.0f)), tf::InvalidArgumentError);
}

TEST(VariableFunction, CondBranchesCaptureVariables) {
  tf::Variable v(10.0f);
  auto f = tf::function([&](tf::Tensor pred) {
    return tf::cond(
        pred,
        [&] {
          v.assign_add(1.0f);
          return v.read_value();
        },
        [&] { return v.read_value() * -1.0f; });
  });
  EXPECT_EQ(f(tf::constant(true)).item<float>(), 11.0f);
  EXPECT_EQ(f(tf::constant(false)).item<float>(), -11.0f);
  EXPECT_EQ(f(tf::constant(true)).item<float>(), 12.0f);
  EXPECT_EQ(f.tracing_count(), 1);
  const tf::graph::Graph& g = f.get_concrete_function(tf::TensorSpec({}, tf::bool_)).graph().impl();
  EXPECT_EQ(count_ops(g, "If"), 1);  // stateful: a branch writes
  EXPECT_EQ(g.control_outputs().size(), 1u);
}

TEST(VariableFunction, GradientsThroughACallThatReadsVariables) {
  tf::Variable w(tf::constant({2.0f, -1.0f})), b(0.5f);
  auto f = tf::function([&](tf::Tensor x) { return tf::reduce_sum(w.read_value() * x + b.read_value()); });
  tf::Tensor x = tf::constant({3.0f, 4.0f});
  std::vector<tf::Tensor> grads;
  tf::Tensor y;
  {
    tf::GradientTape tape;  // watches the trainable variables the call reads
    y = f(x);
    grads = tape.gradient(y, {w, b});
  }
  EXPECT_EQ(y.item<float>(), 2.0f + 1.0f);  // 6 - 4 + 2 * 0.5
  EXPECT_EQ(grads[0].numpy<float>(), (std::vector<float>{3.0f, 4.0f}));
  EXPECT_EQ(grads[1].item<float>(), 2.0f);
  tf::Variable frozen(1.0f, {.trainable = false});
  auto g = tf::function([&](tf::Tensor x) { return x * frozen.read_value(); });
  tf::GradientTape tape;
  g(tf::constant(2.0f));
  EXPECT_TRUE(tape.watched_variables().empty());
  EXPECT_EQ(f.tracing_count(), 1);
}

TEST(VariableFunction, TracedTrainingStepFitsALinearRegression) {
  // y = 3x + 2, fitted by SGD; forward, gradient and update are one graph.
  tf::Variable w(0.0f, {.name = "w"}), b(0.0f, {.name = "b"});
  const tf::Tensor x = tf::constant({-1.0f, 0.0f, 1.0f, 2.0f});
  const tf::Tensor y = x * 3.0f + 2.0f;
  auto train_step = tf::function([&](tf::Tensor xs, tf::Tensor ys) {
    tf::GradientTape tape;
    tf::Tensor error = w.read_value() * xs + b.read_value() - ys;
    tf::Tensor loss = tf::reduce_mean(error * error);
    std::vector<tf::Tensor> grads = tape.gradient(loss, {w, b});
    w.assign_sub(grads[0] * 0.1f);
    b.assign_sub(grads[1] * 0.1f);
    return loss;
  });
  float first = train_step(x, y).item<float>(), last = first;
  for (int step = 0; step < 300; ++step) last = train_step(x, y).item<float>();
  EXPECT_EQ(train_step.tracing_count(), 1);
  EXPECT_FLOAT_EQ(first, 23.5f);  // mean((3x + 2)^2) = (1 + 4 + 25 + 64) / 4 at w = b = 0
  EXPECT_LT(last, 1e-6f);
  EXPECT_NEAR(w.numpy<float>()[0], 3.0f, 1e-3f);
  EXPECT_NEAR(b.numpy<float>()[0], 2.0f, 1e-3f);
  const tf::graph::Graph& g = train_step.get_concrete_function(x, y).graph().impl();
  EXPECT_EQ(count_ops(g, "AssignSubVariableOp"), 2);
}

TEST(VariableFunction, RunFunctionsEagerlyKeepsTheSameResults) {
  tf::config::run_functions_eagerly(true);
  tf::Variable v(1.0f), w(0.0f);
  auto f = tf::function([&](tf::Tensor x) {
    v.assign_add(x);
    return v.read_value();
  });
  EXPECT_EQ(f(tf::constant(1.0f)).item<float>(), 2.0f);
  EXPECT_EQ(f(tf::constant(2.0f)).item<float>(), 4.0f);
  auto creates = tf::function([](tf::Tensor x) { return tf::Variable(1.0f).read_value() + x; });
  EXPECT_EQ(creates(tf::constant(1.0f)).item<float>(), 2.0f);  // eagerly, a new variable per call is fine
  auto step = tf::function([&](tf::Tensor x, tf::Tensor y) {
    tf::GradientTape tape;
    tf::Tensor error = w.read_value() * x - y;
    tf::Tensor grad = tape.gradient(tf::reduce_mean(error * error), w);
    w.assign_sub(grad * 0.1f);
  });
  for (int i = 0; i < 100; ++i) step(tf::constant({1.0f, 2.0f}), tf::constant({2.0f, 4.0f}));
  tf::config::run_functions_eagerly(false);
  EXPECT_NEAR(w.numpy<float>()[0], 2.0f, 1e-3f);
  EXPECT_EQ(f.tracing_count(), 0);
}

TEST(VariableFunction, ConcurrentCallsUpdateAtomically) {
  tf::Variable counter(0);
  auto bump = tf::function([&] { counter.assign_add(1); });
  bump();
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 250; ++i) bump();
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(counter.numpy<std::int32_t>(), std::vector<std::int32_t>{1001});
}

TEST(VariableFunction, AFunctionCalledInsideAnotherKeepsItsVariables) {
  tf::Variable v(1.0f);
  auto inner = tf::function([&](tf::Tensor x) {
    v.assign_add(x);
    return v.read_value();
  });
  auto outer = tf::function([&](tf::Tensor x) { return inner(x) * 2.0f; });
  EXPECT_EQ(outer(tf::constant(1.0f)).item<float>(), 4.0f);
  EXPECT_EQ(outer(tf::constant(1.0f)).item<float>(), 6.0f);
  EXPECT_EQ(v.numpy<float>(), std::vector<float>{3.0f});
}

TEST(VariableFunction, VariableArgumentsArePassedAsHandles) {
  auto add_to = tf::function([](tf::Variable v, tf::Tensor x) {
    v.assign_add(x);
    return v.read_value();
  });
  tf::Variable a(1.0f), b(10.0f);
  EXPECT_EQ(add_to(a, tf::constant(1.0f)).item<float>(), 2.0f);
  EXPECT_EQ(add_to(b, tf::constant(1.0f)).item<float>(), 11.0f);
  EXPECT_EQ(a.numpy<float>(), std::vector<float>{2.0f});
  EXPECT_EQ(add_to.tracing_count(), 1);  // one dtype and shape: one trace serves both variables
  tf::Variable c(tf::constant({1.0f, 2.0f}));
  EXPECT_EQ(add_to(c, tf::constant(1.0f)).numpy<float>(), (std::vector<float>{2, 3}));
  EXPECT_EQ(add_to.tracing_count(), 2);

  // Whether two arguments are one variable is part of the key.
  auto bump_first_read_second = tf::function([](tf::Variable x, tf::Variable y) {
    x.assign_add(1.0f);
    return y.read_value();
  });
  EXPECT_EQ(bump_first_read_second(a, a).item<float>(), 3.0f);
  EXPECT_EQ(bump_first_read_second(a, b).item<float>(), 11.0f);
  EXPECT_EQ(a.numpy<float>(), std::vector<float>{4.0f});
  EXPECT_EQ(bump_first_read_second.tracing_count(), 2);
}

}  // namespace
