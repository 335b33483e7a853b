// tf::saved_model::save of a module's tf::function attributes (Module::add_function): TensorFlow
// 2.21 restores them as functions of the loaded object (in the same run) with every concrete
// function traced, as its trace_N children too (a function with an input_signature traced for it
// if never called, one without saved with none), and the root's one function with an
// input_signature as its default signature; the object graph is the one TensorFlow writes for the
// same module; tfpp's loader restores them too, with the Python values TensorFlow traced them for.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

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

  // f, the root's one function with an input_signature, is the default signature; it takes its
  // lone input by position too.
  auto theirs = testing::run_python("functions",
      "m = tf.saved_model.load('" + dir + "')\n"
      "show('f', m.f(tf.constant([0.5, -1.0, 4.0])))\n"
      "out = m.g(tf.constant([1.0]), tf.constant([2.0]))\n"
      "show('g1.s', out['s']); show('g1.d', out['d'])\n"
      "show('g0.s', m.g(tf.constant(1.5), tf.constant(-2.0))['s'])\n"
      "a, b = m.inner(tf.constant([3.0, 4.0]))\n"
      "show('inner.0', a); show('inner.1', b)\n"
      "show('f.trace_0', m.f.trace_0(tf.constant([0.5, -1.0, 4.0])))\n"
      "show('g.trace_1.s', m.g.trace_1(tf.constant(1.5), tf.constant(-2.0))['s'])\n"
      "show('inner.trace_0.1', m.inner.__call__.trace_0(tf.constant([3.0, 4.0]))[1])\n"
      "print('signatures', len(m.signatures))\n"
      "show('serving', m.signatures['serving_default'](tf.constant([0.5, -1.0, 4.0]))['output_0'])\n"
      "show('serving.x', m.signatures['serving_default'](x=tf.constant([0.5, -1.0, 4.0]))['output_0'])\n");
  ASSERT_TRUE(theirs.contains("f")) << "TensorFlow did not restore " << dir;
  expect_near(f(x), theirs.at("f"));
  expect_near(f(x), theirs.at("f.trace_0"));
  expect_near(g(constant(1.5f), constant(-2.0f)).at("s"), theirs.at("g.trace_1.s"));
  expect_near(call(constant(std::vector<float>{3.0f, 4.0f}))[1], theirs.at("inner.trace_0.1"));
  EXPECT_EQ(theirs.at("signatures"), std::vector<double>{1});
  expect_near(f(x), theirs.at("serving"));
  expect_near(f(x), theirs.at("serving.x"));
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
  EXPECT_EQ(paths, (std::vector<std::string>{"f", "f/trace_0", "g", "g/trace_0", "g/trace_1", "inner/__call__",
                                             "inner/__call__/trace_0"}));
  expect_near(loaded.function("f")(std::vector<Tensor>{x})[0], values(f(x)));
  expect_near(loaded.function("g/trace_1")(std::vector<Tensor>{constant(1.5f), constant(-2.0f)})[1],
              values(g(constant(1.5f), constant(-2.0f)).at("s")));
  ASSERT_TRUE(loaded.signatures.contains("serving_default"));
  expect_near(loaded.signatures.at("serving_default")(std::map<std::string, Tensor>{{"x", x}}).at("output_0"), values(f(x)));
  EXPECT_EQ(loaded.function("g").output_names(), (std::vector<std::string>{"d", "s"}));
  expect_near(loaded.function("g")(std::vector<Tensor>{constant(1.5f), constant(-2.0f)})[1],
              values(g(constant(1.5f), constant(-2.0f)).at("s")));
  expect_near(loaded.function("inner/__call__")(std::vector<Tensor>{constant(std::vector<float>{3.0f, 4.0f})})[1],
              values(inner_out[1]));
  fs::remove_all(dir);
}

