// tf::debugging: check_numerics, enable_check_numerics and the assertions, eagerly (messages as
// TensorFlow 2.21 gives them, from tensorflow_messages.py in the same run) and traced.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <map>

#include "autodiff/gradient_checker.h"
#include "error_of.h"
#include "reference_env.h"
#include "tfpp/tfpp.h"

namespace tf {
namespace {

using testing::error_of;
constexpr float kNan = std::numeric_limits<float>::quiet_NaN(), kInf = std::numeric_limits<float>::infinity();

// TensorFlow's class and message per case.
const std::map<std::string, std::string>& tensorflow_messages() {
  static const std::map<std::string, std::string> messages = [] {
    const std::string out = testing::run_command(testing::reference_python() + " " + testing::source_dir() +
                                                 "/tests/debugging/tensorflow_messages.py");
    std::map<std::string, std::string> m;
    std::string name, text;
    std::size_t pos = 0;
    while (pos < out.size()) {
      std::size_t end = out.find('\n', pos);
      if (end == std::string::npos) end = out.size();
      const std::string line = out.substr(pos, end - pos);
      pos = end + 1;
      if (line.rfind("== end", 0) == 0) m[name] = text.empty() ? text : text.substr(0, text.size() - 1);
      else if (line.rfind("== ", 0) == 0) name = line.substr(3), text.clear();
      else text += line + "\n";
    }
    return m;
  }();
  return messages;
}

std::string expected(const std::string& name) {
  const auto& m = tensorflow_messages();
  auto it = m.find(name);
  return it == m.end() ? "missing case " + name : it->second;
}

// TensorFlow's case as tfpp raises it: the class and message, with Python's ValueError (raised
// where static shapes decide a check) as InvalidArgumentError (README's deviations).
std::string expected_in_cpp(const std::string& name) {
  std::string text = expected(name);
  if (text.starts_with("ValueError\n")) text.replace(0, 10, "InvalidArgumentError");
  return text;
}

std::string raised(const std::function<void()>& fn) {
  const std::string error = error_of(fn);
  return error == "no error" ? error : "InvalidArgumentError\n" + error;
}

// What a check of the arguments args_0 and args_1 raises inside a tf::function (the arguments'
// shapes unknown with `unknown_shapes`).
std::string traced(const std::function<void(Tensor, Tensor)>& check, const Tensor& a, const Tensor& b,
                   bool unknown_shapes = false) {
  FunctionOptions options;
  if (unknown_shapes) options.input_signature = {TensorSpec(None, a.dtype()), TensorSpec(None, b.dtype())};
  auto f = function(
      [&](Tensor x, Tensor y) {
        check(x, y);
        return x;
      },
      options);
  return raised([&] { f(a, b); });
}

TEST(Debugging, AssertionMessagesAreTensorFlows) {
  EXPECT_EQ(raised([] { debugging::assert_equal(constant({1, 2, 5, 7}), constant({1, 3, 5, 8}), "m"); }),
            expected("assert_equal"));
  EXPECT_EQ(raised([] { debugging::assert_less(constant({1.f, 2.f}), constant({1.f, 3.f})); }), expected("assert_less"));
  EXPECT_EQ(raised([] { debugging::assert_equal(constant(1), constant(2)); }), expected("assert_equal_scalar"));
  EXPECT_EQ(raised([] { debugging::assert_equal(constant({1, 2}), constant({1, 2})); }), "no error");
  EXPECT_EQ(raised([] { debugging::assert_near(constant({1.f, 2.f}), constant({1.f, 3.f})); }), expected("assert_near"));
  EXPECT_EQ(raised([] { debugging::assert_near(constant({1.f, 2.f}), constant({1.f, 2.1f}), 0.01, -1, "m"); }),
            expected("assert_near_message"));
  EXPECT_EQ(raised([] { debugging::assert_near(constant({0.f}), constant({0.f})); }),
            expected("assert_near_equal_at_tolerance"));
  EXPECT_EQ(raised([] { debugging::assert_near(constant({1.f, 2.f}), constant({1.f, 2.f + 1e-7f})); }), "no error");
  EXPECT_EQ(raised([] { debugging::assert_rank(constant({1.f, 2.f}), 2, "m"); }), expected_in_cpp("assert_rank"));
  EXPECT_EQ(raised([] { debugging::assert_all_finite(constant({1.f, kNan}), "msg"); }), expected("assert_all_finite"));
  EXPECT_EQ(debugging::assert_all_finite(constant({1.0}), "x").numpy<double>(), std::vector<double>{1.0});
}

TEST(Debugging, AssertShapesMessagesAreTensorFlows) {
  using debugging::assert_shapes;
  EXPECT_EQ(raised([] { assert_shapes({{zeros({2, 3}), {"N", "K"}}, {zeros({2, 4}), {"K", "4"}}}); }),
            expected_in_cpp("assert_shapes_size"));
  EXPECT_EQ(raised([] { assert_shapes({{zeros({2, 3}), {"...", "2"}}}, "m"); }), expected_in_cpp("assert_shapes_explicit"));
  EXPECT_EQ(raised([] { assert_shapes({{zeros({2, 3}), {"N"}}}); }), expected_in_cpp("assert_shapes_rank_in"));
  EXPECT_EQ(raised([] { assert_shapes({{zeros({2}), {"N", "K"}}}); }), expected_in_cpp("assert_shapes_rank"));
  EXPECT_EQ(raised([] { assert_shapes({{zeros({2}), {"N", "..."}}}); }), expected_in_cpp("assert_shapes_ellipsis"));
  EXPECT_EQ(raised([] { assert_shapes({{zeros({2}), {"*", "N", "K"}}}); }), expected_in_cpp("assert_shapes_at_least"));
  EXPECT_EQ(raised([] {
              assert_shapes({{zeros({2, 3}), {"N", "K"}},
                             {zeros({3, 4}), {"K", "."}},
                             {zeros({}), {"1"}},
                             {zeros({5, 2, 3}), {"...", "N", "K"}}});
            }),
            expected("assert_shapes_fine"));
}

// Inside a tf::function, the checks the static shapes cannot decide become Assert nodes named as
// TensorFlow's ("assert_less/Assert/AssertGuard/Assert", a guard unless every datum is a string
// or int32), their data printed as TensorFlow's Assert kernel prints them ("[1 2]", "[0 1 2...]",
// the tensors' graph names); the static ones raise while tracing with TensorFlow's text.
TEST(Debugging, TracedAssertionsAreTensorFlows) {
  using namespace debugging;
  EXPECT_EQ(traced([](Tensor x, Tensor y) { assert_less(x, y, "x must be smaller"); }, constant({5, 2}), constant({3, 4})),
            expected("traced_assert_less_int"));
  EXPECT_EQ(traced([](Tensor x, Tensor y) { assert_less(x, y); }, constant({1.f, 2.f}), constant({1.f, 3.f})),
            expected("traced_assert_less"));
  EXPECT_EQ(traced([](Tensor x, Tensor y) { assert_equal(x, y); }, range(5.f), zeros({5})), expected("traced_assert_equal"));
  EXPECT_EQ(traced([](Tensor x, Tensor y) { assert_greater(x, y); }, zeros({2, 3}), ones({2, 3})),
            expected("traced_assert_greater_2d"));
  EXPECT_EQ(traced(
                [](Tensor x, Tensor y) {
                  name_scope scope("blk");
                  assert_equal(x, x);  // one tensor: no check, but the scope's name is taken, as in TensorFlow
                  assert_equal(math::multiply(x, constant(2.f)), y, "twice");
                },
                constant({1.f, 2.f}), constant({1.f, 3.f})),
            expected("traced_two_assertions"));
  EXPECT_EQ(traced([](Tensor x, Tensor y) { assert_near(x, y); }, constant({1.f, 2.f}), constant({1.f, 3.f})),
            expected("traced_assert_near"));
  EXPECT_EQ(traced([](Tensor x, Tensor) { assert_rank(x, 2); }, constant({1.f, 2.f}), constant({1.f, 3.f})),
            expected_in_cpp("traced_assert_rank"));
  EXPECT_EQ(traced([](Tensor x, Tensor y) { assert_shapes({{x, {"N"}}, {y, {"3"}}}); }, constant({1.f, 2.f}),
                   constant({1.f, 3.f})),
            expected_in_cpp("traced_assert_shapes"));
  EXPECT_EQ(traced([](Tensor x, Tensor y) { assert_all_finite(x / y, "m"); }, constant({1.f, 1.f}), constant({1.f, 0.f})),
            expected("traced_assert_all_finite"));
  EXPECT_EQ(traced([](Tensor x, Tensor y) { assert_less(x, y); }, constant({1, 2}), constant({3, 4})), "no error");
}

// Shapes unknown until the call: the rank and size checks run as Assert nodes.
TEST(Debugging, AssertionsOnUnknownShapesRunInTheGraph) {
  using namespace debugging;
  EXPECT_EQ(traced([](Tensor x, Tensor) { assert_rank(x, 2); }, constant({1.f, 2.f}), constant({1.f}), true),
            expected("dynamic_assert_rank"));
  EXPECT_EQ(traced([](Tensor x, Tensor y) { assert_shapes({{x, {"N", "K"}}, {y, {"K", "4"}}}); }, zeros({2, 3}),
                   zeros({2, 4}), true),
            expected("dynamic_assert_shapes_size"));
  EXPECT_EQ(traced([](Tensor x, Tensor) { assert_shapes({{x, {"N"}}}); }, zeros({2, 3}), zeros({1}), true),
            expected("dynamic_assert_shapes_rank_in"));
  EXPECT_EQ(traced([](Tensor x, Tensor y) { assert_shapes({{x, {"N", "K"}}, {y, {"K", "4"}}}); }, zeros({2, 3}),
                   zeros({3, 4}), true),
            "no error");
  EXPECT_EQ(traced([](Tensor x, Tensor) { assert_rank(x, 2); }, zeros({2, 2}), zeros({1}), true), "no error");
}

TEST(Debugging, CheckNumericsMessagesAreTensorFlows) {
  EXPECT_EQ("InvalidArgumentError\n" + error_of([] { debugging::check_numerics(constant({1.f, kInf, kNan}), "msg"); }),
            expected("check_numerics"));
  EXPECT_EQ("InvalidArgumentError\n" + error_of([] { debugging::check_numerics(constant({-kInf, 2.f}), "msg"); }),
            expected("check_numerics_inf"));
  const Tensor fine = constant({1.0, 2.0});
  EXPECT_EQ(debugging::check_numerics(fine, "msg").numpy<double>(), fine.numpy<double>());
  EXPECT_THROW(debugging::check_numerics(constant({1, 2}), "msg"), InvalidArgumentError);  // not floating point
}

TEST(Debugging, EnableCheckNumericsNamesTheOpThatMadeTheNaN) {
  debugging::enable_check_numerics();
  const std::string eager = error_of([] { math::log(constant({-1.f, 1.f, 0.f})); });
  debugging::disable_check_numerics();
  EXPECT_EQ("InvalidArgumentError\n" + eager, expected("enable_check_numerics"));
  EXPECT_NO_THROW(math::log(constant({-1.f})));  // disabled again
}

TEST(Debugging, EnableCheckNumericsChecksTracedFunctionsWhenTheyRun) {
  debugging::enable_check_numerics();
  auto f = function([](Tensor x) {
    name_scope scope("blk");
    return math::log(x);
  });
  EXPECT_EQ(f(constant({1.f, 2.f})).numpy<float>()[0], 0.f);
  const std::string error = error_of([&] { f(constant({-1.f, 1.f})); });
  debugging::disable_check_numerics();
  EXPECT_NE(error.find("of graph op \"Log\""), std::string::npos) << error;
  EXPECT_NE(error.find("Name scope: \"blk/\""), std::string::npos) << error;
  EXPECT_NE(error.find(" : Tensor had NaN values"), std::string::npos) << error;
}

// Both infinities, and NaN with one or both, eagerly and traced: the report and CheckNumericsV2's
// summary ("-Inf, +Inf, and NaN") as TensorFlow's, and traced the node suffix naming the check
// after the op it checks ("blk/mul/CheckNumericsV2"). Traced, tfpp names the name scope where
// TensorFlow names the graph and prints Python's stack traces (left out on its side).
TEST(Debugging, EnableCheckNumericsReportsSignedInfinitiesAsTensorFlow) {
  const std::vector<std::tuple<std::string, std::vector<float>, std::vector<float>>> cases = {
      {"both_inf", {-kInf, 1.f, kInf}, {1.f, 2.f, 3.f}},
      {"nan_inf", {kNan, 1.f, kInf, -kInf}, {1.f, 2.f, 3.f, 1.f}},
      {"nan_neg_inf", {kNan, -kInf}, {1.f, 2.f}}};
  auto multiply = [](Tensor x, Tensor y) {
    name_scope scope("blk");
    return math::multiply(x, y);  // a "Mul" node, as tf.math.multiply's (Python's x * y names it "mul")
  };
  for (const auto& [name, x, y] : cases) {
    auto traced = function(multiply);  // one function a case, as on TensorFlow's side (no relaxed shapes)
    debugging::enable_check_numerics();
    const std::string eager = error_of([&] { multiply(constant(x), constant(y)); });
    std::string graph = error_of([&] { traced(constant(x), constant(y)); });
    debugging::disable_check_numerics();
    EXPECT_EQ("InvalidArgumentError\n" + eager, expected("enable_eager_" + name));
    const std::string scope_line = "  Name scope: \"blk/\"\n";
    const std::size_t at = graph.find(scope_line);
    ASSERT_NE(at, std::string::npos) << graph;
    graph.erase(at, scope_line.size());
    EXPECT_EQ("InvalidArgumentError\n" + graph, expected("enable_traced_" + name));
  }
  EXPECT_EQ("InvalidArgumentError\n" + error_of([] { debugging::check_numerics(constant({-kInf, kInf, kNan}), "msg"); }),
            expected("check_numerics_both_inf"));
}

// An error raised while a graph runs ends with TensorFlow's suffix naming the node that raised
// it, once, naming the innermost node when the node is inside a tf::cond branch.
TEST(Debugging, TracedErrorsNameTheirNodeAsTensorFlow) {
  auto f = function([](Tensor x) {
    name_scope scope("blk");
    return debugging::check_numerics(x, "msg");
  });
  EXPECT_EQ("InvalidArgumentError\n" + error_of([&] { f(constant({1.f, kNan})); }), expected("traced_check_numerics"));
  auto in_branch = function([](Tensor x) {
    return cond(reduce_sum(x) > 0.f, [&] { return debugging::check_numerics(x, "branch"); }, [&] { return x; });
  });
  const std::string error = error_of([&] { in_branch(constant({1.f, kInf})); });
  const std::size_t at = error.find("\n\t [[{{node ");
  ASSERT_NE(at, std::string::npos) << error;
  EXPECT_EQ(error.find("\n\t [[{{node ", at + 1), std::string::npos) << error;
  EXPECT_TRUE(error.ends_with("CheckNumerics}}]]")) << error;
  EXPECT_EQ(error.substr(0, at), "branch : Tensor had Inf values");
}

// CheckNumerics is stateful, as in TensorFlow: a traced check whose result nothing reads still runs.
TEST(Debugging, TracedChecksRunWhenTheirResultIsUnused) {
  auto f = function([](Tensor x) {
    debugging::assert_all_finite(x, "unused");
    return x * 2.f;
  });
  EXPECT_EQ(f(constant({1.f, 2.f})).numpy<float>(), (std::vector<float>{2.f, 4.f}));
  const std::string error = error_of([&] { f(constant({1.f, kNan})); });
  EXPECT_TRUE(error.starts_with("unused : Tensor had NaN values")) << error;
  EXPECT_EQ(f.tracing_count(), 1);
}

TEST(Debugging, CheckNumericsGradientPassesThroughAndIsChecked) {
  const double error = testing::max_gradient_error(
      [](const std::vector<Tensor>& x) { return debugging::check_numerics(x[0] * x[0], "m"); },
      {testing::random_tensor({3}, 1)});
  EXPECT_LT(error, 1e-6);
  Variable v(constant({0.0, 1.0}));
  GradientTape tape;
  Tensor y = math::sqrt(debugging::check_numerics(v.read_value(), "root"));  // d sqrt(x) is +Inf at 0
  EXPECT_NE(error_of([&] { tape.gradient(y, v); }).find("detected in gradient. root : Tensor had Inf values"),
            std::string::npos);
}

}  // namespace
}  // namespace tf
