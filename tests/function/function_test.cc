// tf::function: the examples of TensorFlow's tf.function guide that need no control flow.
#include <gtest/gtest.h>

#include <tfpp/tfpp.h>

#include "graph/graph.h"

namespace {

TEST(Function, AddRunsTheTracedGraph) {
  auto add = tf::function([](tf::Tensor a, tf::Tensor b) { return a + b; });
  tf::Tensor r = add(tf::ones({2, 2}), tf::ones({2, 2}));
  EXPECT_EQ(r.numpy<float>(), (std::vector<float>{2, 2, 2, 2}));
  EXPECT_FALSE(r.is_symbolic());
  add(tf::ones({2, 2}), tf::ones({2, 2}));
  EXPECT_EQ(add.tracing_count(), 1);
}

TEST(Function, DoubleTracesOncePerDtype) {
  int python_side_effects = 0;
  auto dbl = tf::function([&](tf::Tensor a) {
    ++python_side_effects;  // runs only while tracing
    return a + a;
  });
  EXPECT_EQ(dbl(tf::constant(1)).item<std::int32_t>(), 2);
  EXPECT_FLOAT_EQ(dbl(tf::constant(1.1f)).item<float>(), 2.2f);
  EXPECT_EQ(dbl(tf::constant("a")).item<std::string>(), "aa");
  EXPECT_EQ(dbl.tracing_count(), 3);
  EXPECT_EQ(dbl(tf::constant(5)).item<std::int32_t>(), 10);
  EXPECT_EQ(dbl.tracing_count(), 3);
  EXPECT_EQ(python_side_effects, 3);
}

TEST(Function, PrintRunsEveryCallWhileCxxCodeRunsOnlyWhenTracing) {
  int traced = 0;
  auto f = tf::function([&](tf::Tensor a) {
    ++traced;
    tf::print("Executed with", a);
    return a + a;
  });
  testing::internal::CaptureStderr();
  f(tf::constant(1));
  f(tf::constant(1));
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "Executed with 1\nExecuted with 1\n");
  EXPECT_EQ(traced, 1);
}

TEST(Function, NonTensorArgumentsAreTracedPerValue) {
  auto train = tf::function([](int num_steps) { return tf::constant(num_steps) * 2; });
  EXPECT_EQ(train(10).item<std::int32_t>(), 20);
  EXPECT_EQ(train(20).item<std::int32_t>(), 40);
  EXPECT_EQ(train.tracing_count(), 2);
  auto train2 = tf::function([](tf::Tensor num_steps) { return num_steps * 2; });
  train2(tf::constant(10));
  train2(tf::constant(20));
  EXPECT_EQ(train2.tracing_count(), 1);
}

TEST(Function, SeparateFunctionObjectsDoNotShareTraces) {
  auto body = [](tf::Tensor a) { return a * 3; };
  auto f = tf::function(body), g = tf::function(body);
  f(tf::constant(1.0f));
  EXPECT_EQ(f.tracing_count(), 1);
  EXPECT_EQ(g.tracing_count(), 0);
}

TEST(Function, InputSignatureGivesOneShapePolymorphicTrace) {
  auto f = tf::function([](tf::Tensor x) { return x * 2 + 1; },
                        {.input_signature = {tf::TensorSpec({tf::None}, tf::int32)}});
  EXPECT_EQ(f(tf::constant({1, 2, 3})).numpy<std::int32_t>(), (std::vector<std::int32_t>{3, 5, 7}));
  EXPECT_EQ(f(tf::constant({4})).numpy<std::int32_t>(), (std::vector<std::int32_t>{9}));
  EXPECT_EQ(f.tracing_count(), 1);
  EXPECT_THROW(f(tf::constant({1.0f})), tf::InvalidArgumentError);
  EXPECT_THROW(f(tf::constant({{1, 2}})), tf::InvalidArgumentError);
}

TEST(Function, RepeatedShapeChangesRelaxToUnknownDims) {
  auto f = tf::function([](tf::Tensor x) { return x + x; });
  testing::internal::CaptureStderr();
  for (int n = 1; n <= 5; ++n) f(tf::zeros({n}));
  const std::string warning = testing::internal::GetCapturedStderr();
  EXPECT_NE(warning.find("relaxing"), std::string::npos);
  EXPECT_EQ(f.tracing_count(), 3);
  EXPECT_EQ(f(tf::ones({7})).numpy<float>(), std::vector<float>(7, 2.0f));
  EXPECT_EQ(f.tracing_count(), 3);
}