// TensorFlow traces a tf.function's input_signature when saving it: a function never called is
// saved with that trace, and the root's only one becomes serving_default.
TEST(SavedModelFunctions, AnInputSignatureFunctionNeverCalledIsTracedWhenSaving) {
  Module root("root"), inner("inner");
  Variable v = root.add_variable("v", constant(2.0f));
  root.add_module("inner", inner);
  auto f = root.add_function("f", function([&](const Tensor& x) { return x * v + 1.0f; },
                                           {.input_signature = {TensorSpec({None}, float32, "x")}}));
  auto g = inner.add_function("g", function([&](const Tensor& a, const Tensor& b) { return a * b - v; },
                                            {.input_signature = {TensorSpec({}, float32, "a"),
                                                                 TensorSpec({2}, float32, "b")}}));
  const std::string dir = testing::saved_model_temp_dir("input_signature_untraced");
  saved_model::save(root, dir);
  EXPECT_EQ(f.tracing_count(), 1);  // the trace save made, which calls use
  EXPECT_EQ(g.tracing_count(), 1);

  auto theirs = testing::run_python("input_signature_untraced",
      "m = tf.saved_model.load('" + dir + "')\n"
      "show('f', m.f(tf.constant([0.5, -1.0, 4.0])))\n"
      "show('g', m.inner.g(tf.constant(3.0), tf.constant([1.0, -2.0])))\n"
      "print('signatures', len(m.signatures))\n"
      "show('serving', m.signatures['serving_default'](x=tf.constant([0.5, -1.0, 4.0]))['output_0'])\n");
  ASSERT_TRUE(theirs.contains("f")) << "TensorFlow did not restore " << dir;
  const Tensor x = constant(std::vector<float>{0.5f, -1.0f, 4.0f});
  const Tensor a = constant(3.0f), b = constant(std::vector<float>{1.0f, -2.0f});
  expect_near(f(x), theirs.at("f"));
  expect_near(g(a, b), theirs.at("g"));
  EXPECT_EQ(theirs.at("signatures"), std::vector<double>{1});
  expect_near(f(x), theirs.at("serving"));
  EXPECT_EQ(f.tracing_count(), 1);

  const saved_model::Loaded loaded = saved_model::load(dir);
  expect_near(loaded.function("f")(std::vector<Tensor>{x})[0], values(f(x)));
  expect_near(loaded.function("inner/g")(std::vector<Tensor>{a, b})[0], values(g(a, b)));
  ASSERT_TRUE(loaded.signatures.contains("serving_default"));
  expect_near(loaded.signatures.at("serving_default")(std::map<std::string, Tensor>{{"x", x}}).at("output_0"), values(f(x)));
  fs::remove_all(dir);
}

// A function never traced and without an input_signature has nothing to trace: TensorFlow saves
// it with no concrete function, and the loaded function raises when called.
TEST(SavedModelFunctions, AFunctionNeverTracedIsSavedWithNoConcreteFunction) {
  Module root("root");
  Variable v = root.add_variable("v", constant(2.0f));
  auto f = root.add_function("f", function([&](const Tensor& x) { return x * v; }));
  const std::string dir = testing::saved_model_temp_dir("untraced");
  saved_model::save(root, dir);
  EXPECT_EQ(f.tracing_count(), 0);

  auto theirs = testing::run_python("untraced",
      "m = tf.saved_model.load('" + dir + "')\n"
      "show('v', m.v)\n"
      "print('signatures', len(m.signatures))\n"
      "for call in (lambda: m.f(tf.constant(1.0)), lambda: m.f(x=tf.constant(1.0))):\n"
      "  try:\n"
      "    call()\n"
      "  except ValueError as e:\n"
      "    print('zero_functions', int(str(e) == 'Found zero restored functions for caller function.'))\n");
  ASSERT_TRUE(theirs.contains("v")) << "TensorFlow did not restore " << dir;
  EXPECT_EQ(theirs.at("v"), std::vector<double>{2});
  EXPECT_EQ(theirs.at("signatures"), std::vector<double>{0});
  EXPECT_EQ(theirs.at("zero_functions"), (std::vector<double>{1, 1}));  // by position and by keyword

  const saved_model::Loaded loaded = saved_model::load(dir);
  EXPECT_EQ(loaded.function_paths(), std::vector<std::string>{"f"});
  EXPECT_TRUE(loaded.signatures.empty());
  EXPECT_TRUE(loaded.function("f").concrete_input_specs().empty());
  try {
    loaded.function("f")(std::vector<Tensor>{constant(1.0f)});
    ADD_FAILURE() << "called a function saved with no concrete function";
  } catch (const InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("found zero restored functions"), std::string::npos) << e.what();
  }
  fs::remove_all(dir);
}

