// tf::saved_model::save of a module's tf::function attributes (Module::add_function): TensorFlow
// 2.21 restores them as functions of the loaded object (in the same run) with every concrete
// function traced, and tfpp's loader restores them too.
#include <gtest/gtest.h>

#include <filesystem>

#include "saving/saved_model_python.h"
#include "tfpp/module.h"
#include "tfpp/tfpp.h"

namespace tf {
namespace {

namespace fs = std::filesystem;
using testing::expect_near;
using testing::values;

TEST(SavedModelFunctions, TensorFlowCallsTfppsRestoredFunctions) {
  Module root("root"), inner("inner");
  Variable v = root.add_variable("v", constant(2.0f));
  Variable w = inner.add_variable("w", constant(std::vector<float>{1.0f, -3.0f}));
  root.add_module("inner", inner);
  auto f = root.add_function("f", function([&](const Tensor& x) { return x * v; },
                                           {.input_signature = {TensorSpec({None}, float32, "x")}}));
  auto g = root.add_function("g", function([&](const Tensor& a, const Tensor& b) {
                                     return std::map<std::string, Tensor>{{"s", a + b * v}, {"d", a - b}};
                                   }));
  auto call = inner.add_function("__call__", function([&](const Tensor& x) { return std::vector<Tensor>{x * w, x + w}; }));
  const Tensor x = constant(std::vector<float>{0.5f, -1.0f, 4.0f});
  f.get_concrete_function(TensorSpec({None}, float32, "x"));
  g(constant(std::vector<float>{1.0f}), constant(std::vector<float>{2.0f}));  // two traces of g
  g(constant(1.5f), constant(-2.0f));
  call(constant(std::vector<float>{3.0f, 4.0f}));
  const std::string dir = testing::saved_model_temp_dir("functions");
  saved_model::save(root, dir);

  auto theirs = testing::run_python("functions",
      "m = tf.saved_model.load('" + dir + "')\n"
      "show('f', m.f(tf.constant([0.5, -1.0, 4.0])))\n"
      "out = m.g(tf.constant([1.0]), tf.constant([2.0]))\n"
      "show('g1.s', out['s']); show('g1.d', out['d'])\n"
      "show('g0.s', m.g(tf.constant(1.5), tf.constant(-2.0))['s'])\n"
      "a, b = m.inner(tf.constant([3.0, 4.0]))\n"
      "show('inner.0', a); show('inner.1', b)\n");
  ASSERT_TRUE(theirs.contains("f")) << "TensorFlow did not restore " << dir;
  expect_near(f(x), theirs.at("f"));
  const std::map<std::string, Tensor> g1 = g(constant(std::vector<float>{1.0f}), constant(std::vector<float>{2.0f}));
  expect_near(g1.at("s"), theirs.at("g1.s"));
  expect_near(g1.at("d"), theirs.at("g1.d"));
  expect_near(g(constant(1.5f), constant(-2.0f)).at("s"), theirs.at("g0.s"));
  const std::vector<Tensor> inner_out = call(constant(std::vector<float>{3.0f, 4.0f}));
  expect_near(inner_out[0], theirs.at("inner.0"));
  expect_near(inner_out[1], theirs.at("inner.1"));

  // tfpp restores them: each concrete function, chosen by the arguments' specs.
  saved_model::Loaded loaded = saved_model::load(dir);
  std::vector<std::string> paths = loaded.function_paths();
  std::sort(paths.begin(), paths.end());
  EXPECT_EQ(paths, (std::vector<std::string>{"f", "g", "inner/__call__"}));
  expect_near(loaded.function("f")(std::vector<Tensor>{x})[0], values(f(x)));
  EXPECT_EQ(loaded.function("g").output_names(), (std::vector<std::string>{"d", "s"}));
  expect_near(loaded.function("g")(std::vector<Tensor>{constant(1.5f), constant(-2.0f)})[1],
              values(g(constant(1.5f), constant(-2.0f)).at("s")));
  expect_near(loaded.function("inner/__call__")(std::vector<Tensor>{constant(std::vector<float>{3.0f, 4.0f})})[1],
              values(inner_out[1]));
  fs::remove_all(dir);
}

TEST(SavedModelFunctions, AFunctionNeverTracedIsAnError) {
  Module root("root");
  Variable v = root.add_variable("v", constant(2.0f));
  root.add_function("f", function([&](const Tensor& x) { return x * v; }));
  const std::string dir = testing::saved_model_temp_dir("untraced");
  try {
    saved_model::save(root, dir);
    ADD_FAILURE() << "saved a function with no concrete function";
  } catch (const FailedPreconditionError& e) {
    EXPECT_NE(std::string(e.what()).find("function f has not been traced"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(fs::exists(dir));
}

// A tf.Module TensorFlow 2.21 saves in the same run, with tf.functions that are not signatures:
// several concrete functions per function (shapes and dtypes), captured variables, a nested
// module's __call__, a dict result and a function that assigns a variable.
TEST(SavedModelFunctions, TfppCallsTensorFlowsRestoredFunctions) {
  const std::string dir = testing::saved_model_temp_dir("tf_functions");
  auto theirs = testing::run_python("tf_functions",
      "class Inner(tf.Module):\n"
      "  def __init__(self):\n"
      "    super().__init__()\n"
      "    self.w = tf.Variable([1.0, -3.0], name='w')\n"
      "  @tf.function\n"
      "  def __call__(self, x):\n"
      "    return x * self.w, x + self.w\n"
      "class Root(tf.Module):\n"
      "  def __init__(self):\n"
      "    super().__init__()\n"
      "    self.v = tf.Variable(2.0, name='v')\n"
      "    self.count = tf.Variable(0, name='count')\n"
      "    self.inner = Inner()\n"
      "  @tf.function\n"
      "  def f(self, x):\n"
      "    return x * tf.cast(self.v, x.dtype) + tf.cast(tf.reduce_sum(self.inner.w), x.dtype)\n"
      "  @tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name='a'),\n"
      "                                tf.TensorSpec([None], tf.float32, name='b')])\n"
      "  def g(self, a, b):\n"
      "    return {'s': a + b * self.v, 'd': a - b}\n"
      "  @tf.function\n"
      "  def bump(self, step):\n"
      "    self.count.assign_add(step)\n"
      "    return self.count.read_value()\n"
      "m = Root()\n"
      "show('f.scalar', m.f(tf.constant(1.5)))\n"
      "show('f.vector', m.f(tf.constant([0.5, -1.0, 4.0])))\n"
      "show('f.int', m.f(tf.constant([1, 2, 3])))\n"
      "show('f.double', m.f(tf.constant([[0.25, 2.0], [3.0, -1.0]], tf.float64)))\n"
      "a, b = m.inner(tf.constant([3.0, 4.0]))\n"
      "show('inner.vector.0', a); show('inner.vector.1', b)\n"
      "a, b = m.inner(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))\n"
      "show('inner.matrix.0', a); show('inner.matrix.1', b)\n"
      "out = m.g(tf.constant([1.0, 2.0]), tf.constant([0.5, -1.0]))\n"
      "show('g.s', out['s']); show('g.d', out['d'])\n"
      "show('bump.1', m.bump(tf.constant(1)))\n"
      "tf.saved_model.save(m, '" + dir + "')\n"
      "show('bump.3', m.bump(tf.constant(2)))\n"
      "m.v.assign(-1.0)\n"
      "show('f.after_assign', m.f(tf.constant(1.5)))\n");
  ASSERT_TRUE(theirs.contains("f.after_assign")) << "TensorFlow did not save " << dir;

  saved_model::Loaded loaded = saved_model::load(dir);
  std::vector<std::string> paths = loaded.function_paths();
  std::sort(paths.begin(), paths.end());
  // Each tf.function, and each of its concrete functions as TensorFlow 2.21 saves them (children
  // trace_0, trace_1, ...: TensorFlow's loaded.f.trace_1).
  EXPECT_EQ(paths, (std::vector<std::string>{"bump", "bump/trace_0", "f", "f/trace_0", "f/trace_1", "f/trace_2",
                                             "f/trace_3", "g", "g/trace_0", "inner/__call__", "inner/__call__/trace_0",
                                             "inner/__call__/trace_1"}));
  expect_near(loaded.function("f/trace_1")({constant(std::vector<float>{0.5f, -1.0f, 4.0f})})[0], theirs.at("f.vector"));
  // g, the root's only tf.function with an input_signature, is also TensorFlow's default signature.
  ASSERT_EQ(loaded.signatures.size(), 1u);
  ASSERT_TRUE(loaded.signatures.contains("serving_default"));
  const std::map<std::string, Tensor> served = loaded.signatures.at("serving_default")(
      std::map<std::string, Tensor>{{"a", constant(std::vector<float>{1.0f, 2.0f})}, {"b", constant(std::vector<float>{0.5f, -1.0f})}});
  expect_near(served.at("s"), theirs.at("g.s"));
  const saved_model::LoadedFunction f = loaded.function("f");
  // Each call runs the concrete function traced for its arguments' dtype and shape.
  expect_near(f({constant(1.5f)})[0], theirs.at("f.scalar"));
  expect_near(f({constant(std::vector<float>{0.5f, -1.0f, 4.0f})})[0], theirs.at("f.vector"));
  const Tensor f_int = f({constant(std::vector<std::int32_t>{1, 2, 3})})[0];
  EXPECT_EQ(f_int.dtype(), int32);
  expect_near(f_int, theirs.at("f.int"));
  const Tensor f_double = f({constant(std::vector<double>{0.25, 2.0, 3.0, -1.0}, TensorShape({2, 2}))})[0];
  EXPECT_EQ(f_double.dtype(), float64);
  expect_near(f_double, theirs.at("f.double"));
  // TensorFlow traced f for a 3-vector only: a 5-vector matches no concrete function.
  try {
    f({constant(std::vector<float>{1, 2, 3, 4, 5})});
    ADD_FAILURE() << "f ran on a shape it was not traced for";
  } catch (const InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("f has no concrete function for arguments (float32(5,))"), std::string::npos)
        << e.what();
  }

  const saved_model::LoadedFunction inner = loaded.function("inner/__call__");
  std::vector<Tensor> out = inner({constant(std::vector<float>{3.0f, 4.0f})});
  ASSERT_EQ(out.size(), 2u);
  expect_near(out[0], theirs.at("inner.vector.0"));
  expect_near(out[1], theirs.at("inner.vector.1"));
  out = inner({constant(std::vector<float>{1, 2, 3, 4, 5, 6}, TensorShape({3, 2}))});
  expect_near(out[0], theirs.at("inner.matrix.0"));
  expect_near(out[1], theirs.at("inner.matrix.1"));

  const saved_model::LoadedFunction g = loaded.function("g");
  EXPECT_EQ(g.input_names(), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(g.output_names(), (std::vector<std::string>{"d", "s"}));
  const std::map<std::string, Tensor> g_out =
      g(std::map<std::string, Tensor>{{"a", constant(std::vector<float>{1.0f, 2.0f})}, {"b", constant(std::vector<float>{0.5f, -1.0f})}});
  expect_near(g_out.at("s"), theirs.at("g.s"));
  expect_near(g_out.at("d"), theirs.at("g.d"));

  // The functions share the restored variables: an assignment shows in the next call.
  expect_near(loaded.function("bump")({constant(2)})[0], theirs.at("bump.3"));
  EXPECT_EQ(loaded.variable("count").read_value().item<std::int32_t>(), 3);
  loaded.variable("v").assign(constant(-1.0f));
  expect_near(f({constant(1.5f)})[0], theirs.at("f.after_assign"));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tf