TEST(Function, ReduceRetracingRelaxesAtTheSecondTrace) {
  auto f = tf::function([](tf::Tensor x) { return x * x; }, {.reduce_retracing = true});
  f(tf::ones({2}));
  f(tf::ones({3}));
  f(tf::ones({4}));
  EXPECT_EQ(f.tracing_count(), 2);
}

TEST(Function, ReduceRetracingRelaxesAcrossRanksToAnUnknownRank) {
  // As TensorFlow 2.21: (1,), then (None,), then a rank-2 call relaxes to an unknown shape that
  // every later rank reuses.
  auto f = tf::function([](tf::Tensor x) { return x * 2.0f; }, {.reduce_retracing = true});
  f(tf::ones({1}));
  f(tf::ones({2}));
  f(tf::ones({1, 1}));
  EXPECT_EQ(f.tracing_count(), 3);
  EXPECT_EQ(f(tf::ones({2, 2})).shape(), tf::TensorShape({2, 2}));
  EXPECT_EQ(f(tf::constant(5.0f)).item<float>(), 10.0f);
  EXPECT_EQ(f.tracing_count(), 3);
  EXPECT_TRUE(f.concrete_functions().back().inputs()[0].shape.has_unknown_rank());
}

TEST(Function, ResultsMayBeVectorsTuplesAndMaps) {
  auto f = tf::function([](tf::Tensor x) { return std::tuple{x + 1, x * 2}; });
  auto [a, b] = f(tf::constant(3));
  EXPECT_EQ(a.item<std::int32_t>(), 4);
  EXPECT_EQ(b.item<std::int32_t>(), 6);
  auto g = tf::function([](std::vector<tf::Tensor> xs) {
    return std::map<std::string, tf::Tensor>{{"sum", xs[0] + xs[1]}, {"product", xs[0] * xs[1]}};
  });
  auto m = g(std::vector<tf::Tensor>{tf::constant(2.0f), tf::constant(5.0f)});
  EXPECT_EQ(m.at("sum").item<float>(), 7.0f);
  EXPECT_EQ(m.at("product").item<float>(), 10.0f);
}

TEST(Function, GetConcreteFunctionFromSpecs) {
  auto pow_fn = tf::function([](tf::Tensor a, int b) {
    tf::Tensor r = a;
    for (int i = 1; i < b; ++i) r = r * a;
    return r;
  });
  tf::ConcreteFunction cf = pow_fn.get_concrete_function(tf::TensorSpec(tf::None, tf::float32), 2);
  EXPECT_EQ(cf(tf::constant(3.0f)).item<float>(), 9.0f);
  EXPECT_EQ(cf(tf::constant({1.0f, 2.0f})).numpy<float>(), (std::vector<float>{1, 4}));
  EXPECT_NE(cf.graph().to_string().find("Mul"), std::string::npos);
  EXPECT_NE(cf.graph().as_graph_def().to_text().find("op: \"Placeholder\""), std::string::npos);
  EXPECT_THROW(cf(tf::constant(1)), tf::InvalidArgumentError);
  // TensorFlow 2.21's layout (the number b is part of the trace, not a parameter).
  EXPECT_EQ(pow_fn.pretty_printed_concrete_signatures(),
            "Input Parameters:\n"
            "  args_0 (POSITIONAL_OR_KEYWORD): TensorSpec(shape=<unknown>, dtype=tf.float32, name=None)\n"
            "Output Type:\n"
            "  TensorSpec(shape=<unknown>, dtype=tf.float32, name=None)\n"
            "Captures:\n"
            "  None\n");
}