// What the Python front end rebuilds a loaded model from: the object graph's paths and kinds (a
// list saved with TensorFlow's identifier stays a list), each function's concrete input specs
// and the nesting of its outputs.
TEST(SavedModelFunctions, LoadedObjectGraphAndOutputStructure) {
  Module root("root"), items("items"), first("first");
  items.module_state()->saved_identifier = "trackable_list_wrapper";
  Variable v = first.add_variable("v", constant(2.0f));
  items.add_module("0", first);
  root.add_module("items", items);
  auto pair = root.add_function("pair", function([](const Tensor& x) { return std::vector<Tensor>{x + x, x}; }));
  auto named = root.add_function("named", function([&](const Tensor& x) { return std::map<std::string, Tensor>{{"y", x}}; }));
  auto one = root.add_function("one", function([&](const Tensor& x) { return x * v; }));
  pair(constant(1.0f));
  pair(constant(std::vector<std::int32_t>{1, 2}));
  named(constant(1.0f));
  const ConcreteFunction serving = one.get_concrete_function(TensorSpec({}, float32, "x"));
  const std::string dir = testing::saved_model_temp_dir("object_graph");
  saved_model::save(root, dir, {.signatures = {{"serving_default", serving}}});
  const saved_model::Loaded loaded = saved_model::load(dir);

  std::vector<std::string> objects;
  for (const saved_model::LoadedObject& o : loaded.objects())
    if (o.path.find("/trace_") == std::string::npos) objects.push_back(o.path + ":" + o.kind);
  ASSERT_FALSE(objects.empty());
  EXPECT_EQ(objects.front(), ":_generic_user_object");  // the root first, parents before children
  EXPECT_LT(std::find(objects.begin(), objects.end(), "items:trackable_list_wrapper"),
            std::find(objects.begin(), objects.end(), "items/0:_generic_user_object"));
  std::sort(objects.begin(), objects.end());
  EXPECT_EQ(objects, (std::vector<std::string>{":_generic_user_object", "items/0/v:variable",
                                               "items/0:_generic_user_object", "items:trackable_list_wrapper",
                                               "named:function", "one:function", "pair:function",
                                               "signatures/serving_default:bare_concrete_function",
                                               "signatures:signature_map"}));
  const std::vector<std::vector<TensorSpec>> specs = loaded.function("pair").concrete_input_specs();
  ASSERT_EQ(specs.size(), 2u);
  EXPECT_EQ(specs[0].at(0).dtype, float32);
  EXPECT_EQ(specs[1].at(0).dtype, int32);
  EXPECT_EQ(specs[1].at(0).shape, TensorShape({2}));
  EXPECT_EQ(loaded.function("pair").output_structure(), "tuple");
  EXPECT_EQ(loaded.function("named").output_structure(), "dict");
  EXPECT_EQ(loaded.function("one").output_structure(), "tensor");
  fs::remove_all(dir);
}

// Runs `code` in the reference Python, with describe() of tests/saving/describe_saved_model.py
// imported; returns what it prints after each line "=== <section>", by section.
std::map<std::string, std::string> python_sections(const std::string& name, const std::string& code) {
  const std::string script = testing::saved_model_temp_dir(name) + ".py";
  std::ofstream(script) << "import os, sys\nos.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'\n"
                           "sys.path.insert(0, '" << testing::source_dir() << "/tests/saving')\n"
                           "import tensorflow as tf\nfrom describe_saved_model import describe\n"
                        << code;
  std::istringstream lines(testing::run_command(testing::reference_python() + " " + script + " 2>/dev/null"));
  fs::remove(script);
  std::map<std::string, std::string> sections;
  std::string line, section;
  while (std::getline(lines, line)) {
    if (line.starts_with("=== ")) section = line.substr(4);
    else sections[section] += line + "\n";
  }
  return sections;
}

// The same modules in TensorFlow, saved by tf.saved_model.save with no signatures.
constexpr const char* kTensorFlowModules = R"py(
class Inner(tf.Module):
  def __init__(self):
    super().__init__()
    self.w = tf.Variable([1.0, -3.0], name='w')
  @tf.function
  def __call__(self, x):
    return x * self.w, x + self.w