// TensorFlow's get_concrete_function() without arguments traces the input_signature, through
// the cache calls use.
TEST(Function, GetConcreteFunctionWithoutArgumentsTracesTheInputSignature) {
  auto f = tf::function([](tf::Tensor a, tf::Tensor b) { return a * b; },
                        {.input_signature = {tf::TensorSpec({tf::None}, tf::float32), tf::TensorSpec({}, tf::float32)}});
  EXPECT_TRUE(f.concrete_functions().empty());
  tf::ConcreteFunction cf = f.get_concrete_function();
  EXPECT_EQ(f.tracing_count(), 1);
  ASSERT_EQ(f.concrete_functions().size(), 1u);
  EXPECT_EQ(cf(tf::constant({1.0f, 2.0f}), tf::constant(3.0f)).numpy<float>(), (std::vector<float>{3, 6}));
  EXPECT_EQ(f(tf::constant({4.0f}), tf::constant(0.5f)).numpy<float>(), (std::vector<float>{2}));
  f.get_concrete_function();
  EXPECT_EQ(f.tracing_count(), 1);

  // Without an input_signature it is the trace of a call with no arguments.
  auto nullary = tf::function([] { return tf::constant(7); });
  EXPECT_EQ(nullary.get_concrete_function()().item<std::int32_t>(), 7);
  auto unary = tf::function([](tf::Tensor a) { return a; });
  EXPECT_THROW(unary.get_concrete_function(), tf::InvalidArgumentError);
  // A callable that does not take one tensor per spec needs the specs spelt out.
  auto listed = tf::function([](std::vector<tf::Tensor> xs) { return xs[0] + xs[1]; },
                             {.input_signature = {tf::TensorSpec({}, tf::float32), tf::TensorSpec({}, tf::float32)}});
  try {
    listed.get_concrete_function();
    ADD_FAILURE() << "traced a callable that takes a vector for two specs";
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("needs a callable taking its 2 specs as 2 tensors"), std::string::npos) << e.what();
  }
  EXPECT_EQ(listed.tracing_count(), 0);
}

TEST(Function, SpecWithUnknownDimsIsNotServedByAMoreSpecificTrace) {
  auto twice = tf::function([](tf::Tensor a) { return a + a; });
  twice(tf::constant({1.0f, 2.0f}));
  EXPECT_EQ(twice.tracing_count(), 1);
  // A [2] trace cannot run every [None] or unknown-rank argument: each spec traces anew, as in TensorFlow.
  tf::ConcreteFunction any_length = twice.get_concrete_function(tf::TensorSpec({tf::None}, tf::float32));
  EXPECT_EQ(twice.tracing_count(), 2);
  EXPECT_EQ(any_length(tf::constant({1.0f, 2.0f, 3.0f})).numpy<float>(), (std::vector<float>{2, 4, 6}));
  std::string printed;
  auto show = tf::function([&](tf::Tensor a) {
    printed = a.to_string();
    return a;
  });
  show.get_concrete_function(tf::TensorSpec(tf::None, tf::float32));
  EXPECT_EQ(printed, "Tensor(\"args_0:0\", dtype=float32)");  // TensorFlow prints no shape for an unknown rank
  twice.get_concrete_function(tf::TensorSpec(tf::None, tf::float32));
  EXPECT_EQ(twice.tracing_count(), 3);
  // Concrete arguments still reuse the most general trace that accepts them.
  twice(tf::constant({1.0f, 2.0f, 3.0f}));
  EXPECT_EQ(twice.tracing_count(), 3);
}

TEST(Function, NameScopesNameNodes) {
  auto f = tf::function([](tf::Tensor x) {
    tf::name_scope scope("layer1");
    return x * 2;
  });
  auto cf = f.get_concrete_function(tf::TensorSpec({2}, tf::float32));
  EXPECT_NE(cf.graph().to_string().find("layer1/mul = Mul"), std::string::npos);
}

TEST(Function, EagerTensorsUsedInsideBecomeConstants) {
  tf::Tensor offset = tf::constant(10.0f);
  auto f = tf::function([&](tf::Tensor x) { return x + offset; });
  EXPECT_EQ(f(tf::constant(1.0f)).item<float>(), 11.0f);
}

TEST(Function, SymbolicScalarAsBoolBranchesAsEagerly) {
  auto f = tf::function([](tf::Tensor x) {
    if (x) return x;
    return -1 * x;
  });
  EXPECT_EQ(f(tf::constant(2)).item<std::int32_t>(), 2);
  EXPECT_EQ(f(tf::constant(0)).item<std::int32_t>(), 0);
}