class Root(tf.Module):
  def __init__(self):
    super().__init__()
    self.v = tf.Variable(2.0, name='v')
    self.inner = Inner()
  @tf.function
  def f(self, x):
    return x * self.v
  @tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name='a'), tf.TensorSpec([], tf.int32, name='b')])
  def g(self, a, b):
    return {'s': a * self.v, 'n': b + 1}
m = Root()
m.f(tf.constant(1.5)); m.f(tf.constant([0.5, -1.0]))
m.inner(tf.constant([3.0, 4.0]))
m.g(tf.constant([1.0]), tf.constant(2))
spec = tf.TensorSpec([None], tf.float32, name='x')
class Chosen(tf.Module):
  def __init__(self):
    super().__init__()
    self.v = tf.Variable(2.0, name='v')
  @tf.function(input_signature=[spec])
  def _default_save_signature(self, x): return x * self.v
  @tf.function(input_signature=[spec])
  def g(self, x): return x + self.v
class Two(tf.Module):
  def __init__(self):
    super().__init__()
    self.v = tf.Variable(2.0, name='v')
  @tf.function(input_signature=[spec])
  def f(self, x): return x * self.v
  @tf.function(input_signature=[spec])
  def g(self, x): return x + self.v
class Untraced(tf.Module):
  def __init__(self):
    super().__init__()
    self.v = tf.Variable(2.0, name='v')
  @tf.function(input_signature=[spec])
  def f(self, x): return x * self.v
class NoInputSignature(tf.Module):
  @tf.function
  def _default_save_signature(self, x): return x * 2.0
bad = NoInputSignature()
bad._default_save_signature(tf.constant(1.0))
)py";

// What TensorFlow writes for a module without signatures, node for node (tests/saving/
// describe_saved_model.py): each tf.function with its concrete functions as children trace_N, a
// FunctionSpec with the input_signature, output specs named as TensorFlow names them, and the
// "signatures" map, holding TensorFlow's default signature: the root's _default_save_signature,
// else its only function with an input_signature (traced when saving if it never was), else none.
TEST(SavedModelFunctions, TheObjectGraphIsTensorFlows) {
  Module root("root"), inner("inner");
  Variable v = root.add_variable("v", Variable(constant(2.0f), {.name = "v"}));
  Variable w = inner.add_variable("w", Variable(constant(std::vector<float>{1.0f, -3.0f}), {.name = "w"}));
  root.add_module("inner", inner);
  auto f = root.add_function("f", function([&](const Tensor& x) { return x * v; }, {.arg_names = {"x"}}));
  auto g = root.add_function("g", function([&](const Tensor& a, const Tensor& b) {
                                     return std::map<std::string, Tensor>{{"s", a * v}, {"n", b + 1}};
                                   },
                                   {.input_signature = {TensorSpec({None}, float32, "a"), TensorSpec({}, int32, "b")}}));
  auto call = inner.add_function(
      "__call__", function([&](const Tensor& x) { return std::vector<Tensor>{x * w, x + w}; }, {.arg_names = {"x"}}));
  f(constant(1.5f));
  f(constant(std::vector<float>{0.5f, -1.0f}));
  call(constant(std::vector<float>{3.0f, 4.0f}));
  g(constant(std::vector<float>{1.0f}), constant(2));

  const FunctionOptions x_spec{.input_signature = {TensorSpec({None}, float32, "x")}};
  Module chosen("chosen"), two("two");
  for (Module* m : {&chosen, &two}) {
    Variable u = m->add_variable("v", Variable(constant(2.0f), {.name = "v"}));
    const bool is_chosen = m == &chosen;
    m->add_function(is_chosen ? "_default_save_signature" : "f", function([u](const Tensor& x) { return x * u; }, x_spec))
        .get_concrete_function(TensorSpec({None}, float32, "x"));
    m->add_function("g", function([u](const Tensor& x) { return x + u; }, x_spec))
        .get_concrete_function(TensorSpec({None}, float32, "x"));
  }
  Module untraced("untraced");
  Variable u = untraced.add_variable("v", Variable(constant(2.0f), {.name = "v"}));
  untraced.add_function("f", function([u](const Tensor& x) { return x * u; }, x_spec));
  const std::map<std::string, std::pair<const Module*, std::string>> modules{
      {"root", {&root, "m"}}, {"chosen", {&chosen, "Chosen()"}}, {"two", {&two, "Two()"}},
      {"untraced", {&untraced, "Untraced()"}}};  // tfpp's, TensorFlow's
  std::string code = kTensorFlowModules;
  for (const auto& [name, module] : modules) {
    const std::string mine = testing::saved_model_temp_dir("graph_tfpp_" + name);
    const std::string theirs = testing::saved_model_temp_dir("graph_tf_" + name);
    saved_model::save(*module.first, mine);
    code += "tf.saved_model.save(" + module.second + ", '" + theirs + "')\n"
            "print('=== tf " + name + "'); print(describe('" + theirs + "'))\n"
            "print('=== tfpp " + name + "'); print(describe('" + mine + "'))\n";
  }
  const std::string tf_bad = testing::saved_model_temp_dir("graph_tf_bad");
  code += "try:\n"
          "  tf.saved_model.save(bad, '" + tf_bad + "')\n"
          "except ValueError as e:\n"
          "  print('=== bad'); print(type(e).__name__)\n";
  const std::map<std::string, std::string> sections = python_sections("graph", code);
  auto section = [&](const std::string& key) { return sections.contains(key) ? sections.at(key) : std::string(); };
  for (const auto& [name, module] : modules) {
    ASSERT_TRUE(sections.contains("tf " + name)) << "TensorFlow did not save module " << name;
    EXPECT_EQ(section("tfpp " + name), section("tf " + name)) << "module " << name;
    fs::remove_all(testing::saved_model_temp_dir("graph_tfpp_" + name));
    fs::remove_all(testing::saved_model_temp_dir("graph_tf_" + name));
  }
  fs::remove_all(tf_bad);
  // Where TensorFlow raises ValueError, tfpp raises InvalidArgumentError and writes nothing.
  EXPECT_EQ(section("bad"), "ValueError\n");
  Module bad("bad");
  bad.add_function("_default_save_signature", function([](const Tensor& x) { return x * 2.0f; }))(constant(1.0f));
  const std::string dir = testing::saved_model_temp_dir("graph_tfpp_bad");
  try {
    saved_model::save(bad, dir);
    ADD_FAILURE() << "saved a _default_save_signature without an input_signature";
  } catch (const InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("_default_save_signature cannot be the serving signature"), std::string::npos)
        << e.what();
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

// A tf.function TensorFlow traced with Python arguments: each concrete function's structured
// input signature holds the Python values, the function its parameters with their defaults, and
// call_concrete runs the trace a caller picks by them (their flat tensors are alike).
TEST(SavedModelFunctions, TfppLoadsTensorFlowsPythonArguments) {
  const std::string dir = testing::saved_model_temp_dir("tf_python_arguments");
  auto theirs = testing::run_python("tf_python_arguments",
      "class M(tf.Module):\n"
      "  def __init__(self):\n"
      "    super().__init__()\n"
      "    self.v = tf.Variable(2.0)\n"
      "  @tf.function\n"
      "  def f(self, x, training=False, scale=1, *, mode='a'):\n"
      "    if training:\n"
      "      return x * self.v * scale\n"
      "    return x + scale\n"
      "m = M()\n"
      "show('plain', m.f(tf.constant(5.0)))\n"
      "show('training', m.f(tf.constant(5.0), training=True, mode='b'))\n"
      "tf.saved_model.save(m, '" + dir + "')\n");
  ASSERT_TRUE(theirs.contains("training")) << "TensorFlow did not save " << dir;

  const saved_model::LoadedFunction f = saved_model::load(dir).function("f");
  const StructuredValue spec = f.fullargspec();
  ASSERT_EQ(spec.kind, StructuredValue::Kind::kNamedTuple);
  EXPECT_EQ(spec.string_value, "FullArgSpec");
  ASSERT_EQ(spec.keys.at(0), "args");
  ASSERT_EQ(spec.items.at(0).items.size(), 3u);
  EXPECT_EQ(spec.items[0].items[1].string_value, "training");
  EXPECT_EQ(spec.keys.at(3), "defaults");
  EXPECT_EQ(spec.items.at(3).items.at(0).kind, StructuredValue::Kind::kBool);
  EXPECT_EQ(spec.items[3].items[1].int_value, 1);

  const std::vector<StructuredValue> signatures = f.concrete_input_signatures();
  ASSERT_EQ(signatures.size(), 2u);
  std::size_t training = signatures.size();
  for (std::size_t i = 0; i < signatures.size(); ++i) {
    const StructuredValue& args = signatures[i].items.at(0);
    ASSERT_EQ(args.items.size(), 3u);
    EXPECT_EQ(args.items[0].tensor_spec, TensorSpec({}, float32, "x"));
    EXPECT_EQ(signatures[i].items.at(1).keys, std::vector<std::string>{"mode"});
    if (args.items[1].bool_value) training = i;
  }
  ASSERT_LT(training, signatures.size());
  EXPECT_EQ(signatures[training].items[1].items[0].string_value, "b");
  expect_near(f.call_concrete(training, {constant(5.0f)})[0], theirs.at("training"));
  expect_near(f.call_concrete(1 - training, {constant(5.0f)})[0], theirs.at("plain"));
  EXPECT_THROW(f.call_concrete(0, {constant(5)}), InvalidArgumentError);
  EXPECT_THROW(f.call_concrete(2, {constant(5.0f)}), InvalidArgumentError);
  fs::remove_all(dir);
}

// TopKV2 and RandomUniformInt take k, the shape and the bounds as inputs, as TensorFlow's ops do,
// so a function traced with them symbolic saves, and TensorFlow runs it; a seeded draw gives the
// same numbers in both (each run of a restored function starts the op's stream anew), for the
// float random ops too (their shape attribute becomes TensorFlow's shape input).
TEST(SavedModelFunctions, TensorFlowRunsTfppsTopKSortAndRandomOps) {
  random::set_seed(1);
  Module root("root");
  root.add_function("top", function([](const Tensor& x, const Tensor& k) {
                                      auto [values, indices] = math::top_k(x, k);
                                      return std::vector<Tensor>{values, indices};
                                    },
                                    {.input_signature = {TensorSpec({None, None}, float32, "x"), TensorSpec({}, int32, "k")}}));
  root.add_function("sorted", function([](const Tensor& v) {
                                         return std::vector<Tensor>{sort(v), argsort(v, -1, "DESCENDING")};
                                       },
                                       {.input_signature = {TensorSpec({None}, float32, "v")}}));
  auto draw = root.add_function("draw", function([](const Tensor& shape, const Tensor& lo, const Tensor& hi) {
                                  return random::uniform(IntArray(shape), lo, hi, 3);
                                },
                                {.input_signature = {TensorSpec({1}, int32, "shape"), TensorSpec({}, int32, "lo"),
                                                     TensorSpec({}, int32, "hi")}}));
  auto noise = root.add_function("noise", function([](const Tensor& s) {
                                   return std::vector<Tensor>{random::normal({3}, {.seed = 4}) * s,
                                                              random::uniform({2}, {.seed = 5}),
                                                              random::truncated_normal({2}, {.dtype = float64, .seed = 6})};
                                 },
                                 {.input_signature = {TensorSpec({}, float32, "s")}}));
  const std::string dir = testing::saved_model_temp_dir("top_k_random_int");
  saved_model::save(root, dir);
  random::set_seed(std::nullopt);

  auto theirs = testing::run_python("top_k_random_int",
      "m = tf.saved_model.load('" + dir + "')\n"
      "v, i = m.top(tf.constant([[1.0, 3.0, 2.0], [4.0, 0.0, 5.0]]), tf.constant(2))\n"
      "show('top.values', v); show('top.indices', i)\n"
      "s, a = m.sorted(tf.constant([2.0, -1.0, 2.0, 0.5]))\n"
      "show('sort', s); show('argsort', a)\n"
      "show('draw', m.draw(tf.constant([6]), tf.constant(-5), tf.constant(50)))\n"
      "n, u, t = m.noise(tf.constant(2.0))\n"
      "show('normal', n); show('uniform', u); show('truncated', t)\n");
  ASSERT_TRUE(theirs.contains("truncated")) << "TensorFlow did not run " << dir;
  EXPECT_EQ(theirs.at("top.values"), (std::vector<double>{3, 2, 5, 4}));
  EXPECT_EQ(theirs.at("top.indices"), (std::vector<double>{1, 2, 2, 0}));
  EXPECT_EQ(theirs.at("sort"), (std::vector<double>{-1, 0.5, 2, 2}));
  EXPECT_EQ(theirs.at("argsort"), (std::vector<double>{0, 2, 3, 1}));
  expect_near(draw(constant({6}), constant(-5), constant(50)), theirs.at("draw"));
  const std::vector<Tensor> ours = noise(constant(2.0f));
  expect_near(ours[0], theirs.at("normal"));
  expect_near(ours[1], theirs.at("uniform"));
  expect_near(ours[2], theirs.at("truncated"));

  saved_model::Loaded loaded = saved_model::load(dir);
  expect_near(loaded.function("draw")({constant({6}), constant(-5), constant(50)})[0], theirs.at("draw"));
  expect_near(loaded.function("top")(std::vector<Tensor>{constant({{1.0f, 3.0f, 2.0f}, {4.0f, 0.0f, 5.0f}}), constant(2)})[1],
              theirs.at("top.indices"));
  fs::remove_all(dir);
}

// TensorFlow's own top_k with a tensor k, sort over an axis of unknown size, a seeded
// random.uniform of a run-time shape and tensor bounds and seeded float random ops: tfpp restores
// and runs them, drawing TensorFlow's numbers.
TEST(SavedModelFunctions, TfppRunsTensorFlowsTopKSortAndRandomOps) {
  const std::string dir = testing::saved_model_temp_dir("tf_top_k_random_int");
  auto theirs = testing::run_python("tf_top_k_random_int",
      "tf.random.set_seed(1)\n"
      "class M(tf.Module):\n"
      "  @tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32), tf.TensorSpec([], tf.int32)])\n"
      "  def top(self, x, k):\n"
      "    return tf.math.top_k(x, k)\n"
      "  @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])\n"
      "  def sorted(self, v):\n"
      "    return tf.sort(v), tf.argsort(v, direction='DESCENDING')\n"
      "  @tf.function(input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([], tf.int64),\n"
      "                                tf.TensorSpec([], tf.int64)])\n"
      "  def draw(self, x, lo, hi):\n"
      "    return tf.random.uniform(tf.shape(x), lo, hi, dtype=tf.int64, seed=3)\n"
      "  @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])\n"
      "  def noise(self, s):\n"
      "    return tf.random.normal([3], seed=4) * s, tf.random.uniform([2], seed=5), tf.random.truncated_normal([2], seed=6)\n"
      "m = M()\n"
      "v, i = m.top(tf.constant([[1.0, 3.0, 2.0], [4.0, 0.0, 5.0]]), tf.constant(2))\n"
      "show('top.values', v); show('top.indices', i)\n"
      "s, a = m.sorted(tf.constant([2.0, -1.0, 2.0, 0.5]))\n"
      "show('sort', s); show('argsort', a)\n"
      "show('draw', m.draw(tf.zeros([6]), tf.constant(-5, tf.int64), tf.constant(50, tf.int64)))\n"
      "n, u, t = m.noise(tf.constant(2.0))\n"
      "show('normal', n); show('uniform', u); show('truncated', t)\n"
      "tf.saved_model.save(m, '" + dir + "')\n");
  ASSERT_TRUE(theirs.contains("draw")) << "TensorFlow did not save " << dir;

  saved_model::Loaded loaded = saved_model::load(dir);
  const Tensor x = constant({{1.0f, 3.0f, 2.0f}, {4.0f, 0.0f, 5.0f}});
  const std::vector<Tensor> top = loaded.function("top")(std::vector<Tensor>{x, constant(2)});
  expect_near(top[0], theirs.at("top.values"));
  expect_near(top[1], theirs.at("top.indices"));
  const std::vector<Tensor> sorted = loaded.function("sorted")({constant({2.0f, -1.0f, 2.0f, 0.5f})});
  expect_near(sorted[0], theirs.at("sort"));
  expect_near(sorted[1], theirs.at("argsort"));
  const Tensor drawn = loaded.function("draw")({zeros({6}), constant(std::int64_t{-5}), constant(std::int64_t{50})})[0];
  EXPECT_EQ(drawn.dtype(), int64);
  expect_near(drawn, theirs.at("draw"));
  const std::vector<Tensor> noise = loaded.function("noise")({constant(2.0f)});
  expect_near(noise[0], theirs.at("normal"));
  expect_near(noise[1], theirs.at("uniform"));
  expect_near(noise[2], theirs.at("truncated"));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tf