TEST(Function, SymbolicTensorOutsideItsTraceAsBoolRaisesPointingToCond) {
  tf::Tensor escaped;
  auto f = tf::function([&](tf::Tensor x) {
    escaped = x * 2;
    return x;
  });
  f(tf::constant(1));
  try {
    if (escaped) FAIL();
    FAIL();
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("tf::cond"), std::string::npos);
  }
}

TEST(Function, RunFunctionsEagerly) {
  int calls = 0;
  auto f = tf::function([&](tf::Tensor x) {
    ++calls;
    return x + x;
  });
  tf::config::run_functions_eagerly(true);
  f(tf::constant(1));
  f(tf::constant(1));
  tf::config::run_functions_eagerly(false);
  EXPECT_EQ(calls, 2);
  EXPECT_EQ(f.tracing_count(), 0);
}

TEST(Function, UnusedOpsArePruned) {
  auto f = tf::function([](tf::Tensor x) {
    tf::Tensor unused = x * 100;
    tf::print("side effect");
    return x + 1;
  });
  auto cf = f.get_concrete_function(tf::TensorSpec({}, tf::int32));
  testing::internal::CaptureStderr();
  EXPECT_EQ(cf(tf::constant(1)).item<std::int32_t>(), 2);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "side effect\n");
}

TEST(Function, CallsFromSeveralThreadsAreSafe) {
  auto f = tf::function([](tf::Tensor x) { return x * x + x; });
  std::vector<std::thread> threads;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        const float v = static_cast<float>(t + i);
        if (f(tf::constant(v)).item<float>() != v * v + v) ++wrong;
      }
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong, 0);
  EXPECT_EQ(f.tracing_count(), 1);
}

TEST(Function, CallingAFunctionInsideAnotherInlinesItsOps) {
  auto inner = tf::function([](tf::Tensor x) { return x * 2; });
  auto outer = tf::function([&](tf::Tensor x) { return inner(x) + 1; });
  EXPECT_EQ(outer(tf::constant(5)).item<std::int32_t>(), 11);
  auto cf = outer.get_concrete_function(tf::TensorSpec({}, tf::int32));
  EXPECT_NE(cf.graph().to_string().find("Mul"), std::string::npos);
}

}  // namespace

namespace {

// The overview notes' func1/func2 example: an ordinary C++ helper called from a traced
// function is traced too, and name scopes name its nodes.
tf::Tensor func1(tf::Tensor a, tf::Tensor b, std::vector<bool>& eager_log) {
  eager_log.push_back(tf::executing_eagerly());
  return tf::add(a, b);
}

TEST(Function, OverviewNotesFunc2) {
  std::vector<bool> eager_log;
  std::string printed;
  auto func2 = tf::function([&](int a, int b) {
    tf::Tensor ta = tf::constant(a), tb = tf::constant(b), result;
    {
      tf::name_scope scope("Linear_function");
      result = tf::add(tb, func1(ta, tb, eager_log));
    }
    printed = result.to_string();
    return result;
  });
  EXPECT_EQ(func2(1, 2).item<std::int32_t>(), 5);
  EXPECT_EQ(func2(3, 5).item<std::int32_t>(), 13);
  EXPECT_EQ(eager_log, (std::vector<bool>{false, false}));
  EXPECT_EQ(printed, "Tensor(\"Linear_function/Add_1:0\", shape=(), dtype=int32)");
  EXPECT_TRUE(tf::executing_eagerly());
}

}  // namespace

namespace {

TEST(Function, GradientsFlowThroughACall) {
  // The guide's example: the gradient of add(v, 1.0) with respect to v is 1.0.
  auto add = tf::function([](tf::Tensor a, float b) { return a + b; });
  tf::Variable v(1.0f);
  tf::Tensor result, grad;
  {
    tf::GradientTape tape;
    result = add(v, 1.0f);
    grad = tape.gradient(result, v);
  }
  EXPECT_EQ(result.item<float>(), 2.0f);
  ASSERT_TRUE(grad.defined());
  EXPECT_EQ(grad.item<float>(), 1.0f);

  auto square = tf::function([](tf::Tensor x) { return x * x; });
  tf::Tensor x = tf::constant(3.0f);
  tf::GradientTape tape;
  tape.watch(x);
  tf::Tensor y = square(x);
  EXPECT_EQ(tape.gradient(y, x).item<float>(), 6.0f);
  EXPECT_EQ(square.tracing_count(), 1);
}

}  // namespace
